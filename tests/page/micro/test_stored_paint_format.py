"""The painter's stored view (``tractor.paint``) is a storage format: it stays as it was.

``stored_paint_before.json`` holds match records and the stored views the page wrote
beside them before the view had one wire form (``View.to_dict`` then; written by the
page at commit 3f5ad81): bury, call, a declaration, a failed throw, a trick, a hand's
end, a later hand, 1, 2 and 3 decks. Such a view still paints, and the page now
writes, from the engine's wire form (``render.painted.painted_view``), the very same
text, followed by the one key added since (``own_side``, seat 0's side as far as it
knows, which the scoreboard reads). ``paintdata.PaintedView`` names exactly the stored
keys, in their order.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import get_type_hints

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "web"))

from house import painting  # noqa: E402
from micro import paint_check, paintable  # noqa: E402
from micro.paintdata import PaintedView  # noqa: E402
from micro.words import Words, table_say  # noqa: E402
from render.painted import painted_view  # noqa: E402
from text import pofile  # noqa: E402
from tractor.save import loads  # noqa: E402

BEFORE = json.loads((Path(__file__).parent / "stored_paint_before.json").read_text())
SAY = table_say(pofile.paint_table(ROOT / "web", paintable.KEYS))


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_a_view_stored_before_still_paints(name: str) -> None:
    stored = BEFORE[name]
    view = paint_check.parse(stored["paint"], stored["record"])
    regions = paintable.regions(Words("en", SAY), view)
    assert str(regions["hand"]).count("data-card=") == len(view["hand"])


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_the_page_stores_the_view_as_it_did_byte_for_byte(name: str) -> None:
    stored = BEFORE[name]
    wire = loads(stored["record"]).observe(0).to_data()
    text = painting.paint_text(wire, stored["record"])
    # what the view held then, byte for byte, and seat 0's own side after it (scoreboard)
    later = ',"own_side":' + json.dumps(wire["own_side"]) + "}}"
    assert text.endswith(later)
    assert text.removesuffix(later) + "}}" == stored["paint"]


def test_the_stored_positions_cover_the_phases_and_a_failed_throw() -> None:
    views = [json.loads(stored["paint"])["view"] for stored in BEFORE.values()]
    assert {"deal", "bury", "call", "play", "hand_over"} <= {v["phase"] for v in views}
    assert any(v["throw_failure"] for v in views) and any(v["declaration"] for v in views)
    assert {v["rules"]["decks"] for v in views} == {1, 2, 3}
    assert any(v["hand_no"] > 0 for v in views)


def test_the_stored_type_names_the_stored_keys_in_their_order() -> None:
    keys = [*paintable.PAINT_KEYS, "rules", "hand_trump"]
    later = list(paint_check.LATER_KEYS)  # stored after the others: an older view has none
    assert list(get_type_hints(PaintedView)) == keys + later
    assert keys == list(paint_check.VIEW_KEYS) and later == ["own_side"]
    stored = next(iter(BEFORE.values()))
    assert list(painted_view(loads(stored["record"]).observe(0).to_data())) == keys + later

"""Seat 0's own side in the stored view (``own_side``, issue 36 Found 9) is hostile too.

The painter reads the stored view before the engine is up (``web/paint.py``); the
scoreboard shows ``own_side`` when the friend is not yet known. A stored value that is
not ``"defenders"``, ``"attackers"`` or null is refused by ``micro.paint_check`` (the
painter then draws the bare table, nothing of the stored view), while a view stored by an
older page, without the field, still paints (its scoreboard says the sides are not known).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from micro import paint_check, paintable
from micro.words import Words
from test_painted_view import POSITIONS, SAY

# find a friend, 3 decks, the friend not yet known, seat 0 the friend by its own cards
NAME, TEXT, RECORD, _ = next(p for p in POSITIONS if p[0] == "find_friend-3-5-399-play")
WORDS = Words("en", SAY)


def stored(change: Any) -> str:
    data = json.loads(TEXT)
    change(data["view"])
    return json.dumps(data, ensure_ascii=False)


def scoreboard(text: str) -> str:
    bar = str(paintable.regions(WORDS, paint_check.parse(text, RECORD))["bar"])
    found = re.search(r'<div class="scoreboard".*?</div>', bar)
    assert found is not None, bar
    return found.group(0)


def test_the_chosen_position_knows_its_side_before_the_friend_is_known() -> None:
    view = json.loads(TEXT)["view"]
    assert view["friend"] is None and view["dealer"] != 0 and view["own_side"] == "defenders"


@pytest.mark.parametrize("value", ["<b>x</b>", "friend", "", 1, True, ["defenders"],
                                   {"side": "defenders"}])
def test_a_tampered_own_side_is_refused(value: object) -> None:
    with pytest.raises(paint_check.PaintError):
        paint_check.parse(stored(lambda v: v.update(own_side=value)), RECORD)


def test_own_side_twice_is_refused() -> None:
    text = TEXT[:-2] + ',"own_side":"attackers"}}'
    with pytest.raises((paint_check.PaintError, ValueError)):
        paint_check.parse(text, RECORD)


def test_a_refused_view_leaves_the_bare_table_with_no_scoreboard_or_card() -> None:
    drawn = "".join(str(m) for m in paintable.bare_regions(WORDS).values())
    assert 'data-testid="scoreboard"' not in drawn and "data-card" not in drawn


def test_a_view_stored_without_own_side_still_paints_with_the_sides_unknown() -> None:
    old = scoreboard(stored(lambda v: v.pop("own_side")))
    unknown = scoreboard(stored(lambda v: v.update(own_side=None)))
    known = scoreboard(TEXT)
    assert old == unknown != known
    assert WORDS("score_unknown") in old and WORDS("score_unknown") not in known
    assert old.count('data-side="ours"') == old.count('data-side="theirs"') == 1

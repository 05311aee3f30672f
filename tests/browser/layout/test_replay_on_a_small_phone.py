"""On a small phone (360×640) a three-deck replay cannot hold every row with cards at
least 1.75rem wide: its table scrolls, and its bottom fades while there is more below,
so the hands under the fold are not taken for missing (issue 36). Where the rows fit, no
fade (``test_replay_layout.replay_problems`` checks both at every size)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser
from test_replay_layout import PANEL, replay_problems
from test_table_layout import RESULTS, finished_hand, open_position
from test_table_layout import _site as _site  # the autouse fixture: the site's address
from test_table_parts_apart import import_record

pytestmark = pytest.mark.web

TABLE = f"{PANEL} .replay-table"
STATE = """(t) => ({more: parseFloat(getComputedStyle(t).getPropertyValue('--more')),
  scrolls: t.scrollHeight > t.clientHeight + 1, mask: getComputedStyle(t).maskImage,
  kitty: (() => { const k = t.querySelector('[data-testid=replay-kitty]')
    .getBoundingClientRect(), r = t.getBoundingClientRect();
    return k.top >= r.top - 0.5 && k.bottom <= r.bottom + 0.5; })()})"""
"""The table's fade (px), whether it scrolls, its mask and whether the kitty is in view."""


def test_a_replay_too_tall_for_a_small_phone_fades_where_it_scrolls(
        browser: Browser, tmp_path: Path) -> None:
    page = open_position(browser, (360, 640), 1, "play", lang="en", has_touch=True)
    import_record(page, finished_hand(3), tmp_path)
    page.wait_for_selector('[data-testid="hand-over"]')
    page.get_by_test_id("replay").click()
    page.wait_for_selector(PANEL)
    page.get_by_test_id("replay-next").click()  # trick 1: a long play over every hand
    page.wait_for_function(f"() => document.querySelector('{TABLE}').scrollHeight > "
                           f"document.querySelector('{TABLE}').clientHeight + 1")
    table = page.locator(TABLE)
    top = table.evaluate(STATE)
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "replay-360x640-3decks-en.png"))
    assert top["scrolls"] and not top["kitty"], top
    assert top["more"] >= 16 and "gradient" in top["mask"], top
    table.evaluate("(t) => { t.scrollTop = t.scrollHeight; }")
    page.wait_for_function(f"() => parseFloat(getComputedStyle(document.querySelector("
                           f"'{TABLE}')).getPropertyValue('--more')) === 0")
    assert table.evaluate(STATE)["kitty"]
    sideways = [p for p in replay_problems(page, "360x640 at the end") if "sideways" in p]
    assert not sideways, sideways
    page.close()

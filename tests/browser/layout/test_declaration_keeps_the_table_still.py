"""The first declaration does not move the table: on an upright phone the bar's
declaration line is as high before anyone declares as with the declared cards in it
(it grew by 12 px when the tiny cards arrived, and the seats, the deck and the hand all
moved down during the deal).

Two positions of a match whose trump is declared after the deal (``after_deal``): your
turn to declare with nothing declared yet, and the play after a declaration. At your
turn the page waits for you, so the first read cannot be overtaken by a computer's
declaration.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from playwright.sync_api import Browser
from test_table_layout import RESULTS
from test_table_layout import _site as _site  # the autouse fixture: the site's address
from test_table_parts_apart import BAR_SHARE_PORTRAIT, LANGS
from tractor.match import Match
from tractor.save import dumps
from web_helpers import LOAD_TIMEOUT_MS, advance, open_table, page_in, steady_read

pytestmark = pytest.mark.web

RULES = {"decks": 2, "declare_window": "after_deal"}
UPRIGHT = {"390x844": (390, 844), "360x740": (360, 740)}
"""Upright phones: the bar's share is held to 12% at the first (the issue's size)."""

READ = """() => { const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  return {bar: box('#bar').height, seat2: box('[data-testid="seat-2"]').top,
          declared: !!document.querySelector('#bar .declaration.declared')}; }"""


@functools.cache
def moment(declared: bool) -> str:
    """Seat 0's turn to declare with nothing declared (``declared`` False), or the play
    after the longest declaration (True): across's ("Across declared"), a pair."""
    def stop(m: Match) -> bool:
        if declared:
            return m.phase == "play" and m.declaration is not None \
                and m.declaration.seat == 2 and m.declaration.copies == 2
        return m.phase == "declare" and m.turn == 0 and m.declaration is None
    for seed in range(1, 100):
        match = advance(RULES, seed, stop)
        if match is not None:
            return dumps(match)
    raise AssertionError(f"no position with declared={declared}")


def read_at(browser: Browser, site_url: str, size: tuple[int, int], lang: str,
            declared: bool) -> Any:
    settings = {"rules": RULES, "speed": "instant", "lang": lang}
    with page_in(browser, viewport={"width": size[0], "height": size[1]},
                 has_touch=True) as page:
        open_table(page, site_url, settings=settings, save=moment(declared))
        page.wait_for_selector('[data-testid="hand"] [data-card]', timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(
            "(phase) => document.querySelector('[data-testid=phase]')?.textContent === phase",
            arg="play" if declared else "declare", timeout=LOAD_TIMEOUT_MS)
        read = steady_read(page, READ)
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / f"declaration-{size[0]}x{size[1]}-{lang}-"
                                           f"{'after' if declared else 'before'}.png"))
        return read


@pytest.mark.parametrize("name", list(UPRIGHT))
def test_the_first_declaration_moves_nothing_on_an_upright_phone(
        browser: Browser, site_url: str, name: str) -> None:
    """The bar's height and the top of across's seat are the same before and after a
    declaration, in every language, and the bar stays within 12% of the screen."""
    moved = []
    for lang in LANGS:
        before = read_at(browser, site_url, UPRIGHT[name], lang, declared=False)
        after = read_at(browser, site_url, UPRIGHT[name], lang, declared=True)
        assert not before["declared"] and after["declared"], (before, after)
        if name == "390x844" and after["bar"] > BAR_SHARE_PORTRAIT * UPRIGHT[name][1]:
            moved.append(f"{name} {lang}: the bar is {after['bar']:.0f} px high")
        if abs(before["bar"] - after["bar"]) > 0.5 or abs(before["seat2"] - after["seat2"]) > 0.5:
            moved.append(f"{name} {lang}: bar {before['bar']:.0f} -> {after['bar']:.0f} px, "
                         f"across's seat {before['seat2']:.0f} -> {after['seat2']:.0f} px")
    assert not moved, moved

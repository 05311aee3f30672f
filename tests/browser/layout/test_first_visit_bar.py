"""A first visit's bar (issue 36): the welcome line ("New to Tractor?", How to play, the
rules) shows with its two links, yet an upright phone's bar stays within 12% of the
screen in every language, and on a phone held sideways nothing overlaps and the bar stays
low (its share of the height is printed: ``pytest -s``).

One page per screen, a first visit (nothing stored), the languages changed in Settings.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from micro.words import HTML_LANG
from playwright.sync_api import Browser, Page, expect
from test_table_layout import RESULTS, overlap
from test_table_layout import _site as _site  # the autouse fixture: the site's address
from test_table_parts_apart import LANGS, PARTS, choose, table_problems
from tractor.match import Match
from tractor.save import dumps
from web_helpers import advance, open_table, page_in, steady_read

pytestmark = pytest.mark.web

SIZES = {"390x844": (390, 844), "844x390": (844, 390), "844x360": (844, 360)}
BAR_SHARE_SIDEWAYS = 0.12
"""A sideways phone's first-visit bar at most this share of the height (one line)."""
WELCOME = """() => { const w = document.querySelector('[data-testid=welcome]');
  const r = w.getBoundingClientRect();
  return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; }"""
WELCOME_AND_PARTS = f"() => ({{welcome: ({WELCOME})(), parts: ({PARTS})()}})"
"""The welcome's box and the table's parts in one read (two reads may straddle a layout)."""


def first_visit_problems(page: Page, where: str, width: int, height: int) -> list[str]:
    """What is wrong with a first visit's table: the welcome or a link hidden or over a
    seat or the hand, and what ``table_problems`` finds (an overlap, scrolling, a cut bar,
    an upright bar over 12%); a sideways bar over its share. Screenshots
    ``test-results/layout-first-visit-*.png``."""
    problems = []
    welcome = page.get_by_test_id("welcome")
    expect(welcome).to_be_visible()
    links = welcome.locator("a")
    expect(links).to_have_count(2)
    read: dict[str, Any] = steady_read(page, WELCOME_AND_PARTS)
    parts, shown = read["parts"], read["welcome"]
    for i in range(2):
        expect(links.nth(i)).to_be_visible()
        box = links.nth(i).bounding_box()
        assert box is not None
        if box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > width \
                or box["y"] + box["height"] > height:
            problems.append(f"{where}: the welcome's link {i} is off the screen")
    for s, seat in enumerate(parts["seats"]):
        if seat and overlap(shown, seat):
            problems.append(f"{where}: the welcome covers seat {s}")
    if parts["hand"] and overlap(shown, {
            "x": min(c["x"] for c in parts["hand"]), "y": min(c["y"] for c in parts["hand"]),
            "r": max(c["r"] for c in parts["hand"]), "b": max(c["b"] for c in parts["hand"])}):
        problems.append(f"{where}: the welcome covers the hand")
    problems += table_problems(page, f"first-visit {where}", width, height)  # overlaps...
    share = parts["bar"]["h"] / height
    print(f"first visit {where}: bar {parts['bar']['h']:.0f} px = {share:.3f} of the height")
    if width > height and share > BAR_SHARE_SIDEWAYS:
        problems.append(f"{where}: the bar is {share:.3f} of the height")
    return problems


@pytest.mark.parametrize("name", list(SIZES))
def test_a_first_visit_s_welcome_shows_with_its_links_in_a_low_bar_over_nothing(
        browser: Browser, site_url: str, name: str) -> None:
    """Upright: the bar at most 12% of the height in zh, zh-Hant and en with the welcome
    and both its links shown; sideways: the same within the sideways share; the welcome
    never covers a seat or the hand, and no part of the table covers another."""
    width, height = SIZES[name]
    problems: list[str] = []
    with page_in(browser, locale="zh-CN", viewport={"width": width, "height": height},
                 has_touch=True) as page:
        open_table(page, site_url, "?speed=instant")  # nothing stored: a first visit
        page.wait_for_selector('[data-testid="hand"] [data-card]')
        for lang in LANGS:
            if lang != "zh":
                choose(page, "lang", lang)
            expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
            problems += first_visit_problems(page, f"{name} {lang}", width, height)
    assert not problems, problems


@functools.cache
def early_follow() -> str:
    """A saved 2-deck match early in the play (seat 0 still holds 18 cards or more), at
    seat 0's follow with three plays in the trick: the card counter's line is long."""
    def stop(m: Match) -> bool:
        return (m.phase == "play" and m.to_move == 0 and len(m.trick) == 3
                and sum(m.hands[0]) >= 18)
    for seed in range(1, 60):
        match = advance({"decks": 2}, seed, stop)
        if match is not None:
            return dumps(match)
    raise AssertionError("no early follow")


NOTICE = """() => { const n = document.querySelector('[data-testid=notice]');
  const f = document.querySelector('#footer').getBoundingClientRect();
  const cards = [...document.querySelectorAll('#centre .play [data-card]')]
    .map((c) => c.getBoundingClientRect().bottom);
  return {cut: n.scrollWidth > n.clientWidth + 1, title: n.title, text: n.textContent,
          lowestCard: Math.max(0, ...cards), footerTop: f.top}; }"""


@pytest.mark.parametrize("name", ["844x390", "844x360"])
def test_a_passing_notice_beside_the_counter_is_read_whole_sideways(
        browser: Browser, site_url: str, name: str) -> None:
    """Sideways, with the card counter on and a trick on the table, the saved game's
    notice ("Saved game resumed") is shown whole in zh, zh-Hant and en (the counter yields
    it room; its whole text is in its title too), and it never pushes the trick into the
    footer."""
    width, height = SIZES[name]
    problems: list[str] = []
    record = early_follow()
    for lang in LANGS:
        with page_in(browser, viewport={"width": width, "height": height},
                     has_touch=True) as page:
            open_table(page, site_url, "?speed=instant",
                       settings={"lang": lang, "card_counter": True}, save=record)
            expect(page.get_by_test_id("counter")).to_be_visible()
            expect(page.get_by_test_id("notice")).to_be_visible()
            page.wait_for_function("() => document.querySelectorAll("
                                   "'[data-testid=trick] [data-seat]').length === 3")
            notice = page.evaluate(NOTICE)
            print(f"{name} {lang}: notice {notice['text']!r} cut: {notice['cut']}")
            if notice["cut"]:
                problems.append(f"{name} {lang}: the notice is cut")
            if notice["title"] != notice["text"]:
                problems.append(f"{name} {lang}: the notice's title lacks its text")
            if notice["lowestCard"] > notice["footerTop"]:
                problems.append(f"{name} {lang}: the trick reaches into the footer")
            RESULTS.mkdir(exist_ok=True)
            page.screenshot(path=str(RESULTS / f"notice-{name}-{lang}.png"))
    assert not problems, problems

"""Issue 27 in Chromium: the table on screen before Python is up.

The engine is held back by holding the Pyodide WebAssembly's response: what is on
screen then is the painter's (``paint.py``, MicroPython). No timing assertion.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
from house import painting
from micro import paint_check
from micro.words import LANGUAGES
from playwright.sync_api import Dialog, Page, Route, expect
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import dumps
from web_helpers import hand_cards, select_cards, selected_cards, wait_ready

pytestmark = pytest.mark.web

HOSTILE = "<img src=x onerror=alert(1)>"
SETTINGS = json.dumps({"speed": "instant", "lang": "en", "rules": {"decks": 1}})


def seat0_to_lead() -> Match:
    """A one-deck match where seat 0 is to lead the second trick or later."""
    m = Match(Rules(decks=1), seed=21)
    players = [make_player("easy", seat) for seat in range(4)]
    while not (m.phase == "play" and m.to_move == 0 and not m.trick and m.tricks_played):
        step(m, players)
    return m


MATCH = seat0_to_lead()
RECORD = dumps(MATCH)
VIEW = painting.painter_view(MATCH.observe(0).to_data())
PAINT = painting.paint_text(MATCH.observe(0).to_data(), RECORD)


@contextmanager
def engine_held(page: Page) -> Iterator[None]:
    """Hold Pyodide's WebAssembly until the block ends (the engine cannot start before)."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    try:
        yield
    finally:
        for route in held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm")


def open_with(page: Page, site_url: str, items: dict[str, str]) -> None:
    """Put ``items`` in a clean localStorage (from a page without Python), open the table."""
    page.goto(f"{site_url}web/style.css")
    page.evaluate("(items) => { localStorage.clear();"
                  " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)
    page.goto(f"{site_url}index.html")


def painted(page: Page) -> str:
    """What the painter drew: ``view`` (a stored view), ``table`` (no view), once it has."""
    page.wait_for_function("() => document.querySelector('#table').dataset.painted")
    return str(page.evaluate("document.querySelector('#table').dataset.painted"))


def engine_up(page: Page) -> bool:
    return bool(page.get_by_test_id("phase").count())


SPRITE_AND_FACES = """() => {
  const faces = [...document.querySelectorAll('#hand .face use')];
  return [document.querySelector('.card-sprite').getClientRects().length,
          faces.length > 0 && faces.every((use) => use.getBBox().width > 0)];
}"""
"""The boxes of the page's card sprite (web/cards.svg), and whether every hand card's face
has a drawing (its ``<use>`` found its shapes in the sprite)."""


def test_a_repeat_visit_shows_the_stored_hand_before_the_engine_and_keeps_its_selection(
        page: Page, site_url: str) -> None:
    with engine_held(page):
        open_with(page, site_url, {"tractor.settings": SETTINGS, "tractor.match": RECORD,
                                   "tractor.paint": PAINT})
        assert painted(page) == "view"
        assert hand_cards(page) == VIEW["hand"]
        for seat in (1, 2, 3):
            expect(page.get_by_test_id(f"seat-{seat}")).to_be_visible()
        expect(page.get_by_test_id("trump")).to_contain_text("Level")
        expect(page.get_by_test_id("boot")).to_have_count(0)  # no progress bar
        expect(page.get_by_test_id("hint")).to_be_disabled()  # in place, not yet alive
        # Issue 36: the painted cards' faces are drawn from the page's card sprite, which
        # has no box of its own (no style or layout for the painter's first frame).
        assert page.evaluate(SPRITE_AND_FACES) == [0, True]
        chosen = [VIEW["hand"][0], VIEW["hand"][-1]]
        select_cards(page, chosen)
        expect(page.get_by_test_id("play")).to_be_disabled()
        assert not engine_up(page)  # all of that before the engine
    wait_ready(page)
    assert hand_cards(page) == VIEW["hand"]
    assert selected_cards(page) == chosen
    expect(page.get_by_test_id("play")).to_contain_text("2")
    expect(page.get_by_test_id("play")).to_be_enabled()  # the controls came alive
    expect(page.get_by_test_id("hint")).to_be_enabled()
    expect(page.get_by_test_id("notice")).not_to_contain_text("redrawn")


def tampered(change: Any) -> str:
    data = json.loads(PAINT)
    change(data["view"])
    return json.dumps(data)


REFUSED = {
    "markup in a card": tampered(lambda v: v["hand"].__setitem__(0, HOSTILE)),
    "markup in the lead kind": tampered(lambda v: v.__setitem__("lead_kind", HOSTILE)),
    "a huge value": PAINT[:-2] + ',"pad":"' + "x" * 40000 + '"}}',
    "a deep value": PAINT.replace('"penalty":0', '"penalty":' + "[" * 5000 + "]" * 5000),
    "another match's view": PAINT.replace(json.loads(PAINT)["record"], "9-0011223344556677"),
    "the attackers' points at -1000 (issue 39)": tampered(
        lambda v: v.__setitem__("penalty", -1000)),
    "a key twice (issue 39)": PAINT.replace('"view":{', '"view":{"hand_no":999,', 1),
}


@pytest.mark.parametrize("why", sorted(REFUSED))
def test_a_refused_stored_view_paints_nothing_and_the_engine_s_view_wins(
        page: Page, site_url: str, why: str) -> None:
    alerts: list[str] = []
    def record(dialog: Dialog) -> None:
        alerts.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", record)
    with engine_held(page):
        open_with(page, site_url, {"tractor.settings": SETTINGS, "tractor.match": RECORD,
                                   "tractor.paint": REFUSED[why]})
        assert painted(page) == "table"
        assert hand_cards(page) == []
        expect(page.get_by_test_id("boot")).to_have_count(1)  # the progress stays
    wait_ready(page)
    assert hand_cards(page) == VIEW["hand"]
    assert page.locator("#table img").count() == 0 and not alerts
    assert "onerror" not in page.content()


def menu_order(page: Page) -> list[str]:
    """The languages of the bar's menu, in its order."""
    return list(page.eval_on_selector_all("[data-testid=lang-toggle] option",
                                          "options => options.map(o => o.value)"))


@pytest.mark.parametrize("stored", ["no view", "a refused view"])
def test_a_missing_or_refused_view_paints_no_hand_or_level(page: Page, site_url: str,
                                                             stored: str) -> None:
    items = {"tractor.settings": SETTINGS, "tractor.match": RECORD}
    if stored == "a refused view":
        items["tractor.paint"] = REFUSED["another match's view"]
    with engine_held(page):
        open_with(page, site_url, items)
        assert painted(page) == "table"
        expect(page.get_by_test_id("settings")).to_be_visible()  # the bar is drawn
        for seat in range(4):
            expect(page.get_by_test_id(f"seat-{seat}")).to_be_visible()
        assert page.get_by_test_id("trump").count() == 0
        assert page.locator("#table .hand-no, #table .seat-meta").count() == 0
        table = page.locator("#table").inner_text()
        assert "Level" not in table and "Hand" not in table
        assert not engine_up(page)
    wait_ready(page)
    expect(page.get_by_test_id("trump")).to_contain_text("Level")


def test_the_painted_language_menu_has_the_live_menu_s_order(page: Page, site_url: str) -> None:
    with engine_held(page):
        open_with(page, site_url, {"tractor.settings": SETTINGS, "tractor.match": RECORD,
                                   "tractor.paint": PAINT})
        assert painted(page) == "view"
        painted_order = menu_order(page)
    wait_ready(page)
    assert painted_order == menu_order(page) == list(LANGUAGES)


def test_a_stored_view_of_other_cards_is_redrawn_by_the_engine_and_nothing_is_lost(
        page: Page, site_url: str) -> None:
    other = dict(VIEW, hand=list(reversed(VIEW["hand"])),
                 hand_trump=list(reversed(VIEW["hand_trump"])))
    with engine_held(page):
        open_with(page, site_url, {"tractor.settings": SETTINGS, "tractor.match": RECORD,
                                   "tractor.paint": paint_check.dumps(cast(Any, other), RECORD)})
        assert painted(page) == "view"
        assert hand_cards(page) == other["hand"]
        select_cards(page, [other["hand"][0]])
    wait_ready(page)
    assert hand_cards(page) == VIEW["hand"]  # the engine's view wins
    assert selected_cards(page) == []
    expect(page.get_by_test_id("notice")).to_contain_text("nothing is lost")


def test_a_first_visit_paints_the_table_and_the_welcome_while_the_runtime_downloads(
        page: Page, site_url: str) -> None:
    with engine_held(page):
        page.goto(f"{site_url}web/style.css")
        page.evaluate("() => localStorage.clear()")
        page.goto(f"{site_url}index.html?speed=instant")
        assert painted(page) == "table"
        expect(page.get_by_test_id("welcome")).to_be_visible()
        expect(page.get_by_test_id("boot")).to_be_visible()  # the download's progress
        for seat in range(4):
            expect(page.get_by_test_id(f"seat-{seat}")).to_be_visible()
        assert not engine_up(page)
    wait_ready(page)
    expect(page.get_by_test_id("welcome")).to_be_visible()
    expect(page.locator('[data-testid="hand"] [data-card]').first).to_be_visible(timeout=30_000)


def test_the_table_keeps_the_view_it_paints_next_time(page: Page, site_url: str) -> None:
    open_with(page, site_url, {"tractor.settings": SETTINGS, "tractor.match": RECORD})
    wait_ready(page)
    stored = page.evaluate("[localStorage.getItem('tractor.match'),"
                           " localStorage.getItem('tractor.paint')]")
    assert paint_check.parse(stored[1], stored[0])["hand"] == VIEW["hand"]
    page.reload()
    assert painted(page) == "view"
    wait_ready(page)
    expect(page.get_by_test_id("notice")).not_to_contain_text("redrawn")


def test_a_painter_done_before_boot_js_has_run_still_starts_the_engine_at_once(
        page: Page, site_url: str) -> None:
    """The painter's files are preloaded, so it can finish before the deferred boot.js
    runs: boot.js then starts the engine as it runs, not ENGINE_FALLBACK_MS later."""
    held: list[Route] = []
    page.route("**/web/boot.js", lambda route: held.append(route))
    page.goto(f"{site_url}web/style.css")
    page.evaluate("(items) => { localStorage.clear();"
                  " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  {"tractor.settings": SETTINGS, "tractor.match": RECORD, "tractor.paint": PAINT})
    page.goto(f"{site_url}index.html", wait_until="commit")  # "load" waits for boot.js
    assert painted(page) == "view"
    assert page.evaluate("() => document.readyState") != "complete"  # boot.js not run yet
    assert page.evaluate("() => window.tractorStartEngine") is None
    for route in held:
        route.continue_()
    page.unroute("**/web/boot.js")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert page.locator('script[src="./web/main.py"]').count() == 1
    wait_ready(page)
    assert hand_cards(page) == VIEW["hand"]

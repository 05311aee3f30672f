"""The card table fits every screen: four viewports × 1, 2 and 3 decks (issue 25).

Geometry, measured in Chromium: the whole table (hand, trick, seats, controls) is
inside the viewport with no scrolling; no seat's box covers a play and no two
seats' plays overlap; each play lies nearer its own seat than any other; the
cards are at least the sizes stated in docs/table.md. Screenshots of each viewport
in both languages go to test-results/ (look at them). That no part of the table covers
another at every size, language and deck count: ``test_table_parts_apart.py``, which
shares these helpers.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tractor.cards import Card
from tractor.match import Match
from tractor.save import dumps, loads
from tractor.trump import sorted_hand
from web_helpers import LOAD_TIMEOUT_MS, advance, bar_item

pytestmark = pytest.mark.web

RESULTS = Path(__file__).resolve().parents[3] / "test-results"
VIEWPORTS = {
    "phone": (390, 844),
    "phone-sideways": (844, 390),
    "laptop": (1280, 800),
    "desktop": (1920, 1080),
}
MIN_CARD_WIDTH = {  # px: the hand's cards at their most crowded (3 decks, burying 45 cards)
    "phone": 30,
    "phone-sideways": 30,
    "laptop": 50,
    "desktop": 60,
}
MIN_CARD_WIDTH_TWO_DECKS = {"phone": 45, "phone-sideways": 60, "laptop": 100, "desktop": 110}
"""The hand's cards in play with two decks (25 cards)."""


@functools.cache
def position(decks: int, moment: str) -> str:
    """A saved match of ``decks`` decks at seat 0's follow with three plays in the trick
    (``play``) or at seat 0's bury with the kitty in hand (``bury``)."""
    rules = {"decks": decks}
    if moment == "play":
        def stop(m: Match) -> bool:
            return m.phase == "play" and m.to_move == 0 and len(m.trick) == 3
    else:
        def stop(m: Match) -> bool:
            return m.phase == "bury" and m.kitty_holder == 0
    for seed in range(1, 60):
        match = advance(rules, seed, stop)
        if match is not None:
            return dumps(match)
    raise AssertionError(f"no {moment} position with {decks} decks")


def open_position(browser: Browser, size: tuple[int, int], decks: int, moment: str,
                  lang: str = "en", speed: str = "instant", **context: Any) -> Page:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, **context)
    settings = {"rules": {"decks": decks}, "speed": speed, "lang": lang}
    page.add_init_script(
        script=f"localStorage.setItem('tractor.settings', {json.dumps(json.dumps(settings))});"
        f"localStorage.setItem('tractor.match', {json.dumps(position(decks, moment))});"
    )
    page.goto(page_url(browser))
    page.wait_for_selector('[data-testid="hand"] [data-card]', timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=phase]')?.textContent === "
        f"{json.dumps(moment)}", timeout=LOAD_TIMEOUT_MS)
    return page


SITE: dict[str, str] = {}


def page_url(browser: Browser) -> str:
    return SITE["url"] + "index.html"


@pytest.fixture(autouse=True)
def _site(site_url: str) -> None:
    SITE["url"] = site_url


GEOMETRY = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const all = (sel) => [...document.querySelectorAll(sel)].map(box);
  return {
    scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
    hand: all('[data-testid="hand"] [data-card]'),
    seats: [0, 1, 2, 3].map((s) => box(document.querySelector(`[data-testid="seat-${s}"]`))),
    plays: [...document.querySelectorAll('[data-testid="trick"] [data-seat]')].map((p) => ({
      seat: Number(p.dataset.seat), box: box(p),
      cards: [...p.querySelectorAll('[data-card]')].map(box)})),
    buttons: all('#controls button, #bar button, #bar a'),
  };
}"""


def inside(rect: dict[str, float], width: int, height: int) -> bool:
    return rect["x"] >= -0.5 and rect["y"] >= -0.5 and rect["r"] <= width + 0.5 and \
        rect["b"] <= height + 0.5


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["r"], b["r"]) - max(a["x"], b["x"]) > 1 and \
        min(a["b"], b["b"]) - max(a["y"], b["y"]) > 1


def centre(rect: dict[str, float]) -> tuple[float, float]:
    return (rect["x"] + rect["r"]) / 2, (rect["y"] + rect["b"]) / 2


CORNERS = """(sel) => [...document.querySelectorAll(sel)].map((c) => {
  const hits = [];
  for (const part of c.querySelectorAll('.rank, .pip')) {
    const text = document.createRange();
    text.selectNodeContents(part);
    const r = text.getBoundingClientRect();
    if (r.width === 0) continue;  // a joker's corner is its name (no star)
    for (const [x, y] of [[r.left + 1, r.top + 1], [r.right - 1, r.top + r.height / 2],
                          [r.left + r.width / 2, r.bottom - 1]]) {
      hits.push(document.elementFromPoint(x, y)?.closest('[data-card]') === c);
    }
  }
  const pips = [...c.querySelectorAll('.face use')];
  return {card: c.dataset.card, hits, drawn: pips.length > 0 && pips.every(
    (u) => u.getBBox().width > 0)};
})"""
"""Each card ``sel`` finds (the hand's, the replay's): whether the points at its corner
index (rank and suit) hit that card, and whether its face's shapes are drawn (found in the
page's card sprite)."""


def check_corners(page: Page) -> None:
    """Issue 36: every card in the overlapped hand shows its whole corner index, and its
    face is drawn from the page's sprite (web/cards.svg)."""
    cards = page.evaluate(CORNERS, '[data-testid="hand"] [data-card]')
    assert any(card["card"] in ("BJ", "SJ") for card in cards), "the positions hold a joker"
    for card in cards:
        assert card["hits"] and all(card["hits"]), f"{card['card']}'s corner is covered: {card}"
        assert card["drawn"], f"{card['card']}'s face draws nothing: {card}"


def check_table(geometry: dict[str, Any], width: int, height: int) -> None:
    assert geometry["scrollW"] <= width and geometry["scrollH"] <= height, "the page scrolls"
    for card in geometry["hand"]:
        assert inside(card, width, height), f"a hand card is off screen: {card}"
    for button in geometry["buttons"]:
        assert inside(button, width, height), f"a control is off screen: {button}"
    seats = geometry["seats"]
    for seat_box in seats:
        assert inside(seat_box, width, height)
    plays = geometry["plays"]
    for play in plays:
        for card in play["cards"]:
            assert inside(card, width, height), f"seat {play['seat']}'s trick card is off screen"
            for seat, seat_box in enumerate(seats):
                assert not overlap(card, seat_box), f"seat {seat}'s box covers a trick card"
        for other in plays:
            if other is not play:
                assert not any(overlap(a, b) for a in play["cards"] for b in other["cards"]), (
                    f"seats {play['seat']} and {other['seat']} plays overlap")
        here = centre(play["box"])
        distances = [math.dist(here, centre(seat_box)) for seat_box in seats]
        assert min(range(4), key=distances.__getitem__) == play["seat"], (
            f"seat {play['seat']}'s play is nearer another seat: {distances}")


def test_a_selected_card_lifts_and_stays_on_screen(browser: Browser) -> None:
    page = open_position(browser, VIEWPORTS["phone-sideways"], 2, "play")
    page.locator('[data-testid="hand"] [data-card]').first.click(position={"x": 6, "y": 12})
    lifted = page.evaluate(GEOMETRY)["hand"][0]
    others = page.evaluate(GEOMETRY)["hand"][1]
    assert lifted["y"] < others["y"] - 5 and inside(lifted, *VIEWPORTS["phone-sideways"])
    page.close()


def test_a_focused_card_hides_none_of_its_neighbours(browser: Browser) -> None:
    page = open_position(browser, VIEWPORTS["laptop"], 2, "play")
    page.locator("#card-3").focus()
    page.keyboard.press("ArrowRight")  # keyboard focus (focus-visible)
    stacking = page.evaluate("""() => [...document.querySelectorAll('#hand [data-card]')]
        .map((c) => getComputedStyle(c).zIndex)""")
    assert set(stacking) == {"auto"}  # the focused card is not raised over the next ones
    page.close()


def test_touch_leaves_no_hover_style(browser: Browser) -> None:
    page = open_position(browser, VIEWPORTS["phone"], 2, "play", has_touch=True,
                         is_mobile=True)
    card = page.locator('[data-testid="hand"] [data-card]').nth(4)
    before = card.evaluate("(c) => [getComputedStyle(c).backgroundColor,"
                           " getComputedStyle(c).transform]")
    card.tap(position={"x": 6, "y": 12})
    card.tap(position={"x": 6, "y": 12})  # selected, then not: back to how it was
    page.wait_for_timeout(300)
    after = card.evaluate("(c) => [getComputedStyle(c).backgroundColor,"
                          " getComputedStyle(c).transform]")
    assert after == before
    hint = page.get_by_test_id("hint")
    colour = hint.evaluate("(b) => getComputedStyle(b).backgroundColor")
    hint.tap()
    page.wait_for_timeout(300)
    assert hint.evaluate("(b) => getComputedStyle(b).backgroundColor") == colour
    page.close()


def test_reduced_motion_leaves_no_running_animation(browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    settings = {"rules": {"decks": 1}, "speed": "normal", "lang": "en"}
    page.add_init_script(
        script=f"localStorage.setItem('tractor.settings', {json.dumps(json.dumps(settings))});")
    page.goto(page_url(browser) + "?seed=3")
    page.wait_for_selector('[data-testid="hand"] [data-card]', timeout=LOAD_TIMEOUT_MS)
    for _ in range(10):
        running = page.evaluate("() => document.getAnimations().map((a) => a.animationName"
                                " || a.constructor.name)")
        assert running == []
        page.wait_for_timeout(150)
    page.close()


def test_plays_fly_in_from_their_seats_unless_the_speed_is_instant(browser: Browser) -> None:
    """Motion is on at every speed but instant: a play animates in from its seat."""
    for speed, expected in (("instant", "none"), ("slow", "from-seat")):
        page = open_position(browser, VIEWPORTS["laptop"], 2, "play", speed=speed)
        names = page.evaluate("() => [...document.querySelectorAll('[data-testid=trick] .play')]"
                              ".map((p) => getComputedStyle(p).animationName)")
        assert names == [expected] * 3, speed
        page.close()


@functools.cache
def finished_hand(decks: int) -> str:
    for seed in range(1, 40):
        match = advance({"decks": decks}, seed, lambda m: m.phase == "hand_over")
        if match is not None:
            return dumps(match)
    raise AssertionError("no finished hand")


def open_finished(browser: Browser, size: tuple[int, int], decks: int) -> Page:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    settings = {"rules": {"decks": decks}, "speed": "instant", "lang": "zh"}
    page.add_init_script(
        script=f"localStorage.setItem('tractor.settings', {json.dumps(json.dumps(settings))});"
        f"localStorage.setItem('tractor.match', {json.dumps(finished_hand(decks))});"
    )
    page.goto(page_url(browser))
    page.wait_for_selector('[data-testid="hand-over"]', timeout=LOAD_TIMEOUT_MS)
    return page


FITS = """(sel) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();
  const cards = [...e.querySelectorAll('[data-card]')].map((c) => c.getBoundingClientRect());
  return {scroll: e.scrollWidth, client: e.clientWidth, left: r.left, right: r.right,
          top: r.top, bottom: r.bottom, cut: cards.filter((c) => c.left < r.left - 0.5
            || c.right > r.right + 0.5).length}; }"""


def test_the_replay_shows_hands_sorted_as_on_the_table(browser: Browser) -> None:
    page = open_finished(browser, VIEWPORTS["laptop"], 2)
    page.get_by_test_id("replay").click()
    page.get_by_test_id("replay-back").wait_for()
    page.wait_for_selector('[data-testid="replay-panel"] [data-seat="0"] [data-card]')
    # At the start of play, seat 0's replayed hand is ordered like the table's hand.
    while page.get_by_test_id("replay-back").is_enabled():
        page.get_by_test_id("replay-back").click()
    cards = page.eval_on_selector_all(
        '[data-testid="replay-panel"] [data-seat="0"] .replay-hand [data-card]',
        "els => els.map(e => e.dataset.card)")
    order = loads(finished_hand(2)).trump
    assert order is not None and len(cards) > 10
    assert cards == [str(c) for c in sorted_hand([Card.parse(c) for c in cards], order)]
    page.close()


def check_log_and_records(page: Page, name: str, width: int, height: int) -> None:
    """After a finished hand: the log is in view and fits; past hands fit, from the bar's
    Records and in Settings."""
    page.get_by_test_id("next-hand").click()
    page.wait_for_selector('[data-testid="hand-over"]', state="detached")
    page.get_by_test_id("log-toggle").click()
    page.wait_for_selector('[data-testid="log"]')
    fits = page.evaluate(FITS, "#log")
    assert fits["scroll"] <= fits["client"] and fits["cut"] == 0, fits
    assert fits["top"] < height and fits["bottom"] > 0 and fits["right"] <= width + 0.5
    page.get_by_test_id("log-toggle").click()
    bar_item(page, "records").click()  # past hands and statistics, from the bar (its menu)
    page.wait_for_selector('[data-testid="records-panel"] [data-testid="history"]')
    assert page.get_by_test_id("stats").is_visible()
    history = page.evaluate(FITS, '[data-testid="records-panel"] [data-testid="history"]')
    assert history["scroll"] <= history["client"]
    page.get_by_test_id("close-records").click()
    bar_item(page, "settings").click()
    history = page.evaluate(FITS, '[data-testid="history"]')
    assert history["scroll"] <= history["client"]
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"past-hands-{name}-zh.png"))
    page.get_by_test_id("close-settings").click()
    page.wait_for_selector('[data-testid="settings-panel"]', state="detached")


@functools.cache
def two_jokers_declared() -> str:
    def stop(m: Any) -> bool:
        d = m.declaration
        return d is not None and m.phase == "deal" and len(d.cards()) == 2 and \
            str(d.cards()[0]) in ("BJ", "SJ")
    for seed in range(1, 400):
        match = advance({"decks": 2}, seed, stop)
        if match is not None:
            return dumps(match)
    raise AssertionError("no joker pair declared")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_two_jokers_in_the_bar_are_two_readable_cards(browser: Browser, lang: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    settings = {"rules": {"decks": 2}, "speed": "slow", "lang": lang}
    page.add_init_script(
        script=f"localStorage.setItem('tractor.settings', {json.dumps(json.dumps(settings))});"
        f"localStorage.setItem('tractor.match', {json.dumps(two_jokers_declared())});")
    page.goto(page_url(browser))
    page.wait_for_selector('[data-testid="declaration"] [data-card]', timeout=LOAD_TIMEOUT_MS)
    first, second = page.eval_on_selector_all(
        '[data-testid="declaration"] [data-card]',
        "els => els.map((c) => { const text = document.createRange();"
        " text.selectNodeContents(c.querySelector('.rank'));"
        " const r = text.getBoundingClientRect();"
        " const b = c.getBoundingClientRect(); return {left: b.left, rank_right: r.right,"
        " rank_bottom: r.bottom, bottom: b.bottom}; })")
    assert second["left"] >= first["rank_right"] - 1  # the next card leaves the name visible
    assert first["rank_bottom"] <= first["bottom"] + 0.5  # the name is inside its card
    page.close()

"""The card table fits every screen: four viewports × 1, 2 and 3 decks (issue 25).

Geometry, measured in Chromium: the whole table (hand, trick, seats, controls) is
inside the viewport with no scrolling; no seat's box covers a play and no two
seats' plays overlap; each play lies nearer its own seat than any other; the
cards are at least the sizes stated in docs/table.md. Screenshots of each viewport
in both languages go to test-results/ (look at them).
"""

from __future__ import annotations

import functools
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tractor.cards import Card
from tractor.match import Match
from tractor.save import dumps, loads
from tractor.trump import sorted_hand
from web_helpers import LOAD_TIMEOUT_MS, advance

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


CORNERS = """() => [...document.querySelectorAll('[data-testid="hand"] [data-card]')].map((c) => {
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
"""Each hand card: whether the points at its corner index (rank and suit) hit that card,
and whether its face's shapes are drawn (found in the page's card sprite)."""


def check_corners(page: Page) -> None:
    """Issue 36: every card in the overlapped hand shows its whole corner index, and its
    face is drawn from the page's sprite (web/cards.svg)."""
    cards = page.evaluate(CORNERS)
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


MIN_REPLAY_CARD_WIDTH = {"phone": 28, "phone-sideways": 28, "phone-low": 28, "laptop": 45,
                         "desktop": 60}
"""px: the replay's cards (issue 36: they were 28 px at every size)."""


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


def check_replay(page: Page, name: str, width: int, height: int, decks: int) -> None:
    """The replay fits, cuts no card, its cards are large enough and its buttons stay put."""
    page.get_by_test_id("replay").click()
    panel = '[data-testid="replay-panel"]'
    page.wait_for_selector(panel)
    where = []
    widths = page.eval_on_selector_all(f"{panel} .replay-hand [data-card]",
                                       "els => els.map((c) => c.getBoundingClientRect().width)")
    assert min(widths) >= MIN_REPLAY_CARD_WIDTH[name], f"replay cards {min(widths)} px wide"
    for _ in range(4):
        fits = page.evaluate(FITS, panel)
        assert fits["scroll"] <= fits["client"] and fits["cut"] == 0, fits
        assert fits["right"] <= width + 0.5 and fits["bottom"] <= height + 0.5
        where.append(page.get_by_test_id("replay-next").bounding_box())
        page.get_by_test_id("replay-next").click()
    assert all(box == where[0] for box in where), "the Next button moved"
    caption = page.get_by_test_id("replay-caption").text_content() or ""
    assert "第 4 轮" in caption and " 4/" in caption  # four steps on: trick 4, counted by trick
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"replay-{name}-{decks}decks-zh.png"))
    page.get_by_test_id("replay-close").click()
    page.wait_for_selector(panel, state="detached")


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
    page.get_by_test_id("records").click()  # past hands and statistics, from the bar
    page.wait_for_selector('[data-testid="records-panel"] [data-testid="history"]')
    assert page.get_by_test_id("stats").is_visible()
    history = page.evaluate(FITS, '[data-testid="records-panel"] [data-testid="history"]')
    assert history["scroll"] <= history["client"]
    page.get_by_test_id("close-records").click()
    page.get_by_test_id("settings").click()
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


# ------------------------------------------------------------------ issue 36: every size,
# every language, one page per viewport (positions come in by the page's own Import)

SIZES = {**VIEWPORTS, "phone-low": (844, 360)}
LANGS = ("zh", "zh-Hant", "en")
BAR_SHARE_PORTRAIT = 0.12
"""The bar's height at most this share of an upright phone's screen."""

PARTS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const shown = (e) => e && e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== 'hidden';
  const one = (sel) => { const e = document.querySelector(sel); return shown(e) ? box(e) : null; };
  const texts = (sel) => [...document.querySelectorAll(sel)].filter(shown).map((e) => {
    const r = document.createRange(); r.selectNodeContents(e); return box(r); });
  const bar = document.querySelector('#bar');
  return {
    scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
    bar: box(bar), barCut: bar.scrollWidth > bar.clientWidth + 1,
    status: texts('#footer .status'), counter: one('[data-testid=counter]'),
    hand: [...document.querySelectorAll('[data-testid="hand"] [data-card]')]
      .filter((c) => c.getAnimations().length === 0).map(box),  // not a card flying in
    scoreCut: [...document.querySelectorAll('[data-testid=scoreboard]')]
      .some((s) => s.scrollWidth > s.clientWidth + 1),
    seats: [0, 1, 2, 3].map((s) => one(`[data-testid="seat-${s}"]`)),
    cards: [...document.querySelectorAll('#centre .play [data-card], .deck .back')].map(box),
    captions: texts('#centre .play-caption, #centre .centre-note, .deck span:not(.back)'),
    controls: [...document.querySelectorAll('#controls button, #bar button, #bar a, #bar select')]
      .filter(shown).map(box),
    fontPx: parseFloat(getComputedStyle(document.querySelector('#footer .status')).fontSize),
  };
}"""


def clashes(parts: dict[str, Any]) -> list[str]:
    """Every overlap between the table's parts that must stay apart."""
    named: list[tuple[str, dict[str, float]]] = []
    named += [(f"seat-{s}", b) for s, b in enumerate(parts["seats"]) if b]
    named += [(f"trick card {i}", b) for i, b in enumerate(parts["cards"])]
    named += [(f"caption {i}", b) for i, b in enumerate(parts["captions"])]
    named += [("status", b) for b in parts["status"]]
    named += [(f"control {i}", b) for i, b in enumerate(parts["controls"])]
    if parts["counter"]:
        named.append(("counter", parts["counter"]))
    if parts["hand"]:
        hand = {"x": min(c["x"] for c in parts["hand"]), "y": min(c["y"] for c in parts["hand"]),
                "r": max(c["r"] for c in parts["hand"]), "b": max(c["b"] for c in parts["hand"])}
        named.append(("hand", hand))
    found = []
    for i, (a_name, a) in enumerate(named):
        for b_name, b in named[i + 1:]:
            same = a_name.split()[0] == b_name.split()[0] and a_name.startswith("trick")
            if not same and overlap(a, b):
                found.append(f"{a_name} / {b_name}")
    return found


def import_record(page: Page, record: str, tmp: Path) -> None:
    """Play on from ``record`` through Settings → Import (no page load)."""
    path = tmp / "position.json"
    path.write_text(record)
    page.get_by_test_id("settings").click()
    page.get_by_test_id("import").set_input_files(path)
    page.get_by_test_id("confirm-yes").click()
    page.wait_for_selector('[data-testid="confirm"]', state="detached")


def choose_language(page: Page, lang: str) -> None:
    page.get_by_test_id("settings").click()
    page.get_by_test_id("option-lang").select_option(lang)
    page.get_by_test_id("close-settings").click()
    page.wait_for_selector('[data-testid="settings-panel"]', state="detached")


def choose(page: Page, option: str, value: str) -> None:
    """Set a display option through Settings (no page load)."""
    page.get_by_test_id("settings").click()
    page.get_by_test_id(f"option-{option}").select_option(value)
    page.get_by_test_id("close-settings").click()
    page.wait_for_selector('[data-testid="settings-panel"]', state="detached")


@functools.cache
def dealing(decks: int) -> str:
    """A match halfway through the deal (the deck in the middle)."""
    match = advance({"decks": decks}, 1, lambda m: m.phase == "deal" and m.dealt >= 40)
    assert match is not None
    return dumps(match)


CUT_OPTIONS = """() => { const pen = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('[data-testid=settings-panel] select')].flatMap((s) => {
    const style = getComputedStyle(s); pen.font = `${style.fontSize} ${style.fontFamily}`;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      - 20;  // the arrow
    return [...s.options].filter((o) => pen.measureText(o.text).width > room)
      .map((o) => o.text); }); }"""
"""Settings' options whose words a select would cut when chosen (issue 36)."""


DISABLED_LOOKS_PRESSABLE = """(b) => { const [r, g, bl] = getComputedStyle(b).backgroundColor
  .match(/[\\d.]+/g).map(Number); return b.disabled && r > 120 && g > 100 && bl < 90; }"""
"""A disabled button still coloured gold (issue 36: an olive-yellow Play looked pressable)."""


def table_problems(page: Page, where: str, width: int, height: int) -> list[str]:
    """What is wrong with the table as drawn now: overlaps, scrolling, a cut or tall bar."""
    parts = page.evaluate(PARTS)
    problems = [f"{where}: {clash}" for clash in clashes(parts)]
    if parts["scrollW"] > width or parts["scrollH"] > height:
        problems.append(f"{where}: the page scrolls")
    if parts["barCut"] or parts["scoreCut"]:
        problems.append(f"{where}: the bar is cut (it scrolls sideways)")
    if height > width and parts["bar"]["h"] > BAR_SHARE_PORTRAIT * height:
        problems.append(f"{where}: the bar is {parts['bar']['h']:.0f} px high")
    if width >= 1920 and parts["fontPx"] < 20:
        problems.append(f"{where}: the status line is {parts['fontPx']} px on a big screen")
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"layout-{where.replace(' ', '-')}.png"))
    return problems


@pytest.mark.parametrize("name", list(SIZES))
def test_no_part_of_the_table_covers_another_at_any_size_language_or_deck_count(
        browser: Browser, name: str, tmp_path: Path) -> None:
    """Trick cards, captions, the turn line, seats, controls, counter and hand stay apart
    (with the counter on, the last trick shown, the log open, and while dealing); the page
    never scrolls; each play lies beside its seat; the hand's cards are at least the sizes
    of docs/table.md (in play with two decks; the fullest hand, burying); an upright phone's
    bar takes at most 12% of the screen; a big screen's text is larger; the replay of a
    finished hand (2 and 3 decks), the log, past hands and Settings fit (issues 25, 36)."""
    width, height = SIZES[name]
    page = open_position(browser, (width, height), 1, "play", lang="en", has_touch=width < 900)
    choose(page, "card_counter", "true")
    problems = []
    if page.get_by_test_id("play").evaluate(DISABLED_LOOKS_PRESSABLE):
        problems.append(f"{name}: the disabled Play button keeps the gold of a pressable one")
    for decks in (1, 2, 3):
        if decks > 1:
            import_record(page, position(decks, "play"), tmp_path)
        for lang in LANGS:
            choose(page, "lang", lang)
            page.wait_for_function("() => document.querySelectorAll("
                                   "'[data-testid=trick] [data-seat]').length === 3")
            problems += table_problems(page, f"{name} {decks}decks {lang}", width, height)
        geometry = page.evaluate(GEOMETRY)
        check_table(geometry, width, height)
        check_corners(page)
        text = page.evaluate("() => document.body.innerText")  # the last language: en
        assert not re.search(r"\b[BS]J\b", text), "a joker is written BJ/SJ"
        if decks == 2 and name in MIN_CARD_WIDTH_TWO_DECKS:
            assert min(c["w"] for c in geometry["hand"]) >= MIN_CARD_WIDTH_TWO_DECKS[name]
    page.get_by_test_id("last-trick").click()  # four plays, your own among them
    page.wait_for_selector('[data-testid="last-trick-view"] [data-seat="0"]')
    if not (page.get_by_test_id("last-trick").text_content() or "").strip():
        problems.append(f"{name}: the Last trick button lost its label")
    problems += table_problems(page, f"{name} last-trick en", width, height)
    page.get_by_test_id("last-trick").click()
    page.get_by_test_id("log-toggle").click()
    page.wait_for_selector('[data-testid="log"]')
    problems += [f"{name} log: {clash}" for clash in log_clashes(page)]
    page.screenshot(path=str(RESULTS / f"layout-{name}-log-en.png"))
    page.get_by_test_id("log-toggle").click()
    for decks in (2, 3):  # the fullest hands: burying the kitty
        import_record(page, position(decks, "bury"), tmp_path)
        page.wait_for_function("() => document.querySelector('[data-testid=phase]')"
                               "?.textContent === 'bury'")
        geometry = page.evaluate(GEOMETRY)
        assert len(geometry["hand"]) == {2: 33, 3: 45}[decks]
        check_table(geometry, width, height)
        assert min(c["w"] for c in geometry["hand"]) >= MIN_CARD_WIDTH.get(name, 30)
        check_corners(page)
        problems += table_problems(page, f"{name} {decks}decks-bury en", width, height)
    choose(page, "lang", "zh")
    for decks in (2, 3):  # a finished hand's replay, then the log and past hands
        import_record(page, finished_hand(decks), tmp_path)
        page.wait_for_selector('[data-testid="hand-over"]')
        check_replay(page, name, width, height, decks)
    check_log_and_records(page, name, width, height)
    choose(page, "lang", "en")
    page.get_by_test_id("settings").click()
    problems += [f"{name}: Settings cuts the option {cut!r}"
                 for cut in page.evaluate(CUT_OPTIONS)]
    page.get_by_test_id("close-settings").click()
    choose(page, "speed", "slow")
    import_record(page, dealing(3), tmp_path)
    page.wait_for_selector('[data-testid="deck"]')
    problems += table_problems(page, f"{name} dealing en", width, height)
    page.close()
    assert not problems, "\n".join(problems)


LOG_CLASHES = """() => {
  const box = (e) => e.getBoundingClientRect();
  const log = box(document.querySelector('#log'));
  const hits = (r) => Math.min(r.right, log.right) - Math.max(r.left, log.left) > 1
    && Math.min(r.bottom, log.bottom) - Math.max(r.top, log.top) > 1;
  const parts = [['hand', '[data-testid=hand] [data-card]'], ['control', '#controls button'],
                 ['bar', '#bar button']];
  const names = [...document.querySelectorAll('.log-points-name')].filter((n) => {
    const r = document.createRange(); r.selectNodeContents(n);
    const cards = n.nextElementSibling;
    return cards && r.getBoundingClientRect().right > box(cards).left + 0.5; });
  return parts.flatMap(([name, sel]) => [...document.querySelectorAll(sel)]
    .filter((e) => hits(box(e))).map(() => name)).filter((n, i, all) => all.indexOf(n) === i)
    .concat(names.length ? ['name'] : []);
}"""


def log_clashes(page: Page) -> list[str]:
    """What the open hand log covers of the hand, the controls and the bar's buttons; a
    side's name in it that runs into its cards."""
    return [f"the log covers the {part}" if part != "name" else "a side's name runs into its"
            " point cards" for part in page.evaluate(LOG_CLASHES)]

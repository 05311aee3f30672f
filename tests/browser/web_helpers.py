"""Helpers shared by the browser tests of the table (imported by the test modules); the
matches played forward in this process are ``tests/page/matches.py``'s (named here too)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations
from typing import Any

from matches import advance as advance
from matches import marked_hand as marked_hand
from playwright.sync_api import Browser, Frame, FrameLocator, Locator, Page, expect
from tractor.actions import Play
from tractor.match import Match
from tractor.save import dumps, loads
from tractor.viewdata import ThrowFailureData

#: Pyodide's first start in CI (2 cores) can take a while; never a timing assertion.
LOAD_TIMEOUT_MS = 60_000
STEP_TIMEOUT_MS = 30_000

ONE_DECK_INSTANT = {"rules": {"decks": 1}, "speed": "instant", "lang": "en"}


def prepare_storage(page: Page, items: dict[str, str]) -> None:
    """Put ``items`` into localStorage before the page's own scripts run, once per tab.

    A reload keeps what the page stored since (sessionStorage remembers the seeding).
    """
    script = (
        "if (!sessionStorage.getItem('test.seeded')) {"
        f" const items = {json.dumps(items)};"
        " for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);"
        " sessionStorage.setItem('test.seeded', '1'); }"
    )
    page.add_init_script(script=script)


def open_table(
    page: Page,
    site_url: str,
    query: str = "",
    settings: dict[str, Any] | None = None,
    save: str | None = None,
) -> None:
    """Open the game page with optional stored settings/save; wait until Python drew it."""
    items: dict[str, str] = {}
    if settings is not None:
        items["tractor.settings"] = json.dumps(settings)
    if save is not None:
        items["tractor.match"] = save
    if items:
        prepare_storage(page, items)
    page.goto(f"{site_url}index.html{query}")
    wait_ready(page)


def wait_ready(page: Page) -> None:
    expect(page.get_by_test_id("phase")).not_to_be_empty(timeout=LOAD_TIMEOUT_MS)


MENU_ITEMS = ("new-game", "friends", "how-to-play", "drills-open", "records", "settings",
              "lang-toggle")
"""The bar's hooks that a phone shows in the bar's menu (a wide screen in the bar)."""


def bar_item(page: Page, testid: str) -> Locator:
    """The bar's control ``testid``, reachable: on a phone, an item of the bar's menu is
    shown by opening the menu first (its button, ``menu``), as a player would."""
    item = page.get_by_test_id(testid)
    if testid not in MENU_ITEMS:
        return item
    menu = page.get_by_test_id("menu")
    shown = page.locator(f'[data-testid="menu"]:visible, [data-testid="{testid}"]:visible')
    shown.first.wait_for(timeout=LOAD_TIMEOUT_MS)
    if not item.is_visible() and menu.is_visible():
        menu.click()
        expect(item).to_be_visible()
    return item


FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def steady_read(page: Page, js: str, tries: int = 20) -> Any:
    """``page.evaluate(js)`` once the page has settled: two reads two frames apart that
    agree (a loaded machine may lay the page out again between reads, e.g. when a font
    arrives). After ``tries`` reads that keep changing, the last one (one consistent read
    of a page that keeps moving, such as a deal)."""
    page.evaluate("() => document.fonts.ready.then(() => true)")
    last = page.evaluate(js)
    for _ in range(tries):
        page.evaluate(FRAMES)
        now = page.evaluate(js)
        if now == last:
            return now
        last = now
    return last


def probe(page: Page, name: str) -> str:
    return page.get_by_test_id(name).text_content() or ""


def wait_state(page: Page, js_condition: str, timeout: int = STEP_TIMEOUT_MS) -> None:
    """Wait until a JS condition on ``phase``/``toMove``/``endOfDeal``/``busy`` holds."""
    page.wait_for_function(
        '(cond) => { const g = (id) => document.querySelector(`[data-testid="${id}"]`)'
        "?.textContent ?? '';"
        " const phase = g('phase'), toMove = g('to-move'), endOfDeal = g('end-of-deal'),"
        " busy = g('busy');"
        " return eval(cond); }",
        arg=js_condition,
        timeout=timeout,
    )


def hand_cards(page: Page) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(
        '[data-testid="hand"] [data-card]', "els => els.map(e => e.dataset.card)"
    )
    return cards


def selected_cards(page: Page) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(
        '[data-testid="hand"] [data-card][aria-pressed="true"]',
        "els => els.map(e => e.dataset.card)",
    )
    return cards


def trick_plays(page: Page) -> list[tuple[str, list[str]]]:
    return [
        (seat, cards.split())
        for seat, cards in page.eval_on_selector_all(
            '[data-testid="trick"] [data-seat]',
            "els => els.map(e => [e.dataset.seat,"
            " [...e.querySelectorAll('[data-card]')].map(c => c.dataset.card).join(' ')])",
        )
    ]


def select_cards(page: Page, cards: list[str]) -> None:
    """Click the given cards of the hand (duplicates: the next unselected copy).

    Cards overlap: like a player, click the visible corner (rank and suit).
    """
    for card in cards:
        page.locator(
            f'[data-testid="hand"] [data-card="{card}"][aria-pressed="false"]'
        ).first.click(position={"x": 8, "y": 14})
    expect(page.locator('[data-testid="hand"] [aria-pressed="true"]')).to_have_count(len(cards))


def stored(page: Page, key: str) -> str | None:
    value: str | None = page.evaluate("(key) => localStorage.getItem(key)", key)
    return value


def stored_keys(page: Page) -> list[str]:
    keys: list[str] = page.evaluate("() => Object.keys(localStorage)")
    return keys


# ---------------------------------------------------------------- prepared positions


def seat0_leads(match: Match) -> bool:
    return match.phase == "play" and match.to_move == 0 and not match.trick


def failing_throw(match: Match) -> tuple[list[str], ThrowFailureData] | None:
    """Two singles of one off suit that seat 0 may try to throw but that fail."""
    assert match.trump is not None
    hand = sorted(set(match.hand_cards(0)))
    for first, second in combinations(hand, 2):
        suits = {match.trump.suit[first], match.trump.suit[second]}
        if len(suits) != 1 or match.hands[0][first] > 1 or match.hands[0][second] > 1:
            continue
        trial = loads(dumps(match))
        trial.apply(Play(0, [first, second]))
        if trial.throw_failure is not None:
            return [str(first), str(second)], trial.throw_failure
    return None


def throw_position(rules: dict[str, Any]) -> tuple[str, list[str], ThrowFailureData]:
    """A save where seat 0 leads and can try a throw that fails; the cards; the failure."""
    for seed in range(1, 200):
        match = advance(rules, seed, seat0_leads)
        if match is None:
            continue
        found = failing_throw(match)
        if found is not None:
            return dumps(match), found[0], found[1]
    raise AssertionError("no failing throw found")


def wait_dealt(page: Page, timeout: int = STEP_TIMEOUT_MS) -> None:
    """Wait until every card is dealt (seat 0 may be asked to declare or pass)."""
    wait_state(page, "phase !== 'deal' || endOfDeal === 'yes'", timeout)


def load_position(page: Page, site_url: str, items: dict[str, str], query: str = "") -> None:
    """Replace localStorage from a page without Python (so nothing overwrites it), then load."""
    page.goto(f"{site_url}web/style.css")
    page.evaluate(
        "(items) => { localStorage.clear();"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )
    page.goto(f"{site_url}index.html{query}")
    wait_ready(page)


@contextmanager
def page_in(browser: Browser, **options: Any) -> Iterator[Page]:
    """A new tab in a new browser context of these options (``locale``, ``viewport``…),
    closed afterwards."""
    context = browser.new_context(**options)
    try:
        yield context.new_page()
    finally:
        context.close()


def drawn_embeds(page: Page) -> list[tuple[FrameLocator, Frame]]:
    """Every position (``iframe[data-testid=embed]``) of the page, each scrolled into view
    and waited for until it has drawn (``html[data-ready]``)."""
    frames = page.locator("iframe[data-testid=embed]")
    found = []
    for i in range(frames.count()):
        frames.nth(i).scroll_into_view_if_needed()
        inner = page.frame_locator("iframe[data-testid=embed]").nth(i)
        inner.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
        frame = frames.nth(i).element_handle().content_frame()
        assert frame is not None
        found.append((inner, frame))
    return found

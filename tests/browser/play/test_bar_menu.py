"""The bar's menu (issue 36: a compact bar on a phone, icons with their words in a menu).

On a phone, upright (390×844) and sideways (844×390), the bar keeps the buttons of a hand
(last trick, log, sound) and a menu button (☰); the menu lists new game, how to play,
drills, records, settings and the language, each with its icon and its words, in every
language. It opens and takes the focus, the arrow keys move through it, Escape and a tap
outside close it, choosing an item closes it and does the item's job, and the table's
redraws (the deal going on) leave it open. A wide screen (1280×800) shows the same items
in the bar with their words, and no menu button. One page per size.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from text.i18n import t
from web_helpers import bar_item, page_in, wait_ready

pytestmark = pytest.mark.web

RESULTS = Path(__file__).resolve().parents[3] / "test-results"
SIZES = {"390x844": (390, 844), "844x390": (844, 390), "1280x800": (1280, 800)}
ITEMS = {"new-game": "new_game", "how-to-play": "how_to_play", "drills-open": "drills",
         "records": "records", "settings": "settings", "lang-toggle": "language"}
"""The menu's items (by their hooks) and the words each shows."""
HAND_BUTTONS = ("last-trick", "log-toggle", "sound")
"""The buttons a phone's bar keeps (a hand's)."""

MENU = """() => {
  const menu = document.getElementById('bar-menu');
  const button = document.querySelector('[data-testid=menu]');
  const active = document.activeElement;
  return {open: menu.matches(':popover-open'), expanded: button.getAttribute('aria-expanded'),
          focus: active && active.dataset ? active.dataset.testid || '' : ''};
}"""

WORDS = """(ids) => ids.map((id) => {
  const item = document.querySelector(`[data-testid="${id}"]`);
  const box = item.closest('.lang-box') || item;
  const words = [...box.querySelectorAll('.label, .long')].filter((w) => {
    const r = w.getBoundingClientRect();
    return r.width > 10 && r.height > 6 && getComputedStyle(w).clipPath === 'none';
  }).map((w) => w.textContent);
  const icon = [...box.querySelectorAll('.icon, .short')].some((i) =>
    i.getBoundingClientRect().width > 6);
  return {id, words, icon, name: item.getAttribute('aria-label') || item.textContent};
})"""
"""Each item's words as shown (wide enough to read, not clipped) and whether its icon is."""

ITEMS_IN_ORDER = """() => [...document.querySelectorAll(
  '#bar-menu [role=menuitem], #bar-menu select')].map((e) => e.dataset.testid)"""


def menu_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(MENU)
    return state


def open_menu(page: Page) -> None:
    page.get_by_test_id("menu").click()
    expect(page.locator("#bar-menu")).to_be_visible()
    expect(page.get_by_test_id("menu")).to_have_attribute("aria-expanded", "true")


def expect_closed(page: Page) -> None:
    expect(page.locator("#bar-menu")).to_be_hidden()
    expect(page.get_by_test_id("menu")).to_have_attribute("aria-expanded", "false")


def check_words(page: Page, lang: str, phone: bool) -> None:
    """Every item shows its words in ``lang`` (and on a phone its icon too)."""
    for item in page.evaluate(WORDS, list(ITEMS)):
        word = t(lang, ITEMS[item["id"]])
        if item["id"] in ("how-to-play", "lang-toggle") and not phone:
            assert item["name"] == word  # a narrower desktop shows "?", the list the language
            continue
        assert item["words"] == [word], (lang, item)
        assert item["icon"] == phone, (lang, item)


def check_phone_menu(page: Page, lang: str, name: str) -> None:
    """Open, listed with words, the focus inside and moved by the arrows, kept open by the
    redraws of the deal, closed by Escape and by a tap outside."""
    expect(page.get_by_test_id("menu")).to_have_attribute("aria-haspopup", "menu")
    for hook in ITEMS:
        expect(page.get_by_test_id(hook)).to_be_hidden()
    for hook in HAND_BUTTONS:
        expect(page.get_by_test_id(hook)).to_be_visible()
    open_menu(page)
    state = menu_state(page)
    assert state["expanded"] == "true"
    order = page.evaluate(ITEMS_IN_ORDER)
    assert state["focus"] == order[0] == "new-game"  # the focus goes into the menu
    check_words(page, lang, phone=True)
    page.screenshot(path=str(RESULTS / f"bar-menu-{name}-{lang}.png"))
    for key, goal in (("ArrowDown", 1), ("ArrowUp", 0), ("ArrowUp", -1),  # round the end
                      ("Shift+Tab", -2), ("Home", 0), ("End", -1)):
        page.keyboard.press(key)
        assert menu_state(page)["focus"] == order[goal], (key, goal)
    assert order[-1] == "lang-toggle"  # the language's list keeps its own arrows
    page.keyboard.press("Escape")
    expect_closed(page)
    assert menu_state(page)["focus"] == "menu"  # given back to the menu's button
    open_menu(page)
    width, height = SIZES[name]
    page.mouse.click(6, height * 0.45)  # the felt at the left, away from the menu
    expect_closed(page)


def check_redraws_keep_it_open(page: Page) -> None:
    """While the deal goes on (a redraw for each card), the open menu stays open."""
    open_menu(page)
    cards = page.locator('[data-testid="hand"] [data-card]')
    before = cards.count()
    expect(cards).not_to_have_count(before, timeout=20_000)
    page.wait_for_function(f"document.querySelectorAll('[data-testid=hand] [data-card]')"
                           f".length >= {before + 2}")
    state = menu_state(page)
    assert state["open"] and state["expanded"] == "true", state
    page.keyboard.press("Escape")
    expect_closed(page)


def check_actions(page: Page, phone: bool) -> None:
    """Settings, records and new game each do their job from the menu, which closes."""
    for hook, panel, close in (("settings", "settings-panel", "close-settings"),
                               ("records", "records-panel", "close-records")):
        bar_item(page, hook).click()
        expect(page.get_by_test_id(panel)).to_be_visible()
        if phone:
            assert not menu_state(page)["open"]
        page.get_by_test_id(close).click()
        expect(page.get_by_test_id(panel)).to_be_hidden()
    bar_item(page, "new-game").click()
    expect(page.get_by_test_id("confirm")).to_be_visible()  # a match is going on
    if phone:
        assert not menu_state(page)["open"]
    page.get_by_test_id("confirm-no").click()
    expect(page.get_by_test_id("confirm")).to_be_hidden()


@pytest.mark.parametrize("name", list(SIZES))
def test_the_bar_menu_lists_every_item_with_its_words_and_each_does_its_job(
        browser: Browser, site_url: str, name: str) -> None:
    width, height = SIZES[name]
    phone = name != "1280x800"
    with page_in(browser, viewport={"width": width, "height": height}, locale="zh-CN") as page:
        page.add_init_script(script="try { sessionStorage.setItem('tractor.snapshot', 'off');"
                             " localStorage.setItem('tractor.settings',"
                             " JSON.stringify({lang: 'zh', speed: 'slow'})); } catch (e) {}")
        page.goto(f"{site_url}index.html")
        wait_ready(page)
        if phone:
            check_redraws_keep_it_open(page)
            check_phone_menu(page, "zh", name)
        else:
            expect(page.get_by_test_id("menu")).to_be_hidden()
            check_words(page, "zh", phone=False)
        bar_item(page, "lang-toggle").select_option("en")  # the language, from the menu
        expect(page.locator("html")).to_have_attribute("lang", "en")
        if phone:
            assert not menu_state(page)["open"]
            check_phone_menu(page, "en", name)
        else:
            check_words(page, "en", phone=False)
            page.screenshot(path=str(RESULTS / f"bar-menu-{name}-en.png"))
        check_actions(page, phone)


@pytest.mark.parametrize("locale, lang", [("zh-TW", "zh-Hant"), ("en-US", "en")])
def test_the_painted_bar_s_menu_works_before_the_engine_is_up(
        browser: Browser, site_url: str, locale: str, lang: str) -> None:
    """A first visit on a phone, the engine's runtime held back: the painted bar's menu
    (MicroPython) opens with its words, moves with the arrows, closes on Escape, a tap
    outside and an item."""
    held: list[Route] = []
    with page_in(browser, viewport={"width": 390, "height": 844}, locale=locale) as page:
        def hold(route: Route) -> None:  # never answered: no live table
            held.append(route)

        page.route("**/pyodide.asm.wasm", hold)
        page.goto(f"{site_url}index.html")
        page.wait_for_function("() => document.querySelector('#table')?.dataset.painted")
        assert page.locator("#table").get_attribute("data-live") is None
        open_menu(page)
        order = page.evaluate(ITEMS_IN_ORDER)
        assert order == list(ITEMS)  # no friends' button before the engine
        assert menu_state(page)["focus"] == order[0]
        check_words(page, lang, phone=True)
        page.keyboard.press("ArrowDown")
        assert menu_state(page)["focus"] == order[1]
        page.keyboard.press("Escape")
        expect_closed(page)
        open_menu(page)
        page.mouse.click(6, 380)
        expect_closed(page)
        open_menu(page)
        page.get_by_test_id("records").click()
        expect_closed(page)
        assert held and page.locator("#table").get_attribute("data-live") is None

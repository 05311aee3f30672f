"""Issue 8: the table tried as a new player (keyboard, dialogs, pauses, messages, language).

Each test reproduced a defect on the table before it was fixed. Keyboard-only play, the
dialogs, the Play button, long plays and loading: ``test_new_player_controls.py``.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tractor.match import Match
from tractor.save import dumps
from web_helpers import (
    advance,
    bar_item,
    load_position,
    open_table,
    probe,
    seat0_leads,
    trick_plays,
    wait_ready,
    wait_state,
)

pytestmark = pytest.mark.web

RESULTS = Path(__file__).resolve().parents[3] / "test-results"
EN = '{"lang": "en", "speed": "instant"}'
HAND = '[data-testid="hand"] [data-card]'


def shot(page: Page, name: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"new-player-{name}.png"))


@functools.cache
def save_where(name: str) -> str:
    """Saves of prepared positions (one deck: quick to reach and to replay)."""
    stops = {
        "hand_over": lambda m: m.phase == "hand_over" and m.tricks_played > 0,
        "bury": lambda m: m.phase == "bury" and m.kitty_holder == 0,
        "lead": seat0_leads,
        "follow": lambda m: m.phase == "play" and m.to_move == 0 and len(m.trick) == 1,
    }
    stop = stops[name]
    for seed in range(1, 60):
        match: Match | None = advance({"decks": 1}, seed, stop)
        if match is not None:
            return dumps(match)
    raise AssertionError(f"no position {name}")


def load(page: Page, site_url: str, name: str, settings: str = EN) -> None:
    load_position(
        page, site_url, {"tractor.match": save_where(name), "tractor.settings": settings}
    )


# ---------------------------------------------------------------- 1. Enter/Space


def test_enter_on_the_focused_settings_button_opens_settings(page: Page, site_url: str) -> None:
    load(page, site_url, "hand_over")
    wait_state(page, "phase === 'hand_over'")
    hand_no = probe(page, "hand-number")
    page.get_by_test_id("settings").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("settings-panel")).to_be_visible()
    assert probe(page, "phase") == "hand_over" and probe(page, "hand-number") == hand_no


def test_space_on_a_focused_card_while_burying_selects_it(page: Page, site_url: str) -> None:
    load(page, site_url, "bury")
    wait_state(page, "phase === 'bury' && toMove === '0'")
    page.locator(HAND).nth(2).focus()
    page.keyboard.press(" ")
    expect(page.locator(HAND).nth(2)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("message")).to_have_count(0)
    assert probe(page, "phase") == "bury"


# ---------------------------------------------------------------- 4. the game waits


def test_settings_opened_during_the_deal_pause_it(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=7", settings={"speed": "slow", "lang": "en"})
    page.wait_for_function(f"document.querySelectorAll('{HAND}').length >= 2")
    page.get_by_test_id("settings").click()
    expect(page.get_by_test_id("settings-panel")).to_be_visible()
    dealt = probe(page, "dealt")
    page.wait_for_timeout(3000)  # slow speed deals a card every 0.18 s
    assert probe(page, "dealt") == dealt and probe(page, "phase") == "deal"
    page.get_by_test_id("close-settings").click()
    page.wait_for_function(
        f"+document.querySelector('[data-testid=\"dealt\"]').textContent > {dealt}"
    )


def test_a_confirmation_pauses_the_computer_players(page: Page, site_url: str) -> None:
    load(page, site_url, "follow", settings='{"lang": "en", "speed": "slow"}')
    wait_state(page, "phase === 'play' && toMove === '0'")
    page.get_by_test_id("hint").click()
    page.get_by_test_id("play").click()
    page.get_by_test_id("new-game").click()
    expect(page.get_by_test_id("confirm")).to_be_visible()
    plays = trick_plays(page)
    page.wait_for_timeout(4000)  # slow computer players think 1.6 s each
    assert trick_plays(page) == plays
    page.get_by_test_id("confirm-no").click()
    page.wait_for_function("document.querySelectorAll('[data-testid=\"trick\"] [data-seat]')"
                           f".length !== {len(plays)}")


def test_changing_a_setting_keeps_the_panel_scrolled(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    load(page, site_url, "lead")
    bar_item(page, "settings").click()
    panel = page.get_by_test_id("settings-panel")
    expect(panel).to_be_visible()
    scroller = panel.evaluate_handle(
        "p => { let e = p; while (e && e.scrollHeight <= e.clientHeight) e = e.parentElement;"
        " return e; }"
    )
    top = scroller.evaluate("e => { e.scrollTop = e.scrollHeight; return e.scrollTop; }")
    assert top > 0
    select = page.get_by_test_id("rule-throw_penalty")
    select.focus()
    select.select_option(index=1)
    expect(page.get_by_test_id("apply-rules")).to_be_enabled()
    shot(page, "settings-scrolled-phone")
    assert scroller.evaluate("e => e.scrollTop") == top
    assert page.evaluate("document.activeElement.dataset.testid") == "rule-throw_penalty"


# ---------------------------------------------------------------- 5. messages


def test_the_resumed_notice_goes_away_at_the_next_action(page: Page, site_url: str) -> None:
    load(page, site_url, "lead")
    wait_state(page, "phase === 'play' && toMove === '0'")
    expect(page.get_by_test_id("notice")).to_have_text("Saved game resumed")
    before = page.locator(HAND).count()
    page.locator(HAND).first.click(position={"x": 8, "y": 14})  # any single card may lead
    page.get_by_test_id("play").click()
    expect(page.locator(HAND)).to_have_count(before - 1)
    expect(page.get_by_test_id("notice").filter(has_text="resumed")).to_have_count(0)


# ---------------------------------------------------------------- 6. last trick


def test_last_trick_after_the_hand_and_not_into_the_next(page: Page, site_url: str) -> None:
    load(page, site_url, "hand_over")
    wait_state(page, "phase === 'hand_over'")
    expect(page.get_by_test_id("kitty-line")).to_be_visible()
    page.get_by_test_id("result-last-trick").click()
    view = page.get_by_test_id("last-trick-view")
    expect(view).to_be_visible()
    expect(page.get_by_test_id("kitty-line")).to_be_hidden()  # the result is collapsed
    box = view.bounding_box()
    assert box is not None
    centre = page.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-testid=last-trick-view]')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert centre, "the last trick is not covered by the result"
    shot(page, "last-trick-after-hand")
    page.get_by_test_id("result-last-trick").click()
    expect(page.get_by_test_id("kitty-line")).to_be_visible()
    page.get_by_test_id("result-last-trick").click()
    page.get_by_test_id("next-hand").click()
    wait_state(page, "phase !== 'hand_over'")
    expect(page.get_by_test_id("last-trick")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("last-trick-view")).to_have_count(0)


# ---------------------------------------------------------------- 11. language


SIMPLIFIED_ONLY = ("发这张庄闲级轮对设记录认说让页个后开关门们时为无"
                   "来过还进选择从当应该网数据档载动败赢输给")
TRADITIONAL_ONLY = ("發這張莊閒級輪對設記錄認說讓頁個後開關門們時為無"
                    "來過還進選擇從當應該網數據檔載動敗贏輸給")
#: The text on the table outside the language menus (which name every language by its
#: own name: 简体中文, 繁體中文, English).
TABLE_TEXT = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll("[data-option=lang]").forEach(e => e.remove());
  return copy.textContent;
}"""
LANGUAGES = {  # a browser locale: the table's language, its html lang, hint and settings
    "zh-CN": ("zh", "zh-CN", "提示", "设置", TRADITIONAL_ONLY),
    "zh-TW": ("zh-Hant", "zh-Hant", "提示", "設定", SIMPLIFIED_ONLY),
    "en-US": ("en", "en", "Hint", "Settings", SIMPLIFIED_ONLY + TRADITIONAL_ONLY + "提示牌"),
}


def expect_language(page: Page, locale: str) -> None:
    """The table speaks the language of ``locale`` and no string of another one."""
    _, html_lang, hint, settings, foreign = LANGUAGES[locale]
    expect(page.get_by_test_id("hint")).to_have_text(hint)
    # the bar's button: an icon (hidden from screen readers) and its words, its name
    expect(page.get_by_test_id("settings")).to_have_accessible_name(settings)
    assert page.evaluate("document.documentElement.lang") == html_lang
    text = page.evaluate(TABLE_TEXT)
    assert not [c for c in text if c in foreign], (locale, text)


@pytest.mark.parametrize(("locale", "hand_name"),
                         [("zh-CN", "手牌"), ("zh-TW", "手牌"), ("en-US", "Your hand")])
def test_first_visit_language_from_the_browser(
    browser: Browser, site_url: str, locale: str, hand_name: str
) -> None:
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{site_url}index.html?seed=3&speed=instant")
        wait_ready(page)
        expect_language(page, locale)
        expect(page.get_by_test_id("hand")).to_have_attribute("aria-label", hand_name)
        menu = page.get_by_test_id("lang-toggle")
        expect(menu).to_have_value(LANGUAGES[locale][0])
        other = "en-US" if locale != "en-US" else "zh-TW"
        menu.select_option(LANGUAGES[other][0])
        expect_language(page, other)
        page.reload()
        wait_ready(page)
        expect_language(page, other)
    finally:
        context.close()


def test_the_language_menu_switches_to_traditional_and_back(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(locale="zh-CN")
    try:
        page = context.new_page()
        page.goto(f"{site_url}index.html?seed=3&speed=instant")
        wait_ready(page)
        menu = page.get_by_test_id("lang-toggle")
        assert menu.locator("option").all_inner_texts() == ["简体中文", "繁體中文", "English"]
        menu.select_option("zh-Hant")
        expect_language(page, "zh-TW")
        page.get_by_test_id("settings").click()
        expect(page.get_by_test_id("option-lang")).to_have_value("zh-Hant")
        options = page.get_by_test_id("option-lang").locator("option")
        assert options.all_inner_texts() == ["简体中文", "繁體中文", "English"]
        page.get_by_test_id("option-lang").select_option("zh")
        expect(page.get_by_test_id("settings-panel").locator("h2")).to_have_text("设置")
        page.get_by_test_id("close-settings").click()
        expect_language(page, "zh-CN")
    finally:
        context.close()

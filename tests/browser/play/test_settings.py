"""Settings: persisted, every rule option offered, language switch, rules start a new match."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from tractor.rules import CHOICES
from web_helpers import hand_cards, open_table, probe, stored, wait_dealt, wait_ready

pytestmark = pytest.mark.web


def test_settings_persist_across_reload(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=3")
    page.get_by_test_id("settings").click()
    panel = page.get_by_test_id("settings-panel")
    expect(panel).to_be_visible()
    for name, values in CHOICES.items():  # every rule option of RULES §6
        options = page.get_by_test_id(f"rule-{name}").locator("option")
        assert options.evaluate_all("els => els.map(e => e.value)") == [
            str(value).lower() for value in values
        ]
    page.get_by_test_id("option-speed").select_option("fast")
    page.get_by_test_id("option-lang").select_option("en")
    page.get_by_test_id("option-four_color").select_option("true")
    page.get_by_test_id("close-settings").click()
    expect(page.locator("#table")).to_have_class(lambda_four_color())

    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("hint")).to_have_text("Hint")
    expect(page.locator("#table")).to_have_class(lambda_four_color())
    page.get_by_test_id("settings").click()
    expect(page.get_by_test_id("option-speed")).to_have_value("fast")
    expect(page.get_by_test_id("option-lang")).to_have_value("en")
    expect(page.get_by_test_id("option-four_color")).to_have_value("true")
    saved = json.loads(stored(page, "tractor.settings") or "")
    assert saved["speed"] == "fast" and saved["lang"] == "en" and saved["four_color"] is True


def lambda_four_color() -> re.Pattern[str]:
    return re.compile(r"\bfour-color\b")


def test_language_switch_changes_the_whole_ui(page: Page, site_url: str) -> None:
    # Chinese chosen (a first visit follows the browser's language: test_new_player.py)
    open_table(page, site_url, "?seed=3&speed=instant", settings={"lang": "zh"})
    page.keyboard.press("Shift")  # the key help shows once a key is used
    ui = ["hint", "autoplay", "new-game", "settings", "last-trick", "help", "status"]
    words = "e => (e.querySelector('.label') || e).textContent"  # a bar button's words
    chinese = {name: page.get_by_test_id(name).evaluate(words) for name in ui}
    assert chinese["hint"] == "提示" and chinese["settings"] == "设置"
    page.get_by_test_id("settings").click()
    page.get_by_test_id("option-lang").select_option("en")
    expect(page.get_by_test_id("settings-panel").locator("h2")).to_have_text("Settings")
    page.get_by_test_id("close-settings").click()
    english = {name: page.get_by_test_id(name).evaluate(words) for name in ui}
    assert english["hint"] == "Hint" and english["autoplay"] == "Autoplay"
    for name in ui:
        assert english[name] != chinese[name], name
        assert not any("\u4e00" <= ch <= "\u9fff" for ch in english[name] or ""), name
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_changing_rules_starts_a_new_match_after_confirmation(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=3&speed=instant", settings={"lang": "en"})
    wait_dealt(page)
    assert len(hand_cards(page)) >= 25
    page.get_by_test_id("settings").click()
    page.get_by_test_id("rule-decks").select_option("1")
    page.get_by_test_id("rule-partners").select_option("find_friend")
    page.get_by_test_id("apply-rules").click()
    page.get_by_test_id("confirm-no").click()  # cancel keeps the match
    assert len(hand_cards(page)) >= 25 and probe(page, "dealt") == "100"
    page.get_by_test_id("apply-rules").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("settings-panel")).to_have_count(0)
    wait_dealt(page)
    assert len(hand_cards(page)) in (12, 18)  # one deck (18 while burying the kitty)
    saved = json.loads(stored(page, "tractor.settings") or "")
    assert saved["rules"]["decks"] == 1 and saved["rules"]["partners"] == "find_friend"

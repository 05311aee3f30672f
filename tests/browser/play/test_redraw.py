"""Redraws morph the page: what stays keeps its focus (regions are not replaced)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from web_helpers import open_table

pytestmark = pytest.mark.web

HAND = '[data-testid="hand"] [data-card]'


def test_a_focused_card_keeps_focus_while_cards_are_dealt(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=7", settings={"speed": "slow", "lang": "en"})
    page.wait_for_function(f"document.querySelectorAll('{HAND}').length >= 2")
    page.locator(HAND).first.focus()
    focused = page.evaluate_handle("document.activeElement")
    dealt = page.locator(HAND).count()
    page.wait_for_function(f"document.querySelectorAll('{HAND}').length >= {dealt + 3}")
    assert page.evaluate("(el) => el === document.activeElement && el.isConnected", focused)


def test_the_page_loads_the_vendored_morphing_library(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?speed=instant", settings={"lang": "en"})
    assert page.evaluate("typeof window.Idiomorph.morph") == "function"


def test_a_button_stays_the_same_element_when_buttons_appear_before_it(
    page: Page, site_url: str
) -> None:
    open_table(page, site_url, "?seed=7", settings={"speed": "slow", "lang": "en"})
    autoplay = page.get_by_test_id("autoplay").element_handle()
    hint = page.get_by_test_id("hint").element_handle()
    page.wait_for_selector('#controls [data-action="declare"]', timeout=60_000)
    assert autoplay.evaluate("(el) => el.isConnected && el.dataset.testid") == "autoplay"
    assert hint.evaluate("(el) => el.isConnected && el.dataset.testid") == "hint"


def test_the_table_is_inert_behind_a_blocking_dialog(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    assert page.evaluate("document.getElementById('hand').inert") is False
    page.get_by_test_id("settings").click()
    page.wait_for_function("() => document.getElementById('hand').inert === true")
    assert page.evaluate("document.getElementById('bar').inert") is True
    page.get_by_test_id("close-settings").click()
    page.wait_for_function("() => document.getElementById('hand').inert === false")

"""Issue 39, finding 3: an engine that fails to load is said, whatever the painter drew.

One sentence in the reader's language (``boot-failed``), a Retry button that reloads
(``boot-retry``) and the technical detail under a collapsed Details, within a bound:
on a repeat visit whose stored view is painted (the painter has replaced the
download's box) as on a first visit.
"""

from __future__ import annotations

import json

import pytest
from house import painting
from playwright.sync_api import Page, Route, expect
from tractor.save import dumps
from web_helpers import LOAD_TIMEOUT_MS, advance, hand_cards, seat0_leads, wait_ready

pytestmark = pytest.mark.web

FAILURE_TIMEOUT_MS = LOAD_TIMEOUT_MS  # a first visit downloads the runtime first
WATCHDOG_TIMEOUT_MS = 90_000  # the watchdog's 30 s, and room for a busy machine
SETTINGS = {"speed": "instant", "rules": {"decks": 1}}

_MATCH = advance({"decks": 1}, 5, seat0_leads)
assert _MATCH is not None
RECORD = dumps(_MATCH)
PAINT = painting.paint_text(_MATCH.observe(0).to_data(), RECORD)
SENTENCES = {
    "en": "The game could not load its files: check your connection and try again.",
    "zh": "游戏文件无法加载：请检查网络后重试。",
    "zh-Hant": "遊戲檔案無法載入：請檢查網路連線後重試。",
}


def open_repeat_visit(page: Page, site_url: str, lang: str = "en") -> None:
    """A stored match and its painted view, then the table."""
    page.goto(f"{site_url}web/style.css")
    page.evaluate("(items) => { localStorage.clear();"
                  " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  {"tractor.settings": json.dumps(dict(SETTINGS, lang=lang)),
                   "tractor.match": RECORD, "tractor.paint": PAINT})
    page.goto(f"{site_url}index.html")
    page.wait_for_function("() => document.querySelector('#table').dataset.painted === 'view'")


def said_once(page: Page, timeout: int = FAILURE_TIMEOUT_MS) -> None:
    """One failure sentence with its Retry button and a collapsed Details."""
    failed = page.get_by_test_id("boot-failed")
    expect(failed).to_be_visible(timeout=timeout)
    expect(failed).to_have_count(1)
    expect(page.get_by_test_id("boot-retry")).to_be_visible()
    details = page.locator("[data-testid=boot] details")
    expect(details).to_have_count(1)
    assert details.get_attribute("open") is None
    assert not page.locator("[data-testid=boot] pre").is_visible()


@pytest.mark.parametrize("lang", sorted(SENTENCES))
def test_a_repeat_visit_with_its_view_painted_says_a_missing_runtime_file(
        page: Page, site_url: str, lang: str) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    open_repeat_visit(page, site_url, lang)
    said_once(page)
    expect(page.get_by_test_id("boot-failed")).to_have_text(SENTENCES[lang])
    assert hand_cards(page)  # the painted hand stays
    detail = page.locator("[data-testid=boot] pre").text_content() or ""
    assert "pyodide.asm.wasm" in detail and "404" in detail


def test_a_repeat_visit_with_its_view_painted_says_an_aborted_runtime_download(
        page: Page, site_url: str) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    open_repeat_visit(page, site_url)
    said_once(page)
    page.locator("[data-testid=boot] summary").click()
    expect(page.locator("[data-testid=boot] pre")).to_contain_text("pyodide.asm.wasm")


def test_a_first_visit_says_a_missing_engine_wheel(page: Page, site_url: str) -> None:
    page.route("**/wheels/**", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site_url}index.html?speed=instant")
    said_once(page)
    expect(page.locator("[data-testid=boot] pre")).to_contain_text("404")


def test_the_table_s_script_raising_at_start_is_said(page: Page, site_url: str) -> None:
    page.route("**/web/main.py", lambda route: route.fulfill(
        status=200, content_type="text/x-python",
        body="import js\nraise RuntimeError('the table broke at start')\n"))
    open_repeat_visit(page, site_url)
    said_once(page)
    expect(page.locator("[data-testid=boot] pre")).to_contain_text("the table broke at start")


def test_an_engine_that_never_says_it_is_live_is_said_by_the_watchdog(
        page: Page, site_url: str) -> None:
    page.route("**/web/main.py", lambda route: route.fulfill(
        status=200, content_type="text/x-python", body="import js\n"))
    open_repeat_visit(page, site_url)
    said_once(page, timeout=WATCHDOG_TIMEOUT_MS)
    expect(page.get_by_test_id("boot-failed")).to_contain_text("too long")


def test_retry_reloads_and_the_table_then_plays(page: Page, site_url: str) -> None:
    failing: list[bool] = [True]

    def runtime(route: Route) -> None:
        if failing[0]:
            route.fulfill(status=404, body="gone")
        else:
            route.continue_()

    page.route("**/pyodide.asm.wasm", runtime)
    open_repeat_visit(page, site_url)
    said_once(page)
    failing[0] = False
    page.get_by_test_id("boot-retry").click()
    wait_ready(page)
    expect(page.get_by_test_id("boot-failed")).to_have_count(0)
    before = len(hand_cards(page))
    page.get_by_test_id("hint").click()
    chosen = page.locator('[data-testid="hand"] [aria-pressed="true"]')
    expect(chosen.first).to_be_visible()
    count = chosen.count()
    page.get_by_test_id("play").click()
    expect(page.locator('[data-testid="hand"] [data-card]')).to_have_count(
        before - count, timeout=LOAD_TIMEOUT_MS)

"""The offline cache serves only the build's bytes (issue 39, finding 6): a page of the same
origin (a sibling site on a shared origin) can write the service worker's cache; an entry
whose SHA-256 is not the one dist/sw.js lists is never served, online or offline."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from test_offline import cache_name, cached, wait_offline_ready
from web_helpers import hand_cards, open_table, wait_dealt, wait_ready

pytestmark = pytest.mark.web

TAMPERED = "tampered"
TAMPER = (
    "([name, url, text]) => caches.open(name).then((c) => c.put(url, new Response(text,"
    " {headers: {'Content-Type': 'text/plain'}})))"
)
#: What the page gets for a file: its text, or "refused: ..." when the fetch fails.
SERVED = "(url) => fetch(url).then((r) => r.text(), (error) => 'refused: ' + error)"
CACHED_TEXT = (
    "([name, url]) => caches.open(name).then((c) => c.match(url))"
    ".then((r) => r ? r.text() : null)"
)
#: A file of the page's Python and one of its JavaScript, both run on every start.
FILES = ("./web/main.py", "./web/offline.js")


def settled_content(page: Page) -> str:
    """The page's markup once Chromium has stopped navigating (after a failed offline
    load it goes on to its own error page; reading it mid-way raises)."""
    for _ in range(20):
        page.wait_for_load_state()
        try:
            return page.content()
        except PlaywrightError as error:
            if "navigating" not in str(error):
                raise
        page.wait_for_timeout(250)
    raise AssertionError("the page never stopped navigating")


def tamper(page: Page, cache: str, url: str) -> None:
    page.evaluate(TAMPER, [cache, url, TAMPERED])
    assert page.evaluate(CACHED_TEXT, [cache, url]) == TAMPERED


def test_a_tampered_cache_entry_is_never_served_and_is_refetched_online(
    page: Page, site_url: str, dist_dir: Path
) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    wait_offline_ready(page)
    cache = cache_name(dist_dir)
    for url in FILES:
        tamper(page, cache, url)
        served = page.evaluate(SERVED, url)
        assert served == (dist_dir / url.removeprefix("./")).read_text(), url
        # Replaced in the cache by the build's own bytes (so the next offline start works).
        assert page.evaluate(CACHED_TEXT, [cache, url]) == served
    for url in FILES:
        tamper(page, cache, url)
    page.reload()
    wait_ready(page)
    wait_dealt(page)
    assert hand_cards(page)
    for url in FILES:
        assert page.evaluate(CACHED_TEXT, [cache, url]) != TAMPERED, url


def test_offline_a_tampered_cache_entry_is_a_failure_not_foreign_code(
    page: Page, context: BrowserContext, site_url: str, dist_dir: Path
) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    wait_offline_ready(page)
    cache = cache_name(dist_dir)
    context.set_offline(True)
    for url in FILES:
        tamper(page, cache, url)
        assert page.evaluate(SERVED, url).startswith("refused"), url
        assert not cached(page, cache, url), "the tampered entry is deleted"
    # The page itself, tampered: offline the navigation fails instead of running it.
    tamper(page, cache, "./index.html")
    tamper(page, cache, "./")
    ran: list[str] = []
    page.on("console", lambda m: ran.append(m.text) if TAMPERED in m.text else None)
    try:
        page.reload()
    except Exception as error:  # noqa: BLE001 (Chromium reports the failed load so)
        assert "ERR_" in str(error), error
    assert TAMPERED not in settled_content(page)
    expect(page.get_by_test_id("phase")).to_have_count(0)
    assert ran == []

"""Offline and installable: one visit, then the site starts and plays with the network off."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from web_helpers import hand_cards, open_table, probe, wait_dealt, wait_ready, wait_state

pytestmark = pytest.mark.web

SW_ACTIVATED = (
    "async () => { const r = await navigator.serviceWorker.getRegistration();"
    " return Boolean(r && r.active && r.active.state === 'activated'"
    " && navigator.serviceWorker.controller); }"
)


def wait_until(page: Page, script: str, what: str, arg: object = None) -> None:
    """Poll an (async) page function until it is true (``evaluate`` awaits its promise)."""
    for _ in range(240):
        if page.evaluate(script, arg):
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"never true: {what}")


def wait_offline_ready(page: Page) -> None:
    """The service worker registered after the first dealt card has cached the site and
    controls the page."""
    wait_until(page, SW_ACTIVATED, "the service worker took over the page")


def cache_name(dist_dir: Path) -> str:
    source = (dist_dir / "sw.js").read_text()
    return source.split('const CACHE = "', 1)[1].split('"', 1)[0]


def test_the_site_is_installable(page: Page, site_url: str, dist_dir: Path) -> None:
    open_table(page, site_url, "?speed=instant", settings={"lang": "en"})
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = json.loads((dist_dir / str(href)).read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./index.html"
    for icon in manifest["icons"]:
        assert (dist_dir / icon["src"]).read_bytes().startswith(b"\x89PNG")
    wait_offline_ready(page)


def test_after_one_visit_a_hand_plays_with_the_network_off(
    page: Page, context: BrowserContext, site_url: str, dist_dir: Path
) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    wait_offline_ready(page)
    assert page.evaluate("caches.keys()") == [cache_name(dist_dir)]
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.onLine") is False
    expect(page.get_by_test_id("worker-state")).to_have_text("ready", timeout=90_000)
    page.get_by_test_id("autoplay").click()
    wait_state(page, "phase === 'hand_over'", timeout=180_000)
    assert int(probe(page, "worker-calls")) > 0


def test_a_new_build_s_cache_replaces_the_old_one(
    page: Page, site_url: str, dist_dir: Path
) -> None:
    page.goto(f"{site_url}web/style.css")
    page.evaluate("caches.open('tractor-0000000000000000').then((c) => c.put('./x', "
                  "new Response('old build')))")
    assert page.evaluate("caches.keys()") == ["tractor-0000000000000000"]
    open_table(page, site_url, "?speed=instant", settings={"lang": "en"})
    wait_offline_ready(page)
    assert page.evaluate("caches.keys()") == [cache_name(dist_dir)]


@contextmanager
def serving(site_build: ModuleType, root: Path) -> Iterator[str]:
    """``root`` served on a free 127.0.0.1 port (its own origin: its own worker and caches)."""
    server = site_build.make_server(root, port=0, handler=site_build.QuietSiteHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def sub_path_url(site_build: ModuleType, tmp_path: Path) -> Iterator[str]:
    """dist/ served under /tractor-game/ (as GitHub Pages serves a project site)."""
    (tmp_path / "tractor-game").symlink_to(site_build.DIST, target_is_directory=True)
    with serving(site_build, tmp_path) as url:
        yield f"{url}tractor-game/"


def test_the_site_works_under_a_sub_path(page: Page, sub_path_url: str) -> None:
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    open_table(page, sub_path_url, "?seed=3&speed=instant", settings={"lang": "en"})
    wait_dealt(page)
    assert hand_cards(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == sub_path_url and failed == []


def cached(page: Page, cache: str, url: str) -> bool:
    """Whether ``url`` (relative to the page) is in the cache named ``cache``."""
    return bool(page.evaluate(
        "([name, url]) => caches.open(name).then((c) => c.match(url)).then(Boolean)", [cache, url]
    ))


def test_a_file_lost_from_the_cache_is_fetched_once_online_and_kept_for_offline(
    page: Page, context: BrowserContext, site_url: str, dist_dir: Path
) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    wait_offline_ready(page)
    cache = cache_name(dist_dir)
    wheel = "./" + next(dist_dir.glob("wheels/*/*.whl")).relative_to(dist_dir).as_posix()
    page.evaluate("([name, url]) => caches.open(name).then((c) => c.delete(url))", [cache, wheel])
    assert not cached(page, cache, wheel)
    page.reload()
    wait_ready(page)
    assert cached(page, cache, wheel)
    # Only the build's own files go into its cache (the benchmark page is not one).
    page.evaluate("fetch('./bench/bare.html').then((r) => r.text())")
    assert not cached(page, cache, "./bench/bare.html")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    wait_dealt(page)
    assert hand_cards(page)


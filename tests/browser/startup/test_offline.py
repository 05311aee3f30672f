"""Offline and installable: one visit, then the site starts and plays with the network off."""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
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


NETWORK_IS_OFF = """fetch("./not-in-the-cache.txt?" + Date.now(), {cache: "no-store"})
    .then(() => false, () => true)"""


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
    # Chromium 150 no longer reports navigator.onLine = false under emulated offline
    # after a reload; what matters is that the network is off: a file outside the
    # offline cache cannot be fetched.
    assert page.evaluate(NETWORK_IS_OFF) is True
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
def serving(site_build: ModuleType, root: Path, handler: type | None = None) -> Iterator[str]:
    """``root`` served on a free 127.0.0.1 port (its own origin: its own worker and caches)."""
    handler = handler or site_build.QuietSiteHandler
    server = site_build.make_server(root, port=0, handler=handler)
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


#: A line only build B's copy of web/worker.py has.
BUILD_B_MARKER = "# build B"


@dataclass
class TwoBuilds:
    """Build A (dist/) served at ``url``, until ``switch()`` serves build B there instead."""

    url: str
    outside: str  #: a page of the same origin outside the worker's scope
    old: str  #: build A's cache name
    new: str  #: build B's cache name
    switch: Callable[[], None]


@pytest.fixture(params=["no-cache", "max-age=600"])
def two_builds(
    request: pytest.FixtureRequest, site_build: ModuleType, tmp_path: Path
) -> Iterator[TwoBuilds]:
    """dist/ under /site/; build B is a copy of it with one changed file and its own sw.js.

    Served twice: as build.py serves (``no-cache``), and as GitHub Pages serves (every
    answer may be kept 10 minutes, so the browser's HTTP cache still holds build A's
    files under the same URLs when build B arrives).
    """
    build_b = tmp_path / "build-b"
    shutil.copytree(site_build.DIST, build_b)
    with (build_b / "web" / "worker.py").open("a") as worker:
        worker.write(f"\n{BUILD_B_MARKER}\n")
    site_build.write_service_worker(build_b)
    # The server answers If-Modified-Since by whole seconds: B's sw.js is newer than A's.
    later = (site_build.DIST / "sw.js").stat().st_mtime + 60
    os.utime(build_b / "sw.js", (later, later))
    root = tmp_path / "root"
    root.mkdir()
    (root / "site").symlink_to(site_build.DIST, target_is_directory=True)

    def switch() -> None:
        (root / "next").symlink_to(build_b, target_is_directory=True)
        (root / "next").replace(root / "site")  # one rename: no request sees a half switch

    class Handler(site_build.QuietSiteHandler):  # type: ignore[name-defined,misc]
        cache_control = request.param

    with serving(site_build, root, Handler) as url:
        yield TwoBuilds(
            f"{url}site/", url, cache_name(site_build.DIST), cache_name(build_b), switch
        )


#: Build B's worker is installed (its cache filled) and settled: waiting, or active.
NEW_BUILD_SETTLED = (
    "async ([scope, name]) => { const r = await navigator.serviceWorker.getRegistration(scope);"
    " if (!r || r.installing || !(await caches.has(name))) return false;"
    " return r.waiting ? r.waiting.state === 'installed' : r.active.state === 'activated'; }"
)
FETCH_WORKER_SCRIPT = (
    "fetch('./web/worker.py').then((r) => r.text(), (error) => 'refused: ' + error)"
)


def test_a_page_open_when_a_new_build_arrives_gets_only_files_of_its_own_build(
    page: Page, context: BrowserContext, two_builds: TwoBuilds
) -> None:
    open_table(page, two_builds.url, "?speed=instant", settings={"lang": "en"})
    wait_offline_ready(page)
    two_builds.switch()
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    wait_until(page, NEW_BUILD_SETTLED, "build B installed", [two_builds.url, two_builds.new])
    # A lazy load of the open page (PyScript fetches the worker's script so) is build A's.
    script = page.evaluate(FETCH_WORKER_SCRIPT)
    assert "def " in script and BUILD_B_MARKER not in script
    # A file lost from build A's cache (and from the HTTP cache) is not replaced by build
    # B's copy from the server.
    page.evaluate("([name]) => caches.open(name).then((c) => c.delete('./web/worker.py'))",
                  [two_builds.old])
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    assert page.evaluate(FETCH_WORKER_SCRIPT).startswith("refused")
    assert not cached(page, two_builds.old, "./web/worker.py")
    # Once no page of build A is open, build B takes over and build A's cache goes.
    page.close()
    outside = context.new_page()
    outside.goto(two_builds.outside)
    wait_until(outside, "(name) => caches.keys().then((k) => k.join() === name)",
               "only build B's cache is left", two_builds.new)
    fresh = context.new_page()
    open_table(fresh, two_builds.url, "?speed=instant", settings={"lang": "en"})
    assert BUILD_B_MARKER in fresh.evaluate(FETCH_WORKER_SCRIPT)

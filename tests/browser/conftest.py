"""Fixtures for the browser tests of the static site (dist/, built by ``tests/conftest.py``).

* serves dist/ on a free 127.0.0.1 port in a background thread (``site_url``);
* launches Chromium from /usr/bin/chromium (or ``$TRACTOR_CHROMIUM``) when present,
  else Playwright's own browser (``python -m playwright install chromium``);
* puts web/ and ``tests/page`` (with its subfolders) on ``sys.path``: the browser tests
  import the page's packages by their names and reuse the page tests' helpers
  (``matches``) and lists; the browser tests sit in subfolders by what a player does
  (``play/``, ``layout/``, ``records/``, ``startup/``, ``learn/``, ``embed/``), each on
  ``sys.path`` too, as some import another's helpers by its bare name.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import expect

#: Browser assertions wait up to 15 s (Playwright's default is 5 s): on a busy 2-core
#: machine Pyodide and the page's Python loop can be slow; a pass is still immediate.
expect.set_options(timeout=15_000)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PAGE_TESTS = ROOT / "tests" / "page"
for folder in (ROOT, ROOT / "web", PAGE_TESTS,
               *sorted(sub for parent in (PAGE_TESTS, HERE) for sub in parent.iterdir()
                       if sub.is_dir() and sub.name != "__pycache__")):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # A container's small /dev/shm crashes the renderer ("Target crashed").
    "--disable-dev-shm-usage",
]


def chromium_executable() -> str | None:
    """The Chromium to use: $TRACTOR_CHROMIUM, else /usr/bin/chromium, else None (Playwright's)."""
    configured = os.environ.get("TRACTOR_CHROMIUM")
    if configured:
        found = shutil.which(configured)
        if found is None:
            raise pytest.UsageError(f"TRACTOR_CHROMIUM={configured!r} is not an executable")
        return found
    return SYSTEM_CHROMIUM if os.access(SYSTEM_CHROMIUM, os.X_OK) else None


def pytest_configure(config: pytest.Config) -> None:
    """Quiet a warning of a plugin pytest-playwright pulls in."""
    # pytest-base-url (pulled in by pytest-playwright) defines a fixture pytest 9 warns about.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods"
        ":pytest.PytestDeprecationWarning",
    )


@pytest.fixture(scope="session")
def served_paths() -> list[str]:
    """Every path the test server was asked for, in order (shared by the whole session)."""
    return []


@pytest.fixture(scope="session")
def site_url(site_build: ModuleType, served_paths: list[str]) -> Iterator[str]:
    """Base URL (ending in '/') of dist/ served on a free 127.0.0.1 port."""

    class RecordingHandler(site_build.QuietSiteHandler):  # type: ignore[name-defined,misc]
        def do_GET(self) -> None:
            served_paths.append(self.path)
            super().do_GET()

    server = site_build.make_server(site_build.DIST, port=0, handler=RecordingHandler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], browser_name: str | None
) -> dict[str, Any]:
    """Use the system Chromium when there is one; always pass the offline-friendly flags."""
    args = dict(browser_type_launch_args)
    if browser_name in (None, "chromium"):
        executable = chromium_executable()
        if executable:
            args["executable_path"] = executable
        args["args"] = [*args.get("args", []), *CHROMIUM_FLAGS]
    return args


@pytest.fixture(autouse=True)
def _no_page_outlives_its_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every browser context a test opened and left open (a test that failed before
    its own ``close``, a helper's page): one Chromium serves a worker's whole run, and pages
    left behind pile up in its renderers until one dies of memory ("Target crashed" in
    whatever test comes next). The ``context`` fixture's own is closed by pytest-playwright."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    own = request.getfixturevalue("context") if "context" in request.fixturenames else None
    yield
    for context in list(browser.contexts):
        if context not in before and context is not own:
            with contextlib.suppress(Exception):  # already closing with its browser
                context.close()


@pytest.fixture(autouse=True)
def _engine_starts_plainly(request: pytest.FixtureRequest) -> None:
    """The browser tests start the engine plainly (sessionStorage ``tractor.snapshot`` =
    ``off``), so that none of them boots a second Pyodide in the background to make the
    memory snapshot; ``test_snapshot.py`` tests that path."""
    if "context" not in request.fixturenames or request.node.path.name == "test_snapshot.py":
        return
    context = request.getfixturevalue("context")
    context.add_init_script(
        script="try { sessionStorage.setItem('tractor.snapshot', 'off'); } catch (e) {}")

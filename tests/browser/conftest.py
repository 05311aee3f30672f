"""Fixtures for the browser tests of the static site (dist/).

* builds dist/ once per run with build.py's package ``sitebuild`` (skip with
  ``TRACTOR_SKIP_BUILD=1``): with pytest-xdist the first worker builds under a lock and
  the others use its dist/;
* serves dist/ on a free 127.0.0.1 port in a background thread (``site_url``);
* launches Chromium from /usr/bin/chromium (or ``$TRACTOR_CHROMIUM``) when present,
  else Playwright's own browser (``python -m playwright install chromium``).
"""

from __future__ import annotations

import fcntl
import importlib
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

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def load_build_module() -> ModuleType:
    """The build's package, ``sitebuild`` (build.py's steps; its ``__init__`` names them),
    imported from the top of the work tree."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("sitebuild")


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
    """Register the ``web`` marker (browser/site tests: ``-m 'not web'`` skips them)."""
    config.addinivalue_line("markers", "web: builds dist/ and tests the site in Chromium")
    # pytest-base-url (pulled in by pytest-playwright) defines a fixture pytest 9 warns about.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods"
        ":pytest.PytestDeprecationWarning",
    )


def build_once(build: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Build dist/ once for this run. Under pytest-xdist every worker asks: the first
    builds while holding a lock in the run's shared temporary folder and leaves a stamp
    named for the run; the others wait for the lock and find the stamp."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        build.build()
        return
    shared = tmp_path_factory.getbasetemp().parent
    stamp = shared / f"dist-built-{run}"
    with (shared / "dist-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        state = stamp.read_text() if stamp.is_file() else ""
        if state == "failed":
            pytest.fail("build.py failed in another worker")
        if state != "built":
            try:
                build.build()
            except build.BuildError:
                stamp.write_text("failed")
                raise
            stamp.write_text("built")


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The sitebuild package, after building dist/ (unless TRACTOR_SKIP_BUILD=1)."""
    build = load_build_module()
    if os.environ.get("TRACTOR_SKIP_BUILD") == "1":
        if not (build.DIST / "index.html").is_file():
            pytest.fail("TRACTOR_SKIP_BUILD=1 but dist/ is not built: run python3 build.py")
    else:
        try:
            build_once(build, tmp_path_factory)
        except build.BuildError as error:
            pytest.fail(f"build.py failed: {error}")
    return build


@pytest.fixture(scope="session")
def dist_dir(site_build: ModuleType) -> Path:
    """The built site folder."""
    directory: Path = site_build.DIST
    return directory


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
def _engine_starts_plainly(request: pytest.FixtureRequest) -> None:
    """The browser tests start the engine plainly (sessionStorage ``tractor.snapshot`` =
    ``off``), so that none of them boots a second Pyodide in the background to make the
    memory snapshot; ``test_snapshot.py`` tests that path."""
    if "context" not in request.fixturenames or request.node.path.name == "test_snapshot.py":
        return
    context = request.getfixturevalue("context")
    context.add_init_script(
        script="try { sessionStorage.setItem('tractor.snapshot', 'off'); } catch (e) {}")

"""What every test folder shares: the ``web`` marker and the built site (dist/).

No browser here (Playwright is ``tests/browser/conftest.py``'s), so that the page's unit
tests (``tests/page``) run without it and the few of them that read the built site or run
its MicroPython under Node.js share one build with the browser tests:

* ``site_build``: the build's package ``sitebuild`` after building dist/ once per run
  (skip with ``TRACTOR_SKIP_BUILD=1``); with pytest-xdist the first worker builds under
  a lock and the others use its dist/;
* ``dist_dir``: the built site's folder.
"""

from __future__ import annotations

import fcntl
import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``web`` marker (builds dist/ or needs a browser: ``-m 'not web'``
    skips them)."""
    config.addinivalue_line("markers", "web: builds dist/ and tests the site in Chromium")


def load_build_module() -> ModuleType:
    """The build's package, ``sitebuild`` (build.py's steps; its ``__init__`` names them),
    imported from the top of the work tree."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("sitebuild")


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

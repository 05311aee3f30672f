#!/usr/bin/env python3
"""Time cold loads of the bare PyScript page and the game page in headless Chromium.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/measure_load.py [--runs N]

Times, in the same run, a bare PyScript page on the same vendored runtime and
the game page until its first dealt card is on the table, and prints the ratio.

Every run uses a fresh browser context (empty HTTP cache).  Prints seconds from
navigation start until Python has written its result into the page.  Not a test:
numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: name -> (page path, JavaScript predicate meaning "ready")
PAGES = {
    "bare PyScript page (Python ran)": (
        "bench/bare.html",
        "document.querySelector('[data-testid=\"bare\"]')?.textContent.includes('ran')",
    ),
    "game page (first dealt card shown)": (
        "index.html?speed=normal",
        "document.querySelectorAll('[data-testid=\"hand\"] [data-card]').length > 0",
    ),
}


def load_build() -> ModuleType:
    """Import build.py by path."""
    spec = importlib.util.spec_from_file_location("tractor_site_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def chromium_path() -> str | None:
    """$TRACTOR_CHROMIUM, else Debian's /usr/bin/chromium, else None (Playwright's own)."""
    return os.environ.get("TRACTOR_CHROMIUM") or (
        "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
    )


@contextmanager
def served_dist() -> Iterator[str]:
    """dist/ served on a free 127.0.0.1 port; yields the base URL (ending in /)."""
    build = load_build()
    server = build.make_server(build.DIST, port=0, handler=build.QuietSiteHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def time_page(browser: Browser, url: str, ready: str) -> float:
    """Seconds from navigation until the JavaScript predicate ``ready`` holds."""
    context = browser.new_context()
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_function(f"() => {ready}", timeout=120_000, polling=20)
        return time.perf_counter() - start
    finally:
        context.close()


def main() -> int:
    """Serve dist/, time each page ``--runs`` times, print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    timings: dict[str, list[float]] = {name: [] for name in PAGES}
    with served_dist() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        for _ in range(args.runs):
            for name, (path, ready) in PAGES.items():
                timings[name].append(time_page(browser, base + path, ready))
        browser.close()
    medians = {}
    for name, values in timings.items():
        runs = " ".join(f"{value:.2f}" for value in values)
        medians[name] = statistics.median(values)
        print(f"{name:36s} median {medians[name]:.2f}s  runs: {runs}")
    bare, game = medians.values()
    print(f"ratio game/bare: {game / bare:.2f} (target ≤ 1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

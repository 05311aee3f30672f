#!/usr/bin/env python3
"""Time cold loads of the bare PyScript page and the game page in headless Chromium.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/measure_load.py [--runs N] [--compare OTHER/dist]
        [--mbit 20 --latency 40]

Times, in the same run, a bare PyScript page on the same vendored runtime and
the game page until its first dealt card is on the table, and prints the ratio.
``--compare`` times, in turn with them, the game page of another build (another
checkout's ``dist/``, say the one before a change), served alike. ``--mbit`` (and
``--latency``, ms) slow every page's network down to a phone's link (Chromium's network
emulation; our server does not gzip, so the bytes are the raw ones).

Every run uses a fresh browser context (empty HTTP cache).  Prints seconds from
navigation start until Python has written its result into the page.  Not a test:
numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
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
    """Import build.py's package, ``sitebuild``, from the top of the work tree."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("sitebuild")


def chromium_path() -> str | None:
    """$TRACTOR_CHROMIUM, else Debian's /usr/bin/chromium, else None (Playwright's own)."""
    return os.environ.get("TRACTOR_CHROMIUM") or (
        "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
    )


@contextmanager
def served_dist(directory: Path | None = None) -> Iterator[str]:
    """dist/ (or ``directory``) served on a free 127.0.0.1 port; yields the base URL
    (ending in /)."""
    build = load_build()
    server = build.make_server(directory or build.DIST, port=0,
                               handler=build.QuietSiteHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def time_page(browser: Browser, url: str, ready: str, mbit: float = 0,
              latency: float = 0) -> float:
    """Seconds from navigation until the JavaScript predicate ``ready`` holds (over a link
    of ``mbit`` Mbit/s and ``latency`` ms when ``mbit`` is given)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        if mbit:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": latency,
                "downloadThroughput": mbit * 125_000, "uploadThroughput": mbit * 125_000})
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
    parser.add_argument("--compare", type=Path, help="another build's dist/, timed too")
    parser.add_argument("--mbit", type=float, default=0, help="network emulation, Mbit/s")
    parser.add_argument("--latency", type=float, default=0, help="with --mbit: its latency, ms")
    args = parser.parse_args()
    pages = dict(PAGES)
    compared = "game page of --compare"
    if args.compare:
        pages[compared] = PAGES["game page (first dealt card shown)"]
    timings: dict[str, list[float]] = {name: [] for name in pages}
    with ExitStack() as stack:
        base = stack.enter_context(served_dist())
        other = stack.enter_context(served_dist(args.compare)) if args.compare else base
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        for _ in range(args.runs):
            for name, (path, ready) in pages.items():
                root = other if name == compared else base
                timings[name].append(time_page(browser, root + path, ready,
                                               args.mbit, args.latency))
        browser.close()
    medians = {}
    for name, values in timings.items():
        runs = " ".join(f"{value:.2f}" for value in values)
        medians[name] = statistics.median(values)
        print(f"{name:36s} median {medians[name]:.2f}s  runs: {runs}")
    bare, game = medians[next(iter(PAGES))], medians["game page (first dealt card shown)"]
    print(f"ratio game/bare: {game / bare:.2f} (target ≤ 1.1)")
    if args.compare:
        print(f"ratio --compare/bare: {medians[compared] / bare:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

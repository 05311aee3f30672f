#!/usr/bin/env python3
"""Bytes and time of a first and a repeat visit (the service worker's cache), in Chromium.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/measure_offline.py [--runs 3]

For each run, in a fresh browser profile: a first visit of the game page until
the first dealt card and until the service worker has cached the site, then a
repeat visit (same profile) until the first dealt card, then the bare PyScript
page likewise (its runtime files come from the same cache). Prints the bytes the
server sent (and what gzip, which GitHub Pages applies, would send) and the
medians of the times. Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import threading
import time
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_load import FLAGS, PAGES, chromium_path, load_build  # noqa: E402

GAME_READY = PAGES["game page (first dealt card shown)"][1]
BARE_READY = PAGES["bare PyScript page (Python ran)"][1]
SW_ACTIVATED = (
    "async () => { const r = await navigator.serviceWorker.getRegistration();"
    " return Boolean(r && r.active && r.active.state === 'activated'); }"
)


@cache
def gzipped_size(path: str) -> int:
    return len(gzip.compress(Path(path).read_bytes(), compresslevel=6))


def counting_server(build: Any, directory: Path | None = None
                    ) -> tuple[Any, list[tuple[str, int, int]]]:
    """dist/ (or ``directory``, another build's) on a free port; every file sent is
    recorded as (path, bytes, gzip bytes)."""
    sent: list[tuple[str, int, int]] = []
    lock = threading.Lock()

    class Counting(build.QuietSiteHandler):  # type: ignore[misc]
        def send_head(self) -> Any:
            body = super().send_head()
            if body is not None and hasattr(body, "fileno"):
                path = self.translate_path(self.path)
                if os.path.isdir(path):  # "./" is sent as its index.html
                    path = os.path.join(path, "index.html")
                with lock:
                    sent.append((self.path, os.fstat(body.fileno()).st_size, gzipped_size(path)))
            return body

    server = build.make_server(directory or build.DIST, port=0, handler=Counting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, sent


def visit(context: BrowserContext, url: str, ready: str) -> float:
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function(f"() => {ready}", timeout=180_000, polling=20)
    elapsed = time.perf_counter() - start
    page.close()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    build = load_build()
    server, sent = counting_server(build)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    first, repeat, bare = [], [], []
    bytes_first = bytes_cached = bytes_repeat = (0, 0)

    def total(since: int) -> tuple[int, int]:
        return sum(s[1] for s in sent[since:]), sum(s[2] for s in sent[since:])

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        for _ in range(args.runs):
            context = browser.new_context()
            mark = len(sent)
            page = context.new_page()
            start = time.perf_counter()
            page.goto(base + "index.html?speed=normal")
            page.wait_for_function(f"() => {GAME_READY}", timeout=180_000, polling=20)
            first.append(time.perf_counter() - start)
            bytes_first = total(mark)
            while not page.evaluate(SW_ACTIVATED):  # registered once the first card is shown
                page.wait_for_timeout(200)
            page.close()
            bytes_cached = total(mark)
            mark = len(sent)
            repeat.append(visit(context, base + "index.html?speed=normal", GAME_READY))
            bytes_repeat = total(mark)
            bare.append(visit(context, base + "bench/bare.html", BARE_READY))
            context.close()
        browser.close()
    server.shutdown()

    def mb(pair: tuple[int, int]) -> str:
        return f"{pair[0] / 1e6:.2f} MB ({pair[1] / 1e6:.2f} MB gzipped)"

    print(f"first visit, to the first dealt card: {mb(bytes_first)}")
    print(f"first visit, with the offline cache filled: {mb(bytes_cached)}")
    print(f"repeat visit, to the first dealt card: {mb(bytes_repeat)}")
    median_first, median_repeat, median_bare = (statistics.median(v) for v in (first, repeat, bare))
    print(f"time to the first dealt card: first visit {median_first:.2f} s, repeat visit "
          f"{median_repeat:.2f} s; bare PyScript page, repeat visit {median_bare:.2f} s: "
          f"ratio {median_repeat / median_bare:.2f} (medians of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

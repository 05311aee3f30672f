#!/usr/bin/env python3
"""Time the first paint of embed.html against a bare PyScript MicroPython page.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/measure_embed.py [--runs N]

In the same run and alternately, with a fresh browser context (empty HTTP cache)
each time: the bare MicroPython page (``bench/bare-mpy.html``) until its script
has run, and ``embed.html?s=…`` of a show position with steps until its cards
are on screen; then the same embed until the rules engine (the Pyodide worker)
has answered the first Next. Prints medians and the ratio of the first paint to
the bare page (issue 9's target: at most 1.5). Not a test: the numbers depend on
the machine.
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
import sys
import time

from measure_load import FLAGS, chromium_path, served_dist, time_page
from playwright.sync_api import Browser, sync_playwright

#: RULES §4: on 5S 4S4S, 9H 7H7H trumps and 8H8H 4H over-trumps (L = 10, T = H).
POSITION = {
    "schema": "tractor-scenario", "version": 1, "level": "10", "trump": "H", "dealer": 1,
    "seats": [{"cards": "AD KD 9H 8H 8H 4H"}, {"backs": 3}, {}, {"backs": 6}],
    "trick": [{"seat": 1, "cards": "5S 4S 4S"}, {"seat": 2, "cards": "9H 7H 7H"}],
    "caption": "Seat 2 trumps; can you over-trump?",
    "steps": [{"seat": 3, "cards": "6S 3S 2S"}, {"seat": 0, "cards": "8H 8H 4H"}],
}
LINK = base64.urlsafe_b64encode(json.dumps(POSITION).encode()).decode().rstrip("=")
BARE_READY = "document.getElementById('bare')?.textContent.includes('ran')"
CARDS_READY = "document.querySelectorAll('#embed [data-card]').length > 0"
STEP_READY = "document.querySelector('.embed-root')?.dataset.step === '1'"


def time_embed(browser: Browser, url: str) -> tuple[float, float]:
    """Seconds to the first card, and to the engine's first step after clicking Next."""
    context = browser.new_context()
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_function(f"() => {CARDS_READY}", timeout=60_000, polling=10)
        painted = time.perf_counter() - start
        clicked = time.perf_counter()
        page.get_by_test_id("next").click()
        page.wait_for_function(f"() => {STEP_READY}", timeout=120_000, polling=20)
        return painted, time.perf_counter() - clicked
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    bare: list[float] = []
    paint: list[float] = []
    engine: list[float] = []
    with served_dist() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        for _ in range(args.runs):
            bare.append(time_page(browser, base + "bench/bare-mpy.html", BARE_READY))
            painted, stepped = time_embed(browser, f"{base}embed.html?s={LINK}&lang=en")
            paint.append(painted)
            engine.append(stepped)
        browser.close()
    for name, values in (("bare MicroPython page (script ran)", bare),
                         ("embed.html (cards on screen)", paint),
                         ("embed.html first Next (engine started)", engine)):
        runs = " ".join(f"{value:.2f}" for value in values)
        print(f"{name:40s} median {statistics.median(values):.2f}s  runs: {runs}")
    ratio = statistics.median(paint) / statistics.median(bare)
    print(f"ratio embed first paint / bare MicroPython: {ratio:.2f} (target ≤ 1.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

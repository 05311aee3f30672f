#!/usr/bin/env python3
"""Time the computer players in the page: decisions in the Pyodide worker, a whole hand.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/measure_players.py [--player hard] [--hands 1] [--seed 7]

Opens the game page with all three computer seats and the 托管 helper set to
``--player``, waits until the worker is ready, turns 托管 on for seat 0 and
plays ``--hands`` hands at instant speed. Prints the round-trip time of every
worker decision (p50/p95/max, from the table's ``think-ms`` probe), their sum
(the hand's thinking) and the wall time of each hand. Not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_load import FLAGS, chromium_path, served_dist  # noqa: E402


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="hard")
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    p = args.player
    settings = json.dumps({"speed": "instant", "lang": "en", "seat1": p, "seat2": p,
                           "seat3": p, "helper": p, "auto_next": True})
    times: list[int] = []
    with served_dist() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        page = browser.new_page()
        page.add_init_script(script=f"localStorage.setItem('tractor.settings', {settings!r});")
        page.goto(f"{base}index.html?seed={args.seed}")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=\"worker-state\"]')?.textContent"
            " === 'ready'", timeout=180_000)
        page.get_by_test_id("autoplay").click()
        for hand in range(args.hands):
            start = time.perf_counter()
            page.wait_for_function(
                f"() => ['hand_over', 'match_over'].includes(document.querySelector("
                f"'[data-testid=\"phase\"]')?.textContent) && document.querySelector("
                f"'[data-testid=\"hand-number\"]')?.textContent === '{hand}'",
                timeout=600_000)
            wall = time.perf_counter() - start
            hand_times = [int(t) for t in (page.get_by_test_id("think-ms").text_content()
                                           or "").split()]
            new = hand_times[len(times):] if len(hand_times) > len(times) else hand_times
            times = hand_times
            print(f"hand {hand + 1}: {wall:.1f} s wall, {len(new)} worker decisions, "
                  f"thinking {sum(new) / 1000:.1f} s")
        browser.close()
    if times:
        print(f"{p} in the Pyodide worker, round trip per decision: "
              f"p50 {statistics.median(times):.0f} ms, p95 {percentile(times, 0.95)} ms, "
              f"max {max(times)} ms over {len(times)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())

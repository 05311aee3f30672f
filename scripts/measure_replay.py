#!/usr/bin/env python3
"""Time loading a long saved match (a 40-hand record replayed through the rules).

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/measure_replay.py [--runs N] [--hands 40]

Plays a two-deck match between random players until ``--hands`` hands are over
(the first seed whose match lasts that long), then times ``tractor.save.loads``
of its record in CPython and, in the same run, the page's own replay of it from
localStorage (the table shows the milliseconds in its ``load-ms`` probe), each
the median of ``--runs``. Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pyengine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure_load import FLAGS, chromium_path, served_dist  # noqa: E402
from tractor.match import Match  # noqa: E402
from tractor.players import make_player  # noqa: E402
from tractor.rules import Rules  # noqa: E402
from tractor.runner import step  # noqa: E402
from tractor.save import dumps, loads  # noqa: E402


def long_match(hands: int) -> Match:
    """A two-deck match of random players that has finished ``hands`` hands."""
    for seed in range(1, 200):
        m = Match(Rules(), seed)
        players = [make_player("random", s) for s in range(4)]
        while m.hand_no < hands and not m.is_over:
            step(m, players)
        if m.hand_no >= hands:
            return m
    raise SystemExit(f"no match of random players lasted {hands} hands")


def cpython_ms(text: str, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        loads(text)
        out.append((time.perf_counter() - start) * 1000)
    return out


def page_ms(text: str, runs: int) -> list[float]:
    """The page's ``load-ms`` probe after opening it with ``text`` stored, fresh each time."""
    settings = json.dumps({"speed": "instant", "lang": "en"})
    seed_storage = (
        f"localStorage.setItem('tractor.match', {json.dumps(text)});"
        f"localStorage.setItem('tractor.settings', {json.dumps(settings)});"
    )
    out = []
    with served_dist() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.add_init_script(script=seed_storage)
            page.goto(base + "index.html")
            page.wait_for_function(
                "() => document.querySelector('[data-testid=\"notice\"]')?.textContent",
                timeout=120_000,
            )
            out.append(float(page.get_by_test_id("load-ms").text_content() or "nan"))
            context.close()
        browser.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=40)
    args = parser.parse_args()
    m = long_match(args.hands)
    text = dumps(m)
    print(f"record: seed {m.seed}, {m.hand_no} hands, {len(m.actions)} actions, "
          f"{len(text) / 1024:.0f} KB")
    for name, values in (
        ("CPython loads()", cpython_ms(text, args.runs)),
        ("page (Pyodide) replay", page_ms(text, args.runs)),
    ):
        runs = " ".join(f"{v:.0f}" for v in values)
        print(f"{name:24s} median {statistics.median(values):6.0f} ms  runs: {runs}")
    print("target: the page under 300 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

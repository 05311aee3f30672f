#!/usr/bin/env python3
"""Time the coach in the page: a finished 2-deck hand reviewed through the worker.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/measure_review_page.py [--hands 3] [--seed 1] [--seat0 random]
        [--preset find_friend] [--declare-window after_deal]

Plays ``--hands`` 2-deck hands as ``scripts/measure_review.py`` does (easy players
in seats 0 and 2, hard in 1 and 3; one match seed each from ``--seed``; ``--seat0
random`` puts a random player in seat 0, whose many marked plays each need the
confirming deals: the slow case), stores
each finished hand in a fresh page of the built site in headless Chromium, waits
for the computer players' worker, presses the result's Review and waits until the
review is done. Prints the p50/p95 of one decision's round trip through the worker
(the replay's ``data-step-ms``, the page's own clock) and the whole hand's review
from the click to the last mark, next to the same hand's review in CPython here.
Then (issue 38), in the drills the marks made (``review-drills``), for up to
``--tries`` drills a hand: ``try-better``, the play made picked again (the coach
judges it wrong: its whole review, the slow case) and the time from ``try-check``
to its ``try-verdict``; and after a reload, the time from ``play-from-here`` at the
replay's second step to the ``branch`` banner.
Not a test: numbers depend on the machine. The targets: a whole hand within 20 s,
a verdict within 2 s p95, a branch's start within 1 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pyengine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure_load import FLAGS, chromium_path, served_dist  # noqa: E402
from measure_review import pct, played_hand, timed  # noqa: E402
from tractor.match import Match  # noqa: E402
from tractor.players import PLAYER_NAMES, make_player  # noqa: E402
from tractor.rules import Rules  # noqa: E402
from tractor.runner import step  # noqa: E402
from tractor.save import dumps  # noqa: E402

READY = "() => document.querySelector('[data-testid=\"worker-state\"]')?.textContent === 'ready'"


def hand_of(seat0: str, seed: int, rules: Rules) -> Match:
    """measure_review's hand, or the same with ``seat0`` playing seat 0."""
    if seat0 == "easy":
        return played_hand(rules, seed)
    m = Match(rules, seed=seed)
    seats = [make_player(seat0 if s == 0 else "easy" if s == 2 else "hard", seed * 4 + s)
             for s in range(4)]
    while m.phase not in ("hand_over", "match_over"):
        step(m, seats)
    return m


def pick(item: Locator, cards: list[str]) -> None:
    """Pick the play made again in a drill's attempt: its choice, or its cards each once."""
    choices = item.locator("[data-choice]")
    want = " ".join(sorted(cards)) or "pass"
    for i in range(choices.count()):
        if " ".join(sorted((choices.nth(i).get_attribute("data-choice") or "").split())) == want:
            choices.nth(i).click()
            return
    hand = item.get_by_test_id("try-hand")
    for i, card in enumerate(cards):
        buttons = hand.locator(f'button:has([data-card="{card}"]), button[data-card="{card}"]')
        buttons.nth(cards[:i].count(card)).click()  # each copy once


def tries_in_page(page: Page, most: int) -> tuple[list[float], float]:
    """Seconds from ``try-check`` to the verdict for up to ``most`` drills; then the
    seconds from ``play-from-here`` to the branch's banner."""
    page.get_by_test_id("review-drills").click()
    ids = page.get_by_test_id("drill").evaluate_all("els => els.map(e => e.dataset.id)")
    verdicts = []
    for drill_id in ids[:most]:
        item = page.locator(f'[data-testid="drill"][data-id="{drill_id}"]')
        played = item.get_by_test_id("played-play").locator("[data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        item.get_by_test_id("try-better").click()
        item.get_by_test_id("try-hand").wait_for()
        pick(item, played)
        start = time.perf_counter()
        item.get_by_test_id("try-check").click()
        item.get_by_test_id("try-verdict").wait_for(timeout=120_000)
        verdicts.append(time.perf_counter() - start)
    page.reload()
    page.wait_for_function(READY, timeout=180_000)
    page.get_by_test_id("replay").click()
    page.get_by_test_id("replay-next").click()
    page.get_by_test_id("replay-next").click()
    start = time.perf_counter()
    page.get_by_test_id("play-from-here").click()
    page.get_by_test_id("branch").wait_for(timeout=60_000)
    return verdicts, time.perf_counter() - start


def review_in_page(browser: Browser, base: str, text: str, tries: int = 0
                   ) -> tuple[list[float], float, int, list[float], float | None]:
    """Each step's round trip (ms), the whole review (s, click to done), decisions; the
    verdicts' times and the branch's start (s: ``tries_in_page``, when ``tries``)."""
    settings = json.dumps({"speed": "instant", "lang": "en"})
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(script=(
        f"localStorage.setItem('tractor.match', {json.dumps(text)});"
        f"localStorage.setItem('tractor.settings', {json.dumps(settings)});"))
    page.goto(base + "index.html")
    page.wait_for_function(READY, timeout=180_000)
    page.get_by_test_id("review").click()
    start = time.perf_counter()
    summary = page.get_by_test_id("review-summary")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"review-summary\"]')?.dataset.state"
        " === 'done'", timeout=600_000, polling=50)
    whole = time.perf_counter() - start
    assert summary.get_attribute("data-where") == "worker"
    steps = [float(ms) for ms in (summary.get_attribute("data-step-ms") or "").split()]
    verdicts, branch = tries_in_page(page, tries) if tries else ([], None)
    context.close()
    return steps, whole, len(steps), verdicts, branch


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat0", choices=PLAYER_NAMES, default="easy")
    parser.add_argument("--preset", default=None,
                        help="a rules preset (find_friend: the friend call is reviewed too)")
    parser.add_argument("--declare-window", default=None, choices=("during_deal", "after_deal"),
                        help="after_deal: declaring and passing are reviewed at every turn")
    parser.add_argument("--tries", type=int, default=4,
                        help="drills a hand whose attempt is timed (0: none, nor the branch)")
    args = parser.parse_args()
    rules = Rules.preset(args.preset) if args.preset else Rules()
    if args.declare_window:
        rules = replace(rules, declare_window=args.declare_window)
    print("measured: .venv/bin/python scripts/measure_review_page.py " + " ".join(sys.argv[1:]))
    per_step: list[float] = []
    wholes: list[float] = []
    cpython: list[float] = []
    verdicts: list[float] = []
    branches: list[float] = []
    with served_dist() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        for h in range(args.hands):
            m = hand_of(args.seat0, args.seed + h, rules)
            _, _, here = timed(m, 0, seed=0)
            steps, whole, count, tried, branch = review_in_page(browser, base, dumps(m),
                                                                args.tries)
            per_step += steps
            verdicts += tried
            branches += [] if branch is None else [branch]
            wholes.append(whole)
            cpython.append(here)
            print(f"hand seed {args.seed + h}: {count} steps, page {whole:.1f} s"
                  f" (CPython {here:.1f} s)")
        browser.close()
    print(f"one decision in the page (worker round trip): p50 {pct(per_step, 0.5):.0f} ms,"
          f" p95 {pct(per_step, 0.95):.0f} ms over {len(per_step)} steps")
    print(f"whole hand in the page: p50 {statistics.median(wholes):.1f} s,"
          f" p95 {pct(wholes, 0.95):.1f} s, max {max(wholes):.1f} s over {len(wholes)} hands"
          f" (CPython: median {statistics.median(cpython):.1f} s)")
    print("target: a whole 2-deck hand within 20 s")
    if verdicts:
        print(f"a verdict in the page (try-check to try-verdict, the play made): p50"
              f" {pct(verdicts, 0.5):.2f} s, p95 {pct(verdicts, 0.95):.2f} s, max"
              f" {max(verdicts):.2f} s over {len(verdicts)} attempts (target: 2 s p95)")
    if branches:
        print(f"a branch's start in the page (play-from-here to the banner): max"
              f" {max(branches):.2f} s over {len(branches)} (target: 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

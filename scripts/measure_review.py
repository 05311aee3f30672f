"""Benchmark of the coach (``tractor.coach.review``): time a decision and a whole hand, and
measure its noise. Not a test.

Plays ``--hands`` hands (one match seed each, from ``--seed``) with easy players
in seats 0 and 2 and hard players in 1 and 3, then reviews every hand for seat 0
(easy) and seat 1 (hard). Prints the command line, the p50/p95 CPU time of one
reviewed decision, of one seat's whole hand, and the noise: each hand is reviewed
again with another review seed, and for the decisions both reviews confirmed
(costs on fresh deals) the spread of the cost between the two (the standard
deviation of half the difference, an estimate of one review's own error) next to
the mean standard error the review reported; and how often the two reviews gave
different marks.

    PYTHONPATH=pyengine python3 scripts/measure_review.py --hands 6 --seed 1

``--preset find_friend`` (a friend call), ``--preset after_deal`` (declaring turns)
or ``--declare-window after_deal`` with another preset; the CPU per decision is
also given by kind (lead, follow, bury, call, declare, pass).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pyengine"))

from tractor.coach.review import DecisionReview, review_iter  # noqa: E402
from tractor.match import Match  # noqa: E402
from tractor.players import make_player  # noqa: E402
from tractor.rules import PRESETS, Rules  # noqa: E402
from tractor.runner import step  # noqa: E402


def played_hand(rules: Rules, seed: int) -> Match:
    """One hand: easy in seats 0 and 2, hard in seats 1 and 3."""
    m = Match(rules, seed=seed)
    seats = [make_player("easy" if s % 2 == 0 else "hard", seed * 4 + s) for s in range(4)]
    while m.phase not in ("hand_over", "match_over"):
        step(m, seats)
    return m


def timed(m: Match, seat: int, seed: int) -> tuple[list[DecisionReview], list[float], float]:
    """The reviews, the CPU time of each, and of the whole hand."""
    out: list[DecisionReview] = []
    times: list[float] = []
    start = last = time.process_time()
    for d in review_iter(m, seat, 0, seed):
        now = time.process_time()
        out.append(d)
        times.append(now - last)
        last = now
    return out, times, time.process_time() - start


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", choices=sorted(PRESETS), default=None)
    parser.add_argument("--declare-window", choices=("during_deal", "after_deal"), default=None,
                        help="declaring during or after the deal (default: the preset's)")
    args = parser.parse_args()
    command = "PYTHONPATH=pyengine python3 scripts/measure_review.py " + " ".join(sys.argv[1:])
    print("measured: " + command)
    rules = Rules.preset(args.preset) if args.preset else Rules()
    if args.declare_window:
        rules = replace(rules, declare_window=args.declare_window)
    per_decision: list[float] = []
    by_kind: dict[str, list[float]] = {}
    marked_kind: dict[str, int] = {}
    per_hand: list[float] = []
    halves: list[float] = []
    ses: list[float] = []
    differ = compared = 0
    marks: dict[str, int] = {}
    for h in range(args.hands):
        m = played_hand(rules, args.seed + h)
        for seat in (0, 1):
            first, times, total = timed(m, seat, seed=1)
            second, _, _ = timed(m, seat, seed=2)
            per_decision += times
            per_hand.append(total)
            for d, spent in zip(first, times, strict=True):
                by_kind.setdefault(d.kind, []).append(spent)
                marked_kind[d.kind] = marked_kind.get(d.kind, 0) + (d.mark != "fine")
            for a, b in zip(first, second, strict=True):
                marks[a.mark] = marks.get(a.mark, 0) + 1
                compared += 1
                differ += a.mark != b.mark
                if a.deals == b.deals and a.se > 0 and b.se > 0 and a.best.cards == b.best.cards:
                    halves.append((a.cost - b.cost) / 2)
                    ses.append((a.se + b.se) / 2)
    print(f"rules: {rules.decks} decks, {rules.partners}, {rules.declare_window}; "
          f"{args.hands} hands, seats 0 (easy) and 1 (hard)")
    print(f"decisions reviewed: {len(per_decision)}; marks (review seed 1): {marks}")
    print(f"CPU per decision: p50 {1000 * pct(per_decision, 0.5):.0f} ms, "
          f"p95 {1000 * pct(per_decision, 0.95):.0f} ms")
    for kind in ("lead", "follow", "bury", "call", "declare", "pass"):
        if kind in by_kind:
            times_of = by_kind[kind]
            print(f"  {kind}: {len(times_of)} decisions ({marked_kind[kind]} marked), p50 "
                  f"{1000 * pct(times_of, 0.5):.0f} ms, p95 {1000 * pct(times_of, 0.95):.0f} ms")
    print(f"CPU per seat's hand: p50 {pct(per_hand, 0.5):.2f} s, p95 {pct(per_hand, 0.95):.2f} s,"
          f" max {max(per_hand):.2f} s")
    if halves:
        spread = math.sqrt(2 * statistics.fmean(x * x for x in halves))
        print(f"noise, {len(halves)} decisions confirmed in both reviews: one review's cost "
              f"error (sd between seeds / sqrt 2) {spread:.3f}, mean reported se "
              f"{statistics.fmean(ses):.3f}, largest cost gap between seeds "
              f"{2 * max(abs(x) for x in halves):.3f}")
    print(f"marks that differ between review seeds 1 and 2: {differ} of {compared}")


if __name__ == "__main__":
    main()

"""Benchmark of trying a marked decision (issue 38): the time of the coach's verdict on an
attempt (``tractor.coach.attempt.judge_attempt``) and of starting a what-if branch
(``tractor.coach.review_data.match_at``: the record replayed to a step). Not a test.

Plays ``--hands`` hands (one match seed each, from ``--seed``) with a random player
in seat 0 and basic players elsewhere (``--decks`` decks, ``--preset`` rules), reviews
seat 0's decisions, and at each marked play judges up to ``--attempts`` legal
attempts: the play made (judged wrong: the coach's whole review of it), then other
legal plays; at a marked bury the bury made; at a marked friend call or declaring
decision every choice offered (``attempt.choices``). Prints the command line and the
p50/p95/max CPU time of a verdict, of plays and of the decisions before play apart
(the target: 2 s p95, a proxy for the page's worker), and of replaying a record to
each step of the hand where a branch may start (the target: 1 s).

    PYTHONPATH=pyengine python3 scripts/bench_try_check.py --hands 4 --seed 1
    PYTHONPATH=pyengine python3 scripts/bench_try_check.py --decks 2 --preset find_friend
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pyengine"))

from tractor.actions import Play  # noqa: E402
from tractor.cards import CARDS, parse_cards  # noqa: E402
from tractor.coach.attempt import CHOSEN, choices, judge_attempt  # noqa: E402
from tractor.coach.review import decision_points, review_decision  # noqa: E402
from tractor.coach.review_data import match_at  # noqa: E402
from tractor.follow import legal_follows  # noqa: E402
from tractor.match import Match  # noqa: E402
from tractor.players import make_player  # noqa: E402
from tractor.rules import Rules  # noqa: E402
from tractor.runner import step  # noqa: E402


def played_hand(decks: int, seed: int, preset: str | None = None) -> Match:
    rules = Rules(decks=decks) if preset is None else replace(Rules.preset(preset), decks=decks)
    match = Match(rules, seed)
    players = [make_player("random", seed)] + [make_player("basic", s) for s in (1, 2, 3)]
    while match.phase not in ("hand_over", "match_over"):
        step(match, players)
    return match


def quantiles(times: list[float]) -> str:
    if not times:
        return "none"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"n={len(ordered)} p50={statistics.median(ordered):.3f}s p95={p95:.3f}s "
            f"max={ordered[-1]:.3f}s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", type=int, default=1)
    parser.add_argument("--attempts", type=int, default=3)
    parser.add_argument("--preset", default=None, help="Rules.preset name, e.g. find_friend")
    args = parser.parse_args()
    print("command:", " ".join(["scripts/bench_try_check.py", *sys.argv[1:]]))
    verdicts: list[float] = []
    before_play: list[float] = []
    branches: list[float] = []
    for seed in range(args.seed, args.seed + args.hands):
        record = played_hand(args.decks, seed, args.preset)
        for index, view, action in decision_points(record, 0, 0):
            done = review_decision(view, action, index)  # type: ignore[arg-type]
            if done is None or done.mark == "fine":
                continue
            if not isinstance(action, Play):
                tried = choices(view, done.played.cards, done.best.cards) if (
                    done.kind in CHOSEN) else [done.played.cards]
                for option in tried:
                    start = time.process_time()
                    judge_attempt(view, parse_cards(list(option)), index, done.best.cards)
                    before_play.append(time.process_time() - start)
                continue
            assert view.trump is not None
            plays = (legal_follows(view.counts, view.lead, view.trump) if view.lead
                     else ((c,) for c in sorted(set(view.hand))))
            attempts = [list(action.cards)] + [
                [CARDS[c] for c in combo] for combo in islice(plays, args.attempts * 3)]
            for cards in attempts[:args.attempts]:
                start = time.process_time()
                judge_attempt(view, cards, index, done.best.cards)
                verdicts.append(time.process_time() - start)
        for tricks in range(record.tricks_played if record.phase == "play" else 12):
            start = time.process_time()
            if match_at(record, 0, tricks) is None:
                break
            branches.append(time.process_time() - start)
    print(f"verdict ({args.decks} deck(s)):", quantiles(verdicts + before_play))
    print("  of which plays:", quantiles(verdicts))
    print("  of which the bury, the friend call, declaring:", quantiles(before_play))
    print("branch start (record replayed to the step):", quantiles(branches))


if __name__ == "__main__":
    main()

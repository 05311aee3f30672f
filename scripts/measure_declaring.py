"""Does declaring pay, in real play? A check of the coach's declaring verdicts. Not a test.

Plays ``--hands`` first hands (match seeds from 1) with the after-deal round and
``--players`` in every seat; at each declaration a player makes in the round, forks
the match (the true cards) and plays the hand to its end twice by the same players:
with the declaration, and with a pass instead. Prints the mean of (declaring − passing)
on hard's outcome scale for the seat (``search.outcome_score``: the coach's value
scale), its standard error, and how often declaring did better.

    PYTHONPATH=pyengine python3 scripts/measure_declaring.py --hands 80
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pyengine"))

from tractor.actions import Action, Declare, Pass  # noqa: E402
from tractor.match import Match  # noqa: E402
from tractor.players import make_player  # noqa: E402
from tractor.players.search import outcome_score  # noqa: E402
from tractor.rules import Rules  # noqa: E402
from tractor.runner import step  # noqa: E402


def finish(m: Match, action: Action, name: str, seed: int) -> Match:
    f = copy.deepcopy(m)
    players = [make_player(name, 4 * seed + s) for s in range(4)]
    f.apply(action)
    while f.phase not in ("hand_over", "match_over"):
        step(f, players)
    return f


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--players", default="easy")
    args = parser.parse_args()
    print("measured: PYTHONPATH=pyengine python3 scripts/measure_declaring.py "
          + " ".join(sys.argv[1:]))
    rules = Rules(declare_window="after_deal")
    score = outcome_score(rules)
    diffs: list[float] = []
    for seed in range(1, args.hands + 1):
        m = Match(rules, seed)
        players = [make_player(args.players, 4 * seed + s) for s in range(4)]
        while m.phase != "play":
            seat = m.to_move
            if m.phase != "declare" or seat is None:
                step(m, players)
                continue
            action = players[seat].act(m.observe(seat))
            if isinstance(action, Declare):
                values = []
                for alt in (action, Pass(seat)):
                    result = finish(m, alt, args.players, seed).hand_result
                    assert result is not None
                    values.append(score(result.attackers_points, seat in result.defenders))
                diffs.append(values[0] - values[1])
            m.apply(action)
    n = len(diffs)
    print(f"{n} declarations: declaring − passing {statistics.fmean(diffs):+.3f} "
          f"± {statistics.stdev(diffs) / n ** 0.5:.3f} (se); declaring better in "
          f"{sum(d > 0 for d in diffs)} of {n}")


if __name__ == "__main__":
    main()

"""Speed benchmarks: ``python -m tractor bench`` (``--rollout``).

``bench`` times whole hands of random players with the default rules
(``tools.simulate``); ``rollout_bench`` times the hard player's fast rollout policy
(``players.rollout.play_out``) from deals set up at the start of play.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..cards import POINTS
from ..match import Match
from ..players import make_player
from ..players.rollout import Table, play_out
from ..rules import Rules
from ..runner import step
from .simulate import simulate


@dataclass(frozen=True)
class BenchResult:
    hands: int
    seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def report(self) -> str:
        return (
            f"bench: {self.hands} hands, random players, 2 decks, one process: "
            f"{self.hands_per_second:.1f} hands/s ({self.seconds:.2f} s)"
        )


def bench(hands: int = 200, seed: int = 0) -> BenchResult:
    """Hands per second of random players with the default rules, after a warm-up hand."""
    simulate(Rules(), hands=1, seed=seed + 10_000, check=False)
    timed = simulate(Rules(), hands=hands, seed=seed, check=False)
    return BenchResult(timed.hands, timed.seconds)


def rollout_bench(
    hands: int = 1000, seed: int = 0, rules: Rules | None = None
) -> tuple[int, float, float]:
    """Whole hands played out per second by the rollout policy, in this process.

    Sets up ``min(hands, 50)`` deals at the start of play (dealt, declared and
    buried by easy players; not timed), then times ``hands`` play-outs from them
    (copies of the tables, round robin). Returns (hands, wall seconds, CPU seconds
    of this process: on a shared machine the second is the fairer figure).
    """
    rules = rules or Rules()
    tables: list[Table] = []
    for i in range(min(hands, 50)):
        m = Match(rules, seed=seed + i)
        seats = [make_player("easy", 4 * i + s) for s in range(4)]
        while m.phase != "play":
            step(m, seats)
        assert m.trump is not None
        tables.append(Table(m.trump, m.hands, m.leader, m.trick, m.captured, m.defenders(),
                            sum(POINTS[c] for c in m.kitty)))
    play_out(tables[0].copy())  # warm-up
    started, cpu = time.perf_counter(), time.process_time()
    for k in range(hands):
        play_out(tables[k % len(tables)].copy())
    return hands, time.perf_counter() - started, time.process_time() - cpu

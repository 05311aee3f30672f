"""The search's decision rule (``SearchPlayer.choose``): screening, halving, confirming."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tractor.match import Match
from tractor.players import make_player
from tractor.players.hard import HARD, HardPlayer
from tractor.players.normal import NORMAL
from tractor.rules import Rules
from tractor.runner import step
from tractor.view import View


def start_of_play() -> View:
    m = Match(Rules(), seed=3)
    seats = [make_player("easy", s) for s in range(4)]
    while m.phase != "play":
        step(m, seats)
    seat = m.to_move
    assert seat is not None
    return m.observe(seat)


def run(values: Sequence[float]) -> tuple[int, Counter[int], list[int]]:
    """Choose among candidates ``[i]`` whose score is ``values[i]`` on every deal."""
    calls: list[int] = []
    samples: Counter[int] = Counter()

    def evaluate(cands: Sequence[list[int]], n: int) -> list[float]:
        calls.append(len(cands))
        for c in cands:
            samples[c[0]] += n
        return [values[c[0]] for c in cands]

    chosen = HardPlayer(1).choose(start_of_play(), [[i] for i in range(len(values))], evaluate)
    return chosen, samples, calls


def test_successive_halving_spends_the_budget_on_the_contenders() -> None:
    values = [0.0, 0.1, 0.5, 0.2, -1, -1, -1, -1, -1, -1]
    chosen, samples, calls = run(values)
    assert chosen == 2
    assert calls[:4] == [10, 6, 4, 3]  # nine challengers halved to five, three, two
    assert calls[4] == 2  # then the best challenger against the rules' choice
    assert samples[2] > 3 * samples[9] and samples[0] >= samples[2]
    assert sum(samples.values()) <= HARD.rollouts * 1.3


def test_the_rules_choice_stays_unless_a_challenger_wins_by_the_margin() -> None:
    close = [0.0, HARD.margin / 2, -1, -1, -1, -1]
    assert run(close)[0] == 0
    worse = [0.0, -0.1, -0.2, -1, -1, -1]
    chosen, _, calls = run(worse)
    assert chosen == 0 and calls[-1] != 2  # no confirmation round was needed


def test_few_candidates_are_screened_in_one_round() -> None:
    chosen, samples, calls = run([0.0, 0.3, 0.1])
    assert chosen == 1 and calls == [3, 2]
    assert NORMAL.max_candidates <= 4  # normal never halves: one round, then confirm

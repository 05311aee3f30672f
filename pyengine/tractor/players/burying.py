"""Burying by search, for the hard player: candidate kitties, each played out.

``bury_candidates(view)`` lists a few sensible kitties for the seat that holds
the kitty: the easy player's (void a short cheap suit, then the cheapest
cards), every way of voiding one or two off suits whole (aces and points
included: a void may be worth them) topped up with the cheapest cards, the
cheapest cards without any void, and the cheapest cards when points may go too
(a strong hand may bury a 10 rather than a card it needs).

``evaluate_bury`` scores each candidate the way the hard player scores a play:
over the same sampled deals of the three other hands (every card it cannot
see, with the declarations' constraints), it plays the whole hand out with
the rollout policy from the first lead (the dealer's), with the candidate as
the kitty (its points multiplied if the attackers win the last trick), and
averages the outcome for its side (levels, plus a share of the point margin).

Only with fixed partners: in find-a-friend the burier does not yet know its
side (the friend is called after burying), so the easy player's rule buries.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

from ..cards import POINTS
from ..rules import THROW_PENALTY_POINTS
from ..view import View
from .common import distinct
from .easy import top_up_kitty
from .memory import Memory
from .rollout import Table, play_out
from .sampling import Sampler

MAX_BURY_CANDIDATES = 6

Score = Callable[[int, bool], float]
"""(attackers' final points, whether the scoring seat defends) -> its score."""


def bury_candidates(view: View, first: Sequence[int]) -> list[list[int]]:
    """Kitties to compare, ``first`` (the easy player's) first; see the module docstring."""
    order, cnt = view.order, view.counts
    n = view.rules.kitty_size
    out: list[list[int]] = [list(first)]
    suits = [s for s in range(4) if any(cnt[c] for c in order.by_suit[s])]
    whole = {s: [c for c in order.by_suit[s] for _ in range(cnt[c])] for s in suits}
    voids = [list(combo) for k in (1, 2) for combo in combinations(suits, k)
             if sum(len(whole[s]) for s in combo) <= n]
    voids.sort(key=lambda combo: (sum(POINTS[c] for s in combo for c in whole[s]),
                                  -sum(len(whole[s]) for s in combo)))
    for combo in voids:
        out.append(top_up_kitty(view, [c for s in combo for c in whole[s]]))
    out.append(top_up_kitty(view, []))
    out.append(top_up_kitty(view, [], allow_points=True))
    return distinct([b for b in out if len(b) == n], MAX_BURY_CANDIDATES)


def bury_outcomes(
    view: View, candidates: Sequence[list[int]], rng: random.Random, samples: int
) -> Iterator[tuple[bool, list[int]]]:
    """For each of ``samples`` sampled deals: whether the seat defends, and the attackers'
    final points of the whole hand played out with each candidate kitty (same deal)."""
    seat, order = view.seat, view.order
    assert view.dealer is not None
    mem = Memory(view)
    throw_penalty = THROW_PENALTY_POINTS if view.rules.throw_penalty else 0
    defender = seat in view.defenders
    sampler = Sampler(view, mem)
    for _ in range(samples):
        deal = sampler.deal(rng)
        points: list[int] = []
        for bury in candidates:
            hands = [list(h) for h in deal.hands]
            for c in bury:
                hands[seat][c] -= 1
            t = Table(order, hands, view.dealer, (), (0, 0, 0, 0), view.defenders,
                      sum(POINTS[c] for c in bury), 0, throw_penalty)
            points.append(play_out(t).attackers_points)
        yield defender, points


def evaluate_bury(
    view: View, candidates: Sequence[list[int]], rng: random.Random, samples: int, score: Score
) -> list[float]:
    """Mean score of each candidate kitty over the same ``samples`` sampled deals."""
    sums = [0.0] * len(candidates)
    for defender, points in bury_outcomes(view, candidates, rng, samples):
        for i, p in enumerate(points):
            sums[i] += score(p, defender)
    return [s / samples for s in sums]


__all__ = ["bury_candidates", "bury_outcomes", "evaluate_bury", "MAX_BURY_CANDIDATES"]

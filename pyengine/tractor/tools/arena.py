"""Duplicate deals between two computer players: who plays the cards better.

``arena(rules, a, b, deals, seed)`` plays every deal twice: first with player
``a`` in seats 0 and 2 and ``b`` in seats 1 and 3, then with the teams swapped.
Both plays use the same match seed, so the same cards go to the same seats, and
the same first dealer (seat ``deal % 4``, through ``first_dealer`` =
``seat0``..``seat3``), so declaring does not decide who deals. With
``declaring=True`` the rules' own ``first_dealer`` stays and the dealer comes
from declaring (this measures declaring as well). Each play is one hand, at
everybody's starting level.

Reported for ``a`` against ``b``:

* mean levels gained per hand, signed for ``a``'s team (levels gained by ``a``'s
  seats minus those gained by ``b``'s, per seat, so find-a-friend hands where the
  sides mix count fairly), with a 95% confidence interval over the deals (each
  deal's two plays averaged: the pair is the independent unit);
* ``a``'s share of hands in which its seats gain levels, and of hands its side
  wins (as defenders keeping the deal, as attackers taking it);
* mean attackers' points (all hands, and by which team attacked when partners
  are fixed);
* decision time p50/p95 of each player over its ``act`` decisions (turns:
  declare/pass rounds, bury, friend call, plays; the cheap deal-time declaration
  polls are not counted), wall clock and CPU time of the deciding process (on a
  shared machine the wall clock includes time waiting for a core).

``jobs > 1`` spreads the deals over processes (``multiprocessing``); the results
do not depend on ``jobs``.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..actions import Action, Declare
from ..match import Match
from ..players import Player, canonical_name, make_player
from ..rules import Rules
from ..runner import step
from ..view import View


class Timed:
    """A player whose ``act`` decisions are timed (wall clock and this process's CPU)."""

    def __init__(self, inner: Player):
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []
        self.cpu_times: list[float] = []

    def act(self, view: View) -> Action:
        t0, c0 = time.perf_counter(), time.process_time()
        action = self.inner.act(view)
        self.times.append(time.perf_counter() - t0)
        self.cpu_times.append(time.process_time() - c0)
        return action

    def declare(self, view: View) -> Declare | None:
        return self.inner.declare(view)


@dataclass
class PlayResult:
    """One hand of a duplicate deal."""

    a_seats: tuple[int, ...]
    signed_levels: float
    a_gained: bool
    a_won: bool
    """``a``'s seats are all on the side the hand favoured (defenders kept the deal, or
    attackers took it)."""
    attackers_points: int
    a_attacked: bool | None
    """Whether ``a``'s team attacked (None when the sides mix, in find-a-friend)."""


@dataclass
class DealResult:
    plays: list[PlayResult]
    times: dict[str, list[float]]
    """Wall-clock decision times of ``a`` and ``b``; ``cpu_times`` the CPU times."""
    cpu_times: dict[str, list[float]] = field(default_factory=dict)


def deal_seed(seed: int, deal: int) -> int:
    return seed * 1_000_003 + deal


def play_deal(rules: Rules, a: str, b: str, seed: int, deal: int, declaring: bool) -> DealResult:
    """Both plays of one duplicate deal."""
    if not declaring:
        rules = replace(rules, first_dealer=f"seat{deal % 4}")
    mseed = deal_seed(seed, deal)
    plays: list[PlayResult] = []
    times: dict[str, list[float]] = {"a": [], "b": []}
    cpu_times: dict[str, list[float]] = {"a": [], "b": []}
    for a_seats in ((0, 2), (1, 3)):
        seats = [
            Timed(make_player(a if s in a_seats else b, (mseed * 4 + s) % (1 << 31)))
            for s in range(4)
        ]
        m = Match(rules, seed=mseed)
        while m.phase not in ("hand_over", "match_over"):
            step(m, seats)
        r = m.hand_result
        assert r is not None
        movers = r.defenders if r.side == "defenders" else r.attackers
        gain = [r.levels_gained if s in movers else 0 for s in range(4)]
        a_gain = sum(gain[s] for s in a_seats)
        b_gain = sum(gain) - a_gain
        attackers = set(r.attackers)
        a_attacked = (
            True if attackers <= set(a_seats) else False if not attackers & set(a_seats) else None
        )
        winners = set(r.defenders if r.side == "defenders" else r.attackers)
        plays.append(
            PlayResult(a_seats, (a_gain - b_gain) / 2, a_gain > 0, set(a_seats) <= winners,
                       r.attackers_points, a_attacked)
        )
        for s, p in enumerate(seats):
            times["a" if s in a_seats else "b"] += p.times
            cpu_times["a" if s in a_seats else "b"] += p.cpu_times
    return DealResult(plays, times, cpu_times)


def _play_deal_job(job: tuple[str, str, str, int, int, bool]) -> DealResult:
    rules_json, a, b, seed, deal, declaring = job
    return play_deal(Rules.from_json(rules_json), a, b, seed, deal, declaring)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


@dataclass
class ArenaResult:
    rules: Rules
    a: str
    b: str
    seed: int
    declaring: bool
    deals: list[DealResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def hands(self) -> int:
        return sum(len(d.plays) for d in self.deals)

    def per_deal(self) -> list[float]:
        return [sum(p.signed_levels for p in d.plays) / len(d.plays) for d in self.deals]

    def levels(self) -> tuple[float, float]:
        """Mean signed levels per hand for ``a`` and the half-width of its 95% CI."""
        xs = self.per_deal()
        n = len(xs)
        if n == 0:
            return 0.0, 0.0
        mean = sum(xs) / n
        if n < 2:
            return mean, math.inf
        var = sum((x - mean) ** 2 for x in xs) / (n - 1)
        return mean, 1.96 * math.sqrt(var / n)

    def _plays(self) -> list[PlayResult]:
        return [p for d in self.deals for p in d.plays]

    def a_share(self) -> float:
        plays = self._plays()
        return sum(p.a_gained for p in plays) / max(1, len(plays))

    def a_wins(self) -> float:
        """Share of hands ``a``'s side won (kept or took the deal)."""
        plays = self._plays()
        return sum(p.a_won for p in plays) / max(1, len(plays))

    def attackers_points(self, a_attacked: bool | None = None, split: bool = False) -> float:
        pts = [p.attackers_points for p in self._plays() if not split or p.a_attacked is a_attacked]
        return sum(pts) / len(pts) if pts else math.nan

    def times(self, who: str, cpu: bool = False) -> list[float]:
        return [t for d in self.deals for t in (d.cpu_times if cpu else d.times)[who]]

    def to_dict(self) -> dict[str, Any]:
        mean, half = self.levels()
        out: dict[str, Any] = {
            "rules": self.rules.to_dict(),
            "a": self.a,
            "b": self.b,
            "seed": self.seed,
            "declaring": self.declaring,
            "deals": len(self.deals),
            "hands": self.hands,
            "seconds": round(self.seconds, 2),
            "levels_per_hand": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "a_share_gaining": round(self.a_share(), 4),
            "a_share_winning": round(self.a_wins(), 4),
            "attackers_points": round(self.attackers_points(), 2),
        }
        if self.rules.partners == "fixed":
            out["attackers_points_when_a_attacks"] = round(self.attackers_points(True, True), 2)
            out["attackers_points_when_b_attacks"] = round(self.attackers_points(False, True), 2)
        out["decision_ms"] = {
            who: {
                "player": name,
                "decisions": len(self.times(who)),
                "p50": round(1000 * percentile(self.times(who), 0.5), 3),
                "p95": round(1000 * percentile(self.times(who), 0.95), 3),
                "cpu_p50": round(1000 * percentile(self.times(who, cpu=True), 0.5), 3),
                "cpu_p95": round(1000 * percentile(self.times(who, cpu=True), 0.95), 3),
            }
            for who, name in (("a", self.a), ("b", self.b))
        }
        return out

    def report(self) -> str:
        d = self.to_dict()
        lines = [
            f"rules: {self.rules.to_json()}",
            f"{self.a} (A) against {self.b} (B): {d['deals']} duplicate deals, {d['hands']} hands"
            + (", dealer from declaring" if self.declaring else ", first dealer fixed per deal"),
            f"levels per hand for A: {d['levels_per_hand']:+.3f} "
            f"(95% CI {d['ci95'][0]:+.3f} .. {d['ci95'][1]:+.3f})",
            f"hands in which A's seats gain levels: {100 * d['a_share_gaining']:.1f}%; "
            f"hands A's side wins (keeps or takes the deal): {100 * d['a_share_winning']:.1f}%",
            f"mean attackers' points: {d['attackers_points']:.2f}",
        ]
        if "attackers_points_when_a_attacks" in d:
            lines.append(
                f"  when A attacks: {d['attackers_points_when_a_attacks']:.2f}, "
                f"when B attacks: {d['attackers_points_when_b_attacks']:.2f}"
            )
        for key in ("a", "b"):
            t = d["decision_ms"][key]
            lines.append(
                f"decision time {key.upper()} ({t['player']}): p50 {t['p50']:.2f} ms, "
                f"p95 {t['p95']:.2f} ms (CPU time: p50 {t['cpu_p50']:.2f} ms, "
                f"p95 {t['cpu_p95']:.2f} ms) over {t['decisions']} decisions"
            )
        lines.append(f"wall time: {d['seconds']:.1f} s")
        return "\n".join(lines)


def arena(
    rules: Rules,
    a: str,
    b: str,
    deals: int = 100,
    seed: int = 0,
    jobs: int = 1,
    declaring: bool = False,
) -> ArenaResult:
    """Play ``deals`` duplicate deals of ``a`` against ``b``; see the module docstring."""
    a, b = canonical_name(a), canonical_name(b)
    if deals < 1:
        raise ValueError("deals must be at least 1")
    result = ArenaResult(rules, a, b, seed, declaring)
    started = time.perf_counter()
    jobs_list = [(rules.to_json(), a, b, seed, i, declaring) for i in range(deals)]
    if jobs > 1:
        with multiprocessing.get_context().Pool(jobs) as pool:
            chunk = max(1, deals // (8 * jobs))
            result.deals = pool.map(_play_deal_job, jobs_list, chunksize=chunk)
    else:
        result.deals = [_play_deal_job(j) for j in jobs_list]
    result.seconds = time.perf_counter() - started
    return result


__all__ = ["arena", "ArenaResult", "play_deal", "percentile"]

"""Play many hands between computer players and check the engine's invariants.

``simulate(rules, players, hands, seed)`` plays ``hands`` hands of consecutive
matches (a new match, with the next seed, starts when one ends) and checks after
every hand:

* every card is conserved: hands + kitty + played cards = the decks;
* points won in tricks + kitty points = the decks' total points;
* levels stay within 2..A;
* the level change and the next dealer follow RULES §5, recomputed from the
  hand's result; the next hand is dealt at the new dealer's level.

``bench(hands, seed)`` times random players with the default rules (two decks)
after one warm-up hand, in this process: the figure docs/performance.md quotes.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import counts_of, full_deck, parse_cards, points_of
from ..match import ACE, Match
from ..players import Player, make_player
from ..rules import THROW_PENALTY_POINTS, Rules
from ..runner import step
from ..scoring import level_change
from ..trick import kitty_multiplier


@dataclass
class SimResult:
    """What a simulation measured."""

    rules: Rules
    players: tuple[str, ...]
    hands: int = 0
    matches: int = 0
    matches_won: int = 0
    seconds: float = 0.0
    attackers_points: list[int] = field(default_factory=list)
    outcomes: Counter[tuple[str, int]] = field(default_factory=Counter)
    seat_points: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    seat_levels: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    throw_failures: int = 0
    violations: list[str] = field(default_factory=list)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_attackers_points(self) -> float:
        pts = self.attackers_points
        return sum(pts) / len(pts) if pts else 0.0

    @property
    def ok(self) -> bool:
        return not self.violations

    def team_points(self) -> tuple[float, float]:
        """Mean trick points per hand won by seats 0+2 and by seats 1+3."""
        n = max(1, self.hands)
        s = self.seat_points
        return (s[0] + s[2]) / n, (s[1] + s[3]) / n

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "players": list(self.players),
            "hands": self.hands,
            "matches": self.matches,
            "matches_won": self.matches_won,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "mean_attackers_points": round(self.mean_attackers_points, 2),
            "outcomes": {f"{side} +{n}": k for (side, n), k in sorted(self.outcomes.items())},
            "team_points": [round(p, 2) for p in self.team_points()],
            "seat_levels_gained": list(self.seat_levels),
            "throw_failures": self.throw_failures,
            "violations": list(self.violations),
        }

    def report(self) -> str:
        """The human-readable summary the CLI prints."""
        lines = [
            f"rules: {self.rules.to_json()}",
            f"players: {','.join(self.players)}",
            f"hands played: {self.hands} ({self.matches} matches, {self.matches_won} won)",
            f"hands per second: {self.hands_per_second:.1f}",
            f"mean attackers' points: {self.mean_attackers_points:.2f}",
            "level outcomes (side, levels): "
            + ", ".join(f"{side} +{n}: {k}" for (side, n), k in sorted(self.outcomes.items())),
            "mean trick points per hand, seats 0+2 / 1+3: "
            + " / ".join(f"{p:.2f}" for p in self.team_points()),
            f"levels gained by seat: {' '.join(str(x) for x in self.seat_levels)}",
            f"failed throws: {self.throw_failures}",
        ]
        if self.violations:
            lines.append(f"invariants broken: {len(self.violations)}")
            lines += [f"  {v}" for v in self.violations[:20]]
        else:
            lines.append("invariants broken: none")
        return "\n".join(lines)


@dataclass
class HandStart:
    """What we need to remember from before a hand (and of its throws) to check its end."""

    levels: list[int]
    dealer: int | None
    failed_throws: list[int] = field(default_factory=list)
    """Seat of each failed throw of the hand, filled in while it is played."""


def check_cards(m: Match) -> list[str]:
    """Card conservation: hands + kitty + played (+ the undealt or untaken tail) = the decks."""
    held = [sum(h[c] for h in m.hands) for c in range(54)]
    rest = list(m.kitty) + list(m.played)
    if m.kitty_holder is None:  # dealing or declaring: the kitty is still the deck's tail
        rest += m.deck[m.dealt :]
    loose = counts_of(rest)
    if [held[c] + loose[c] for c in range(54)] != counts_of(full_deck(m.rules.decks)):
        return [f"hand {m.hand_no}: cards not conserved in phase {m.phase}"]
    return []


def check_hand(m: Match, start: HandStart) -> list[str]:
    """Invariants of a finished hand (RULES §3.6 and §5)."""
    r = m.hand_result
    assert r is not None and m.trump is not None
    where = f"seed {m.seed} hand {m.hand_no}"
    out = [f"{where}: {v}" for v in check_cards(m)]
    decks, total = m.rules.decks, m.rules.total_points
    if any(sum(h) for h in m.hands):
        out.append(f"{where}: cards left in hands")
    kitty_points = points_of(m.kitty)
    if sum(m.captured) + kitty_points != total:
        out.append(f"{where}: trick points {sum(m.captured)} + kitty {kitty_points} != {total}")
    if not all(0 <= lv <= ACE for lv in m.levels):
        out.append(f"{where}: level out of 2..A: {m.levels}")
    if start.dealer is not None and r.dealer != start.dealer:
        out.append(f"{where}: dealer {r.dealer} is not the announced {start.dealer}")
    dealer = r.dealer
    own = start.levels[dealer]
    if r.level != own:
        out.append(f"{where}: played at level {r.level}, the dealer's level is {own}")
    attackers = r.attackers
    trick_points = sum(m.captured[s] for s in attackers)
    last = m.last_trick
    assert last is not None
    winning = [c for p in last["plays"] if p["seat"] == last["winner"] for c in p["cards"]]
    mult = kitty_multiplier(parse_cards(winning), m.trump)
    bonus = kitty_points * mult if last["winner"] in attackers else 0
    penalty = sum(
        THROW_PENALTY_POINTS * (1 if seat in r.defenders else -1) for seat in start.failed_throws
    ) if m.rules.throw_penalty else 0
    if m.penalty != penalty:
        out.append(f"{where}: throw penalty {m.penalty} != {penalty} for the failed throws")
    points = trick_points + bonus + penalty
    if r.attackers_points != points:
        out.append(f"{where}: attackers' points {r.attackers_points} != {points}")
    side, gained = level_change(points, decks, m.rules.scoring)
    if (r.side, r.levels_gained) != (side, gained):
        out.append(f"{where}: level change {r.side} +{r.levels_gained} != {side} +{gained}")
    movers = r.defenders if side == "defenders" else attackers
    expected = [min(ACE, lv + gained) if s in movers else lv for s, lv in enumerate(start.levels)]
    if m.levels != expected:
        out.append(f"{where}: levels {m.levels} != expected {expected}")
    want_dealer = expected_next_dealer(m.rules, dealer, r.friend, side, attackers)
    if r.next_dealer != want_dealer:
        out.append(f"{where}: next dealer {r.next_dealer} != expected {want_dealer}")
    won = side == "defenders" and r.level == ACE
    if r.match_won != won or (m.phase == "match_over") != won:
        out.append(f"{where}: match_won is {r.match_won}, expected {won}")
    return out


def expected_next_dealer(
    rules: Rules, dealer: int, friend: int | None, side: str, attackers: Sequence[int]
) -> int:
    """RULES §5: the partner/friend keeps the deal, else the next (attacking) player."""
    if side == "defenders":
        if rules.partners == "fixed":
            return (dealer + 2) % 4
        return dealer if friend is None else friend
    if rules.partners == "fixed":
        return (dealer + 1) % 4
    return next((dealer + k) % 4 for k in range(1, 4) if (dealer + k) % 4 in attackers)


def check_next_hand(m: Match, announced: int) -> list[str]:
    """After ``NextHand``: the announced dealer deals, at their own level."""
    if m.dealer != announced or m.level != m.levels[announced]:
        return [f"seed {m.seed} hand {m.hand_no}: dealer {m.dealer} level {m.level}, "
                f"expected dealer {announced} at level {m.levels[announced]}"]
    return []


def simulate(
    rules: Rules,
    players: Sequence[str] = ("random",) * 4,
    hands: int = 100,
    seed: int = 0,
    check: bool = True,
) -> SimResult:
    """Play ``hands`` hands of consecutive matches; see the module docstring."""
    if len(players) != 4:
        raise ValueError(f"four players are needed, not {len(players)}")
    result = SimResult(rules, tuple(players))
    match_seed = seed
    m, seats = _new_match(rules, players, match_seed)
    result.matches = 1
    started = time.perf_counter()
    while result.hands < hands:
        start = HandStart(list(m.levels), m.dealer)
        start.failed_throws = _play_hand(m, seats)
        result.throw_failures += len(start.failed_throws)
        result.hands += 1
        _tally(result, m)
        if check:
            result.violations += check_hand(m, start)
        if m.is_over:
            result.matches_won += 1
            if result.hands < hands:
                match_seed += 1
                m, seats = _new_match(rules, players, match_seed)
                result.matches += 1
        elif result.hands < hands:
            assert m.hand_result is not None
            announced = m.hand_result.next_dealer
            step(m, seats)
            if check:
                result.violations += check_next_hand(m, announced)
    result.seconds = time.perf_counter() - started
    return result


def _new_match(rules: Rules, names: Sequence[str], seed: int) -> tuple[Match, list[Player]]:
    rng = random.Random(f"players/{seed}")
    return Match(rules, seed), [make_player(n, rng.randrange(1 << 30)) for n in names]


def _play_hand(m: Match, seats: Sequence[Player]) -> list[int]:
    """Play one hand; the seat of each failed throw in it."""
    failures = []
    while m.phase not in ("hand_over", "match_over"):
        step(m, seats)
        if m.lead is not None and len(m.trick) == 1 and m.throw_failure is not None:
            failures.append(m.throw_failure["seat"])
    return failures


def _tally(result: SimResult, m: Match) -> None:
    r = m.hand_result
    assert r is not None
    result.attackers_points.append(r.attackers_points)
    result.outcomes[(r.side, r.levels_gained)] += 1
    for s in range(4):
        result.seat_points[s] += m.captured[s]
    movers = r.defenders if r.side == "defenders" else r.attackers
    for s in movers:
        result.seat_levels[s] += r.levels_gained



__all__ = ["simulate", "SimResult", "check_hand", "check_cards", "expected_next_dealer"]

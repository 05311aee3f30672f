"""A finished hand's outcome (RULES §5): the points, the side that gained, the new levels.

``HandOutcome`` is the typed value ``Match.hand_result`` holds once a hand is over
(and ``Match.results`` one per finished hand); ``score_hand`` computes it from the
end of the hand. ``to_data`` gives the plain JSON form the views and the page read
(its keys in this order, lists for sequences, cards as text) and ``from_data``
reads it back:

>>> from tractor.cards import Card
>>> from tractor.rules import Rules
>>> from tractor.trump import trump_for
>>> o = score_hand(Rules(), hand_no=0, dealer=0, level=3, trump=trump_for(3, 1, False),
...                defenders=[0, 2], attackers=[1, 3], friend=None,
...                kitty=[Card.parse("5S"), Card.parse("KH")], captured=[0, 40, 0, 35],
...                penalty=0, last_winner=1, winning_play=(Card.parse("AS"),),
...                levels=[3, 0, 3, 0])
>>> o.attackers_points, o.side, o.levels_gained, o.levels, o.next_dealer
(105, 'attackers', 0, (3, 0, 3, 0), 1)
>>> o.to_data()["kitty"], o.to_data()["trump"]
(['5S', 'KH'], '5/H')
>>> HandOutcome.from_data(o.to_data()) == o
True
>>> HandOutcome.from_data({**o.to_data(), "hand_no": "0"})
Traceback (most recent call last):
...
ValueError: hand_no: not an int: '0'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .cards import Card, points_of
from .rules import Rules
from .scoring import level_change
from .trick import kitty_multiplier
from .trump import Trump
from .viewdata import HandResultData

ACE = 12
"""The highest level (the rank A): levels cap here, and a hand at A can win the match."""

Side = Literal["defenders", "attackers"]
"""The side whose players gain levels from a hand."""

SIDES: tuple[Side, ...] = ("defenders", "attackers")

INT_FIELDS = ("hand_no", "dealer", "level", "kitty_points", "multiplier", "kitty_bonus",
              "trick_points", "penalty", "attackers_points", "levels_gained", "next_dealer")
"""The fields of a ``HandOutcome`` that are one int each."""


@dataclass(frozen=True)
class HandOutcome:
    """The outcome of one finished hand: who played it, the points and what they changed.

    ``levels`` are everyone's levels after the hand; ``attackers_points`` is the
    total the level change is read from (tricks, kitty bonus and penalty).
    """

    hand_no: int
    dealer: int
    level: int
    trump: str
    """The hand's trump in ``Trump.describe`` form, e.g. ``5/H`` or ``5/NT``."""
    defenders: tuple[int, ...]
    attackers: tuple[int, ...]
    friend: int | None
    kitty: tuple[Card, ...]
    """The buried cards, shown at the hand's end."""
    kitty_points: int
    multiplier: int
    kitty_bonus: int
    trick_points: int
    penalty: int
    attackers_points: int
    side: Side
    levels_gained: int
    levels: tuple[int, ...]
    next_dealer: int
    match_won: bool

    def to_data(self) -> HandResultData:
        """This outcome as plain JSON data (``HandOutcome.from_data`` reads it back)."""
        return {
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "level": self.level,
            "trump": self.trump,
            "defenders": list(self.defenders),
            "attackers": list(self.attackers),
            "friend": self.friend,
            "kitty": [str(c) for c in self.kitty],
            "kitty_points": self.kitty_points,
            "multiplier": self.multiplier,
            "kitty_bonus": self.kitty_bonus,
            "trick_points": self.trick_points,
            "penalty": self.penalty,
            "attackers_points": self.attackers_points,
            "side": self.side,
            "levels_gained": self.levels_gained,
            "levels": list(self.levels),
            "next_dealer": self.next_dealer,
            "match_won": self.match_won,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> HandOutcome:
        """The outcome of ``to_data`` output; ``ValueError`` (or ``KeyError``) if malformed."""
        side = data["side"]
        if side not in SIDES:
            raise ValueError(f"side: not a side: {side!r}")
        match_won, trump = data["match_won"], data["trump"]
        if type(match_won) is not bool:
            raise ValueError(f"match_won: not a bool: {match_won!r}")
        if not isinstance(trump, str):
            raise ValueError(f"trump: not a text: {trump!r}")
        values: dict[str, Any] = {key: _int(data, key) for key in INT_FIELDS}
        values.update((key, _ints(data, key)) for key in ("defenders", "attackers", "levels"))
        friend = None if data["friend"] is None else _int(data, "friend")
        texts = data["kitty"]
        if not isinstance(texts, list):
            raise ValueError(f"kitty: not a list: {texts!r}")
        kitty = tuple(Card.parse(c) for c in texts)
        return cls(**values, trump=trump, friend=friend, kitty=kitty, side=side,
                   match_won=match_won)

    def gainers(self) -> tuple[int, ...]:
        """The seats of the side that gained from this hand."""
        return self.defenders if self.side == "defenders" else self.attackers


def _int(data: Mapping[str, object], key: str) -> int:
    value = data[key]
    if type(value) is not int:
        raise ValueError(f"{key}: not an int: {value!r}")
    return value


def _ints(data: Mapping[str, object], key: str) -> tuple[int, ...]:
    values = data[key]
    if not isinstance(values, list) or any(type(v) is not int for v in values):
        raise ValueError(f"{key}: not a list of ints: {values!r}")
    return tuple(values)


def next_dealer(
    rules: Rules, dealer: int, friend: int | None, attackers: Sequence[int], side: Side
) -> int:
    """Who deals the next hand (RULES §5): the defenders keep the deal, passing it on
    within their side; otherwise it goes to the next attacker after the dealer."""
    if side == "defenders":
        if rules.partners == "fixed":
            return (dealer + 2) % 4
        return friend if friend is not None else dealer
    if rules.partners == "fixed":
        return (dealer + 1) % 4
    return next((dealer + k) % 4 for k in range(1, 4) if (dealer + k) % 4 in attackers)


def score_hand(
    rules: Rules,
    *,
    hand_no: int,
    dealer: int,
    level: int,
    trump: Trump,
    defenders: Sequence[int],
    attackers: Sequence[int],
    friend: int | None,
    kitty: Sequence[Card],
    captured: Sequence[int],
    penalty: int,
    last_winner: int,
    winning_play: Sequence[Card],
    levels: Sequence[int],
) -> HandOutcome:
    """The outcome of a hand that just ended (RULES §3.6, §5): the kitty's bonus goes to
    the attackers when one of them won the last trick (``winning_play``); ``levels``
    are everyone's levels before the hand."""
    kitty_points = points_of(kitty)
    multiplier = kitty_multiplier(tuple(winning_play), trump)
    bonus = kitty_points * multiplier if last_winner in attackers else 0
    trick_points = sum(captured[s] for s in attackers)
    total = trick_points + bonus + penalty
    changed, gained = level_change(total, rules.decks, rules.scoring)
    side: Side = "defenders" if changed == "defenders" else "attackers"
    movers = defenders if side == "defenders" else attackers
    after = tuple(min(ACE, lv + gained) if s in movers else lv for s, lv in enumerate(levels))
    return HandOutcome(
        hand_no=hand_no,
        dealer=dealer,
        level=level,
        trump=trump.describe(),
        defenders=tuple(defenders),
        attackers=tuple(attackers),
        friend=friend,
        kitty=tuple(kitty),
        kitty_points=kitty_points,
        multiplier=multiplier,
        kitty_bonus=bonus,
        trick_points=trick_points,
        penalty=penalty,
        attackers_points=total,
        side=side,
        levels_gained=gained,
        levels=after,
        next_dealer=next_dealer(rules, dealer, friend, attackers, side),
        match_won=side == "defenders" and level == ACE,
    )

"""Actions: the steps of a match, as small immutable values with a JSON form.

System steps (``Deal``, ``EndDeal``, ``NextHand``) are taken by nobody in
particular: the match's ``to_move`` is ``CHANCE`` when one is due. Dealing is
fully determined by the match seed, so a match is defined by (rules, seed,
actions).

>>> a = Play(2, parse_cards("AS AS"))
>>> a.to_json()
{'type': 'play', 'seat': 2, 'cards': 'AS AS'}
>>> action_from_json(a.to_json()) == a
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import Card, format_cards, parse_cards

CHANCE = -1
"""``to_move`` when a system step (deal a card, end the deal, next hand) is due."""


class ActionError(ValueError):
    """Malformed action data."""


@dataclass(frozen=True)
class Deal:
    """Deal the next card (to the next player in order)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "deal"}


@dataclass(frozen=True)
class EndDeal:
    """Close the declaration window after the last card (``during_deal``)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "end_deal"}


@dataclass(frozen=True)
class NextHand:
    """Start the next hand after a hand's result has been seen."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "next_hand"}


@dataclass(frozen=True, init=False)
class _SeatCards:
    """An action of one seat with some cards (given as text, Cards or card ids)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str]

    def __init__(self, seat: int, cards: Any):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", tuple(_cards(cards)))

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "cards": format_cards(self.cards)}


@dataclass(frozen=True, init=False)
class Declare(_SeatCards):
    """Show level cards (or a joker pair/triple for no trump) to fix the trump."""

    kind: ClassVar[str] = "declare"


@dataclass(frozen=True)
class Pass:
    """Decline to declare (after-deal round) or to steal the kitty (炒地皮)."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass", "seat": self.seat}


@dataclass(frozen=True, init=False)
class Bury(_SeatCards):
    """Put back as many cards as the kitty holds (扣底)."""

    kind: ClassVar[str] = "bury"


@dataclass(frozen=True)
class CallFriend:
    """The dealer names the friend card (find-a-friend games)."""

    seat: int
    card: Card

    def __init__(self, seat: int, card: Any):
        object.__setattr__(self, "seat", seat)
        parsed = _cards([card] if not isinstance(card, str) else card)
        if len(parsed) != 1:
            raise ActionError("a friend call names exactly one card")
        object.__setattr__(self, "card", parsed[0])

    def to_json(self) -> dict[str, Any]:
        return {"type": "call_friend", "seat": self.seat, "card": str(self.card)}


@dataclass(frozen=True, init=False)
class Play(_SeatCards):
    """Lead or follow in a trick."""

    kind: ClassVar[str] = "play"


Action = Deal | EndDeal | NextHand | Declare | Pass | Bury | CallFriend | Play
SYSTEM_ACTIONS = (Deal, EndDeal, NextHand)


def _cards(value: Any) -> list[Card]:
    if isinstance(value, str):
        return parse_cards(value)
    out: list[Card] = []
    for v in value:
        if isinstance(v, Card):
            out.append(v)
        elif isinstance(v, str):
            out += parse_cards(v)
        elif isinstance(v, int) and 0 <= v < 54:
            out.append(Card(v))
        else:
            raise ActionError(f"not a card: {v!r}")
    return out


def action_from_json(data: dict[str, Any]) -> Action:
    """Rebuild an action from its ``to_json`` dict."""
    if not isinstance(data, dict) or "type" not in data:
        raise ActionError("an action is an object with a 'type'")
    kind = data["type"]
    try:
        if kind == "deal":
            return Deal()
        if kind == "end_deal":
            return EndDeal()
        if kind == "next_hand":
            return NextHand()
        seat = data["seat"]
        if not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ActionError(f"seat must be 0..3, not {seat!r}")
        if kind == "declare":
            return Declare(seat, data["cards"])
        if kind == "pass":
            return Pass(seat)
        if kind == "bury":
            return Bury(seat, data["cards"])
        if kind == "call_friend":
            return CallFriend(seat, data["card"])
        if kind == "play":
            return Play(seat, data["cards"])
    except KeyError as missing:
        raise ActionError(f"action {kind!r} is missing {missing}") from None
    raise ActionError(f"unknown action type {kind!r}")

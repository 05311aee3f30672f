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
>>> str(a), action_from_text("2 play AS AS") == a
('2 play AS AS', True)

Constructors check their arguments: a seat is an ``int`` from 0 to 3, cards are
card text, ``Card`` values or card ids 0..53; anything else raises
``ActionError`` (a ``ValueError``), so a malformed action never reaches a match.

>>> Pass(1.0)
Traceback (most recent call last):
...
tractor.actions.ActionError: a seat is an int from 0 to 3, not 1.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NotRequired, TypedDict

from .cards import Card, format_cards, parse_cards

CHANCE = -1
"""``to_move`` when a system step (deal a card, end the deal, next hand) is due."""


class ActionError(ValueError):
    """Malformed action data."""


MAX_ACTION_TEXT = 1000
"""Longest action text ``action_from_text`` reads (a 3-deck throw is far shorter)."""
MAX_ACTION_CARDS = 162
"""Most cards one action may name: a whole 3-deck hand with its kitty (3 × 54)."""


class ActionData(TypedDict):
    """An action's JSON form (``to_json``; ``action_from_json`` reads it back): its
    ``type``, and the ``seat`` and cards (``cards`` as text, or the friend ``card``) of a
    seat's action."""

    type: str
    seat: NotRequired[int]
    cards: NotRequired[str]
    card: NotRequired[str]


def check_seat(value: Any) -> int:
    """``value`` if it is a seat (an ``int`` 0..3, not a bool), else ``ActionError``."""
    if type(value) is not int or not 0 <= value <= 3:
        raise ActionError(f"a seat is an int from 0 to 3, not {value!r}")
    return value


@dataclass(frozen=True)
class Deal:
    """Deal the next card (to the next player in order)."""

    def to_json(self) -> ActionData:
        return {"type": "deal"}

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True)
class EndDeal:
    """Close the declaration window after the last card (``during_deal``)."""

    def to_json(self) -> ActionData:
        return {"type": "end_deal"}

    def __str__(self) -> str:
        return "end_deal"


@dataclass(frozen=True)
class NextHand:
    """Start the next hand after a hand's result has been seen."""

    def to_json(self) -> ActionData:
        return {"type": "next_hand"}

    def __str__(self) -> str:
        return "next_hand"


@dataclass(frozen=True, init=False)
class _SeatCards:
    """An action of one seat with some cards (given as text, Cards or card ids)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str]

    def __init__(self, seat: int, cards: Any):
        object.__setattr__(self, "seat", check_seat(seat))
        object.__setattr__(self, "cards", tuple(_cards(cards)))

    def to_json(self) -> ActionData:
        return {"type": self.kind, "seat": self.seat, "cards": format_cards(self.cards)}

    def __str__(self) -> str:
        return f"{self.seat} {self.kind} {format_cards(self.cards)}".rstrip()


@dataclass(frozen=True, init=False)
class Declare(_SeatCards):
    """Show level cards (or a joker pair/triple for no trump) to fix the trump."""

    kind: ClassVar[str] = "declare"


@dataclass(frozen=True)
class Pass:
    """Decline to declare (after-deal round) or to steal the kitty (炒地皮)."""

    seat: int

    def __init__(self, seat: int):
        object.__setattr__(self, "seat", check_seat(seat))

    def to_json(self) -> ActionData:
        return {"type": "pass", "seat": self.seat}

    def __str__(self) -> str:
        return f"{self.seat} pass"


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
        object.__setattr__(self, "seat", check_seat(seat))
        parsed = _cards([card] if not isinstance(card, str) else card)
        if len(parsed) != 1:
            raise ActionError("a friend call names exactly one card")
        object.__setattr__(self, "card", parsed[0])

    def to_json(self) -> ActionData:
        return {"type": "call_friend", "seat": self.seat, "card": str(self.card)}

    def __str__(self) -> str:
        return f"{self.seat} call_friend {self.card}"


@dataclass(frozen=True, init=False)
class Play(_SeatCards):
    """Lead or follow in a trick."""

    kind: ClassVar[str] = "play"


Action = Deal | EndDeal | NextHand | Declare | Pass | Bury | CallFriend | Play
SYSTEM_ACTIONS = (Deal, EndDeal, NextHand)
ACTION_TYPES = (Deal, EndDeal, NextHand, Declare, Pass, Bury, CallFriend, Play)
"""Every type of action (``Action`` as a tuple, for ``isinstance``)."""


def _cards(value: Any) -> list[Card]:
    """Cards from text, or from a list/tuple of ``Card``, card text or card ids.

    Bad card text or ids raise ``CardError``; anything else ``ActionError`` (both
    are ``ValueError``).
    """
    if isinstance(value, str):
        if len(value) > MAX_ACTION_TEXT:
            raise ActionError(f"card text longer than {MAX_ACTION_TEXT} characters")
        out = parse_cards(value)
    elif isinstance(value, (list, tuple)):
        if len(value) > MAX_ACTION_CARDS:
            raise ActionError(f"more than {MAX_ACTION_CARDS} cards in one action")
        out = []
        for v in value:
            out += _cards(v) if isinstance(v, str) else [Card(v)]
    else:
        raise ActionError(f"cards are card text or a list of cards, not {value!r}")
    if len(out) > MAX_ACTION_CARDS:
        raise ActionError(f"more than {MAX_ACTION_CARDS} cards in one action")
    return out


_SEAT_ACTIONS: dict[str, Callable[[int, Mapping[str, Any]], Action]] = {
    "declare": lambda seat, data: Declare(seat, data["cards"]),
    "pass": lambda seat, data: Pass(seat),
    "bury": lambda seat, data: Bury(seat, data["cards"]),
    "call_friend": lambda seat, data: CallFriend(seat, data["card"]),
    "play": lambda seat, data: Play(seat, data["cards"]),
}
_SYSTEM: dict[str, Action] = {"deal": Deal(), "end_deal": EndDeal(), "next_hand": NextHand()}


def action_from_json(data: Any) -> Action:
    """Rebuild an action from its ``to_json`` dict; ``ActionError`` for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ActionError("an action is an object with a 'type'")
    kind = data["type"]
    if kind in _SYSTEM:
        return _SYSTEM[kind]
    if kind not in _SEAT_ACTIONS:
        raise ActionError(f"unknown action type {kind[:40]!r}")
    try:
        built: Action = _SEAT_ACTIONS[kind](check_seat(data["seat"]), data)
    except KeyError as missing:
        raise ActionError(f"action {kind!r} is missing {missing}") from None
    return built


def action_from_text(text: Any) -> Action:
    """Parse the text form (``str(action)``): ``deal``, ``end_deal``, ``next_hand``, or
    ``SEAT KIND [CARDS]`` such as ``0 declare 5H 5H``, ``1 pass``, ``2 play AS AS``,
    ``3 call_friend AH``. ``ActionError`` for anything else.

    >>> action_from_text("1 declare 5H 5H")
    Declare(seat=1, cards=(Card('5H'), Card('5H')))
    >>> action_from_text("4 pass")
    Traceback (most recent call last):
    ...
    tractor.actions.ActionError: a seat is an int from 0 to 3, not '4'
    """
    if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
        raise ActionError(f"an action text is a string of at most {MAX_ACTION_TEXT} characters")
    if text in _SYSTEM:
        return _SYSTEM[text]
    parts = text.split(" ", 2)
    if len(parts) < 2 or parts[0] not in ("0", "1", "2", "3"):
        raise ActionError(f"a seat is an int from 0 to 3, not {parts[0][:20]!r}")
    seat, kind = int(parts[0]), parts[1]
    cards = parts[2] if len(parts) == 3 else ""
    if kind == "pass" and not cards:
        return Pass(seat)
    if kind == "call_friend":
        return CallFriend(seat, cards)
    if kind in ("declare", "bury", "play"):
        return action_from_json({"type": kind, "seat": seat, "cards": cards})
    raise ActionError(f"not an action: {text[:60]!r}")

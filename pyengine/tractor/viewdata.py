"""The wire form of a seat's view: the one JSON shape the worker, the page and the painter read.

``View.to_data`` gives it and ``View.from_data`` rebuilds the exact view from it (the
computer players' worker gets nothing else of the match). Each key has one type:

* numbers stay numbers: seats, levels (rank indices, ``RANKS[level]`` is the text),
  counts, points;
* a card is its RULES text (``10H``, ``BJ``) and a group of cards a list of them;
  seat 0's ``hand`` is in the display order (trumps first, ``sorted_hand``), which the
  view's own order follows from (``cards_of`` of its counts);
* the trump is a suit letter, ``NT``, or None while undecided;
* a play, a declaration, a finished trick are small objects (``PlayData``…).

The keys after ``my_bury`` are derived, for the table: what the view implies but
does not hold (the deal's size, the declarations seat 0 may make, which of its cards
are trumps, what the lead is, who is winning the trick, its own side as far as it may
know, ``tractor.own_side``). ``from_data`` ignores them.

The hand's outcome (``hand_result``) is the match's own dict with today's keys
(``HandResultData``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .phase import Phase
from .rules import RulesData


class PlayData(TypedDict):
    """One seat's play in a trick, or a declaration: the seat and its cards."""

    seat: int
    cards: list[str]


class ThrowFailureData(TypedDict):
    """A throw that failed (RULES §4): what was tried, what the leader had to play, who beat it."""

    seat: int
    attempted: list[str]
    forced: list[str]
    beaten_by_seat: int
    beaten_by: list[str]
    penalty: int


class LastTrickData(TypedDict):
    """The trick finished last: its plays, winner and points, and a failed throw in it."""

    leader: int
    plays: list[PlayData]
    winner: int
    points: int
    throw_failure: ThrowFailureData | None


class TrickRecordData(TypedDict):
    """A finished trick of the hand's history (``history.TrickRecord.to_dict``)."""

    leader: int
    plays: list[PlayData]
    winner: int
    points: int
    attempted: list[str] | None
    """The throw the leader attempted when it failed (the lead is the forced unit)."""


class TrickData(TrickRecordData):
    """A finished trick in the view, with what its lead was (``single``, ``pair``…)."""

    lead_kind: str


class HandResultData(TypedDict):
    """A finished hand's outcome (RULES §5), as the match records it."""

    hand_no: int
    dealer: int
    level: int
    trump: str
    """``level/trump`` text, e.g. ``5/H`` or ``5/NT``."""
    defenders: list[int]
    attackers: list[int]
    friend: int | None
    kitty: list[str]
    kitty_points: int
    multiplier: int
    kitty_bonus: int
    trick_points: int
    penalty: int
    attackers_points: int
    side: str
    levels_gained: int
    levels: list[int]
    next_dealer: int
    match_won: bool


class ViewData(TypedDict):
    """One seat's view as JSON data (``View.to_data``), with the keys derived for the table."""

    seat: int
    rules: RulesData
    phase: Phase
    to_move: int | None
    hand_no: int
    levels: list[int]
    dealer: int | None
    level: int
    trump: str | None
    hand: list[str]
    hand_sizes: list[int]
    dealt: int
    declaration: PlayData | None
    declarations: list[PlayData]
    kitty: list[str] | None
    kitty_taken: list[str] | None
    friend_card: str | None
    friend: int | None
    defenders: list[int]
    leader: int
    trick: list[PlayData]
    played: list[str]
    captured: list[int]
    penalty: int
    tricks_played: int
    last_trick: LastTrickData | None
    throw_failure: ThrowFailureData | None
    hand_result: HandResultData | None
    winners: list[int] | None
    tricks: list[TrickData]
    friend_trick: int | None
    my_bury: list[str] | None
    # derived, for the table
    deal_total: int
    kitty_size: int
    declaration_options: list[list[str]]
    hand_trump: list[bool]
    lead_kind: str | None
    trick_winner: int | None
    own_side: str | None
    """This seat's side as far as it may know (``defenders``, ``attackers``, None: not yet)."""


def play_data(data: Mapping[str, Any]) -> PlayData:
    """A play of the match's own records as wire data."""
    return {"seat": int(data["seat"]), "cards": [str(c) for c in data["cards"]]}


def throw_failure_data(data: Mapping[str, Any] | None) -> ThrowFailureData | None:
    """The match's record of a failed throw as wire data."""
    if data is None:
        return None
    return {
        "seat": int(data["seat"]),
        "attempted": [str(c) for c in data["attempted"]],
        "forced": [str(c) for c in data["forced"]],
        "beaten_by_seat": int(data["beaten_by_seat"]),
        "beaten_by": [str(c) for c in data["beaten_by"]],
        "penalty": int(data["penalty"]),
    }


def last_trick_data(data: Mapping[str, Any] | None) -> LastTrickData | None:
    """The match's record of the last trick as wire data."""
    if data is None:
        return None
    return {
        "leader": int(data["leader"]),
        "plays": [play_data(p) for p in data["plays"]],
        "winner": int(data["winner"]),
        "points": int(data["points"]),
        "throw_failure": throw_failure_data(data["throw_failure"]),
    }


def hand_result_data(data: Mapping[str, Any] | None) -> HandResultData | None:
    """The match's record of a finished hand as wire data (the same keys and values)."""
    if data is None:
        return None
    friend = data["friend"]
    return {
        "hand_no": int(data["hand_no"]),
        "dealer": int(data["dealer"]),
        "level": int(data["level"]),
        "trump": str(data["trump"]),
        "defenders": [int(s) for s in data["defenders"]],
        "attackers": [int(s) for s in data["attackers"]],
        "friend": None if friend is None else int(friend),
        "kitty": [str(c) for c in data["kitty"]],
        "kitty_points": int(data["kitty_points"]),
        "multiplier": int(data["multiplier"]),
        "kitty_bonus": int(data["kitty_bonus"]),
        "trick_points": int(data["trick_points"]),
        "penalty": int(data["penalty"]),
        "attackers_points": int(data["attackers_points"]),
        "side": str(data["side"]),
        "levels_gained": int(data["levels_gained"]),
        "levels": [int(x) for x in data["levels"]],
        "next_dealer": int(data["next_dealer"]),
        "match_won": bool(data["match_won"]),
    }


__all__ = [
    "HandResultData", "LastTrickData", "PlayData", "ThrowFailureData", "TrickData",
    "TrickRecordData", "ViewData",
    "hand_result_data", "last_trick_data", "play_data", "throw_failure_data",
]

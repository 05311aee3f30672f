"""Finished hands kept in this browser, and their replay trick by trick.

``History`` keeps the records of the matches whose hands finished here, with
the numbers of those hands: the last ``MAX_HANDS`` hands in all (older ones
dropped, then their matches). Every record is checked like a save: a history
that does not load is reset (and kept aside by the table).

``replay_steps`` replays a hand of a record with the engine and gives its
steps: the start of play (all four hands face up, the kitty), each trick, and
the result.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tractor.actions import NextHand
from tractor.jsondata import DataError, parse_json
from tractor.match import Match
from tractor.outcome import HandOutcome
from tractor.save import SaveError, from_record, record
from tractor.trump import sorted_hand

MAX_HANDS = 50
"""Finished hands kept; older ones are dropped (the storage stays bounded)."""
MAX_HISTORY_CHARS = 1_000_000
"""The longest stored history: about nine two-deck 40-hand matches' records. Replaying
it costs time in proportion (a crafted 4.2 MB one blocked the page for 9.2 s), so a
larger one is kept aside unread, and a new hand drops the oldest matches to stay within."""

ENTRY_FIELDS = ("match_id", "record", "hands")
"""The fields of a stored history entry: one with any other field is refused."""


@dataclass(frozen=True)
class Entry:
    """One match's record (as far as its last kept hand) and its kept hands."""

    match_id: str
    record: dict[str, Any]
    hands: tuple[int, ...]
    results: tuple[HandOutcome, ...] = ()  # the record's finished hands, from its replay


@dataclass(frozen=True)
class HandLine:
    """How a kept hand is listed: when its match began, the result, the rules."""

    match_id: str
    hand: int
    started_ms: int | None  # from the match id (``<ms>-<seed>``); None if it has no date
    result: HandOutcome | None
    rules: dict[str, Any]

    @classmethod
    def of(cls, entry: Entry, hand: int) -> HandLine:
        stamp = entry.match_id.split("-", 1)[0]
        started = int(stamp) if stamp.isascii() and stamp.isdigit() and len(stamp) <= 15 else None
        result = entry.results[hand] if hand < len(entry.results) else None
        return cls(entry.match_id, hand, started, result, entry.record.get("rules") or {})


@dataclass(frozen=True)
class History:
    """The finished hands of this browser, oldest first."""

    entries: tuple[Entry, ...] = ()

    @property
    def hands(self) -> list[tuple[str, int]]:
        """(match id, hand number) of every kept hand, oldest first."""
        return [(e.match_id, h) for e in self.entries for h in e.hands]

    def with_hand(self, match_id: str, m: Match) -> History:
        """This history with the hand ``m`` just finished (its record up to now)."""
        return self.with_hand_no(match_id, m, m.hand_no)

    def with_match(self, match_id: str, m: Match) -> History:
        """This history with every finished hand of ``m`` (an imported match)."""
        history = self
        for hand in range(len(m.results)):
            history = history.with_hand_no(match_id, m, hand)
        return history

    def with_hand_no(self, match_id: str, m: Match, hand: int) -> History:
        """This history with hand ``hand`` of ``m`` kept (the record as it is now)."""
        entries = [e for e in self.entries if e.match_id != match_id]
        old = next((e for e in self.entries if e.match_id == match_id), None)
        hands = tuple(h for h in (old.hands if old else ()) if h != hand) + (hand,)
        entries.append(Entry(match_id, record(m), hands, tuple(m.results)))
        while sum(len(e.hands) for e in entries) > MAX_HANDS:
            first = entries[0]
            if len(first.hands) > 1:
                entries[0] = Entry(first.match_id, first.record, first.hands[1:],
                                   first.results)
            else:
                entries.pop(0)
        kept = History(tuple(entries))
        while len(kept.to_json()) > MAX_HISTORY_CHARS:  # the oldest match goes first (and
            kept = History(kept.entries[1:])  # a match too long alone is not kept)
        return kept

    def lines(self) -> list[HandLine]:
        """Every kept hand as it is listed, newest first."""
        return [HandLine.of(e, h) for e in reversed(self.entries) for h in reversed(e.hands)]

    def entry(self, match_id: str) -> Entry | None:
        return next((e for e in self.entries if e.match_id == match_id), None)

    def to_json(self) -> str:
        """The stored form (computed once: the value is immutable)."""
        return self._json

    @cached_property
    def _json(self) -> str:
        return json.dumps(
            {
                "version": 1,
                "entries": [
                    {"match_id": e.match_id, "record": e.record, "hands": list(e.hands)}
                    for e in self.entries
                ],
            },
            separators=(",", ":"),
        )


Parsed = tuple[History, bool]


def parse_history(text: str | None) -> Parsed:
    """The stored history, and whether it was damaged (then an empty one).

    Every record must load (replayed through the rules) and reach its hands.
    """
    steps = read_history(text)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            parsed: Parsed = done.value
            return parsed


def read_history(text: str | None) -> Generator[None, None, Parsed]:
    """:func:`parse_history` a record at a time: it yields before replaying each entry's
    record (the page reads the history while the player looks at the deal, giving way
    to the browser between records) and returns what ``parse_history`` returns."""
    if text is None:
        return History(), False
    try:
        data = parse_json(text, max_chars=MAX_HISTORY_CHARS, max_depth=6)
        if not isinstance(data, dict) or data.get("version") != 1 or len(data) != 2:
            raise DataError("not a history")  # exactly its version and entries
        raw = data.get("entries")
        if not isinstance(raw, list) or len(raw) > MAX_HANDS:
            raise DataError("no entries")
        entries = []
        for item in raw:
            if not isinstance(item, dict) or any(k not in ENTRY_FIELDS for k in item):
                raise DataError("not a history entry")
            match_id, hands = item.get("match_id"), item.get("hands")
            if not isinstance(match_id, str) or len(match_id) > 100:
                raise DataError("bad match id")
            if not isinstance(hands, list) or not all(type(h) is int for h in hands):
                raise DataError("bad hands")
            yield
            m = from_record(item.get("record"))
            if any(not 0 <= h < len(m.results) for h in hands):
                raise DataError("a hand the record does not reach")
            entries.append(Entry(match_id, record(m), tuple(hands), tuple(m.results)))
    except (DataError, SaveError, AttributeError):
        return History(), True
    if sum(len(e.hands) for e in entries) > MAX_HANDS:
        return History(), True
    return History(tuple(entries)), False


@dataclass(frozen=True)
class Step:
    """One moment of a replayed hand, everything as card text."""

    title: str  # "start", "trick" or "result"
    trick_no: int
    hands: tuple[tuple[str, ...], ...]  # seats 0..3, face up
    plays: tuple[tuple[int, tuple[str, ...]], ...] = ()
    winner: int | None = None
    points: int = 0
    kitty: tuple[str, ...] = ()
    result: HandOutcome | None = None
    captured: tuple[int, ...] = field(default=(0, 0, 0, 0))


def hand_record(match_record: dict[str, Any], hand_no: int) -> dict[str, Any]:
    """The record of a match up to the end of hand ``hand_no`` (exported as that hand)."""
    whole = from_record(match_record)
    m = Match(whole.rules, whole.seed, whole.start_level)
    for action in whole.actions:
        if m.hand_no == hand_no and isinstance(action, NextHand):
            break
        m.apply(action)
    return record(m)


def replay_steps(match_record: dict[str, Any], hand_no: int) -> list[Step]:
    """The steps of hand ``hand_no`` of a match record (replayed with the engine)."""
    whole = from_record(match_record)
    m = Match(whole.rules, whole.seed, whole.start_level)
    actions = iter(whole.actions)
    while m.hand_no < hand_no:
        m.apply(next(actions))
    steps: list[Step] = []

    def hands() -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(str(c) for c in sorted_hand(m.hand_cards(s), m.trump))
                     for s in range(4))  # in the table's order: trumps first

    for action in actions:
        if isinstance(action, NextHand):
            break
        tricks = m.tricks_played
        m.apply(action)
        if m.phase == "play" and not steps and not m.trick:
            steps.append(Step("start", 0, hands(), kitty=tuple(str(c) for c in m.kitty)))
        if m.tricks_played > tricks and m.last_trick is not None:
            last = m.last_trick
            steps.append(Step(
                "trick", m.tricks_played, hands(),
                plays=tuple((p["seat"], tuple(p["cards"])) for p in last["plays"]),
                winner=last["winner"], points=last["points"], captured=tuple(m.captured),
            ))
    if m.hand_result is not None:
        steps.append(Step("result", m.tricks_played, hands(), result=m.hand_result,
                          kitty=tuple(str(c) for c in m.hand_result.kitty),
                          captured=tuple(m.captured)))
    return steps

"""Drills: the decisions the coach marked in your own hands, to find again later.

Each marked decision of a reviewed hand (a play, the bury, the friend call, declaring)
becomes a ``Drill`` (issue 38): seat 0's view at that decision (``View.to_data``: its
own cards only, what the coach judges from), the play made and the coach's better
play, the mark and the reason's code, and its spaced-repetition schedule
(``tractor.coach.schedule``). They are kept under ``DRILLS_KEY`` as one JSON list, at
most ``MAX_DRILLS`` (the oldest dropped) and ``MAX_DRILLS_CHARS`` long.

What is stored is hostile: the text is bounded before parsing
(``tractor.jsondata.parse_json``), every entry must have exactly ``FIELDS`` with
their types and bounds, its view must rebuild (``View.from_data``) as seat 0 at a
decision of the drill's kind that the coach reviews (``review.is_choice`` and
``review.kind_of`` of the play made), the position must pass the rules
(``positions.scenario.load`` of that view's position, for a play) and both the play
made and the better play must be legal there (``coach.attempt.attempt_problem``; no
cards is a pass). A list with any entry that fails
is damaged: the good entries are kept and the whole stored text is kept aside by
the table (``house.stored.load_small``), as the other stores do.

>>> parse_drills(None)
(Drills(entries=()), False)
>>> parse_drills('[{"id": "<b>"}]')[1]
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from tractor.cards import CardError, parse_cards
from tractor.coach.attempt import TRIED, action_of, attempt_problem
from tractor.coach.review import MARKS, is_choice, kind_of
from tractor.coach.schedule import BOXES, Schedule, answered, due_order
from tractor.jsondata import DataError, parse_json
from tractor.positions import scenario
from tractor.positions.position import PositionError, from_view
from tractor.view import View
from tractor.viewdata import ViewData

MAX_DRILLS = 200
"""Drills kept; the oldest made are dropped beyond."""
MAX_DRILL_CHARS = 24_000
"""The longest stored drill (a two-deck view near the end of a hand is under 12 000)."""
MAX_DRILLS_CHARS = 2_000_000
"""The longest stored list of drills (``MAX_DRILLS`` of them, well within)."""
MAX_DEPTH = 8
"""The deepest nesting a drill has (a view's tricks' plays' cards)."""
FIELDS = ("id", "made", "match", "hand", "index", "seed", "kind", "mark", "why", "played",
          "best", "view", "box", "due")
"""The fields of a stored drill: one with any other field, or one missing, is refused."""
_NAME = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
MARK_NAMES = tuple(name for name, _ in MARKS)


class DrillData(TypedDict):
    """A drill as stored (``FIELDS``): the view as its wire form, the cards as lists."""

    id: str
    made: int
    match: str
    hand: int
    index: int
    seed: int
    kind: str
    mark: str
    why: str
    played: list[str]
    best: list[str]
    view: ViewData
    box: int
    due: int


@dataclass(frozen=True)
class Drill:
    """One marked decision to find again (see the module docstring)."""

    id: str
    made: int
    match: str
    hand: int
    index: int
    seed: int
    kind: str
    mark: str
    why: str
    played: tuple[str, ...]
    best: tuple[str, ...]
    view: str  # the view's wire form as JSON text (rebuilt and checked when read)
    box: int = 0
    due: int = 0

    @property
    def schedule(self) -> Schedule:
        return Schedule(self.box, self.due)

    def data(self) -> DrillData:
        return {"id": self.id, "made": self.made, "match": self.match, "hand": self.hand,
                "index": self.index, "seed": self.seed, "kind": self.kind, "mark": self.mark,
                "why": self.why, "played": list(self.played), "best": list(self.best),
                "view": json.loads(self.view), "box": self.box, "due": self.due}


@dataclass(frozen=True)
class Drills:
    """The drills kept, in the order they were made."""

    entries: tuple[Drill, ...] = ()

    def get(self, drill_id: str) -> Drill | None:
        return next((d for d in self.entries if d.id == drill_id), None)

    def with_drills(self, new: list[Drill]) -> Drills:
        """The drills with ``new`` added (a drill already kept is not added again)."""
        known = {d.id for d in self.entries}
        added = [d for d in new if d.id not in known]
        return Drills((*self.entries, *added)[-MAX_DRILLS:])

    def answered(self, drill_id: str, right: bool, now_ms: int) -> Drills:
        """The drills after ``drill_id`` was answered (right or wrong) at ``now_ms``."""
        def one(d: Drill) -> Drill:
            if d.id != drill_id:
                return d
            s = answered(d.schedule, right, now_ms)
            return replace(d, box=s.box, due=s.due_ms)
        return Drills(tuple(one(d) for d in self.entries))

    def in_due_order(self) -> list[Drill]:
        return due_order(self.entries, lambda d: d.schedule, lambda d: d.made)

    def to_json(self) -> str:
        return json.dumps([d.data() for d in self.entries], separators=(",", ":"),
                          ensure_ascii=False)


def _int(data: Mapping[str, object], name: str, low: int, high: int) -> int:
    value = data[name]
    if type(value) is not int or not low <= value <= high:
        raise DataError(f"{name} is not a number from {low} to {high}")
    return value


def _cards(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not len(value) <= 60 or not all(
            isinstance(c, str) and len(c) <= 3 for c in value):
        raise DataError("not a list of cards")
    return tuple(str(c) for c in parse_cards(value))


def checked_view(data: Any, kind: str, played: tuple[str, ...], best: tuple[str, ...]) -> View:
    """The drill's view, rebuilt and checked through the rules (see the module docstring)."""
    if not isinstance(data, dict):
        raise DataError("the view is not an object")
    view = View.from_data(data)  # type: ignore[arg-type]  # checked by from_data
    for cards in (played, best):
        if view.seat != 0 or attempt_problem(view, parse_cards(list(cards))) is not None:
            raise DataError("a play the rules refuse there")
    made = action_of(view, parse_cards(list(played)))
    if not is_choice(view, made) or kind_of(view, made) != kind:
        raise DataError("not seat 0's view at a decision of its kind")
    if kind in ("lead", "follow"):
        if view.to_move != 0:
            raise DataError("not seat 0's turn to " + kind)
        scenario.load(json.dumps(from_view(view)))  # the rules' check of the position
    return view


def parse_drill(data: Any) -> Drill:
    """One stored drill, checked (``DataError`` when it is not one)."""
    if not isinstance(data, dict) or sorted(data) != sorted(FIELDS):
        raise DataError("not a drill's fields")
    if len(json.dumps(data)) > MAX_DRILL_CHARS:
        raise DataError("the drill is too large")
    names = [data[k] for k in ("id", "match", "why")]
    if not all(isinstance(x, str) and _NAME.fullmatch(x) for x in names):
        raise DataError("not a drill's names")
    kind, mark = data["kind"], data["mark"]
    if kind not in TRIED or mark not in MARK_NAMES:
        raise DataError("not a drill's kind or mark")
    try:
        played, best = _cards(data["played"]), _cards(data["best"])
        view = checked_view(data["view"], kind, played, best)
    except (CardError, KeyError, TypeError, ValueError, PositionError,
            scenario.ScenarioError) as error:
        raise DataError(f"not a drill's position: {error}") from None
    return Drill(
        str(data["id"]), _int(data, "made", 0, 10**15), str(data["match"]),
        _int(data, "hand", 0, 10_000), _int(data, "index", 0, 100_000),
        _int(data, "seed", 0, 2**31), str(kind), str(mark), str(data["why"]), played, best,
        json.dumps(view.to_data(), separators=(",", ":")), _int(data, "box", 0, BOXES),
        _int(data, "due", 0, 10**15))


def parse_drills(text: str | None) -> tuple[Drills, bool]:
    """The stored drills, and whether the stored text was damaged (then only the good
    entries, or none when the text itself does not parse)."""
    if text is None:
        return Drills(), False
    try:
        data = parse_json(text, max_chars=MAX_DRILLS_CHARS, max_depth=MAX_DEPTH)
    except DataError:
        return Drills(), True
    if not isinstance(data, list):
        return Drills(), True
    kept: list[Drill] = []
    damaged = len(data) > MAX_DRILLS
    for item in data[:MAX_DRILLS]:
        try:
            drill = parse_drill(item)
        except DataError:
            damaged = True
            continue
        if any(d.id == drill.id for d in kept):
            damaged = True
            continue
        kept.append(drill)
    return Drills(tuple(kept)), damaged


__all__ = ["FIELDS", "Drill", "Drills", "MAX_DRILLS", "parse_drill", "parse_drills"]

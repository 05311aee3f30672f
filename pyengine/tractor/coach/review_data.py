"""The coach one decision at a time, as plain data: what the page's worker answers.

The page reviews a finished hand in steps so that it can show its progress and
stop between them: ``review_step(record_text, seat, hand, k, seed)`` reviews the
``k``-th decision of ``seat`` in hand ``hand`` of a match record (JSON text, as
``save.dumps`` writes it) and answers ``{"count": n, "decision": data}`` as JSON
text, ``data`` being ``decision_data`` of the ``DecisionReview`` (None when there is
no other candidate to compare). Every kind the coach reviews goes through it: plays,
the bury, the friend call and declaring (a pass's cards are an empty list). The
record is a finished hand's: every hand in it is already face up in the replay; the
coach still looks only at the seat's view of each moment (``review.decision_points``).

The decisions of the last record asked about are kept (``_points``), so the steps
of one hand replay the record once, not once per step. The same record, seat, hand,
step and seed always give the same answer (``review`` seeds every decision alone).

>>> from tractor.coach.review import Option
>>> o = Option(("AS",), 0.5, 1.0, 40.0)
>>> d = DecisionReview(3, 0, "lead", o, o, 48, 0.0, 0.0, "fine", 2, None)
>>> decision_from_data(json.loads(json.dumps(decision_data(d)))) == d
True
"""

from __future__ import annotations

import json
from typing import Any, TypedDict

from ..actions import Action, Bury, CallFriend, Declare, Pass, Play
from ..jsondata import DataError
from ..match import Match
from ..positions.position import from_view
from ..save import loads
from ..view import View
from .review import DecisionReview, Option, decision_points, review_decision

_points: dict[tuple[str, int, int], list[tuple[int, View, Action]]] = {}


class OptionData(TypedDict):
    """An option's wire form: its cards (texts) and expected value, levels and points."""

    cards: list[str]
    value: float
    levels: float
    points: float


class DecisionData(TypedDict):
    """A reviewed decision's wire form (``DecisionReview``'s fields; ``why`` as
    ``[code, parameters]``)."""

    index: int
    trick: int
    kind: str
    played: OptionData
    best: OptionData
    deals: int
    cost: float
    se: float
    mark: str
    candidates: int
    why: list[object] | None


def option_data(o: Option) -> OptionData:
    return {"cards": list(o.cards), "value": o.value, "levels": o.levels, "points": o.points}


def option_from_data(data: Any) -> Option:
    return Option(tuple(str(c) for c in data["cards"]), float(data["value"]),
                  float(data["levels"]), float(data["points"]))


def decision_data(d: DecisionReview) -> DecisionData:
    """A reviewed decision as JSON-ready data (``decision_from_data`` reads it back)."""
    return {
        "index": d.index, "trick": d.trick, "kind": d.kind,
        "played": option_data(d.played), "best": option_data(d.best), "deals": d.deals,
        "cost": d.cost, "se": d.se, "mark": d.mark, "candidates": d.candidates,
        "why": None if d.why is None else [d.why[0], d.why[1]],
    }


def decision_from_data(data: Any) -> DecisionReview:
    """``decision_data`` read back (raises ``DataError`` when it is not one)."""
    try:
        why = data["why"]
        return DecisionReview(
            int(data["index"]), int(data["trick"]), str(data["kind"]),
            option_from_data(data["played"]), option_from_data(data["best"]),
            int(data["deals"]), float(data["cost"]), float(data["se"]), str(data["mark"]),
            int(data["candidates"]), None if why is None else (str(why[0]), dict(why[1])),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise DataError(f"not a reviewed decision: {error}") from None


def points_of_record(record_text: str, seat: int, hand: int) -> list[tuple[int, View, Action]]:
    """The decisions the coach reviews (kept for the last record asked about)."""
    key = (record_text, seat, hand)
    if key not in _points:
        _points.clear()
        _points[key] = list(decision_points(loads(record_text), seat, hand))
    return _points[key]


def review_step(record_text: str, seat: int, hand: int, k: int, seed: int = 0) -> str:
    """The ``k``-th reviewed decision and how many there are, as JSON text (see above)."""
    points = points_of_record(record_text, int(seat), int(hand))
    decision = None
    if 0 <= k < len(points):
        index, view, action = points[k]
        assert isinstance(action, (Play, Bury, CallFriend, Declare, Pass))
        done = review_decision(view, action, index, int(seed))
        decision = None if done is None else decision_data(done)
    return json.dumps({"count": len(points), "decision": decision}, separators=(",", ":"))


def view_before(record: Match, index: int, seat: int) -> View:
    """The seat's view just before action ``index`` of the record (a shared quiz's)."""
    m = Match(record.rules, record.seed, record.start_level)
    for action in record.actions[:index]:
        m.apply(action)
    return m.observe(seat)


def match_at(record: Match, hand: int, tricks: int) -> Match | None:
    """The record's match at hand ``hand`` in play with ``tricks`` tricks finished and
    none begun (None when the record never stands there): where a what-if played on
    from a replay starts (the page's ``house.learn.branching``)."""
    m = Match(record.rules, record.seed, record.start_level)
    for action in record.actions:
        if m.hand_no == hand and m.phase == "play" and m.tricks_played == tricks \
                and not m.trick:
            return m
        if m.hand_no > hand:
            return None
        m.apply(action)
    return None


def quiz_json(record: Match, index: int, seat: int, answer: list[str],
              texts: dict[str, dict[str, str]]) -> str:
    """A marked play as an ``embed.html`` quiz (scenario JSON text): the seat's view
    before it (``position.from_view``: its own cards only), ``answer`` (the coach's
    play) the one right answer, ``texts["caption"]`` and ``texts["explain"]`` (en, zh
    and zh-Hant) its question and explanation. Raises ``position.PositionError`` outside play."""
    return quiz_of_view(view_before(record, index, seat), answer, texts)


def quiz_of_view(view: View, answer: list[str], texts: dict[str, dict[str, str]]) -> str:
    """``quiz_json`` of the seat's view at the decision (a drill keeps only the view)."""
    scenario = from_view(view)
    scenario["caption"] = texts["caption"]
    scenario["quiz"] = {"answers": [" ".join(answer)], "explain": texts["explain"]}
    return json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))


__all__ = ["DecisionData", "OptionData", "decision_data", "decision_from_data", "option_data",
           "option_from_data", "match_at", "points_of_record", "quiz_json", "quiz_of_view",
           "review_step", "view_before"]

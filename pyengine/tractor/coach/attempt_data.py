"""The coach's verdict on an attempt as plain data: what the page's worker answers.

``try_step(view_text, index, seed, best, cards)`` judges playing ``cards`` (card
texts) from the seat's view (``View.to_data`` as JSON text) at decision ``index``
of its record, the coach's better play there being ``best``, and answers
``verdict_data`` of ``attempt.judge_attempt``'s ``Verdict`` as JSON text;
``verdict_from_data`` reads it back (raises ``DataError`` when it is not one).

>>> v = Verdict("wrong", "mistake", 0.4, 12.0, ("keeps_pair", {"card": "AS"}))
>>> verdict_from_data(json.loads(json.dumps(verdict_data(v)))) == v
True
"""

from __future__ import annotations

import json
from typing import Any, TypedDict

from ..cards import parse_cards
from ..jsondata import DataError
from ..view import View
from .attempt import Verdict, judge_attempt


class VerdictData(TypedDict):
    """A verdict's wire form (``Verdict``'s fields; ``why`` as ``[code, parameters]``)."""

    verdict: str
    mark: str
    cost: float
    points: float
    why: list[object] | None
    problem: str


def verdict_data(v: Verdict) -> VerdictData:
    return {"verdict": v.verdict, "mark": v.mark, "cost": v.cost, "points": v.points,
            "why": None if v.why is None else [v.why[0], v.why[1]], "problem": v.problem}


def verdict_from_data(data: Any) -> Verdict:
    try:
        why = data["why"]
        verdict = str(data["verdict"])
        if verdict not in ("right", "wrong", "illegal"):
            raise ValueError(verdict)
        return Verdict(verdict, str(data["mark"]), float(data["cost"]), float(data["points"]),
                       None if why is None else (str(why[0]), dict(why[1])),
                       str(data["problem"]))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise DataError(f"not a verdict: {error}") from None


def try_step(view_text: str, index: int, seed: int, best: list[str], cards: list[str]) -> str:
    """The verdict on ``cards`` at the decision (see the module docstring), as JSON text."""
    view = View.from_data(json.loads(view_text))
    verdict = judge_attempt(view, parse_cards(list(cards)), int(index),
                            [str(c) for c in best], int(seed))
    return json.dumps(verdict_data(verdict), separators=(",", ":"))


__all__ = ["VerdictData", "try_step", "verdict_data", "verdict_from_data"]

"""A quiz answer judged (``judge``, with ``scenario_verdicts``) and the referee's API for
``postMessage`` (``referee_call``, ``referee_json``: messages of type ``tractor.referee``)."""

from __future__ import annotations

import json
from typing import Any

from ..cards import CardError
from ..jsondata import parse_json
from ..scenario_check import ScenarioError
from . import referee
from .scenario_frames import load
from .scenario_parts import _ids, _texts
from .scenario_verdicts import _judge_play


def judge(text: str, cards: str) -> dict[str, Any]:
    """A quiz answer: the seat to move plays ``cards`` (card text).

    Returns ``{"legal", "rule" (the rule broken, or None), "why" (what is said of the play,
    ``saying.Say.data``: the reader translates it), "detail" (the engine's own English words
    on a broken follow rule, or None), "correct" (one of the answers), "explain" (the quiz's
    explanation)}``.

    >>> from tractor.positions.scenario import QUIZ
    >>> r = judge(QUIZ, "AS KS")
    >>> r["legal"], r["rule"], r["correct"], r["why"]
    (False, 'follow_pairs', False, {'key': 'scenario_why_follow_pairs', 'params': {}})
    """
    s = load(text)
    quiz = s["quiz"]
    if quiz is None:
        raise ScenarioError("this scenario has no quiz")
    play = _parse_play(cards)
    seat = s["turn"]
    hand = s["seats"][seat]["cards"]
    correct = any(sorted(play) == sorted(answer) for answer in quiz["answers"])
    verdict = _judge_play(s, seat, hand, play)
    return {**verdict, "correct": correct, "explain": quiz["explain"]}


def _parse_play(cards: str) -> list[str]:
    try:
        play = _texts(_ids(referee_split(cards)))
    except (CardError, ValueError) as err:
        raise ScenarioError(f"your play: {err}") from None
    if not play:
        raise ScenarioError("your play: choose at least one card")
    return play


def referee_split(cards: object) -> list[str]:
    """Card text (spaces optional between cards, as ``referee`` reads it) as tokens.

    >>> referee_split("3S3S 10h")
    ['3S', '3S', '10h']
    """
    if not isinstance(cards, str):
        raise ScenarioError("your play: card text such as 'AS AS'")
    if len(cards) > referee.MAX_TEXT:
        raise ScenarioError(f"your play: longer than {referee.MAX_TEXT} characters")
    return [p for chunk in cards.replace(",", " ").split() for p in referee._split(chunk)]



# ------------------------------------------------------------------ referee API

MAX_ARGS = 6
MAX_KWARGS = 4
MAX_LIST = 4
MAX_INT = 10**9


def _bad_value(value: object) -> str | None:
    """Why ``value`` may not be passed to the referee, or None."""
    if isinstance(value, bool):
        return "true/false is not an accepted value"
    if isinstance(value, int):
        return None if -MAX_INT <= value <= MAX_INT else f"numbers must be within ±{MAX_INT}"
    if isinstance(value, str):
        return None if len(value) <= referee.MAX_TEXT else (
            f"text longer than {referee.MAX_TEXT} characters"
        )
    if isinstance(value, list):
        if len(value) > MAX_LIST:
            return f"a list has at most {MAX_LIST} items"
        if not all(isinstance(v, str) and len(v) <= referee.MAX_TEXT for v in value):
            return f"a list holds only texts of at most {referee.MAX_TEXT} characters"
        return None
    return f"values are text, whole numbers or lists of text, not {type(value).__name__}"


def _check_request(request: object) -> str | None:
    """Why ``request`` is not a referee call, or None."""
    if not isinstance(request, dict):
        return "a request is an object {fn, args, kwargs}"
    unknown = set(request) - {"fn", "args", "kwargs"}
    if unknown:
        return "a request has only fn, args and kwargs"
    fn = request.get("fn")
    if not isinstance(fn, str) or fn not in referee.__all__:
        return "fn must be one of " + ", ".join(referee.__all__)
    args = request.get("args", [])
    kwargs = request.get("kwargs", {})
    if not isinstance(args, list) or len(args) > MAX_ARGS:
        return f"args must be a list of at most {MAX_ARGS} values"
    if not isinstance(kwargs, dict) or len(kwargs) > MAX_KWARGS:
        return f"kwargs must be an object of at most {MAX_KWARGS} values"
    if not all(isinstance(k, str) and k.isidentifier() and not k.startswith("_") for k in kwargs):
        return "kwargs names must be argument names"
    for value in [*args, *kwargs.values()]:
        problem = _bad_value(value)
        if problem is not None:
            return problem
    return None


def _plain(value: object) -> object:
    """Tuples as lists, for JSON."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def referee_call(request: object) -> dict[str, Any]:
    """Call one ``tractor.positions.referee`` function for the page; never raises.

    ``request`` is ``{"fn": name, "args": [...], "kwargs": {...}}`` as decoded JSON.
    Returns ``{"result": value}`` or ``{"error": message}``.

    >>> referee_call({"fn": "trick_winner", "args": [["5S 4S 4S", "9H 7H 7H", "8H 8H 4H"],
    ...                                              "10", "H"]})
    {'result': 2}
    >>> referee_call({"fn": "__import__", "args": ["os"]})["error"][:24]
    'fn must be one of is_tra'
    """
    problem = _check_request(request)
    if problem is not None:
        return {"error": problem}
    assert isinstance(request, dict)
    fn = getattr(referee, request["fn"])
    try:
        return {"result": _plain(fn(*request.get("args", []), **request.get("kwargs", {})))}
    except (ValueError, TypeError) as err:
        return {"error": str(err)[:300]}


def referee_json(text: str) -> str:
    """``referee_call`` on JSON text, answered as JSON text.

    >>> referee_json('{"fn": "level_change", "args": [85]}')
    '{"result": ["attackers", 0]}'
    >>> referee_json('[[[[[1]]]]]')
    '{"error": "the data is nested more than 4 levels deep"}'
    """
    try:
        request = parse_json(text, max_chars=8000, max_depth=4)
    except ValueError as err:
        return json.dumps({"error": str(err)}, ensure_ascii=False)
    return json.dumps(referee_call(request), ensure_ascii=False)

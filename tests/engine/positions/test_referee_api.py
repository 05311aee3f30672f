"""The referee's API (``scenario.referee_call``, ``referee_json``: the rules as a text API
for other pages) and the embed's link and iframe text refusing what they must."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tractor import scenario_check
from tractor.positions.scenario import (
    MAX_LINK_CHARS,
    ScenarioError,
    decode_link_param,
    iframe,
    referee_call,
    referee_json,
)

# ------------------------------------------------------------------ referee API


@pytest.mark.parametrize(
    ("request_", "result"),
    [
        ({"fn": "is_tractor", "args": ["4S 4S 6S 6S", "5", "H"]}, True),
        ({"fn": "decompose", "args": ["3S3S3S4S4S", "2", "H"], "kwargs": {"decks": 3}},
         ["3S 3S 3S", "4S 4S"]),
        ({"fn": "is_legal_follow", "args": ["7S AH", "3S 3S", "7S AH", "2", "H"]}, True),
        ({"fn": "trick_winner", "args": [["5S 4S 4S", "9H 7H 7H", "8H 8H 4H"], "10", "H"]}, 2),
        ({"fn": "throw_result", "args": ["9S 8S 8S 4S 4S", ["JS"], "2", "H"]}, "9S"),
        ({"fn": "kitty_multiplier", "args": ["3S 3S 4S 4S 5S 5S", "2", "H"]}, 16),
        ({"fn": "level_change", "args": [85]}, ["attackers", 0]),
    ],
)
def test_referee_call_answers_each_function(request_: dict[str, Any], result: object) -> None:
    assert referee_call(request_) == {"result": result}


@pytest.mark.parametrize(
    "request_",
    [
        {"fn": "nope", "args": []},
        {"fn": "__import__", "args": ["os"]},
        {"fn": "_parse", "args": ["AS", 2]},
        {"fn": "is_tractor"},
        {"fn": "is_tractor", "args": "AS AS"},
        {"fn": "is_tractor", "args": [{"a": 1}, "2", "H"]},
        {"fn": "is_tractor", "args": [1.5, "2", "H"]},
        {"fn": "is_tractor", "args": ["AS", "2", "H", 2, False, 1, 2]},
        {"fn": "is_tractor", "args": ["AS AS", "2", "H"], "kwargs": {"decks": True}},
        {"fn": "level_change", "args": [True]},
        {"fn": "level_change", "args": [10**10]},
        {"fn": "is_tractor", "args": ["AS " * 500, "2", "H"]},
        {"fn": "trick_winner", "args": [["AS", "KS", "QS", "JS", "10S"], "2", "H"]},
        {"fn": "trick_winner", "args": [["AS", 5], "2", "H"]},
        {"fn": "is_tractor", "args": ["AS AS", "2", "H"], "kwargs": {"colour": "red"}},
        {"fn": "is_tractor", "args": ["AS AS", "2", "H"],
         "kwargs": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}},
        {"fn": "is_tractor", "args": ["AS AS", "2", "H"], "extra": 1},
        {"fn": "is_tractor", "args": ["AS AS AS", "2", "H"]},
        {"fn": "level_change", "args": [], "kwargs": {}},
        ["is_tractor"],
        None,
    ],
)
def test_referee_call_answers_bad_requests_with_an_error(request_: object) -> None:
    answer = referee_call(request_)
    assert set(answer) == {"error"} and answer["error"]


def test_referee_json_round_trip_and_limits() -> None:
    assert json.loads(referee_json('{"fn": "trick_winner", "args": [["5S 6S 7S", "9H 7H 7H", '
                                   '"8H 8H 4H"], "10", "H"]}')) == {"result": 1}
    assert "error" in json.loads(referee_json("x" * 8001))
    assert "error" in json.loads(referee_json('{"fn": [[[[1]]]]}'))
    assert "error" in json.loads(referee_json("not json"))
    assert "error" in json.loads(referee_json('{"fn": "level_change", "args": [NaN]}'))


# ------------------------------------------------------------------ links


def test_iframe_escapes_its_attributes() -> None:
    snippet = iframe(scenario_check.MINIMAL, 'e.html"><script>')
    assert snippet.startswith('<iframe src="e.html&quot;&gt;&lt;script&gt;?s=')
    assert snippet.endswith('title="Tractor position" class="tractor-embed" width="100%" '
                            'height="360" loading="lazy"></iframe>')


@pytest.mark.parametrize("value", ["A" * (MAX_LINK_CHARS + 1), "ab$d", "a", "__8"])
def test_bad_link_values_are_refused(value: str) -> None:
    with pytest.raises(ScenarioError):
        decode_link_param(value)

"""The tutorial's positions and the example of docs/embed.md: valid for the JSON Schema, the
checker and the engine, and the schema agrees with the checker on what it refuses."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from tractor.positions import scenario
from tractor.scenario_check import ScenarioError, check

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "web" / "embed" / "scenario.schema.json").read_text())
POSITIONS = sorted((ROOT / "web" / "tutorial" / "positions").glob("*.json"))


def docs_example() -> str:
    text = (ROOT / "docs" / "embed.md").read_text()
    found = re.search(r"```json\n(\{\n  \"schema\": \"tractor-scenario\".*?)\n```", text, re.S)
    assert found, "docs/embed.md shows a scenario"
    return found.group(1)


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_each_tutorial_position_passes_the_schema_the_checker_and_the_engine(path: Path) -> None:
    text = path.read_text()
    jsonschema.validate(json.loads(text), SCHEMA)
    s = scenario.load(text)
    assert len(scenario.frames(text)) == len(s["steps"]) + 1
    if s["quiz"] is not None:
        for answer in s["quiz"]["answers"]:
            verdict = scenario.judge(text, " ".join(answer))
            assert verdict["legal"] and verdict["correct"], (path.name, answer)


def test_the_tutorial_has_twelve_positions_and_three_quizzes() -> None:
    kinds = [check(p.read_text())["quiz"] is not None for p in POSITIONS]
    assert len(kinds) >= 12 and sum(kinds) == 3


def test_the_example_of_the_embed_docs_is_a_valid_scenario() -> None:
    text = docs_example()
    jsonschema.validate(json.loads(text), SCHEMA)
    scenario.frames(text)


BAD = [
    {"version": 1, "level": "2", "trump": "H", "turn": 0, "seats": [{}, {}, {}, {}]},
    {"schema": "tractor-scenario", "version": 2, "level": "2", "trump": "H", "turn": 0,
     "seats": [{}, {}, {}, {}]},
    {"schema": "tractor-scenario", "version": 1, "level": "1", "trump": "H", "turn": 0,
     "seats": [{}, {}, {}, {}]},
    {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "X", "turn": 0,
     "seats": [{}, {}, {}, {}]},
    {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 0,
     "seats": [{}, {}, {}]},
    {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 0,
     "seats": [{"cards": "AS", "backs": 1}, {}, {}, {}]},
    {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 0,
     "seats": [{}, {}, {}, {}], "colour": "red"},
    {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 0,
     "rules": {"decks": 4}, "seats": [{}, {}, {}, {}]},
    {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 9,
     "seats": [{}, {}, {}, {}]},
    {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 0,
     "seats": [{"cards": "AS"}, {}, {}, {}], "quiz": {"answers": ["AS"]},
     "steps": [{"seat": 0, "cards": "AS"}]},
    {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 0,
     "seats": [{}, {}, {}, {}], "caption": {"fr": "non"}},
]


@pytest.mark.parametrize("data", BAD, ids=[str(i) for i in range(len(BAD))])
def test_what_the_schema_refuses_the_checker_refuses(data: dict[str, object]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)
    with pytest.raises(ScenarioError):
        check(json.dumps(data))


def test_a_friend_card_is_one_card_no_joker_and_only_in_find_a_friend() -> None:
    base = {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 0,
            "seats": [{}, {}, {}, {}], "rules": {"partners": "find_friend"}}
    assert check(json.dumps(dict(base, friend_card="ah")))["friend_card"] == "AH"
    for bad in (dict(base, friend_card="BJ"), dict(base, friend_card="AH AS"),
                dict(base, friend_card="AH", rules={})):
        with pytest.raises(ScenarioError, match="friend_card"):
            check(json.dumps(bad))

"""A finished hand's outcome (``tractor.outcome.HandOutcome``): its data form is the one
the saves, the views and the page have always read, and it reads back exactly."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any

import pytest
from tractor.actions import action_from_text
from tractor.match import Match
from tractor.outcome import HandOutcome
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import replay
from tractor.view import View

RULES = Rules(partners="find_friend", throw_penalty=True)
DEAL = ["deal"] * 12 + ["3 declare 2S"] + ["deal"] * 88
PLAY_TEXT = (
    "end_deal / 3 bury JD 8S 2C 2S 2D 10H 2H QH / 3 call_friend 3H / 3 play KH / 0 play "
    "JH / 1 play 5H / 2 play 8H / 3 play QS / 0 play 4S / 1 play 7S / 2 play BJ / 2 play "
    "AD / 3 play 9D / 0 play 9D / 1 play 10D / 2 play 2S / 3 play 4S / 0 play SJ / 1 play "
    "JS / 0 play 6S / 1 play QS / 2 play 3S / 3 play 8S / 1 play 6D 6D / 2 play 4D JD / 3 "
    "play KD 5D / 0 play 8D 5D / 1 play 4H / 2 play 3H / 3 play 9H / 0 play AH / 0 play "
    "JS / 1 play 2H / 2 play KS / 3 play 6S / 1 play 3S / 2 play 10S / 3 play 9S / 0 play "
    "AS / 0 play 7C / 1 play QC / 2 play 3C / 3 play 7C / 1 play SJ / 2 play 5S / 3 play "
    "KS / 0 play 7S / 1 play 4D / 2 play 3D / 3 play QD / 0 play 7D / 3 play 4H / 0 play "
    "AH / 1 play JH / 2 play 10H / 0 play QC / 1 play JC / 2 play KC / 3 play 10C / 2 "
    "play 9S / 3 play 4C / 0 play JC / 1 play BJ / 1 play 6H / 2 play KH / 3 play 6H / 0 "
    "play 3H / 2 play 2C / 3 play KC / 0 play 9C / 1 play 5S / 2 play 10S / 3 play 4C / 0 "
    "play 9H / 1 play 2D / 1 play AD / 2 play QD / 3 play 8D / 0 play 10D / 1 play KD / 2 "
    "play 7D / 3 play AC / 0 play AC / 1 play 3D / 2 play 6C / 3 play QH / 0 play 3C / 1 "
    "play 9C / 2 play 5C / 3 play 8H / 0 play 10C / 0 play 6C / 1 play 8C / 2 play 5C / 3 "
    "play 7H / 1 play 5H / 2 play AS / 3 play 7H / 0 play 8C"
)
"""Seed 0's first hand under ``RULES`` after the deal, as the random players played it."""
PLAYS = PLAY_TEXT.split(" / ")

OLD_RESULT = {
    "hand_no": 0, "dealer": 3, "level": 0, "trump": "2/S", "defenders": [0, 3],
    "attackers": [1, 2], "friend": 0, "kitty": ["JD", "8S", "2C", "2S", "2D", "10H", "2H", "QH"],
    "kitty_points": 10, "multiplier": 2, "kitty_bonus": 20, "trick_points": 140, "penalty": 0,
    "attackers_points": 160, "side": "attackers", "levels_gained": 2, "levels": [0, 2, 2, 0],
    "next_dealer": 1, "match_won": False,
}
"""The hand's result as the engine gave it when it was a plain dict."""

OLD_DIGESTS = {
    "state": "c55d2a52dfc0a7fa7c56f76c4f3ab81344012b8c22800b2301d5f2d538544316",
}
"""SHA-256 of the compact JSON of the hand's end (the match's state) as the engine gave it
when the result was a plain dict (the view's own forms became one wire form since:
its ``hand_result`` is still this dict)."""


def finished_hand() -> Match:
    return replay(RULES, 0, [action_from_text(a) for a in DEAL + PLAYS])


def digest(data: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode()).hexdigest()


def test_a_finished_hand_s_outcome_is_the_data_it_always_was() -> None:
    m = finished_hand()
    assert m.phase == "hand_over" and m.hand_result is not None
    assert m.hand_result.to_data() == OLD_RESULT
    assert json.dumps(m.hand_result.to_data()) == json.dumps(OLD_RESULT)  # the keys' order too
    assert m.results == [m.hand_result]
    assert digest(m.state()) == OLD_DIGESTS["state"]
    for seat in (0, 2):
        shown = m.observe(seat).to_data()["hand_result"]
        assert json.dumps(shown) == json.dumps(OLD_RESULT)  # the keys' order too


def test_an_outcome_reads_back_from_its_data() -> None:
    m = finished_hand()
    assert m.hand_result is not None
    assert HandOutcome.from_data(m.hand_result.to_data()) == m.hand_result
    assert HandOutcome.from_data(json.loads(json.dumps(OLD_RESULT))).to_data() == OLD_RESULT
    view = m.observe(1)
    assert View.from_data(json.loads(json.dumps(view.to_data()))) == view


@pytest.mark.parametrize("rules", [Rules(), Rules(decks=1, partners="find_friend"),
                                   Rules(decks=3, scoring="qq", kitty_theft=True)])
def test_every_hand_s_outcome_of_a_match_round_trips(rules: Rules) -> None:
    m = Match(rules, seed=4, start_level=10)
    players = [make_player("random", s) for s in range(4)]
    while len(m.results) < 3 and not m.is_over:
        step(m, players)
    assert m.results
    for outcome in m.results:
        assert HandOutcome.from_data(json.loads(json.dumps(outcome.to_data()))) == outcome


@pytest.mark.parametrize(
    ("field", "value"),
    [("hand_no", "0"), ("hand_no", True), ("friend", 1.5), ("side", "both"),
     ("levels", [0, "2", 2, 0]), ("levels", "0220"), ("match_won", 0), ("trump", None),
     ("kitty", ["XX"])],
)
def test_malformed_outcome_data_is_refused(field: str, value: object) -> None:
    with pytest.raises(ValueError):
        HandOutcome.from_data({**OLD_RESULT, field: value})


def test_an_outcome_names_the_side_that_gained() -> None:
    outcome = HandOutcome.from_data(OLD_RESULT)
    assert outcome.gainers() == (1, 2)
    assert replace(outcome, side="defenders").gainers() == (0, 3)

"""A seat's view travels as JSON (to the players' worker) and comes back identical."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.view import View

RULE_SETS = [
    Rules(),
    Rules(decks=1, partners="find_friend", kitty_theft=True, throw_penalty=True),
    Rules(decks=3, declare_window="after_deal", twos_always_trump=True),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=["standard", "friend-theft", "three-decks"])
def test_every_view_of_a_hand_round_trips_through_json(rules: Rules) -> None:
    m = Match(rules, seed=9)
    players = [make_player(name, s) for s, name in enumerate(["thrower", "basic"] * 2)]
    phases = set()
    while m.hand_no < 2 and not m.is_over:
        for seat in range(4):
            view = m.observe(seat)
            again = View.from_data(json.loads(json.dumps(view.to_data())))
            assert again == view
        phases.add(m.phase)
        step(m, players)
    assert {"deal", "bury", "play", "hand_over"} <= phases


def test_the_view_data_holds_no_other_hand() -> None:
    m = Match(Rules(), seed=3)
    players = [make_player("basic", s) for s in range(4)]
    while m.phase != "play" or m.to_move != 1:
        step(m, players)
    data = m.observe(1).to_data()
    assert data["hand"] == " ".join(str(c) for c in m.observe(1).hand)
    assert data["kitty"] is None and data["kitty_taken"] is None
    # exactly the view's own fields (counts and lead are derived): no deck, hands or seed
    assert set(data) == {f.name for f in fields(View)} - {"counts", "lead"}

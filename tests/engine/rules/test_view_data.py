"""A seat's view travels as JSON (to the players' worker) and comes back identical."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import get_type_hints

import pytest
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules, RulesData
from tractor.runner import step
from tractor.trump import sorted_hand
from tractor.view import View
from tractor.viewdata import (
    HandResultData,
    LastTrickData,
    PlayData,
    ThrowFailureData,
    TrickData,
    ViewData,
)

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
    assert sorted(data["hand"]) == sorted(str(c) for c in m.observe(1).hand)
    assert data["kitty"] is None and data["kitty_taken"] is None
    # the view's own fields (counts and lead follow from them) and the keys derived for the
    # table from them: no deck, hands or seed
    derived = {"deal_total", "kitty_size", "declaration_options", "hand_trump", "lead_kind",
               "trick_winner", "own_side"}
    assert set(data) == {f.name for f in fields(View)} - {"counts", "lead"} | derived


def keys_of(kind: type) -> set[str]:
    """The keys a ``TypedDict`` type names."""
    return set(get_type_hints(kind))


def test_the_wire_form_has_exactly_the_keys_its_types_name() -> None:
    m = Match(Rules(decks=1, partners="find_friend", throw_penalty=True), seed=4)
    players = [make_player("thrower", s) for s in range(4)]
    seen: set[str] = set()
    while not m.is_over and m.hand_no < 2:
        data = m.observe(m.to_move if m.to_move is not None and m.to_move >= 0 else 0).to_data()
        assert set(data) == keys_of(ViewData)
        optional = {"friend_rule"}  # written only when not the default (NotRequired)
        assert set(data["rules"]) | optional == keys_of(RulesData)
        assert keys_of(RulesData) == {f.name for f in fields(Rules)}
        for play in [*data["trick"], *data["declarations"]]:
            assert set(play) == keys_of(PlayData)
        for trick in data["tricks"]:
            assert set(trick) == keys_of(TrickData)
            seen.add("trick")
        if data["last_trick"] is not None:
            assert set(data["last_trick"]) == keys_of(LastTrickData)
            seen.add("last_trick")
        if data["throw_failure"] is not None:
            assert set(data["throw_failure"]) == keys_of(ThrowFailureData)
            seen.add("throw_failure")
        if data["hand_result"] is not None:
            assert set(data["hand_result"]) == keys_of(HandResultData)
            seen.add("hand_result")
        step(m, players)
    assert seen == {"trick", "last_trick", "throw_failure", "hand_result"}


def test_the_wire_form_shows_the_hand_in_display_order_with_its_trumps() -> None:
    m = Match(Rules(), seed=6)
    players = [make_player("basic", s) for s in range(4)]
    while m.phase != "play":
        step(m, players)
    view = m.observe(0)
    data = view.to_data()
    shown = sorted_hand(list(view.hand), view.order)
    assert data["hand"] == [str(c) for c in shown] != [str(c) for c in view.hand]
    assert data["hand_trump"] == [view.order.is_trump(c) for c in shown]
    assert data["level"] == view.level and data["levels"] == list(view.levels)
    assert View.from_data(data).hand == view.hand

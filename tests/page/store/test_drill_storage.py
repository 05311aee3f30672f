"""Stored drills are hostile data (``store.drills``): a huge list, a deep one, markup in a
name, an illegal position or answer are refused and kept aside, the good drills beside
them kept, and nothing of them reaches the page unescaped."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

from fakes import FakeStorage
from house.learn import drilling
from matches import marked_hand
from store.drills import MAX_DRILLS, MAX_DRILLS_CHARS, Drill, parse_drills
from store.settings import Settings
from tables import make_game
from tractor.actions import Play
from tractor.cards import CARDS
from tractor.coach.review import decision_points
from tractor.match import Match
from tractor.players import make_player
from tractor.players.calling import held_with_kitty
from tractor.rules import Rules
from tractor.runner import step

KEY = "tractor.drills"


@functools.cache
def good() -> dict[str, Any]:
    """A drill as stored: seat 0's first follow of the marked hand."""
    index, view, action = next((i, v, a) for i, v, a in decision_points(marked_hand(), 0, 0)
                               if isinstance(a, Play) and v.lead is not None)
    assert isinstance(action, Play)
    played = tuple(str(c) for c in action.cards)
    drill = Drill(f"m-1.0.{index}", 1, "m-1", 0, index, 0, "follow", "mistake", "cannot_win",
                  played, played, json.dumps(view.to_data()), 0, 1)
    stored: dict[str, Any] = json.loads(json.dumps(drill.data()))
    return stored


def variant(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(good())
    data.update(changes)
    return data


def load(text: str) -> tuple[list[str], FakeStorage, str]:
    """The drills the table reads from ``text`` (their ids), the storage after, the
    drills panel's markup."""
    settings = Settings(rules=Rules(decks=1), speed="instant", lang="en")
    storage = FakeStorage({"tractor.settings": settings.to_json(), KEY: text})
    game, screen = make_game(storage)
    game.open_drills()
    return [d.id for d in drilling.drills(game.state).entries], storage, screen.regions["overlay"]


def kept_aside(storage: FakeStorage, text: str) -> bool:
    return any(k.startswith(KEY + ".bad.") and v == text for k, v in storage.items())


def test_a_good_drill_loads_and_is_listed() -> None:
    text = json.dumps([good()])
    ids, storage, html = load(text)
    assert ids == [good()["id"]] and not kept_aside(storage, text)
    assert html.count('data-testid="drill"') == 1


def test_a_huge_or_deep_list_is_refused_unread_and_kept_aside() -> None:
    for text in ("[" + " " * MAX_DRILLS_CHARS + "]", "[" * 200 + "]" * 200):
        ids, storage, _ = load(text)
        assert ids == [] and kept_aside(storage, text)
    too_many = json.dumps([variant(id=f"m-1.0.{i}") for i in range(MAX_DRILLS + 1)])
    assert parse_drills(too_many)[1]  # damaged: more than the bound


def test_markup_in_a_drill_is_refused_and_never_drawn() -> None:
    for field in ("id", "match", "why"):
        bad = variant(**{field: "<img src=x onerror=alert(1)>"})
        text = json.dumps([good(), bad])
        ids, storage, html = load(text)
        assert ids == [good()["id"]] and kept_aside(storage, text), field
        assert "<img" not in html and json.loads(storage[KEY]) == [good()]


def test_an_illegal_position_or_answer_is_refused_and_kept_aside() -> None:
    view = good()["view"]
    hand = list(view["hand"])
    others = [c for c in hand if c not in good()["played"]]
    kept = [c for c in hand if c not in others[:3]]
    copies = variant(view={**view, "hand": kept + [others[0]] * 3})  # more than one deck holds
    absent = variant(best=["BJ", "BJ", "BJ"])  # cards the hand does not hold
    seat = variant(view={**view, "seat": 2})  # not the player's own view
    extra = variant(secret="x")  # a field no drill has
    kind = variant(kind="call")
    for bad in (copies, absent, seat, extra, kind):
        text = json.dumps([bad, good()])
        ids, storage, _ = load(text)
        assert ids == [good()["id"]] and kept_aside(storage, text), bad


@functools.cache
def a_call() -> dict[str, Any]:
    """A friend call's drill as stored: seat 0, the dealer, at its call (find-a-friend,
    seed 3, easy players), the call made a card it holds twice, the better an ace."""
    m = Match(Rules.preset("find_friend"), seed=3)
    seats = [make_player("easy", s) for s in range(4)]
    while m.phase != "call":
        step(m, seats)
    assert m.dealer == 0
    view = m.observe(0)
    twice = next(str(CARDS[c]) for c in range(52) if held_with_kitty(view)[c] == 2)
    drill = Drill(f"m-2.0.{len(m.actions)}", 1, "m-2", 0, len(m.actions), 0, "call",
                  "blunder", "call_alone", (twice,), ("AH",), json.dumps(view.to_data()), 0, 1)
    stored: dict[str, Any] = json.loads(json.dumps(drill.data()))
    return stored


def test_a_friend_call_s_drill_loads_and_a_joker_a_pass_or_two_cards_there_are_refused() -> None:
    text = json.dumps([a_call()])
    ids, storage, html = load(text)
    assert ids == [a_call()["id"]] and not kept_aside(storage, text)
    assert "Friend call" in html
    for change in ({"best": ["BJ"]}, {"kind": "pass", "played": []}, {"played": ["AS", "AH"]},
                   {"kind": "follow"}):
        bad = {**copy.deepcopy(a_call()), **change}
        text = json.dumps([bad, good()])
        ids, storage, _ = load(text)
        assert ids == [good()["id"]] and kept_aside(storage, text), change

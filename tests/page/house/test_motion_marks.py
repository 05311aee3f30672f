"""The marks the motion hangs on (issue 36): a failed throw's lead is ``failed-throw`` (it
shakes, then its forced unit stays outlined); each declaration is a new element of the bar
(its id names the seat and cards, so the morph inserts it and its pulse runs once)."""

from __future__ import annotations

import re
from itertools import combinations

from fakes import FakeStorage
from house.core import resume
from matches import advance
from tables import make_game
from tractor.actions import Play
from tractor.match import Match
from tractor.save import dumps, loads


def throw_that_fails() -> tuple[Match, list[str]]:
    """A 1-deck match where seat 0 leads, and two singles of one suit it may throw that fail."""
    for seed in range(1, 60):
        match = advance({"decks": 1}, seed,
                        lambda m: m.phase == "play" and m.to_move == 0 and not m.trick)
        if match is None or match.trump is None:
            continue
        trump = match.trump
        held = sorted(set(match.hand_cards(0)))
        for first, second in combinations(held, 2):
            if (trump.suit[first] != trump.suit[second] or match.hands[0][first] > 1
                    or match.hands[0][second] > 1):
                continue
            trial = loads(dumps(match))
            trial.apply(Play(0, [first, second]))
            if trial.throw_failure is not None:
                return match, [str(first), str(second)]
    raise AssertionError("no failing throw found")


def test_a_failed_throw_marks_its_lead_failed_throw() -> None:
    match, cards = throw_that_fails()
    game, screen = make_game(FakeStorage())
    resume(game.state, match)
    assert "failed-throw" not in screen.regions.get("centre", "")
    game._select_cards(tuple(cards))
    game.play()
    assert game.state.live.match.throw_failure is not None
    centre = screen.regions["centre"]
    lead = re.search(r'<div class="([^"]*)" data-seat="0"', centre)
    assert lead is not None and "failed-throw" in lead.group(1).split()
    assert 'data-testid="throw-failure"' in centre


def test_each_declaration_is_a_new_element_that_pulses() -> None:
    match = advance({}, 5, lambda m: m.declaration is not None)
    assert match is not None and match.declaration is not None
    game, screen = make_game(FakeStorage())
    resume(game.state, match)
    game.refresh()
    decl = game.view()["declaration"]
    assert decl is not None
    ident = "declaration-" + str(decl["seat"]) + "-" + "-".join(decl["cards"])
    found = re.search(r'<div class="([^"]*)" data-testid="declaration" id="([^"]*)"',
                      screen.regions["bar"])
    assert found is not None and "declared" in found.group(1).split()
    assert found.group(2) == ident

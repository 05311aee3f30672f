"""Share this position: the scenario of a seat's view is valid and reveals no hidden card."""

from __future__ import annotations

import json

import pytest
from tractor.cards import counts_of, parse_cards
from tractor.match import Match
from tractor.players import make_player
from tractor.positions import scenario
from tractor.positions.position import PositionError, from_view, from_view_json
from tractor.rules import Rules
from tractor.runner import step
from tractor.view import View


def positions(rules: Rules, seed: int, every: int = 7) -> list[tuple[View, int]]:
    """(match copy point, seat) samples through one hand of random play."""
    players = [make_player("random", seed + i) for i in range(4)]
    m = Match(rules, seed=seed)
    found = []
    n = 0
    while m.phase not in ("hand_over", "match_over"):
        if m.phase == "play" and n % every == 0 and m.to_move is not None:
            found.append((m.observe(m.to_move), m.to_move))
            found.append((m.observe((m.to_move + 1) % 4), (m.to_move + 1) % 4))
        step(m, players)
        n += 1
    return found


@pytest.mark.parametrize("rules", [Rules(), Rules(decks=3), Rules(decks=1),
                                   Rules(partners="find_friend"),
                                   Rules(twos_always_trump=True)],
                         ids=["standard", "3-decks", "1-deck", "find-friend", "twos"])
def test_a_shared_position_is_a_valid_scenario_of_the_seat_s_view(rules: Rules) -> None:
    samples = positions(rules, seed=5)
    assert samples
    for view, seat in samples:
        text = from_view_json(view)
        s = scenario.load(text)
        assert sorted(s["seats"][0]["cards"]) == sorted(str(c) for c in view.hand)
        assert all(s["seats"][i]["cards"] is None for i in (1, 2, 3))
        assert [p["cards"] for p in s["trick"]] == [[str(c) for c in cs] for _, cs in view.trick]
        assert view.to_move is not None and s["turn"] == (view.to_move - seat) % 4
        assert scenario.frames(text)[0]["seats"] == s["seats"]


def test_a_shared_position_shows_no_card_of_another_hand() -> None:
    m = Match(Rules(), seed=11)
    players = [make_player("random", i) for i in range(4)]
    while m.phase != "play":
        step(m, players)
    for _ in range(9):
        step(m, players)
    shown = json.dumps(from_view(m.observe(0)))
    in_view = counts_of(list(m.observe(0).hand) + [c for _, cs in m.trick for c in cs])
    data = json.loads(shown)
    cards = parse_cards(" ".join([data["seats"][0]["cards"]] + [p["cards"] for p in data["trick"]]))
    assert counts_of(cards) == in_view


def test_there_is_no_position_to_share_before_the_play() -> None:
    m = Match(Rules(), seed=1)
    with pytest.raises(PositionError):
        from_view(m.observe(0))

"""Seeded full matches with every player at every rule-option class: no illegal action.

``Match.apply`` validates every action (it raises ``IllegalAction`` otherwise), so
playing through is the check. Classes: decks × partners × scoring × 炒地皮 ×
twos-always-trump (48), with the declaring window, first dealer and throw
penalty varied along. ``random``, ``easy`` and ``normal`` play the first 6 hands of a
match at every class and whole matches at three; ``hard`` (about 30 ms a decision)
plays one hand per class in a sample of classes.
"""

from __future__ import annotations

import itertools

import pytest
from tractor.match import Match
from tractor.players import Player, make_player
from tractor.rules import Rules
from tractor.runner import play_hand, play_match

CLASSES = [
    Rules(
        decks=decks,
        partners=partners,
        scoring=scoring,
        kitty_theft=theft,
        twos_always_trump=twos,
        declare_window=("during_deal", "after_deal")[i % 2],
        first_dealer=("declarer", "first_declarer", "seat1")[i % 3],
        throw_penalty=bool(i % 5 == 0),
    )
    for i, (decks, partners, scoring, theft, twos) in enumerate(
        itertools.product((1, 2, 3), ("fixed", "find_friend"), ("standard", "qq"),
                          (False, True), (False, True))
    )
]


def lineup(name: str, i: int) -> list[Player]:
    """``name`` in two seats, the others mixed, seeded by the class index."""
    others = ("random", "easy", "normal")
    return [
        make_player(name if s % 2 == i % 2 else others[(i + s) % 3], 1000 * i + s)
        for s in range(4)
    ]


@pytest.mark.parametrize("name", ["random", "easy", "normal"])
def test_matches_at_every_rule_class(name: str) -> None:
    hands = 0
    for i, rules in enumerate(CLASSES):
        m = Match(rules, seed=300 + i)
        play_match(m, lineup(name, i), max_hands=6)
        hands += len(m.results)
    assert hands == 48 * 6


@pytest.mark.parametrize("name", ["random", "easy", "normal"])
def test_whole_matches(name: str) -> None:
    for i in (5, 22, 40):
        m = Match(CLASSES[i], seed=900 + i)
        play_match(m, lineup(name, i), max_hands=200)
        assert m.is_over and m.winners


def test_hard_hands_across_rule_classes() -> None:
    for i, rules in enumerate(CLASSES[::4]):
        m = Match(rules, seed=700 + i)
        play_hand(m, lineup("hard", i))
        assert m.hand_result is not None

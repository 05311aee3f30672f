"""The hard player's bury search (``tractor.players.burying``)."""

from __future__ import annotations

from tractor.actions import Bury
from tractor.cards import POINTS
from tractor.match import Match
from tractor.players import make_player
from tractor.players.burying import MAX_BURY_CANDIDATES, bury_candidates
from tractor.players.easy import choose_bury
from tractor.rules import Rules
from tractor.runner import step
from tractor.view import View


def bury_view(seed: int, rules: Rules | None = None) -> tuple[Match, View]:
    m = Match(rules or Rules(), seed=seed)
    seats = [make_player("easy", s) for s in range(4)]
    while m.phase != "bury":
        step(m, seats)
    seat = m.to_move
    assert seat is not None
    return m, m.observe(seat)


def test_bury_candidates_are_kitties_from_the_hand_the_easy_players_first() -> None:
    for seed in range(12):
        _, view = bury_view(seed)
        first = [int(c) for c in choose_bury(view)]
        candidates = bury_candidates(view, first)
        assert candidates[0] == first
        assert 1 < len(candidates) <= MAX_BURY_CANDIDATES
        assert len({tuple(sorted(c)) for c in candidates}) == len(candidates)
        for bury in candidates:
            assert len(bury) == view.rules.kitty_size
            assert all(bury.count(c) <= view.counts[c] for c in bury)


def test_bury_candidates_void_a_short_suit_whole_even_with_its_points() -> None:
    # A suit of at most 8 cards holding points: easy never voids it, a candidate does.
    for seed in range(40):
        _, view = bury_view(seed)
        order = view.order
        short = [s for s in range(4) if 0 < sum(view.counts[c] for c in order.by_suit[s]) <= 4
                 and any(view.counts[c] and POINTS[c] for c in order.by_suit[s])]
        if not short:
            continue
        suit = short[0]
        candidates = bury_candidates(view, [int(c) for c in choose_bury(view)])
        voided = [b for b in candidates
                  if sum(1 for c in b if order.suit[c] == suit)
                  == sum(view.counts[c] for c in order.by_suit[suit])]
        assert voided, f"seed {seed}: no candidate voids suit {suit}"
        return
    raise AssertionError("no deal with a short suit holding points")


def test_hard_bury_is_legal_and_the_same_for_the_same_seed_and_view() -> None:
    for seed in range(4):
        m, view = bury_view(100 + seed)
        first = make_player("hard", 5).act(view)
        again = make_player("hard", 5).act(view)
        assert isinstance(first, Bury) and first == again
        assert m.is_legal(first)


def test_hard_buries_by_the_easy_rule_in_find_a_friend() -> None:
    # The burier does not know its side yet: no search, the easy player's kitty.
    rules = Rules(partners="find_friend")
    for seed in range(4):
        _, view = bury_view(200 + seed, rules)
        action = make_player("hard", 5).act(view)
        assert isinstance(action, Bury)
        assert sorted(action.cards) == sorted(choose_bury(view))

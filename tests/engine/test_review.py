"""The coach (``tractor.review``): marks the plays a strong player never makes, from the
seat's view alone, deterministically, and never marks the best play."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator

from test_view_history import hide_differently
from tractor.actions import Bury, Play
from tractor.cards import CARDS, POINTS, Card
from tractor.match import Match
from tractor.players import make_player
from tractor.players.easy import partners
from tractor.review import (
    NOISE_Z,
    DecisionReview,
    ReviewBudget,
    decision_points,
    mark_of,
    review_decision,
    review_hand,
    review_iter,
)
from tractor.rules import Rules
from tractor.runner import step
from tractor.trick import winner
from tractor.view import View

SMALL = ReviewBudget(screen=16, confirm=60, bury_screen=6, bury_confirm=20)
"""A cheaper budget for the tests that do not judge a cost."""


def positions(seed: int, names: str = "easy") -> Iterator[Match]:
    """The match before every action of one hand played by ``names`` players."""
    m = Match(Rules(), seed=seed)
    seats = [make_player(names, seed * 4 + s) for s in range(4)]
    while m.phase != "hand_over":
        yield m
        step(m, seats)


def last_to_play_on(m: Match, mine: Callable[[View, int], bool]) -> tuple[View, int, int] | None:
    """At a single lead, the last seat's view with a point card of the led suit that does not
    win the trick and a pointless one, if the trick's winner satisfies ``mine(view, winner)``:
    (view, the point card, the lowest pointless card)."""
    if m.phase != "play" or len(m.trick) != 3 or m.lead is None or m.lead.size != 1:
        return None
    v = m.observe(m.to_move)  # type: ignore[arg-type]
    assert v.lead is not None
    plays = [list(cards) for _, cards in v.trick]
    won_by = v.trick[winner(v.lead, plays, v.order)][0]
    suit = [c for c in v.order.by_suit[v.lead.suit] if v.counts[c]]
    points = [c for c in suit if POINTS[c] and winner(v.lead, [*plays, [c]], v.order) != 3]
    low = [c for c in suit if not POINTS[c]]
    if not (points and low and mine(v, won_by)):
        return None
    return v, points[-1], low[0]


def marked_feeds(seed: int) -> Iterator[tuple[View, int, int, DecisionReview]]:
    """(view, point card, action index, review) wherever the last seat's point card fed to
    a winning opponent is marked."""
    for m in positions(seed):
        spot = last_to_play_on(m, lambda v, w: w not in partners(v))
        if spot is None:
            continue
        view, point, _ = spot
        r = review_decision(view, Play(view.seat, [CARDS[point]]), len(m.actions))
        if r is not None and r.mark != "fine":
            yield view, point, len(m.actions), r


def test_points_fed_to_a_winning_opponent_are_marked_and_the_low_card_proposed() -> None:
    marked = 0
    for _, point, _, r in marked_feeds(seed=1):
        marked += 1
        assert r.cost >= 0.1 and str(CARDS[point]) not in r.best.cards
        assert r.why is not None and r.why[0] in ("feeds_opponent", "wins_points")
    assert marked >= 2


def test_a_play_equal_to_the_best_is_never_marked() -> None:
    view, _, index, bad = next(marked_feeds(seed=1))
    best = Play(view.seat, [Card.parse(c) for c in bad.best.cards])
    good = review_decision(view, best, index)
    assert good is not None and good.mark == "fine" and good.why is None
    assert good.cost <= NOISE_Z * good.se


def test_a_cost_within_the_noise_is_fine_whatever_its_size() -> None:
    assert mark_of(0.7, 0.1) == "blunder"
    assert mark_of(0.7, 0.3) == "fine"
    assert mark_of(0.05, 0.001) == "fine"
    assert mark_of(0.0, 0.0) == "fine"


@functools.cache
def hard_hand(seed: int) -> Match:
    m = Match(Rules(), seed=seed)
    seats = [make_player("hard", seed * 4 + s) for s in range(4)]
    while m.phase != "hand_over":
        step(m, seats)
    return m


def test_hard_s_own_choices_in_a_whole_hand_get_no_mistake_or_blunder() -> None:
    m = hard_hand(seed=3)
    review = review_hand(m, seat=m.dealer or 0, hand=0, seed=1)
    assert review.decisions
    assert {d.mark for d in review.decisions} <= {"fine", "inaccuracy"}


def test_reviewing_twice_gives_identical_marks() -> None:
    m = hard_hand(seed=4)
    assert review_hand(m, 1, 0, seed=7, budget=SMALL) == review_hand(m, 1, 0, seed=7, budget=SMALL)


def test_the_review_iterates_one_decision_at_a_time_and_can_stop() -> None:
    m = hard_hand(seed=4)
    it = review_iter(m, 1, 0, seed=7, budget=SMALL)
    first = next(it)
    it.close()
    assert first == review_hand(m, 1, 0, seed=7, budget=SMALL).decisions[0]


def test_the_review_does_not_change_when_the_hidden_cards_are_swapped() -> None:
    rng = random.Random(5)
    checked = 0
    for m in positions(seed=6):
        seat = m.to_move
        if seat is None or seat < 0 or m.phase not in ("play", "bury"):
            continue
        if m.phase == "play" and rng.random() > 0.25:
            continue
        view = m.observe(seat)
        action = make_player("easy", 1).act(view)
        assert isinstance(action, (Play, Bury))
        twin = hide_differently(m, seat, rng)
        assert twin.observe(seat) == view
        assert review_decision(view, action, 3, budget=SMALL) == review_decision(
            twin.observe(seat), action, 3, budget=SMALL
        )
        checked += 1
    assert checked >= 5


def test_only_the_seat_s_real_choices_are_reviewed() -> None:
    m = hard_hand(seed=4)
    points = list(decision_points(m, 2, 0))
    assert points and all(m.actions[i] == a and getattr(a, "seat", None) == 2 for i, _, a in points)
    assert all(isinstance(a, (Play, Bury)) for _, _, a in points)

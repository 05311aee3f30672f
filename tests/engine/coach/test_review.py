"""The coach (``tractor.coach.review``): marks the plays a strong player never makes, from the
seat's view alone, deterministically, and never marks the best play."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Generator, Iterator

from test_view_history import hide_differently
from tractor.actions import Bury, CallFriend, Deal, Declare, EndDeal, Pass, Play
from tractor.cards import CARDS, POINTS, Card, parse_cards
from tractor.coach.review import (
    NOISE_Z,
    DecisionReview,
    ReviewBudget,
    decision_points,
    is_choice,
    mark_of,
    review_decision,
    review_hand,
    review_iter,
)
from tractor.match import Match
from tractor.players import make_player
from tractor.players.calling import held_with_kitty
from tractor.players.easy import partners
from tractor.rules import Rules
from tractor.runner import step
from tractor.trick import winner
from tractor.view import View

SMALL = ReviewBudget(screen=16, confirm=60, bury_screen=6, bury_confirm=20)
"""A cheaper budget for the tests that do not judge a cost."""


def positions(seed: int, names: str = "easy", rules: Rules | None = None) -> Iterator[Match]:
    """The match before every action of one hand played by ``names`` players."""
    m = Match(rules or Rules(), seed=seed)
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
    assert isinstance(it, Generator)  # stopped by closing it
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


def test_the_call_and_declaring_reviews_do_not_change_when_the_hidden_cards_are_swapped(
) -> None:
    """The friend call (the kitty the dealer buried is its own) and every declaring turn
    of an after-deal round (the other hands and the kitty not yet seen by anyone)."""
    rng = random.Random(8)
    kinds: set[str] = set()
    rules = Rules(partners="find_friend", declare_window="after_deal")
    for seed in (2, 3):
        for m in positions(seed, rules=rules):
            seat = m.to_move
            if m.phase not in ("call", "declare") or seat is None:
                continue
            view = m.observe(seat)
            action = make_player("easy", 1).act(view)
            assert isinstance(action, (CallFriend, Declare, Pass))
            if not is_choice(view, action):
                continue
            twin = hide_differently(m, seat, rng)
            assert twin.observe(seat) == view
            mine = review_decision(view, action, 3, budget=SMALL)
            assert mine is not None
            assert mine == review_decision(twin.observe(seat), action, 3, budget=SMALL)
            kinds.add(mine.kind)
    assert kinds == {"call", "declare", "pass"}


def test_a_pass_at_the_close_of_the_deal_window_does_not_depend_on_the_hidden_cards() -> None:
    """During the deal, after the last card: the cards still hidden (the other hands, the
    kitty) swapped, the same review of not declaring."""
    rng = random.Random(9)
    checked = 0
    for seed in range(1, 9):
        m = Match(Rules(), seed=seed)
        seats = [make_player("easy", 4 * seed + s) for s in range(4)]
        while not (m.phase == "deal" and m.dealt == m.deal_total):
            step(m, seats)
        for seat in range(4):
            view = m.observe(seat)
            if not is_choice(view, Pass(seat)):
                continue
            twin = hide_differently(m, seat, rng)
            assert twin.observe(seat) == view
            mine = review_decision(view, Pass(seat), 100, budget=SMALL)
            assert mine is not None and mine.kind == "pass"
            assert mine == review_decision(twin.observe(seat), Pass(seat), 100, budget=SMALL)
            checked += 1
    assert checked >= 2


def test_only_the_seat_s_real_choices_are_reviewed() -> None:
    m = hard_hand(seed=4)
    points = list(decision_points(m, 2, 0))
    assert points and all(
        m.actions[i] == a or (isinstance(m.actions[i], EndDeal) and a == Pass(2))
        for i, _, a in points)
    assert all(getattr(a, "seat", None) == 2 for _, _, a in points)
    assert all(isinstance(a, (Play, Bury, Declare, Pass)) for _, _, a in points)


# ------------------------------------------------------------- the friend call
def at_the_call(seed: int) -> tuple[Match, View]:
    """A find-a-friend hand of easy players at the dealer's call, and the dealer's view."""
    m = Match(Rules.preset("find_friend"), seed=seed)
    seats = [make_player("easy", 4 * seed + s) for s in range(4)]
    while m.phase != "call":
        step(m, seats)
    assert m.dealer is not None
    return m, m.observe(m.dealer)


def test_calling_a_card_the_dealer_holds_both_copies_of_is_marked_and_easy_s_call_is_not(
) -> None:
    """Holding both copies of the called card, the dealer plays alone against three: the
    coach marks the call and proposes a card another seat holds; easy's call (an ace the
    dealer lacks, in its longest suit) gets no mark."""
    for seed in (1, 2, 3):
        m, view = at_the_call(seed)
        both = [c for c in range(52) if held_with_kitty(view)[c] == 2]
        bad = review_decision(view, CallFriend(view.seat, CARDS[both[-1]]), len(m.actions))
        assert bad is not None and bad.kind == "call"
        assert bad.mark == "blunder" and bad.cost >= 1.0, bad
        assert bad.why == ("call_alone", {"card": str(CARDS[both[-1]])})
        (better,) = bad.best.cards
        assert held_with_kitty(view)[Card.parse(better)] < 2
        easy_call = make_player("easy", 0).act(view)
        assert isinstance(easy_call, CallFriend)
        good = review_decision(view, easy_call, len(m.actions))
        assert good is not None and good.mark == "fine" and good.why is None
        proposed = review_decision(view, CallFriend(view.seat, Card.parse(better)), len(m.actions))
        assert proposed is not None and proposed.mark == "fine"


def test_a_call_is_reviewed_only_in_find_a_friend_and_only_for_the_dealer() -> None:
    m = hard_hand(seed=4)
    assert not any(isinstance(a, CallFriend) for s in range(4)
                   for _, _, a in decision_points(m, s, 0))
    m, view = at_the_call(2)
    seats = [make_player("easy", s) for s in range(4)]
    while m.phase not in ("hand_over", "match_over"):
        step(m, seats)
    calls = [(s, i) for s in range(4) for i, _, a in decision_points(m, s, 0)
             if isinstance(a, CallFriend)]
    assert calls == [(view.seat, next(i for i, a in enumerate(m.actions)
                                      if isinstance(a, CallFriend)))]


# ------------------------------------------------------------------ declaring
STRONG_HEARTS = "2H 2H BJ SJ AH KH KH QH JH JH 10H 9H 8H 7H 6H 5H 4H 3S 4S 6S 3C 4C 8C 3D 4D"
"""Hearts and both level hearts: as trumps 19 of 25 cards; as a plain suit, a long suit
the others trump."""


def dealt_to(hand: str, seat: int = 0) -> Match:
    """An after-deal round with every card dealt, ``hand`` in ``seat`` (the first to act)."""
    m = Match(Rules(declare_window="after_deal"), seed=1)
    mine = parse_cards(hand)
    rest = list(m.deck)
    for c in mine:
        rest.remove(c)
    m.deck = [mine.pop(0) if i % 4 == seat and i < 100 else rest.pop(0)
              for i in range(len(m.deck))]
    while m.phase == "deal":
        m.apply(Deal())
    assert m.to_move == seat
    return m


def test_passing_with_an_overwhelming_trump_holding_is_marked_and_declaring_is_not() -> None:
    m = dealt_to(STRONG_HEARTS)
    view = m.observe(0)
    bad = review_decision(view, Pass(0), len(m.actions))
    assert bad is not None and bad.kind == "pass" and bad.played.cards == ()
    assert bad.mark in ("mistake", "blunder"), bad
    assert bad.best.cards in (("2H",), ("2H", "2H"))
    assert bad.why == ("declare_better", {"cards": " ".join(bad.best.cards)})
    assert bad.best.levels > bad.played.levels
    good = review_decision(view, Declare(0, parse_cards(" ".join(bad.best.cards))),
                           len(m.actions))
    assert good is not None and good.kind == "declare" and good.mark == "fine"
    assert good.why is None


def test_declaring_is_reviewed_only_with_the_whole_hand_dealt_and_an_option() -> None:
    """During the deal only the last point of the window (the record's declarations
    after the last card, and not declaring when it closes, at the ``EndDeal``); in an
    after-deal round only the turns with a declaration option."""
    for rules, seed in ((Rules(), 3), (Rules(), 5), (Rules(declare_window="after_deal"), 1)):
        m = Match(rules, seed=seed)
        seats = [make_player("easy", 4 * seed + s) for s in range(4)]
        while m.phase not in ("hand_over", "match_over"):
            step(m, seats)
        for seat in range(4):
            for _, view, action in decision_points(m, seat, 0):
                if isinstance(action, (Declare, Pass)):
                    assert view.dealt == 100 and view.declaration_options()
                    assert view.phase in ("deal", "declare")
            declared = {i for i, a in enumerate(m.actions)
                        if isinstance(a, Declare) and a.seat == seat}
            early = {i for i in declared
                     if sum(isinstance(a, Deal) for a in m.actions[:i]) < 100}
            assert not early & {i for i, _, _ in decision_points(m, seat, 0)}


def test_a_declaring_review_is_deterministic() -> None:
    m = dealt_to(STRONG_HEARTS)
    view = m.observe(0)
    assert review_decision(view, Pass(0), 7, seed=2, budget=SMALL) == review_decision(
        view, Pass(0), 7, seed=2, budget=SMALL)

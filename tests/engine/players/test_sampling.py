"""Sampled deals are consistent with the view; the hard player is deterministic for a seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from tractor.actions import Play
from tractor.cards import POINTS
from tractor.match import Match
from tractor.players import make_player
from tractor.players.hard import HardPlayer
from tractor.players.memory import NO_CAP, Memory
from tractor.players.sampling import cheap_cards, played_by, sample_deal
from tractor.players.search import budget_scale
from tractor.rules import Rules
from tractor.runner import step
from tractor.view import View


def mid_hand(rules: Rules, seed: int, plays: int) -> Match:
    m = Match(rules, seed=seed)
    seats = [make_player("easy", seed * 4 + s) for s in range(4)]
    while m.phase != "play":
        step(m, seats)
    for _ in range(plays):
        if m.phase != "play":
            break
        step(m, seats)
    return m


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(partners="find_friend"), Rules(decks=3), Rules(decks=1)],
    ids=lambda r: r.to_json(),
)
def test_sampled_deals_respect_the_view(rules: Rules) -> None:
    checked = voids = 0
    for seed in range(12):
        m = mid_hand(rules, seed, plays=20 + 3 * seed)
        if m.phase != "play":
            continue
        seat = m.to_move
        assert seat is not None and seat >= 0
        view = m.observe(seat)
        mem = Memory(view)
        assert m.trump is not None
        for s in range(4):  # inferred voids are real
            for suit in range(5):
                if mem.void[s][suit]:
                    voids += 1
                    assert not any(m.hands[s][c] for c in m.trump.by_suit[suit])
        rng = random.Random(seed)
        for _ in range(5):
            deal = sample_deal(view, mem, rng)
            assert deal.hands[seat] == list(view.counts)
            for s in range(4):
                assert sum(deal.hands[s]) == view.hand_sizes[s]
                for suit in range(5):
                    if mem.void[s][suit]:
                        assert not any(deal.hands[s][c] for c in m.trump.by_suit[suit])
            total = [sum(h[c] for h in deal.hands) for c in range(54)]
            for c in deal.kitty or view.kitty or ():
                total[c] += 1
            for c in view.played:
                total[c] += 1
            assert total == [rules.decks] * 54
            assert (deal.kitty is None) == (view.kitty is not None)
            if rules.partners == "fixed":
                assert sorted(deal.defenders) == sorted(m.defenders())
            else:
                assert view.dealer in deal.defenders
                assert all(not played_by(view)[f][view.friend_card or 0]
                           for f in deal.defenders if f != view.dealer) or view.friend is not None
            checked += 1
    assert checked >= 30 and voids >= 5


def positions(seeds: int, plays: int) -> Iterator[tuple[int, Match, View, Memory]]:
    """Play positions after ``plays`` steps of easy players (2 decks, fixed partners)."""
    for seed in range(seeds):
        m = mid_hand(Rules(), seed, plays=plays)
        if m.phase == "play" and m.to_move is not None and m.to_move >= 0:
            view = m.observe(m.to_move)
            yield seed, m, view, Memory(view)


def holds_to_inference(
    seeds: int, plays: int, inferred: Callable[[View, Memory], list[tuple[int, int]]],
    holds: Callable[[Memory, list[int], int, int], bool], samples: int,
) -> int:
    """For each position: every (seat, suit) ``inferred`` is true of the real hands
    (``holds(mem, hand, seat, suit)``) and of ``samples`` sampled deals; returns how many
    positions inferred something."""
    found = 0
    for seed, m, view, mem in positions(seeds, plays):
        marked = inferred(view, mem)
        for s, suit in marked:  # the inference is true of the real hands
            assert holds(mem, m.hands[s], s, suit)
        if not marked:
            continue
        found += 1
        rng = random.Random(seed)
        for _ in range(samples):
            deal = sample_deal(view, mem, rng)
            for s, suit in marked:
                assert holds(mem, deal.hands[s], s, suit)
    return found


def test_a_seat_that_followed_a_pair_lead_without_a_pair_gets_no_pair_there() -> None:
    """Following a pair lead in suit with two different cards shows no pair was held."""
    found = holds_to_inference(
        40, 40,
        lambda view, mem: [(s, suit) for s in range(4) for suit in range(5)
                           if s != view.seat and mem.no_pairs[s][suit] and not mem.void[s][suit]],
        lambda mem, hand, s, suit: all(hand[c] < 2 for c in mem.order.by_suit[suit]),
        samples=20,
    )
    assert found >= 3


def test_a_seat_that_ducked_last_under_an_opponent_gets_nothing_higher_in_that_suit() -> None:
    """Playing last to a single lead with points, an opponent winning in the led suit,
    and following below it shows the seat held nothing higher there (easy players
    always take such a trick): the samples give it nothing higher either."""
    found = holds_to_inference(
        30, 44,
        lambda view, mem: [(s, suit) for s in range(4) for suit in range(5)
                           if s != view.seat and mem.cap[s][suit] < NO_CAP],
        lambda mem, hand, s, suit: all(mem.order.order[c] <= mem.cap[s][suit]
                                       for c in mem.order.by_suit[suit] if hand[c]),
        samples=10,
    )
    assert found >= 10


def test_a_point_card_played_under_an_opponent_shows_no_pointless_card_there() -> None:
    """Following a single lead below an opponent's winning card with a point card:
    easy players play their cheapest card there, so they held no pointless one."""
    found = holds_to_inference(
        30, 44,
        lambda view, mem: [(s, suit) for s in range(4) for suit in range(5)
                           if s != view.seat and mem.no_plain[s][suit]],
        lambda mem, hand, s, suit: all(POINTS[c] for c in mem.order.by_suit[suit] if hand[c]),
        samples=10,
    )
    assert found >= 10


def test_a_pointless_card_played_last_on_a_partner_shows_no_point_card_to_feed() -> None:
    """Playing last on the partner's winning card with a pointless card of the led
    suit: easy players feed points when they can, so they held no point card there
    up to the winning card (none at all when the partner trumped)."""
    found = holds_to_inference(
        60, 44,
        lambda view, mem: [(s, suit) for s in range(4) for suit in range(5)
                           if s != view.seat and mem.no_points_upto[s][suit] >= 0],
        lambda mem, hand, s, suit: not any(
            POINTS[c] and mem.order.order[c] <= mem.no_points_upto[s][suit]
            for c in mem.order.by_suit[suit] if hand[c]),
        samples=10,
    )
    assert found >= 5


def test_a_seat_that_plays_against_what_its_plays_showed_is_no_longer_read() -> None:
    """A random player ducks tricks and plays points where easy and normal's rules
    would not, so what its plays were taken to show (a ceiling, no pointless card, no
    point card to feed) is soon contradicted by a card it plays later: from then on
    none of it is believed (a sampler that kept believing it fed it points)."""
    contradicted = 0
    for seed in range(6):
        m = Match(Rules(), seed=seed)
        seats = [make_player("random", seed * 4 + s) for s in range(4)]
        before: Memory | None = None
        seen = 0
        while m.phase not in ("hand_over", "match_over"):
            step(m, seats)
            if m.phase != "play" or m.to_move is None or m.to_move < 0:
                continue
            view = m.observe(m.to_move)
            mem = Memory(view)
            plays = [p for t in view.tricks for p in t.plays] + list(view.trick)
            for seat, cards in plays[seen:]:  # played since ``before`` was read
                if before and any(before.against_model(seat, c) for c in cards):
                    contradicted += 1
                    assert mem.erratic[seat]
            for s in range(4):
                if mem.erratic[s]:
                    assert mem.cap[s] == [NO_CAP] * 5 and mem.no_points_upto[s] == [-1] * 5
                    assert mem.no_plain[s] == [False] * 5
            before, seen = mem, len(plays)
    assert contradicted >= 5


def test_caps_that_make_the_deal_impossible_are_dropped_before_the_voids() -> None:
    """A player may duck on purpose: when the inferred ceilings leave a card nowhere to
    go, the sampler drops them and still keeps the shown voids; on its own copy: the
    caller's memory (the player goes on sampling with it) keeps its readings."""
    for _, _, view, mem in positions(200, 30):
        if mem.kitty_known and any(mem.void[s][suit] and mem.suit_unseen(suit) >= 4
                                   for s in range(4) for suit in range(5) if s != view.seat):
            break
    else:
        pytest.fail("no position with a void, seen by the burier")
    mem.cap = [[-1] * 5 for _ in range(4)]  # nobody may hold anything: impossible
    rng = random.Random(1)
    for _ in range(20):
        deal = sample_deal(view, mem, rng)
        for s in range(4):
            assert sum(deal.hands[s]) == view.hand_sizes[s]
            for suit in range(5):
                if mem.void[s][suit]:
                    assert not any(deal.hands[s][c] for c in mem.order.by_suit[suit])
    assert mem.cap == [[-1] * 5 for _ in range(4)]
    assert not any(mem.erratic)


def test_hard_is_deterministic_for_a_seed() -> None:
    m = mid_hand(Rules(), seed=3, plays=9)
    seat = m.to_move
    assert seat is not None and seat >= 0
    view = m.observe(seat)
    first = HardPlayer(11).act(view)
    assert all(HardPlayer(11).act(view) == first for _ in range(2))
    assert isinstance(first, Play) and m.is_legal(first)


def test_search_budget_shrinks_with_more_cards_than_two_decks_deal() -> None:
    """The full budget with 100 cards in the hands; in proportion fewer with more."""
    two = mid_hand(Rules(), seed=4, plays=0)
    assert sum(two.observe(0).hand_sizes) == 100 and budget_scale(two.observe(0)) == 1.0
    three = mid_hand(Rules(decks=3), seed=4, plays=0)
    cards = sum(three.observe(0).hand_sizes)
    assert cards == 156 and budget_scale(three.observe(0)) == pytest.approx(100 / cards)
    late = mid_hand(Rules(decks=3), seed=4, plays=80)
    assert sum(late.observe(0).hand_sizes) <= 100 and budget_scale(late.observe(0)) == 1.0


def test_search_budget_grows_as_the_hands_empty_up_to_the_late_scale() -> None:
    """Shorter play-outs later in the hand: in proportion more of them, up to a cap."""
    half = mid_hand(Rules(), seed=4, plays=0)
    seats = [make_player("easy", s) for s in range(4)]
    while sum(half.observe(0).hand_sizes) > 50:
        step(half, seats)
    cards = sum(half.observe(0).hand_sizes)
    assert 40 < cards <= 50
    assert budget_scale(half.observe(0), late_scale=3.0) == pytest.approx(100 / cards)
    assert budget_scale(half.observe(0), late_scale=1.5) == 1.5
    end = mid_hand(Rules(), seed=4, plays=90)
    assert sum(end.observe(0).hand_sizes) < 100 / 3
    assert budget_scale(end.observe(0), late_scale=3.0) == 3.0


def test_a_kitty_the_seat_did_not_bury_is_sampled_mostly_from_cheap_cards() -> None:
    """Buriers keep trumps, points, kings and aces: a sampled unknown kitty is almost all
    plain cards without points below the king, far more than the unseen cards are."""
    checked = 0
    for seed, _, view, mem in positions(10, 8):
        if view.seat == view.dealer:
            continue
        cheap = cheap_cards(view.order)
        pool = [c for c in range(54) for _ in range(mem.unseen[c])]
        pool_share = sum(cheap[c] for c in pool) / len(pool)
        rng = random.Random(seed)
        kitty = [c for _ in range(30) for c in sample_deal(view, mem, rng).kitty or ()]
        share = sum(cheap[c] for c in kitty) / len(kitty)
        assert pool_share < 0.6 and share > 0.85, (pool_share, share)
        checked += 1
    assert checked >= 3

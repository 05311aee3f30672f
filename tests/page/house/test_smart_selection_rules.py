"""Smart selection (issue 36): a tap picks the unit the rules force when following, a second
tap picks a pair or tractor when leading, a drag sets every card it crosses; and a refused
play flags the cards it concerns (``house.picking``, ``house.seat0``)."""

from __future__ import annotations

import functools
import re

from fakes import FakeScreen, FakeStorage
from house.core import resume
from house.game import Game
from house.picking import flagged_cards, forced_unit, led_unit, suit_counts
from matches import advance
from tables import make_game
from tractor.cards import CARDS, Card
from tractor.follow import combination, is_legal_follow
from tractor.match import Match
from tractor.save import dumps, loads
from tractor.trump import TRUMP
from tractor.units import runs


def in_play(m: Match) -> bool:
    return m.phase == "play" and m.to_move == 0


def hand_texts(m: Match) -> list[str]:
    """Seat 0's hand as the table shows it (the view's display order)."""
    return list(m.observe(0).to_data()["hand"])


def following(kind: str, seed: int) -> Match:
    """A match where seat 0 follows a led ``kind`` (pair, tractor) holding one of its own
    in the led suit."""

    def stop(m: Match) -> bool:
        if not in_play(m) or m.lead is None or combination(m.lead) != kind or not m.trick:
            return False
        assert m.trump is not None
        held = suit_counts(m.hands[0], m.trump, m.lead.suit)
        if kind == "pair":
            return any(k >= 2 for k in held.values())
        return any(len(r) >= 2 for r in runs(held, m.trump, m.lead.suit, 2))

    match = advance({}, seed, stop)
    assert match is not None
    return match


@functools.cache
def pair_lead() -> Match:
    return following("pair", 1)


@functools.cache
def tractor_lead() -> Match:
    return following("tractor", 8)


@functools.cache
def leading() -> Match:
    """Seat 0 leads holding a tractor (seed 3, the first trick)."""

    def stop(m: Match) -> bool:
        if not in_play(m) or m.trick or m.trump is None:
            return False
        return any(len(r) >= 2 for s in range(5)
                   for r in runs(suit_counts(m.hands[0], m.trump, s), m.trump, s, 2))

    match = advance({}, 3, stop)
    assert match is not None
    return match


def ids(hand: list[str], indices: set[int]) -> list[int]:
    return sorted(Card.parse(hand[i]) for i in indices)


def test_a_tap_on_one_card_of_a_pair_picks_the_pair_a_led_pair_forces() -> None:
    m = pair_lead()
    hand = hand_texts(m)
    assert m.lead is not None and m.trump is not None
    suit = m.lead.suit
    index = next(i for i, c in enumerate(hand)
                 if m.trump.suit[Card.parse(c)] == suit and hand.count(c) >= 2)
    unit = forced_unit(m, hand, index)
    assert unit is not None and index in unit and len(unit) == 2
    assert {hand[i] for i in unit} == {hand[index]}
    assert is_legal_follow(m.hands[0], m.lead, ids(hand, unit), m.trump)


def test_a_tap_on_a_single_card_or_another_suit_picks_no_unit() -> None:
    m = pair_lead()
    hand = hand_texts(m)
    assert m.trump is not None
    singles = [i for i, c in enumerate(hand) if hand.count(c) == 1]
    assert singles and all(forced_unit(m, hand, i) is None for i in singles)


def test_a_tap_on_a_card_of_a_tractor_picks_the_tractor_a_led_tractor_forces() -> None:
    m = tractor_lead()
    hand = hand_texts(m)
    assert m.lead is not None and m.trump is not None
    held = suit_counts(m.hands[0], m.trump, m.lead.suit)
    run = next(r for r in runs(held, m.trump, m.lead.suit, 2) if len(r) >= 2)
    index = hand.index(str(CARDS[run[0]]))
    unit = forced_unit(m, hand, index)
    assert unit is not None and len(unit) == m.lead.size == 4
    assert is_legal_follow(m.hands[0], m.lead, ids(hand, unit), m.trump)
    assert index in unit


def test_leading_a_tap_toggles_one_card_and_a_second_tap_picks_its_tractor() -> None:
    m = leading()
    hand = hand_texts(m)
    assert m.trump is not None
    run = next(r for s in range(5)
               for r in runs(suit_counts(m.hands[0], m.trump, s), m.trump, s, 2) if len(r) >= 2)
    index = hand.index(str(CARDS[run[0]]))
    assert forced_unit(m, hand, index) is None  # leading: no unit is forced
    unit = led_unit(m, hand, index)
    assert unit is not None and len(unit) >= 4
    assert sorted(ids(hand, unit)) == sorted(c for c in run for _ in range(2))


def table_following_a_pair() -> tuple[Game, FakeScreen, list[str], list[bool]]:
    """A table on a copy of ``pair_lead``: the game, its screen, the hand, and which of
    the hand's cards are of the led suit."""
    game, screen = make_game(FakeStorage())
    resume(game.state, loads(dumps(pair_lead())))
    m = game.state.live.match
    hand = list(game.view()["hand"])
    assert m.trump is not None and m.lead is not None
    return game, screen, hand, [m.trump.suit[Card.parse(c)] == m.lead.suit for c in hand]


def test_the_table_picks_the_forced_pair_and_a_drag_sets_the_cards_it_crosses() -> None:
    game, screen, hand, led = table_following_a_pair()
    index = next(i for i, c in enumerate(hand) if led[i] and hand.count(c) >= 2)
    game.select(index)
    assert len(game.state.seat.selected) == 2 and index in game.state.seat.selected
    assert len(re.findall(r'class="[^"]*\bsel\b', screen.regions["hand"])) == 2
    game.select(index)  # a tap on a selected card unselects that card
    assert len(game.state.seat.selected) == 1
    game.clear_selection()
    game.drag_select([0, 1, 2], True)
    assert game.state.seat.selected == {0, 1, 2}
    game.drag_select([1, 2], False)
    assert game.state.seat.selected == {0}


def test_a_refused_follow_flags_the_cards_that_must_be_played() -> None:
    game, screen, hand, led = table_following_a_pair()
    off = [i for i in range(len(hand)) if not led[i]]
    game.drag_select(off[:2], True)  # two cards off the led suit, holding a pair of it
    game.play()
    assert game.state.words.message is not None
    flag, flagged = game.state.seat.flag, game.state.seat.flagged
    assert flag == "must" and flagged
    assert all(led[i] for i in flagged)
    assert screen.regions["hand"].count('data-flag="must"') == len(flagged)
    game.select(off[0])  # the next tap puts them back
    assert 'data-flag' not in screen.regions["hand"]


def test_a_refused_lead_flags_the_refused_cards() -> None:
    m = leading()
    hand = hand_texts(m)
    assert m.trump is not None
    two_suits = [next(i for i, c in enumerate(hand) if m.trump.suit[Card.parse(c)] == TRUMP),
                 next(i for i, c in enumerate(hand) if m.trump.suit[Card.parse(c)] != TRUMP)]
    assert flagged_cards(m, hand, "lead_one_suit", two_suits) == ("refused", tuple(two_suits))

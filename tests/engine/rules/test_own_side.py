"""A seat's own side, as soon as what it may see settles it (RULES §3.4, find-a-friend).

``View.own_side`` (and the wire form's ``own_side``): from the seat's hand, the call and
the plays so far, never from another seat's cards; it never contradicts the match.
"""

from __future__ import annotations

import pytest
from engine_positions import position
from tractor.actions import CallFriend, Play
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.view import View


def called(hands: list[str], card: str, dealer: int, decks: int = 2,
           friend_rule: str = "nearest_holder", kitty: str = "") -> Match:
    rules = Rules(partners="find_friend", decks=decks, friend_rule=friend_rule)
    m = position(hands, rules=rules, dealer=dealer, kitty=kitty, phase="call")
    m.apply(CallFriend(dealer, card))
    return m


def side(m: Match, seat: int = 0) -> str | None:
    data = m.observe(seat).to_data()
    assert data["own_side"] == m.observe(seat).own_side()
    return data["own_side"]


def test_first_after_the_dealer_holding_a_copy_is_the_friend_at_once() -> None:
    m = called(["AS 3C", "4C 5C", "6C 7C", "8C 9C"], "AS", dealer=3)
    assert m.friend == 0 and not m.friend_revealed
    assert m.observe(1).friend is None  # nobody else knows yet
    assert side(m) == "defenders"
    assert side(m, 1) == "attackers" and side(m, 2) == "attackers"  # they hold no copy


def test_holding_no_copy_is_an_attacker_at_once() -> None:
    m = called(["3C 4C", "AS 5C", "6C 7C", "AS 9C"], "AS", dealer=2)
    assert side(m) == "attackers"


def test_holding_a_copy_is_unknown_until_the_dealer_plays_the_other() -> None:
    # dealer 2, then 3, then 0: seat 3 might hold the other copy, or the kitty might
    m = called(["AS 3C", "4C 5C", "AS 6C", "7C 8C"], "AS", dealer=2)
    assert m.friend == 0
    assert side(m) is None
    m.apply(Play(2, "AS"))  # the dealer plays its copy: none left for seat 3
    assert side(m) == "defenders"
    assert m.observe(3).friend is None  # still unrevealed to the others


def test_a_copy_played_between_the_dealer_and_you_makes_you_an_attacker() -> None:
    m = called(["AS 3C", "4C 5C", "KS 7C", "AS 8C"], "AS", dealer=2)
    assert m.friend == 3 and side(m) is None
    m.apply(Play(2, "KS"))
    m.apply(Play(3, "AS"))  # the friend reveals themselves
    assert side(m) == "attackers"


def test_three_decks_every_copy_accounted_for_settles_it() -> None:
    # dealer 1, then 2, 3, 0: seat 0 holds one of three copies; the dealer and seat 2
    # hold the others, which seat 0 sees only when they are played
    m = called(["AS 3C", "AS 4C", "AS 5C", "6C 7C"], "AS", dealer=1, decks=3)
    assert m.friend == 2 and side(m) is None
    m.apply(Play(1, "AS"))
    assert side(m) is None  # one copy still unseen: seat 2's or seat 3's, or the kitty's
    m.apply(Play(2, "AS"))  # seat 2 is the friend, revealed
    assert side(m) == "attackers"
    m = called(["AS AS 3C", "AS 4C 9C", "5C 6C 7C", "8C 10C JC"], "AS", dealer=1, decks=3)
    assert m.friend == 0 and side(m) is None  # seat 2 and 3 hold none, but seat 0 cannot see it
    m.apply(Play(1, "AS"))  # all three copies accounted for: seat 0 is the nearest holder
    assert side(m) == "defenders"
    m = called(["AS 3C", "4C 5C", "6C 7C", "8C 9C"], "AS", dealer=3, decks=3)
    assert side(m) == "defenders"  # first after the dealer: one copy is enough


def test_the_dealer_and_fixed_partners_know_their_side() -> None:
    m = called(["AS 3C", "4C 5C", "6C 7C", "8C 9C"], "AS", dealer=0)
    assert side(m) == "defenders"
    fixed = position(["3C", "4C", "5C", "6C"], dealer=1)
    assert side(fixed) == "attackers" and side(fixed, 3) == "defenders"
    assert Match(Rules(partners="find_friend"), seed=1).observe(0).own_side() is None


def test_copy_rules_holding_none_attacks_holding_every_unplayed_copy_defends() -> None:
    m = called(["3C 4C", "AS 5C", "AS 6C", "7C 8C"], "AS", dealer=1, friend_rule="first_copy")
    assert m.friend is None and side(m) == "attackers"
    m = called(["AS AS", "3C 5C", "6C 7C", "8C 9C"], "AS", dealer=1, friend_rule="first_copy")
    assert side(m) == "defenders"
    m = called(["AS 4C", "AS 5C", "6C 7C", "8C 9C"], "AS", dealer=1, friend_rule="second_copy")
    assert side(m) is None  # the dealer's copy might be in its hand or in the kitty
    m.apply(Play(1, "AS"))  # the dealer's copy is the first: seat 0 holds the second
    assert side(m) == "defenders"


def test_own_side_survives_the_wire_form() -> None:
    m = called(["AS 3C", "4C 5C", "AS 6C", "7C 8C"], "AS", dealer=2)
    m.apply(Play(2, "AS"))
    view = m.observe(0)
    assert View.from_data(view.to_data()).own_side() == "defenders"


@pytest.mark.parametrize("friend_rule", ["nearest_holder", "first_copy", "second_copy"])
@pytest.mark.parametrize("decks", [2, 3])
def test_own_side_never_contradicts_the_match(friend_rule: str, decks: int) -> None:
    known = 0
    for seed in range(3):
        m = Match(Rules(partners="find_friend", decks=decks, friend_rule=friend_rule), seed=seed)
        players = [make_player("random", s) for s in range(4)]
        while not m.is_over and m.hand_no < 2:
            if m.phase == "play":
                for seat in range(4):
                    mine = m.observe(seat).own_side()
                    if mine is not None:
                        # the friend of a copy rule is who plays it: right once decided
                        truth = "defenders" if seat in m.defenders() else "attackers"
                        undecided = friend_rule != "nearest_holder" and not m.friend_revealed
                        if not (undecided and mine == "defenders"):
                            assert mine == truth, (seed, seat, m.hand_no)
                        known += 1
            step(m, players)
    assert known

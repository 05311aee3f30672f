"""Option ``friend_rule`` (RULES §3.4, §6): the nearest holder when called (the default),
or whoever plays the first / second copy of the called card.

Every copy counts, the dealer's too; the dealer playing the deciding copy, or nobody
playing it, leaves the dealer one against three. Old records (no such option) load and
replay as before; the computer players finish matches under every value.
"""

from __future__ import annotations

import time

import pytest
from engine_positions import position
from tractor.actions import CallFriend, Play
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules, RulesError
from tractor.runner import play_match, step
from tractor.save import dumps, loads


def called(hands: list[str], card: str, friend_rule: str, dealer: int = 0,
           decks: int = 2) -> Match:
    rules = Rules(partners="find_friend", decks=decks, friend_rule=friend_rule)
    m = position(hands, rules=rules, dealer=dealer, phase="call")
    m.apply(CallFriend(dealer, card))
    return m


def test_the_default_is_the_nearest_holder_when_called() -> None:
    assert Rules().friend_rule == "nearest_holder"
    m = called(["3C 4C", "5C 6C", "AS 7C", "AS 8C"], "AS", "nearest_holder")
    assert m.friend == 2 and not m.friend_revealed


def test_first_copy_whoever_plays_it_first_joins_and_is_revealed() -> None:
    m = called(["KS 4C", "5C 6C", "AS 7C", "AS 8C"], "AS", "first_copy")
    assert m.friend is None and m.defenders() == [0]
    m.apply(Play(0, "KS"))
    m.apply(Play(1, "5C"))
    assert m.friend is None
    m.apply(Play(2, "AS"))  # the first copy: seat 2, though seat 3 holds one too
    assert m.friend == 2 and m.friend_revealed and m.friend_trick == 0
    assert m.observe(1).defenders == (0, 2)
    m.apply(Play(3, "AS"))  # the second copy changes nothing
    assert m.friend == 2


def test_second_copy_the_first_copy_changes_nothing() -> None:
    m = called(["KS 4C", "AS 6C", "5C 7C", "AS 8C"], "AS", "second_copy")
    m.apply(Play(0, "KS"))
    m.apply(Play(1, "AS"))
    assert m.friend is None and not m.friend_revealed
    m.apply(Play(2, "5C"))
    m.apply(Play(3, "AS"))
    assert m.friend == 3 and m.friend_revealed


def test_a_pair_of_the_called_card_holds_both_copies() -> None:
    m = called(["KS KS", "AS AS", "5C 7C", "6C 8C"], "AS", "second_copy")
    m.apply(Play(0, "KS KS"))
    m.apply(Play(1, "AS AS"))
    assert m.friend == 1


def test_the_dealer_playing_the_deciding_copy_plays_alone() -> None:
    m = called(["AS 4C", "5C 6C", "AS 7C", "8C 9C"], "AS", "first_copy")
    m.apply(Play(0, "AS"))
    assert m.friend is None and m.friend_revealed
    m.apply(Play(1, "5C"))
    m.apply(Play(2, "AS"))  # too late: the first copy was the dealer's
    assert m.friend is None
    view = m.observe(1)
    assert view.defenders == (0,) and view.sides_settled and view.own_side() == "attackers"
    assert m.observe(2).own_side() == "attackers"


def test_nobody_playing_the_copy_leaves_the_dealer_alone() -> None:
    m = called(["KS", "5S", "6S", "7S"], "AS", "second_copy")
    for seat in range(4):
        m.apply(Play(seat, ["KS", "5S", "6S", "7S"][seat]))
    assert m.hand_result is not None
    assert tuple(m.hand_result.defenders) == (0,) and m.hand_result.friend is None


def test_one_deck_second_copy_is_the_only_copy() -> None:
    m = called(["KS", "AS", "6S", "7S"], "AS", "second_copy", decks=1)
    m.apply(Play(0, "KS"))
    m.apply(Play(1, "AS"))
    assert m.friend == 1


def test_an_unknown_friend_rule_is_refused() -> None:
    with pytest.raises(RulesError):
        Rules(friend_rule="last_copy")


def test_records_round_trip_and_old_records_read_as_before() -> None:
    for friend_rule in ("nearest_holder", "first_copy", "second_copy"):
        m = Match(Rules(partners="find_friend", friend_rule=friend_rule), seed=3)
        players = [make_player("random", s) for s in range(4)]
        while m.hand_no < 1 and not m.is_over:
            step(m, players)
        text = dumps(m)
        assert ('"friend_rule"' in text) == (friend_rule != "nearest_holder")
        back = loads(text)
        assert back == m and back.rules.friend_rule == friend_rule
    old = ('{"schema":"tractor-match","version":2,"rules":{"decks":2,"partners":"fixed",'
           '"scoring":"standard","declare_window":"during_deal","first_dealer":"declarer",'
           '"no_declaration":"kitty_third_card","twos_always_trump":false,"kitty_theft":false,'
           '"throw_penalty":false},"seed":3,"start_level":0,"actions":["deal","deal","deal"]}')
    assert loads(old).rules == Rules() and dumps(loads(old)) == old


@pytest.mark.parametrize("friend_rule", ["nearest_holder", "first_copy", "second_copy"])
def test_computer_players_finish_matches_under_every_friend_rule(friend_rule: str) -> None:
    started = time.monotonic()
    for strength, hands in (("normal", 3), ("hard", 2)):
        rules = Rules(partners="find_friend", decks=1, friend_rule=friend_rule)
        m = Match(rules, seed=11, start_level=12)  # at A: a short match
        play_match(m, [make_player(strength, s) for s in range(4)], max_hands=hands)
        assert m.results and (m.is_over or len(m.results) == hands)
        assert loads(dumps(m)) == m  # every action was legal: it replays
    assert time.monotonic() - started < 60

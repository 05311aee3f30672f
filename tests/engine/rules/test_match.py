"""The hand and the match through ``Match`` (RULES §3–5).

Friends, next dealers, levels and the match end, the kitty and 炒地皮, the
no-declaration fallbacks and the throw penalty.
"""

from __future__ import annotations

import pytest
from engine_positions import deal_all, position, rig, rigged, snapshot
from tractor.actions import Bury, CallFriend, Declare, EndDeal, NextHand, Pass, Play
from tractor.cards import RANKS, parse_cards
from tractor.match import IllegalAction, Match
from tractor.outcome import HandOutcome
from tractor.rules import Rules

FRIEND = Rules(partners="find_friend")
A = RANKS.index("A")
K = RANKS.index("K")


def play_trick(m: Match, *plays: str) -> None:
    """Play one trick: ``plays`` in turn from the current leader."""
    leader = m.to_move
    assert leader is not None
    for k, cards in enumerate(plays):
        m.apply(Play((leader + k) % 4, cards))


# ------------------------------------------------------------ §3.4 friend


def called(hands: list[str], card: str, dealer: int = 0, kitty: str = "", decks: int = 2) -> Match:
    m = position(
        hands,
        rules=Rules(partners="find_friend", decks=decks),
        dealer=dealer,
        kitty=kitty,
        phase="call",
    )
    m.apply(CallFriend(dealer, card))
    assert m.phase == "play"
    return m


def test_friend_dealer_holds_one_copy_other_holder_is_friend() -> None:
    m = called(["AS 3C", "4C 5C", "6C 7C", "AS 8C"], "AS")
    assert m.friend == 3
    assert m.defenders() == [0, 3] and m.attackers() == [1, 2]


def test_friend_dealer_buried_one_copy_other_holder_is_friend() -> None:
    m = called(["3C 9C", "4C 5C", "6C 7C", "AS 8C"], "AS", kitty="AS")
    assert m.friend == 3


def test_friend_dealer_holds_none_nearest_holder_after_dealer() -> None:
    assert called(["3C", "4C", "AS", "AS"], "AS").friend == 2
    assert called(["AS", "4C", "5C", "AS"], "AS", dealer=1).friend == 3
    assert called(["AS", "AS", "5C", "6C"], "AS", dealer=2).friend == 0
    assert called(["3C", "AS AS", "5C", "6C"], "AS", dealer=3).friend == 1


def test_friend_dealer_holds_both_plays_one_against_three() -> None:
    m = called(["AS AS", "4C", "5C", "6C"], "AS")
    assert m.friend is None
    assert m.defenders() == [0] and m.attackers() == [1, 2, 3]
    m = called(["AS 3C", "4C", "5C", "6C"], "AS", kitty="AS")  # one in hand, one buried
    assert m.friend is None


def test_friend_three_decks_nearest_other_holder_or_alone() -> None:
    assert called(["AS AS", "4C", "5C", "AS"], "AS", decks=3).friend == 3
    assert called(["AS", "4C", "AS", "AS"], "AS", decks=3).friend == 2
    assert called(["AS AS AS", "4C", "5C", "6C"], "AS", decks=3).friend is None


def test_friend_may_not_be_a_joker() -> None:
    m = position(["BJ", "4C", "5C", "6C"], rules=FRIEND, phase="call")
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(CallFriend(0, "BJ"))
    assert err.value.rule == "friend_joker"
    assert snapshot(m) == before


def test_friend_revealed_only_when_the_friend_plays_the_card() -> None:
    m = called(["3C 9C", "4C 5C", "AS 6C", "AS KS"], "AS")
    assert m.friend == 2 and not m.friend_revealed
    assert m.observe(1).defenders == (0,) and m.observe(1).friend is None
    play_trick(m, "3C", "4C", "6C", "AS")  # seat 3 discards the other AS: not the friend
    assert not m.friend_revealed
    assert m.observe(3).friend is None and m.observe(3).defenders == (0,)
    assert m.to_move == 2  # 6C won
    m.apply(Play(2, "AS"))
    assert m.friend_revealed
    assert m.observe(1).friend == 2 and m.observe(1).defenders == (0, 2)


def test_friend_dealer_playing_own_copy_does_not_reveal() -> None:
    m = called(["3C AS", "4C 5D", "5C AS", "KC 4D"], "AS")
    assert m.friend == 2
    play_trick(m, "3C", "4C", "5C", "KC")
    m.apply(Play(3, "4D"))
    m.apply(Play(0, "AS"))  # the dealer discards the called card
    assert not m.friend_revealed
    assert m.observe(1).defenders == (0,)
    m.apply(Play(1, "5D"))
    m.apply(Play(2, "AS"))
    assert m.friend_revealed and m.observe(1).defenders == (0, 2)


# ----------------------------------------------------- §5 next dealer, levels


LAST = ["AS", "3S", "4S", "6S"]


def last_trick(dealer: int) -> list[str]:
    """One card each for the last trick, the dealer (who leads) holding AS."""
    return [LAST[(seat - dealer) % 4] for seat in range(4)]


def finish(m: Match, *plays: str) -> HandOutcome:
    """Play the last trick and return the hand result."""
    play_trick(m, *plays)
    assert m.hand_result is not None
    return m.hand_result


def test_next_dealer_fixed_defenders_keep_dealer_partner() -> None:
    m = position(last_trick(0), dealer=0, captured=[0, 30, 0, 0])
    r = finish(m, "AS", "3S", "4S", "6S")
    assert (r.side, r.levels_gained, r.attackers_points) == ("defenders", 2, 30)
    assert r.next_dealer == 2
    assert m.levels == [2, 0, 2, 0]
    m.apply(NextHand())
    assert m.dealer == 2 and m.level == 2 and m.hand_no == 1 and m.phase == "deal"
    assert m.deal_start == 2


def test_next_dealer_fixed_attackers_take_dealer_next() -> None:
    m = position(last_trick(1), dealer=1, captured=[80, 0, 0, 0])
    r = finish(m, "AS", "3S", "4S", "6S")  # seat 1 leads
    assert (r.side, r.levels_gained) == ("attackers", 0)
    assert r.next_dealer == 2
    assert m.levels == [0, 0, 0, 0]  # taking the deal with no level


def test_next_dealer_fixed_attackers_gain_levels() -> None:
    m = position(last_trick(0), dealer=0, captured=[0, 100, 0, 25])
    r = finish(m, "AS", "3S", "4S", "6S")
    assert (r.side, r.levels_gained) == ("attackers", 1)
    assert m.levels == [0, 1, 0, 1] and r.next_dealer == 1
    m.apply(NextHand())
    assert m.dealer == 1 and m.level == 1


def test_next_dealer_find_friend_defenders_keep_friend_deals() -> None:
    m = position(last_trick(0), rules=FRIEND, dealer=0)
    m.friend = 3
    r = finish(m, "AS", "3S", "4S", "6S")
    assert r.side == "defenders" and r.next_dealer == 3
    assert m.levels == [3, 0, 0, 3]  # each defender moves up


def test_next_dealer_find_friend_attackers_take_first_attacker_after_dealer() -> None:
    m = position(last_trick(0), rules=FRIEND, dealer=0, captured=[0, 0, 90, 0])
    m.friend = 1  # the next player is the friend: skip to the first attacker
    r = finish(m, "AS", "3S", "4S", "6S")
    assert r.side == "attackers" and r.next_dealer == 2
    m = position(last_trick(0), rules=FRIEND, dealer=0, captured=[0, 130, 0, 0])
    m.friend = 2
    r = finish(m, "AS", "3S", "4S", "6S")
    assert r.next_dealer == 1
    assert m.levels == [0, 1, 0, 1]  # both attackers move up, the friend does not


def test_next_dealer_one_against_three_keeps_then_deals_again() -> None:
    m = position(last_trick(2), rules=FRIEND, dealer=2)
    m.friend = None
    r = finish(m, "AS", "3S", "4S", "6S")
    assert r.side == "defenders" and r.next_dealer == 2
    assert m.levels == [0, 0, 3, 0]


def test_next_dealer_one_against_three_loses_to_next_player() -> None:
    m = position(last_trick(2), rules=FRIEND, dealer=2, captured=[40, 0, 0, 40])
    m.friend = None
    r = finish(m, "AS", "3S", "4S", "6S")
    assert r.side == "attackers" and r.next_dealer == 3
    assert m.levels == [0, 0, 0, 0]


def test_kitty_bonus_when_attackers_win_last_trick_multiplied_by_winning_play() -> None:
    m = position(
        ["3S 3S", "AS AS", "4S 6S", "7S 8S"], dealer=0, kitty="KD 10D 3C", captured=[0, 30, 0, 0]
    )
    r = finish(m, "3S 3S", "AS AS", "4S 6S", "7S 8S")
    assert (r.kitty_points, r.multiplier, r.kitty_bonus) == (20, 4, 80)
    assert r.attackers_points == 110 and r.side == "attackers"


def test_no_kitty_bonus_when_defenders_win_last_trick() -> None:
    m = position(["AS AS", "3S 3S", "4S 6S", "7S 8S"], dealer=0, kitty="KD 10D 3C")
    r = finish(m, "AS AS", "3S 3S", "4S 6S", "7S 8S")
    assert r.kitty_bonus == 0 and r.attackers_points == 0
    assert (r.side, r.levels_gained) == ("defenders", 3)


def test_levels_cap_at_ace() -> None:
    m = position(last_trick(0), dealer=0, level="K", levels=[K, 0, K, 0])
    r = finish(m, "AS", "3S", "4S", "6S")
    assert r.levels_gained == 3 and m.levels == [A, 0, A, 0]
    assert not r.match_won and m.phase == "hand_over"


def test_match_won_by_keeping_the_deal_at_ace() -> None:
    m = position(last_trick(2), dealer=2, level="A", levels=[A, 3, A, 3], captured=[0, 75, 0, 0])
    r = finish(m, "AS", "3S", "4S", "6S")
    assert r.side == "defenders" and r.match_won
    assert m.phase == "match_over" and m.is_over and m.winners == [0, 2]
    assert m.to_move is None
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(NextHand())
    assert err.value.rule == "match_over"
    assert snapshot(m) == before


def test_match_not_won_when_attackers_reach_ace() -> None:
    m = position(last_trick(0), dealer=0, level="A", levels=[A, K, A, K], captured=[0, 150, 0, 0])
    r = finish(m, "AS", "3S", "4S", "6S")
    assert r.side == "attackers" and not r.match_won
    assert m.levels == [A, A, A, A] and m.phase == "hand_over"
    m.apply(NextHand())
    assert m.dealer == 1 and m.level == A


def test_match_not_won_by_defenders_below_ace() -> None:
    m = position(last_trick(0), dealer=0, level="Q", levels=[K - 1, 0, K - 1, 0])
    r = finish(m, "AS", "3S", "4S", "6S")
    assert not r.match_won and m.levels[0] == A


def test_find_friend_match_won_by_defending_dealer_at_ace() -> None:
    m = position(last_trick(1), rules=FRIEND, dealer=1, level="A", levels=[0, A, 5, 0])
    m.friend = 2
    r = finish(m, "AS", "3S", "4S", "6S")  # seat 1 leads
    assert r.match_won and m.winners == [1, 2]


# ------------------------------------------------------------ §3.3 kitty


def bury_some(m: Match, seat: int, keep: str = "") -> None:
    """Bury the first kitty-size cards of ``seat``'s hand that are not in ``keep``."""
    kept = parse_cards(keep)
    cards = [c for c in m.hand_cards(seat)]
    for c in kept:
        cards.remove(c)
    m.apply(Bury(seat, cards[: m.rules.kitty_size]))


def test_dealer_takes_kitty_and_buries_same_number() -> None:
    m = rigged(Rules(), {0: "2H"}, kitty="KD 10D 5D")
    deal_all(m)
    m.apply(Declare(0, "2H"))
    m.apply(EndDeal())
    assert m.phase == "bury" and m.to_move == 0 and m.hand_count(0) == 33
    assert m.kitty == []
    cards = m.hand_cards(0)[:8]
    m.apply(Bury(0, cards))
    assert m.hand_count(0) == 25 and sorted(m.kitty) == sorted(cards)
    assert m.phase == "play" and m.to_move == 0


def test_kitty_theft_round_stronger_declaration_takes_kitty_and_reburies() -> None:
    hands = {0: "2H BJ BJ", 1: "2S 2S", 2: "2C 2C", 3: "SJ"}
    m = rigged(Rules(kitty_theft=True), hands)
    deal_all(m)
    m.apply(Declare(0, "2H"))
    m.apply(EndDeal())
    bury_some(m, 0, keep="2H BJ BJ")
    assert m.phase == "theft" and m.to_move == 1
    first_kitty = list(m.kitty)
    m.apply(Declare(1, "2S 2S"))
    assert m.phase == "bury" and m.kitty_holder == 1 and m.to_move == 1
    assert m.hand_count(1) == 33 and m.dealer == 0  # the dealer stays dealer
    assert m.trump is not None and m.trump.trump_suit == 0  # now spades
    assert sorted(m.kitty_taken) == sorted(first_kitty)
    bury_some(m, 1, keep="2S 2S")
    assert m.phase == "theft" and m.to_move == 2
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(Declare(2, "2C 2C"))  # equal: cannot overturn
    assert err.value.rule == "declare_weaker" and snapshot(m) == before
    m.apply(Pass(2))
    m.apply(Pass(3))
    assert m.to_move == 0
    m.apply(Declare(0, "BJ BJ"))  # the dealer steals it back
    assert m.kitty_holder == 0 and m.trump is not None and m.trump.trump_suit is None
    bury_some(m, 0, keep="2H BJ BJ")
    assert m.to_move == 1
    for seat in (1, 2, 3):
        m.apply(Pass(seat))
    assert m.phase == "play" and m.leader == 0 and m.dealer == 0
    assert all(m.hand_count(s) == 25 for s in range(4)) and len(m.kitty) == 8


def test_kitty_theft_round_ends_when_three_others_pass() -> None:
    m = rigged(Rules(kitty_theft=True), {0: "2H"})
    deal_all(m)
    m.apply(Declare(0, "2H"))
    m.apply(EndDeal())
    bury_some(m, 0)
    m.apply(Pass(1))
    m.apply(Pass(2))
    assert m.phase == "theft"
    m.apply(Pass(3))  # the burier is not asked
    assert m.phase == "play"


def test_kitty_theft_off_by_default_play_starts_after_bury() -> None:
    m = rigged(Rules(), {0: "2H"})
    deal_all(m)
    m.apply(Declare(0, "2H"))
    m.apply(EndDeal())
    bury_some(m, 0)
    assert m.phase == "play"


def test_kitty_theft_then_find_friend_call() -> None:
    m = rigged(Rules(kitty_theft=True, partners="find_friend"), {0: "2H"})
    deal_all(m)
    m.apply(Declare(0, "2H"))
    m.apply(EndDeal())
    bury_some(m, 0)
    for seat in (1, 2, 3):
        m.apply(Pass(seat))
    assert m.phase == "call" and m.to_move == 0


# --------------------------------------------------- no declaration fallbacks


def test_no_declaration_kitty_third_card_fixes_trump_first_dealer_first_dealt() -> None:
    m = rigged(Rules(), kitty="3S 4S 7D")
    deal_all(m)
    m.apply(EndDeal())
    assert m.dealer == 0 == m.deal_start
    assert m.trump is not None and m.trump.trump_suit == 3


def test_no_declaration_kitty_third_card_joker_means_no_trump() -> None:
    m = rigged(Rules(), kitty="3S 4S SJ")
    deal_all(m)
    m.apply(EndDeal())
    assert m.trump is not None and m.trump.trump_suit is None


def test_no_declaration_no_trump_option() -> None:
    m = rigged(Rules(no_declaration="no_trump"), kitty="3S 4S 7D")
    deal_all(m)
    m.apply(EndDeal())
    assert m.dealer == 0 and m.trump is not None and m.trump.trump_suit is None


def test_no_declaration_later_hand_keeps_the_next_dealer() -> None:
    m = position(last_trick(0), dealer=0, captured=[0, 85, 0, 0])
    finish(m, "AS", "3S", "4S", "6S")
    m.apply(NextHand())
    assert m.dealer == 1
    rig(m, kitty="9C 9C 8H")
    deal_all(m)
    m.apply(EndDeal())
    assert m.dealer == 1 and m.kitty_holder == 1
    assert m.trump is not None and m.trump.trump_suit == 1


def test_later_hand_declares_with_the_new_dealers_level() -> None:
    m = position(last_trick(0), dealer=0, captured=[0, 10, 0, 0])
    finish(m, "AS", "3S", "4S", "6S")  # defenders +2: seats 0 and 2 at 4
    m.apply(NextHand())
    assert m.dealer == 2 and m.level == RANKS.index("4")
    rig(m, {1: "4S 2S"})
    deal_all(m)
    before = snapshot(m)
    with pytest.raises(IllegalAction):
        m.apply(Declare(1, "2S"))
    assert snapshot(m) == before
    m.apply(Declare(1, "4S"))
    m.apply(EndDeal())
    assert m.dealer == 2  # the dealer is fixed; the declaration only sets the suit
    assert m.trump is not None and m.trump.trump_suit == 0


# -------------------------------------------------------- throws in a match


def test_throw_failure_plays_the_forced_unit_and_keeps_the_rest() -> None:
    m = position(["KS QS 3C", "AS 4S 5C", "6S 7S 6C", "8S 9S 7C"], dealer=0)
    m.apply(Play(0, "KS QS"))
    assert m.trick == [(0, tuple(parse_cards("QS")))]
    assert m.hands[0][parse_cards("KS")[0]] == 1
    assert m.throw_failure is not None
    assert m.throw_failure["forced"] == ["QS"] and m.throw_failure["beaten_by_seat"] == 1
    assert m.throw_failure["penalty"] == 0 and m.penalty == 0
    assert m.lead is not None and m.lead.size == 1
    m.apply(Play(1, "AS"))  # the follow is to one card now


def test_throw_penalty_sign_defender_fails_attackers_gain() -> None:
    m = position(
        ["KS QS 3C", "AS 4S 5C", "6S 7S 6C", "8S 9S 7C"], dealer=0, rules=Rules(throw_penalty=True)
    )
    m.apply(Play(0, "KS QS"))
    assert m.penalty == 10 and m.attackers_points() == 10
    assert m.throw_failure is not None and m.throw_failure["penalty"] == 10


def test_throw_penalty_sign_attacker_fails_attackers_lose() -> None:
    m = position(
        ["AS 4S 5C", "KS QS 3C", "6S 7S 6C", "8S 9S 7C"],
        dealer=0,
        leader=1,
        rules=Rules(throw_penalty=True),
        captured=[0, 0, 0, 20],
    )
    m.apply(Play(1, "KS QS"))
    assert m.penalty == -10 and m.attackers_points() == 10


def test_throw_penalty_counts_in_the_hand_result() -> None:
    m = position(
        ["AS 3S", "KS QS", "6S 7S", "8S 9S"],
        dealer=0,
        leader=1,
        rules=Rules(throw_penalty=True),
        captured=[0, 30, 0, 0],
    )
    play_trick(m, "KS QS", "6S", "8S", "AS")  # fails: only QS is led; AS wins
    assert m.trick == [] and m.leader == 0
    r = finish(m, "3S", "KS", "7S", "9S")
    assert (r.trick_points, r.penalty, r.attackers_points) == (40, -10, 30)
    assert (r.side, r.levels_gained) == ("defenders", 2)  # 40 would give +1


def test_throw_that_stands_is_played_whole() -> None:
    m = position(["AS KS 3C", "4S 5S 5C", "6S 7S 6C", "8S 9S 7C"], dealer=0)
    m.apply(Play(0, "AS KS"))
    assert m.throw_failure is None and len(m.trick[0][1]) == 2


# ------------------------------------------- random games through the runner


@pytest.mark.parametrize("seed", range(6))
def test_friend_revealed_exactly_when_friend_plays_called_card_random_games(seed: int) -> None:
    from tractor.players import RandomPlayer
    from tractor.runner import step

    m = Match(Rules(partners="find_friend", decks=2 if seed % 2 else 3), seed=seed)
    players = [RandomPlayer(seed * 4 + i) for i in range(4)]
    while m.phase != "hand_over" and not m.is_over:
        was = m.friend_revealed
        actions = step(m, players)
        if m.phase in ("hand_over", "match_over"):
            break
        if not was and m.friend_revealed:
            last = actions[-1]
            assert isinstance(last, Play) and last.seat == m.friend
            assert m.friend_card in last.cards
        elif not m.friend_revealed and m.friend_card is not None:
            for action in actions:
                if isinstance(action, Play) and action.seat == m.friend:
                    assert m.friend_card not in action.cards
    assert m.hand_result is not None

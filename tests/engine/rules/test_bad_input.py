"""Malformed and illegal input: a clear error, and nothing changes.

Referee functions raise ``ValueError``; ``Match.apply`` raises ``IllegalAction``
(a ``ValueError`` with a ``rule`` code) and leaves the state exactly as it was
(compared with ``Match.state``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from engine_positions import deal_all, position, rigged, snapshot
from tractor.actions import (
    Action,
    ActionError,
    Bury,
    CallFriend,
    Deal,
    Declare,
    EndDeal,
    NextHand,
    Pass,
    Play,
    action_from_json,
)
from tractor.cards import Card, CardError
from tractor.match import IllegalAction, Match
from tractor.positions import referee
from tractor.rules import Rules
from tractor.trump import parse_trump_suit

# ------------------------------------------------------------- referee


@pytest.mark.parametrize("text", ["ZZ", "1S", "AX", "10", "S", "AS,,ZZ", "3S3S4", "JOKER"])
def test_referee_malformed_card_text_is_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        referee.is_tractor(text, "2", "H")
    with pytest.raises(ValueError, match="not a card"):
        referee.decompose(text, "2", "H")


def test_referee_accepts_card_text_forms() -> None:
    assert referee.decompose("ts T♠ 10s", "2", "H", decks=3) == ["10S 10S 10S"]
    assert referee.decompose("3S3S4S4S", "2", "H") == ["3S 3S 4S 4S"]
    assert referee.decompose("SJSJBJBJ", "2", "H") == ["SJ SJ BJ BJ"]
    assert referee.decompose("", "2", "H") == []


@pytest.mark.parametrize("text", ["A\u017f", "\u017fj", "K\u0131", "\uff21S", "A\u0455"])
def test_non_ascii_letters_are_not_cards_as_in_micropython(text: str) -> None:
    # CPython's upper() makes "ſ" (long s) an "S"; MicroPython's changes ASCII only.
    with pytest.raises(CardError, match="not a card"):
        Card.parse(text)
    with pytest.raises(ValueError, match="not a card"):
        referee.decompose(text, "2", "H")


def test_non_ascii_letters_are_not_a_trump_suit_nor_a_level() -> None:
    with pytest.raises(ValueError, match="not a trump suit"):
        referee.is_tractor("3S 3S 4S 4S", "2", "\u017f")
    with pytest.raises(ValueError, match="not a rank"):
        referee.is_tractor("3S 3S 4S 4S", "\uff2b", "H")
    assert Card.parse("a\u2660") == Card.parse("AS") and parse_trump_suit("\u2665") == 1


@pytest.mark.parametrize("level", ["1", "B", "", "22", "11"])
def test_referee_bad_level_is_value_error(level: str) -> None:
    with pytest.raises(ValueError, match="not a rank"):
        referee.is_tractor("3S 3S 4S 4S", level, "H")


def test_referee_level_must_be_text() -> None:
    with pytest.raises(ValueError, match="level must be a rank text"):
        referee.is_tractor("3S 3S 4S 4S", 5, "H")  # type: ignore[arg-type]


@pytest.mark.parametrize("trump", ["X", "", "SH", "hearts"])
def test_referee_bad_trump_is_value_error(trump: str) -> None:
    with pytest.raises(ValueError, match="not a trump suit"):
        referee.is_tractor("3S 3S 4S 4S", "2", trump)


def test_referee_trump_must_be_text() -> None:
    with pytest.raises(ValueError, match="trump must be"):
        referee.is_tractor("3S 3S 4S 4S", "2", None)  # type: ignore[arg-type]


@pytest.mark.parametrize("decks", [0, 4, -1, True, "2", 2.0])
def test_referee_bad_decks_is_value_error(decks: Any) -> None:
    with pytest.raises(ValueError, match="decks must be 1, 2 or 3"):
        referee.is_tractor("3S 3S 4S 4S", "2", "H", decks=decks)
    with pytest.raises(ValueError, match="decks must be 1, 2 or 3"):
        referee.level_change(80, decks=decks)


def test_referee_more_copies_than_decks_is_value_error() -> None:
    with pytest.raises(ValueError, match="3 copies of AS but 2 decks hold only 2"):
        referee.decompose("AS AS AS", "2", "H")
    with pytest.raises(ValueError, match="2 copies of AS but 1 deck holds only 1"):
        referee.kitty_multiplier("AS AS", "2", "H", decks=1)
    with pytest.raises(ValueError, match="copies of 4S"):
        referee.decompose("4S 4S 4S 4S", "2", "H", decks=3)


def test_referee_copies_counted_across_a_trick() -> None:
    with pytest.raises(ValueError, match="the trick has 3 copies of AS"):
        referee.trick_winner(["AS", "AS", "AS"], "2", "H")


def test_referee_copies_counted_across_hand_and_lead() -> None:
    with pytest.raises(ValueError, match="the hand and the lead together"):
        referee.is_legal_follow("AS AS", "AS", "AS", "2", "H")


def test_referee_copies_counted_across_throw_and_hands() -> None:
    with pytest.raises(ValueError, match="the lead and the other hands together"):
        referee.throw_result("AS KS", ["AS", "AS", ""], "2", "H")


def test_referee_lead_not_one_suit_is_value_error() -> None:
    with pytest.raises(ValueError, match="one effective suit"):
        referee.trick_winner(["AS AC", "3S 4S"], "2", "H")
    with pytest.raises(ValueError, match="one effective suit"):
        referee.is_legal_follow("3S 4S", "AS AC", "3S 4S", "2", "H")
    with pytest.raises(ValueError, match="mixes"):
        referee.throw_result("AS 3H", ["KS"], "2", "H")


def test_referee_level_card_lead_with_trumps_is_one_suit() -> None:
    # 2S is a trump at level 2: 2S + AH is one effective suit (trump)
    assert referee.throw_result("2S AH", ["", "", ""], "2", "H") == "2S AH"


def test_referee_empty_lead_is_value_error() -> None:
    with pytest.raises(ValueError, match="at least one card"):
        referee.trick_winner(["", ""], "2", "H")
    with pytest.raises(ValueError, match="at least one card"):
        referee.is_legal_follow("3S", "", "", "2", "H")
    with pytest.raises(ValueError, match="at least one card"):
        referee.throw_result("", [], "2", "H")
    with pytest.raises(ValueError, match="at least one card"):
        referee.kitty_multiplier("", "2", "H")


def test_referee_play_not_in_hand_is_value_error() -> None:
    with pytest.raises(ValueError, match="not in the hand"):
        referee.is_legal_follow("3S 4S", "AS", "5S", "2", "H")
    with pytest.raises(ValueError, match=r"2 × 3S, the hand 1"):
        referee.is_legal_follow("3S 4S", "AS AS", "3S 3S", "2", "H")


def test_referee_wrong_size_play_is_not_legal() -> None:
    assert referee.is_legal_follow("3S 4S 5S", "AS AS", "3S", "2", "H") is False


def test_referee_trick_plays_must_match_lead_size() -> None:
    with pytest.raises(ValueError, match=r"play 2 \('3S 4S'\) has 2 card\(s\)"):
        referee.trick_winner(["AS", "KS", "3S 4S"], "2", "H")


@pytest.mark.parametrize("plays", [[], ["AS", "KS", "QS", "JS", "10S"]])
def test_referee_trick_has_one_to_four_plays(plays: list[str]) -> None:
    with pytest.raises(ValueError, match="a trick has 1 to 4 plays"):
        referee.trick_winner(plays, "2", "H")


def test_referee_trick_plays_must_be_a_list() -> None:
    with pytest.raises(ValueError, match="plays must be a list"):
        referee.trick_winner("AS KS", "2", "H")  # type: ignore[arg-type]


def test_referee_throw_others_must_be_up_to_three_hands() -> None:
    with pytest.raises(ValueError, match="only three other players"):
        referee.throw_result("AS KS", ["", "", "", ""], "2", "H")
    with pytest.raises(ValueError, match="others must be a list"):
        referee.throw_result("AS KS", "QS", "2", "H")  # type: ignore[arg-type]


@pytest.mark.parametrize("points", ["80", 80.0, True, None])
def test_referee_level_change_points_must_be_int(points: Any) -> None:
    with pytest.raises(ValueError, match="points must be an int"):
        referee.level_change(points)


def test_referee_level_change_bad_scoring() -> None:
    with pytest.raises(ValueError, match="scoring must be 'standard' or 'qq'"):
        referee.level_change(80, scoring="QQ")


def test_referee_cards_must_be_text() -> None:
    with pytest.raises(ValueError, match="must be card text"):
        referee.decompose(["AS"], "2", "H")  # type: ignore[arg-type]


# --------------------------------------------------------------- match


def rejects(m: Match, action: Action | Callable[[], Action], rule: str, words: str = "") -> None:
    """``action`` is refused with ``rule`` (and a message containing ``words``); no change."""
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(action() if callable(action) else action)
    assert err.value.rule == rule
    assert words in err.value.message
    assert str(err.value).startswith(f"{rule}: ")
    assert snapshot(m) == before
    assert m.is_legal(action() if callable(action) else action) is False


def play_position() -> Match:
    return position(
        ["AS AS KS 3H 3C", "4S 5S 6H 7H 8C", "8S 8S 9S 4D 5D", "JS QS 6D 7D 9C"], dealer=0
    )


def test_bad_card_text_in_an_action_changes_nothing() -> None:
    m = play_position()
    before = snapshot(m)
    with pytest.raises(CardError, match="not a card: 'ZZ'"):
        m.apply(Play(0, "ZZ"))
    with pytest.raises(ValueError, match="not a card"):
        m.apply(action_from_json({"type": "play", "seat": 0, "cards": "AS QQ"}))
    with pytest.raises(ActionError):
        action_from_json({"type": "play", "seat": 9, "cards": "AS"})
    with pytest.raises(ActionError, match="missing"):
        action_from_json({"type": "bury", "seat": 0})
    with pytest.raises(ActionError, match="unknown action type"):
        action_from_json({"type": "cheat", "seat": 0})
    assert snapshot(m) == before


def test_out_of_turn_play_is_refused() -> None:
    m = play_position()
    rejects(m, Play(1, "4S"), "not_your_turn", "seat 0's turn")
    m.apply(Play(0, "AS AS"))
    rejects(m, Play(2, "8S 8S"), "not_your_turn", "seat 1's turn")
    rejects(m, Play(0, "KS 3H"), "not_your_turn")


@pytest.mark.parametrize("seat", [5, -1, 1.0, "0", True, None])
def test_bad_seat_is_refused_when_the_action_is_built(seat: Any) -> None:
    for build in (lambda: Play(seat, "AS"), lambda: Pass(seat), lambda: CallFriend(seat, "AS")):
        with pytest.raises(ActionError, match="a seat is an int from 0 to 3"):
            build()


def test_lead_not_in_hand_is_refused() -> None:
    m = play_position()
    rejects(m, Play(0, "QS"), "not_in_hand", "QS is not in your hand")
    rejects(m, Play(0, "KS KS"), "not_in_hand", "KS")


def test_lead_of_two_suits_is_refused() -> None:
    m = play_position()
    rejects(m, Play(0, "AS 3C"), "lead_one_suit", "one effective suit")


def test_empty_play_is_refused() -> None:
    m = play_position()
    rejects(m, Play(0, []), "empty_play")


def test_follow_with_wrong_number_of_cards_is_refused() -> None:
    m = play_position()
    m.apply(Play(0, "AS AS"))
    rejects(m, Play(1, "4S"), "wrong_count", "exactly 2 card(s)")
    rejects(m, Play(1, "4S 5S 8C"), "wrong_count")


def test_follow_not_in_hand_is_refused() -> None:
    m = play_position()
    m.apply(Play(0, "AS AS"))
    rejects(m, Play(1, "4S 4S"), "not_in_hand", "4S")


def test_follow_not_following_suit_is_refused() -> None:
    m = play_position()
    m.apply(Play(0, "AS AS"))
    rejects(m, Play(1, "4S 8C"), "follow_suit", "you must follow suit")


def test_follow_breaking_a_pair_is_refused() -> None:
    m = play_position()
    m.apply(Play(0, "AS AS"))
    m.apply(Play(1, "4S 5S"))
    rejects(m, Play(2, "8S 9S"), "follow_pairs", "pair")
    m.apply(Play(2, "8S 8S"))


def test_follow_breaking_a_tractor_is_refused() -> None:
    m = position(["3S 3S 4S 4S", "7S 7S 8S 8S 5S 5S", "6D 6D 7D 7D", "JS QS KS AS"], dealer=0)
    m.apply(Play(0, "3S 3S 4S 4S"))
    rejects(m, Play(1, "7S 7S 5S 5S"), "follow_tractor", "tractor of 2 pairs")


def test_illegal_bury_sizes_and_cards_are_refused() -> None:
    m = rigged(Rules(), {0: "2H"})
    deal_all(m)
    m.apply(Declare(0, "2H"))
    m.apply(EndDeal())
    hand = m.hand_cards(0)
    rejects(m, Bury(0, hand[:7]), "bury_count", "exactly 8 cards, not 7")
    rejects(m, Bury(0, hand[:9]), "bury_count", "not 9")
    rejects(m, Bury(0, []), "bury_count")
    missing = next(c for c in range(52) if m.hands[0][c] == 0)
    rejects(m, Bury(0, [*hand[:7], missing]), "not_in_hand")
    rejects(m, Bury(1, m.hand_cards(1)[:8]), "not_your_turn")
    rejects(m, Play(0, hand[:1]), "wrong_phase", "phase: bury")
    rejects(m, Pass(0), "wrong_phase")
    rejects(m, Declare(1, m.hand_cards(1)[:1]), "wrong_phase")
    rejects(m, CallFriend(0, "AS"), "wrong_phase")
    m.apply(Bury(0, hand[:8]))


def test_bury_the_same_card_more_often_than_held_is_refused() -> None:
    m = rigged(Rules(), {0: "2H"})
    deal_all(m)
    m.apply(Declare(0, "2H"))
    m.apply(EndDeal())
    once = next(c for c in m.hand_cards(0) if m.hands[0][c] == 1)
    others = [c for c in m.hand_cards(0) if c != once][:6]
    rejects(m, Bury(0, [once, once, *others]), "not_in_hand", f"{once} is not in your hand 2 times")


def test_system_steps_out_of_place_are_refused() -> None:
    m = play_position()
    rejects(m, Deal(), "wrong_phase", "Deal is not due")
    rejects(m, EndDeal(), "wrong_phase")
    rejects(m, NextHand(), "wrong_phase")
    rejects(m, Declare(0, "AS"), "wrong_phase")
    rejects(m, Bury(0, "AS"), "wrong_phase")


def test_deal_phase_refuses_player_actions() -> None:
    m = rigged()
    m.apply(Deal())
    rejects(m, Play(0, m.hand_cards(0)), "wrong_phase", "phase: deal")
    rejects(m, Pass(0), "wrong_phase")
    rejects(m, NextHand(), "wrong_phase")


def test_deal_after_all_cards_dealt_is_refused() -> None:
    m = rigged()
    deal_all(m)
    rejects(m, Deal(), "wrong_phase")
    m.apply(EndDeal())


def test_declare_illegal_cards_change_nothing() -> None:
    m = rigged(Rules(), {1: "2S 3S"})
    deal_all(m)
    rejects(m, Declare(1, "3S"), "declare_cards")
    rejects(m, Declare(1, "2S 3S"), "declare_cards")
    rejects(m, Declare(1, "2S 2S 2S"), "declare_cards")
    m.apply(Declare(1, "2S"))


def test_call_friend_out_of_turn_and_joker_refused() -> None:
    m = position(["AS 3C", "4C", "5C", "AS"], rules=Rules(partners="find_friend"), phase="call")
    rejects(m, CallFriend(1, "AS"), "not_your_turn")
    rejects(m, CallFriend(0, "SJ"), "friend_joker")
    rejects(m, Play(0, "AS"), "wrong_phase")
    m.apply(CallFriend(0, "AS"))


def test_pass_out_of_turn_in_declaration_round_refused() -> None:
    m = rigged(Rules(declare_window="after_deal"))
    deal_all(m)
    rejects(m, Pass(1), "not_your_turn")
    m.apply(Pass(0))


def test_legal_actions_are_all_accepted_and_others_refused() -> None:
    m = play_position()
    m.apply(Play(0, "AS AS"))
    legal = list(m.legal_actions(1))
    assert [a.cards for a in legal if isinstance(a, Play)] == [tuple(Play(1, "4S 5S").cards)]
    assert all(m.is_legal(a) for a in legal)
    assert not m.is_legal(Play(1, "4S 6H"))

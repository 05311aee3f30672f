"""Following a lead (RULES §4, *Following*), through the referee and the engine.

Level 2, hearts trump unless stated (so 2S, 2C, 2D are trumps and spades run
3 … A).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from tractor.cards import CARDS, counts_of, parse_cards
from tractor.follow import analyse_lead, check_follow, legal_follows
from tractor.positions import referee
from tractor.trump import Trump


def legal(
    hand: str, lead: str, play: str, decks: int = 2, level: str = "2", trump: str = "H"
) -> bool:
    return referee.is_legal_follow(hand, lead, play, level, trump, decks=decks)


def rule_broken(hand: str, lead: str, play: str) -> str | None:
    t = Trump.of("2", "H")
    problem = check_follow(
        counts_of(parse_cards(hand)), analyse_lead(parse_cards(lead), t), parse_cards(play), t
    )
    return None if problem is None else problem[0]


# ------------------------------------------------------------------ 1. suit


def test_follow_suit_when_holding_the_led_suit() -> None:
    assert legal("3S 9S AH 4C", "KS", "3S")
    assert not legal("3S 9S AH 4C", "KS", "AH")
    assert not legal("3S 9S AH 4C", "KS", "4C")
    assert rule_broken("3S 9S AH 4C", "KS", "AH") == "follow_suit"


def test_follow_suit_with_enough_cards_play_only_led_suit() -> None:
    assert legal("3S 9S JS AH", "KS QS", "3S 9S")
    assert not legal("3S 9S JS AH", "KS QS", "3S AH")


def test_follow_suit_with_too_few_play_all_of_them_plus_any() -> None:
    assert legal("3S AH 4C 5D", "KS KS QS", "3S AH 4C")
    assert legal("3S AH 4C 5D", "KS KS QS", "3S 4C 5D")
    assert not legal("3S AH 4C 5D", "KS KS QS", "AH 4C 5D")


def test_follow_void_may_trump_or_discard_freely() -> None:
    assert legal("AH 4C 5D", "KS", "AH")
    assert legal("AH 4C 5D", "KS", "5D")
    assert legal("AH AH 4C 5D", "KS KS", "4C 5D")


def test_follow_trump_lead_level_cards_and_jokers_are_trumps() -> None:
    # L = 2, T = H: 2S is a trump, AS is not
    assert not legal("2S AS", "AH", "AS")
    assert legal("2S AS", "AH", "2S")
    assert legal("3H 4S", "BJ", "3H")
    assert not legal("3H 4S", "BJ", "4S")


def test_follow_level_card_of_led_plain_suit_is_not_that_suit() -> None:
    # 2S is a trump: a spade lead does not require it
    assert legal("2S AH", "KS", "AH")
    assert legal("2S AH", "KS", "2S")


def test_follow_wrong_number_of_cards_is_illegal() -> None:
    assert not legal("3S 9S JS", "KS KS", "3S")
    assert not legal("3S 9S JS", "KS", "3S 9S")
    assert rule_broken("3S 9S JS", "KS", "3S 9S") == "wrong_count"


# ----------------------------------------------------------------- 2. pairs


def test_follow_pair_with_pair_while_holding_one() -> None:
    assert legal("9S 9S JS AH", "3S 3S", "9S 9S")
    assert not legal("9S 9S JS AH", "3S 3S", "9S JS")
    assert rule_broken("9S 9S JS AH", "3S 3S", "9S JS") == "follow_pairs"


def test_follow_pair_without_pair_any_two_of_suit() -> None:
    assert legal("9S JS QS AH", "3S 3S", "9S QS")
    assert not legal("9S JS QS AH", "3S 3S", "9S AH")


def test_follow_pair_with_one_suit_card_and_a_pair_elsewhere() -> None:
    assert legal("9S AH AH", "3S 3S", "9S AH")


def test_follow_pair_from_inside_tractor_counts() -> None:
    hand = "9S 9S 10S 10S JS"
    assert legal(hand, "3S 3S", "9S 9S")
    assert legal(hand, "3S 3S", "10S 10S")
    assert not legal(hand, "3S 3S", "9S 10S")
    assert not legal(hand, "3S 3S", "9S JS")


def test_follow_pair_from_inside_triple_counts() -> None:
    assert legal("9S 9S 9S JS", "3S 3S", "9S 9S", decks=3)
    assert not legal("9S 9S 9S JS", "3S 3S", "9S JS", decks=3)


def test_follow_two_led_pairs_with_held_pairs() -> None:
    # throw of two non-adjacent pairs
    hand = "7S 7S 9S 9S JS QS"
    assert legal(hand, "3S 3S 5S 5S", "7S 7S 9S 9S")
    assert not legal(hand, "3S 3S 5S 5S", "7S 7S JS QS")
    assert legal("7S 7S JS QS KS", "3S 3S 5S 5S", "7S 7S JS QS")


def test_follow_pairs_led_with_a_tractor_in_hand_use_its_pairs() -> None:
    assert legal("7S 7S 8S 8S AS", "3S 3S 5S 5S", "7S 7S 8S 8S")
    assert not legal("7S 7S 8S 8S AS", "3S 3S 5S 5S", "7S 7S 8S AS")


def test_follow_single_and_pair_throw() -> None:
    assert legal("9S 9S JS QS", "AS KS KS", "9S 9S JS")
    assert not legal("9S 9S JS QS", "AS KS KS", "9S JS QS")


# -------------------------------------------------------------- 3. tractors


def test_follow_tractor_with_tractor_of_same_length() -> None:
    hand = "7S 7S 8S 8S 5S 5S AH"
    assert legal(hand, "3S 3S 4S 4S", "7S 7S 8S 8S")
    assert not legal(hand, "3S 3S 4S 4S", "7S 7S 5S 5S")
    assert rule_broken(hand, "3S 3S 4S 4S", "7S 7S 5S 5S") == "follow_tractor"


def test_follow_tractor_any_window_of_a_longer_held_tractor() -> None:
    hand = "7S 7S 8S 8S 9S 9S"
    assert legal(hand, "3S 3S 4S 4S", "7S 7S 8S 8S")
    assert legal(hand, "3S 3S 4S 4S", "8S 8S 9S 9S")
    assert not legal(hand, "3S 3S 4S 4S", "7S 7S 9S 9S")


def test_follow_tractor_without_tractor_pairs_instead() -> None:
    hand = "7S 7S 9S 9S JS"
    assert legal(hand, "3S 3S 4S 4S", "7S 7S 9S 9S")
    assert not legal(hand, "3S 3S 4S 4S", "7S 7S 9S JS")
    assert legal("7S 7S 9S JS QS", "3S 3S 4S 4S", "7S 7S 9S JS")


def test_follow_tractor_longest_shorter_tractor_then_pairs() -> None:
    lead = "3S 3S 4S 4S 5S 5S"
    hand = "7S 7S 8S 8S JS JS KS AS"
    assert legal(hand, lead, "7S 7S 8S 8S JS JS")
    assert not legal(hand, lead, "7S 7S JS JS KS AS")  # breaks the tractor
    assert not legal(hand, lead, "7S 7S 8S 8S KS AS")  # leaves the pair JJ


def test_follow_tractor_longest_shorter_prefers_length_over_pair_count() -> None:
    lead = "3S 3S 4S 4S 5S 5S 6S 6S"  # tractor of 4
    hand = "7S 7S 8S 8S 9S 9S JS JS KS KS AS"
    # a tractor of 3 + a pair beats four separate pairs in priority
    assert legal(hand, lead, "7S 7S 8S 8S 9S 9S JS JS")
    assert not legal(hand, lead, "7S 7S 9S 9S JS JS KS KS")


def test_follow_tractor_two_shorter_tractors() -> None:
    lead = "3S 3S 4S 4S 5S 5S"
    hand = "7S 7S 8S 8S JS JS QS QS"
    assert legal(hand, lead, "7S 7S 8S 8S JS JS")
    assert legal(hand, lead, "JS JS QS QS 7S 7S")
    assert not legal(hand, lead, "7S 7S 8S 8S JS QS")


def test_follow_trump_tractor_across_level_cards() -> None:
    lead = "AH AH 2S 2S"  # L = 2, T = H: AH – off-suit 2 – 2H
    hand = "KH KH QH QH 3H 3C"
    assert legal(hand, lead, "KH KH QH QH")
    assert not legal(hand, lead, "KH KH QH 3H")


def test_follow_throw_with_tractor_and_pair() -> None:
    lead = "3S 3S 4S 4S 9S 9S"
    hand = "7S 7S 8S 8S JS JS QS"
    assert legal(hand, lead, "7S 7S 8S 8S JS JS")
    assert not legal(hand, lead, "7S 7S JS JS 8S QS")


# -------------------------------------------- 3 decks: triples and Titanics

TITANIC = "3S 3S 3S 4S 4S 4S"


def test_follow_titanic_priority_1_titanic() -> None:
    hand = "7S 7S 7S 8S 8S 8S QS QS QS KS"
    assert legal(hand, TITANIC, "7S 7S 7S 8S 8S 8S", decks=3)
    assert not legal(hand, TITANIC, "7S 7S 7S QS QS QS", decks=3)
    assert rule_broken(hand, TITANIC, "7S 7S 7S QS QS QS") == "follow_titanic"


def test_follow_titanic_priority_2_two_triples() -> None:
    hand = "7S 7S 7S 9S 9S 9S JS JS QS QS AS"
    assert legal(hand, TITANIC, "7S 7S 7S 9S 9S 9S", decks=3)
    assert not legal(hand, TITANIC, "JS JS QS QS 7S AS", decks=3)  # tractor + two singles
    assert not legal(hand, TITANIC, "7S 7S 7S JS JS AS", decks=3)  # triple + pair + single


def test_follow_titanic_priority_3_tractor_and_two_singles() -> None:
    hand = "7S 7S 7S JS JS QS QS 9S KS"
    assert legal(hand, TITANIC, "JS JS QS QS 9S KS", decks=3)
    assert legal(hand, TITANIC, "JS JS QS QS 7S 7S", decks=3)
    assert not legal(hand, TITANIC, "7S 7S 7S JS JS KS", decks=3)  # triple + pair + single


def test_follow_titanic_priority_4_triple_pair_single() -> None:
    hand = "7S 7S 7S 9S 9S JS KS AS"
    assert legal(hand, TITANIC, "7S 7S 7S 9S 9S JS", decks=3)
    assert not legal(hand, TITANIC, "7S 7S 7S JS KS AS", decks=3)  # triple + three singles
    assert not legal(hand, TITANIC, "7S 7S 9S 9S JS KS", decks=3)  # two pairs + two singles


def test_follow_titanic_priority_5_triple_three_singles() -> None:
    hand = "7S 7S 7S 9S JS KS AS"
    assert legal(hand, TITANIC, "7S 7S 7S 9S JS KS", decks=3)
    assert not legal(hand, TITANIC, "7S 7S 9S JS KS AS", decks=3)  # pair + four singles


def test_follow_titanic_priority_6_two_pairs_two_singles() -> None:
    hand = "7S 7S 9S 9S JS KS AS"
    assert legal(hand, TITANIC, "7S 7S 9S 9S JS KS", decks=3)
    assert not legal(hand, TITANIC, "7S 7S 9S JS KS AS", decks=3)  # pair + four singles


def test_follow_titanic_priority_7_one_pair_four_singles() -> None:
    hand = "7S 7S 9S JS KS AS 5S"
    assert legal(hand, TITANIC, "7S 7S 9S JS KS AS", decks=3)
    assert not legal(hand, TITANIC, "7S 9S JS KS AS 5S", decks=3)  # six singles


def test_follow_titanic_priority_8_six_singles() -> None:
    hand = "7S 9S JS KS AS 5S 6S"
    for play in combinations(hand.split(), 6):
        assert legal(hand, TITANIC, " ".join(play), decks=3)


def test_follow_titanic_priority_list_in_full_order() -> None:
    """Each hand holds its level's structure and only weaker ones: the level's play
    is legal, and the next weaker shape is not."""
    cases = [
        ("7S7S7S8S8S8S QSQSQS", "7S7S7S8S8S8S", "7S7S7S QSQSQS"),
        ("7S7S7S 9S9S9S JSJSQSQS", "7S7S7S 9S9S9S", "JSJSQSQS 7S 9S"),
        ("7S7S7S JSJSQSQS 9S", "JSJSQSQS 9S 7S", "7S7S7S JSJS 9S"),
        ("7S7S7S 9S9S JS KS", "7S7S7S 9S9S JS", "7S7S7S 9S JS KS"),
        ("7S7S7S 9S JS KS AS", "7S7S7S 9S JS KS", "7S7S 9S JS KS AS"),
        ("7S7S 9S9S JS KS AS", "7S7S 9S9S JS KS", "7S7S 9S JS KS AS"),
        ("7S7S 9S JS KS AS 5S", "7S7S 9S JS KS AS", "7S 9S JS KS AS 5S"),
    ]
    for hand, best, weaker in cases:
        assert legal(hand, TITANIC, best, decks=3), (hand, best)
        assert not legal(hand, TITANIC, weaker, decks=3), (hand, weaker)


def test_follow_titanic_longer_held_titanic_any_window() -> None:
    hand = "7S 7S 7S 8S 8S 8S 9S 9S 9S"
    assert legal(hand, TITANIC, "8S 8S 8S 9S 9S 9S", decks=3)
    assert not legal(hand, TITANIC, "7S 7S 7S 9S 9S 9S", decks=3)


def test_follow_triple_priority_triple() -> None:
    hand = "9S 9S 9S KS KS AS"
    assert legal(hand, "5S 5S 5S", "9S 9S 9S", decks=3)
    assert not legal(hand, "5S 5S 5S", "KS KS AS", decks=3)
    assert not legal(hand, "5S 5S 5S", "9S 9S AS", decks=3)


def test_follow_triple_priority_pair_and_single() -> None:
    hand = "9S 9S KS AS"
    assert legal(hand, "5S 5S 5S", "9S 9S KS", decks=3)
    assert not legal(hand, "5S 5S 5S", "9S KS AS", decks=3)


def test_follow_triple_priority_three_singles() -> None:
    hand = "9S KS AS 3S"
    for play in combinations(hand.split(), 3):
        assert legal(hand, "5S 5S 5S", " ".join(play), decks=3)


def test_follow_triple_with_pair_from_tractor() -> None:
    assert legal("9S 9S 10S 10S AS", "5S 5S 5S", "9S 9S AS", decks=3)
    assert not legal("9S 9S 10S 10S AS", "5S 5S 5S", "9S 10S AS", decks=3)


def test_follow_two_led_triples() -> None:
    lead = "3S 3S 3S 7S 7S 7S"  # a throw of two non-adjacent triples
    assert legal("9S 9S 9S QS QS QS", lead, "9S 9S 9S QS QS QS", decks=3)
    hand = "9S 9S 9S QS QS KS AS"
    assert legal(hand, lead, "9S 9S 9S QS QS KS", decks=3)
    assert not legal(hand, lead, "9S 9S 9S QS KS AS", decks=3)


# --------------------------------------------------- engine cross-checks


def test_legal_follows_agree_with_check_follow_on_random_hands() -> None:
    """Every multiset of the right size is legal exactly when ``legal_follows`` lists it."""
    rng = random.Random(20240601)
    t = Trump.of("2", "H")
    spades = [c for c in parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS") for _ in range(2)]
    leads = ["3S", "3S 3S", "3S 3S 4S 4S", "AS KS", "4S 4S 9S", "3S 3S 4S 4S 5S 5S"]
    for _ in range(40):
        hand_cards = rng.sample(spades, 7) + rng.sample(list(parse_cards("AH 3C 4D BJ")), 2)
        hand = counts_of(hand_cards)
        lead_text = rng.choice(leads)
        lead = analyse_lead(parse_cards(lead_text), t)
        listed = set(legal_follows(hand, lead, t))
        assert listed, (hand_cards, lead_text)
        for combo in set(combinations(sorted(hand_cards), lead.size)):
            ok = check_follow(hand, lead, [CARDS[c] for c in combo], t) is None
            assert ok == (tuple(sorted(combo)) in listed), (hand_cards, lead_text, combo)


@pytest.mark.parametrize("decks", [2, 3])
def test_hand_always_has_a_legal_follow(decks: int) -> None:
    rng = random.Random(decks)
    t = Trump.of("5", "S")
    deck = [c for c in CARDS for _ in range(decks)]
    for _ in range(60):
        cards = rng.sample(deck, 14)
        lead_cards = [c for c in cards[:6] if t.suit[c] == t.suit[cards[0]]]
        hand = counts_of(cards[6:])
        lead = analyse_lead(lead_cards, t)
        first = next(iter(legal_follows(hand, lead, t)))
        assert check_follow(hand, lead, [CARDS[c] for c in first], t) is None


def test_follow_titanic_longest_shorter_titanic_then_triples() -> None:
    """A led Titanic of three triples, a hand with a Titanic of two: its unmatched
    triple must be matched by a triple (then a pair) like a led triple, as the
    unmatched pairs of a tractor must be matched by pairs."""
    lead = "3S 3S 3S 4S 4S 4S 5S 5S 5S"
    hand = "7S 7S 7S 8S 8S 8S QS QS QS AS KS 6S"
    assert legal(hand, lead, "7S 7S 7S 8S 8S 8S QS QS QS", decks=3)
    assert not legal(hand, lead, "7S 7S 7S 8S 8S 8S AS KS 6S", decks=3)
    hand = "7S 7S 7S 8S 8S 8S QS QS AS KS 6S"
    assert legal(hand, lead, "7S 7S 7S 8S 8S 8S QS QS 6S", decks=3)
    assert not legal(hand, lead, "7S 7S 7S 8S 8S 8S AS KS 6S", decks=3)
    # the Titanic still comes first: three separate triples are not enough
    assert not legal(
        "7S 7S 7S 8S 8S 8S 10S 10S 10S QS QS QS", lead, "7S 7S 7S 10S 10S 10S QS QS QS", decks=3
    )

"""Declaring trump and overturning (RULES §3.2), in ``declare`` and through ``Match``."""

from __future__ import annotations

import pytest
from engine_positions import deal_all, rigged, snapshot
from tractor.actions import Action, Deal, Declare, EndDeal, Pass
from tractor.cards import counts_of, parse_cards
from tractor.declare import Declaration, strength, why_not
from tractor.match import IllegalAction, Match
from tractor.rules import Rules

LEVEL_2 = 0


def overturns(new: str, current: str, decks: int, same_seat: bool = False) -> bool:
    cur = parse_cards(current)
    cards = parse_cards(new)
    hand = counts_of(cards)
    standing = Declaration(0, cur[0], len(cur))
    seat = 0 if same_seat else 1
    return why_not(seat, cards, hand, LEVEL_2, decks, standing) is None


# ------------------------------------------------------------ strengths

TWO_DECK_ORDER = ["2S", "2S 2S", "SJ SJ", "BJ BJ"]
THREE_DECK_ORDER = ["2S", "2S 2S", "SJ SJ", "BJ BJ", "2S 2S 2S", "SJ SJ SJ", "BJ BJ BJ"]


@pytest.mark.parametrize(("decks", "order"), [(2, TWO_DECK_ORDER), (3, THREE_DECK_ORDER)])
def test_declaration_strength_order(decks: int, order: list[str]) -> None:
    values = [strength(parse_cards(t), LEVEL_2, decks) for t in order]
    assert None not in values
    assert values == sorted(values) and len(set(values)) == len(values)  # type: ignore[type-var]


@pytest.mark.parametrize(
    ("weaker", "stronger"),
    [("2H", "2S 2S"), ("2H 2H", "SJ SJ"), ("SJ SJ", "BJ BJ"), ("2H", "BJ BJ")],
)
def test_declaration_two_decks_stronger_overturns_weaker_never_back(
    weaker: str, stronger: str
) -> None:
    assert overturns(stronger, weaker, decks=2)
    assert not overturns(weaker, stronger, decks=2)


@pytest.mark.parametrize(
    ("weaker", "stronger"),
    [
        ("2H", "2S 2S"),
        ("2H 2H", "SJ SJ"),
        ("SJ SJ", "BJ BJ"),
        ("BJ BJ", "2C 2C 2C"),
        ("2C 2C 2C", "SJ SJ SJ"),
        ("SJ SJ SJ", "BJ BJ BJ"),
    ],
)
def test_declaration_three_decks_order(weaker: str, stronger: str) -> None:
    assert overturns(stronger, weaker, decks=3)
    assert not overturns(weaker, stronger, decks=3)


@pytest.mark.parametrize(
    ("first", "second", "decks"),
    [("2H", "2S", 2), ("2H 2H", "2C 2C", 2), ("2H 2H 2H", "2D 2D 2D", 3), ("SJ SJ", "SJ SJ", 2)],
)
def test_declaration_equal_cannot_overturn(first: str, second: str, decks: int) -> None:
    assert not overturns(second, first, decks)


def test_declaration_not_level_cards_or_single_joker_do_not_declare() -> None:
    for cards in ["3H", "SJ", "BJ", "2H 2S", "SJ BJ", "3H 3H"]:
        assert strength(parse_cards(cards), LEVEL_2, 2) is None, cards
    assert strength(parse_cards("2H 2H 2H"), LEVEL_2, 2) is None  # more than 2 decks hold


def test_declaration_self_strengthen_same_suit_only() -> None:
    assert overturns("2H 2H", "2H", decks=2, same_seat=True)
    assert not overturns("2S 2S", "2H", decks=2, same_seat=True)
    assert not overturns("SJ SJ", "2H", decks=2, same_seat=True)
    # another player may overturn with any stronger declaration, same suit or not
    assert overturns("2H 2H", "2H", decks=2)
    assert overturns("2S 2S", "2H", decks=2)


def test_declaration_one_deck_first_stands() -> None:
    assert strength(parse_cards("2H"), LEVEL_2, 1) is not None
    assert strength(parse_cards("SJ"), LEVEL_2, 1) is None
    assert not overturns("2S", "2H", decks=1)


# ------------------------------------------------------- through the match

HANDS = {0: "2H 2H 2S", 1: "2C 2C SJ SJ", 2: "BJ BJ 2D", 3: "2S 2D"}


def dealt(rules: Rules | None = None) -> Match:
    m = rigged(rules, HANDS)
    deal_all(m)
    return m


def illegal(m: Match, action: Action, rule: str) -> None:
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(action)
    assert err.value.rule == rule
    assert snapshot(m) == before


def test_declare_during_deal_overturn_chain_two_decks() -> None:
    m = dealt()
    m.apply(Declare(0, "2H"))
    illegal(m, Declare(3, "2S"), "declare_weaker")  # equal strength
    illegal(m, Declare(0, "2S"), "declare_own_suit")  # own declaration, other suit
    m.apply(Declare(0, "2H 2H"))  # 自保
    illegal(m, Declare(1, "2C 2C"), "declare_weaker")
    m.apply(Declare(1, "SJ SJ"))
    illegal(m, Declare(0, "2H 2H"), "declare_weaker")
    m.apply(Declare(2, "BJ BJ"))
    illegal(m, Declare(1, "SJ SJ"), "declare_weaker")
    illegal(m, Declare(3, "2H"), "not_in_hand")
    illegal(m, Declare(3, "3S"), "declare_cards")
    m.apply(EndDeal())
    assert m.dealer == 2  # default first_dealer: the final declarer
    assert m.trump is not None and m.trump.trump_suit is None  # BJ pair: no trump
    assert m.phase == "bury" and m.kitty_holder == 2
    assert m.hand_count(2) == 25 + 8


def test_declare_first_dealer_first_declarer_option() -> None:
    m = dealt(Rules(first_dealer="first_declarer"))
    m.apply(Declare(3, "2S"))
    m.apply(Declare(1, "2C 2C"))
    m.apply(EndDeal())
    assert m.dealer == 3  # the first declarer deals
    assert m.trump is not None and m.trump.trump_suit == 2  # the last declaration fixes T (C)
    assert m.kitty_holder == 3


def test_declare_final_declarer_deals_by_default() -> None:
    m = dealt()
    m.apply(Declare(3, "2S"))
    m.apply(Declare(1, "2C 2C"))
    m.apply(EndDeal())
    assert m.dealer == 1 and m.trump is not None and m.trump.trump_suit == 2


def test_declare_one_deck_first_declaration_stands_in_match() -> None:
    m = rigged(Rules(decks=1), {0: "2H", 1: "2S", 2: "2C"})
    deal_all(m)
    m.apply(Declare(1, "2S"))
    illegal(m, Declare(2, "2C"), "declare_once")
    illegal(m, Declare(0, "2H"), "declare_once")
    assert m.declaration_options(0) == []
    m.apply(EndDeal())
    assert m.dealer == 1 and m.trump is not None and m.trump.trump_suit == 0


def test_declare_during_deal_only_with_cards_already_dealt() -> None:
    m = rigged(None, {1: "2H"})
    m.apply(Deal())  # seat 0's first card
    illegal(m, Declare(1, "2H"), "not_in_hand")
    while m.hands[1][parse_cards("2H")[0]] == 0:
        m.apply(Deal())
    m.apply(Declare(1, "2H"))
    assert m.declaration == Declaration(1, parse_cards("2H")[0], 1)


def test_declare_after_deal_window_round() -> None:
    m = rigged(Rules(declare_window="after_deal"), HANDS)
    m.apply(Deal())
    m.apply(Deal())
    m.apply(Deal())
    m.apply(Deal())
    # 2H has reached seat 0, but this game declares only after the deal
    illegal(m, Declare(0, "2H"), "wrong_phase")
    deal_all(m)
    assert m.phase == "declare" and m.to_move == 0  # the first player dealt to
    illegal(m, Declare(1, "2C 2C"), "not_your_turn")
    m.apply(Pass(0))
    m.apply(Declare(1, "2C 2C"))
    m.apply(Declare(2, "BJ BJ"))
    m.apply(Pass(3))
    m.apply(Pass(0))
    m.apply(Pass(1))
    assert m.phase == "declare"
    m.apply(Pass(2))  # four passes in a row end the round
    assert m.phase == "bury" and m.dealer == 2
    assert m.trump is not None and m.trump.trump_suit is None


def test_declare_after_deal_round_declarer_may_strengthen_on_their_turn() -> None:
    m = rigged(Rules(declare_window="after_deal"), HANDS)
    deal_all(m)
    m.apply(Declare(0, "2H"))
    for seat in (1, 2, 3):
        m.apply(Pass(seat))
    m.apply(Declare(0, "2H 2H"))
    for seat in (1, 2, 3, 0):
        m.apply(Pass(seat))
    assert m.dealer == 0 and m.declaration is not None and m.declaration.copies == 2


def test_declare_after_deal_round_everybody_passes() -> None:
    m = rigged(Rules(declare_window="after_deal"), HANDS, kitty="3S 4S 7D")
    deal_all(m)
    for seat in (0, 1, 2, 3):
        m.apply(Pass(seat))
    assert m.dealer == 0  # first hand, no declaration: the first player dealt to
    assert m.trump is not None and m.trump.trump_suit == 3  # the kitty's third card: D


def test_declare_options_listed_for_a_seat() -> None:
    m = dealt()
    opts = {" ".join(str(c) for c in o) for o in m.declaration_options(1)}
    assert opts == {"2C", "2C 2C", "SJ SJ"}
    m.apply(Declare(1, "SJ SJ"))
    assert {" ".join(str(c) for c in o) for o in m.declaration_options(2)} == {"BJ BJ"}
    assert m.declaration_options(0) == []

"""Trump declarations: which cards declare, their strength, who may overturn (RULES §3.2).

Strength, weakest first *(SJ < BJ and the 3-deck joker order are inferred)*:

* 1 deck: one level card; the first declaration stands.
* 2 decks: one L < pair of L < pair of SJ (NT) < pair of BJ (NT).
* 3 decks: one L < pair of L < pair SJ < pair BJ < three L < three SJ < three BJ.

A stronger declaration overturns the current one (反主). The current declarer
may strengthen their own declaration only in the same suit (自保); an equal one
never overturns. *(Choice: a declarer may not overturn themselves into another
suit, as in most online rooms.)*

>>> from tractor.cards import parse_cards
>>> strength(parse_cards("5H 5H"), level=3, decks=2)
2
>>> strength(parse_cards("BJ BJ"), level=3, decks=2)
4
>>> strength(parse_cards("5H 5S"), level=3, decks=2) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import BIG_JOKER, CARDS, SMALL_JOKER, Card


class Declaration(NamedTuple):
    """A standing declaration: who, with which cards; ``suit`` None means no trump."""

    seat: int
    card: int
    copies: int

    @property
    def suit(self) -> int | None:
        return None if self.card >= SMALL_JOKER else self.card // 13

    def cards(self) -> list[Card]:
        return [CARDS[self.card]] * self.copies


def strength(cards: Sequence[int], level: int, decks: int) -> int | None:
    """Strength of a declaration, or None if the cards do not declare."""
    if not cards or any(c != cards[0] for c in cards):
        return None
    card, n = cards[0], len(cards)
    if n > decks:
        return None
    if card in (SMALL_JOKER, BIG_JOKER):
        joker = 1 if card == BIG_JOKER else 0
        if n == 2:
            return 3 + joker
        if n == 3:
            return 6 + joker
        return None
    if card % 13 != level:
        return None
    return {1: 1, 2: 2, 3: 5}[n]


def why_not(
    seat: int,
    cards: Sequence[int],
    hand: Sequence[int],
    level: int,
    decks: int,
    current: Declaration | None,
) -> tuple[str, str] | None:
    """Why ``seat`` may not declare ``cards`` now, as (rule, message); None if it may."""
    s = strength(cards, level, decks)
    if s is None:
        return (
            "declare_cards",
            "a declaration is one, two or three identical level cards, or a pair or "
            "triple of identical jokers for no trump",
        )
    if hand[cards[0]] < len(cards):
        return ("not_in_hand", f"you do not hold {len(cards)} × {CARDS[cards[0]]}")
    if current is None:
        return None
    if decks == 1:
        return ("declare_once", "with one deck the first declaration stands")
    cur = strength(current.cards(), level, decks)
    assert cur is not None
    if current.seat == seat and cards[0] != current.card:
        return ("declare_own_suit", "you may only strengthen your own declaration in the same suit")
    if s <= cur:
        return (
            "declare_weaker",
            "a declaration must be stronger than the current one to overturn it",
        )
    return None


def options(
    seat: int, hand: Sequence[int], level: int, decks: int, current: Declaration | None
) -> list[list[Card]]:
    """Every declaration ``seat`` could make now with ``hand`` (54-counts)."""
    out: list[list[Card]] = []
    if current is not None and decks == 1:
        return out
    candidates = [s * 13 + level for s in range(4)] + [SMALL_JOKER, BIG_JOKER]
    for card in candidates:
        if hand[card] == 0 or (card >= SMALL_JOKER and hand[card] < 2):
            continue
        for n in range(1, min(hand[card], decks) + 1):
            cards = [CARDS[card]] * n
            if why_not(seat, cards, hand, level, decks, current) is None:
                out.append(cards)
    return out

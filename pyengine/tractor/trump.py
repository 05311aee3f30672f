"""The trump context of a hand: effective suit, order and adjacency (RULES §1–2).

One ``Trump`` value owns every question that depends on the level rank and the
trump suit. Orders are dense integers inside each effective suit, so two cards of
one effective suit are *adjacent* (can chain into a tractor) exactly when their
orders differ by one, and *equal* (off-suit level cards of different suits) when
their orders are the same.

>>> t = Trump.of("5", "H")
>>> from tractor.cards import Card
>>> t.suit_name(Card.parse("5S")), t.suit_name(Card.parse("6S"))
('trump', 'S')
>>> t.adjacent(Card.parse("4S"), Card.parse("6S"))
True
>>> t.adjacent(Card.parse("5S"), Card.parse("5H"))
True
>>> t.order[Card.parse("5S")] == t.order[Card.parse("5C")]
True
"""

from __future__ import annotations

from functools import lru_cache

from .cards import CARDS, RANKS, SUITS, TEXT, Card, CardError, ascii_upper, rank_index
from .rulecore import ladder

TRUMP = 4
"""The effective-suit index of trumps (0..3 are S H C D)."""

SUIT_NAMES = ("S", "H", "C", "D", "trump")
TWO = 0  # rank index of 2
_ID = {text: i for i, text in enumerate(TEXT)}
"""Each card text's id (plain ints: a ``Trump``'s tables hold ids, not ``Card`` values)."""


class Trump:
    """Level rank and trump suit (``None`` for no trump) of one hand.

    Attributes (tuples indexed by card id 0..53):
    ``suit`` the effective suit (0..3, or ``TRUMP``); ``order`` the dense order
    inside the effective suit, higher is stronger. ``by_suit[s]`` lists the card
    ids of effective suit ``s`` from lowest to highest.
    """

    __slots__ = ("level", "trump_suit", "twos", "suit", "order", "by_suit", "rungs")

    def __init__(self, level: int, trump_suit: int | None, twos_always_trump: bool = False):
        if not 0 <= level <= 12:
            raise CardError(f"level must be a rank index 0..12, not {level}")
        if trump_suit is not None and not 0 <= trump_suit <= 3:
            raise CardError(f"trump suit must be 0..3 or None, not {trump_suit}")
        self.level = level
        self.trump_suit = trump_suit
        self.twos = twos_always_trump and level != TWO
        # Rungs: for each effective suit, the card ids at each order, from the rule
        # core's ladders (the trump suit's own cards are all in TRUMP's).
        names = (RANKS[level], "NT" if trump_suit is None else SUITS[trump_suit])
        rungs = tuple(
            ()
            if s == trump_suit
            else tuple(
                tuple(_ID[text] for text in rung)
                for rung in ladder("T" if s == TRUMP else SUITS[s], *names, self.twos)
            )
            for s in range(5)
        )
        suit = [0] * 54
        order = [0] * 54
        by_suit: list[list[int]] = [[], [], [], [], []]
        for s, ladder_of in enumerate(rungs):
            for rung, cards in enumerate(ladder_of):
                for c in cards:
                    suit[c] = s
                    order[c] = rung
                    by_suit[s].append(c)
        self.suit = tuple(suit)
        self.order = tuple(order)
        self.by_suit = tuple(tuple(cs) for cs in by_suit)
        self.rungs = rungs

    @classmethod
    def of(cls, level: str, trump: str, twos_always_trump: bool = False) -> Trump:
        """From text: level ``"2"``..``"A"``, trump a suit letter or ``"NT"``."""
        return trump_for(rank_index(level), parse_trump_suit(trump), twos_always_trump)

    def is_trump(self, card: int) -> bool:
        return self.suit[card] == TRUMP

    def suit_name(self, card: int) -> str:
        """``'trump'`` or the printed suit letter."""
        return SUIT_NAMES[self.suit[card]]

    def adjacent(self, low: int, high: int) -> bool:
        """Whether ``high`` is the next order above ``low`` in the same effective suit."""
        return self.suit[low] == self.suit[high] and self.order[low] + 1 == self.order[high]

    def sort_key(self, card: int) -> tuple[int, int, int]:
        """Hand display order: trumps first (highest first), then S H C D, high to low."""
        s = self.suit[card]
        return (0 if s == TRUMP else 1 + s, -self.order[card], card)

    def describe(self) -> str:
        """Text form ``level/trump``, e.g. ``5/H`` or ``5/NT``."""
        suit = "NT" if self.trump_suit is None else SUITS[self.trump_suit]
        return f"{RANKS[self.level]}/{suit}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trump) and (self.level, self.trump_suit, self.twos) == (
            other.level,
            other.trump_suit,
            other.twos,
        )

    def __hash__(self) -> int:
        return hash((self.level, self.trump_suit, self.twos))

    def __repr__(self) -> str:
        return f"Trump({self.describe()!r}{', twos' if self.twos else ''})"


@lru_cache(maxsize=512)
def trump_for(level: int, trump_suit: int | None, twos_always_trump: bool = False) -> Trump:
    """A shared, cached ``Trump`` (they are immutable)."""
    return Trump(level, trump_suit, twos_always_trump)


def parse_trump_suit(text: str) -> int | None:
    """Suit letter or symbol to 0..3, ``NT`` to None."""
    key = text.strip()
    if key == "无主":
        return None
    key = ascii_upper({"♠": "S", "♥": "H", "♣": "C", "♦": "D"}.get(key, key))
    if key in ("NT", "N"):
        return None
    if len(key) != 1 or key not in SUITS:
        raise CardError(f"not a trump suit: {text!r} (S, H, C, D or NT)")
    return SUITS.index(key)


def sorted_hand(cards: list[Card], trump: Trump | None) -> list[Card]:
    """Cards in display order: trump first, grouped by effective suit, high to low."""
    if trump is None:
        return sorted(cards, key=lambda c: (c.suit_index, -c.rank_index))
    return sorted(cards, key=trump.sort_key)


__all__ = ["TRUMP", "Trump", "trump_for", "parse_trump_suit", "sorted_hand", "CARDS"]

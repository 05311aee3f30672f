"""Cards, their text notation and points (RULES §1).

A card is a small immutable value: an ``int`` from 0 to 53 (``suit * 13 + rank``
for the 52 suited cards, 52 for the small joker, 53 for the big joker). Copies of
the same card in a multi-deck game are indistinguishable, so a hand is a multiset.

>>> c = Card.parse("10H")
>>> c, str(c), c.suit, c.rank, c.points
(Card('10H'), '10H', 'H', '10', 10)
>>> format_cards(parse_cards("T♠ as bj SJ"))
'10S AS BJ SJ'
>>> Card.parse("ZZ")
Traceback (most recent call last):
...
tractor.cards.CardError: not a card: 'ZZ' (write rank then suit, e.g. AS, 10H, SJ, BJ)
"""

from __future__ import annotations

from collections.abc import Iterable

from .rulecore import RANKS as RANKS
from .rulecore import SUIT_SYMBOLS as SUIT_SYMBOLS
from .rulecore import SUITS as SUIT_LETTERS

SUITS = "".join(SUIT_LETTERS)
"""The suit letters in suit order as one text, ``SHCD`` (``rulecore.SUITS``)."""
SMALL_JOKER = 52
BIG_JOKER = 53
CARD_KINDS = 54


class CardError(ValueError):
    """Malformed card text or an impossible card collection."""


class Card(int):
    """One card: an int in 0..53 with a text form (``AS``, ``10H``, ``SJ``, ``BJ``)."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        """A card from its id 0..53; anything else (a bool, -1, 54, "AS") is a ``CardError``.

        >>> Card(53), Card(-1)
        Traceback (most recent call last):
        ...
        tractor.cards.CardError: a card id is an int from 0 to 53, not -1
        """
        if type(value) is not int and type(value) is not cls or not 0 <= value < CARD_KINDS:
            raise CardError(f"a card id is an int from 0 to 53, not {value!r}")
        return super().__new__(cls, value)

    @property
    def suit(self) -> str | None:
        """Printed suit letter, or None for a joker."""
        return None if self >= SMALL_JOKER else SUITS[self // 13]

    @property
    def suit_index(self) -> int:
        """0..3 for S H C D; 4 for jokers."""
        return 4 if self >= SMALL_JOKER else self // 13

    @property
    def rank(self) -> str | None:
        """Rank text ``2``..``A``, or None for a joker."""
        return None if self >= SMALL_JOKER else RANKS[self % 13]

    @property
    def rank_index(self) -> int:
        """0 for 2 … 12 for A; 13 small joker, 14 big joker."""
        return 13 + (self - SMALL_JOKER) if self >= SMALL_JOKER else self % 13

    @property
    def is_joker(self) -> bool:
        return self >= SMALL_JOKER

    @property
    def points(self) -> int:
        return POINTS[self]

    def __str__(self) -> str:
        return TEXT[self]

    def __repr__(self) -> str:
        return f"Card({TEXT[self]!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card; accepts ``T`` for 10, suit symbols and either case of ASCII letters.

        Other letters are not cards, though ``str.upper`` maps some to ASCII
        (``ſ`` → ``S``): MicroPython's upper does not, and the embed's checker
        reads cards there (``ascii_upper``).
        """
        key = text.strip()
        for symbol, letter in SUIT_SYMBOLS.items():
            key = key.replace(symbol, letter)
        key = ascii_upper(key)
        if key.startswith("T"):
            key = "10" + key[1:]
        found = _BY_TEXT.get(key)
        if found is None:
            raise CardError(f"not a card: {text!r} (write rank then suit, e.g. AS, 10H, SJ, BJ)")
        return found

    @classmethod
    def make(cls, rank: int, suit: int) -> Card:
        """The card of rank index 0..12 and suit index 0..3."""
        return CARDS[suit * 13 + rank]


def ascii_upper(text: str) -> str:
    """``text`` in capitals when it is ASCII, else "" (no card, rank or suit is written so).

    >>> ascii_upper("as"), ascii_upper("a\u017f")
    ('AS', '')
    """
    return text.upper() if text.isascii() else ""


def _text(i: int) -> str:
    if i == SMALL_JOKER:
        return "SJ"
    if i == BIG_JOKER:
        return "BJ"
    return RANKS[i % 13] + SUITS[i // 13]


def _points(i: int) -> int:
    if i >= SMALL_JOKER:
        return 0
    rank = RANKS[i % 13]
    return {"5": 5, "10": 10, "K": 10}.get(rank, 0)


TEXT: tuple[str, ...] = tuple(_text(i) for i in range(CARD_KINDS))
POINTS: tuple[int, ...] = tuple(_points(i) for i in range(CARD_KINDS))
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(CARD_KINDS))
_BY_TEXT: dict[str, Card] = {TEXT[i]: CARDS[i] for i in range(CARD_KINDS)}


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse space-separated card text (or an iterable of card texts).

    >>> parse_cards("AS AS 10h")
    [Card('AS'), Card('AS'), Card('10H')]
    >>> parse_cards(["BJ", "2C"])
    [Card('BJ'), Card('2C')]
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[int]) -> str:
    """Cards as space-separated text, in the given order."""
    return " ".join(TEXT[c] for c in cards)


def full_deck(decks: int) -> list[Card]:
    """All 54·decks cards, unshuffled."""
    return [c for _ in range(decks) for c in CARDS]


def counts_of(cards: Iterable[int]) -> list[int]:
    """A multiset of cards as a list of 54 counts."""
    counts = [0] * CARD_KINDS
    for c in cards:
        counts[c] += 1
    return counts


def cards_of(counts: list[int]) -> list[Card]:
    """The cards of a counts list, in id order."""
    out: list[Card] = []
    for i, n in enumerate(counts):
        if n:
            out += (CARDS[i],) * n
    return out


def points_of(cards: Iterable[int]) -> int:
    """Total points (5s, 10s, Ks) in cards."""
    return sum(POINTS[c] for c in cards)


def rank_index(text: str) -> int:
    """Index 0..12 of a rank text ``2``..``A`` (``T`` accepted for 10).

    >>> rank_index("K"), rank_index("T")
    (11, 8)
    """
    key = ascii_upper(text.strip())
    if key == "T":
        key = "10"
    if key not in RANKS:
        raise CardError(f"not a rank: {text!r} (one of 2 3 4 5 6 7 8 9 10 J Q K A)")
    return RANKS.index(key)

"""Units of a play and decomposition (RULES §2).

A unit is ``width`` identical copies at each of ``length`` adjacent orders:
single (1, 1), pair (2, 1), triple (3, 1), tractor (2, n ≥ 2), Titanic (3, n ≥ 2).
A play's *format* is its units' (width, length) list in priority order:
Titanics (longest first), triples, tractors (longest first), pairs, singles.

>>> from tractor.trump import Trump
>>> from tractor.cards import parse_cards
>>> t = Trump.of("10", "H")
>>> [u.text() for u in decompose(parse_cards("9S 9S 10S 10S JS JS JS"), Trump.of("2", "H"))]
['JS JS JS', '9S 9S 10S 10S']
>>> [u.text() for u in decompose(parse_cards("10H 10H 10S 10S AH AH"), t)]
['AH AH 10S 10S 10H 10H']
>>> is_tractor(parse_cards("JH JH 10H 10H"), t)
False
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from . import rulecore
from .cards import TEXT
from .trump import Trump


class Unit(NamedTuple):
    """``width`` copies of each card in ``cards`` (one card per order, low to high)."""

    width: int
    length: int
    cards: tuple[int, ...]

    @property
    def top(self) -> int:
        return self.cards[-1]

    @property
    def size(self) -> int:
        return self.width * self.length

    @property
    def kind(self) -> str:
        if self.width == 1:
            return "single"
        if self.length == 1:
            return "pair" if self.width == 2 else "triple"
        return "tractor" if self.width == 2 else "titanic"

    def all_cards(self) -> list[int]:
        return [c for c in self.cards for _ in range(self.width)]

    def text(self) -> str:
        return " ".join(TEXT[c] for c in self.all_cards())


Counts = dict[int, int]
"""A multiset of card ids of one effective suit."""


def counts(cards: Iterable[int]) -> Counts:
    out: Counts = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def runs(cnt: Counts, trump: Trump, suit: int, width: int) -> list[list[int]]:
    """Maximal runs of adjacent orders where some card has ≥ ``width`` copies.

    Each run lists one card id per order, lowest first. Where several cards share
    an order (off-suit level cards) the first qualifying one is used; the others
    stay available for another run: ``rulecore.runs``, which the embed's checker
    uses on card texts in MicroPython.
    """
    found: list[list[int]] = rulecore.runs(cnt, trump.rungs[suit], width)
    return found


def decompose(cards: Iterable[int], trump: Trump) -> list[Unit]:
    """Units of a play, in priority order (RULES §2).

    Titanics first (longest first), then triples, tractors (longest first), pairs,
    singles. Cards of several effective suits are decomposed suit by suit
    (``rulecore.decompose``).
    """
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(trump.suit[c], []).append(c)
    units = [
        Unit(width, len(run), tuple(run))
        for suit, played in by_suit.items()
        for width, run in rulecore.decompose(played, trump.rungs[suit], trump.order)
    ]
    units.sort(key=lambda u: (-u.width, -u.length, -trump.order[u.top]))
    return units


def is_tractor(cards: Iterable[int], trump: Trump) -> bool:
    """Whether the cards are exactly one tractor (two or more adjacent pairs)."""
    units = decompose(cards, trump)
    return len(units) == 1 and units[0].width == 2 and units[0].length >= 2

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

from . import scenario_check
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
    stay available for another run. The loop is ``scenario_check.runs``, which
    reads card texts the same way in MicroPython.
    """
    found: list[list[int]] = scenario_check.runs(cnt, trump.rungs[suit], width)
    return found


def _take_runs(cnt: Counts, trump: Trump, suit: int, width: int) -> list[Unit]:
    """Repeatedly take the longest run (length ≥ 2) of ``width`` copies."""
    taken: list[Unit] = []
    while True:
        best = max(runs(cnt, trump, suit, width), key=len, default=[])
        if len(best) < 2:
            return taken
        for c in best:
            cnt[c] -= width
        taken.append(Unit(width, len(best), tuple(best)))


def decompose(cards: Iterable[int], trump: Trump) -> list[Unit]:
    """Units of a play, in priority order (RULES §2).

    Titanics first (longest first), then triples, tractors (longest first), pairs,
    singles. Cards of several effective suits are decomposed suit by suit.
    """
    by_suit: dict[int, Counts] = {}
    for c in cards:
        d = by_suit.setdefault(trump.suit[c], {})
        d[c] = d.get(c, 0) + 1
    units: list[Unit] = []
    for suit, cnt in by_suit.items():
        units += _take_runs(cnt, trump, suit, 3)
        for width in (3,):
            for c in sorted(cnt, key=trump.order.__getitem__):
                while cnt[c] >= width:
                    cnt[c] -= width
                    units.append(Unit(width, 1, (c,)))
        units += _take_runs(cnt, trump, suit, 2)
        for width in (2, 1):
            for c in sorted(cnt, key=trump.order.__getitem__):
                while cnt[c] >= width:
                    cnt[c] -= width
                    units.append(Unit(width, 1, (c,)))
    units.sort(key=lambda u: (-u.width, -u.length, -trump.order[u.top]))
    return units


def is_tractor(cards: Iterable[int], trump: Trump) -> bool:
    """Whether the cards are exactly one tractor (two or more adjacent pairs)."""
    units = decompose(cards, trump)
    return len(units) == 1 and units[0].width == 2 and units[0].length >= 2

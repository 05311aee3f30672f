"""Throws and trick winners (RULES §4, *Leading* and *Who wins*).

>>> from tractor.trump import Trump
>>> from tractor.cards import parse_cards, counts_of
>>> t = Trump.of("10", "H")
>>> lead = analyse_lead(parse_cards("5S 4S 4S"), t)
>>> winner(lead, [parse_cards("5S 4S 4S"), parse_cards("9H 7H 7H"), parse_cards("8H 8H 4H")], t)
2
>>> lead = analyse_lead(parse_cards("5S 6S 7S"), t)
>>> winner(lead, [parse_cards("5S 6S 7S"), parse_cards("9H 7H 7H"), parse_cards("8H 8H 4H")], t)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import rulecore
from .cards import Card
from .follow import Lead, analyse_lead
from .trump import TRUMP, Trump
from .units import Counts, Unit, counts, decompose, runs

__all__ = ["analyse_lead", "winner", "power", "ThrowFailure", "check_throw", "kitty_multiplier"]


def _cover_top(cnt: Counts, demands: Sequence[Unit], i: int, trump: Trump, suit: int) -> int:
    """Highest order the first demand's top can take in an exact cover, or -1."""
    if i == len(demands) or demands[i].width == 1:
        return (
            trump.order[max(cnt, key=lambda c: trump.order[c] if cnt[c] else -1)] if i == 0 else 0
        )
    unit = demands[i]
    best = -1
    for run in runs(cnt, trump, suit, unit.width):
        for start in range(len(run) - unit.length + 1):
            window = run[start : start + unit.length]
            left = dict(cnt)
            for c in window:
                left[c] -= unit.width
            rest = _cover_top(left, demands, i + 1, trump, suit)
            if rest >= 0:
                top = trump.order[window[-1]] if i == 0 else 0
                best = max(best, top)
    return best


def power(
    lead: Lead, play: Sequence[int], trump: Trump, is_lead: bool = False
) -> tuple[int, int] | None:
    """How strongly a play contests the trick: (trumping, top order), or None.

    A follower's play competes only if it has the lead's shape (it can be split
    unit by unit into units of the lead's kinds and sizes) and is all of the led
    suit (not against a throw) or all trumps when the led suit is not trump. The
    top order is that of the unit matching the lead's largest unit.
    """
    suits = {trump.suit[c] for c in play}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    trumping = suit == TRUMP and lead.suit != TRUMP
    if not is_lead and suit != lead.suit and not trumping:
        return None
    if not is_lead and lead.is_throw and not trumping:
        return None
    top = _cover_top(counts(play), lead.units, 0, trump, suit)
    if top < 0:
        return None
    return (1 if suit == TRUMP else 0, top)


def winner(lead: Lead, plays: Sequence[Sequence[int]], trump: Trump) -> int:
    """Index of the winning play; ``plays[0]`` is the lead. Equal plays: the earliest."""
    best = power(lead, plays[0], trump, is_lead=True)
    assert best is not None
    won = 0
    for i in range(1, len(plays)):
        p = power(lead, plays[i], trump)
        if p is not None and p > best:
            best, won = p, i
    return won


@dataclass(frozen=True)
class ThrowFailure:
    """A throw that does not stand: the unit forced out and what beats it."""

    forced: Unit
    beaten_by_seat: int
    beaten_by: tuple[int, ...]


def check_throw(
    lead: Lead, others: Sequence[tuple[int, list[int]]], trump: Trump
) -> ThrowFailure | None:
    """Whether a multi-unit lead stands against the other hands.

    ``others`` lists (seat, 54-counts hand) in playing order after the leader.
    The throw fails if any other player holds, in the led suit, a unit of the same
    kind and size that beats one of its units (a pair inside a held tractor or
    triple counts, and so does a single inside a pair). The leader then plays only
    the failing unit whose top card is lowest (ties: the smaller unit):
    ``rulecore.forced_unit``, which the embed's checker uses too.
    """
    if not lead.is_throw:
        return None
    suit_ids = trump.by_suit[lead.suit]
    hands = [(seat, {c: hand[c] for c in suit_ids if hand[c]}) for seat, hand in others]
    units = [(unit.width, unit.cards) for unit in lead.units]
    forced = rulecore.forced_unit(units, hands, trump.rungs[lead.suit], trump.order)
    if forced is None:
        return None
    unit, seat, beat = forced
    return ThrowFailure(lead.units[units.index(unit)], seat, tuple(beat))


def kitty_multiplier(play: Sequence[int], trump: Trump) -> int:
    """Kitty bonus multiplier from the last trick's winning play (RULES §3.6).

    The first of these the play contains: a Titanic of n triples → 2·3ⁿ; a triple
    → 6; a tractor of n pairs (the longest) → 2·2ⁿ; a pair → 4; else 2.

    >>> from tractor.cards import parse_cards
    >>> kitty_multiplier(parse_cards("9S 9S 10S 10S JS JS JS"), Trump.of("2", "H"))
    6
    """
    units = decompose([Card(c) for c in play], trump)
    titanic = max((u.length for u in units if u.width == 3 and u.length > 1), default=0)
    if titanic:
        return int(2 * 3**titanic)
    if any(u.width == 3 for u in units):
        return 6
    tractor = max((u.length for u in units if u.width == 2 and u.length > 1), default=0)
    if tractor:
        return int(2 * 2**tractor)
    if any(u.width == 2 for u in units):
        return 4
    return 2

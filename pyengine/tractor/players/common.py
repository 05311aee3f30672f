"""The pieces every player shares; the seat interface, ``Player``, is the driver's
(``tractor.runner``), where the engine asks a player for its actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import CARDS, Card
from ..follow import required_cards
from ..runner import Player as Player
from ..units import Unit, runs
from ..view import View


def hand_units(view: View) -> list[Unit]:
    """Every unit the hand could lead: singles, pairs, triples, tractors, Titanics."""
    order = view.order
    out: list[Unit] = []
    counts = view.counts
    for suit in range(5):
        cnt = {c: counts[c] for c in order.by_suit[suit] if counts[c]}
        for width in (1, 2, 3):
            singles = [Unit(width, 1, (c,)) for c in cnt if cnt[c] >= width]
            out += singles
            if width == 1:
                continue
            if len(singles) < 2:
                break
            for run in runs(cnt, order, suit, width):
                for length in range(2, len(run) + 1):
                    for start in range(len(run) - length + 1):
                        out.append(Unit(width, length, tuple(run[start : start + length])))
    return out


def random_follow(view: View, rng: random.Random) -> list[Card]:
    """A legal follow: a best-matching structure, then random led-suit cards, then others."""
    assert view.lead is not None
    order, lead = view.order, view.lead
    counts = list(view.counts)
    chosen = required_cards(counts, lead, order)
    for c in chosen:
        counts[c] -= 1
    suit_rest = [c for c in order.by_suit[lead.suit] for _ in range(counts[c])]
    rng.shuffle(suit_rest)
    need = lead.size - len(chosen)
    chosen += suit_rest[:need]
    for c in suit_rest[:need]:
        counts[c] -= 1
    need = lead.size - len(chosen)
    if need > 0:
        others = [c for c in range(54) for _ in range(counts[c]) if order.suit[c] != lead.suit]
        chosen += rng.sample(others, need)
    return [CARDS[c] for c in chosen]


def distinct(plays: Sequence[list[int]], limit: int) -> list[list[int]]:
    """The first ``limit`` non-empty plays, each set of cards once, in order."""
    seen: set[tuple[int, ...]] = set()
    out = []
    for p in plays:
        key = tuple(sorted(p))
        if p and key not in seen:
            seen.add(key)
            out.append(p)
    return out[:limit]

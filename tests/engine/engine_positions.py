"""Building match positions for the engine tests.

* ``rigged``: a fresh match whose deck is arranged so that dealing gives the
  chosen cards to the chosen seats (and the chosen first kitty cards); the rest
  of the deck is filled deterministically. Deal with ``deal_all``.
* ``position``: a match set directly into the play (or call) phase with small
  hand-written hands, a dealer, level and trump.
* ``snapshot``: the full state as plain data, to check that an illegal action
  changed nothing.
"""

from __future__ import annotations

import random
from typing import Any

from tractor.actions import Deal
from tractor.cards import Card, counts_of, full_deck, parse_cards, rank_index
from tractor.match import Match
from tractor.phase import Phase
from tractor.rules import Rules
from tractor.trump import parse_trump_suit, trump_for


def rigged(
    rules: Rules | None = None,
    hands: dict[int, str] | None = None,
    kitty: str = "",
    seed: int = 0,
) -> Match:
    """A new match (phase ``deal``) whose deal gives ``hands[seat]`` to each seat.

    Given hands and the kitty's first cards may be partial; the other cards are
    spread over the remaining places in a seeded order.
    """
    m = Match(rules or Rules(), seed=seed)
    rig(m, hands, kitty, seed)
    return m


def rig(m: Match, hands: dict[int, str] | None = None, kitty: str = "", seed: int = 0) -> None:
    """Arrange the deck of a match that has not dealt yet (see ``rigged``)."""
    assert m.phase == "deal" and m.dealt == 0
    size, n_kitty = m.rules.hand_size, m.rules.kitty_size
    want = {s: parse_cards(t) for s, t in (hands or {}).items()}
    want_kitty = parse_cards(kitty)
    pool = full_deck(m.rules.decks)
    for card in [c for cs in want.values() for c in cs] + want_kitty:
        pool.remove(card)  # ValueError: the test asked for more copies than exist
    random.Random(seed).shuffle(pool)
    seat_cards: dict[int, list[Card]] = {}
    for s in range(4):
        mine = list(want.get(s, []))
        assert len(mine) <= size, f"seat {s} is given more than {size} cards"
        while len(mine) < size:
            mine.append(pool.pop())
        seat_cards[s] = mine
    kitty_cards = list(want_kitty)
    assert len(kitty_cards) <= n_kitty
    while len(kitty_cards) < n_kitty:
        kitty_cards.append(pool.pop())
    assert not pool
    deck: list[Card] = []
    for i in range(4 * size):
        deck.append(seat_cards[(m.deal_start + i) % 4][i // 4])
    m.deck = deck + kitty_cards


def deal_all(m: Match) -> None:
    """Deal every card (no ``EndDeal``)."""
    while m.phase == "deal" and m.dealt < m.deal_total:
        m.apply(Deal())


def position(
    hands: list[str],
    *,
    rules: Rules | None = None,
    dealer: int = 0,
    level: str = "2",
    trump: str = "H",
    kitty: str = "",
    phase: Phase = "play",
    leader: int | None = None,
    levels: list[int] | None = None,
    captured: list[int] | None = None,
) -> Match:
    """A match set into ``phase`` (``play`` or ``call``) with the given small hands."""
    m = Match(rules or Rules())
    lv = rank_index(level)
    m.levels = list(levels) if levels is not None else [lv] * 4
    m.dealer = dealer
    m.level = lv
    m.deal_start = dealer
    m.dealt = m.deal_total
    m.hands = [counts_of(parse_cards(h)) for h in hands]
    m.trump = trump_for(lv, parse_trump_suit(trump), m.rules.twos_always_trump)
    m.kitty = parse_cards(kitty)
    m.kitty_holder = dealer
    m.phase = phase
    m.leader = dealer if leader is None else leader
    if captured is not None:
        m.captured = list(captured)
    return m


def snapshot(m: Match) -> dict[str, Any]:
    return m.state()

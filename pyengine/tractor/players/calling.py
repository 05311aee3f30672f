"""Calling the friend by search (find-a-friend), for the coach: candidate calls, each
played out.

The computer players call by easy's rule (``easy.choose_friend``); this module lets
the coach (``tractor.coach.review``) weigh a call against the others a player would think
of, the way ``burying`` weighs kitties:

``call_candidates(view, first)`` lists ``first`` (the call to review), easy's call,
the top card of each suit (the ace, or the king when aces are level cards) and, of
each plain suit, the highest card the dealer holds exactly one copy of (hand or kitty)
when it lacks a copy: "another copy of a card held" (with 2 decks its holder is the
friend); at most ``MAX_CALL_CANDIDATES``.

``call_outcomes(view, calls, rng, samples)`` deals the cards the dealer cannot see
(everything but its hand and the kitty it just buried) to the three other hands, the
cards they declared still in their hands, and for each candidate on the same deal
finds the friend as the engine does (the nearest other holder after the dealer, none:
one against three) and plays the whole hand out with the rollout policy from the
dealer's first lead, the kitty's points doubled if the attackers win the last trick.
As everywhere in the search, the play-out policy sees the sampled hands, so it knows
who the friend is from the first trick: a hidden friend's value in the real game is
not measured, only which seat (and how strong a hand) the call makes the partner.
With 炒地皮, when another seat took the kitty and buried last, the dealer does not see
the kitty: that call is not reviewed (``review.is_choice``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..cards import POINTS, SMALL_JOKER
from ..rules import THROW_PENALTY_POINTS
from ..view import View
from .common import distinct
from .rollout import Table, play_out
from .sampling import deal_hidden, declared_held

MAX_CALL_CANDIDATES = 7


def held_with_kitty(view: View) -> list[int]:
    """The dealer's 54-counts: its hand and the kitty it buried."""
    mine = list(view.counts)
    for c in view.kitty or ():
        mine[c] += 1
    return mine


def call_candidates(view: View, first: int, easy_call: int) -> list[int]:
    """Cards to compare as the call, ``first`` first (see the module docstring)."""
    order = view.order
    decks = view.rules.decks
    top = 11 if view.level == 12 else 12
    mine = held_with_kitty(view)
    out = [first, easy_call, *(s * 13 + top for s in range(4))]
    for s in range(4):
        held = [c for c in order.by_suit[s] if c < SMALL_JOKER and mine[c] == 1 < decks]
        out += held[-1:]
    return [c[0] for c in distinct([[c] for c in out], MAX_CALL_CANDIDATES)]


def call_outcomes(
    view: View, calls: Sequence[int], rng: random.Random, samples: int
) -> Iterator[tuple[bool, list[int]]]:
    """For each of ``samples`` sampled deals: True (the dealer defends), and the attackers'
    final points of the whole hand played out after each call (the same deal)."""
    seat, order = view.seat, view.order
    assert view.kitty is not None and view.dealer == seat
    throw_penalty = THROW_PENALTY_POINTS if view.rules.throw_penalty else 0
    mine = held_with_kitty(view)
    pool = [c for c in range(54) for _ in range(view.rules.decks - mine[c])]
    required = declared_held(view)
    kitty_points = sum(POINTS[c] for c in view.kitty)
    for _ in range(samples):
        hands, _ = deal_hidden(view, pool, 0, required, rng)
        points: list[int] = []
        for card in calls:
            friend = next((s for s in ((seat + k) % 4 for k in range(1, 4)) if hands[s][card]),
                          None)
            defenders = [seat] if friend is None else sorted({seat, friend})
            t = Table(order, hands, seat, (), (0, 0, 0, 0), defenders, kitty_points, 0,
                      throw_penalty)
            points.append(play_out(t).attackers_points)
        yield True, points


def plays_alone(view: View, card: int) -> bool:
    """Whether calling ``card`` surely leaves the dealer alone (it holds every copy)."""
    return held_with_kitty(view)[card] >= view.rules.decks


__all__ = ["MAX_CALL_CANDIDATES", "call_candidates", "call_outcomes", "held_with_kitty",
           "plays_alone"]

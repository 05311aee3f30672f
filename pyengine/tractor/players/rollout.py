"""A fast play-out of the rest of a hand, for search: plain lists, no validation.

``Table`` holds a fully known position of the play phase (every hand, as in one
sampled deal): the hands as 54-counts, the leader, the trick in progress, the
points captured so far, the defenders. ``play_out(table, rng)`` finishes the
hand with a fast policy and returns an ``Outcome``: the attackers' final points
(kitty bonus and throw penalty included), the last trick's winner and the kitty
multiplier. ``play_out(table, rng, horizon)`` plays only that many tricks and
``estimate``s the rest: a search can then afford more sampled deals.

The rules are the engine's. The hot path handles the leads the policy makes,
singles and pairs (a pair is two identical cards), where following and winning
are simple: follow suit; on a pair, a pair of the led suit while you have one;
win with a higher card of the led suit, or with trumps when void in it (a pair
only with an identical trump pair); between equals, the first played wins. Any
other trick (a tractor, a triple, a throw: led by a real player, or a candidate
action being evaluated) goes through the engine's helpers (``analyse_lead``,
``check_throw``, ``required_cards``, ``winner``): slower, and only for the first
trick. ``tests/engine/players/test_rollout.py`` replays rollout games through
``Match.apply``, which validates every play, and compares the results.

The policy is the same for the four seats and sees the sampled hands (as usual
in determinised search):

* lead: an off-suit card (or pair) nobody else can beat, in a suit no opponent
  can trump; else the top trump (or trump pair) when nobody can beat it and the
  others still hold trumps; else the lowest card of its shortest off suit,
  avoiding points;
* follow: on a winning partner, points when the trick is safe, else low; on an
  opponent, the lowest card that wins when the trick holds points or we play
  last (trumping when void); else the lowest card, keeping points.

The position and its moves are in ``tractor.players.rollout_table``, the fast
policy's hot path in ``tractor.players.rollout_fast``; this module plays a hand
out with them (``play_out``), follows any lead through the engine's helpers
(``slow_follow``) and ``estimate``s a position.
"""

from __future__ import annotations

import random

from ..cards import POINTS
from ..follow import Lead, required_cards
from ..trick import kitty_multiplier, power, winner
from ..trump import TRUMP, Trump
from ..units import runs
from .rollout_fast import fast_play
from .rollout_table import Cards, Outcome, Table, follow_cards, lead_cards, trick_lead


def _cheap_fill(hand: list[int], lead: Lead, order: Trump, give: bool) -> list[int]:
    """A legal follow: the best-matching structure, then the cheapest (or point) cards."""
    left = list(hand)
    play = list(required_cards(left, lead, order))
    for c in play:
        left[c] -= 1
    suit, opos = order.suit, order.order
    need = lead.size - len(play)
    if need:
        def cost(c: int) -> tuple[int, int, int, int]:
            pts = -POINTS[c] if give else POINTS[c]
            return (int(suit[c] != lead.suit), int(suit[c] == TRUMP), pts, opos[c])

        rest = sorted((c for c in range(54) for _ in range(left[c])), key=cost)
        play += rest[:need]
    return play


def _trump_cover(hand: list[int], lead: Lead, order: Trump) -> list[int] | None:
    """The lowest trumps with the lead's shape, or None."""
    left = {c: hand[c] for c in order.by_suit[TRUMP] if hand[c]}
    play: list[int] = []
    for unit in lead.units:
        found = None
        for run in runs(left, order, TRUMP, unit.width):
            if len(run) >= unit.length:
                found = run[: unit.length]
                break
        if found is None:
            return None
        for c in found:
            left[c] -= unit.width
        play += [c for c in found for _ in range(unit.width)]
    return play


def slow_follow(t: Table, seat: int) -> list[int]:
    """The policy's follow to any lead, through the engine's helpers."""
    order = t.order
    lead = trick_lead(t)
    hand = t.hands[seat]
    plays = [cs for _, cs in t.trick]
    won = winner(lead, plays, order)
    mate_wins = (t.trick[won][0] in t.defenders) == (seat in t.defenders)
    void = not any(hand[c] for c in order.by_suit[lead.suit])
    if not mate_wins and void and lead.suit != TRUMP:
        cover = _trump_cover(hand, lead, order)
        if cover is not None:
            best = power(lead, plays[won], order, is_lead=won == 0)
            mine = power(lead, cover, order)
            if mine is not None and best is not None and mine > best:
                return cover
    return _cheap_fill(hand, lead, order, give=mate_wins)


def _simple(cards: Cards) -> bool:
    return len(cards) == 1 or (len(cards) == 2 and cards[0] == cards[1])


def play_out(t: Table, rng: random.Random | None = None, horizon: int = 0) -> Outcome:
    """Finish the hand from ``t`` (modified in place); see the module docstring.

    With ``horizon`` > 0, play at most that many tricks on the fast path (the one in
    progress counts) and, if cards are left, return ``estimate(t)`` instead. ``rng`` is
    accepted for policies that randomise; this one is deterministic.
    """
    order = t.order
    played = 0  # tricks played towards the horizon
    if t.trick and not _simple(t.trick[0][1]):
        while t.trick:  # closing the trick empties it
            seat = (t.leader + len(t.trick)) % 4
            follow_cards(t, seat, slow_follow(t, seat))
        played = 1
    if not fast_play(t, order, horizon, played):
        return estimate(t)
    assert t.last is not None
    seat, play = t.last
    attackers = [s for s in range(4) if s not in t.defenders]
    points = sum(t.captured[s] for s in attackers) + t.penalty
    mult = 0
    if seat not in t.defenders:
        mult = kitty_multiplier(play, order) if not _simple(play) else 2 * len(play)
        points += t.kitty_points * mult
    return Outcome(points, seat, mult)


_POINT_CARDS = tuple(c for c in range(54) if POINTS[c])


def estimate(t: Table) -> Outcome:
    """The attackers' expected final points from a position between tricks, without
    playing on: their points so far (and any throw penalty), plus a share of the points
    still in the hands and of a last-trick kitty bonus (doubled kitty) equal to their
    share of the trumps left, ``(a + 1) / (a + d + 2)``. The trumps decide who takes
    the tricks late in a hand and the last trick. The outcome's last winner is -1.

    Measured for normal against easy (400 deals each, seeds 11, 12 and 13): play-outs
    cut after 6 tricks, 50 of them a decision instead of 18 whole ones in about the
    same time, +0.34, +0.355 and +0.33 levels a hand against +0.25, +0.26 and +0.25.
    """
    if t.length is None or t.left is None:
        t.tally()
    assert t.length is not None and t.left is not None
    defenders = t.defenders
    held = [0, 0]  # trumps of the attackers, of the defenders
    for s in range(4):
        held[s in defenders] += t.length[s][TRUMP]
    left = t.left
    left_points = sum(POINTS[c] * left[c] for c in _POINT_CARDS)
    share = (held[0] + 1) / (held[0] + held[1] + 2)
    attackers = sum(t.captured[s] for s in range(4) if s not in defenders) + t.penalty
    points = attackers + share * (left_points + 2 * t.kitty_points)
    return Outcome(round(points), -1, 0)


__all__ = ["Table", "Outcome", "play_out", "estimate", "lead_cards", "follow_cards",
           "slow_follow"]

"""The normal computer player: rules of thumb with card memory, checked by a light search.

Its rules decide from its ``View`` alone, through ``Memory`` (cards played, voids
shown per seat, trumps included, pairs no longer held, points still out, its own
buried kitty). What memory changes, compared with ``easy``:

* **Leading**: a suit where an opponent has shown void (and may still hold
  trumps) is not led with a winner or a throw: it would be trumped. A suit where
  the partner is void and the opponents are not is led low, so the partner can
  trump it. A throw must also stand against what the seats may hold; with more
  trumps than all the unseen ones together, it draws trumps with a sure one.
* **Following**: a partner's winning play is judged safe only if no opponent
  still to play can beat it in suit or trump it (void shown); only then does it
  receive points. A trick an opponent is sure to trump is not contested with a
  high card of the led suit.

Card memory alone did not make these rules measurably stronger than easy's
(+0.01 levels a hand over 400 duplicate deals; ten rule variants gave −0.05 to
+0.04), so the rules' choice is then checked by the hard player's search
(``search``) on a small budget, ``NORMAL``: up to 4 candidates (the rules'
choice, easy's and two more) played out over sampled deals, 50 play-outs a
decision, each cut after 6 tricks while the hand has more than 32 cards left
(``rollout.estimate`` shares the rest by trumps held; the budget used to be 18
whole play-outs at the start of play, up to 54 later: about 0.08 levels a hand
weaker against easy), with the rules' choice kept unless a challenger confirms
its gain; the kitty is chosen the same way (72 whole play-outs). CPU p95 under
10 ms in CPython.
Declaring and calling the friend are the easy player's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import CARDS, POINTS, Card
from ..trump import TRUMP
from ..units import Unit
from ..view import View
from .common import random_follow
from .easy import (
    Trick,
    _cards,
    _unit_key,
    _worth_winning,
    can_be_beaten,
    fill_follow,
    lead_units,
    partners,
    shaped_lead,
    sure_lead,
    winning_plays,
)
from .memory import Memory
from .search import Budget, SearchPlayer


def opponents(view: View) -> list[int]:
    """Seats to treat as opponents: every other seat not known to be a partner."""
    mates = partners(view)
    return [s for s in range(4) if s != view.seat and s not in mates]


def choose_lead(view: View, mem: Memory) -> list[Card]:
    """The cards to lead; see the module docstring."""
    order = view.order
    others = mem.unseen
    mates = partners(view)
    opps = opponents(view)
    units, off, sure = lead_units(view, others)
    ruffed = {s: any(mem.may_ruff(o, s) for o in opps) for s in off}
    safe_off = [s for s in off if not ruffed[s]]
    key = _unit_key(order)

    cashed = sure_lead(sure, safe_off, others, order)
    if cashed:
        return _cards(cashed)
    feed = [s for s in safe_off if any(mem.may_ruff(p, s) for p in mates)]
    if feed:
        return [CARDS[_low_card(view, feed, points_first=True)]]
    my_trumps = sum(view.counts[c] for c in order.by_suit[TRUMP])
    out_trumps = mem.suit_unseen(TRUMP)
    if TRUMP in sure and 0 < out_trumps < my_trumps:
        singles = [u for u in sure[TRUMP] if u.width == 1 and not POINTS[u.top]]
        if singles:
            return _cards(max(singles, key=key).all_cards())
    unruffed = [s for s in units if not ruffed.get(s, False)]
    shaped = shaped_lead(units, sure, unruffed, safe_off, others, order)
    if shaped:
        return _cards(shaped)
    return [CARDS[_low_card(view, safe_off or off or [TRUMP], points_first=False)]]


def _low_card(view: View, suits: Sequence[int], points_first: bool) -> int:
    """A single from ``suits``: low and not from a pair; with points first when feeding."""
    order, cnt = view.order, view.counts

    def cost(c: int) -> tuple[int, int, int, int]:
        length = sum(cnt[x] for x in order.by_suit[order.suit[c]])
        pts = -POINTS[c] if points_first else int(POINTS[c] > 0)
        return (pts, int(cnt[c] >= 2), length, order.order[c])

    return min((c for s in suits for c in order.by_suit[s] if cnt[c]), key=cost)


def _still_to_play(view: View) -> list[int]:
    return [(view.seat + k) % 4 for k in range(1, 4 - len(view.trick))]


def winner_is_safe(t: Trick, mem: Memory, opps: Sequence[int]) -> bool:
    """Whether the winning play will hold: no opponent still to play can beat or trump it."""
    view = t.view
    later = [s for s in _still_to_play(view) if s in opps]
    if not later:
        return True
    lead = t.lead
    top_unit = lead.units[0]
    suit = TRUMP if t.best[0] else lead.suit
    top = t.order.rungs[suit][t.best[1]][0]
    shape = Unit(top_unit.width, top_unit.length, (top,) * top_unit.length)
    beatable = can_be_beaten(shape, mem.unseen, t.order, suit)
    for s in later:
        if suit != TRUMP:  # a plain-suit winner: beaten in suit (not a throw) or trumped
            if (beatable and not mem.void[s][suit] and not lead.is_throw) or mem.may_ruff(
                s, lead.suit
            ):
                return False
        elif beatable and not mem.void[s][TRUMP] and (
            lead.suit == TRUMP or mem.void[s][lead.suit]
        ):
            return False  # a trump winner: a later trump may top it
    return True


def choose_follow(view: View, mem: Memory, rng: random.Random) -> list[Card]:
    """Follow: help a winning partner, take points, or play low; see the module docstring."""
    t = Trick(view)
    opps = opponents(view)
    others = mem.unseen
    if t.winner_seat not in opps:
        safe = winner_is_safe(t, mem, opps)
        for play in (fill_follow(t, give_points=safe), fill_follow(t, give_points=False)):
            if t.legal(play) and not t.beats(play):
                return _cards(play)
    candidates: list[list[int]] = []
    wins = winning_plays(t, others)
    if wins and _worth_winning(t, wins[0], others):
        play = wins[0]
        in_suit = t.order.suit[play[0]] == t.lead.suit and t.lead.suit != TRUMP
        later_ruff = any(mem.may_ruff(s, t.lead.suit) for s in _still_to_play(view) if s in opps)
        if not (in_suit and later_ruff and not t.last):
            candidates.append(play)
    candidates.append(fill_follow(t, give_points=False))
    for play in candidates:
        if t.legal(play):
            return _cards(play)
    return random_follow(view, rng)


NORMAL = Budget(rollouts=50, late_scale=1.0, max_candidates=4, min_samples=3,
                max_samples=30, bury_scale=1.44, margin=0.05, horizon=6)


class NormalPlayer(SearchPlayer):
    """Rules of thumb with card memory, checked by a light search; see the module
    docstring."""

    name = "normal"
    budget = NORMAL

    def rule_play(self, view: View, mem: Memory) -> list[Card]:
        if view.lead is None:
            return choose_lead(view, mem)
        return choose_follow(view, mem, self.rng)

    def play(self, view: View) -> list[Card]:
        return self.rule_play(view, Memory(view))


__all__ = ["NormalPlayer", "NORMAL", "choose_lead", "choose_follow", "winner_is_safe", "opponents"]

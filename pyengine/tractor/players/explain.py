"""Why an action is a good idea, in one short reason: what the hint shows beside its cards.

``reason(view, action)`` looks at what the suggested action does from the
seat's view (it never needs the player that suggested it) and returns a code
with its parameters; the table words it in the chosen language:

* ``wins_points`` (n): the play wins the trick and its n points;
* ``wins_trick``: the play wins the trick (no points in it yet);
* ``feeds_partner`` (n): gives n points to a partner who is winning;
* ``partner_winning``: the partner is winning, so the play stays low;
* ``keeps_trump_pair``: near the end, as defender, a trump pair is kept to
  protect the kitty;
* ``cannot_win``: nothing this seat holds wins the trick, so it gives the least;
* ``throw_stands`` (n): a throw of n units that nobody can beat;
* ``lead_unbeatable``: a lead no unseen card can beat;
* ``lead_trump``: a trump lead, drawing out the others' trumps;
* ``lead_low``: a cheap lead from a short suit;
* ``bury_void`` (n): the bury empties n off suit(s) of the hand;
* ``bury_low``: the bury keeps points, pairs and trumps;
* ``declare`` (n): n of the hand's cards would be trumps;
* ``pass``: the hand is too weak to declare (or to take the kitty);
* ``call_friend``: a high card this seat does not hold; its holder joins.

>>> from tractor.match import Match
>>> from tractor.actions import Deal, Pass
>>> m = Match(seed=1)
>>> for _ in range(4): m.apply(Deal())
>>> reason(m.observe(0), Pass(0))
('pass', {})
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Bury, CallFriend, Declare, Play
from ..cards import points_of
from ..follow import analyse_lead
from ..trick import winner
from ..trump import TRUMP, trump_for
from ..view import View
from .easy import can_be_beaten, partners, unseen

Reason = tuple[str, dict[str, Any]]


def reason(view: View, action: Action) -> Reason:
    """One short reason for ``action`` of the view's seat (see the module docstring)."""
    if isinstance(action, Play):
        return _lead_reason(view, action) if view.lead is None else _follow_reason(view, action)
    if isinstance(action, Bury):
        return _bury_reason(view, action)
    if isinstance(action, Declare):
        card = action.cards[0]
        suit = None if card.is_joker else card.suit_index
        order = trump_for(view.level, suit, view.rules.twos_always_trump)
        return "declare", {"n": sum(1 for c in view.hand if order.suit[c] == TRUMP)}
    if isinstance(action, CallFriend):
        return "call_friend", {}
    return "pass", {}


def _lead_reason(view: View, action: Play) -> Reason:
    order = view.order
    lead = analyse_lead(action.cards, order)
    if lead.is_throw:
        return "throw_stands", {"n": len(lead.units)}
    others = unseen(view)
    if not any(can_be_beaten(u, others, order, lead.suit) for u in lead.units):
        return "lead_unbeatable", {}
    if lead.suit == TRUMP:
        return "lead_trump", {}
    return "lead_low", {}


def _follow_reason(view: View, action: Play) -> Reason:
    assert view.lead is not None
    order, seat = view.order, view.seat
    plays = [list(cards) for _, cards in view.trick]
    points = sum(points_of(cards) for cards in plays) + points_of(action.cards)
    won_by = view.trick[winner(view.lead, plays, order)][0]
    if winner(view.lead, [*plays, list(action.cards)], order) == len(plays):
        return ("wins_points", {"n": points}) if points else ("wins_trick", {})
    if won_by in partners(view):
        mine = points_of(action.cards)
        return ("feeds_partner", {"n": mine}) if mine else ("partner_winning", {})
    left = list(view.counts)
    for c in action.cards:
        left[c] -= 1
    defending = view.dealer is not None and seat in view.defenders
    if defending and sum(left) <= 4 and _has_trump_pair(left, view):
        return "keeps_trump_pair", {}
    return "cannot_win", {}


def _has_trump_pair(counts: list[int], view: View) -> bool:
    return any(counts[c] >= 2 for c in view.order.by_suit[TRUMP])


def _bury_reason(view: View, action: Bury) -> Reason:
    order = view.order
    left = list(view.counts)
    for c in action.cards:
        left[c] -= 1
    emptied = {
        order.suit[c]
        for c in action.cards
        if order.suit[c] != TRUMP and not any(left[k] for k in order.by_suit[order.suit[c]])
    }
    if emptied:
        return "bury_void", {"n": len(emptied)}
    return "bury_low", {}

"""Card memory: what a seat can know about the hidden cards from its view alone.

Built afresh from a ``View`` (the view carries the hand's whole public history),
so a player made for one decision remembers the hand as well as one that watched
it all:

* ``unseen``: 54-counts of cards that may be in another hand or in a kitty this
  seat did not bury (the decks minus its hand, the cards played, the kitty it
  holds);
* ``void[seat][suit]``: the seat has shown it has no card of that effective suit
  (it followed a lead of that suit with other cards), trumps included;
* ``no_pairs[seat][suit]``: it followed a pair/tractor lead of that suit with
  suit cards but no pair (so it held no pair there then);
* ``cap[seat][suit]``: the highest rank (``Trump.order``) the seat may still hold in
  that effective suit, with fixed partners: it played last to a single lead with
  points on the table, an opponent winning with a card of the led suit, and
  followed suit below it (a player takes such a trick when it can: easy and
  normal always do). ``NO_CAP`` when nothing is inferred;
* ``no_plain[seat][suit]`` and ``no_points_upto[seat][suit]``: what its single
  follows below the winning card show (``_single_follows``);
* ``erratic[seat]``: it later played a card against one of these readings
  (``against_model``): they are dropped and no more are made for it (a random
  player ducks all the time, and a sampler that believed its ceilings fed it points);
* ``points_out``: points in ``unseen``;

>>> from tractor.match import Match
>>> m = Match(seed=3)
>>> Memory(m.observe(0)).points_out
200
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from ..cards import POINTS
from ..trump import TRUMP, Trump
from ..view import View
from .rollout_fast import follow_key

NO_CAP = 1 << 20
"""No inferred ceiling on a seat's cards in a suit."""


class Memory:
    """See the module docstring."""

    def __init__(self, view: View):
        self.view = view
        self.seat = view.seat
        order: Trump = view.order
        self.order = order
        decks = view.rules.decks
        left = [decks - view.counts[c] for c in range(54)]
        for c in view.played:
            left[c] -= 1
        self.kitty_known = view.kitty is not None and view.phase == "play"
        if self.kitty_known:
            assert view.kitty is not None
            for c in view.kitty:
                left[c] -= 1
        self.unseen = left
        self.void = [[False] * 5 for _ in range(4)]
        self.no_pairs = [[False] * 5 for _ in range(4)]
        self.cap = [[NO_CAP] * 5 for _ in range(4)]
        self.no_plain = [[False] * 5 for _ in range(4)]
        self.no_points_upto = [[-1] * 5 for _ in range(4)]
        self.erratic = [False] * 4
        fixed = view.rules.partners == "fixed"
        plays = [t.plays for t in view.tricks]
        if view.trick:
            plays.append(view.trick)
        for trick in plays:
            lead = trick[0][1]
            suit = order.suit[lead[0]]
            paired = len(lead) >= 2 and len(set(lead)) < len(lead)
            for seat, cards in trick:
                if not self.erratic[seat] and any(self.against_model(seat, c) for c in cards):
                    self.drop_model(seat)
            for seat, cards in trick[1:]:
                in_suit = [c for c in cards if order.suit[c] == suit]
                if len(in_suit) < len(lead):
                    self.void[seat][suit] = True
                if paired and len(in_suit) >= 2 and len(set(in_suit)) == len(in_suit):
                    self.no_pairs[seat][suit] = True
            if fixed and len(lead) == 1:
                self._single_follows(trick, suit)
                if len(trick) == 4:
                    self._last_ducked(trick, suit)
        self.points_out = sum(POINTS[c] * left[c] for c in range(54))

    def _last_ducked(self, trick: Sequence[tuple[int, Sequence[int]]], suit: int) -> None:
        """The last seat of a single lead followed suit below an opponent's winning card
        of that suit, with points on the table: it holds nothing higher there."""
        rank, suit_of = self.order.order, self.order.suit
        keys = [follow_key(tuple(cs), suit, suit_of, rank) for _, cs in trick]
        won = max(range(3), key=lambda i: (keys[i], -i))  # equal plays: the earliest
        if (
            0 <= keys[3] <= keys[won] < 1000  # followed suit; the winner is of the suit
            and (trick[won][0] - trick[3][0]) % 2
            and any(POINTS[c] for _, cs in trick[:3] for c in cs)
            and not self.erratic[trick[3][0]]
        ):
            self.cap[trick[3][0]][suit] = min(self.cap[trick[3][0]][suit], keys[won])

    def _single_follows(self, trick: Sequence[tuple[int, Sequence[int]]], suit: int) -> None:
        """What a seat's single follow of the led suit, below the winning card, shows
        when it plays as easy and normal's rules do: on an opponent's winning card a
        point card means it held no pointless card there; playing last on its
        partner's in a plain suit, a pointless card means it held no point card it
        could feed (none up to the winning card; none at all when the partner
        trumped). On a trump lead the rules may keep a point trump that would beat
        the partner's, so nothing is read there."""
        rank, suit_of = self.order.order, self.order.suit
        won, best = 0, follow_key(tuple(trick[0][1]), suit, suit_of, rank)
        for i in range(1, len(trick)):
            seat, cards = trick[i]
            key = follow_key(tuple(cards), suit, suit_of, rank)
            if key > best:
                won, best = i, key
                continue
            if key < 0 or self.erratic[seat]:  # not of the led suit
                continue
            points = POINTS[cards[0]] > 0
            if (trick[won][0] - seat) % 2:
                if points:
                    self.no_plain[seat][suit] = True
            elif i == 3 and not points and suit != TRUMP:
                upto = NO_CAP if best >= 1000 else best
                self.no_points_upto[seat][suit] = max(self.no_points_upto[seat][suit], upto)

    def against_model(self, seat: int, card: int) -> bool:
        """Whether ``seat`` playing ``card`` contradicts what its earlier plays were taken
        to show (``cap``, ``no_plain``, ``no_points_upto``)."""
        suit, r = self.order.suit[card], self.order.order[card]
        if POINTS[card]:
            return r > self.cap[seat][suit] or r <= self.no_points_upto[seat][suit]
        return r > self.cap[seat][suit] or self.no_plain[seat][suit]

    def drop_model(self, seat: int) -> None:
        """Forget what ``seat``'s plays were taken to show: it does not play that way."""
        self.erratic[seat] = True
        self.cap[seat] = [NO_CAP] * 5
        self.no_plain[seat] = [False] * 5
        self.no_points_upto[seat] = [-1] * 5

    def without_model(self) -> Memory:
        """A copy that reads nothing from how the seats played (``drop_model`` for each);
        this memory keeps its readings."""
        out = copy.copy(self)
        out.cap, out.no_plain = list(self.cap), list(self.no_plain)
        out.no_points_upto, out.erratic = list(self.no_points_upto), list(self.erratic)
        for seat in range(4):
            out.drop_model(seat)
        return out

    def suit_unseen(self, suit: int) -> int:
        """How many unseen cards are of effective suit ``suit``."""
        return sum(self.unseen[c] for c in self.order.by_suit[suit])

    def may_ruff(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may trump a lead of plain ``suit``: void there, trumps maybe left."""
        if suit == TRUMP:
            return False
        return self.void[seat][suit] and not self.void[seat][TRUMP] and self.suit_unseen(TRUMP) > 0


__all__ = ["Memory"]

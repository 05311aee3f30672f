"""The position a rollout plays on, and its moves: ``Table``, ``lead_cards``,
``follow_cards`` and the ``Outcome`` of a played-out hand (``tractor.players.rollout``).

``Table`` holds a fully known position of the play phase on plain lists (the hands as
54-counts); the moves keep it and its tallies (each hand's suit lengths, the cards
left) up to date and close each trick with the engine's ``winner``. They do not
validate: the caller plays legal cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from ..cards import POINTS
from ..follow import Lead, analyse_lead
from ..trick import check_throw, winner
from ..trump import Trump

Cards = tuple[int, ...]


class Table:
    """A fully known position of the play phase (see the module docstring)."""

    __slots__ = (
        "order", "hands", "leader", "trick", "captured", "defenders", "kitty_points",
        "penalty", "throw_penalty", "record", "last", "lead", "length", "left",
    )

    def __init__(
        self,
        order: Trump,
        hands: Sequence[Sequence[int]],
        leader: int,
        trick: Sequence[tuple[int, Sequence[int]]],
        captured: Sequence[int],
        defenders: Sequence[int],
        kitty_points: int,
        penalty: int = 0,
        throw_penalty: int = 0,
        lead: Lead | None = None,
    ):
        self.order = order
        self.hands = [list(h) for h in hands]
        self.leader = leader
        self.trick: list[tuple[int, Cards]] = [(s, tuple(cs)) for s, cs in trick]
        self.captured = list(captured)
        self.defenders = frozenset(defenders)
        self.kitty_points = kitty_points
        self.penalty = penalty
        self.throw_penalty = throw_penalty
        self.record: list[tuple[int, Cards]] | None = None
        """When a list, every play made from now on is appended to it."""
        self.last: tuple[int, Cards] | None = None
        """The last finished trick's winner and winning play."""
        self.lead = lead
        """The trick in progress's lead, analysed (``analyse_lead``), or None: worked
        out when needed."""
        self.length: list[list[int]] | None = None
        """Cards of each effective suit in each hand, once ``tally`` counted them (kept
        up to date from then on); a play-out needs them."""
        self.left: list[int] | None = None
        """Copies of each card in the four hands, with ``length``."""

    def tally(self) -> None:
        """Count ``length`` and ``left`` now, so that copies of this table share the
        work (a search plays several candidates out from one sampled deal)."""
        getters = suit_getters(self.order)
        self.length = [[g(h) for g in getters] for h in self.hands]
        h0, h1, h2, h3 = self.hands
        self.left = [a + b + c + d for a, b, c, d in zip(h0, h1, h2, h3, strict=True)]

    def _remove(self, seat: int, cards: Sequence[int]) -> None:
        """Take ``cards`` out of ``seat``'s hand (and the tallies, if counted)."""
        hand = self.hands[seat]
        for c in cards:
            hand[c] -= 1
        if self.length is not None and self.left is not None:
            mine, suit = self.length[seat], self.order.suit
            for c in cards:
                mine[suit[c]] -= 1
                self.left[c] -= 1

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.order = self.order
        t.hands = [list(h) for h in self.hands]
        t.leader = self.leader
        t.trick = list(self.trick)
        t.captured = list(self.captured)
        t.defenders = self.defenders
        t.kitty_points = self.kitty_points
        t.penalty = self.penalty
        t.throw_penalty = self.throw_penalty
        t.record = None
        t.last = self.last
        t.lead = self.lead
        t.length = None if self.length is None else [list(n) for n in self.length]
        t.left = None if self.left is None else list(self.left)
        return t

    @property
    def over(self) -> bool:
        return not self.trick and not any(any(h) for h in self.hands)


class Outcome:
    """How a played-out hand ended."""

    __slots__ = ("attackers_points", "last_winner", "multiplier")

    def __init__(self, attackers_points: int, last_winner: int, multiplier: int):
        self.attackers_points = attackers_points
        self.last_winner = last_winner
        self.multiplier = multiplier


_GETTERS: dict[Trump, list[Callable[[list[int]], int]]] = {}


def _suit_length(ids: Sequence[int]) -> Callable[[list[int]], int]:
    if len(ids) >= 2:
        get = itemgetter(*ids)

        def many(h: list[int]) -> int:
            return sum(get(h))

        return many
    if ids:
        one = ids[0]

        def single(h: list[int]) -> int:
            return h[one]

        return single
    return lambda h: 0


def suit_getters(order: Trump) -> list[Callable[[list[int]], int]]:
    """For each effective suit, a function: hand counts -> cards held in that suit."""
    found = _GETTERS.get(order)
    if found is None:
        found = [_suit_length(ids) for ids in order.by_suit]
        _GETTERS[order] = found
    return found


def trick_lead(t: Table) -> Lead:
    """The trick in progress's lead, analysed once."""
    if t.lead is None:
        t.lead = analyse_lead(t.trick[0][1], t.order)
    return t.lead



def _close_trick(t: Table) -> None:
    order = t.order
    lead = trick_lead(t)
    won = winner(lead, [cs for _, cs in t.trick], order)
    seat, play = t.trick[won]
    t.captured[seat] += sum(POINTS[c] for _, cs in t.trick for c in cs)
    t.trick = []
    t.lead = None
    t.leader = seat
    t.last = (seat, play)


def lead_cards(t: Table, seat: int, cards: Sequence[int], lead: Lead | None = None) -> None:
    """Lead ``cards`` (``lead``: their analysis, if known); a throw that fails against
    the hands leads its forced unit."""
    order = t.order
    lead = lead or analyse_lead(cards, order)
    if lead.is_throw:
        others = [((seat + k) % 4, t.hands[(seat + k) % 4]) for k in range(1, 4)]
        failure = check_throw(lead, others, order)
        if failure is not None:
            cards = failure.forced.all_cards()
            lead = analyse_lead(cards, order)
            if t.throw_penalty:
                t.penalty += t.throw_penalty if seat in t.defenders else -t.throw_penalty
    t._remove(seat, cards)
    t.leader = seat
    t.trick = [(seat, tuple(cards))]
    t.lead = lead
    if t.record is not None:
        t.record.append((seat, tuple(cards)))


def follow_cards(t: Table, seat: int, cards: Sequence[int]) -> None:
    """Play ``cards`` (a legal follow) as the next follower."""
    t._remove(seat, cards)
    t.trick.append((seat, tuple(cards)))
    if t.record is not None:
        t.record.append((seat, tuple(cards)))
    if len(t.trick) == 4:
        _close_trick(t)


__all__ = ["Cards", "Table", "Outcome", "suit_getters", "trick_lead", "lead_cards",
           "follow_cards"]

"""Sampling deals of the unseen cards consistent with a seat's view (determinisation).

``sample_deal(view, mem, rng)`` deals the cards this seat cannot see (``Memory.unseen``)
to the other three hands, with their known sizes, and to the kitty when this
seat did not bury it, so that:

* a seat never gets a card of an effective suit it has shown void in (trumps
  included), nor two copies of a card in a suit where it followed a pair or
  tractor lead without a pair (``Memory.no_pairs``: it held none then), nor a
  card above what it showed it lacks by not taking a trick (``Memory.cap``: an
  inference about the player, dropped first when it makes the deal impossible);
* a seat that declared with level cards or jokers still holds them, less the
  copies it has played (unless it took the kitty: it may have buried them);
* the kitty, when this seat did not bury it, favours cheap cards (plain, no
  points, below K), as buriers do (``KITTY_WEIGHT_CHEAP``);
* in find-a-friend, before the reveal, the friend the sample implies (the first
  holder of the called card after the dealer when it was called) has not played
  the called card (playing it would have revealed them).

The friend the sample implies fixes the defenders. Cards no other seat may hold
(every other seat void in their suit) go to an unknown kitty first. When a card
finds every seat that may hold it full, a card of one of them moves to a seat
with room that may hold it (``_make_room``). Sampling retries a few times when
it still paints itself into a corner, and as a last resort drops the void
constraints (a rare, still legal, deal).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import POINTS
from ..trump import TRUMP, Trump
from ..view import View
from .memory import NO_CAP, Memory


class Deal:
    """One sampled deal: the four hands (54-counts), the kitty (or None if known)."""

    __slots__ = ("hands", "kitty", "defenders")

    def __init__(self, hands: list[list[int]], kitty: list[int] | None, defenders: list[int]):
        self.hands = hands
        self.kitty = kitty
        self.defenders = defenders


def played_by(view: View) -> list[list[int]]:
    """54-counts of the cards each seat has played this hand."""
    out = [[0] * 54 for _ in range(4)]
    plays = [p for t in view.tricks for p in t.plays] + list(view.trick)
    for seat, cards in plays:
        for c in cards:
            out[seat][c] += 1
    return out


def _required(view: View, played: Sequence[Sequence[int]]) -> list[tuple[int, int, int]]:
    """(seat, card, copies) other seats must still hold from their declarations."""
    need: dict[tuple[int, int], int] = {}
    for d in view.declarations:
        # Whoever took the kitty (the dealer; with 炒地皮 possibly any declarer) may
        # have buried the declared cards.
        if d.seat == view.seat or d.seat == view.dealer or view.rules.kitty_theft:
            continue
        key = (d.seat, d.card)
        need[key] = max(need.get(key, 0), d.copies)
    out = []
    for (seat, card), copies in need.items():
        left = copies - played[seat][card]
        if left > 0:
            out.append((seat, card, left))
    return out


def friend_of(
    view: View, hands: Sequence[Sequence[int]], played: Sequence[Sequence[int]]
) -> int | None:
    """The friend a deal implies: the first holder of the called card after the dealer."""
    card, dealer = view.friend_card, view.dealer
    assert card is not None and dealer is not None
    for k in range(1, 4):
        s = (dealer + k) % 4
        if hands[s][card] + played[s][card]:
            return s
    return None


def defenders_of(
    view: View, hands: Sequence[Sequence[int]], played: Sequence[Sequence[int]]
) -> list[int] | None:
    """The defenders in a deal, or None when the deal contradicts the friend rule."""
    if view.rules.partners == "fixed" or view.sides_settled:
        return list(view.defenders)
    if view.rules.friend_rule != "nearest_holder":
        return list(view.defenders)  # the friend is whoever plays the copy: not dealt yet
    assert view.dealer is not None
    if view.friend_card is None:
        return [view.dealer]
    friend = friend_of(view, hands, played)
    if friend is None:
        return [view.dealer]
    if played[friend][view.friend_card]:
        return None  # the friend would have revealed themselves
    return sorted({view.dealer, friend})


class Sampler:
    """Samples deals for one view: what every deal shares (the cards played, the pool
    of unseen cards, the declared cards still held, which cards only the kitty may
    hold) is worked out once."""

    def __init__(self, view: View, mem: Memory):
        self.view = view
        self.mem = mem
        self.played = played_by(view)
        self.required = _required(view, self.played)
        self.pool = [c for c in range(54) for _ in range(mem.unseen[c])]
        self.others = [s for s in range(4) if s != view.seat]
        self.kitty_slots = len(self.pool) - sum(view.hand_sizes[s] for s in self.others)
        self.cheap = cheap_cards(mem.order)
        self._prepare(mem)

    def _prepare(self, mem: Memory) -> None:
        order, others = mem.order, self.others
        # Cards no other seat may hold (all void in their suit, or their plays showed
        # they hold none: ``Memory.against_model``) can only be buried.
        self.kitty_only = [
            all(mem.void[s][order.suit[c]] or mem.against_model(s, c) for s in others)
            for c in range(54)
        ]
        # How many seats are constrained in each suit: those cards are dealt first.
        void, no_pairs, cap = mem.void, mem.no_pairs, mem.cap
        no_plain, upto = mem.no_plain, mem.no_points_upto
        self.voids = [sum(1 for s in range(4) if void[s][suit] or no_pairs[s][suit]
                          or cap[s][suit] < NO_CAP or no_plain[s][suit] or upto[s][suit] >= 0)
                      for suit in range(5)]

    def deal(self, rng: random.Random, tries: int = 12) -> Deal:
        """One deal consistent with the view; see the module docstring."""
        for attempt in range(tries + 1):
            strict = attempt < tries
            if attempt == tries // 2 and _has_model(self.mem):
                # the player may have ducked on purpose: drop what its plays were
                # taken to show (on a copy: the caller samples again with its memory)
                self.mem = self.mem.without_model()
                self._prepare(self.mem)
            deal = _try(self, rng, strict)
            if deal is not None:
                return deal
        # Should not happen (the non-strict attempt ignores every constraint but sizes).
        raise RuntimeError("no deal consistent with the view")  # pragma: no cover


def sample_deal(view: View, mem: Memory, rng: random.Random, tries: int = 12) -> Deal:
    """One deal consistent with the view; see the module docstring (``Sampler`` draws
    many for one view faster)."""
    return Sampler(view, mem).deal(rng, tries)


KITTY_WEIGHT_CHEAP = 20
"""How much likelier a burier is to bury a cheap card (plain, no points, below K) than
another one: the kitty is sampled with this bias when the seat did not bury it.
Measured for hard against easy (400 deals): 3, 8, 20 and 50 gave +0.4375, +0.456,
+0.5025 and +0.460 (seed 11); 8 and 20 gave +0.429 and +0.459 (seed 12)."""


def cheap_cards(order: Trump) -> list[bool]:
    """For each of the 54 cards, whether it is cheap: plain, no points, below the king
    (what buriers bury first: ``KITTY_WEIGHT_CHEAP``)."""
    return [order.suit[c] != TRUMP and not POINTS[c] and c % 13 < 11 for c in range(54)]


def _likely_kitty(pool: list[int], n: int, cheap: Sequence[bool], rng: random.Random) -> list[int]:
    """``n`` cards of ``pool`` drawn without replacement, the ``cheap`` ones favoured
    (weighted sampling by random keys ``u ** (1 / weight)``: the ``n`` largest keys win)."""
    power = 1.0 / KITTY_WEIGHT_CHEAP
    rand = rng.random
    keys = [(rand() ** power if cheap[c] else rand(), c) for c in pool]
    keys.sort(reverse=True)
    return [c for _, c in keys[:n]]


def _has_model(mem: Memory) -> bool:
    """Whether any seat's plays were taken to show something (``Memory.against_model``)."""
    return any(c < NO_CAP for caps in mem.cap for c in caps) or any(
        any(row) for row in mem.no_plain) or any(u >= 0 for row in mem.no_points_upto for u in row)


def _may_take(hands: list[list[int]], mem: Memory, order: Trump, seat: int, c: int) -> bool:
    """Whether ``seat``'s sampled hand may receive ``c`` (void and no-pair rules, and
    what its plays were taken to show)."""
    suit = order.suit[c]
    return not mem.void[seat][suit] and not (mem.no_pairs[seat][suit] and hands[seat][c]) and (
        not mem.against_model(seat, c))


def _make_room(
    hands: list[list[int]],
    room: list[int],
    kitty: list[int],
    c: int,
    mem: Memory,
    order: Trump,
    fixed: list[list[int]],
    rng: random.Random,
) -> bool:
    """Place ``c`` when every seat that may hold it is full: move a card ``d`` from such
    a seat to a seat (or the kitty) with room that may hold ``d``. False if none."""
    seats = [s for s in range(4) if s != mem.seat and _may_take(hands, mem, order, s, c)]
    rng.shuffle(seats)
    for s in seats:
        hand = hands[s]
        for d in range(54):
            if d == c or hand[d] <= fixed[s][d]:
                continue
            hand[d] -= 1
            ok = _may_take(hands, mem, order, s, c)
            targets = [t for t in range(4) if room[t] and _may_take(hands, mem, order, t, d)]
            if ok and room[4]:
                targets.append(4)
            if ok and targets:
                t = targets[0]
                room[t] -= 1
                if t == 4:
                    kitty.append(d)
                else:
                    hands[t][d] += 1
                hand[c] += 1
                return True
            hand[d] += 1
    return False


def _try(sampler: Sampler, rng: random.Random, strict: bool) -> Deal | None:
    view, mem = sampler.view, sampler.mem
    me = view.seat
    order = mem.order
    hands = [[0] * 54 for _ in range(4)]
    hands[me] = list(view.counts)
    room = [0 if s == me else view.hand_sizes[s] for s in range(4)] + [sampler.kitty_slots]
    left = list(sampler.pool)
    fixed = [[0] * 54 for _ in range(4)]  # cards placed by a declaration: they stay
    if strict:
        for seat, card, copies in sampler.required:
            for _ in range(copies):
                if room[seat] and card in left:
                    left.remove(card)
                    hands[seat][card] += 1
                    fixed[seat][card] += 1
                    room[seat] -= 1
    kitty: list[int] = []
    if strict and room[4]:
        kitty_only = sampler.kitty_only
        kitty = [c for c in left if kitty_only[c]]
        if len(kitty) > room[4]:
            return None
        for c in kitty:
            left.remove(c)
        drawn = _likely_kitty(left, room[4] - len(kitty), sampler.cheap, rng)
        for c in drawn:
            left.remove(c)
        kitty += drawn
        room[4] = 0
    rng.shuffle(left)
    free = len(left)  # from here on, cards no seat is void in: dealt in bulk below
    if strict:
        voids = sampler.voids
        left.sort(key=lambda c: voids[order.suit[c]], reverse=True)
        free = next((i for i, c in enumerate(left) if not voids[order.suit[c]]), len(left))
    for c in left[:free]:
        weights = []
        total = 0
        for s in range(5):
            r = room[s]
            if r and (s == 4 or not strict or _may_take(hands, mem, order, s, c)):
                weights.append((s, r))
                total += r
        if not total:
            if strict and _make_room(hands, room, kitty, c, mem, order, fixed, rng):
                continue
            return None
        x = rng.randrange(total)
        pick = weights[-1][0]
        for s, r in weights:
            if x < r:
                pick = s
                break
            x -= r
        room[pick] -= 1
        if pick == 4:
            kitty.append(c)
        else:
            hands[pick][c] += 1
    # The rest is in random order and any seat may hold it: fill the room in turn.
    i = free
    for s in range(4):
        hand = hands[s]
        for c in left[i:i + room[s]]:
            hand[c] += 1
        i += room[s]
    kitty += left[i:]
    defenders = defenders_of(view, hands, sampler.played)
    if defenders is None:
        if strict:
            return None
        defenders = [s for s in (view.dealer,) if s is not None]
    return Deal(hands, None if mem.kitty_known else kitty, defenders)


def deal_hidden(
    view: View, pool: Sequence[int], kitty: int, required: Sequence[tuple[int, int, int]],
    rng: random.Random, buried: bool = False,
) -> tuple[list[list[int]], list[int]]:
    """Before any card is played: deal ``pool`` (every card the seat cannot see) to the
    other three hands (their sizes in ``view.hand_sizes``) and ``kitty`` cards to the
    kitty. ``required`` (seat, card, copies) are placed first (declared cards the seat
    still holds). The kitty is a uniform draw, or favours cheap cards when someone
    ``buried`` it (``KITTY_WEIGHT_CHEAP``). Returns the four hands (the seat's own from
    the view) and the kitty."""
    hands = [[0] * 54 for _ in range(4)]
    hands[view.seat] = list(view.counts)
    room = [0 if s == view.seat else view.hand_sizes[s] for s in range(4)]
    left = list(pool)
    for seat, card, copies in required:
        for _ in range(copies):
            if room[seat] and card in left:
                left.remove(card)
                hands[seat][card] += 1
                room[seat] -= 1
    if buried:
        drawn = _likely_kitty(left, kitty, cheap_cards(view.order), rng)
        for c in drawn:
            left.remove(c)
    else:
        rng.shuffle(left)
        drawn, left = left[:kitty], left[kitty:]
    rng.shuffle(left)
    i = 0
    for s in range(4):
        for c in left[i:i + room[s]]:
            hands[s][c] += 1
        i += room[s]
    return hands, drawn


def declared_held(view: View) -> list[tuple[int, int, int]]:
    """(seat, card, copies) other seats must still hold from their declarations, before
    any card is played: all of them while the kitty is not yet taken; after it, as for
    ``Sampler`` (whoever took the kitty may have buried them)."""
    if view.phase in ("deal", "declare"):
        need: dict[tuple[int, int], int] = {}
        for d in view.declarations:
            if d.seat != view.seat:
                need[(d.seat, d.card)] = max(need.get((d.seat, d.card), 0), d.copies)
        return [(s, c, n) for (s, c), n in need.items()]
    return _required(view, played_by(view))


__all__ = ["Deal", "Sampler", "sample_deal", "played_by", "defenders_of", "friend_of",
           "cheap_cards", "deal_hidden", "declared_held"]

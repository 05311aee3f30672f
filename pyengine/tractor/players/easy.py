"""The easy computer player (formerly ``basic``): the rules of thumb of a casual player.

It sees only its ``View`` (never the match) and every action it returns is legal:
follows are checked with ``check_follow`` and fall back to ``random_follow``.

* **Declaring**: declares a suit when it would hold a large share of trumps
  (jokers, level cards, the suit, the 2s when they are trumps); overturns only
  with a clearly stronger holding, and never a known partner. In the after-deal
  round and in 炒地皮 it passes unless strong.
* **Burying**: voids a short off suit of cheap cards where it can, then buries the
  lowest off-suit cards; points, pairs and trumps only when nothing else is left.
* **Friend** (find-a-friend): an off-suit ace it does not hold (a king when aces
  are level cards), in the suit where it holds the most cards.
* **Leading**: a throw only when every unit of it is known to stand (no unseen
  card, i.e. not in its hand, not played and not in a kitty it buried, can beat
  it); else an unbeatable off-suit unit, a tractor, an unbeatable trump pair, the
  highest off-suit pair, and last a low card of a short suit.
* **Following**: never overtakes a partner who is winning and gives that partner
  points when the trick looks safe; otherwise wins the trick when it holds points
  (or cheaply, with an unbeatable card or as the last player), and else plays low,
  keeping points, pairs and trumps.

Partners: fixed games, the seat opposite; find-a-friend, the revealed defenders,
or the dealer when it can tell it is the friend itself (it holds every copy of
the called card, or sits right after the dealer holding one).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..actions import Action, Bury, CallFriend, Declare, Pass, Play
from ..cards import CARDS, POINTS, SMALL_JOKER, Card
from ..follow import Lead, analyse_lead, check_follow, required_cards
from ..trick import check_throw, power, winner
from ..trump import TRUMP, Trump, trump_for
from ..units import Unit, decompose, runs
from ..view import View
from .common import random_follow

DECLARE_SHARE = 0.40
"""Share of trumps in a part-dealt hand needed to declare."""
LATE_DECLARE_SHARE = 0.32
"""Share of trumps in a full hand needed to declare (nobody has yet)."""
OVERTURN_SHARE = 0.45
"""Share of trumps needed to overturn someone else's declaration."""
OVERTURN_MARGIN = 0.10
"""How much better than the standing trump the overturn must be for this hand."""

Counts54 = list[int]


# ----------------------------------------------------------------- partners
def partners(view: View) -> set[int]:
    """Seats known to play on this seat's side (itself excluded)."""
    seat = view.seat
    if view.rules.partners == "fixed":
        return {(seat + 2) % 4}
    if view.dealer is None:
        return set()
    if view.friend is not None:
        side = set(view.defenders)
        return side - {seat} if seat in side else {s for s in range(4) if s not in side} - {seat}
    if seat != view.dealer and _is_friend(view):
        return {view.dealer}
    return set()


def _is_friend(view: View) -> bool:
    """Whether this seat can tell it is the (unrevealed) friend."""
    card = view.friend_card
    if card is None or view.dealer is None or not view.counts[card]:
        return False
    if view.rules.friend_rule != "nearest_holder":
        return view.own_side() == "defenders"
    if view.counts[card] == view.rules.decks:
        return True
    return view.seat == (view.dealer + 1) % 4


# ---------------------------------------------------------------- declaring
def trump_share(view: View, suit: int | None) -> float:
    """Share of the hand that would be trumps if ``suit`` (None: no trump) were trump."""
    if not view.hand:
        return 0.0
    order = trump_for(view.level, suit, view.rules.twos_always_trump)
    held = sum(1 for c in view.hand if order.suit[c] == TRUMP)
    if suit is None:  # no trump: aces are as good as trumps
        held += sum(1 for c in view.hand if c.rank == "A" and order.suit[c] != TRUMP)
    return held / len(view.hand)


def choose_declaration(view: View) -> list[Card] | None:
    """The declaration to make now, or None to keep quiet."""
    options = view.declaration_options()
    if not options:
        return None
    current = view.declaration
    if current is not None and current.seat in partners(view):
        return None
    full = len(view.hand) >= view.rules.hand_size
    if view.phase == "theft":  # 炒地皮: only a clearly better trump is worth the kitty
        standing = current.suit if current else view.trump.trump_suit if view.trump else None
        need = max(OVERTURN_SHARE, trump_share(view, standing) + OVERTURN_MARGIN)
    elif current is None:
        if len(view.hand) < view.rules.hand_size // 3:
            return None
        need = LATE_DECLARE_SHARE if full else DECLARE_SHARE
    elif current.seat == view.seat:
        need = DECLARE_SHARE  # 自保: strengthen our own suit while it is still good
    else:
        need = max(OVERTURN_SHARE, trump_share(view, current.suit) + OVERTURN_MARGIN)

    def score(cards: list[Card]) -> tuple[float, int]:
        return trump_share(view, _declared_suit(cards[0])), len(cards)

    best = max(options, key=score)
    return best if score(best)[0] >= need else None


def _declared_suit(card: Card) -> int | None:
    return None if card >= SMALL_JOKER else card // 13


# ------------------------------------------------------------------ burying
def choose_bury(view: View) -> list[Card]:
    """Kitty cards: void a short cheap off suit, then the cheapest cards."""
    order = view.order
    n = view.rules.kitty_size
    chosen: list[int] = []

    def cheap(c: int) -> bool:  # an off-suit single, no points, not an ace
        return order.suit[c] != TRUMP and POINTS[c] == 0 and view.counts[c] < 2 and c % 13 != 12

    suits = sorted(range(4), key=lambda s: sum(view.counts[c] for c in order.by_suit[s]))
    for s in suits:
        cards = [c for c in order.by_suit[s] for _ in range(view.counts[c])]
        if cards and len(cards) <= n - len(chosen) and all(cheap(c) for c in cards):
            chosen += cards
    return [CARDS[c] for c in top_up_kitty(view, chosen)]


def top_up_kitty(view: View, chosen: Sequence[int], allow_points: bool = False) -> list[int]:
    """``chosen`` and then the cheapest other cards of the hand, up to the kitty's size:
    plain before trumps, no points (unless ``allow_points``), singles before pairs,
    low before high."""
    order, cnt = view.order, view.counts
    left = list(cnt)
    for c in chosen:
        left[c] -= 1

    def cost(c: int) -> tuple[int, int, int, int, int]:
        pts = 0 if allow_points else int(POINTS[c] > 0)
        return (int(order.suit[c] == TRUMP), pts, int(cnt[c] >= 2), order.order[c], POINTS[c])

    rest = sorted((c for c in range(54) for _ in range(left[c])), key=cost)
    return [*chosen, *rest[: view.rules.kitty_size - len(chosen)]]


# ------------------------------------------------------------ friend call
def choose_friend(view: View) -> Card:
    """An off-suit ace (king when aces are level cards) not held, in our longest suit."""
    order = view.order
    top_rank = 11 if view.level == 12 else 12
    mine = list(view.counts)
    for c in view.kitty or ():
        mine[c] += 1

    def suit_len(s: int) -> int:
        return sum(view.counts[c] for c in order.by_suit[s])

    candidates = [CARDS[s * 13 + top_rank] for s in range(4)]
    candidates = [c for c in candidates if order.suit[c] != TRUMP] or candidates
    best = min(candidates, key=lambda c: (mine[c], -suit_len(c.suit_index)))
    if mine[best] >= view.rules.decks:  # we hold every copy: call any card we lack
        lacking = [CARDS[c] for c in range(SMALL_JOKER) if mine[c] < view.rules.decks]
        return max(lacking, key=lambda c: (order.suit[c] != TRUMP, -mine[c], c.rank_index))
    return best


# ------------------------------------------------------------------ helpers
def unseen(view: View) -> Counts54:
    """Cards that may be in another hand: not ours, not played, not in our buried kitty."""
    left = [view.rules.decks - view.counts[c] for c in range(54)]
    for c in view.played:
        left[c] -= 1
    if view.kitty is not None and view.phase == "play":
        for c in view.kitty:
            left[c] -= 1
    return left


def _suit_counts(cnt: Sequence[int], order: Trump, suit: int) -> dict[int, int]:
    return {c: cnt[c] for c in order.by_suit[suit] if cnt[c] > 0}


def can_be_beaten(unit: Unit, others: Sequence[int], order: Trump, suit: int) -> bool:
    """Whether ``others`` hold a unit of the same kind and size, higher, in ``suit``."""
    floor = order.order[unit.top]
    for run in runs(_suit_counts(others, order, suit), order, suit, unit.width):
        for start in range(len(run) - unit.length + 1):
            if order.order[run[start + unit.length - 1]] > floor:
                return True
    return False


def _cards(unit_cards: Sequence[int]) -> list[Card]:
    return [CARDS[c] for c in unit_cards]


def _unit_key(order: Trump) -> Callable[[Unit], tuple[int, int, int]]:
    return lambda u: (u.width * u.length, u.width, order.order[u.top])


# ------------------------------------------------------------------ leading
def choose_lead(view: View) -> list[Card]:
    """The cards to lead (one effective suit; a throw only when it surely stands)."""
    order = view.order
    others = unseen(view)
    units, off, sure = lead_units(view, others)
    cashed = sure_lead(sure, off, others, order)
    if cashed:
        return _cards(cashed)
    shaped = shaped_lead(units, sure, list(units), off, others, order)
    if shaped:
        return _cards(shaped)
    return [CARDS[low_single(view, off or [TRUMP])]]


def lead_units(
    view: View, others: Sequence[int]
) -> tuple[dict[int, list[Unit]], list[int], dict[int, list[Unit]]]:
    """The hand's units by effective suit (suits held only), the off suits held, and the
    units of each suit that no card in ``others`` can beat."""
    order = view.order
    units = {s: decompose(_flat(view.counts, order, s), order) for s in range(5)}
    units = {s: us for s, us in units.items() if us}
    off = [s for s in units if s != TRUMP]
    sure = {s: [u for u in units[s] if not can_be_beaten(u, others, order, s)] for s in units}
    return units, off, sure


def sure_lead(
    sure: dict[int, list[Unit]], suits: Sequence[int], others: Sequence[int], order: Trump
) -> list[int] | None:
    """The longest throw of ``suits`` that stands, else their best unbeatable unit, or None."""
    throws = [t for s in suits if (t := standing_throw(sure[s], others, order))]
    if throws:
        return max(throws, key=len)
    cash = [u for s in suits for u in sure[s]]
    if cash:
        return max(cash, key=_unit_key(order)).all_cards()
    return None


def shaped_lead(
    units: dict[int, list[Unit]],
    sure: dict[int, list[Unit]],
    tractor_suits: Sequence[int],
    pair_suits: Sequence[int],
    others: Sequence[int],
    order: Trump,
) -> list[int] | None:
    """A lead with shape, or None: the largest tractor of ``tractor_suits`` (off suits
    first), else a trump throw that stands or the best unbeatable trump pair, else the
    highest pair of ``pair_suits``."""
    key = _unit_key(order)
    tractors = [u for s in tractor_suits for u in units.get(s, ()) if u.length > 1]
    if tractors:
        return max(tractors, key=lambda u: (u.size, order.suit[u.top] != TRUMP,
                                            order.order[u.top])).all_cards()
    if TRUMP in sure:
        trump_throw = standing_throw(sure[TRUMP], others, order)
        if trump_throw:
            return trump_throw
        strong = [u for u in sure[TRUMP] if u.width > 1]
        if strong:
            return max(strong, key=key).all_cards()
    pairs = [u for s in pair_suits for u in units[s] if u.width > 1]
    if pairs:
        return max(pairs, key=key).all_cards()
    return None


def _flat(cnt: Sequence[int], order: Trump, suit: int) -> list[int]:
    return [c for c in order.by_suit[suit] for _ in range(cnt[c])]


def standing_throw(sure: list[Unit], others: Sequence[int], order: Trump) -> list[int] | None:
    """The largest throw made of ``sure`` units that stands against ``others``."""
    pool = sorted(sure, key=_unit_key(order), reverse=True)
    while len(pool) >= 2:
        cards = [c for u in pool for c in u.all_cards()]
        lead = analyse_lead(cards, order)
        if lead.is_throw and check_throw(lead, [(0, list(others))], order) is None:
            return cards
        pool.pop()
    return None


def low_single(view: View, suits: list[int]) -> int:
    """A cheap single from ``suits``: no points, not from a pair, short suit, low."""
    order = view.order
    cnt = view.counts

    def cost(c: int) -> tuple[int, int, int, int]:
        length = sum(cnt[x] for x in order.by_suit[order.suit[c]])
        return (int(POINTS[c] > 0), int(cnt[c] >= 2), length, order.order[c])

    return min((c for s in suits for c in order.by_suit[s] if cnt[c]), key=cost)


# ---------------------------------------------------------------- following
class Trick:
    """The trick in progress as this seat sees it."""

    def __init__(self, view: View):
        assert view.lead is not None
        self.view = view
        self.order = view.order
        self.lead: Lead = view.lead
        plays = [cards for _, cards in view.trick]
        self.won = winner(self.lead, plays, self.order)
        self.winner_seat = view.trick[self.won][0]
        best = power(self.lead, plays[self.won], self.order, is_lead=self.won == 0)
        assert best is not None
        self.best = best
        self.points = sum(POINTS[c] for cards in plays for c in cards)
        self.last = len(view.trick) == 3

    def beats(self, play: Sequence[int]) -> bool:
        p = power(self.lead, play, self.order)
        return p is not None and p > self.best

    def legal(self, play: Sequence[int]) -> bool:
        return check_follow(list(self.view.counts), self.lead, list(play), self.order) is None

    def safe_for_winner(self, others: Sequence[int]) -> bool:
        """Whether the winning play looks safe: we are last, or no unseen unit tops it."""
        if self.last:
            return True
        top_unit = self.lead.units[0]
        suit = TRUMP if self.best[0] else self.lead.suit
        top = self.order.rungs[suit][self.best[1]][0]
        shape = Unit(top_unit.width, top_unit.length, (top,) * top_unit.length)
        return not can_be_beaten(shape, others, self.order, suit)


def winning_plays(t: Trick, others: Sequence[int]) -> list[list[int]]:
    """Plays that would take the trick now, preferred first (may be empty).

    Following suit: the lowest winning unit when we play last, else the highest.
    Void in a plain suit: trumps of the lead's shape, the lowest that wins first.
    """
    view, order, lead = t.view, t.order, t.lead
    cnt = view.counts
    have = sum(cnt[c] for c in order.by_suit[lead.suit])
    if have >= lead.size:
        if lead.is_throw or len(lead.units) != 1:
            return []
        unit = lead.units[0]
        found = [w for w in _windows(cnt, order, lead.suit, unit.width, unit.length) if t.beats(w)]
        if not t.last:  # someone plays after us: the highest one holds best
            found.reverse()
        return found
    if have or lead.suit == TRUMP:
        return []
    return [p for p in (_trump_cover(t, high) for high in (False, True)) if p and t.beats(p)]


def _windows(
    cnt: Sequence[int], order: Trump, suit: int, width: int, length: int
) -> list[list[int]]:
    """Every unit of ``width`` × ``length`` held in ``suit``, lowest first."""
    out = []
    for run in runs(_suit_counts(cnt, order, suit), order, suit, width):
        for start in range(len(run) - length + 1):
            out.append([c for c in run[start : start + length] for _ in range(width)])
    return sorted(out, key=lambda w: order.order[w[-1]])


def _trump_cover(t: Trick, high_first: bool) -> list[int] | None:
    """Trumps with the lead's shape: its largest unit the lowest (or highest) that may win."""
    order = t.order
    left = list(t.view.counts)
    play: list[int] = []
    for i, unit in enumerate(t.lead.units):
        options = _windows(left, order, TRUMP, unit.width, unit.length)
        if i == 0 and t.best[0]:
            options = [w for w in options if order.order[w[-1]] > t.best[1]]
        if not options:
            return None
        pick = options[-1] if high_first and i == 0 else options[0]
        play += pick
        for c in pick:
            left[c] -= 1
    return play


def fill_follow(t: Trick, give_points: bool) -> list[int]:
    """A best-matching structure, topped up with the cheapest (or point) cards."""
    view, order, lead = t.view, t.order, t.lead
    left = list(view.counts)
    play = list(required_cards(left, lead, order))
    for c in play:
        left[c] -= 1
    win_top = t.best[1] if not t.best[0] else 1 << 30

    def cost(c: int) -> tuple[int, ...]:
        in_suit = order.suit[c] == lead.suit
        trump = int(order.suit[c] == TRUMP and not in_suit)
        beats = int(in_suit and not t.best[0] and order.order[c] > win_top)
        pair = int(view.counts[c] >= 2)
        pts = -POINTS[c] if give_points else POINTS[c]
        return (int(not in_suit), beats if give_points else 0, trump, pts, pair, order.order[c])

    rest = sorted((c for c in range(54) for _ in range(left[c])), key=cost)
    return play + rest[: lead.size - len(play)]


def choose_follow(view: View, rng: random.Random) -> list[Card]:
    """Follow: help a winning partner, take points, or play low."""
    t = Trick(view)
    others = unseen(view)
    candidates: list[list[int]] = []
    if t.winner_seat in partners(view):
        candidates.append(fill_follow(t, give_points=t.safe_for_winner(others)))
        candidates.append(fill_follow(t, give_points=False))
        for play in candidates:
            if t.legal(play) and not t.beats(play):
                return _cards(play)
    else:
        wins = winning_plays(t, others)
        if wins and _worth_winning(t, wins[0], others):
            candidates.append(wins[0])
        candidates.append(fill_follow(t, give_points=False))
    for play in candidates:
        if t.legal(play):
            return _cards(play)
    return random_follow(view, rng)


def _worth_winning(t: Trick, play: list[int], others: Sequence[int]) -> bool:
    """Take points; take a pointless trick only cheaply in suit (last, or unbeatable)."""
    if t.points > 0:
        return True
    if t.order.suit[play[0]] != t.lead.suit:
        return False
    if t.last:
        return True
    unit = t.lead.units[0]
    shape = Unit(unit.width, unit.length, (play[-1],) * unit.length)
    return not can_be_beaten(shape, others, t.order, t.lead.suit)


# ------------------------------------------------------------------- player
class EasyPlayer:
    """A casual player's rules of thumb; see the module docstring."""

    name = "easy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def declare(self, view: View) -> Declare | None:
        cards = choose_declaration(view)
        return None if cards is None else Declare(view.seat, cards)

    def act(self, view: View) -> Action:
        seat = view.seat
        if view.phase in ("declare", "theft"):
            return self.declare(view) or Pass(seat)
        if view.phase == "bury":
            return Bury(seat, choose_bury(view))
        if view.phase == "call":
            return CallFriend(seat, choose_friend(view))
        if view.phase == "play":
            return Play(seat, self.play(view))
        raise ValueError(f"seat {seat} has nothing to do in phase {view.phase}")

    def play(self, view: View) -> list[Card]:
        """The cards to lead or follow with (subclasses add what they remember)."""
        if view.lead is None:
            return choose_lead(view)
        return choose_follow(view, self.rng)


BasicPlayer = EasyPlayer
"""The old name of ``EasyPlayer``."""

__all__ = ["EasyPlayer", "BasicPlayer", "partners", "choose_bury", "top_up_kitty", "choose_lead",
           "choose_follow", "choose_friend", "choose_declaration", "unseen", "can_be_beaten"]

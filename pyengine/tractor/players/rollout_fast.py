"""The rollout's fast policy: the play-out of singles and pairs on plain lists
(``fast_play``), the hot path of ``tractor.players.rollout.play_out``.

The policy is the same for the four seats and sees the sampled hands; see
``tractor.players.rollout`` for what it leads and follows. ``follow_key`` says how a
follow to a single or pair contests it (the memory of the players reads tricks with it).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import POINTS
from ..trump import TRUMP, Trump
from .rollout_table import Cards, Table


def fast_play(t: Table, order: Trump, horizon: int = 0, played: int = 0) -> bool:
    """Play on from ``t`` with the policy: to the end (True), or with ``horizon`` > 0 until
    ``horizon`` tricks are played (``played`` of them already), stopping between tricks
    with cards left (False)."""
    suit_of = order.suit
    rank = order.order
    by_suit = order.by_suit
    pts = POINTS
    hands = t.hands
    captured = t.captured
    defenders = t.defenders
    side = [s in defenders for s in range(4)]
    record = t.record
    # Lengths of each effective suit in each hand, and every card still in a hand.
    if t.length is None or t.left is None:
        t.tally()
    length, left = t.length, t.left
    assert length is not None and left is not None
    board: Board = (hands, length, side, rank, by_suit)
    disc = (_discard_order(suit_of, rank, False), _discard_order(suit_of, rank, True))
    foes = ([s for s in range(4) if side[s]], [s for s in range(4) if not side[s]])
    cards_left = sum(left)

    if t.trick:  # a single or pair already led: finish it on the fast path
        trick = t.trick
        lead0 = trick[0][1]
        e = suit_of[lead0[0]]
        best_seat, best_key = trick[0][0], rank[lead0[0]]
        tpts = 0
        for s, cs in trick:
            tpts += sum(pts[c] for c in cs)
            if s != trick[0][0]:
                k = follow_key(cs, e, suit_of, rank)
                if k > best_key:
                    best_seat, best_key = s, k
        leader = trick[0][0]
        start = len(trick)
        play_lead: Cards | None = lead0
        best_play = next(cs for s, cs in trick if s == best_seat)
    else:
        leader = t.leader
        start = 0
        play_lead = None
        best_play = ()
        e = best_key = best_seat = tpts = 0
    t.trick = []
    t.lead = None
    if not cards_left and not start:
        return True
    tricks = played
    while cards_left > 0 or start:
        if horizon and not start and tricks >= horizon:
            t.leader = leader
            return False
        tricks += 1
        rot = ((leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4)
        for i in range(start, 4):
            seat = (leader + i) % 4
            h = hands[seat]
            if i == 0:
                cs = _lead(seat, h, hands, left, length, foes[side[seat]], suit_of, rank,
                           by_suit)
                e = suit_of[cs[0]]
                best_seat, best_key, best_play = seat, rank[cs[0]], cs
                tpts = 0
            else:
                assert play_lead is not None
                mate = side[best_seat] == side[seat]
                after = rot[i:]  # the seats still to play
                mine = side[seat]
                safe = mate and _holds(board, after, mine, e, best_key)
                cs = _follow(h, play_lead, e, length[seat], mate and safe, mate, best_key, tpts,
                             i == 3, suit_of, rank, by_suit, disc)
                k = follow_key(cs, e, suit_of, rank)
                if not mate and len(cs) == 1 and i < 3:
                    if k > best_key and not _holds(board, after, mine, e, k):
                        cs = _cheaper_winner(h, cs[0], e, best_key, board, after, mine, suit_of)
                        k = follow_key(cs, e, suit_of, rank)
                    if k <= best_key and _mate_takes(board, after, mine, e, best_key):
                        cs = ((_most_points(h, by_suit[e], rank),) if length[seat][e]
                              else (_discard_in(h, e, suit_of, disc[True]),))
                        k = follow_key(cs, e, suit_of, rank)
                if k > best_key:
                    best_seat, best_key, best_play = seat, k, cs
            my_len = length[seat]
            for c in cs:  # the cards leave the hand
                h[c] -= 1
                left[c] -= 1
                my_len[suit_of[c]] -= 1
                tpts += pts[c]
            cards_left -= len(cs)
            if record is not None:
                record.append((seat, cs))
            if i == 0:
                play_lead = cs
        captured[best_seat] += tpts
        leader = best_seat
        start = 0
        play_lead = None
    t.leader = leader
    t.last = (best_seat, best_play)
    return True


def _threat(
    h: list[int], n: list[int], e: int, best_key: int, rank: Sequence[int],
    by_suit: Sequence[Sequence[int]],
) -> int:
    """The highest key (see ``follow_key``) a hand ``h`` with suit lengths ``n`` can play on a
    single led in suit ``e`` when ``best_key`` is winning: its top card of the suit
    (none counts once a trump wins), or its top trump when void in a plain suit."""
    if n[e]:
        if best_key < 1000:
            for c in by_suit[e][::-1]:
                if h[c]:
                    return rank[c]
    elif e != TRUMP and n[TRUMP]:
        for c in by_suit[TRUMP][::-1]:
            if h[c]:
                return 1000 + rank[c]
    return -1


Board = tuple[list[list[int]], list[list[int]], list[bool], Sequence[int],
              Sequence[Sequence[int]]]
"""What the follow helpers read in a play-out: the hands, their suit lengths, each seat's
side, the trump order's ranks and its cards by effective suit."""


def _holds(board: Board, after: Sequence[int], my_side: bool, e: int, best_key: int) -> bool:
    """Whether no seat of the other side in ``after`` (still to play) can beat ``best_key``."""
    hands, length, side, rank, by_suit = board
    for o in after:
        if side[o] != my_side and _threat(hands[o], length[o], e, best_key, rank,
                                          by_suit) > best_key:
            return False
    return True


def _mate_takes(
    board: Board, after: Sequence[int], my_side: bool, e: int, best_key: int
) -> bool:
    """Whether a partner in ``after`` holds a single that beats ``best_key`` and holds."""
    hands, length, side, rank, by_suit = board
    for j, o in enumerate(after):
        if side[o] != my_side:
            continue
        key = _threat(hands[o], length[o], e, best_key, rank, by_suit)
        if key > best_key and _holds(board, after[j + 1:], my_side, e, key):
            return True
    return False


def follow_key(cs: Cards, e: int, suit_of: Sequence[int], rank: Sequence[int]) -> int:
    """How a follow to a single or pair lead of suit ``e`` contests it (-1: it cannot)."""
    c = cs[0]
    if len(cs) == 2 and cs[1] != c:
        return -1
    s = suit_of[c]
    if s == e:
        return rank[c]
    if s == TRUMP:
        return 1000 + rank[c]
    return -1


def _lead(
    seat: int,
    h: list[int],
    hands: list[list[int]],
    left: list[int],
    length: list[list[int]],
    opps: Sequence[int],
    suit_of: Sequence[int],
    rank: Sequence[int],
    by_suit: Sequence[Sequence[int]],
) -> Cards:
    """The policy's lead for ``seat`` (hand ``h``); ``opps``: the other side's seats."""
    my_len = length[seat]
    short_suit = -1
    short_len = 99
    for e in range(4):
        n = my_len[e]
        if not n:
            continue
        if n < short_len:
            short_suit, short_len = e, n
        cards = by_suit[e]
        for j in range(len(cards) - 1, -1, -1):  # the highest card still out
            top = cards[j]
            if left[top]:
                break
        if not h[top]:  # someone else holds it
            continue
        ruffed = False
        for o in opps:
            if not length[o][e] and length[o][TRUMP]:
                ruffed = True
                break
        if not ruffed:
            return (top, top) if h[top] >= 2 else (top,)
    if my_len[TRUMP]:
        trumps_out = False
        for s in range(4):
            if s != seat and length[s][TRUMP]:
                trumps_out = True
                break
        if trumps_out or short_suit < 0:
            cards = by_suit[TRUMP]
            for j in range(len(cards) - 1, -1, -1):  # the highest trump still out
                top = cards[j]
                if left[top]:
                    break
            high = rank[top]
            while not h[top] and j > 0 and rank[cards[j - 1]] == high:
                j -= 1  # an equal trump (a level card of another suit) of ours
                top = cards[j]
            if h[top]:
                return (top, top) if h[top] >= 2 else (top,)
            if short_suit < 0:  # only trumps left and not the best: lead the lowest
                for c in cards:
                    if h[c]:
                        return (c,)
    pair = -1
    for e in range(4):
        if my_len[e] >= 2 and not any(not length[o][e] and length[o][TRUMP] for o in opps):
            for c in by_suit[e]:
                if h[c] >= 2 and (pair < 0 or rank[c] > rank[pair]):
                    pair = c
    if pair >= 0:
        return (pair, pair)
    cards = by_suit[short_suit]
    low = -1
    for c in cards:
        if h[c]:
            if not POINTS[c]:
                return (c,)
            if low < 0:
                low = c
    return (low,)


def _follow(
    h: list[int],
    lead: Cards,
    e: int,
    my_len: list[int],
    give: bool,
    mate: bool,
    best_key: int,
    tpts: int,
    last: bool,
    suit_of: Sequence[int],
    rank: Sequence[int],
    by_suit: Sequence[Sequence[int]],
    disc: tuple[tuple[int, ...], tuple[int, ...]],
) -> Cards:
    n = len(lead)
    have = my_len[e]
    cards = by_suit[e]
    if n == 1:
        if have:
            if mate:
                if give:
                    return (_most_points(h, cards, rank),)
                return (_lowest(h, cards),)
            if best_key < 1000 and (tpts or last):
                for c in cards:
                    if h[c] and rank[c] > best_key:
                        return (c,)
            return (_lowest(h, cards),)
        if not mate and tpts and my_len[TRUMP]:
            floor = best_key - 1000
            for c in by_suit[TRUMP]:
                if h[c] and rank[c] > floor:
                    return (c,)
        return (_discard_in(h, e, suit_of, disc[give]),)
    # a pair
    if have >= 2:
        low_pair = -1
        for c in cards:
            if h[c] >= 2:
                if not mate and best_key < 1000 and rank[c] > best_key and (tpts or last):
                    return (c, c)
                if low_pair < 0:
                    low_pair = c
        if low_pair >= 0:
            return (low_pair, low_pair)
        first = _lowest(h, cards)
        h[first] -= 1
        second = _lowest(h, cards)
        h[first] += 1
        return (first, second)
    if have == 1:
        first = _lowest(h, cards)
        h[first] -= 1
        second = _discard_in(h, e, suit_of, disc[give])
        h[first] += 1
        return (first, second)
    if not mate and tpts and my_len[TRUMP] >= 2:
        floor = best_key - 1000
        for c in by_suit[TRUMP]:
            if h[c] >= 2 and rank[c] > floor:
                return (c, c)
    first = _discard_in(h, e, suit_of, disc[give])
    h[first] -= 1
    second = _discard_in(h, e, suit_of, disc[give])
    h[first] += 1
    return (first, second)


def _cheaper_winner(
    h: list[int],
    first: int,
    e: int,
    best_key: int,
    board: Board,
    after: Sequence[int],
    my_side: bool,
    suit_of: Sequence[int],
) -> Cards:
    """The lowest single above ``first`` that holds the trick; else a card that does not
    try (the lowest of the led suit, or a cheap discard when void)."""
    rank, by_suit = board[3], board[4]
    pool = by_suit[e] if suit_of[first] == e else by_suit[TRUMP]
    base = 1000 if suit_of[first] != e else 0
    for c in pool:
        if h[c] and base + rank[c] > best_key and _holds(board, after, my_side, e,
                                                         base + rank[c]):
            return (c,)
    if suit_of[first] == e:
        return (_lowest(h, by_suit[e]),)
    return (_discard(h, e, suit_of, rank, False),)


def _lowest(h: list[int], cards: Sequence[int]) -> int:
    """The lowest card held in ``cards`` (a suit), avoiding points if possible."""
    low = -1
    for c in cards:
        if h[c]:
            if not POINTS[c]:
                return c
            if low < 0:
                low = c
    return low


def _most_points(h: list[int], cards: Sequence[int], rank: Sequence[int]) -> int:
    best, best_pts = -1, -1
    for c in cards:
        if h[c] and POINTS[c] > best_pts:
            best, best_pts = c, POINTS[c]
    return best


_DISCARD_ORDER: dict[tuple[int, bool], tuple[Sequence[int], tuple[int, ...]]] = {}


def _discard_order(suit_of: Sequence[int], rank: Sequence[int], give: bool) -> tuple[int, ...]:
    """The 54 cards, the first to discard first: plain before trump, then the fewest
    points (the most when giving), then the lowest. Cached per trump order (``rank``
    is kept in the cache, so its id is not reused)."""
    found = _DISCARD_ORDER.get((id(rank), give))
    if found is not None and found[0] is rank:
        return found[1]

    def cost(c: int) -> tuple[int, int, int, int]:
        p = POINTS[c]
        return (int(suit_of[c] == TRUMP), -p if give else p, rank[c], c)

    cards = tuple(sorted(range(54), key=cost))
    _DISCARD_ORDER[(id(rank), give)] = (rank, cards)
    return cards


def _discard(h: list[int], e: int, suit_of: Sequence[int], rank: Sequence[int], give: bool) -> int:
    """A card from outside suit ``e``: cheap plain cards first (points first when giving)."""
    return _discard_in(h, e, suit_of, _discard_order(suit_of, rank, give))


def _discard_in(h: list[int], e: int, suit_of: Sequence[int], cards: Sequence[int]) -> int:
    """``_discard`` with its order (``_discard_order``) at hand."""
    for c in cards:
        if h[c] and suit_of[c] != e:
            return c
    return -1



__all__ = ["fast_play", "follow_key"]

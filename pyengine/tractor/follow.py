"""Following a lead: which plays are legal (RULES §4, *Following*).

A follower's cards of the led effective suit are scored by how closely they
match the lead's structure, as a tuple compared lexicographically; a play is
legal when it holds as many led-suit cards as it can and its score equals the
best score the whole hand could reach. The score's parts, in priority order:

1. each led Titanic (longest first): a Titanic of that length or the longest
   shorter one (its unmatched triples join the led triples of step 2, as the
   unmatched pairs of a tractor join the pairs); failing any, *(inferred
   generalisation of the source list for two triples)* all its triples as
   separate triples, else a tractor of pairs as long as possible, else as many
   triples, then pairs (a pair and a single per triple);
2. led triples (and triples left over from shorter Titanics): as many triples
   as held, then a pair (+ single) for each remaining triple;
3. each led tractor (longest first): a tractor of that length, else the longest
   shorter tractor held (its unmatched pairs join the pairs below);
4. led pairs and pairs left over from tractors: as many pairs as held (a pair
   inside a held triple or tractor counts).

For a led Titanic of two triples this gives exactly the source order: Titanic;
two triples; tractor + two singles; triple + pair + single; triple + three
singles; two pairs + two singles; one pair + four singles; six singles.

>>> from tractor.trump import Trump
>>> from tractor.cards import parse_cards, counts_of
>>> t = Trump.of("2", "H")
>>> lead = analyse_lead(parse_cards("3S 3S 4S 4S"), t)
>>> hand = counts_of(parse_cards("7S 7S 8S 8S 9S 5S 5S AH"))
>>> check_follow(hand, lead, parse_cards("7S 7S 8S 8S"), t) is None
True
>>> check_follow(hand, lead, parse_cards("7S 7S 5S 5S"), t)
('follow_tractor', 'you must play a tractor of 2 pairs (you hold one)')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import CARDS
from .trump import Trump
from .units import Counts, Unit, decompose, runs


class LeadError(ValueError):
    """A lead that is not one effective suit."""


@dataclass(frozen=True)
class Lead:
    """A lead analysed once: its suit, units and the demands followers must meet."""

    cards: tuple[int, ...]
    suit: int
    units: tuple[Unit, ...]
    titanics: tuple[int, ...]
    triples: int
    tractors: tuple[int, ...]
    pairs: int

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_throw(self) -> bool:
        return len(self.units) > 1

    @property
    def has_structure(self) -> bool:
        """Whether followers must match any shape (pairs or larger units)."""
        return bool(self.titanics or self.triples or self.tractors or self.pairs)


def combination(lead: Lead) -> str:
    """What a lead is called: ``single``, ``pair``, ``triple``, ``tractor``, ``titanic``
    (consecutive triples) or ``throw`` (several units).

    >>> from tractor.cards import parse_cards
    >>> from tractor.trump import trump_for
    >>> hearts = trump_for(0, 1)
    >>> [combination(analyse_lead(parse_cards(t), hearts)) for t in ("AS", "3S 3S 4S 4S", "AS KS")]
    ['single', 'tractor', 'throw']
    """
    if lead.is_throw:
        return "throw"
    unit = lead.units[0]
    if unit.width == 1:
        return "single"
    if unit.width == 2:
        return "pair" if unit.length == 1 else "tractor"
    return "triple" if unit.length == 1 else "titanic"


def analyse_lead(cards: Sequence[int], trump: Trump) -> Lead:
    """Decompose a lead (all cards of one effective suit) into its demands."""
    if not cards:
        raise LeadError("a lead needs at least one card")
    suits = {trump.suit[c] for c in cards}
    if len(suits) != 1:
        raise LeadError("a lead must be cards of one effective suit")
    units = tuple(decompose(cards, trump))
    return Lead(
        cards=tuple(cards),
        suit=suits.pop(),
        units=units,
        titanics=tuple(u.length for u in units if u.width == 3 and u.length > 1),
        triples=sum(1 for u in units if u.width == 3 and u.length == 1),
        tractors=tuple(u.length for u in units if u.width == 2 and u.length > 1),
        pairs=sum(1 for u in units if u.width == 2 and u.length == 1),
    )


Option = tuple[Counts, list[int]]
"""Remaining counts after a choice, and the cards the choice used."""
Step = Callable[[Counts], tuple[tuple[int, ...], list[Option]]]


def _ids_with(cnt: Counts, width: int) -> list[int]:
    return [c for c, n in cnt.items() if c >= 0 and n >= width]


def _use(cnt: Counts, cards: list[int], width: int) -> Option:
    left = dict(cnt)
    for c in cards:
        left[c] -= width
    return left, [c for c in cards for _ in range(width)]


def _windows(cnt: Counts, trump: Trump, suit: int, width: int, length: int) -> list[Option]:
    """Every run window of ``length`` orders with ``width`` copies each."""
    out: list[Option] = []
    for run in runs(cnt, trump, suit, width):
        for start in range(len(run) - length + 1):
            out.append(_use(cnt, run[start : start + length], width))
    return out


def _longest(cnt: Counts, trump: Trump, suit: int, width: int) -> int:
    return max((len(r) for r in runs(cnt, trump, suit, width)), default=0)


def _choose(cnt: Counts, ids: list[int], k: int, width: int) -> list[Option]:
    return [_use(cnt, list(combo), width) for combo in combinations(ids, k)]


def _triples_then_pairs(
    cnt: Counts, triple_ids: list[int], t: int, slots: int
) -> tuple[int, list[Option]]:
    """Fill ``t`` of ``slots`` triple slots with triples, then the rest with pairs.

    Returns the most pairs any choice of triples leaves room for, and every
    choice (triples + pairs) reaching it.
    """
    out: list[Option] = []
    key_p = 0
    for left, used in _choose(cnt, triple_ids, t, 3):
        pair_ids = _ids_with(left, 2)
        p = min(slots - t, len(pair_ids))
        if p > key_p:
            key_p, out = p, []
        if p == key_p:
            for left2, used2 in _choose(left, pair_ids, p, 2):
                out.append((left2, used + used2))
    return key_p, out


class _Scorer:
    """Builds the steps for one lead and finds the best score of a card set."""

    def __init__(self, lead: Lead, trump: Trump):
        self.lead = lead
        self.trump = trump
        self.suit = lead.suit
        self.steps: list[tuple[str, Step]] = []
        for k in lead.titanics:
            self.steps.append((f"titanic:{k}", self._titanic_step(k)))
        if lead.triples or lead.titanics:
            self.steps.append(("triples", self._triple_step(lead.triples)))
        for k in lead.tractors:
            self.steps.append((f"tractor:{k}", self._tractor_step(k)))
        self.steps.append(("pairs", self._pair_step))

    # Pairs left over from partly matched tractors are carried in a pseudo-count.
    _POOL = -1
    # Triples left over from shorter Titanics, likewise.
    _TRIPLE_POOL = -2

    def _titanic_step(self, k: int) -> Step:
        trump, suit = self.trump, self.suit

        def step(cnt: Counts) -> tuple[tuple[int, ...], list[Option]]:
            m = min(k, _longest(cnt, trump, suit, 3))
            if m >= 2:
                opts = _windows(cnt, trump, suit, 3, m)
                return (m, 0, 0, 0, 0), [self._add_triple_pool(o, k - m) for o in opts]
            triple_ids = _ids_with(cnt, 3)
            if len(triple_ids) >= k:
                return (0, 1, 0, 0, 0), _choose(cnt, triple_ids, k, 3)
            m2 = min(k, _longest(cnt, trump, suit, 2))
            if m2 >= 2:
                return (0, 0, m2, 0, 0), _windows(cnt, trump, suit, 2, m2)
            t = len(triple_ids)
            key_p, out = _triples_then_pairs(cnt, triple_ids, t, k)
            return (0, 0, 0, t, key_p), out

        return step

    def _triple_step(self, led: int) -> Step:
        def step(cnt: Counts) -> tuple[tuple[int, ...], list[Option]]:
            n = led + cnt.get(self._TRIPLE_POOL, 0)
            if self._TRIPLE_POOL in cnt:
                cnt = dict(cnt)
                del cnt[self._TRIPLE_POOL]
            triple_ids = _ids_with(cnt, 3)
            t = min(n, len(triple_ids))
            key_p, out = _triples_then_pairs(cnt, triple_ids, t, n)
            return (t, key_p), out

        return step

    def _tractor_step(self, k: int) -> Step:
        trump, suit = self.trump, self.suit

        def step(cnt: Counts) -> tuple[tuple[int, ...], list[Option]]:
            longest = _longest(cnt, trump, suit, 2)
            m = min(k, longest) if longest >= 2 else 0
            if m == 0:
                return (0,), [self._add_pool((dict(cnt), []), k)]
            opts = _windows(cnt, trump, suit, 2, m)
            return (m,), [self._add_pool(o, k - m) for o in opts]

        return step

    def _add_triple_pool(self, option: Option, extra: int) -> Option:
        left, used = option
        if extra:
            left = dict(left)
            left[self._TRIPLE_POOL] = left.get(self._TRIPLE_POOL, 0) + extra
        return left, used

    def _add_pool(self, option: Option, extra: int) -> Option:
        left, used = option
        if extra:
            left = dict(left)
            left[self._POOL] = left.get(self._POOL, 0) + extra
        return left, used

    def _pair_step(self, cnt: Counts) -> tuple[tuple[int, ...], list[Option]]:
        wanted = self.lead.pairs + cnt.get(self._POOL, 0)
        pair_ids = [c for c, n in cnt.items() if c >= 0 and n >= 2]
        p = min(wanted, len(pair_ids))
        chosen = sorted(pair_ids, key=self.trump.order.__getitem__)[:p]
        return (p,), [_use(cnt, chosen, 2)]

    def best(self, cnt: Counts) -> tuple[list[tuple[str, tuple[int, ...]]], list[int]]:
        """The best score (labelled parts) for a card set, and cards achieving it."""
        return self._rec(0, cnt)

    def _rec(self, i: int, cnt: Counts) -> tuple[list[tuple[str, tuple[int, ...]]], list[int]]:
        if i == len(self.steps):
            return [], []
        label, step = self.steps[i]
        part, options = step(cnt)
        best_rest: list[tuple[str, tuple[int, ...]]] | None = None
        best_used: list[int] = []
        best_key: list[tuple[int, ...]] | None = None
        for left, used in options:
            rest, rest_used = self._rec(i + 1, left)
            key = [p for _, p in rest]
            if best_key is None or key > best_key:
                best_key, best_rest, best_used = key, rest, used + rest_used
        assert best_rest is not None
        return [(label, part)] + best_rest, best_used


def _suit_counts(hand: Sequence[int], trump: Trump, suit: int) -> Counts:
    return {c: hand[c] for c in trump.by_suit[suit] if hand[c]}


def _explain(label: str, part: tuple[int, ...], hand_part: tuple[int, ...]) -> tuple[str, str]:
    kind, _, length = label.partition(":")
    if kind == "tractor":
        return (
            "follow_tractor",
            f"you must play a tractor of {hand_part[0]} pairs (you hold one)",
        )
    if kind == "titanic":
        return (
            "follow_titanic",
            "you must match the led Titanic as closely as your hand allows "
            "(Titanic, then triples, then a tractor, then triples and pairs)",
        )
    if kind == "triples":
        return (
            "follow_triples",
            f"you must play {hand_part[0]} triple(s) and then pairs for the led triples"
            if hand_part[0]
            else "you must play a pair for each led triple while you have pairs",
        )
    return ("follow_pairs", f"you must play {hand_part[0]} pair(s) of the led suit (you hold them)")


def check_follow(
    hand: Sequence[int], lead: Lead, play: Sequence[int], trump: Trump
) -> tuple[str, str] | None:
    """Why ``play`` (from ``hand`` counts) is not a legal follow, or None if it is.

    Returns ``(rule, message)``: ``wrong_count``, ``not_in_hand``, ``follow_suit``,
    ``follow_titanic``, ``follow_triples``, ``follow_tractor`` or ``follow_pairs``.
    """
    n = lead.size
    if len(play) != n:
        return ("wrong_count", f"you must play exactly {n} card(s), as many as were led")
    need: dict[int, int] = {}
    for c in play:
        need[c] = need.get(c, 0) + 1
    for c, k in need.items():
        if hand[c] < k:
            return ("not_in_hand", f"{CARDS[c]} is not in your hand")
    have = sum(hand[c] for c in trump.by_suit[lead.suit])
    in_suit = sum(k for c, k in need.items() if trump.suit[c] == lead.suit)
    if in_suit < min(n, have):
        suit_name = "trumps" if lead.suit == 4 else "cards of the led suit"
        return (
            "follow_suit",
            f"you must follow suit: play {min(n, have)} {suit_name} (you play {in_suit})",
        )
    if not lead.has_structure:
        return None
    scorer = _Scorer(lead, trump)
    hand_best, _ = scorer.best(_suit_counts(hand, trump, lead.suit))
    play_best, _ = scorer.best({c: k for c, k in need.items() if trump.suit[c] == lead.suit})
    for (label, hand_part), (_, play_part) in zip(hand_best, play_best, strict=True):
        if play_part != hand_part:
            return _explain(label, play_part, hand_part)
    return None


def is_legal_follow(hand: Sequence[int], lead: Lead, play: Sequence[int], trump: Trump) -> bool:
    return check_follow(hand, lead, play, trump) is None


def required_cards(hand: Sequence[int], lead: Lead, trump: Trump) -> list[int]:
    """Led-suit cards that form a best-matching structure (part of some legal follow)."""
    if not lead.has_structure:
        return []
    _, used = _Scorer(lead, trump).best(_suit_counts(hand, trump, lead.suit))
    return used


def legal_follows(hand: Sequence[int], lead: Lead, trump: Trump) -> Iterator[tuple[int, ...]]:
    """Every legal follow (as sorted card-id tuples, each multiset once).

    The number can be large for a void hand; iterate lazily.
    """
    n = lead.size
    suit_cards = [c for c in trump.by_suit[lead.suit] for _ in range(hand[c])]
    if len(suit_cards) <= n:
        rest = [c for c in range(54) if trump.suit[c] != lead.suit for _ in range(hand[c])]
        seen: set[tuple[int, ...]] = set()
        for combo in combinations(rest, n - len(suit_cards)):
            play = tuple(sorted(suit_cards + list(combo)))
            if play not in seen:
                seen.add(play)
                yield play
        return
    scorer = _Scorer(lead, trump)
    target = [p for _, p in scorer.best(_suit_counts(hand, trump, lead.suit))[0]]
    seen = set()
    for combo in combinations(suit_cards, n):
        if combo in seen:
            continue
        seen.add(combo)
        cnt: Counts = {}
        for c in combo:
            cnt[c] = cnt.get(c, 0) + 1
        if [p for _, p in scorer.best(cnt)[0]] == target:
            yield combo

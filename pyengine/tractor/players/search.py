"""Determinised Monte Carlo search: the engine of the normal and hard players.

For each play (lead or follow) a ``SearchPlayer`` lists a handful of candidate
plays (its rules' choice first, then the easy player's, then singles, pairs and
tractors of each suit, or the sensible follows), samples deals of the cards it
cannot see consistent with its view (``sampling``: voids, played cards,
declarations, the friend rule, its own buried kitty), plays every candidate out
in every sampled deal with the fast rollout policy (``rollout``; the same deals
for every candidate), and scores each by its mean outcome for its side: levels
gained (or lost) in the hand plus a share of the point margin, so that close
hands still separate (``outcome_score``). Screening covers every candidate (in
successive-halving rounds when there are more than ``HALVING_FROM``: the better
half of the challengers goes on to fresh deals, so the budget goes to the
contenders); the best challenger to the rules' choice then gets a paired
confirmation round on fresh deals, and is played only if it still wins by the
budget's ``margin`` over all its deals (noisy estimates otherwise favour lucky
bad moves). The kitty is chosen the same way (``burying``) with fixed partners.

How much it searches is a ``Budget``: play-outs a decision while the four hands
hold ``REF_CARDS`` cards (2 decks at the start of play), in proportion fewer with
more cards (3 decks) and more with fewer (up to ``late_scale``), at least
``min_samples`` deals a candidate, at most ``max_candidates`` candidates; with a
``horizon``, play-outs stop after that many tricks early in the hand and the rest
is estimated (``rollout.estimate``): cheaper, so more deals, but biased. A
decision depends only on the view and the seed. Declaring and calling the
friend are the easy player's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..actions import Action, Bury, Play
from ..cards import CARDS, POINTS, Card, points_of
from ..follow import analyse_lead, check_follow
from ..rules import THROW_PENALTY_POINTS, Rules
from ..scoring import level_change
from ..trump import TRUMP
from ..units import decompose
from ..view import View
from . import easy
from .burying import Score, bury_candidates, evaluate_bury
from .common import distinct
from .easy import EasyPlayer, _flat
from .memory import Memory
from .rollout import Table, follow_cards, lead_cards, play_out
from .sampling import Sampler

REF_CARDS = 100
"""Cards in the four hands at the start of play with 2 decks: the budget's reference."""
SCALE_POWER = 1.0
"""How fast the budget shrinks with more cards in the hands than ``REF_CARDS`` (3
decks): in proportion. Measured for hard against normal, 3 decks, 100 deals, seed 13:
no scaling +0.30 levels a hand with a CPU p95 of 99 ms; 1.0 +0.24 and 81 ms; 1.5 +0.21
and 76 ms (the strength differences are within the noise)."""
SCREEN_SHARE = 0.6
"""Share of the budget spent screening every candidate (the rest confirms a challenger)."""
HALVING_FROM = 4
"""With more candidates than this, screening runs in successive-halving rounds."""
HORIZON_SLACK = 8
"""A play-out is cut at the budget's horizon only if it would leave more than this many
cards in the hands (two tricks of singles): the end of a hand is always played out."""
POINT_WEIGHT = 2.0
"""Weight of the point margin (as a share of the decks' points) next to the levels."""


@dataclass(frozen=True)
class Budget:
    """How much a ``SearchPlayer`` searches (see the module docstring)."""

    rollouts: int
    """Play-outs a play decision, split over the candidates, with ``REF_CARDS`` cards."""
    late_scale: float = 1.0
    """At most this many times ``rollouts`` when fewer cards are left."""
    max_candidates: int = 10
    min_samples: int = 6
    max_samples: int = 30
    """Screening deals a candidate, at most (times the budget's scale)."""
    bury_scale: float = 0.6
    """The bury search's play-outs (whole hands) as a share of ``rollouts``; 0: none."""
    margin: float = 0.05
    """How much better than the rules' choice a candidate must score to be played."""
    horizon: int = 0
    """Play-outs of a play decision stop after this many tricks and estimate the rest
    (``rollout.estimate``) while the hands hold more than ``4 * horizon + HORIZON_SLACK``
    cards; 0: every play-out goes to the end of the hand."""


def lead_candidates(
    view: View, first: list[int], limit: int
) -> list[list[int]]:
    """Leads to compare, ``first`` first (at most ``limit``): easy's lead, then of each
    suit its two largest pairs or tractors, its highest card, its lowest plain card
    and its highest point card, and late in the hand (8 cards or fewer) every other
    single. With more than ``HALVING_FROM`` candidates they come kind by kind (trumps
    first), so the limit drops no suit; with fewer, suit by suit (spades first: the
    light search measured stronger and faster with its two extra candidates from
    one suit, mostly singles, than with pairs and tractors from several)."""
    order = view.order
    multis: list[list[int]] = []
    highs: list[list[int]] = []
    lows: list[list[int]] = []
    points: list[list[int]] = []
    by_suit: list[list[int]] = []
    for s in (TRUMP, 0, 1, 2, 3) if limit > HALVING_FROM else (0, 1, 2, 3, TRUMP):
        cards = _flat(view.counts, order, s)
        if not cards:
            continue
        units = decompose(cards, order)
        multi = [u for u in units if u.width > 1]
        mine = [u.all_cards() for u in sorted(multi, key=lambda u: (-u.size, -order.order[u.top]))]
        plain = [c for c in cards if not POINTS[c]] or cards
        pts = [c for c in cards if POINTS[c]]
        kinds = [mine[:2], [[cards[-1]]], [[plain[0]]], [[pts[-1]]] if pts else []]
        for group, found in zip((multis, highs, lows, points), kinds, strict=True):
            group += found
        by_suit += mine[:2] + [[plain[0]], [cards[-1]]] + ([[pts[-1]]] if pts else [])
    rest = [[c] for c in range(54) if view.counts[c]] if len(view.hand) <= 8 else []
    ranked = [*multis, *highs, *lows, *points] if limit > HALVING_FROM else by_suit
    out = [first, [int(c) for c in easy.choose_lead(view)], *ranked, *rest]
    return distinct(out, limit)


def follow_candidates(
    view: View, mem: Memory, first: list[int], rng: random.Random, limit: int
) -> list[list[int]]:
    """Legal follows to compare, ``first`` first (at most ``limit``): easy's follow, the
    plays that win the trick, the cheapest follow with and without points, and in a
    single or pair lead the extremes of the suit (or of the trumps when void)."""
    assert view.lead is not None
    order, lead = view.order, view.lead
    own_rng = random.Random(rng.random())
    out: list[list[int]] = [first, [int(c) for c in easy.choose_follow(view, own_rng)]]
    t = easy.Trick(view)
    out += easy.winning_plays(t, mem.unseen)[:2]
    out.append(easy.fill_follow(t, give_points=True))
    out.append(easy.fill_follow(t, give_points=False))
    cnt = view.counts
    if lead.size == 1:
        suit = [c for c in order.by_suit[lead.suit] if cnt[c]]
        pool = suit or [c for c in range(54) if cnt[c]]
        if suit:
            out += [[suit[0]], [suit[-1]]]
            out += [[c] for c in suit if POINTS[c]][-1:]
        else:
            trumps = [c for c in order.by_suit[TRUMP] if cnt[c]]
            out += [[c] for c in trumps[:1] + trumps[-1:]]
            out += [[c] for c in sorted(pool, key=lambda c: (-POINTS[c], order.order[c]))[:1]]
    elif lead.size == 2 and len(lead.units) == 1:
        pairs = [c for c in order.by_suit[lead.suit] if cnt[c] >= 2]
        out += [[c, c] for c in pairs[:1] + pairs[-1:]]
        if not any(cnt[c] for c in order.by_suit[lead.suit]):
            tpairs = [c for c in order.by_suit[TRUMP] if cnt[c] >= 2]
            out += [[c, c] for c in tpairs[:1] + tpairs[-1:]]
    legal = [p for p in out if check_follow(cnt, lead, p, order) is None]
    return distinct(legal, limit)


def outcome_score(rules: Rules) -> Score:
    """How a seat scores a played-out hand: levels gained (negative: lost) plus
    ``POINT_WEIGHT`` times the point margin as a share of the decks' points."""
    total = rules.total_points

    def score(attackers_points: int, defender: bool) -> float:
        side, n = level_change(attackers_points, rules.decks, rules.scoring)
        levels = n if (side == "defenders") == defender else -n
        margin = attackers_points / total
        return levels + POINT_WEIGHT * (-margin if defender else margin)

    return score


def deal_outcomes(
    view: View, mem: Memory, candidates: Sequence[list[int]], rng: random.Random, samples: int,
    horizon: int = 0,
) -> Iterator[tuple[bool, list[int]]]:
    """For each of ``samples`` sampled deals: whether the seat defends in it, and the
    attackers' final points after each candidate is played out in it (the same deal
    for every candidate); play-outs cut after ``horizon`` tricks (``Budget.horizon``)."""
    seat = view.seat
    rules = view.rules
    throw_penalty = THROW_PENALTY_POINTS if rules.throw_penalty else 0
    kitty_known = points_of(view.kitty) if mem.kitty_known and view.kitty is not None else None
    leading = view.lead is None
    leads = [analyse_lead(cards, view.order) for cards in candidates] if leading else []
    sampler = Sampler(view, mem)
    if sum(view.hand_sizes) <= 4 * horizon + HORIZON_SLACK:
        horizon = 0
    for _ in range(samples):
        deal = sampler.deal(rng)
        kitty_points = kitty_known if kitty_known is not None else points_of(deal.kitty or ())
        base = Table(view.order, deal.hands, view.leader, view.trick, view.captured,
                     deal.defenders, kitty_points, view.penalty, throw_penalty, view.lead)
        base.tally()  # once for every candidate
        points: list[int] = []
        for i, cards in enumerate(candidates):
            t = base.copy()
            if leading:
                lead_cards(t, seat, cards, leads[i])
            else:
                follow_cards(t, seat, cards)
            points.append(play_out(t, None, horizon).attackers_points)
        yield seat in deal.defenders, points


def evaluate(
    view: View, mem: Memory, candidates: Sequence[list[int]], rng: random.Random, samples: int,
    horizon: int = 0,
) -> list[float]:
    """Mean outcome of each candidate over the same ``samples`` sampled deals (higher is
    better; ``deal_outcomes`` scored by ``outcome_score``)."""
    score = outcome_score(view.rules)
    sums = [0.0] * len(candidates)
    for defender, points in deal_outcomes(view, mem, candidates, rng, samples, horizon):
        for i, p in enumerate(points):
            sums[i] += score(p, defender)
    return [s / samples for s in sums]


def budget_scale(view: View, late_scale: float = 1.0) -> float:
    """The share of the budget to spend: ``(REF_CARDS / cards) ** SCALE_POWER`` with more
    than ``REF_CARDS`` cards in the four hands (3 decks: a play-out costs more);
    ``REF_CARDS / cards``, at most ``late_scale``, with fewer (a play-out is shorter)."""
    cards = sum(view.hand_sizes)
    if cards <= REF_CARDS:
        return min(late_scale, REF_CARDS / max(1, cards))
    return float((REF_CARDS / cards) ** SCALE_POWER)


class SearchPlayer(EasyPlayer):
    """Rules propose, search disposes: see the module docstring. Subclasses give the
    ``budget`` and the rules' choice (``rule_play``)."""

    name = "search"
    budget = Budget(rollouts=200)

    def rule_play(self, view: View, mem: Memory) -> list[Card]:
        """The play the rules choose: the first candidate, kept unless beaten."""
        return self.play(view)

    def act(self, view: View) -> Action:
        if view.phase == "bury" and view.rules.partners == "fixed":
            return self.bury(view)
        if view.phase != "play":
            return super().act(view)
        seat = view.seat
        mem = Memory(view)
        first = [int(c) for c in self.rule_play(view, mem)]
        limit = self.budget.max_candidates
        if view.lead is None:
            candidates = lead_candidates(view, first, limit)
        else:
            candidates = follow_candidates(view, mem, first, self.rng, limit)
        best = 0
        if len(candidates) > 1 and len(view.hand) > 1:
            horizon = self.budget.horizon
            best = self.choose(
                view, candidates, lambda cs, n: evaluate(view, mem, cs, self.rng, n, horizon)
            )
        return Play(seat, [CARDS[c] for c in candidates[best]])

    def bury(self, view: View) -> Bury:
        """The kitty: the easy player's unless a searched candidate does clearly better."""
        first = [int(c) for c in easy.choose_bury(view)]
        candidates = bury_candidates(view, first)
        size = len(view.hand) - view.rules.kitty_size
        dealt = all(view.hand_sizes[s] == size for s in range(4) if s != view.seat)
        best = 0
        if len(candidates) > 1 and dealt and self.budget.bury_scale > 0:
            score = outcome_score(view.rules)
            best = self.choose(
                view, candidates,
                lambda cs, n: evaluate_bury(view, cs, self.rng, n, score),
                scale=self.budget.bury_scale,
            )
        return Bury(view.seat, [CARDS[c] for c in candidates[best]])

    def choose(
        self,
        view: View,
        candidates: Sequence[list[int]],
        evaluate: Callable[[Sequence[list[int]], int], list[float]],
        scale: float = 1.0,
    ) -> int:
        """Index of the candidate to play: screen them, then confirm a challenger.

        ``evaluate(candidates, samples)`` gives each candidate's mean score over the
        same ``samples`` sampled deals. Screening spends ``SCREEN_SHARE`` of the
        budget. With more than ``HALVING_FROM`` candidates it runs in rounds on fresh
        deals (successive halving): after each round the better half of the
        challengers stays, with the first (the rules' choice) always in; the
        budget goes to the contenders instead of plays already seen to be poor. If
        the best challenger beats the first, both get the rest of the budget on fresh
        deals, and the challenger is played only if its mean over all the deals they
        shared still beats the first by the budget's margin.
        """
        b = self.budget
        n = len(candidates)
        grow = budget_scale(view, b.late_scale)
        rollouts = int(b.rollouts * grow * scale)
        most = int(b.max_samples * grow)
        screen_budget = int(rollouts * SCREEN_SHARE)
        rounds = 1 if n <= HALVING_FROM else max(1, (n - 2).bit_length())
        sums = [0.0] * n
        counts = [0] * n
        alive = list(range(n))
        spent = 0
        for r in range(rounds):
            k = max(b.min_samples, min(most, screen_budget // (rounds * len(alive))))
            scores = evaluate([candidates[i] for i in alive], k)
            for i, score in zip(alive, scores, strict=True):
                sums[i] += score * k
                counts[i] += k
            spent += k * len(alive)
            challengers = sorted(alive[1:], key=lambda i: (-sums[i] / counts[i], i))
            if r < rounds - 1:
                alive = [0, *challengers[: max(1, (len(challengers) + 1) // 2)]]
        best = challengers[0] if challengers else 0
        if best == 0 or sums[best] <= sums[0]:
            return 0
        confirm = max(b.min_samples, (rollouts - spent) // 2)
        more = evaluate([candidates[0], candidates[best]], confirm)
        gain = (sums[best] - sums[0] + (more[1] - more[0]) * confirm) / (counts[best] + confirm)
        return best if gain >= b.margin else 0


__all__ = ["Budget", "SearchPlayer", "evaluate", "deal_outcomes", "outcome_score", "budget_scale",
           "lead_candidates", "follow_candidates"]

"""The coach: review one hand of a match record for one seat, decision by decision.

For every decision of the seat in the hand where it had a real choice, the coach
compares the action played with the best candidate the hard player would consider,
from the seat's view at that moment only (``Match.observe(seat)``: never the true
hidden cards), over deals of the unseen cards sampled consistently with that view
(``players.sampling``, as ``hard`` samples them) and played out by hard's rollout
policy (``players.search.deal_outcomes``, ``players.burying.bury_outcomes``,
``players.calling.call_outcomes``, ``players.declaring.declare_outcomes``).

What is reviewed, and its ``kind`` (the rest is skipped):

* ``lead`` / ``follow``: every lead with more than one card in the hand, and every
  follow with more than one legal play; candidates are hard's (``lead_candidates`` /
  ``follow_candidates`` with normal's rules-with-memory choice first and hard's limit
  of 10, so hard's own choice is always among them) plus the play made;
* ``bury``: the bury with fixed partners (hard's ``bury_candidates`` plus the kitty
  buried); in find-a-friend the burier does not know its side yet, as for hard;
* ``call``: the friend call (find-a-friend), against easy's call, the top card of
  each suit and a card of which the dealer holds one copy (``players.calling``);
* ``declare`` / ``pass``: a declaring decision with the whole hand dealt and at least
  one declaration option (``players.declaring``: the after-deal round's turns, and
  the last point of the deal window; not a declaration with cards still to come, nor
  炒地皮 turns, for the reasons given there). ``declare``: the seat declared; ``pass``:
  it passed (at the window's close, with the ``EndDeal``'s index). Candidates: the
  decision, every declaration option and passing (a pass has no cards). Everything
  after it until the first lead (the others' declaring, the bury, 炒地皮, the call) is
  played by easy's rules, the seat's own included.

Decisions before the first trick (``BEFORE_PLAY``) are measured on fewer deals (the
budget's ``bury_*``, ``call_*`` and ``declare_*``): a play-out of the whole hand a
candidate and deal.

Value scale: hard's ``outcome_score``, levels gained by the seat's side (negative:
lost) plus 2 × the point margin as a share of the decks' points (2 decks: 10 points
= 0.1). Each option also carries its expected level change and the expected points
of the seat's side (the attackers' points when it attacks, the rest of the decks'
points when it defends).

Two stages with common random numbers: every candidate is played out in the same
``screen`` deals; the best challenger then meets the play made on ``confirm``
fresh deals (the same for both), and the cost is the mean of the per-deal
difference there (fresh deals: the screening's winner is not flattered by the
deals that chose it), with the standard error of that paired difference. A play
that is the best after screening costs 0 and is not confirmed.

Marks (``MARKS``): a cost of at least 0.1 is an inaccuracy (about 10 points of
margin with 2 decks), 0.3 a mistake, 0.6 a blunder, and only if the cost also
exceeds ``NOISE_Z`` (2.5) standard errors; anything else, and a play equal to the
best, is ``fine``. The noise behind them (``scripts/measure_review.py``: every
decision of 10 hands reviewed with two review seeds): with the default budget the
standard error a review reports for a confirmed cost, 0.036 on average (2 decks),
matches the spread of the same cost between the two seeds (0.035), so a 0.1 mark
is about 3 standard errors clear of the noise, and 2.5 se keeps a play within
noise of the best unmarked.
Deterministic: each decision's deals come from
``Random(f"review/{seed}/{index}")``, so the same record, seat and seed give the
same marks, whichever decisions were reviewed before. That is what lets the page
review a hand one decision at a time in its worker (``review_data.review_step``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from ..actions import Action, Bury, CallFriend, Declare, EndDeal, Pass, Play
from ..cards import CARDS, points_of
from ..follow import legal_follows
from ..match import Match
from ..players import easy
from ..players.burying import bury_candidates, bury_outcomes
from ..players.calling import call_candidates, call_outcomes, plays_alone
from ..players.common import distinct
from ..players.declaring import declare_candidates, declare_outcomes, is_declaring_point
from ..players.explain import Reason, reason
from ..players.hard import HARD
from ..players.memory import Memory
from ..players.normal import NormalPlayer
from ..players.search import deal_outcomes, follow_candidates, lead_candidates, outcome_score
from ..save import replay
from ..scoring import level_change
from ..trick import winner
from ..view import View

MARKS = (("blunder", 0.6), ("mistake", 0.3), ("inaccuracy", 0.1))
"""Each mark and the least cost (value scale above) that earns it, worst first."""
NOISE_Z = 2.5
"""A mark also needs a cost above this many standard errors of the paired difference."""


@dataclass(frozen=True)
class ReviewBudget:
    """Deals a decision: every candidate in ``screen``, the final pair in ``confirm``."""

    screen: int = 48
    confirm: int = 320
    bury_screen: int = 16
    bury_confirm: int = 128
    call_screen: int = 16
    call_confirm: int = 128
    declare_screen: int = 12
    declare_confirm: int = 96
    max_candidates: int = HARD.max_candidates


@dataclass(frozen=True)
class Option:
    """One candidate and its expected outcome for the seat's side."""

    cards: tuple[str, ...]
    value: float
    levels: float
    points: float


@dataclass(frozen=True)
class DecisionReview:
    """One reviewed decision: ``index`` of its action in the record, ``trick`` (tricks
    finished before it), ``kind`` (lead, follow, bury, call, declare, pass), the
    ``played`` and ``best`` options (measured on the same ``deals``; a pass has no
    cards), ``cost`` (best − played, value scale) and its standard error ``se``, the
    ``mark``, ``candidates`` compared, and ``why``: the reason code and parameters of
    the better play (``explain`` codes, plus ``feeds_opponent`` (n), ``keeps_pair``
    (card), ``expected_gain`` (n), ``sampled_better``, ``risks_fewer`` (n),
    ``beats_so_far``, ``call_alone`` (card),
    ``call_card`` (card), ``declare_better`` (cards) and ``pass_better``:
    ``why_better``); None when the mark is fine."""

    index: int
    trick: int
    kind: str
    played: Option
    best: Option
    deals: int
    cost: float
    se: float
    mark: str
    candidates: int
    why: Reason | None


@dataclass(frozen=True)
class HandReview:
    """A hand's review: every decision, the total cost of the marked ones, the worst three."""

    seat: int
    hand: int
    decisions: tuple[DecisionReview, ...]
    total_cost: float
    worst: tuple[DecisionReview, ...]


Decision = Play | Bury | CallFriend | Declare | Pass
"""The actions the coach reviews (a ``Pass`` also stands for not declaring when the
deal window closes: see ``decision_points``)."""
DECLARING = ("declare", "pass")
"""The kinds of a declaring decision: the seat declared, or passed."""
BEFORE_PLAY = ("bury", "call", *DECLARING)
"""The kinds of decision made before the first trick."""


def decision_points(record: Match, seat: int, hand: int) -> Iterator[tuple[int, View, Action]]:
    """(index in ``record.actions``, the seat's view then, the action) for each decision
    of ``seat`` in hand ``hand`` (0 is the first) that the coach reviews. Not declaring
    when the deal window closes (``during_deal``) is yielded as ``Pass(seat)`` at the
    index of the closing ``EndDeal``."""
    m = replay(record.rules, record.seed, [], record.start_level)
    for i, action in enumerate(record.actions):
        if m.hand_no > hand:
            return
        if m.hand_no == hand and getattr(action, "seat", None) == seat:
            view = m.observe(seat)
            if is_choice(view, action):
                yield i, view, action
        elif m.hand_no == hand and isinstance(action, EndDeal):
            view = m.observe(seat)
            if is_declaring_point(view):
                yield i, view, Pass(seat)
        m.apply(action)


def is_choice(view: View, action: Action) -> bool:
    """Whether the coach reviews ``action`` (see the module docstring)."""
    if isinstance(action, Bury):
        return view.rules.partners == "fixed"
    if isinstance(action, CallFriend):
        return view.phase == "call" and view.kitty is not None
    if isinstance(action, (Declare, Pass)):
        return is_declaring_point(view)
    if not isinstance(action, Play) or view.phase != "play":
        return False
    if view.lead is None:
        return len(view.hand) > 1
    assert view.trump is not None
    return len(list(islice(legal_follows(view.counts, view.lead, view.trump), 2))) > 1


def kind_of(view: View, action: Decision) -> str:
    """The decision's kind: lead, follow, bury, call, declare or pass."""
    if isinstance(action, Play):
        return "lead" if view.lead is None else "follow"
    return {Bury: "bury", CallFriend: "call", Declare: "declare", Pass: "pass"}[type(action)]


def candidates_of(
    view: View, action: Decision, rng: random.Random, limit: int
) -> list[list[int]]:
    """The action made first, then the others to compare (see the module docstring)."""
    if isinstance(action, CallFriend):
        easy_call = int(easy.choose_friend(view))
        return [[c] for c in call_candidates(view, int(action.card), easy_call)]
    if isinstance(action, Declare):
        return declare_candidates(view, [int(c) for c in action.cards])
    if isinstance(action, Pass):
        return declare_candidates(view, [])
    played = sorted(int(c) for c in action.cards)
    if isinstance(action, Bury):
        first = [int(c) for c in easy.choose_bury(view)]
        return distinct([played, *bury_candidates(view, first)], limit + 1)
    mem = Memory(view)
    rule = [int(c) for c in NormalPlayer(rng.randrange(1 << 30)).rule_play(view, mem)]
    if view.lead is None:
        others = lead_candidates(view, rule, limit)
    else:
        others = follow_candidates(view, mem, rule, rng, limit)
    return distinct([played, *others], limit + 1)


def _outcomes(
    view: View, kind: str, cands: Sequence[list[int]], rng: random.Random, samples: int
) -> list[list[tuple[float, float, float]]]:
    """Per deal, per candidate: (value, levels, points of the seat's side)."""
    score = outcome_score(view.rules)
    rules = view.rules
    deals: Iterable[tuple[bool | list[bool], list[int]]]
    if kind == "bury":
        deals = bury_outcomes(view, cands, rng, samples)
    elif kind == "call":
        deals = call_outcomes(view, [c[0] for c in cands], rng, samples)
    elif kind in DECLARING:
        deals = declare_outcomes(view, cands, rng, samples)
    else:
        deals = deal_outcomes(view, Memory(view), cands, rng, samples)
    out = []
    for sides, points in deals:
        row = []
        for i, p in enumerate(points):
            defender = sides[i] if isinstance(sides, list) else sides
            side, n = level_change(p, rules.decks, rules.scoring)
            levels = n if (side == "defenders") == defender else -n
            mine = rules.total_points - p if defender else p
            row.append((score(p, defender), float(levels), float(mine)))
        out.append(row)
    return out


def _option(cards: Sequence[int], rows: Sequence[tuple[float, float, float]]) -> Option:
    n = len(rows)
    return Option(tuple(str(CARDS[c]) for c in sorted(cards)), sum(r[0] for r in rows) / n,
                  sum(r[1] for r in rows) / n, sum(r[2] for r in rows) / n)


def mark_of(cost: float, se: float) -> str:
    """The mark of a decision that costs ``cost`` with standard error ``se``."""
    if cost <= NOISE_Z * se:
        return "fine"
    return next((name for name, least in MARKS if cost >= least), "fine")


def deals_of(kind: str, budget: ReviewBudget) -> tuple[int, int]:
    """The (screen, confirm) deals of a decision of this kind."""
    if kind == "bury":
        return budget.bury_screen, budget.bury_confirm
    if kind == "call":
        return budget.call_screen, budget.call_confirm
    if kind in DECLARING:
        return budget.declare_screen, budget.declare_confirm
    return budget.screen, budget.confirm


def review_decision(
    view: View, action: Decision, index: int, seed: int = 0,
    budget: ReviewBudget = ReviewBudget(),
) -> DecisionReview | None:
    """Review one decision from ``view`` alone (None if there is no other candidate to
    compare); ``index`` (the action's place in the record) and ``seed`` pick the deals."""
    rng = random.Random(f"review/{seed}/{index}")
    cands = candidates_of(view, action, random.Random(rng.random()), budget.max_candidates)
    if len(cands) < 2:
        return None
    kind = kind_of(view, action)
    screen_deals, confirm_deals = deals_of(kind, budget)
    screen = _outcomes(view, kind, cands, rng, screen_deals)
    means = [sum(row[i][0] for row in screen) for i in range(len(cands))]
    best = max(range(1, len(cands)), key=lambda i: (means[i], -i))
    if means[best] <= means[0]:
        played = _option(cands[0], [row[0] for row in screen])
        return DecisionReview(index, view.tricks_played, kind, played, played, len(screen),
                              0.0, 0.0, "fine", len(cands), None)
    pair = [cands[0], cands[best]]
    rows = _outcomes(view, kind, pair, rng, confirm_deals)
    diffs = [r[1][0] - r[0][0] for r in rows]
    n = len(diffs)
    cost = sum(diffs) / n
    var = sum((d - cost) ** 2 for d in diffs) / max(1, n - 1)
    se = math.sqrt(var / n)
    mark = mark_of(cost, se)
    played = _option(cands[0], [r[0] for r in rows])
    better = _option(cands[best], [r[1] for r in rows])
    why = None if mark == "fine" else why_better(view, cands[0], cands[best],
                                                 better.points - played.points, kind)
    return DecisionReview(index, view.tricks_played, kind, played, better, n, cost,
                          se, mark, len(cands), why)


def why_better(
    view: View, played: Sequence[int], better: Sequence[int], gain: float = 0.0,
    kind: str = "",
) -> Reason:
    """One reason, as a code and parameters, why ``better`` beats ``played``:
    ``feeds_opponent`` (n) when the play gives n points to a trick an opponent wins and
    the better play gives fewer; ``keeps_pair`` (card) when the play breaks a pair the
    better play keeps; otherwise ``explain.reason`` of the better play, unless that
    reason says to give little (``cannot_win``, ``partner_winning``) while the better
    play gives more points than the play made: then the sampled deals' verdict,
    and never ``wins_points`` / ``wins_trick`` for a follow with seats still to play
    (``_so_far``: ``risks_fewer`` (n), ``beats_so_far``, or the deals' verdict),
    ``expected_gain`` (n: ``gain``, the seat's side's expected points more, rounded)
    or, under one point, ``sampled_better``. A friend call (``kind`` call):
    ``call_alone`` (card) when the seat holds every copy of the card it called (it plays
    alone against three) and not of the better one, else ``call_card`` (card: the
    better call). A declaring decision: ``pass_better`` when passing is better,
    else ``declare_better`` (cards: the better declaration)."""
    seat = view.seat
    if kind == "call":
        if plays_alone(view, played[0]) and not plays_alone(view, better[0]):
            return "call_alone", {"card": str(CARDS[played[0]])}
        return "call_card", {"card": str(CARDS[better[0]])}
    if kind in DECLARING:
        if not better:
            return "pass_better", {}
        return "declare_better", {"cards": " ".join(str(CARDS[c]) for c in better)}
    if view.lead is not None and view.phase == "play":
        plays = [list(cards) for _, cards in view.trick]
        won = winner(view.lead, [*plays, list(played)], view.order)
        by = seat if won == len(plays) else view.trick[won][0]
        mine = points_of([CARDS[c] for c in played])
        if by != seat and by not in easy.partners(view) and mine > points_of(
            [CARDS[c] for c in better]
        ):
            return "feeds_opponent", {"n": mine}
    broken = [c for c in set(played) if view.counts[c] >= 2 and list(played).count(c) == 1]
    kept = [c for c in broken if c not in better]
    if kept and view.phase == "play":
        return "keeps_pair", {"card": str(CARDS[max(kept, key=lambda c: view.order.order[c])])}
    make = Bury if view.phase == "bury" else Play
    said = reason(view, make(seat, [CARDS[c] for c in better]))
    gives_more = points_of([CARDS[c] for c in better]) > points_of([CARDS[c] for c in played])
    if said[0] in ("wins_points", "wins_trick") and len(view.trick) < 3:
        return _so_far(view, played, better, gain)
    if said[0] in ("cannot_win", "partner_winning") and gives_more:
        n = round(gain)
        return ("expected_gain", {"n": n}) if n >= 1 else ("sampled_better", {})
    return said


def _so_far(view: View, played: Sequence[int], better: Sequence[int], gain: float) -> Reason:
    """The reason of a better follow that beats the cards so far, with seats still to
    play (a later seat may take the trick: "wins the trick" could be false): when the
    play made beat them too, what differs: ``risks_fewer`` (n: its points fewer than
    the play made's), else the deals' verdict (``expected_gain``, ``sampled_better``);
    when it did not, ``beats_so_far``."""
    assert view.lead is not None
    plays = [list(cards) for _, cards in view.trick]
    if winner(view.lead, [*plays, list(played)], view.order) != len(plays):
        return "beats_so_far", {}
    fewer = points_of([CARDS[c] for c in played]) - points_of([CARDS[c] for c in better])
    if fewer > 0:
        return "risks_fewer", {"n": fewer}
    n = round(gain)
    return ("expected_gain", {"n": n}) if n >= 1 else ("sampled_better", {})


def review_iter(
    record: Match, seat: int, hand: int = 0, seed: int = 0, budget: ReviewBudget = ReviewBudget()
) -> Iterator[DecisionReview]:
    """Review the seat's decisions one at a time (stop iterating to cancel)."""
    for index, view, action in decision_points(record, seat, hand):
        assert isinstance(action, (Play, Bury, CallFriend, Declare, Pass))
        done = review_decision(view, action, index, seed, budget)
        if done is not None:
            yield done


def summarise(seat: int, hand: int, decisions: Sequence[DecisionReview]) -> HandReview:
    """The hand's summary: total cost of the marked decisions, the three costliest."""
    marked = [d for d in decisions if d.mark != "fine"]
    worst = sorted(marked, key=lambda d: (-d.cost, d.index))[:3]
    return HandReview(seat, hand, tuple(decisions), sum(d.cost for d in marked), tuple(worst))


def review_hand(
    record: Match, seat: int, hand: int = 0, seed: int = 0, budget: ReviewBudget = ReviewBudget()
) -> HandReview:
    """The whole hand's review (``review_iter`` collected and summarised)."""
    return summarise(seat, hand, list(review_iter(record, seat, hand, seed, budget)))


__all__ = ["BEFORE_PLAY", "DECLARING", "MARKS", "NOISE_Z", "Decision", "DecisionReview",
           "HandReview", "Option", "ReviewBudget", "decision_points", "deals_of", "is_choice",
           "kind_of", "mark_of", "review_decision", "review_hand", "review_iter", "summarise",
           "why_better"]

"""An attempt at a reviewed decision judged by the coach: "find the better play".

At a decision the coach marked, the player may try a play of their own before the
answer is shown (issue 38). ``judge_attempt`` judges it with the coach's own
evaluation, from the same view and the same deals (``review.review_decision`` with
the attempt as the play made, its index and seed: exactly the review the coach
would have given had the player made it):

* ``right`` when the attempt is the coach's better play, or when the coach would not
  mark it (``mark`` fine: it is the best it finds, or within the noise of it);
* ``wrong`` when the coach would mark it, with its cost in points for the seat's side
  and the coach's reason (``why``: ``review.why_better``'s codes);
* ``illegal`` when the rules refuse it in that position (``attempt_problem``: the
  engine's checks of a lead (``follow.analyse_lead``), a follow
  (``follow.check_follow``) and a bury's size, on the seat's own hand), judged no further.

Only plays (``lead``, ``follow``) and the bury are tried this way; the friend call and
declaring are shown, not tried (``TRIED``).

>>> from tractor.match import Match
>>> from tractor.players import make_player
>>> from tractor.runner import step
>>> from tractor.rules import Rules
>>> m, players = Match(Rules(decks=1), 3), [make_player("easy", s) for s in range(4)]
>>> while not (m.phase == "play" and m.to_move == 0 and m.trick): _ = step(m, players)
>>> view = m.observe(0)
>>> attempt_problem(view, ())
'empty_play'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Bury, Play
from ..cards import CARDS, Card
from ..follow import LeadError, analyse_lead, check_follow
from ..players.explain import Reason
from ..view import View
from .review import ReviewBudget, review_decision

TRIED = ("lead", "follow", "bury")
"""The kinds of decision a player may try before the answer is shown."""
BUDGET = ReviewBudget()
"""The review's own budget: the verdict is the coach's judgement of the same deals."""


@dataclass(frozen=True)
class Verdict:
    """The coach's judgement of an attempt: ``verdict`` (right, wrong or illegal), the
    ``mark`` the coach gives it (fine when right), its ``cost`` (value scale) and
    ``points`` (the seat's side's expected points lost against the coach's better
    play), ``why`` (the coach's reason when wrong) and ``problem`` (the rule an
    illegal attempt breaks)."""

    verdict: str
    mark: str = "fine"
    cost: float = 0.0
    points: float = 0.0
    why: Reason | None = None
    problem: str = ""


def attempt_problem(view: View, cards: Sequence[Card]) -> str | None:
    """The rule an attempt of ``cards`` breaks at the view's decision (None: legal)."""
    if not cards:
        return "empty_play"
    need: dict[int, int] = {}
    for card in cards:
        need[int(card)] = need.get(int(card), 0) + 1
    if any(view.counts[c] < k for c, k in need.items()):
        return "not_in_hand"
    if view.phase == "bury":
        return None if len(cards) == view.rules.kitty_size else "bury_count"
    if view.phase != "play" or view.trump is None:
        return "wrong_phase"
    if view.lead is None:
        try:
            analyse_lead(list(cards), view.trump)
        except LeadError:
            return "lead_one_suit"
        return None
    problem = check_follow(view.counts, view.lead, [int(c) for c in cards], view.trump)
    return None if problem is None else problem[0]


def judge_attempt(
    view: View, cards: Sequence[Card], index: int, best: Sequence[str], seed: int = 0,
    budget: ReviewBudget = BUDGET,
) -> Verdict:
    """The coach's verdict on playing (or burying) ``cards`` at decision ``index`` of
    the record, seen from ``view``; ``best`` is the coach's better play there (card
    texts) and ``seed`` the review's (see the module docstring)."""
    problem = attempt_problem(view, cards)
    if problem is not None:
        return Verdict("illegal", problem=problem)
    if sorted(str(c) for c in cards) == sorted(best):
        return Verdict("right")
    make = Bury if view.phase == "bury" else Play
    done = review_decision(view, make(view.seat, tuple(CARDS[int(c)] for c in cards)),
                           index, seed, budget)
    if done is None or done.mark == "fine":
        return Verdict("right")
    return Verdict("wrong", done.mark, done.cost, done.best.points - done.played.points,
                   done.why)


__all__ = ["TRIED", "Verdict", "attempt_problem", "judge_attempt"]

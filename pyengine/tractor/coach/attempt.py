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
  (``follow.check_follow``), a bury's size, a friend call of one card that is not a
  joker, a declaration among the seat's options, on the seat's own hand), judged no
  further.

Every kind the coach reviews is tried (``TRIED``): plays and the bury by picking
cards from the hand; the friend call and declaring (``CHOSEN``) by choosing one of
``choices``: the calls or declarations the coach compared (its candidates, the call
or declaration made and the coach's among them, passing for declaring), in a fixed
order that does not give the answer away. Passing is the attempt of no cards.

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

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Bury, CallFriend, Declare, Pass, Play
from ..cards import CARDS, Card
from ..follow import LeadError, analyse_lead, check_follow
from ..players.explain import Reason
from ..view import View
from .review import DECLARING, Decision, ReviewBudget, candidates_of, review_decision

CHOSEN = ("call", *DECLARING)
"""The kinds tried by choosing one of a few ``choices`` (the friend call, declaring)."""
TRIED = ("lead", "follow", "bury", *CHOSEN)
"""The kinds of decision a player may try before the answer is shown: every kind reviewed."""
DECLARING_PHASES = ("deal", "declare")
"""The phases of a declaring decision the coach reviews (``declaring.is_declaring_point``)."""
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
    if view.phase in DECLARING_PHASES:
        options = [sorted(int(c) for c in o) for o in view.declaration_options()]
        return None if not cards or sorted(int(c) for c in cards) in options else (
            "not_an_option")
    if view.phase == "call":
        if len(cards) != 1:
            return "call_one_card"
        return "friend_joker" if cards[0].is_joker else None
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
    done = review_decision(view, action_of(view, cards), index, seed, budget)
    if done is None or done.mark == "fine":
        return Verdict("right")
    return Verdict("wrong", done.mark, done.cost, done.best.points - done.played.points,
                   done.why)


def action_of(view: View, cards: Sequence[Card]) -> Decision:
    """The seat's action of ``cards`` at the view's decision (no cards when declaring: a pass)."""
    seat, chosen = view.seat, tuple(CARDS[int(c)] for c in cards)
    if view.phase == "call":
        return CallFriend(seat, chosen[0])
    if view.phase in DECLARING_PHASES:
        return Declare(seat, chosen) if chosen else Pass(seat)
    return Bury(seat, chosen) if view.phase == "bury" else Play(seat, chosen)


def choices(view: View, played: Sequence[str], best: Sequence[str],
            budget: ReviewBudget = BUDGET) -> list[tuple[str, ...]]:
    """What to choose from at a friend call or a declaring decision (see the module
    docstring): the coach's candidates with ``played`` and ``best`` (card texts), calls
    in the cards' order, declarations the strongest first, then passing.

    >>> from tractor.match import Match
    >>> from tractor.actions import Deal
    >>> from tractor.rules import Rules
    >>> m = Match(Rules(declare_window="after_deal"), 1)
    >>> while m.phase == "deal": m.apply(Deal())
    >>> view = m.observe(m.to_move)
    >>> options = choices(view, [], [])
    >>> options[-1]
    ()
    >>> all(attempt_problem(view, [Card.parse(c) for c in o]) is None for o in options)
    True
    """
    made = action_of(view, [Card.parse(c) for c in played])
    found = candidates_of(view, made, random.Random(0), budget.max_candidates)
    texts = {tuple(sorted(str(CARDS[c]) for c in cands)) for cands in found}
    if best:  # among the candidates already, unless the budget differs
        texts.add(tuple(sorted(best)))
    if view.phase == "call":
        return sorted(texts, key=lambda o: int(Card.parse(o[0])))
    return sorted(texts, key=lambda o: (not o, -len(o), [-int(Card.parse(c)) for c in o]))


__all__ = ["CHOSEN", "TRIED", "Verdict", "action_of", "attempt_problem", "choices",
           "judge_attempt"]

"""An attempt at a marked decision (``tractor.coach.attempt``): its verdict is the coach's
own judgement of that play, from the same view and deals; the rules refuse an illegal one."""

from __future__ import annotations

import functools
import json
from itertools import islice

from tractor.actions import Play
from tractor.cards import CARDS, parse_cards
from tractor.coach.attempt import attempt_problem, judge_attempt
from tractor.coach.attempt_data import try_step, verdict_from_data
from tractor.coach.review import DecisionReview, decision_points, review_decision
from tractor.follow import legal_follows
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.view import View


@functools.cache
def marked_play() -> tuple[View, Play, DecisionReview]:
    """The first marked play of seat 0, played at random, in a finished 1-deck hand
    (the hand of ``tests/page/matches.marked_hand``)."""
    match = Match(Rules(decks=1), 2)
    players = [make_player("random", 7)] + [make_player("basic", s) for s in (1, 2, 3)]
    while match.phase not in ("hand_over", "match_over"):
        step(match, players)
    for index, view, action in decision_points(match, 0, 0):
        if not isinstance(action, Play):
            continue
        done = review_decision(view, action, index)
        if done is not None and done.mark != "fine":
            return view, action, done
    raise AssertionError("no marked play")


def others(view: View, d: DecisionReview, n: int) -> list[list[str]]:
    """Up to ``n`` legal plays that are neither the play made nor the coach's."""
    assert view.trump is not None
    if view.lead is not None:
        plays = legal_follows(view.counts, view.lead, view.trump)
    else:
        plays = iter([(c,) for c in sorted(set(view.hand))])
    found = []
    for combo in plays:
        texts = sorted(str(CARDS[c]) for c in combo)
        if texts not in (sorted(d.played.cards), sorted(d.best.cards)):
            found.append(texts)
    return list(islice(found, n))


def test_the_coach_s_play_is_right_and_the_marked_play_is_wrong_with_its_mark() -> None:
    view, action, d = marked_play()
    right = judge_attempt(view, parse_cards(list(d.best.cards)), d.index, d.best.cards)
    assert right.verdict == "right"
    wrong = judge_attempt(view, action.cards, d.index, d.best.cards)
    assert (wrong.verdict, wrong.mark, wrong.cost, wrong.why) == ("wrong", d.mark, d.cost, d.why)
    assert wrong.points == d.best.points - d.played.points


def test_any_other_attempt_gets_the_verdict_the_coach_gives_that_play() -> None:
    view, _, d = marked_play()
    for texts in others(view, d, 3):
        cards = parse_cards(texts)
        coach = review_decision(view, Play(0, cards), d.index)
        expected = "right" if coach is None or coach.mark == "fine" else "wrong"
        got = judge_attempt(view, cards, d.index, d.best.cards)
        assert got.verdict == expected, texts
        if coach is not None and expected == "wrong":
            assert (got.mark, got.cost, got.why) == (coach.mark, coach.cost, coach.why)


def test_an_illegal_attempt_is_refused_by_the_rules_and_not_judged() -> None:
    view, _, d = marked_play()
    assert view.trump is not None
    missing = next(c for c in CARDS if view.counts[int(c)] == 0)
    assert judge_attempt(view, [missing], d.index, d.best.cards).problem == "not_in_hand"
    assert attempt_problem(view, []) == "empty_play"
    if view.lead is not None:
        too_many = parse_cards(list(d.best.cards)) + parse_cards(list(d.best.cards))[:1]
        verdict = judge_attempt(view, too_many, d.index, d.best.cards)
        assert verdict.verdict == "illegal" and verdict.problem


def test_the_worker_s_answer_is_the_same_verdict() -> None:
    view, action, d = marked_play()
    text = try_step(json.dumps(view.to_data()), d.index, 0, list(d.best.cards),
                    [str(c) for c in action.cards])
    assert verdict_from_data(json.loads(text)) == judge_attempt(view, action.cards, d.index,
                                                                d.best.cards)

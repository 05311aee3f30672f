"""An attempt at a marked decision (``tractor.coach.attempt``): its verdict is the coach's
own judgement of that play, from the same view and deals; the rules refuse an illegal one."""

from __future__ import annotations

import functools
import json
from itertools import islice

import pytest
from test_review import STRONG_HEARTS, at_the_call, dealt_to
from tractor.actions import Action, Bury, CallFriend, Pass, Play
from tractor.cards import CARDS, parse_cards
from tractor.coach.attempt import CHOSEN, action_of, attempt_problem, choices, judge_attempt
from tractor.coach.attempt_data import try_step, verdict_from_data
from tractor.coach.review import DecisionReview, ReviewBudget, decision_points, review_decision
from tractor.follow import legal_follows
from tractor.match import Match
from tractor.players import make_player
from tractor.players.calling import held_with_kitty
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


SMALL = ReviewBudget(bury_screen=6, bury_confirm=32, call_screen=6, call_confirm=32,
                     declare_screen=6, declare_confirm=32)
"""Fewer deals than the page's: the verdicts are compared with the coach's on the same."""


def marked_before_play(at: str) -> tuple[View, Action, DecisionReview]:
    """A marked friend call (a card the dealer holds both copies of) or a marked pass (with
    an overwhelming trump holding), the decisions of ``test_review``."""
    if at == "call":
        m, view = at_the_call(1)
        both = [c for c in range(52) if held_with_kitty(view)[c] == 2]
        made: Action = CallFriend(view.seat, CARDS[both[-1]])
    else:
        m = dealt_to(STRONG_HEARTS)
        view, made = m.observe(0), Pass(0)
    assert isinstance(made, (CallFriend, Pass))
    d = review_decision(view, made, len(m.actions), budget=SMALL)
    assert d is not None and d.mark != "fine" and d.kind in CHOSEN
    return view, made, d


@pytest.mark.parametrize("at", ["call", "declaring"])
def test_a_friend_call_or_declaring_is_tried_by_choosing_and_judged_as_the_coach_judges_it(
    at: str,
) -> None:
    view, made, d = marked_before_play(at)
    options = choices(view, d.played.cards, d.best.cards, SMALL)
    assert d.played.cards in options and d.best.cards in options and len(options) >= 3
    assert choices(view, d.played.cards, (), SMALL) == options  # the order tells nothing
    verdicts = {}
    for option in options:
        cards = parse_cards(list(option))
        assert attempt_problem(view, cards) is None, option
        got = judge_attempt(view, cards, d.index, d.best.cards, budget=SMALL)
        coach = review_decision(view, action_of(view, cards), d.index, budget=SMALL)
        wrong = option != d.best.cards and coach is not None and coach.mark != "fine"
        assert got.verdict == ("wrong" if wrong else "right"), option
        if wrong:
            assert coach is not None and (got.mark, got.cost, got.why) == (
                coach.mark, coach.cost, coach.why)
        verdicts[option] = got
    assert verdicts[d.best.cards].verdict == "right"
    assert (verdicts[d.played.cards].verdict, verdicts[d.played.cards].mark) == ("wrong", d.mark)
    text = try_step(json.dumps(view.to_data()), d.index, 0, list(d.best.cards),
                    list(d.played.cards))  # the worker's answer: a pass is no cards
    assert verdict_from_data(json.loads(text)).verdict == "wrong"


def test_a_call_of_a_joker_or_of_two_cards_and_a_declaration_not_held_are_refused() -> None:
    view, _, d = marked_before_play("call")
    assert attempt_problem(view, parse_cards("BJ")) == "friend_joker"
    assert attempt_problem(view, parse_cards("AS AH")) == "call_one_card"
    assert judge_attempt(view, [], d.index, d.best.cards).verdict == "illegal"
    view, _, d = marked_before_play("declaring")
    assert attempt_problem(view, []) is None  # passing
    assert attempt_problem(view, parse_cards("3S")) == "not_an_option"
    assert judge_attempt(view, parse_cards("BJ BJ"), d.index, d.best.cards).problem == (
        "not_an_option")


@functools.cache
def marked_bury() -> tuple[View, Bury, DecisionReview]:
    """A bury the coach marks: seat 0 played at random, basic players elsewhere, 2 decks
    (the first seed from 1 where seat 0 deals and buries badly, on ``SMALL``'s deals)."""
    for seed in range(1, 30):
        match = Match(Rules(), seed)
        players = [make_player("random", seed)] + [make_player("basic", s) for s in (1, 2, 3)]
        while match.phase not in ("play", "hand_over", "match_over"):
            step(match, players)
        for index, view, action in decision_points(match, 0, 0):
            if isinstance(action, Bury):
                done = review_decision(view, action, index, budget=SMALL)
                if done is not None and done.mark != "fine":
                    return view, action, done
    raise AssertionError("no marked bury")


def test_a_bury_is_tried_by_picking_cards_and_judged_as_the_coach_judges_it() -> None:
    view, action, d = marked_bury()
    assert d.kind == "bury"
    wrong = judge_attempt(view, action.cards, d.index, d.best.cards, budget=SMALL)
    assert (wrong.verdict, wrong.mark, wrong.cost, wrong.why) == ("wrong", d.mark, d.cost, d.why)
    best = parse_cards(list(d.best.cards))
    assert judge_attempt(view, best, d.index, d.best.cards, budget=SMALL).verdict == "right"
    assert attempt_problem(view, best[1:]) == "bury_count"
    missing = next(c for c in CARDS if view.counts[int(c)] == 0)
    assert attempt_problem(view, [missing, *best[1:]]) == "not_in_hand"

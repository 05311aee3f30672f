"""The coach one decision at a time (``tractor.coach.review_data``): what the page's worker
answers is the engine's own review, in any order, and a marked play becomes a quiz
whose one right answer is the coach's play."""

from __future__ import annotations

import functools
import json

from tractor.cards import parse_cards, points_of
from tractor.coach.review import DecisionReview, review_iter
from tractor.coach.review_data import decision_data, decision_from_data, quiz_json, review_step
from tractor.match import Match
from tractor.players import make_player
from tractor.positions import scenario
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import dumps

TEXTS = {"caption": {"en": "Find the better play.", "zh": "找出更好的出法。"},
         "explain": {"en": "Better: the 4", "zh": "更好"}}


@functools.cache
def finished_hand() -> Match:
    """One 1-deck hand: a random player in seat 0 (its plays get marked), basic players."""
    m = Match(Rules(decks=1), 2)
    seats = [make_player("random", 7)] + [make_player("basic", s) for s in (1, 2, 3)]
    while m.phase not in ("hand_over", "match_over"):
        step(m, seats)
    return m


@functools.cache
def whole_review() -> tuple[DecisionReview, ...]:
    return tuple(review_iter(finished_hand(), 0, 0, 0))


def test_a_reviewed_decision_goes_through_json_and_back_unchanged() -> None:
    marked = [d for d in whole_review() if d.why is not None]
    assert marked, "the random player's hand has a marked decision"
    for d in whole_review():
        assert decision_from_data(json.loads(json.dumps(decision_data(d)))) == d


def test_the_steps_give_the_whole_hand_s_review_in_any_order() -> None:
    text = dumps(finished_hand())
    answers = [json.loads(review_step(text, 0, 0, k)) for k in reversed(range(9))]
    counts = {a["count"] for a in answers}
    assert len(counts) == 1
    (count,) = counts
    steps = [decision_from_data(a["decision"]) for a in reversed(answers[-count:])
             if a["decision"] is not None]
    assert tuple(steps) == whole_review()
    assert all(a["decision"] is None for a in answers[:-count])  # beyond the last decision


def test_a_marked_play_becomes_a_quiz_whose_answer_is_the_coach_s_play() -> None:
    d = next(d for d in whole_review() if d.mark != "fine" and d.kind != "bury")
    text = quiz_json(finished_hand(), d.index, 0, list(d.best.cards), TEXTS)
    s = scenario.load(text)
    assert s["quiz"]["explain"]["en"] == "Better: the 4"
    raw = json.loads(text)["seats"]
    assert all(set(seat) == {"backs"} for seat in raw[1:])  # other hands: backs only
    right = scenario.judge(text, " ".join(d.best.cards))
    wrong = scenario.judge(text, " ".join(d.played.cards))
    assert right["correct"] and wrong["legal"] and not wrong["correct"]


def test_the_coach_never_says_give_little_of_a_better_play_that_gives_more_points() -> None:
    checked = 0
    for seed in range(1, 6):
        m = Match(Rules(decks=1), seed)
        seats = [make_player("random", 7)] + [make_player("basic", s) for s in (1, 2, 3)]
        while m.phase not in ("hand_over", "match_over"):
            step(m, seats)
        for d in review_iter(m, 0, 0, 0):
            if d.why is None or d.kind == "bury":
                continue
            more = points_of(parse_cards(d.best.cards)) > points_of(parse_cards(d.played.cards))
            assert not (more and d.why[0] in ("cannot_win", "partner_winning")), d
            if d.why[0] == "expected_gain":
                assert d.why[1]["n"] == round(d.best.points - d.played.points) >= 1
            checked += 1
    assert checked >= 10


@functools.cache
def friend_hand() -> Match:
    """A 2-deck find-a-friend hand, declaring after the deal: seat 0 (a random player) has
    declaring turns, and calls the friend when it deals."""
    rules = Rules(partners="find_friend", declare_window="after_deal")
    for seed in range(1, 40):
        m = Match(rules, seed)
        seats = [make_player("random", seed)] + [make_player("easy", s) for s in (1, 2, 3)]
        while m.phase not in ("hand_over", "match_over"):
            step(m, seats)
        if m.dealer == 0:
            return m
    raise AssertionError("no hand dealt by seat 0")


def test_the_call_and_declaring_decisions_go_through_the_steps_and_json() -> None:
    m = friend_hand()
    text = dumps(m)
    first = json.loads(review_step(text, 0, 0, 0))
    steps = [first] + [json.loads(review_step(text, 0, 0, k)) for k in range(1, first["count"])]
    found = [decision_from_data(a["decision"]) for a in steps if a["decision"] is not None]
    kinds = [d.kind for d in found]
    assert "call" in kinds and {"declare", "pass"} & set(kinds)
    assert tuple(found) == tuple(review_iter(m, 0, 0, 0))
    for d in found:
        assert decision_from_data(json.loads(json.dumps(decision_data(d)))) == d
        if d.kind == "call":
            assert len(d.played.cards) == 1 and len(d.best.cards) == 1
        if d.kind == "pass":
            assert d.played.cards == ()

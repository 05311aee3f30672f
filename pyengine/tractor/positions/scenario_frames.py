"""A scenario loaded by playing it through (``load``) and the positions it shows (``frames``).

``load`` checks what needs the full rules (legal plays, trick winners leading, throws) by
running the frames; ``frames`` are the positions shown by Next/Back, with trick winners,
points, failed throws and the kitty bonus of the last trick."""

from __future__ import annotations

import copy
from typing import Any

from ..cards import points_of
from ..follow import Lead, analyse_lead
from ..rules import THROW_PENALTY_POINTS, Rules
from ..scenario_check import ScenarioError, check
from ..trick import kitty_multiplier, winner
from ..trump import Trump
from .saying import Say
from .scenario_parts import (
    Frame,
    Scenario,
    _fails,
    _follow_problem,
    _forced_is_known,
    _holds,
    _ids,
    _lead_of,
    _remove,
    _texts,
    _throw_failure,
    _throw_text,
    _trump,
    _win_text,
    initial_frame,
)
from .scenario_verdicts import _judge_play

# ------------------------------------------------------------------ load


def load(text: str) -> Scenario:
    """The normalised scenario, checked against the full rules, or ``ScenarioError``.

    >>> from tractor.positions.scenario import QUIZ
    >>> quiz = QUIZ[QUIZ.index('"quiz"'):-1]
    >>> load(QUIZ.replace(quiz, '"steps": [{"seat": 0, "cards": "AS KS"}]'))
    Traceback (most recent call last):
    ...
    tractor.scenario_read.ScenarioError: steps[0]: seat 0 plays AS KS: you must play 1 pair(s) \
of the led suit (you hold them) (follow_pairs)
    """
    return _checked(text)[0]


def _checked(text: str) -> tuple[Scenario, list[Frame]]:
    """The checked scenario and its frames: every check ``load`` and ``frames`` share
    (the CLI and the embed's worker run the same ones)."""
    s = check(text)
    shown = _run(s)
    _check_answers(s)
    return s, shown


def _check_answers(s: Scenario) -> None:
    """Every quiz answer is a legal play for the seat to move (``judge`` says so)."""
    quiz = s["quiz"]
    if quiz is None:
        return
    seat = s["turn"]
    for i, answer in enumerate(quiz["answers"]):
        verdict = _judge_play(s, seat, s["seats"][seat]["cards"], answer)
        if not verdict["legal"]:
            why = verdict["detail"] or _NOT_LEGAL[verdict["rule"]]
            raise ScenarioError(f"quiz.answers[{i}]: not a legal play: {why} ({verdict['rule']})")


_NOT_LEGAL = {"not_in_hand": "these cards are not in the hand",
              "lead_one_suit": "a lead is cards of one effective suit (or all trumps)"}
"""The engine's words on the broken rules ``check_follow`` does not word itself."""


def _check_rules(s: Scenario) -> None:
    try:
        Rules.from_dict(dict(s["rules"]))
    except (ValueError, TypeError) as err:
        raise ScenarioError(f"rules: {err}") from None


def _check_trick(s: Scenario, trump: Trump) -> Lead | None:
    """The trick's lead analysed; every face-up follow in it legal."""
    trick = s["trick"]
    if not trick:
        return None
    lead = _lead_of(trick[0]["cards"], trump, "trick[0]")
    _check_lead_stands(s, lead, trump)
    for i, play in enumerate(trick[1:], start=1):
        hand = s["seats"][play["seat"]]["cards"]
        if hand is None:
            continue
        problem = _follow_problem(hand + play["cards"], lead, play["cards"], trump)
        if problem is not None:
            rule, message = problem
            raise ScenarioError(
                f"trick[{i}]: seat {play['seat']} plays {' '.join(play['cards'])}: "
                f"{message} ({rule})"
            )
    return lead


def _check_lead_stands(s: Scenario, lead: Lead, trump: Trump) -> None:
    """The trick's lead stands against every face-up hand (as held before the trick).

    Choice: a shown lead that a shown hand beats is refused rather than drawn as
    failed; the author shows the forced unit as the lead, or the throw as a step.
    ``scenario_check.check`` refuses such a lead before this runs (its small copy of
    the rule, for MicroPython); this is the engine's reading that
    ``tests/engine/positions/test_scenario_check_throws.py`` compares it with.
    """
    played = {p["seat"]: p["cards"] for p in s["trick"]}
    hands = [None if seat["cards"] is None else seat["cards"] + played.get(i, [])
             for i, seat in enumerate(s["seats"])]
    leader = s["trick"][0]["seat"]
    failure = _throw_failure(hands, leader, lead, trump)
    if failure is not None:
        raise ScenarioError(_fails("trick[0]", leader, s["trick"][0]["cards"], failure,
                                   "show only the unit it forces, or the throw as a step"))


# ------------------------------------------------------------------ frames


def frames(text: str) -> list[Frame]:
    """The positions shown by Next/Back: the initial one, then one after each step.

    Each frame: ``seats`` (as in the scenario, played cards removed), ``trick`` (the
    plays of the current trick), ``turn`` (None when the hand is over), ``points``
    (the attackers', counted when the dealer is known and partners are fixed),
    ``caption`` (the step's) and ``result`` (None, a trick's winner, or a failed
    throw; its ``text`` is what the engine says of it, ``saying.Say.data``, which the
    reader words from the catalogs).

    >>> from tractor.scenario_check import MINIMAL
    >>> text = MINIMAL.replace('"turn": 0,', '"turn": 0, "steps": [{"seat": 0, "cards": "KS"}],')
    >>> [f["trick"] for f in frames(text)]
    [[], [{'seat': 0, 'cards': ['KS']}]]
    """
    return _checked(text)[1]


def _run(s: Scenario) -> list[Frame]:
    _check_rules(s)
    trump = _trump(s)
    table = _Table(s, trump, _check_trick(s, trump))
    out = [initial_frame(s)]
    for i, step in enumerate(s["steps"]):
        result = table.play(f"steps[{i}]", step["seat"], step["cards"])
        out.append(table.frame(step["caption"], result))
    return out


class _Table:
    """The position as steps are played: hands, the trick, the turn, the points."""

    def __init__(self, s: Scenario, trump: Trump, lead: Lead | None):
        self.s = s
        self.trump = trump
        self.seats: list[dict[str, Any]] = copy.deepcopy(s["seats"])
        self.trick: list[dict[str, Any]] = copy.deepcopy(s["trick"])
        self.lead = lead
        self.turn: int | None = s["turn"]
        self.leader_by_win: int | None = None
        dealer = s["dealer"]
        self.defenders: tuple[int, int] | None = (
            (dealer, (dealer + 2) % 4)
            if dealer is not None and s["rules"]["partners"] == "fixed"
            else None
        )
        self.points: int | None = s["points"]
        if self.defenders is not None and self.points is None:
            self.points = 0
        self.penalty = 0  # failed throws' penalties so far (RULES §4, throw_penalty)

    def frame(self, caption: dict[str, str] | None, result: dict[str, Any] | None) -> Frame:
        return {
            "seats": copy.deepcopy(self.seats),
            "trick": copy.deepcopy(self.trick),
            "turn": self.turn,
            "points": None if self.points is None else max(0, self.points + self.penalty),
            "caption": caption,
            "result": result,
        }

    def play(self, where: str, seat: int, cards: list[str]) -> dict[str, Any] | None:
        """Play one step; the frame's ``result``, or ``ScenarioError``."""
        self._check_turn(where, seat)
        if len(self.trick) == 4:
            self.trick = []
        result = None
        if not self.trick:
            cards, result = self._lead(where, seat, cards)
        else:
            self._follow(where, seat, cards)
        self._take(seat, cards)
        self.trick.append({"seat": seat, "cards": cards})
        self.leader_by_win = None
        if len(self.trick) == 4:
            return self._finish()
        self.turn = (seat + 1) % 4
        return result

    def _check_turn(self, where: str, seat: int) -> None:
        if self.turn is None:
            raise ScenarioError(f"{where}: the hand is over (every card is played)")
        if seat == self.turn:
            return
        if self.leader_by_win is not None:
            raise ScenarioError(
                f"{where}: seat {self.leader_by_win} won the last trick and leads next, "
                f"not seat {seat}"
            )
        raise ScenarioError(f"{where}: seat {self.turn} is to play, not seat {seat}")

    def _size(self, seat: int) -> int | None:
        info = self.seats[seat]
        if info["cards"] is not None:
            return len(info["cards"])
        return None if info["backs"] is None else int(info["backs"])

    def _check_held(self, where: str, seat: int, cards: list[str]) -> None:
        hand = self.seats[seat]["cards"]
        if hand is not None and not _holds(hand, cards):
            raise ScenarioError(
                f"{where}: seat {seat} does not hold {' '.join(cards)} (not_in_hand)"
            )
        size = self._size(seat)
        if size is not None and size < len(cards):
            raise ScenarioError(f"{where}: seat {seat} has only {size} card(s) left")

    def _take(self, seat: int, cards: list[str]) -> None:
        info = self.seats[seat]
        if info["cards"] is not None:
            info["cards"] = _remove(info["cards"], cards)
        elif info["backs"] is not None:
            info["backs"] -= len(cards)

    def _lead(
        self, where: str, seat: int, cards: list[str]
    ) -> tuple[list[str], dict[str, Any] | None]:
        """The cards actually led (a failed throw: the forced unit) and the result."""
        self._check_held(where, seat, cards)
        lead = _lead_of(cards, self.trump, where)
        self.lead = lead
        hands = [info["cards"] for info in self.seats]
        failure = _throw_failure(hands, seat, lead, self.trump)
        if failure is None:
            return cards, None
        if not _forced_is_known(hands, seat, lead, failure, self.trump):
            raise ScenarioError(_fails(where, seat, cards, failure,
                                       "which unit it forces depends on the hidden hands"))
        forced = _texts(failure.forced.all_cards())
        self.lead = analyse_lead(failure.forced.all_cards(), self.trump)
        text = _throw_text(self.s, seat, cards, failure)
        result: dict[str, Any] = {"throw_failed": True, "tried": list(cards), "forced": forced}
        change = self._throw_penalty(seat)
        if change:
            result["penalty"] = change
            key = ("scenario_penalty_to_attackers" if change > 0
                   else "scenario_penalty_off_attackers")
            text = Say.of(key, text=text, points=abs(change))
        result["text"] = text.data()
        return forced, result

    def _throw_penalty(self, seat: int) -> int:
        """Option ``throw_penalty`` (RULES §4): 10 points against the thrower's side,
        counted when the sides are known; the change to the attackers' points (0: none)."""
        if not self.s["rules"]["throw_penalty"] or self.defenders is None:
            return 0
        assert self.points is not None
        change = THROW_PENALTY_POINTS if seat in self.defenders else -THROW_PENALTY_POINTS
        self.penalty += change
        return change

    def _follow(self, where: str, seat: int, cards: list[str]) -> None:
        assert self.lead is not None
        if len(cards) != self.lead.size:
            raise ScenarioError(
                f"{where}: seat {seat} plays {len(cards)} card(s), but the lead has "
                f"{self.lead.size} (wrong_count)"
            )
        self._check_held(where, seat, cards)
        hand = self.seats[seat]["cards"]
        if hand is None:
            return
        problem = _follow_problem(hand, self.lead, cards, self.trump)
        if problem is not None:
            rule, message = problem
            raise ScenarioError(f"{where}: seat {seat} plays {' '.join(cards)}: {message} ({rule})")

    def _finish(self) -> dict[str, Any]:
        """The completed trick's result; the winner leads next."""
        assert self.lead is not None
        plays = [_ids(p["cards"]) for p in self.trick]
        won = self.trick[winner(self.lead, plays, self.trump)]["seat"]
        trick_points = points_of(c for p in plays for c in p)
        attackers_won = self.defenders is not None and won not in self.defenders
        if attackers_won and self.points is not None:
            self.points += trick_points
        text = _win_text(self.s, won, trick_points)
        result: dict[str, Any] = {"winner": won, "trick_points": trick_points}
        sizes = [self._size(seat) for seat in range(4)]
        over = all(size == 0 for size in sizes)
        self.turn = None if over else won
        self.leader_by_win = None if over else won
        kitty = self.s["kitty"]
        if over and kitty is not None and attackers_won and self.points is not None:
            m = kitty_multiplier(_ids(self.trick[[p["seat"] for p in self.trick].index(won)]
                                      ["cards"]), self.trump)
            in_kitty = points_of(_ids(kitty))
            bonus = in_kitty * m
            self.points += bonus
            result["kitty"] = {"multiplier": m, "bonus": bonus}
            text = Say.of("scenario_kitty_bonus", text=text, points=in_kitty, multiplier=m,
                          bonus=bonus)
        result["text"] = text.data()
        return result

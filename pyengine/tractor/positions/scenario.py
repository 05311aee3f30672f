"""The engine side of scenarios: positions embedded in tutorial pages (``embed.html``).

``tractor.scenario_check`` checks a scenario's format and what needs no rules;
this module adds what needs the full rules and computes what the page shows:

* ``load`` — the checked, normalised scenario; every play in the trick and in the
  steps is legal (one-suit leads, follows under RULES §4 when the hand is face up),
  each trick after the first is led by the previous trick's winner, and every quiz
  answer is a legal play for the seat to move (``frames`` and ``judge`` run the same
  checks, so the embed's worker refuses what ``python -m tractor scenario`` refuses);
* throws — only shown cards refute a throw (hidden hands are unknown). A lead in the
  trick that a face-up hand beats is refused (``throw_fails``), not drawn as failed:
  the author shows its forced unit instead, or the throw as a step (``scenario_check``
  refuses it first, with the same message, so a show-only embed does too). A step's throw
  that a shown hand beats is played as failed when the forced unit is known (every
  other hand shown, or the throw's lowest unit is the one beaten), else refused;
* ``frames`` — the positions shown by Next/Back, with trick winners, points, failed
  throws and the kitty bonus of the last trick;
* ``judge`` — a quiz answer: legal (and why not), and whether it is an answer;
* ``referee_call`` / ``referee_json`` — the ``tractor.positions.referee`` API for ``postMessage``;
* ``link`` / ``iframe`` / ``decode_link_param`` — share a scenario as ``?s=``.

Every function takes the scenario as JSON text and raises ``ScenarioError`` (a
``ValueError``) with a message naming the step or trick play and the rule broken.

>>> s = load(MINIMAL)
>>> s["turn"], s["seats"][0]["cards"]
(0, ['AS', 'AS', 'KS'])
>>> [f["trick"] for f in frames(MINIMAL)]
[[]]
>>> judge(QUIZ, "AS AS")["correct"], judge(QUIZ, "AS KS")["legal"]
(True, False)
"""

from __future__ import annotations

import base64
import binascii
import copy
import html
import json
import re
from typing import Any

from .. import scenario_check
from ..cards import TEXT, CardError, counts_of, parse_cards, points_of
from ..follow import Lead, LeadError, analyse_lead, check_follow
from ..jsondata import parse_json
from ..rulecore import SYMBOL_OF
from ..rules import THROW_PENALTY_POINTS, Rules
from ..scenario_check import MINIMAL, ScenarioError, check, read, seat_name
from ..trick import ThrowFailure, check_throw, kitty_multiplier, winner
from ..trump import Trump
from . import referee

__all__ = [
    "MAX_LINK_CHARS",
    "MINIMAL",
    "QUIZ",
    "ScenarioError",
    "decode_link_param",
    "frames",
    "iframe",
    "initial_frame",
    "judge",
    "link",
    "load",
    "referee_call",
    "referee_json",
]

MAX_LINK_CHARS = 27000
"""The longest ``?s=`` value read or written (base64url characters)."""

QUIZ = (
    '{"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H",'
    ' "seats": [{"cards": "AS AS KS 4S"}, {"backs": 4}, {"backs": 4}, {"backs": 2}],'
    ' "trick": [{"seat": 3, "cards": "3S 3S"}],'
    ' "quiz": {"answers": ["AS AS"], "explain": "Follow the pair with a pair."}}'
)
"""A small quiz: seat 0 must follow a led pair with its pair."""

Scenario = dict[str, Any]
Frame = dict[str, Any]
Text = dict[str, str]


# ------------------------------------------------------------------ helpers


def _ids(cards: list[str]) -> list[int]:
    """Card texts (normalised by ``scenario_check``) as card ids."""
    return [int(c) for c in parse_cards(cards)]


def _texts(ids: list[int]) -> list[str]:
    return [TEXT[c] for c in ids]


def _trump(s: Scenario) -> Trump:
    return Trump.of(s["level"], s["trump"], s["rules"]["twos_always_trump"])


def _lead_of(cards: list[str], trump: Trump, where: str) -> Lead:
    try:
        return analyse_lead(_ids(cards), trump)
    except LeadError:
        suits = sorted({trump.suit_name(c) for c in _ids(cards)})
        raise ScenarioError(
            f"{where}: the lead {' '.join(cards)} mixes {', '.join(suits)} "
            "(a lead is cards of one effective suit)"
        ) from None


def _follow_problem(
    hand: list[str], lead: Lead, play: list[str], trump: Trump
) -> tuple[str, str] | None:
    """``check_follow`` on card texts; ``hand`` is the hand before playing."""
    return check_follow(counts_of(_ids(hand)), lead, _ids(play), trump)


def _remove(hand: list[str], cards: list[str]) -> list[str]:
    """``hand`` without one copy of each of ``cards`` (all held)."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return left


def _holds(hand: list[str], cards: list[str]) -> bool:
    return all(hand.count(c) >= cards.count(c) for c in set(cards))


def _throw_failure(
    hands: list[list[str] | None], seat: int, lead: Lead, trump: Trump
) -> ThrowFailure | None:
    """Why ``seat``'s throw fails against the other hands that are face up, or None.

    ``hands`` are the four hands as they were when the lead was played (None:
    not shown). A hidden hand is unknown, so only shown cards refute a throw.
    """
    if not lead.is_throw:
        return None
    others = [((seat + k) % 4, hands[(seat + k) % 4]) for k in (1, 2, 3)]
    shown = [(o, counts_of(_ids(hand))) for o, hand in others if hand is not None]
    return check_throw(lead, shown, trump)


def _forced_is_known(
    hands: list[list[str] | None], seat: int, lead: Lead, failure: ThrowFailure, trump: Trump
) -> bool:
    """Whether the unit a failed throw forces is known: every other hand is shown, or
    the forced unit is the throw's lowest (a hidden hand cannot force a lower one)."""
    if all(hands[(seat + k) % 4] is not None for k in (1, 2, 3)):
        return True
    lowest = min((trump.order[unit.top], unit.size) for unit in lead.units)  # RULES §4's order
    return (trump.order[failure.forced.top], failure.forced.size) == lowest


def _throw_text(s: Scenario, seat: int, cards: list[str], failure: ThrowFailure) -> Text:
    """Who tried the throw and who beats it, in each language."""
    who, other = seat_name(s, seat), seat_name(s, failure.beaten_by_seat)
    tried, beat = _pretty(cards), _pretty(_texts(list(failure.beaten_by)))
    shown = _pretty(_texts(failure.forced.all_cards()))
    tries = "try" if _is_you(who) else "tries"
    return {
        "en": f"{who['en']} {tries} to throw {tried['en']}, but {other['en']} holds {beat['en']}, "
        f"which beats {shown['en']}: the throw fails and only {shown['en']} is played.",
        "zh": f"{who['zh']}想甩{tried['zh']}，但{other['zh']}有{beat['zh']}，大过{shown['zh']}："
        f"甩牌失败，只出{shown['zh']}。",
        "zh-Hant": f"{who['zh-Hant']}想甩{tried['zh']}，但{other['zh-Hant']}有{beat['zh']}，"
        f"大過{shown['zh']}：甩牌失敗，只出{shown['zh']}。",
    }


def _fails(where: str, seat: int, cards: list[str], failure: ThrowFailure, why: str) -> str:
    """The message refusing a throw shown where it cannot stand (rule ``throw_fails``)."""
    beat = " ".join(_texts(list(failure.beaten_by)))
    unit = " ".join(_texts(failure.forced.all_cards()))
    return (f"{where}: seat {seat}'s throw {' '.join(cards)} fails: seat "
            f"{failure.beaten_by_seat} holds {beat}, which beats {unit} (throw_fails: RULES "
            f"§4, a throw stands only if no other hand beats any of its units); {why}")


def initial_frame(s: Scenario) -> Frame:
    """The position before any step (``scenario_check.initial_frame``), as a copy that
    playing the steps may change."""
    return copy.deepcopy(scenario_check.initial_frame(s))


# ------------------------------------------------------------------ load


def load(text: str) -> Scenario:
    """The normalised scenario, checked against the full rules, or ``ScenarioError``.

    >>> quiz = QUIZ[QUIZ.index('"quiz"'):-1]
    >>> load(QUIZ.replace(quiz, '"steps": [{"seat": 0, "cards": "AS KS"}]'))
    Traceback (most recent call last):
    ...
    tractor.scenario_check.ScenarioError: steps[0]: seat 0 plays AS KS: you must play 1 pair(s) \
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
            raise ScenarioError(f"quiz.answers[{i}]: not a legal play ({verdict['why']['en']})")


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
    ``tests/engine/test_scenario_check_throws.py`` compares it with.
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
    throw).

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

    def frame(self, caption: Text | None, result: dict[str, Any] | None) -> Frame:
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
        result = {"throw_failed": True, "tried": list(cards), "forced": forced, "text": text}
        self._throw_penalty(seat, result)
        return forced, result

    def _throw_penalty(self, seat: int, result: dict[str, Any]) -> None:
        """Option ``throw_penalty`` (RULES §4): 10 points against the thrower's side,
        counted when the sides are known."""
        if not self.s["rules"]["throw_penalty"] or self.defenders is None:
            return
        assert self.points is not None
        change = THROW_PENALTY_POINTS if seat in self.defenders else -THROW_PENALTY_POINTS
        self.penalty += change
        result["penalty"] = change
        result["text"] = {
            "en": result["text"]["en"] + f" Penalty: {abs(change)} points "
            + ("to the attackers." if change > 0 else "off the attackers' points."),
            "zh": result["text"]["zh"] + f"罚{abs(change)}分"
            + ("（加给闲家）。" if change > 0 else "（从闲家得分中扣除）。"),
            "zh-Hant": result["text"]["zh-Hant"] + f"罰{abs(change)}分"
            + ("（加給閒家）。" if change > 0 else "（從閒家得分中扣除）。"),
        }

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
        name = seat_name(self.s, won)
        result: dict[str, Any] = {
            "winner": won,
            "trick_points": trick_points,
            "text": _win_text(name, trick_points),
        }
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
            result["text"] = {
                "en": result["text"]["en"] + f" The attackers win the last trick: the kitty's "
                f"{in_kitty} points ×{m} = {bonus} more.",
                "zh": result["text"]["zh"] + f"闲家赢得最后一轮（扣底）：底牌"
                f"{in_kitty}分×{m} = {bonus}分。",
                "zh-Hant": result["text"]["zh-Hant"] + f"閒家贏得最後一輪（扣底）：底牌"
                f"{in_kitty}分×{m} = {bonus}分。",
            }
        return result


def _is_you(name: Text) -> bool:
    """Whether a seat's English name is "You" (the verb agrees: "you win")."""
    return name["en"].strip().lower() == "you"


JOKER_WORDS = {"en": {"SJ": "small joker", "BJ": "big joker"}, "zh": {"SJ": "小王", "BJ": "大王"}}
"""The jokers in a sentence (大王 and 小王 are written alike in 简体 and 繁體)."""


def _pretty(cards: list[str]) -> Text:
    """Cards for a sentence in each language, with suit symbols and the jokers' names
    (a Chinese sentence holds no ``SJ``): ``zh`` serves 繁體中文 too.

    >>> _pretty(["10H", "10H", "SJ"])
    {'en': '10♥ 10♥ small joker', 'zh': '10♥ 10♥ 小王'}
    """
    return {lang: " ".join(words.get(c) or c[:-1] + SYMBOL_OF[c[-1]] for c in cards)
            for lang, words in JOKER_WORDS.items()}


def _win_text(name: Text, trick_points: int) -> Text:
    """Who won a trick and its points, in each language.

    >>> _win_text({"en": "Across", "zh": "对家", "zh-Hant": "對家"}, 15)["en"]
    'Across wins the trick and its 15 points.'
    >>> _win_text({"en": "You", "zh": "你", "zh-Hant": "你"}, 0)["zh-Hant"]
    '你贏得這一輪（沒有分）。'
    """
    wins = "win" if _is_you(name) else "wins"
    if trick_points == 0:
        return {"en": f"{name['en']} {wins} the trick (no points in it).",
                "zh": f"{name['zh']}赢得这一轮（没有分）。",
                "zh-Hant": f"{name['zh-Hant']}贏得這一輪（沒有分）。"}
    return {"en": f"{name['en']} {wins} the trick and its {trick_points} points.",
            "zh": f"{name['zh']}赢得这一轮，得{trick_points}分。",
            "zh-Hant": f"{name['zh-Hant']}贏得這一輪，得{trick_points}分。"}


# ------------------------------------------------------------------ judge

RULE_WHY: dict[str, Text] = {
    "wrong_count": {"en": "Play exactly as many cards as were led.",
                    "zh": "跟牌的张数必须和领出的张数相同。",
                    "zh-Hant": "跟牌的張數必須和首家出的張數相同。"},
    "not_in_hand": {"en": "You do not hold these cards.", "zh": "你没有这些牌。",
                    "zh-Hant": "你沒有這些牌。"},
    "follow_suit": {"en": "You hold cards of the led suit: you must follow suit with as "
                          "many of them as you can.",
                    "zh": "你有该花色的牌：必须尽量跟该花色。",
                    "zh-Hant": "你有這門花色的牌：必須盡量跟這門花色。"},
    "follow_titanic": {"en": "A led Titanic must be matched as closely as your hand allows "
                             "(Titanic, then triples, then a tractor, then triples and pairs).",
                       "zh": "领出泰坦尼克时必须尽量按牌型跟"
                             "（泰坦尼克、三张、拖拉机、三张和对子）。",
                       "zh-Hant": "首家出泰坦尼克時必須盡量按牌型跟"
                                  "（泰坦尼克、三張、拖拉機、三張和對子）。"},
    "follow_triples": {"en": "You hold triples or pairs in the led suit: a led triple must be "
                             "followed by a triple, else by a pair and a single.",
                       "zh": "你有该花色的三张或对子：三张领出时必须跟三张，否则跟对子加单张。",
                       "zh-Hant": "你有這門花色的三張或對子：首家出三張時必須跟三張，"
                                  "否則跟對子加單張。"},
    "follow_tractor": {"en": "You hold a tractor in the led suit: a led tractor must be "
                             "followed by a tractor.",
                       "zh": "你有该花色的拖拉机：拖拉机领出时必须跟拖拉机。",
                       "zh-Hant": "你有這門花色的拖拉機：首家出拖拉機時必須跟拖拉機。"},
    "follow_pairs": {"en": "You hold a pair in the led suit: a led pair must be followed by "
                           "a pair.",
                     "zh": "你有该花色的对子：对子领出时必须跟对子。",
                     "zh-Hant": "你有這門花色的對子：首家出對子時必須跟對子。"},
    "lead_one_suit": {"en": "A lead is cards of one effective suit (or all trumps).",
                      "zh": "领牌必须是同一花色（或全是主牌）。",
                      "zh-Hant": "首家出的牌必須是同一門花色（或全是主牌）。"},
}
"""Each rule a play can break, explained in each language."""


def judge(text: str, cards: str) -> dict[str, Any]:
    """A quiz answer: the seat to move plays ``cards`` (card text).

    Returns ``{"legal", "rule" (the rule broken, or None), "why" ({"en", "zh", "zh-Hant"}),
    "correct" (one of the answers), "explain" (the quiz's explanation)}``.

    >>> r = judge(QUIZ, "AS KS")
    >>> r["legal"], r["rule"], r["correct"], r["why"]["zh"]
    (False, 'follow_pairs', False, '你有该花色的对子：对子领出时必须跟对子。')
    """
    s = load(text)
    quiz = s["quiz"]
    if quiz is None:
        raise ScenarioError("this scenario has no quiz")
    play = _parse_play(cards)
    seat = s["turn"]
    hand = s["seats"][seat]["cards"]
    correct = any(sorted(play) == sorted(answer) for answer in quiz["answers"])
    verdict = _judge_play(s, seat, hand, play)
    return {**verdict, "correct": correct, "explain": quiz["explain"]}


def _parse_play(cards: str) -> list[str]:
    try:
        play = _texts(_ids(referee_split(cards)))
    except (CardError, ValueError) as err:
        raise ScenarioError(f"your play: {err}") from None
    if not play:
        raise ScenarioError("your play: choose at least one card")
    return play


def referee_split(cards: object) -> list[str]:
    """Card text (spaces optional between cards, as ``referee`` reads it) as tokens.

    >>> referee_split("3S3S 10h")
    ['3S', '3S', '10h']
    """
    if not isinstance(cards, str):
        raise ScenarioError("your play: card text such as 'AS AS'")
    if len(cards) > referee.MAX_TEXT:
        raise ScenarioError(f"your play: longer than {referee.MAX_TEXT} characters")
    return [p for chunk in cards.replace(",", " ").split() for p in referee._split(chunk)]


def _verdict(rule: str | None, why: Text) -> dict[str, Any]:
    return {"legal": rule is None, "rule": rule, "why": why}


def _judge_play(s: Scenario, seat: int, hand: list[str], play: list[str]) -> dict[str, Any]:
    trump = _trump(s)
    if not _holds(hand, play):
        return _verdict("not_in_hand", RULE_WHY["not_in_hand"])
    if s["trick"]:
        lead = analyse_lead(_ids(s["trick"][0]["cards"]), trump)
        problem = _follow_problem(hand, lead, play, trump)
        if problem is None:
            return _verdict(None, {"en": "A legal follow.", "zh": "合法的跟牌。",
                                   "zh-Hant": "合乎規則的跟牌。"})
        rule, message = problem
        return _verdict(rule, {**RULE_WHY[rule], "en": f"{RULE_WHY[rule]['en']} ({message})"})
    try:
        lead = analyse_lead(_ids(play), trump)
    except LeadError:
        return _verdict("lead_one_suit", RULE_WHY["lead_one_suit"])
    return _judge_lead(s, seat, lead, trump)


def _judge_lead(s: Scenario, seat: int, lead: Lead, trump: Trump) -> dict[str, Any]:
    """A lead's verdict; a throw is judged against the shown hands (hidden ones are unknown)."""
    if not lead.is_throw:
        return _verdict(None, {"en": "A legal lead.", "zh": "合法的领牌。",
                               "zh-Hant": "合乎規則的出牌。"})
    hands = [info["cards"] for info in s["seats"]]
    failure = _throw_failure(hands, seat, lead, trump)
    if failure is None and any(hands[(seat + k) % 4] is None for k in (1, 2, 3)):
        return _verdict(None, {
            "en": "A legal lead: a throw (whether it stands depends on the hidden hands).",
            "zh": "合法的领牌：甩牌（能否成功取决于未亮出的牌）。",
            "zh-Hant": "合乎規則的出牌：甩牌（能否成功要看沒有攤開的牌）。"})
    if failure is None:
        return _verdict(None, {
            "en": "A legal lead: the throw stands (nobody can beat any of its units).",
            "zh": "合法的领牌：甩牌成功（没有人能大过其中任何一手）。",
            "zh-Hant": "合乎規則的出牌：甩牌成功（沒有人能大過其中任何一手）。"})
    forced = _pretty(_texts(failure.forced.all_cards()))
    beat = _pretty(_texts(list(failure.beaten_by)))
    other = seat_name(s, failure.beaten_by_seat)
    en, zh = f"{beat['en']}, which beats {forced['en']}", f"{beat['zh']}，大过{forced['zh']}"
    hant = f"{beat['zh']}，大過{forced['zh']}"
    if not _forced_is_known(hands, seat, lead, failure, trump):
        return _verdict(None, {
            "en": f"Legal, but the throw fails: {other['en']} holds {en}.",
            "zh": f"合法，但甩牌失败：{other['zh']}有{zh}。",
            "zh-Hant": f"合乎規則，但甩牌失敗：{other['zh-Hant']}有{hant}。"})
    return _verdict(None, {
        "en": f"Legal, but the throw fails: {other['en']} holds {en}, "
        f"so only {forced['en']} would be played.",
        "zh": f"合法，但甩牌失败：{other['zh']}有{zh}，只能出{forced['zh']}。",
        "zh-Hant": f"合乎規則，但甩牌失敗：{other['zh-Hant']}有{hant}，只能出{forced['zh']}。"})


# ------------------------------------------------------------------ referee API

MAX_ARGS = 6
MAX_KWARGS = 4
MAX_LIST = 4
MAX_INT = 10**9


def _bad_value(value: object) -> str | None:
    """Why ``value`` may not be passed to the referee, or None."""
    if isinstance(value, bool):
        return "true/false is not an accepted value"
    if isinstance(value, int):
        return None if -MAX_INT <= value <= MAX_INT else f"numbers must be within ±{MAX_INT}"
    if isinstance(value, str):
        return None if len(value) <= referee.MAX_TEXT else (
            f"text longer than {referee.MAX_TEXT} characters"
        )
    if isinstance(value, list):
        if len(value) > MAX_LIST:
            return f"a list has at most {MAX_LIST} items"
        if not all(isinstance(v, str) and len(v) <= referee.MAX_TEXT for v in value):
            return f"a list holds only texts of at most {referee.MAX_TEXT} characters"
        return None
    return f"values are text, whole numbers or lists of text, not {type(value).__name__}"


def _check_request(request: object) -> str | None:
    """Why ``request`` is not a referee call, or None."""
    if not isinstance(request, dict):
        return "a request is an object {fn, args, kwargs}"
    unknown = set(request) - {"fn", "args", "kwargs"}
    if unknown:
        return "a request has only fn, args and kwargs"
    fn = request.get("fn")
    if not isinstance(fn, str) or fn not in referee.__all__:
        return "fn must be one of " + ", ".join(referee.__all__)
    args = request.get("args", [])
    kwargs = request.get("kwargs", {})
    if not isinstance(args, list) or len(args) > MAX_ARGS:
        return f"args must be a list of at most {MAX_ARGS} values"
    if not isinstance(kwargs, dict) or len(kwargs) > MAX_KWARGS:
        return f"kwargs must be an object of at most {MAX_KWARGS} values"
    if not all(isinstance(k, str) and k.isidentifier() and not k.startswith("_") for k in kwargs):
        return "kwargs names must be argument names"
    for value in [*args, *kwargs.values()]:
        problem = _bad_value(value)
        if problem is not None:
            return problem
    return None


def _plain(value: object) -> object:
    """Tuples as lists, for JSON."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def referee_call(request: object) -> dict[str, Any]:
    """Call one ``tractor.positions.referee`` function for the page; never raises.

    ``request`` is ``{"fn": name, "args": [...], "kwargs": {...}}`` as decoded JSON.
    Returns ``{"result": value}`` or ``{"error": message}``.

    >>> referee_call({"fn": "trick_winner", "args": [["5S 4S 4S", "9H 7H 7H", "8H 8H 4H"],
    ...                                              "10", "H"]})
    {'result': 2}
    >>> referee_call({"fn": "__import__", "args": ["os"]})["error"][:24]
    'fn must be one of is_tra'
    """
    problem = _check_request(request)
    if problem is not None:
        return {"error": problem}
    assert isinstance(request, dict)
    fn = getattr(referee, request["fn"])
    try:
        return {"result": _plain(fn(*request.get("args", []), **request.get("kwargs", {})))}
    except (ValueError, TypeError) as err:
        return {"error": str(err)[:300]}


def referee_json(text: str) -> str:
    """``referee_call`` on JSON text, answered as JSON text.

    >>> referee_json('{"fn": "level_change", "args": [85]}')
    '{"result": ["attackers", 0]}'
    >>> referee_json('[[[[[1]]]]]')
    '{"error": "the data is nested more than 4 levels deep"}'
    """
    try:
        request = parse_json(text, max_chars=8000, max_depth=4)
    except ValueError as err:
        return json.dumps({"error": str(err)}, ensure_ascii=False)
    return json.dumps(referee_call(request), ensure_ascii=False)


# ------------------------------------------------------------------ links

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def link(text: str, base: str = "embed.html") -> str:
    """``base?s=…``: the scenario (checked) as compact JSON in base64url without padding.

    >>> link(MINIMAL)[:30]
    'embed.html?s=eyJzY2hlbWEiOiJ0c'
    """
    load(text)
    compact = json.dumps(read(text), ensure_ascii=False, separators=(",", ":"))
    value = base64.urlsafe_b64encode(compact.encode("utf-8")).decode("ascii").rstrip("=")
    if len(value) > MAX_LINK_CHARS:
        raise ScenarioError(
            f"the scenario is too long for a link ({len(value):,} characters encoded; "
            f"at most {MAX_LINK_CHARS:,})"
        )
    return f"{base}?s={value}"


def iframe(text: str, base: str = "embed.html") -> str:
    """A copy-paste ``<iframe>`` showing the scenario.

    >>> iframe(MINIMAL, 'e"x.html')[:34]
    '<iframe src="e&quot;x.html?s=eyJzY'
    """
    src = html.escape(link(text, base))
    return (f'<iframe src="{src}" title="Tractor position" class="tractor-embed" '
            'width="100%" height="360" loading="lazy"></iframe>')


def decode_link_param(value: str) -> str:
    """The scenario's JSON text from a ``?s=`` value (base64url, padding optional).

    >>> decode_link_param(link(MINIMAL).split("?s=")[1])[:30]
    '{"schema":"tractor-scenario","'
    """
    if not isinstance(value, str):
        raise ScenarioError("the link's s= value is text")
    if len(value) > MAX_LINK_CHARS:
        raise ScenarioError(f"the link's s= value is longer than {MAX_LINK_CHARS:,} characters")
    value = value.rstrip("=")
    if not _BASE64URL.fullmatch(value) or len(value) % 4 == 1:
        raise ScenarioError("the link's s= value is not base64url text")
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        raise ScenarioError("the link's s= value does not decode to UTF-8 text") from None

"""The pieces the scenario modules share (``tractor.positions.scenario``): card texts and
ids, the trump, leads and follows, throws and their texts, and the names of seats and cards."""

from __future__ import annotations

import copy
from typing import Any

from .. import scenario_check
from ..cards import TEXT, counts_of, parse_cards
from ..follow import Lead, LeadError, analyse_lead, check_follow
from ..rulecore import SYMBOL_OF
from ..scenario_check import ScenarioError, seat_name
from ..trick import ThrowFailure, check_throw
from ..trump import Trump

Scenario = dict[str, Any]
Frame = dict[str, Any]
Text = dict[str, str]




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

"""Whether one play is legal for a seat of a scenario, and why not, in each language (the
verdicts ``judge`` gives and ``load`` checks every quiz answer with)."""

from __future__ import annotations

from typing import Any

from ..follow import Lead, LeadError, analyse_lead
from ..scenario_check import seat_name
from ..trump import Trump
from .scenario_parts import (
    Scenario,
    Text,
    _follow_problem,
    _forced_is_known,
    _holds,
    _ids,
    _pretty,
    _texts,
    _throw_failure,
    _trump,
)

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

"""Whether one play is legal for a seat of a scenario, and why not, as messages of the
catalogs (``saying.Say``): the verdicts ``judge`` gives and ``load`` checks every quiz answer
with."""

from __future__ import annotations

from typing import Any

from ..follow import Lead, LeadError, analyse_lead
from ..trump import Trump
from .saying import Cards, Param, Say
from .scenario_parts import (
    Scenario,
    _follow_problem,
    _forced_is_known,
    _holds,
    _ids,
    _seat,
    _texts,
    _throw_failure,
    _trump,
)

WHY = {rule: Say.of(key) for rule, key in (
    ("wrong_count", "scenario_why_wrong_count"), ("not_in_hand", "scenario_why_not_in_hand"),
    ("follow_suit", "scenario_why_follow_suit"), ("follow_titanic", "scenario_why_follow_titanic"),
    ("follow_triples", "scenario_why_follow_triples"),
    ("follow_tractor", "scenario_why_follow_tractor"),
    ("follow_pairs", "scenario_why_follow_pairs"), ("lead_one_suit", "scenario_why_lead_one_suit"),
)}
"""Each rule a play can break, and the message explaining it."""


def _verdict(rule: str | None, why: Say, detail: str | None = None) -> dict[str, Any]:
    """``legal``, ``rule`` (the rule broken, or None), ``why`` (what is said of the play:
    ``Say.data``) and ``detail``: the engine's own words on a broken follow rule (English,
    ``follow.check_follow``'s), or None."""
    return {"legal": rule is None, "rule": rule, "why": why.data(), "detail": detail}


def _broken(rule: str, detail: str | None = None) -> dict[str, Any]:
    return _verdict(rule, WHY[rule], detail)


def _judge_play(s: Scenario, seat: int, hand: list[str], play: list[str]) -> dict[str, Any]:
    trump = _trump(s)
    if not _holds(hand, play):
        return _broken("not_in_hand")
    if s["trick"]:
        lead = analyse_lead(_ids(s["trick"][0]["cards"]), trump)
        problem = _follow_problem(hand, lead, play, trump)
        if problem is None:
            return _verdict(None, Say.of("scenario_legal_follow"))
        rule, message = problem
        return _broken(rule, message)
    try:
        lead = analyse_lead(_ids(play), trump)
    except LeadError:
        return _broken("lead_one_suit")
    return _judge_lead(s, seat, lead, trump)


def _judge_lead(s: Scenario, seat: int, lead: Lead, trump: Trump) -> dict[str, Any]:
    """A lead's verdict; a throw is judged against the shown hands (hidden ones are unknown)."""
    if not lead.is_throw:
        return _verdict(None, Say.of("scenario_legal_lead"))
    hands = [info["cards"] for info in s["seats"]]
    failure = _throw_failure(hands, seat, lead, trump)
    if failure is None and any(hands[(seat + k) % 4] is None for k in (1, 2, 3)):
        return _verdict(None, Say.of("scenario_legal_throw_unknown"))
    if failure is None:
        return _verdict(None, Say.of("scenario_legal_throw_stands"))
    said: dict[str, Param] = {"other": _seat(s, failure.beaten_by_seat),
                              "beat": Cards(tuple(_texts(list(failure.beaten_by)))),
                              "forced": Cards(tuple(_texts(failure.forced.all_cards())))}
    if not _forced_is_known(hands, seat, lead, failure, trump):
        return _verdict(None, Say.of("scenario_legal_throw_fails", **said))
    return _verdict(None, Say.of("scenario_legal_throw_fails_forced", **said))

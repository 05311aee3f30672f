"""The pieces the scenario modules share (``tractor.positions.scenario``): card texts and
ids, the trump, leads and follows, throws and what is said of them (``saying.Say``), and the
seats as a sentence names them."""

from __future__ import annotations

import copy
from typing import Any

from .. import scenario_check
from ..cards import TEXT, counts_of, parse_cards
from ..follow import Lead, LeadError, analyse_lead, check_follow
from ..scenario_check import ScenarioError
from ..trick import ThrowFailure, check_throw
from ..trump import Trump
from .saying import Cards, Say, Seat

Scenario = dict[str, Any]
Frame = dict[str, Any]

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


def _throw_text(s: Scenario, seat: int, cards: list[str], failure: ThrowFailure) -> Say:
    """Who tried the throw, who beats it and what is played instead."""
    key = "scenario_throw_failed_you" if _is_you(s, seat) else "scenario_throw_failed"
    return Say.of(key, who=_seat(s, seat), tried=Cards(tuple(cards)),
                  other=_seat(s, failure.beaten_by_seat),
                  beat=Cards(tuple(_texts(list(failure.beaten_by)))),
                  forced=Cards(tuple(_texts(failure.forced.all_cards()))))


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


def _seat(s: Scenario, seat: int) -> Seat:
    """The seat as a sentence names it: the scenario's name for it, else the table's."""
    name = s["seats"][seat]["name"]
    return Seat(seat, None if name is None else tuple(sorted(name.items())))


def _is_you(s: Scenario, seat: int) -> bool:
    """Whether a sentence speaks to the seat (English "you win", not "wins"): the reader's
    seat 0 without a name of its own (You / 你), or a seat named "You" in English."""
    name = s["seats"][seat]["name"]
    return seat == 0 if name is None else bool(name["en"].strip().lower() == "you")


def _win_text(s: Scenario, seat: int, trick_points: int) -> Say:
    """Who won a trick and its points.

    >>> from tractor.scenario_check import MINIMAL, check
    >>> _win_text(check(MINIMAL), 2, 15).data()
    {'key': 'scenario_trick_won', 'params': {'name': {'seat': 2}, 'points': 15}}
    >>> _win_text(check(MINIMAL), 0, 0).data()["key"]
    'scenario_trick_won_nothing_you'
    """
    you = _is_you(s, seat)
    if trick_points == 0:
        key = "scenario_trick_won_nothing_you" if you else "scenario_trick_won_nothing"
        return Say.of(key, name=_seat(s, seat))
    key = "scenario_trick_won_you" if you else "scenario_trick_won"
    return Say.of(key, name=_seat(s, seat), points=trick_points)

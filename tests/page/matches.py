"""Matches played forward in this process by the computer players, for positions the
tests start from (the page's unit tests and the browser tests both use them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tractor.actions import Action
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step


def advance(
    rules: dict[str, Any], seed: int, stop: Callable[[Match], bool], max_steps: int = 5000
) -> Match | None:
    """Play a match with computer players (in this process) until ``stop(match)``."""
    match = Match(Rules.from_dict(rules), seed)
    players = [make_player("basic", seat) for seat in range(4)]
    for _ in range(max_steps):
        if stop(match):
            return match
        if match.phase == "match_over":
            return None
        step(match, players)
    return None


def marked_hand() -> Match:
    """A finished 1-deck hand in which seat 0, played at random, makes plays the coach
    marks (seed 2; the others are basic players)."""
    match = Match(Rules(decks=1), 2)
    players = [make_player("random", 7)] + [make_player("basic", s) for s in (1, 2, 3)]
    while match.phase not in ("hand_over", "match_over"):
        step(match, players)
    return match


def system_action(match: Match) -> Action:
    """The system step due now (a deal, the end of the deal, the next hand): the match
    must be waiting for one."""
    action = match.system_action()
    assert action is not None, match.phase
    return action

"""Drive a match with four players: system steps, turns and deal-time declarations.

>>> from tractor.match import Match
>>> from tractor.players import RandomPlayer
>>> m = Match(seed=7)
>>> play_hand(m, [RandomPlayer(i) for i in range(4)])
>>> m.phase in ("hand_over", "match_over")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .actions import CHANCE, Action, Deal, Declare
from .match import Match
from .view import View


class Player(Protocol):
    """A seat's decision maker: it sees only a ``View`` and answers with an action.

    * ``act(view)`` when ``view.to_move == view.seat`` (declare/pass in a declaration
      round, bury, call the friend, play);
    * ``declare(view)`` during a ``during_deal`` window, whenever it might declare:
      return a ``Declare`` or None.

    The computer players (``tractor.players``) are such; the driver never imports them.
    """

    name: str

    def act(self, view: View) -> Action: ...

    def declare(self, view: View) -> Declare | None: ...


def poll_declarations(
    m: Match, players: Sequence[Player], first: int, rounds: int = 4
) -> list[Action]:
    """Offer deal-time declarations, starting with seat ``first``, until nobody declares.

    ``rounds`` seats are asked in turn (1 after a dealt card: only its receiver
    has a new choice); after a declaration every seat is asked again in turn (a
    chance to overturn).
    """
    applied: list[Action] = []
    asked, seat, limit = 0, first, rounds
    while asked < limit:
        if m.declaration_options(seat):
            choice = players[seat].declare(m.observe(seat))
            if choice is not None:
                m.apply(choice)
                applied.append(choice)
                asked, limit = 0, 4
        asked += 1
        seat = (seat + 1) % 4
    return applied


def step(m: Match, players: Sequence[Player]) -> list[Action]:
    """Apply the next action (and any deal-time declarations it prompts)."""
    mover = m.to_move
    if mover is None:
        return []
    if mover == CHANCE:
        action = m.system_action()
        assert action is not None
        if m.phase == "deal" and m.rules.declare_window == "during_deal":
            if isinstance(action, Deal):
                receiver = (m.deal_start + m.dealt) % 4
                m.apply(action)
                return [action, *poll_declarations(m, players, receiver, rounds=1)]
            late = poll_declarations(m, players, m.deal_start)
            if late:
                return late
        m.apply(action)
        return [action]
    action = players[mover].act(m.observe(mover))
    m.apply(action)
    return [action]


def play_hand(m: Match, players: Sequence[Player]) -> None:
    """Play until the current hand is over (or the match)."""
    while m.phase not in ("hand_over", "match_over"):
        step(m, players)


def play_match(m: Match, players: Sequence[Player], max_hands: int = 1000) -> None:
    """Play the whole match (stops after ``max_hands`` hands as a safety net)."""
    while not m.is_over and m.hand_no < max_hands:
        play_hand(m, players)
        if m.phase == "hand_over":
            step(m, players)

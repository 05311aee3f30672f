"""One computer decision from a seat's view: shared by the worker and the page.

The worker receives only the seat's view as JSON (``View.to_data``: no other
hand, no deck, no seed) and calls ``decide_json``; the page (while the worker is
still loading) calls ``decide`` with ``match.observe(seat)``. A player is built
afresh for each decision with a seed derived from the position, so both places
make the same choice.
"""

from __future__ import annotations

import json

from tractor.actions import Action, Declare
from tractor.jsondata import parse_json
from tractor.match import Match
from tractor.players import make_player
from tractor.view import View

MAX_VIEW_CHARS = 200_000
"""A view is a few KB (a 3-deck hand near its end under 20 KB)."""

KINDS = ("act", "declare")


def decision_seed(m: Match, seat: int) -> int:
    """A seed fixed by the match seed and the position (reproducible decisions)."""
    step = m.dealt + 4 * m.tricks_played + len(m.trick) + 7 * len(m.declarations)
    return (m.seed * 1_000_003 + m.hand_no * 10_007 + step * 31 + seat) % (2**31)


def decide(view: View, player: str, kind: str, seed: int) -> Action | None:
    """The action of ``player`` for the view's seat: ``act`` (its turn) or ``declare``."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    chooser = make_player(player, seed)
    if kind == "declare":
        choice: Declare | None = chooser.declare(view)
        return choice
    return chooser.act(view)


def view_json(m: Match, seat: int) -> str:
    """What the worker is sent for a decision of ``seat``: that seat's view only."""
    return json.dumps(m.observe(seat).to_data(), separators=(",", ":"))


def decide_json(view_text: str, player: str, kind: str, seed: int) -> str:
    """``decide`` for a view sent as ``view_json``; the action's JSON text, or ``null``."""
    view = View.from_data(parse_json(view_text, max_chars=MAX_VIEW_CHARS, max_depth=6))
    action = decide(view, str(player), str(kind), int(seed))
    return json.dumps(None if action is None else action.to_json())

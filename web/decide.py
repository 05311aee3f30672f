"""One computer decision from a seat's view: shared by the worker and the page.

The worker receives the save text, restores the match and calls ``decide_json``;
the page (while the worker is still loading) calls ``decide`` on its own match.
Either way only ``match.observe(seat)`` is given to the player, and a player is
built afresh for each decision with a seed derived from the position, so both
places make the same choice.
"""

from __future__ import annotations

import json

from tractor.actions import Action, Declare
from tractor.match import Match
from tractor.players import make_player
from tractor.save import loads
from tractor.view import View

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


def decide_json(save_text: str, seat: int, player: str, kind: str, seed: int) -> str:
    """``decide`` for a saved match; the action's JSON text, or ``null``."""
    view = loads(save_text).observe(int(seat))
    action = decide(view, str(player), str(kind), int(seed))
    return json.dumps(None if action is None else action.to_json())

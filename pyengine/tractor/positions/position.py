"""The scenario of the current trick as one seat sees it ("share this position").

``from_view(view)`` builds a scenario (``scenario.schema.json``) from a seat's
``View`` only: that seat's cards face up, every other hand as a count of backs,
the trick so far, whose turn, the level, trump, dealer and rule options that
differ from the defaults, the attackers' points when the sides are known, and the
caption the reader gives (``caption_of`` says what it is; the reader words it from
the catalogs). No hidden card can leak: the view holds none. The seat is drawn at the bottom, so
seats are renumbered from it (the view's seat becomes seat 0).

>>> from tractor.match import Match
>>> from tractor.rules import Rules
>>> from tractor.players import make_player
>>> from tractor.runner import step
>>> m, players = Match(Rules(), seed=3), [make_player("easy", i) for i in range(4)]
>>> while m.phase != "play":
...     _ = step(m, players)
>>> s = from_view(m.observe(0))
>>> s["schema"], len(s["seats"]), "cards" in s["seats"][0], "backs" in s["seats"][1]
('tractor-scenario', 4, True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..cards import RANKS
from ..trump import sorted_hand
from ..view import View
from .saying import Say

__all__ = ["PositionError", "caption_of", "from_view", "from_view_json"]


class PositionError(ValueError):
    """The view is not in a trick (there is no position to share yet)."""


def _attackers_points(view: View) -> int | None:
    """The attackers' points so far, when the sides are known (else None)."""
    if not view.defenders or (view.rules.partners == "find_friend" and view.friend is None):
        return None
    return sum(p for seat, p in enumerate(view.captured) if seat not in view.defenders)


def caption_of(view: View) -> Say:
    """What a shared position's caption says: which hand and trick it is.

    >>> from tractor.match import Match
    >>> from tractor.rules import Rules
    >>> caption_of(Match(Rules(), seed=3).observe(0)).data()
    {'key': 'scenario_caption', 'params': {'hand': 1, 'trick': 1}}
    """
    return Say.of("scenario_caption", hand=view.hand_no + 1, trick=view.tricks_played + 1)


def from_view(view: View, caption: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The scenario of ``view``'s trick (play phase only, else ``PositionError``), with
    ``caption`` (``{"en", "zh", "zh-Hant"}``: the reader's words for ``caption_of(view)``,
    or the reader's own) when one is given."""
    if view.phase != "play" or view.trump is None or view.to_move is None:
        raise PositionError("a position can be shared during the play of a hand")

    def here(seat: int) -> int:
        return (seat - view.seat) % 4

    seats: list[dict[str, Any]] = [{} for _ in range(4)]
    for seat in range(4):
        if seat == view.seat:
            hand = sorted_hand(list(view.hand), view.order)  # as the table shows it
            seats[here(seat)] = {"cards": " ".join(str(c) for c in hand)}
        else:
            seats[here(seat)] = {"backs": view.hand_sizes[seat]}
    suit = view.trump.trump_suit
    scenario: dict[str, Any] = {
        "schema": "tractor-scenario",
        "version": 1,
        "level": RANKS[view.level],
        "trump": "NT" if suit is None else "SHCD"[suit],
        "seats": seats,
        "trick": [{"seat": here(s), "cards": " ".join(str(c) for c in cards)}
                  for s, cards in view.trick],
        "turn": here(view.to_move),
    }
    if caption is not None:
        scenario["caption"] = dict(caption)
    options = view.rules.changed()
    if options:
        scenario["rules"] = options
    if view.dealer is not None:
        scenario["dealer"] = here(view.dealer)
    if view.friend_card is not None:
        scenario["friend_card"] = str(view.friend_card)
    points = _attackers_points(view)
    if points is not None:
        scenario["points"] = max(0, min(points, 100 * view.rules.decks))
    return scenario


def from_view_json(view: View, caption: Mapping[str, str] | None = None) -> str:
    """``from_view`` as compact JSON text (what ``scenario.link`` encodes)."""
    return json.dumps(from_view(view, caption), ensure_ascii=False, separators=(",", ":"))

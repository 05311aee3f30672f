"""Seat 0's view as the painter draws it: the engine's wire form to the stored form.

``micro.paintable`` draws the bar, the seats, the trick and the hand from a
``PaintedView`` (``micro.paintdata``): the form the painter stores (``tractor.paint``)
and MicroPython reads back. The live table draws the same regions from the same form,
made here from the engine's wire form of the view (``tractor.viewdata.ViewData``):
the keys of ``paintable.PAINT_KEYS`` in their order, the levels as rank texts, the
rules' ``partners`` and ``decks``, the hand's trump flags. So the stored form stays
as it is whatever the wire form becomes, and mypy checks every key on both sides.

>>> from tractor import Match, Rules
>>> painted = painted_view(Match(Rules(), seed=5).observe(0).to_data())
>>> painted["level"], painted["levels"], painted["rules"]
('2', ['2', '2', '2', '2'], {'partners': 'fixed', 'decks': 2})
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tractor.cards import RANKS

if TYPE_CHECKING:
    from micro.paintdata import PaintedView
    from tractor.viewdata import ViewData


def painted_view(view: ViewData) -> PaintedView:
    """What the painter stores and draws of seat 0's wire-form ``view`` (new lists: the
    view is not shared)."""
    decl = view["declaration"]
    failure = view["throw_failure"]
    taken = view["kitty_taken"]
    return {
        "phase": view["phase"],
        "to_move": view["to_move"],
        "hand_no": view["hand_no"],
        "level": RANKS[view["level"]],
        "levels": [RANKS[level] for level in view["levels"]],
        "trump": view["trump"],
        "declaration": None if decl is None else {"seat": decl["seat"],
                                                  "cards": list(decl["cards"])},
        "dealer": view["dealer"],
        "friend": view["friend"],
        "friend_card": view["friend_card"],
        "defenders": list(view["defenders"]),
        "captured": list(view["captured"]),
        "penalty": view["penalty"],
        "hand_sizes": list(view["hand_sizes"]),
        "deal_total": view["deal_total"],
        "dealt": view["dealt"],
        "kitty_size": view["kitty_size"],
        "trick": [{"seat": play["seat"], "cards": list(play["cards"])} for play in view["trick"]],
        "tricks_played": view["tricks_played"],
        "trick_winner": view["trick_winner"],
        "lead_kind": view["lead_kind"],
        "throw_failure": None if failure is None else {
            "seat": failure["seat"],
            "attempted": list(failure["attempted"]),
            "forced": list(failure["forced"]),
            "beaten_by_seat": failure["beaten_by_seat"],
            "beaten_by": list(failure["beaten_by"]),
            "penalty": failure["penalty"],
        },
        "hand": list(view["hand"]),
        "kitty_taken": None if taken is None else list(taken),
        "rules": {"partners": view["rules"]["partners"], "decks": view["rules"]["decks"]},
        "hand_trump": list(view["hand_trump"]),
        "own_side": view["own_side"],
    }

"""The random player: any legal action, uniformly over a sensible enumeration."""

from __future__ import annotations

import random

from ..actions import Action, Bury, CallFriend, Declare, Pass, Play
from ..cards import CARDS, SMALL_JOKER
from ..view import View
from .common import hand_units, random_follow


class RandomPlayer:
    """Any legal action, uniformly over a sensible enumeration.

    Declaring: pass or any available declaration, uniformly. Burying: a uniform
    sample of the hand. Friend: a uniform non-joker card. Leading: a uniform unit
    of the hand (no throws). Following: a best-matching structure with the rest
    drawn uniformly from the led suit, then from the other cards.
    """

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def declare(self, view: View) -> Declare | None:
        options = view.declaration_options()
        pick = self.rng.randrange(len(options) + 1) if options else 0
        return Declare(view.seat, options[pick - 1]) if pick else None

    def act(self, view: View) -> Action:
        seat = view.seat
        if view.phase in ("declare", "theft"):
            return self.declare(view) or Pass(seat)
        if view.phase == "bury":
            return Bury(seat, self.rng.sample(list(view.hand), view.rules.kitty_size))
        if view.phase == "call":
            return CallFriend(seat, CARDS[self.rng.randrange(SMALL_JOKER)])
        if view.phase == "play":
            if view.lead is None:
                unit = self.rng.choice(hand_units(view))
                return Play(seat, [CARDS[c] for c in unit.all_cards()])
            return Play(seat, random_follow(view, self.rng))
        raise ValueError(f"seat {seat} has nothing to do in phase {view.phase}")

"""A player for fuzzing the engine: random, and it tries throws, many of which fail."""

from __future__ import annotations

from ..actions import Action, Play
from ..cards import Card
from ..view import View
from .random_player import RandomPlayer


class ThrowerPlayer(RandomPlayer):
    """A random player that leads a random handful of one suit half the time.

    Most such leads are throws of several units and many fail, so fuzzing with
    it reaches failed throws, forced units and the throw penalty, which no
    sensible player (and not ``random``, which leads one unit) ever tries.
    """

    name = "thrower"

    def act(self, view: View) -> Action:
        if view.phase == "play" and view.lead is None and self.rng.random() < 0.5:
            by_suit: dict[int, list[Card]] = {}
            for c in view.hand:
                by_suit.setdefault(view.order.suit[c], []).append(c)
            cards = self.rng.choice(list(by_suit.values()))
            return Play(view.seat, self.rng.sample(cards, self.rng.randint(1, min(6, len(cards)))))
        return super().act(view)

"""The seat interface and the built-in computer players.

A player sees only a ``View`` and answers with an action:

* ``act(view)`` when ``view.to_move == view.seat`` (declare/pass in a declaration
  round, bury, call the friend, play);
* ``declare(view)`` during a ``during_deal`` window, whenever it might declare:
  return a ``Declare`` or None.

A slower or stronger player plugs in by implementing the same two methods.
``make_player(name, seed)`` builds a built-in one: ``random`` or ``basic``.
"""

from __future__ import annotations

import random
from typing import Protocol

from .actions import Action, Bury, CallFriend, Declare, Pass, Play
from .cards import CARDS, SMALL_JOKER, Card
from .follow import required_cards
from .units import Unit, runs
from .view import View


class Player(Protocol):
    """A seat's decision maker."""

    name: str

    def act(self, view: View) -> Action: ...

    def declare(self, view: View) -> Declare | None: ...


def hand_units(view: View) -> list[Unit]:
    """Every unit the hand could lead: singles, pairs, triples, tractors, Titanics."""
    order = view.order
    out: list[Unit] = []
    counts = view.counts
    for suit in range(5):
        cnt = {c: counts[c] for c in order.by_suit[suit] if counts[c]}
        for width in (1, 2, 3):
            singles = [Unit(width, 1, (c,)) for c in cnt if cnt[c] >= width]
            out += singles
            if width == 1:
                continue
            if len(singles) < 2:
                break
            for run in runs(cnt, order, suit, width):
                for length in range(2, len(run) + 1):
                    for start in range(len(run) - length + 1):
                        out.append(Unit(width, length, tuple(run[start : start + length])))
    return out


def random_follow(view: View, rng: random.Random) -> list[Card]:
    """A legal follow: a best-matching structure, then random led-suit cards, then others."""
    assert view.lead is not None
    order, lead = view.order, view.lead
    counts = list(view.counts)
    chosen = required_cards(counts, lead, order)
    for c in chosen:
        counts[c] -= 1
    suit_rest = [c for c in order.by_suit[lead.suit] for _ in range(counts[c])]
    rng.shuffle(suit_rest)
    need = lead.size - len(chosen)
    chosen += suit_rest[:need]
    for c in suit_rest[:need]:
        counts[c] -= 1
    need = lead.size - len(chosen)
    if need > 0:
        others = [c for c in range(54) for _ in range(counts[c]) if order.suit[c] != lead.suit]
        chosen += rng.sample(others, need)
    return [CARDS[c] for c in chosen]


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


def make_player(name: str, seed: int = 0) -> Player:
    """A built-in player by name: ``random``, ``basic`` or (for fuzzing) ``thrower``."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "thrower":
        return ThrowerPlayer(seed)
    if name == "basic":
        from .basic import BasicPlayer

        player: Player = BasicPlayer(seed)
        return player
    raise ValueError(
        f"unknown player {name!r}; built-in players are {', '.join(PLAYER_NAMES + FUZZ_PLAYERS)}"
    )


PLAYER_NAMES = ("random", "basic")
"""The players a person can choose as opponents."""
FUZZ_PLAYERS = ("thrower",)
"""Players for testing the engine (``simulate``), not for playing against."""

"""The computer players: one seat interface, four strengths.

* ``random``: any legal action (``random_player``);
* ``easy``: a casual player's rules of thumb (``easy``; ``basic`` is its old name,
  still accepted);
* ``normal``: rules of thumb with card memory (``normal``, ``memory``);
* ``hard``: determinised Monte Carlo over the unseen cards (``hard``, ``sampling``,
  ``rollout``).

Every player sees only its seat's ``View`` and answers with an action; the engine
never imports a player. ``make_player(name, seed)`` builds one by name.
"""

from __future__ import annotations

from .common import Player, hand_units, random_follow
from .random_player import RandomPlayer
from .thrower import ThrowerPlayer


class PlayerNames(tuple[str, ...]):
    """The built-in names in display order; ``in`` also accepts an old alias.

    Iterating gives ``random``, ``easy``, ``normal``, ``hard``; ``"basic" in
    PLAYER_NAMES`` is True so that stored settings naming ``basic`` stay valid.
    """

    def __contains__(self, name: object) -> bool:
        return tuple.__contains__(self, ALIASES.get(name, name) if isinstance(name, str) else name)


ALIASES: dict[str, str] = {"basic": "easy"}
"""Old or alternative names and the player they build."""

PLAYER_NAMES = PlayerNames(("random", "easy", "normal", "hard"))
"""The players a person can choose as opponents."""
FUZZ_PLAYERS = ("thrower",)
"""Players for testing the engine (``simulate``), not for playing against."""
ALL_PLAYERS = PlayerNames(PLAYER_NAMES + FUZZ_PLAYERS)
"""Every name ``make_player`` builds (aliases accepted by ``in``)."""


def canonical_name(name: str) -> str:
    """The built-in player a name stands for (``basic`` → ``easy``); ValueError if none."""
    canonical = ALIASES.get(name, name)
    if not tuple.__contains__(PLAYER_NAMES, canonical):
        raise ValueError(
            f"unknown player {name!r}; built-in players are {', '.join(PLAYER_NAMES)}"
            f" (aliases: {', '.join(ALIASES)})"
        )
    return canonical


def make_player(name: str, seed: int = 0) -> Player:
    """A built-in player by name: ``random``, ``easy`` (alias ``basic``), ``normal``, ``hard``,
    or (for fuzzing) ``thrower``."""
    if name == "thrower":
        return ThrowerPlayer(seed)
    canonical = canonical_name(name)
    if canonical == "random":
        return RandomPlayer(seed)
    if canonical == "easy":
        from .easy import EasyPlayer

        return EasyPlayer(seed)
    if canonical == "normal":
        from .normal import NormalPlayer

        return NormalPlayer(seed)
    from .hard import HardPlayer

    return HardPlayer(seed)


__all__ = [
    "ALIASES",
    "ALL_PLAYERS",
    "FUZZ_PLAYERS",
    "PLAYER_NAMES",
    "Player",
    "RandomPlayer",
    "ThrowerPlayer",
    "canonical_name",
    "hand_units",
    "make_player",
    "random_follow",
]

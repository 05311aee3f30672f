"""The phase of a match as a type (RULES §3): ``Phase``, the one ``Literal`` of them.

``rulecore.PHASES`` spells the same phases as a tuple for the MicroPython checkers
(no ``typing`` there); ``tests/engine/rules/test_phase.py`` holds the two equal.

>>> as_phase("play")
'play'
>>> as_phase("lunch")
Traceback (most recent call last):
...
ValueError: not a phase of a match: 'lunch'
"""

from __future__ import annotations

from typing import Literal, TypeGuard

from .rulecore import PHASES

Phase = Literal["deal", "declare", "theft", "bury", "call", "play", "hand_over", "match_over"]
"""Where a match is: dealing, declaring, overturning the kitty (炒地皮), burying,
calling the friend, playing tricks, between hands, or over."""


def is_phase(value: object) -> TypeGuard[Phase]:
    """Whether ``value`` names a phase."""
    return value in PHASES


def as_phase(value: object) -> Phase:
    """``value`` as a ``Phase``, or ``ValueError`` when it names none."""
    if is_phase(value):
        return value
    raise ValueError(f"not a phase of a match: {value!r}")

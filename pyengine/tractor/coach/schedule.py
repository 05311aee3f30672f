"""When a drill comes back: spaced repetition over the player's own mistakes (issue 38).

A drill (a decision the coach marked, to be found again) sits in a box: answered
right it moves up a box and comes back after ``INTERVALS_DAYS`` of its new box (1, 3,
7, then 21 days and 21 again); answered wrong it goes back to the first box and is
due at once, so that it is asked again at the next visit. Times are milliseconds
since the epoch, as the page's clock gives them. Drills are asked in the order they
are due (``due_order``: the earliest first, then the oldest made).

>>> answered(Schedule(0, 0), True, 0)
Schedule(box=1, due_ms=86400000)
>>> answered(Schedule(3, 0), True, 0).due_ms == 21 * DAY_MS
True
>>> answered(Schedule(2, 5 * DAY_MS), False, DAY_MS)
Schedule(box=0, due_ms=86400000)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

DAY_MS = 86_400_000
INTERVALS_DAYS = (1, 3, 7, 21)
"""Days until a drill answered right comes back, by the box it moves up to (1 to 4)."""
BOXES = len(INTERVALS_DAYS)


@dataclass(frozen=True)
class Schedule:
    """A drill's box (0: new or last answered wrong; up to ``BOXES``) and when it is due."""

    box: int
    due_ms: int


def answered(s: Schedule, right: bool, now_ms: int) -> Schedule:
    """The schedule after an answer at ``now_ms`` (see the module docstring)."""
    if not right:
        return Schedule(0, now_ms)
    box = min(BOXES, s.box + 1)
    return Schedule(box, now_ms + INTERVALS_DAYS[box - 1] * DAY_MS)


def is_due(s: Schedule, now_ms: int) -> bool:
    return s.due_ms <= now_ms


T = TypeVar("T")


def due_order(items: Sequence[T], schedule: Callable[[T], Schedule],
              made: Callable[[T], int]) -> list[T]:
    """``items`` in the order they are due: the earliest due first, then the oldest made."""
    return sorted(items, key=lambda item: (schedule(item).due_ms, made(item)))


__all__ = ["BOXES", "DAY_MS", "INTERVALS_DAYS", "Schedule", "answered", "due_order", "is_due"]

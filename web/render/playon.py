"""Which steps of a replay a what-if may start from (``house.learn.branching``)."""

from __future__ import annotations

from store.pasthands import Step


def can_play_on(steps: list[Step], index: int) -> bool:
    """Whether the replay's step is a moment to play on from: the start of play or after
    a trick, with a trick still to come (not the hand's end)."""
    return 0 <= index < len(steps) and steps[index].title != "result" and any(
        s.title == "trick" and s.trick_no > steps[index].trick_no for s in steps)

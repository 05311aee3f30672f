"""Statistics of the player at seat 0: hands and matches played and won by their side."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Any

from tractor.jsondata import DataError
from tractor.outcome import HandOutcome

from store.storage import read_small

HUMAN = 0
COUNTERS = ("hands", "hands_won", "matches", "matches_won", "matches_with_undo")
STATS_FIELDS = (*COUNTERS, "counted")
"""The fields of the stored statistics: a record with any other field is refused."""


@dataclass(frozen=True)
class Stats:
    """Counters kept across matches (localStorage)."""

    hands: int = 0
    hands_won: int = 0
    matches: int = 0
    matches_won: int = 0
    matches_with_undo: int = 0
    counted: str = ""  # "<match id>:<hand no>" of the last hand counted (no double counts)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


def parse_stats(text: str | None) -> tuple[Stats, bool]:
    """Stats from stored JSON, and whether the data was damaged (then no statistics yet)."""
    try:
        data = read_small(text)
    except DataError:
        return Stats(), True
    if data is None:
        return Stats(), False
    if any(name not in STATS_FIELDS for name in data):  # nothing stored goes unchecked
        return Stats(), True
    values: dict[str, Any] = {}
    for name in COUNTERS:
        value = data.get(name, 0)
        if type(value) is not int or not 0 <= value < 10**9:
            return Stats(), True
        values[name] = value
    counted = data.get("counted", "")
    if not isinstance(counted, str) or len(counted) > 200:
        return Stats(), True
    return Stats(**values, counted=counted), False


def human_side_won(result: HandOutcome) -> bool:
    """Whether seat 0's side is the side that gained from this hand."""
    return HUMAN in result.gainers()


def record_hand(
    stats: Stats,
    match_id: str,
    result: HandOutcome,
    winners: list[int] | None,
    undo_used: bool = False,
) -> Stats:
    """Count a finished hand (and the match when it ended, apart if undo was used in it);
    idempotent per hand."""
    key = f"{match_id}:{result.hand_no}"
    if stats.counted == key:
        return stats
    won = human_side_won(result)
    updated = replace(
        stats, hands=stats.hands + 1, hands_won=stats.hands_won + int(won), counted=key
    )
    if winners is not None:
        updated = replace(
            updated,
            matches=updated.matches + 1,
            matches_won=updated.matches_won + int(HUMAN in winners),
            matches_with_undo=updated.matches_with_undo + int(undo_used),
        )
    return updated

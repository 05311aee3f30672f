"""Reading a stored match: resume it, or say exactly why it cannot be resumed.

``read_match`` classifies a stored text as resumable, not ours, from another
schema version, or damaged; the table shows the matching message, keeps the bad
text under another key and starts afresh. ``Meta`` is the table's own small
record beside the match (the match id).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from tractor.jsondata import DataError
from tractor.match import Match
from tractor.save import SaveError, loads

from store.storage import read_small

PROBLEMS = {"not_ours": "save_not_ours", "old_version": "save_old_version"}


@dataclass(frozen=True)
class Loaded:
    """Outcome of reading a stored match."""

    match: Match | None
    problem: str | None  # None, "save_not_ours", "save_old_version" or "save_damaged"
    detail: str = ""


def read_match(text: str | None) -> Loaded:
    """Replay a match saved with ``tractor.save.dumps``; classify any failure."""
    if text is None:
        return Loaded(None, None)
    try:
        return Loaded(loads(text), None)
    except SaveError as error:
        return Loaded(None, PROBLEMS.get(error.reason, "save_damaged"), str(error))
    except Exception as error:  # a damaged save must never stop the page
        return Loaded(None, "save_damaged", f"{type(error).__name__}: {error}")


@dataclass(frozen=True)
class Meta:
    """Table data stored beside the match: which match it is (statistics count it once).

    ``unsaved`` is 1 when the last write of the match failed (the stored match is
    older than what was played); an int, so marking it keeps the text's length.
    """

    match_id: str = ""
    undo: bool = False  # seat 0 took an action back in this match
    unsaved: int = 0

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


META_FIELDS = ("match_id", "undo", "unsaved")
"""The fields of a stored meta record: one with any other field is refused."""


def parse_meta(text: str | None) -> tuple[Meta, bool]:
    """The stored meta record, and whether it was damaged (then an empty one)."""
    try:
        data = read_small(text) or {}
    except DataError:
        return Meta(), True
    if any(name not in META_FIELDS for name in data):  # nothing stored goes unchecked
        return Meta(), True
    match_id, undo = data.get("match_id", ""), data.get("undo", False)
    unsaved = data.get("unsaved", 0)
    if not isinstance(match_id, str) or len(match_id) > 100 or type(undo) is not bool:
        return Meta(), True
    if type(unsaved) is not int or unsaved not in (0, 1):
        return Meta(), True
    return Meta(match_id=match_id, undo=undo, unsaved=unsaved), False

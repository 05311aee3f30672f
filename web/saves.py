"""Reading a stored match: resume it, or say exactly why it cannot be resumed.

``read_match`` classifies a stored text as resumable, not ours, from another
schema version, or damaged; the table shows the matching message, keeps the bad
text under another key and starts afresh. ``Meta`` is the table's own small
record beside the match (the match id).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from tractor.match import Match
from tractor.save import SCHEMA, VERSION, SaveError, loads


@dataclass(frozen=True)
class Loaded:
    """Outcome of reading a stored match."""

    match: Match | None
    problem: str | None  # None, "save_not_ours", "save_old_version" or "save_damaged"
    detail: str = ""


def read_match(text: str | None) -> Loaded:
    """Restore a match saved with ``tractor.save.dumps``; classify any failure."""
    if text is None:
        return Loaded(None, None)
    try:
        data = json.loads(text)
    except ValueError as error:
        return Loaded(None, "save_damaged", f"not JSON: {error}")
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        return Loaded(None, "save_not_ours", "no tractor-match schema")
    if data.get("version") != VERSION:
        return Loaded(None, "save_old_version", f"version {data.get('version')!r}")
    try:
        return Loaded(loads(text), None)
    except SaveError as error:
        return Loaded(None, "save_damaged", str(error))
    except Exception as error:  # a damaged save must never stop the page
        return Loaded(None, "save_damaged", f"{type(error).__name__}: {error}")


@dataclass(frozen=True)
class Meta:
    """Table data stored beside the match: which match it is (statistics count it once)."""

    match_id: str = ""

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


def parse_meta(text: str | None) -> Meta:
    """The stored meta record; damaged data gives an empty one."""
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        return Meta()
    if not isinstance(data, dict):
        return Meta()
    match_id = data.get("match_id", "")
    return Meta(match_id=match_id) if isinstance(match_id, str) else Meta()

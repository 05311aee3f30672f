"""Reading the table's small stored values: settings, statistics, meta and history.

A value that does not parse is kept aside under another key (``Store.quarantine``)
and reset, with a message that says where it is kept; a value whose last load
never finished (``guarded``: the history replays its records, ``keeper``) is not
read again but kept aside. These read only the storage and message parts of the
table (``state.Keep``, ``state.Words``), so the facade reads the settings and
statistics with them before the table exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from store.storage import SETTINGS_KEY
from text.messages import Msg

from house.state import Keep, Words


def load_small(
    keep: Keep, words: Words, key: str, parse: Callable[[str | None], tuple[Any, bool]],
    guarded: bool = False,
) -> Any:
    """Settings, statistics, meta or history from storage; damaged data is kept aside
    and reset. ``guarded``: a value whose last load never finished is not read again."""
    raw, stuck = begin_small(keep, key, guarded)
    value, damaged = parse(None if stuck else raw)
    return end_small(keep, words, key, raw, value, damaged or stuck, guarded)


def begin_small(keep: Keep, key: str, guarded: bool) -> tuple[str | None, bool]:
    """The first half of :func:`load_small`: the stored text, and whether it is stuck
    (its last loads never finished: it is not parsed, but kept aside)."""
    raw = keep.store.get(key)
    return raw, guarded and raw is not None and keep.keeper.begin_load(key, raw)


def end_small(keep: Keep, words: Words, key: str, raw: str | None, value: Any, damaged: bool,
              guarded: bool) -> Any:
    """The second half of :func:`load_small`, once ``raw`` is parsed into ``value``."""
    if guarded:
        keep.keeper.end_load(key)
    kept = keep.store.set_aside.pop(key, None)  # not text: the store kept it aside
    if damaged and raw is not None:
        kept = keep.store.quarantine(key, raw, keep.stamp())
    if kept is not None:
        if kept == key or not keep.store.has(kept):  # no room to move it: left in place
            kept = key
        else:
            keep.store.set(key, value.to_json())
        if words.message is None:
            words.message = Msg("settings_damaged" if key == SETTINGS_KEY else
                                "storage_damaged", {"where": kept})
    return value

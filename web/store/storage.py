"""localStorage keys and safe access: reads never fail, a full storage is reported.

The backend is the page's ``window.localStorage`` (or any object with
``getItem``/``setItem``/``removeItem``, e.g. a dict-backed fake in tests).

Every stored string is checked here, once, before anything uses it: a value that
is not text (a lone surrogate, as a JavaScript string may hold: it can be neither
encoded nor hashed) is refused by ``Store.get``, kept aside under its bad key and
noted in ``Store.set_aside``; the table's loaders say where (``keeping``).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from tractor.jsondata import DataError, lone_surrogate, parse_json

MATCH_KEY = "tractor.match"
META_KEY = "tractor.meta"
SETTINGS_KEY = "tractor.settings"
STATS_KEY = "tractor.stats"
HISTORY_KEY = "tractor.history"
DRILLS_KEY = "tractor.drills"
"""The drills made from the coach's marks (``store.drills``)."""
ASIDE_KEY = "tractor.aside"
"""The key of the last match kept aside unread (its load never finished, twice):
Settings offers to restore it (``keeping.restore_set_aside``)."""
MAX_SMALL_RECORD = 10_000
"""Longest meta, settings or statistics text read (each is well under 1 KB)."""


def read_small(text: str | None) -> dict[str, Any] | None:
    """A small stored JSON object (meta, settings, statistics), size- and depth-capped.

    None when nothing is stored; ``DataError`` when it is not a small JSON object.
    """
    if text is None:
        return None
    data = parse_json(text, max_chars=MAX_SMALL_RECORD, max_depth=3)
    if not isinstance(data, dict):
        raise DataError("not a JSON object")
    return data


def bad_key(key: str, stamp: int) -> str:
    """Where a damaged value of ``key`` is kept (never overwritten: the stamp is unique)."""
    return f"{key}.bad.{stamp}"


def aside_stamp(key: str | None) -> int | None:
    """When the match kept aside under ``key`` was set aside (the stamp of its bad key);
    None for anything but a bad key of the match.

    >>> aside_stamp("tractor.match.bad.1700000000000-2"), aside_stamp("tractor.settings")
    (1700000000000, None)
    """
    found = None if key is None else _ASIDE.fullmatch(key)
    return None if found is None else int(found.group(1))


_ASIDE = re.compile(re.escape(MATCH_KEY) + r"\.bad\.([0-9]{1,15})(?:-[0-9]{1,4})?")


def is_quota_error(error: BaseException) -> bool:
    """Whether a JavaScript error from ``setItem`` means the storage is full."""
    return write_failure(error) == "full"


QUOTA_MARKERS = ("QuotaExceeded", "QUOTA_EXCEEDED", "NS_ERROR_DOM_QUOTA")
BLOCKED_MARKERS = ("SecurityError", "NotAllowedError", "InvalidAccessError", "SECURITY_ERR")
"""The names browsers give a write the user's settings forbid (site data blocked)."""


WARNINGS = {"full": "storage_full", "blocked": "storage_blocked", "failed": "storage_failed"}
"""The table's sentence (catalog key) for each cause of a failed write."""


def write_failure(error: BaseException) -> str:
    """Why a write failed: ``full`` (the quota), ``blocked`` (the browser forbids this
    site's storage) or ``failed`` (anything else); each has its own sentence."""
    text = f"{type(error).__name__} {getattr(error, 'name', '')} {error}"
    if any(marker in text for marker in QUOTA_MARKERS):
        return "full"
    if any(marker in text for marker in BLOCKED_MARKERS):
        return "blocked"
    return "failed"


def now_ms() -> int:
    return int(time.time() * 1000)


class Store:
    """Key/value storage that records problems instead of raising them."""

    def __init__(self, backend: Any | None, stamp: Callable[[], int] = now_ms):
        self.backend = backend
        self.stamp = stamp  # the unique part of a bad key
        self.full = False  # the last failed write hit the quota
        self.unavailable = backend is None
        self.unreadable = False  # a read threw: what is stored is unknown, not absent
        self.failure = "full"  # why the last write failed (``write_failure``)
        self.set_aside: dict[str, str] = {}
        """Keys whose value ``get`` refused, and where it is kept (the key itself when it
        could not be moved: it is then left in place, and ``get`` still gives None)."""

    def get(self, key: str) -> str | None:
        """The stored text of ``key``; None when absent, unreadable or not text (then it
        is kept aside: ``set_aside``)."""
        value = self._read(key)
        if value is None or not lone_surrogate(value):
            return value
        if key not in self.set_aside:
            target = self.quarantine(key, value, self.stamp())
            moved = self._read(target) is not None
            if moved:
                self.remove(key)
            self.set_aside[key] = target if moved else key
        return None

    def has(self, key: str) -> bool:
        """Whether ``key`` holds a value (of any kind: nothing is checked or kept aside)."""
        return self._read(key) is not None

    def _read(self, key: str) -> str | None:
        if self.backend is None:
            return None
        try:
            value = self.backend.getItem(key)
        except Exception:
            self.unreadable = True
            return None
        return value if isinstance(value, str) else None  # JS null may arrive as jsnull

    def _write(self, key: str, value: str) -> BaseException | None:
        """Write ``value``; the error the backend raised, if any (no backend: an error)."""
        if self.backend is None:
            return RuntimeError("no storage")
        try:
            self.backend.setItem(key, value)
        except Exception as error:
            return error
        return None

    def set(self, key: str, value: str) -> bool:
        """Write ``value``; False (and ``full`` set) when the storage refused it."""
        if self.backend is None:
            return False
        error = self._write(key, value)
        if error is not None:
            self.failure = write_failure(error)
            if self.failure == "full":
                self.full = True
            else:
                self.unavailable = True
            return False
        self.full = False
        return True

    def warning(self, unsaved: bool) -> str | None:
        """The catalog key of what the table says about the storage (None: nothing), for
        its real cause; ``unsaved``: the last write of the match failed."""
        if self.backend is None:
            return "storage_unavailable"
        if self.full or unsaved or self.unavailable:
            return WARNINGS[self.failure]
        return None

    def set_quietly(self, key: str, value: str) -> bool:
        """Write derived data that may be lost (the painter's view): a refusal changes
        nothing of what the table reports about the storage."""
        return self._write(key, value) is None

    def remove(self, key: str) -> None:
        if self.backend is None:
            return
        try:
            self.backend.removeItem(key)
        except Exception:
            return

    def quarantine(self, key: str, value: str, stamp: int) -> str:
        """Keep a bad ``value`` of ``key`` under a fresh key; return that key."""
        target = bad_key(key, stamp)
        suffix = 0
        while self._read(target) is not None:
            suffix += 1
            target = bad_key(key, stamp) + f"-{suffix}"
        self.set(target, value)
        return target

"""localStorage keys and safe access: reads never fail, a full storage is reported.

The backend is the page's ``window.localStorage`` (or any object with
``getItem``/``setItem``/``removeItem``, e.g. a dict-backed fake in tests).
"""

from __future__ import annotations

from typing import Any

from tractor.jsondata import DataError, parse_json

MATCH_KEY = "tractor.match"
META_KEY = "tractor.meta"
SETTINGS_KEY = "tractor.settings"
STATS_KEY = "tractor.stats"
HISTORY_KEY = "tractor.history"
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


def is_quota_error(error: BaseException) -> bool:
    """Whether a JavaScript error from ``setItem`` means the storage is full."""
    text = f"{type(error).__name__} {getattr(error, 'name', '')} {error}"
    return any(
        marker in text for marker in ("QuotaExceeded", "QUOTA_EXCEEDED", "NS_ERROR_DOM_QUOTA")
    )


class Store:
    """Key/value storage that records problems instead of raising them."""

    def __init__(self, backend: Any | None):
        self.backend = backend
        self.full = False  # the last failed write hit the quota
        self.unavailable = backend is None
        self.unreadable = False  # a read threw: what is stored is unknown, not absent

    def get(self, key: str) -> str | None:
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
            if is_quota_error(error):
                self.full = True
            else:
                self.unavailable = True
            return False
        self.full = False
        return True

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

    def notice(self, unsaved: bool) -> str | None:
        """The message key of the table's one line about the storage (None: nothing to
        say). No storage at all (the browser blocks it): nothing will be kept, which a
        failed write (``unsaved``) must not turn into "the storage is full"."""
        if self.backend is None:
            return "storage_unavailable"
        if self.full or unsaved:
            return "storage_full"
        if self.unavailable:
            return "storage_unavailable"
        return None

    def quarantine(self, key: str, value: str, stamp: int) -> str:
        """Keep a bad ``value`` of ``key`` under a fresh key; return that key."""
        target = bad_key(key, stamp)
        suffix = 0
        while self.get(target) is not None:
            suffix += 1
            target = bad_key(key, stamp) + f"-{suffix}"
        self.set(target, value)
        return target

"""Keeping the match in the browser: one tab at a time, writes that cannot tear.

The browser holds one match (``tractor.match``), shared by every tab of the site.
``Keeper`` decides for one tab when it may write it:

* **One tab holds the match.** A tab claims it when it starts (``tractor.tab``
  holds the tab's id) and writes the match only while the id is still its own.
  When another tab claims it (the ``storage`` event, or the id found changed at
  the next write) this tab stops writing, says so, and offers "continue here",
  which claims the match back and resumes what is stored: no tab ever
  overwrites a newer match silently. Each write says how many actions the
  record holds and which tab wrote it (``tractor.written``): a tab never writes
  over a longer record of the same match that another tab wrote as it took the
  match over (a rapid "continue here" between two tabs rolled it back).
* **The match first.** ``save`` writes the match record; derived data
  (statistics, the history of past hands) is written by the table only after
  the match was saved. When the match cannot be saved the meta record, which
  is always stored beside it, is marked ``unsaved`` by a write of the same
  length (it fits even in a full storage), so the next visit says that the
  last moves were lost instead of resuming silently. A meta write that failed
  is tried again at the next save (with no meta stored there is nothing to
  overwrite: the painter's view gives way).
* **A load that never finished is tried once more, not twice.** Before a stored
  value is parsed and replayed, a marker (``tractor.loading:<key>``: a digest of
  the value and the number of tries) is written and removed once done. A page
  that froze, crashed or was closed while loading leaves the marker; the next
  load tries the same value again (a renderer crash is benign: it happens in
  1-3% of visits), and the one after keeps it aside without reading it
  (``MAX_LOAD_TRIES``): a bad value can freeze a load at most twice.
  (Parsing is linear in the text, ``tractor.jsonscan``; a replay is bounded by
  ``tractor.save``'s caps, so this is the last line of defence.)
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import replace

from micro import paint_check

from store.saves import Meta
from store.storage import MATCH_KEY, META_KEY, Store

TAB_KEY = "tractor.tab"
WRITTEN_KEY = "tractor.written"
"""Who wrote the stored match last and how long it is: ``<actions> <tab id> <match id>``."""
LOADING_KEY = "tractor.loading"
MAX_LOAD_TRIES = 2
"""Loads of one stored value left unfinished before it is kept aside unread."""


def loading_key(key: str) -> str:
    """Where the marker of an unfinished load of ``key`` is kept."""
    return f"{LOADING_KEY}:{key}"


def digest(text: str) -> str:
    """A short fingerprint of a stored value (which value a loading marker names)."""
    data = text.encode("utf-8", "surrogatepass")
    return f"{len(text)}-{hashlib.sha256(data).hexdigest()[:16]}"


def unfinished_tries(marker: str | None, mark: str) -> int:
    """How many loads of the value whose digest is ``mark`` the stored ``marker`` says were
    left unfinished (a marker of another value, or none: 0; an older marker, the digest
    alone: 1).

    >>> unfinished_tries("5-ab 2", "5-ab"), unfinished_tries("5-ab", "5-ab")
    (2, 1)
    >>> unfinished_tries("5-ab 1", "7-cd"), unfinished_tries(None, "5-ab")
    (0, 0)
    """
    if marker is None:
        return 0
    named, _, count = marker.partition(" ")
    if named != mark:
        return 0
    return int(count) if count.isascii() and count.isdigit() and len(count) < 3 else 1


class Keeper:
    """This tab's right to write the match, and the order of the writes."""

    def __init__(self, store: Store, tab_id: str | None = None):
        self.store = store
        self.tab_id = tab_id or secrets.token_hex(8)
        self.elsewhere = False  # another tab holds the match: this one does not write
        self.blocked = False  # a bad save could not be kept aside: never overwrite it
        self.unsaved = False  # the last write of the match failed
        self.meta_written: str | None = None  # the meta this keeper last stored

    # ------------------------------------------------------------ which tab writes
    def claim(self) -> None:
        """This tab holds the match from now on (a start, or "continue here")."""
        self.store.set(TAB_KEY, self.tab_id)
        self.elsewhere = False

    def holds(self) -> bool:
        """Whether no other tab has claimed the match since this one did."""
        holder = self.store.get(TAB_KEY)
        return holder is None or holder == self.tab_id

    def notice_change(self, key: str | None) -> bool:
        """Another tab wrote ``key`` (a ``storage`` event; None: storage cleared).

        True when this tab has just lost the match to another tab.
        """
        if key not in (None, TAB_KEY, MATCH_KEY) or self.elsewhere:
            return False
        if not self.holds():
            self.elsewhere = True
            return True
        return False

    # ------------------------------------------------------------ writing
    def save(self, record: str, meta: Meta, actions: int) -> bool:
        """Write the match record of ``actions`` actions (only while this tab holds it, and
        never over a longer record of the same match another tab wrote); True when stored.

        On a failed write the stored meta is marked ``unsaved`` (same length: it
        fits a full storage); the next successful write clears the mark.
        """
        if self.blocked:
            return False
        if not self.holds() or self._behind(meta.match_id, actions):
            self.elsewhere = True
            return False
        self.unsaved = not self.store.set(MATCH_KEY, record)
        if not self.unsaved:
            self.store.set(WRITTEN_KEY, f"{actions} {self.tab_id} {meta.match_id}")
        text = replace(meta, unsaved=int(self.unsaved)).to_json()
        if text != self.meta_written:  # the meta changes rarely: no read or write per action
            self._write_meta(text)
        return not self.unsaved

    def _behind(self, match_id: str, actions: int) -> bool:
        """Whether another tab stored a longer record of this match (it wrote just as this
        one took the match over: this tab's record is older). This tab's own shorter
        record (undo) is written."""
        count, _, rest = (self.store.get(WRITTEN_KEY) or "").partition(" ")
        writer, _, match = rest.partition(" ")
        if not (count.isascii() and count.isdigit() and len(count) < 10):
            return False
        return writer != self.tab_id and match == match_id and int(count) > actions

    def _write_meta(self, text: str) -> None:
        """Store the meta; a refused write is tried again at the next save (it is not
        marked written). When the match is unsaved and no meta fits (none was stored to
        overwrite), the painter's view, derived from the stored record, gives way."""
        written = self.store.set(META_KEY, text)
        if not written and self.unsaved and self.store.full:
            self.store.remove(paint_check.KEY)  # the painter then draws no view: no harm
            written = self.store.set(META_KEY, text)
        if written:
            self.meta_written = text

    # ------------------------------------------------------------ loading
    def begin_load(self, key: str, text: str) -> bool:
        """Before parsing ``text`` of ``key``: True when its last ``MAX_LOAD_TRIES`` loads
        were left unfinished (it is stuck: keep it aside unread); else the marker, counting
        this try, is written (``end_load`` removes it)."""
        mark = digest(text)
        tries = unfinished_tries(self.store.get(loading_key(key)), mark)
        if tries >= MAX_LOAD_TRIES:
            return True
        self.store.set(loading_key(key), f"{mark} {tries + 1}")
        return False

    def end_load(self, key: str) -> None:
        self.store.remove(loading_key(key))

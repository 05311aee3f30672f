"""The table's side of keeping the match: loading it, saving it, other tabs.

``keeper`` holds the rules (one tab writes at a time, the match before what is
derived from it, a load that never finished is not tried again); this room
applies them to the table:

* **Loading** (``load_match``, at start): the stored match is replayed and
  resumed if it can be drawn; a damaged one is kept aside under another key
  and a new match starts. Settings, statistics, meta and history load through
  ``stored.load_small``: damaged data is kept aside and reset, with a message.
* **Saving** (``keep_action``, a hook after every applied action; ``save``, a
  hook after every new or replaced match): the match is
  written first; a hand just finished then counts in the statistics and joins
  the history, never when the match could not be stored.
* **Other tabs** (``on_storage``, ``take_over``): a tab that lost the match
  stops, says so and offers "continue here", which claims the match back and
  resumes what is stored.

Each function takes the ``state.Table``; none draws (the facade, ``game.Game``,
redraws after).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable

from store.saves import Loaded, Meta, parse_meta, read_match
from store.stats import parse_stats, record_hand
from store.storage import ASIDE_KEY, MATCH_KEY, META_KEY, STATS_KEY, aside_stamp
from text.messages import Msg
from tractor.match import Match
from tractor.save import dumps

from house import painting
from house.core import new_id, resume, swapped
from house.replays import forget_history, keep_hand, keep_match
from house.state import Table
from house.stored import load_small


def load_match(table: Table, fresh: Match, drawable: Callable[[Table], None]) -> None:
    """Resume the stored match (replayed through the rules) or start ``fresh``.

    This tab claims the match (``keeper``). A value whose last load never
    finished is kept aside unread; storage that cannot be read is never written.
    ``drawable`` raises if the table cannot be drawn: such a match is never resumed.
    """
    keep, words, live = table.keep, table.words, table.live
    keep.keeper.claim()
    keep.aside = _aside(table, keep.store.get(ASIDE_KEY))
    raw = keep.store.get(MATCH_KEY)
    if raw is None and keep.store.unreadable:
        keep.keeper.blocked = True
        words.message = Msg("storage_unreadable")
        resume(table, fresh)
        return
    started = table.loop.clock()
    refused = keep.store.set_aside.pop(MATCH_KEY, None)  # not text: the store kept it aside
    if refused is not None:
        _refused_match(table, refused)
        resume(table, fresh)
        return
    if raw is not None and keep.keeper.begin_load(MATCH_KEY, raw):
        loaded = Loaded(None, "save_stuck", "its last load never finished")
    else:
        loaded = read_match(raw)
    live.load_ms = round((table.loop.clock() - started) * 1000)
    problem, detail = loaded.problem, loaded.detail
    if loaded.match is not None:
        live.match = loaded.match
        try:
            drawable(table)  # never resume what cannot be drawn
        except Exception as error:
            traceback.print_exc()
            problem, detail = "save_damaged", f"{type(error).__name__}: {error}"
        else:
            keep.keeper.end_load(MATCH_KEY)
            stored = load_small(keep, words, META_KEY, parse_meta)
            live.meta = _with_match_id(table, stored)
            if live.meta != stored:
                keep.store.set(META_KEY, live.meta.to_json())
            words.notice = Msg("resumed")
            assert raw is not None
            painting.keep(table, raw)  # a record stored without its view gets one at once
            if live.meta.unsaved:  # the last visit could not save its last moves
                words.message = Msg("save_was_stale")
            return
    if problem is not None and raw is not None:
        print(f"stored match refused: {detail}")  # the browser console, for reports
        kept = keep.store.quarantine(MATCH_KEY, raw, keep.stamp())
        keep.keeper.blocked = not keep.store.has(kept)
        where = MATCH_KEY if keep.keeper.blocked else kept  # unkept: the save stays where it is
        words.message = Msg("save_unkept" if keep.keeper.blocked else problem, {"where": where})
        if problem == "save_stuck" and not keep.keeper.blocked:  # it may load: offered back
            keep.aside = _aside(table, kept)
            keep.store.set(ASIDE_KEY, kept)
    keep.keeper.end_load(MATCH_KEY)
    resume(table, fresh)


def _refused_match(table: Table, where: str) -> None:
    """The stored match was not text (``Store.get``): say where it is kept; when it could
    not be moved (``where`` is the match's own key) it is never written over."""
    print("stored match refused: not text (a lone surrogate)")  # the console, for reports
    table.keep.keeper.blocked = where == MATCH_KEY
    table.words.message = Msg("save_unkept" if table.keep.keeper.blocked else "save_damaged",
                              {"where": where}, detail="not text (a lone surrogate)")


def _aside(table: Table, key: str | None) -> tuple[str, int] | None:
    """The match kept aside under ``key`` and when, if ``key`` names one that is stored."""
    stamp = aside_stamp(key)
    if key is None or stamp is None or not table.keep.store.has(key):
        return None
    return key, stamp


def restore_set_aside(table: Table) -> None:
    """"Restore the match set aside at …" (Settings): after a confirmation."""
    if table.keep.aside is not None:
        table.panels.confirm = "restore"


def restore_confirmed(table: Table) -> None:
    """Replay the match kept aside and play on from it; the table's match is kept in the
    past hands and set aside in its place (it can be restored the same way)."""
    keep, words = table.keep, table.words
    if keep.aside is None:
        return
    key = keep.aside[0]
    loaded = read_match(keep.store.get(key))
    if loaded.match is None:  # replayed through the rules like any stored match
        words.message = Msg(loaded.problem or "save_damaged", {"where": key}, detail=loaded.detail)
        return
    kept = keep.store.quarantine(MATCH_KEY, dumps(table.live.match), keep.stamp())
    if not keep.store.has(kept):
        words.message = Msg("restore_no_room")
        return
    keep_match(table)  # its finished hands can be replayed from the history
    keep.store.set(ASIDE_KEY, kept)
    keep.aside = _aside(table, kept)
    table.panels.panel = None
    resume(table, loaded.match)
    if keep.store.get(MATCH_KEY) == dumps(table.live.match):
        keep.store.remove(key)  # it is the stored match now, not a copy
    words.message, words.notice = None, Msg("restored")


def _with_match_id(table: Table, meta: Meta) -> Meta:
    """The stored meta of the resumed match, or a new one when it names no match."""
    return meta if meta.match_id else Meta(match_id=new_id(table, table.live.match.seed))


def save(table: Table) -> bool:
    """Store the match (and its meta); False when it could not be (told to the player)."""
    live, keeper = table.live, table.keep.keeper
    record = dumps(live.match)
    if keeper.save(record, live.meta, len(live.match.actions)):
        painting.keep(table, record)  # the next visit's first paint (paint.py)
        return True
    if keeper.elsewhere:
        table.words.message = Msg("elsewhere")
    return False


def keep_action(table: Table) -> None:
    """After an applied action: save the match, then count a hand it finished in the
    statistics and keep it in the history (derived data only once the match is stored)."""
    m, meta, prefs = table.live.match, table.live.meta, table.prefs
    saved = save(table)
    if m.phase in ("hand_over", "match_over") and m.hand_result is not None:
        winners = None if m.winners is None else list(m.winners)
        stats = record_hand(prefs.stats, meta.match_id, m.hand_result, winners, meta.undo)
        if stats == prefs.stats:
            return  # counted already
        if saved:
            prefs.stats = stats
            table.keep.store.set(STATS_KEY, stats.to_json())
            keep_hand(table)
        elif not table.keep.keeper.elsewhere:
            table.words.message = Msg("hand_not_counted")


def on_storage(table: Table, key: str | None) -> bool:
    """Another tab changed ``key`` (the ``storage`` event): stop if it took the match
    (True: the table is drawn again)."""
    if not table.keep.keeper.notice_change(key):
        return False
    table.seat.autoplay = False
    table.words.message = Msg("elsewhere")
    table.loop.wake.set()
    return True


def take_over(table: Table) -> None:
    """"Continue here": claim the match and resume what is stored (the newest match)."""
    keep = table.keep
    if not keep.keeper.elsewhere:
        return
    keep.keeper.claim()
    loaded = read_match(keep.store.get(MATCH_KEY))
    if loaded.match is not None:
        table.live.match = loaded.match
        table.live.meta = _with_match_id(table, parse_meta(keep.store.get(META_KEY))[0])
    table.prefs.stats = load_small(keep, table.words, STATS_KEY, parse_stats)
    forget_history(table)
    swapped(table, Msg("taken_over"))

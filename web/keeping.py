"""The table's side of keeping the match: loading it, saving it, other tabs.

``keeper`` holds the rules (one tab writes at a time, the match before what is
derived from it, a load that never finished is not tried again); this room
applies them to the table:

* **Loading** (``_load_match``, at start): the stored match is replayed and
  resumed if it can be drawn; a damaged one is kept aside under another key
  and a new match starts. Settings, statistics, meta and history load through
  ``_load_small``: damaged data is kept aside and reset, with a message.
* **Saving** (``keep_action``, after every applied action): the match is
  written first; a hand just finished then counts in the statistics and joins
  the history, never when the match could not be stored.
* **Other tabs** (``on_storage``, ``take_over``): a tab that lost the match
  stops, says so and offers "continue here", which claims the match back and
  resumes what is stored.

Each function takes the ``Game`` and is one of its methods there.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import painting
from messages import Msg
from saves import Loaded, Meta, parse_meta, read_match
from stats import parse_stats, record_hand
from storage import ASIDE_KEY, MATCH_KEY, META_KEY, SETTINGS_KEY, STATS_KEY, aside_stamp
from tractor.save import dumps

if TYPE_CHECKING:
    from game import Game


def load_small(
    game: Game, key: str, parse: Callable[[str | None], tuple[Any, bool]], guarded: bool = False
) -> Any:
    """Settings, statistics, meta or history from storage; damaged data is kept aside
    and reset. ``guarded``: a value whose last load never finished is not read again
    (the history replays its records: ``keeper``)."""
    raw, stuck = begin_small(game, key, guarded)
    value, damaged = parse(None if stuck else raw)
    return end_small(game, key, raw, value, damaged or stuck, guarded)


def begin_small(game: Game, key: str, guarded: bool) -> tuple[str | None, bool]:
    """The first half of :func:`load_small`: the stored text, and whether it is stuck
    (its last loads never finished: it is not parsed, but kept aside)."""
    raw = game.store.get(key)
    return raw, guarded and raw is not None and game.keeper.begin_load(key, raw)


def end_small(game: Game, key: str, raw: str | None, value: Any, damaged: bool,
              guarded: bool) -> Any:
    """The second half of :func:`load_small`, once ``raw`` is parsed into ``value``."""
    if guarded:
        game.keeper.end_load(key)
    kept = game.store.set_aside.pop(key, None)  # not text: the store kept it aside
    if damaged and raw is not None:
        kept = game.store.quarantine(key, raw, game.stamp())
    if kept is not None:
        if kept == key or not game.store.has(kept):  # no room to move it: left in place
            kept = key
        else:
            game.store.set(key, value.to_json())
        if game.message is None:
            game.message = Msg("settings_damaged" if key == SETTINGS_KEY else
                               "storage_damaged", {"where": kept})
    return value


def load_match(game: Game, seed: int | None) -> None:
    """Resume the stored match (replayed through the rules) or start a new one.

    This tab claims the match (``keeper``). A value whose last load never
    finished is kept aside unread; storage that cannot be read is never written.
    """
    game.keeper.claim()
    game.aside = _aside(game, game.store.get(ASIDE_KEY))
    raw = game.store.get(MATCH_KEY)
    if raw is None and game.store.unreadable:
        game.keeper.blocked = True
        game.message = Msg("storage_unreadable")
        game._new_match(seed)
        return
    started = game.clock()
    refused = game.store.set_aside.pop(MATCH_KEY, None)  # not text: the store kept it aside
    if refused is not None:
        _refused_match(game, refused)
        game._new_match(seed)
        return
    if raw is not None and game.keeper.begin_load(MATCH_KEY, raw):
        loaded = Loaded(None, "save_stuck", "its last load never finished")
    else:
        loaded = read_match(raw)
    game.load_ms = round((game.clock() - started) * 1000)
    problem, detail = loaded.problem, loaded.detail
    if loaded.match is not None:
        game.match = loaded.match
        try:
            game.check_drawable()  # never resume what cannot be drawn
        except Exception as error:
            traceback.print_exc()
            problem, detail = "save_damaged", f"{type(error).__name__}: {error}"
        else:
            game.keeper.end_load(MATCH_KEY)
            stored = load_small(game, META_KEY, parse_meta)
            game.meta = _with_match_id(game, stored)
            if game.meta != stored:
                game.store.set(META_KEY, game.meta.to_json())
            game.notice = Msg("resumed")
            assert raw is not None
            painting.keep(game, raw)  # a record stored without its view gets one at once
            if game.meta.unsaved:  # the last visit could not save its last moves
                game.message = Msg("save_was_stale")
            return
    if problem is not None and raw is not None:
        print(f"stored match refused: {detail}")  # the browser console, for reports
        kept = game.store.quarantine(MATCH_KEY, raw, game.stamp())
        game.keeper.blocked = not game.store.has(kept)
        where = MATCH_KEY if game.save_blocked else kept  # unkept: the save stays where it is
        game.message = Msg("save_unkept" if game.save_blocked else problem, {"where": where})
        if problem == "save_stuck" and not game.save_blocked:  # it may load: offered back
            game.aside = _aside(game, kept)
            game.store.set(ASIDE_KEY, kept)
    game.keeper.end_load(MATCH_KEY)
    game._new_match(seed)


def _refused_match(game: Game, where: str) -> None:
    """The stored match was not text (``Store.get``): say where it is kept; when it could
    not be moved (``where`` is the match's own key) it is never written over."""
    print("stored match refused: not text (a lone surrogate)")  # the console, for reports
    game.keeper.blocked = where == MATCH_KEY
    game.message = Msg("save_unkept" if game.keeper.blocked else "save_damaged",
                       {"where": where}, detail="not text (a lone surrogate)")


def _aside(game: Game, key: str | None) -> tuple[str, int] | None:
    """The match kept aside under ``key`` and when, if ``key`` names one that is stored."""
    stamp = aside_stamp(key)
    if key is None or stamp is None or not game.store.has(key):
        return None
    return key, stamp


def restore_set_aside(game: Game) -> None:
    """"Restore the match set aside at …" (Settings): after a confirmation."""
    if game.aside is not None:
        game.confirm = "restore"
        game.refresh()


def restore_confirmed(game: Game) -> None:
    """Replay the match kept aside and play on from it; the table's match is kept in the
    past hands and set aside in its place (it can be restored the same way)."""
    if game.aside is None:
        return
    key = game.aside[0]
    loaded = read_match(game.store.get(key))
    if loaded.match is None:  # replayed through the rules like any stored match
        game.message = Msg(loaded.problem or "save_damaged", {"where": key}, detail=loaded.detail)
        game.refresh()
        return
    kept = game.store.quarantine(MATCH_KEY, dumps(game.match), game.stamp())
    if not game.store.has(kept):
        game.message = Msg("restore_no_room")
        game.refresh()
        return
    game.keep_match()  # its finished hands can be replayed from the history
    game.store.set(ASIDE_KEY, kept)
    game.aside = _aside(game, kept)
    game.panel = None
    game._resume(loaded.match)
    if game.store.get(MATCH_KEY) == dumps(game.match):
        game.store.remove(key)  # it is the stored match now, not a copy
    game.message, game.notice = None, Msg("restored")
    game.refresh()


def _with_match_id(game: Game, meta: Meta) -> Meta:
    """The stored meta of the resumed match, or a new one when it names no match."""
    return meta if meta.match_id else Meta(match_id=game._new_id(game.match.seed))


def save(game: Game) -> bool:
    """Store the match (and its meta); False when it could not be (told to the player)."""
    record = dumps(game.match)
    if game.keeper.save(record, game.meta, len(game.match.actions)):
        painting.keep(game, record)  # the next visit's first paint (paint.py)
        return True
    if game.keeper.elsewhere:
        game.message = Msg("elsewhere")
    return False


def keep_action(game: Game) -> None:
    """After an applied action: save the match, then count a hand it finished in the
    statistics and keep it in the history (derived data only once the match is stored)."""
    m = game.match
    saved = save(game)
    if m.phase in ("hand_over", "match_over") and m.hand_result is not None:
        winners = None if m.winners is None else list(m.winners)
        stats = record_hand(game.stats, game.meta.match_id, m.hand_result, winners, game.meta.undo)
        if stats == game.stats:
            return  # counted already
        if saved:
            game.stats = stats
            game.store.set(STATS_KEY, stats.to_json())
            game.keep_hand()
        elif not game.keeper.elsewhere:
            game.message = Msg("hand_not_counted")


def on_storage(game: Game, key: str | None) -> None:
    """Another tab changed ``key`` (the ``storage`` event): stop if it took the match."""
    if game.keeper.notice_change(key):
        game.autoplay = False
        game.message = Msg("elsewhere")
        game.wake.set()
        game.refresh()


def take_over(game: Game) -> None:
    """"Continue here": claim the match and resume what is stored (the newest match)."""
    if not game.keeper.elsewhere:
        return
    game.keeper.claim()
    loaded = read_match(game.store.get(MATCH_KEY))
    if loaded.match is not None:
        game.match = loaded.match
        game.meta = _with_match_id(game, parse_meta(game.store.get(META_KEY))[0])
    game.stats = load_small(game, STATS_KEY, parse_stats)
    game.forget_history()
    game._swapped(Msg("taken_over"))

"""Past hands: the history kept in this browser, and replaying a hand trick by trick.

The history (``pasthands.History``: the last 50 finished hands, with the records
needed to replay them) is read from storage once the table is up, a record at a
time between the browser's own tasks (``read_when_idle``: a long history never
blocks the opening of Settings), or at its first use if that comes sooner; it is
written each time a hand ends (``keep_hand``, called once the match itself is stored). A replay
(``table.past.replay``: its steps and where it stands) pauses the table until it is
closed; its hand can be downloaded as a record (``export_hand``). Each function
takes the ``state.Table``; none draws (the facade, ``game.Game``, redraws after).
"""

from __future__ import annotations

import asyncio
import json

from store.pasthands import (
    HandLine,
    History,
    hand_record,
    parse_history,
    read_history,
    replay_steps,
)
from store.storage import HISTORY_KEY

from house.state import Table
from house.stored import begin_small, end_small, load_small


def history(table: Table) -> History:
    """The finished hands kept in this browser (read from storage on first use)."""
    past = table.past
    if past.history is None:
        past.history = load_small(table.keep, table.words, HISTORY_KEY, parse_history,
                                  guarded=True)
    return past.history


async def read_when_idle(table: Table) -> bool:
    """Read the history (as :func:`history`), giving way to the browser before each
    record it replays; True if reading it left a message (the table is drawn again)."""
    past = table.past
    if past.history is not None:
        return False
    raw, stuck = begin_small(table.keep, HISTORY_KEY, guarded=True)
    steps = read_history(None if stuck else raw)
    while True:
        await asyncio.sleep(0)
        if past.history is not None:  # needed sooner: read at once meanwhile
            return False
        try:
            next(steps)
        except StopIteration as done:
            kept, damaged = done.value
            break
    message = table.words.message
    past.history = end_small(table.keep, table.words, HISTORY_KEY, raw, kept, damaged or stuck,
                             guarded=True)
    return table.words.message is not message


def _store(table: Table, kept: History) -> None:
    table.past.history = kept
    table.keep.store.set(HISTORY_KEY, kept.to_json())


def keep_hand(table: Table) -> None:
    """Add the hand just finished to the history (the last 50 hands are kept)."""
    _store(table, history(table).with_hand(table.live.meta.match_id, table.live.match))


def keep_match(table: Table) -> None:
    """Keep the finished hands of a match just imported (they can be replayed)."""
    if table.live.match.results:
        _store(table, history(table).with_match(table.live.meta.match_id, table.live.match))


def forget_history(table: Table) -> None:
    """Read the history from storage again at its next use (another tab wrote it)."""
    table.past.history = None


def history_lines(table: Table) -> tuple[tuple[HandLine, ...], int]:
    """Each kept hand as listed (newest first), and the history's size in bytes."""
    kept = history(table)
    return tuple(kept.lines()), len(kept.to_json())


def open_replay(table: Table, match_id: str, hand_no: int) -> None:
    """Replay a kept hand (or the one just finished) trick by trick."""
    entry = history(table).entry(match_id)
    finished_here = match_id == table.live.meta.match_id and hand_no < len(table.live.match.results)
    if (entry is None or hand_no not in entry.hands) and finished_here:
        _store(table, history(table).with_hand_no(match_id, table.live.match, hand_no))
        entry = history(table).entry(match_id)
    if entry is None or hand_no not in entry.hands:
        return
    table.past.replay = (replay_steps(entry.record, hand_no), 0)
    table.past.replayed = (match_id, hand_no)


def export_hand(table: Table) -> tuple[str, str]:
    """The file name and text of the replayed hand's record (the match up to its end)."""
    match_id, hand_no = table.past.replayed
    entry = history(table).entry(match_id)
    assert entry is not None
    data = hand_record(entry.record, hand_no)
    return f"tractor-hand-{data['seed']}-{hand_no + 1}.json", json.dumps(
        data, separators=(",", ":")
    )


def go_to_step(table: Table, step: int) -> None:
    """Show step ``step`` of the replay (a mark of the coach's timeline, a move of the
    replay's buttons)."""
    if table.past.replay is not None:
        steps, _ = table.past.replay
        table.past.replay = (steps, max(0, min(len(steps) - 1, step)))


def replay_step(table: Table, delta: int) -> None:
    if table.past.replay is not None:
        go_to_step(table, table.past.replay[1] + delta)


def close_replay(table: Table) -> None:
    """Close the replay (the facade stops a review of its hand first)."""
    table.past.replay = None
    table.loop.wake.set()

"""Past hands: the history kept in this browser, and replaying a hand trick by trick.

The history (``pasthands.History``: the last 50 finished hands, with the records
needed to replay them) is read from storage once the table is up, a record at a
time between the browser's own tasks (``read_when_idle``: a long history never
blocks the opening of Settings), or at its first use if that comes sooner; it is
written each time a hand ends (``keep_hand``, called once the match itself is stored). A replay
(``game.replay``: its steps and where it stands) pauses the table until it is
closed; its hand can be downloaded as a record (``export_hand``). Each function
takes the ``Game`` and is one of its methods there.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

from pasthands import HandLine, History, hand_record, parse_history, read_history, replay_steps
from storage import HISTORY_KEY

if TYPE_CHECKING:
    from game import Game


def history(game: Game) -> History:
    """The finished hands kept in this browser (read from storage on first use)."""
    if game._history is None:
        game._history = game._load_small(HISTORY_KEY, parse_history, guarded=True)
    return game._history


async def read_when_idle(game: Game) -> None:
    """Read the history (as :func:`history`), giving way to the browser before each
    record it replays; the table is drawn again if reading it left a message."""
    if game._history is not None:
        return
    raw, stuck = game._begin_small(HISTORY_KEY, guarded=True)
    steps = read_history(None if stuck else raw)
    while True:
        await asyncio.sleep(0)
        if game._history is not None:  # needed sooner: read at once meanwhile
            return
        try:
            next(steps)
        except StopIteration as done:
            kept, damaged = done.value
            break
    message = game.message
    game._history = game._end_small(HISTORY_KEY, raw, kept, damaged or stuck, guarded=True)
    if game.message is not message:
        game.refresh()


def _store(game: Game, kept: History) -> None:
    game._history = kept
    game.store.set(HISTORY_KEY, kept.to_json())


def keep_hand(game: Game) -> None:
    """Add the hand just finished to the history (the last 50 hands are kept)."""
    _store(game, history(game).with_hand(game.meta.match_id, game.match))


def keep_match(game: Game) -> None:
    """Keep the finished hands of a match just imported (they can be replayed)."""
    if game.match.results:
        _store(game, history(game).with_match(game.meta.match_id, game.match))


def forget_history(game: Game) -> None:
    """Read the history from storage again at its next use (another tab wrote it)."""
    game._history = None


def history_lines(game: Game) -> tuple[tuple[HandLine, ...], int]:
    """Each kept hand as listed (newest first), and the history's size in bytes."""
    kept = history(game)
    return tuple(kept.lines()), len(kept.to_json())


def open_replay(game: Game, match_id: str, hand_no: int) -> None:
    """Replay a kept hand (or the one just finished) trick by trick."""
    entry = history(game).entry(match_id)
    finished_here = match_id == game.meta.match_id and hand_no < len(game.match.results)
    if (entry is None or hand_no not in entry.hands) and finished_here:
        _store(game, history(game).with_hand_no(match_id, game.match, hand_no))
        entry = history(game).entry(match_id)
    if entry is None or hand_no not in entry.hands:
        return
    game.replay = (replay_steps(entry.record, hand_no), 0)
    game.replayed = (match_id, hand_no)
    game.refresh()


def export_hand(game: Game) -> tuple[str, str]:
    """The file name and text of the replayed hand's record (the match up to its end)."""
    match_id, hand_no = game.replayed
    entry = history(game).entry(match_id)
    assert entry is not None
    data = hand_record(entry.record, hand_no)
    return f"tractor-hand-{data['seed']}-{hand_no + 1}.json", json.dumps(
        data, separators=(",", ":")
    )


def replay_step(game: Game, delta: int) -> None:
    if game.replay is not None:
        steps, index = game.replay
        game.replay = (steps, max(0, min(len(steps) - 1, index + delta)))
        game.refresh()


def close_replay(game: Game) -> None:
    """Close the replay (a review of its hand running stops: what it found stays)."""
    game.cancel_review()
    game.replay = None
    game.wake.set()
    game.refresh()

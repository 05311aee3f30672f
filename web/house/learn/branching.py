"""Play on from here: a what-if branch from any step of a replayed hand (issue 38).

``play_from_here`` takes the replay's hand at its current step (the start of play,
or after a trick) with the same cards (the hand is over: every seat's cards are the
real ones, from the record), makes it the table's match with seat 0 for you and the
computer players in the other seats, and closes the replay so the table plays it.
The real match is put aside in the ``state.Branch`` (``table.past.branch``) with where the
replay stood. While a branch is on the table nothing is stored: the facade's hooks
(``game.Game``) skip keeping the match, the statistics and the past hands
(``storing``). At the branch hand's end, ``outcome`` gives its result beside what
really happened; ``exit_branch`` puts the real match back and reopens the replay
where it was.
"""

from __future__ import annotations

from render.playon import can_play_on
from tractor.coach.review_data import match_at
from tractor.save import from_record

from house.replays import history
from house.state import Branch, DealFlags, Live, Table


def play_from_here(table: Table) -> None:
    """Start a branch from the replay's current step (see the module docstring)."""
    past = table.past
    if past.replay is None or past.branch is not None:
        return
    steps, index = past.replay
    if not can_play_on(steps, index):
        return
    match_id, hand = past.replayed
    entry = history(table).entry(match_id)
    result = steps[-1].result
    if entry is None or result is None:
        return
    tricks = steps[index].trick_no if steps[index].title == "trick" else 0
    m = match_at(from_record(entry.record), hand, tricks)
    if m is None:
        return
    old = table.live
    past.branch = Branch(old, past.replay, past.replayed, tricks, result.attackers_points)
    _swap(table, Live(m, old.meta, epoch=old.epoch + 1, version=old.version + 1))
    past.replay = None


def outcome(table: Table) -> tuple[int, int] | None:
    """(the attackers' points this time, in the game) once the branch hand is over."""
    branch = table.past.branch
    if branch is None:
        return None
    m, hand = table.live.match, branch.replayed[1]
    if len(m.results) <= hand:
        return None
    return m.results[hand].attackers_points, branch.real_points


def exit_branch(table: Table) -> None:
    """Put the real match back and reopen the replay where it stood."""
    branch = table.past.branch
    if branch is None:
        return
    saved = branch.saved
    _swap(table, Live(saved.match, saved.meta, epoch=table.live.epoch + 1,
                      version=table.live.version + 1, load_ms=saved.load_ms))
    table.past.branch = None
    table.past.replay = branch.replay
    table.past.replayed = branch.replayed


def _swap(table: Table, live: Live) -> None:
    """Put ``live`` on the table (a new epoch: the loop's steps under way stop)."""
    table.live = live
    table.seat.selected.clear()
    table.seat.autoplay = False
    table.deal = DealFlags()
    table.loop.finished_trick = None
    table.loop.thinking = None
    table.loop.dirty = True
    table.loop.wake.set()


def storing(table: Table) -> bool:
    """Whether the table's match may be stored (not while a branch is on the table)."""
    return table.past.branch is None

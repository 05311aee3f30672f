"""The match flow: the one loop that moves the match on between seat 0's clicks.

``run`` (``Game.run``, started once by the page) deals card by card at the
chosen speed, offers deal-time declarations to the computer seats (and to seat
0's helper when it declares for seat 0), awaits the computer seats' decisions
(``agents``), keeps a finished trick in view for a moment, and otherwise waits
on ``table.loop.wake``, which every input sets (a seat ``table.friends`` says a
friend plays is waited for, never polled: ``house.friends``). It stands still while
``table.paused`` (a dialog, a replay, another tab holding the match). Each step
checks that the match did not change under it (``table.live.epoch``,
``table.live.version``) before it applies what it awaited. Every action goes
through ``core.apply``. The loop draws only through the ``flush`` the facade
(``game.Game``) gives ``run``: the table is drawn when it is dirty.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable

from text.messages import Msg
from tractor.actions import CHANCE, Deal, EndDeal, NextHand
from tractor.match import IllegalAction
from tractor.players import make_player

from house.core import apply
from house.state import HUMAN, Table

Flush = Callable[[], None]
"""Draw the table if it changed (``Game.flush``)."""

RENDER_INTERVAL = 0.05
"""At instant speed the table is redrawn at most this often (seconds) while it runs."""


async def run(table: Table, flush: Flush) -> None:
    """Advance the match forever (computer seats, dealing, waiting for seat 0)."""
    step = _first_draw
    while True:
        try:
            await step(table, flush)
        except Exception as error:  # shown in the page: players have no console
            traceback.print_exc()
            table.seat.autoplay = False
            table.loop.thinking = None
            table.words.message = Msg("engine_error", detail=f"{type(error).__name__}: {error}")
            _redraw(table, flush)
            table.loop.wake.clear()
            await table.loop.wake.wait()
        step = _step
        await _breathe(table, flush)


def _redraw(table: Table, flush: Flush) -> None:
    table.loop.dirty = True
    flush()


async def _first_draw(table: Table, flush: Flush) -> None:
    _redraw(table, flush)


async def _breathe(table: Table, flush: Flush) -> None:
    """Let the page draw and answer clicks between two steps."""
    loop = table.loop
    if loop.dirty and (table.pace.deal > 0 or loop.clock() - loop.last_render >= RENDER_INTERVAL):
        flush()
    await asyncio.sleep(0)


async def _wait(table: Table, flush: Flush) -> None:
    """Wait for seat 0 (or a panel, a new match, autoplay) to change something."""
    flush()
    await table.loop.wake.wait()


async def _step(table: Table, flush: Flush) -> None:
    table.loop.wake.clear()
    if table.paused:
        await _wait(table, flush)
        return
    await _settle_trick(table, flush)
    m = table.live.match
    phase, mover = m.phase, m.to_move
    autoplay = table.seat.autoplay
    if phase == "match_over":
        await _wait(table, flush)
    elif phase == "hand_over":
        if not (autoplay and table.prefs.settings.auto_next):  # the result waits for the player
            await _wait(table, flush)
            return
        epoch, version = table.live.epoch, table.live.version
        flush()
        await asyncio.sleep(table.pace.next_hand)
        if _unchanged(table, epoch, version) and table.seat.autoplay and not table.paused:
            apply(table, NextHand())
    elif phase == "deal":
        await _deal_step(table, flush)
    elif mover == HUMAN and not autoplay or mover is not None and table.friends.playing(mover):
        await _wait(table, flush)
    elif mover is not None and mover != CHANCE:
        await _computer_turn(table, flush, mover)


async def _settle_trick(table: Table, flush: Flush) -> None:
    """Keep a finished trick in view for the speed's pause, then clear it."""
    loop = table.loop
    if loop.finished_trick is None:
        return
    rest = loop.finished_until - loop.clock()
    if rest > 0 and table.live.match.phase == "play" and not table.live.match.trick:
        epoch = table.live.epoch
        flush()
        await asyncio.sleep(rest)
        if table.live.epoch != epoch:
            return
    loop.finished_trick = None
    loop.dirty = True


async def _computer_turn(table: Table, flush: Flush, seat: int) -> None:
    live, loop = table.live, table.loop
    epoch, version = live.epoch, live.version
    loop.thinking = seat
    _redraw(table, flush)
    start = loop.clock()
    try:
        action = await table.env.agents[seat].choose(live.match, seat, "act")
        rest = table.pace.think - (loop.clock() - start)
        if rest > 0:
            await asyncio.sleep(rest)
        await _while_paused(table, flush)
    finally:
        loop.thinking = None
        loop.dirty = True
    if not _unchanged(table, epoch, version) or action is None:
        return
    if seat == HUMAN and not table.seat.autoplay:
        return
    try:
        apply(table, action)
    except IllegalAction as error:
        # A computer player proposed an illegal action: report it, keep the game going.
        table.words.message = Msg("engine_refused", seat=seat, detail=f"seat {seat}: {error}")
        fallback = make_player("random", live.version).act(live.match.observe(seat))
        apply(table, fallback)


async def _deal_step(table: Table, flush: Flush) -> None:
    m, live, deal = table.live.match, table.live, table.deal
    epoch, version = live.epoch, live.version
    if deal.repoll is not None:
        first, deal.repoll = deal.repoll, None
        await _poll(table, flush, first, 4)
        return
    if m.dealt < m.deal_total:
        if table.pace.deal > 0:
            await asyncio.sleep(table.pace.deal)
            if not _unchanged(table, epoch, version) or table.deal.repoll is not None:
                return
        if table.paused:
            return
        receiver = (m.deal_start + m.dealt) % 4
        apply(table, Deal())
        if m.rules.declare_window == "during_deal" and m.phase == "deal":
            await _poll(table, flush, receiver, 1)
        return
    if not deal.final_polled:
        declared = await _poll(table, flush, m.deal_start, 4)
        if live.epoch == epoch:
            table.deal.final_polled = not declared
        return
    if m.declaration_options(HUMAN) and not deal.deal_declined:
        if table.helper_declares:
            choice = await table.env.agents[HUMAN].choose(m, HUMAN, "declare")
            if not _unchanged(table, epoch, version) or not table.helper_declares:
                return
            if choice is None:
                table.deal.deal_declined = True
            else:
                apply(table, choice)
                table.deal.final_polled = False
            return
        deal.end_of_deal = True
        table.loop.dirty = True
        await _wait(table, flush)
        return
    deal.end_of_deal = False
    apply(table, EndDeal())


async def _poll(table: Table, flush: Flush, first: int, rounds: int) -> bool:
    """Offer deal-time declarations to the computer seats (as ``tractor.runner`` does)."""
    epoch = table.live.epoch
    declared = False
    asked, seat, limit = 0, first, rounds
    while asked < limit:
        m = table.live.match
        if ((seat != HUMAN or table.helper_declares) and not table.friends.playing(seat)
                and m.declaration_options(seat)):
            choice = await table.env.agents[seat].choose(m, seat, "declare")
            await _while_paused(table, flush)
            if table.live.epoch != epoch or table.live.match.phase != "deal":
                return declared
            if choice is not None and table.live.match.is_legal(choice):
                apply(table, choice)
                declared = True
                asked, limit = 0, 4
        asked += 1
        seat = (seat + 1) % 4
    return declared


async def _while_paused(table: Table, flush: Flush) -> None:
    while table.paused:
        flush()
        table.loop.wake.clear()
        await table.loop.wake.wait()


def _unchanged(table: Table, epoch: int, version: int) -> bool:
    return table.live.epoch == epoch and table.live.version == version

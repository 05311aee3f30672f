"""The match flow: the one loop that moves the match on between seat 0's clicks.

``run`` (``Game.run``, started once by the page) deals card by card at the
chosen speed, offers deal-time declarations to the computer seats (and to seat
0's helper when it declares for seat 0), awaits the computer seats' decisions
(``agents``), keeps a finished trick in view for a moment, and otherwise waits
on ``game.wake``, which every input sets. It stands still while ``game.paused``
(a dialog, a replay, another tab holding the match). Each step checks that the
match did not change under it (``game.epoch``, ``game.version``) before it
applies what it awaited. Every action goes through ``game._apply``.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import TYPE_CHECKING

from messages import Msg
from seat0 import HUMAN
from tractor.actions import CHANCE, Deal, EndDeal, NextHand
from tractor.match import IllegalAction
from tractor.players import make_player

if TYPE_CHECKING:
    from game import Game

RENDER_INTERVAL = 0.05
"""At instant speed the table is redrawn at most this often (seconds) while it runs."""


async def run(game: Game) -> None:
    """Advance the match forever (computer seats, dealing, waiting for seat 0)."""
    step = _first_draw
    while True:
        try:
            await step(game)
        except Exception as error:  # shown in the page: players have no console
            traceback.print_exc()
            game.autoplay = False
            game.thinking = None
            game.message = Msg("engine_error", detail=f"{type(error).__name__}: {error}")
            game.refresh()
            game.wake.clear()
            await game.wake.wait()
        step = _step
        await _breathe(game)


async def _first_draw(game: Game) -> None:
    game.refresh()


async def _breathe(game: Game) -> None:
    """Let the page draw and answer clicks between two steps."""
    if game.dirty and (
        game.pace.deal > 0 or game.clock() - game.last_render >= RENDER_INTERVAL
    ):
        game.flush()
    await asyncio.sleep(0)


async def _wait(game: Game) -> None:
    """Wait for seat 0 (or a panel, a new match, autoplay) to change something."""
    game.flush()
    await game.wake.wait()


async def _step(game: Game) -> None:
    game.wake.clear()
    if game.paused:
        await _wait(game)
        return
    await _settle_trick(game)
    m = game.match
    phase, mover = m.phase, m.to_move
    if phase == "match_over":
        await _wait(game)
    elif phase == "hand_over":
        if not (game.autoplay and game.settings.auto_next):  # the result waits for the player
            await _wait(game)
            return
        epoch, version = game.epoch, game.version
        game.flush()
        await asyncio.sleep(game.pace.next_hand)
        if _unchanged(game, epoch, version) and game.autoplay and not game.paused:
            game._apply(NextHand())
    elif phase == "deal":
        await _deal_step(game)
    elif mover == HUMAN and not game.autoplay:
        await _wait(game)
    elif mover is not None and mover != CHANCE:
        await _computer_turn(game, mover)


async def _settle_trick(game: Game) -> None:
    """Keep a finished trick in view for the speed's pause, then clear it."""
    if game.finished_trick is None:
        return
    rest = game.finished_until - game.clock()
    if rest > 0 and game.match.phase == "play" and not game.match.trick:
        epoch = game.epoch
        game.flush()
        await asyncio.sleep(rest)
        if game.epoch != epoch:
            return
    game.finished_trick = None
    game.dirty = True


async def _computer_turn(game: Game, seat: int) -> None:
    epoch, version = game.epoch, game.version
    game.thinking = seat
    game.refresh()
    start = game.clock()
    try:
        action = await game.agents[seat].choose(game.match, seat, "act")
        rest = game.pace.think - (game.clock() - start)
        if rest > 0:
            await asyncio.sleep(rest)
        await _while_paused(game)
    finally:
        game.thinking = None
        game.dirty = True
    if not _unchanged(game, epoch, version) or action is None:
        return
    if seat == HUMAN and not game.autoplay:
        return
    try:
        game._apply(action)
    except IllegalAction as error:
        # A computer player proposed an illegal action: report it, keep the game going.
        game.message = Msg("engine_refused", seat=seat, detail=f"seat {seat}: {error}")
        fallback = make_player("random", game.version).act(game.match.observe(seat))
        game._apply(fallback)


async def _deal_step(game: Game) -> None:
    m = game.match
    epoch, version = game.epoch, game.version
    if game.repoll is not None:
        first, game.repoll = game.repoll, None
        await _poll(game, first, 4)
        return
    if m.dealt < m.deal_total:
        if game.pace.deal > 0:
            await asyncio.sleep(game.pace.deal)
            if not _unchanged(game, epoch, version) or game.repoll is not None:
                return
        if game.paused:
            return
        receiver = (m.deal_start + m.dealt) % 4
        game._apply(Deal())
        if m.rules.declare_window == "during_deal" and m.phase == "deal":
            await _poll(game, receiver, 1)
        return
    if not game.final_polled:
        declared = await _poll(game, m.deal_start, 4)
        if game.epoch == epoch:
            game.final_polled = not declared
        return
    if m.declaration_options(HUMAN) and not game.deal_declined:
        if game.helper_declares:
            choice = await game.agents[HUMAN].choose(m, HUMAN, "declare")
            if not _unchanged(game, epoch, version) or not game.helper_declares:
                return
            if choice is None:
                game.deal_declined = True
            else:
                game._apply(choice)
                game.final_polled = False
            return
        game.end_of_deal = True
        game.dirty = True
        await _wait(game)
        return
    game.end_of_deal = False
    game._apply(EndDeal())


async def _poll(game: Game, first: int, rounds: int) -> bool:
    """Offer deal-time declarations to the computer seats (as ``tractor.runner`` does)."""
    epoch = game.epoch
    declared = False
    asked, seat, limit = 0, first, rounds
    while asked < limit:
        m = game.match
        if (seat != HUMAN or game.helper_declares) and m.declaration_options(seat):
            choice = await game.agents[seat].choose(m, seat, "declare")
            await _while_paused(game)
            if game.epoch != epoch or game.match.phase != "deal":
                return declared
            if choice is not None and game.match.is_legal(choice):
                game._apply(choice)
                declared = True
                asked, limit = 0, 4
        asked += 1
        seat = (seat + 1) % 4
    return declared


async def _while_paused(game: Game) -> None:
    while game.paused:
        game.flush()
        game.wake.clear()
        await game.wake.wait()


def _unchanged(game: Game, epoch: int, version: int) -> bool:
    return game.epoch == epoch and game.version == version

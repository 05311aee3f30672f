"""A ``game.Game`` on the fakes (``fakes``), running its loop in a CPython test, and a
hand's outcome to count."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from fakes import FakeScreen, FakeStorage
from house.game import Game
from seats.agents import WorkerLink
from store.storage import Store
from tractor.outcome import HandOutcome, Side

T = TypeVar("T")


def make_game(storage: FakeStorage, seed: int | None = 5) -> tuple[Game, FakeScreen]:
    screen = FakeScreen()
    return Game(screen, Store(storage), WorkerLink(), seed=seed), screen


def an_outcome(hand_no: int, side: Side) -> HandOutcome:
    """The outcome of hand ``hand_no`` that seats 0 and 2 defended at level 2, where
    ``side`` went up a level (the attackers with 80 points, or the defenders with 30)."""
    points = 30 if side == "defenders" else 80
    return HandOutcome(
        hand_no=hand_no, dealer=0, level=0, trump="2/S", defenders=(0, 2), attackers=(1, 3),
        friend=None, kitty=(), kitty_points=0, multiplier=2, kitty_bonus=0,
        trick_points=points, penalty=0, attackers_points=points, side=side, levels_gained=1,
        levels=(1, 0, 1, 0) if side == "defenders" else (0, 1, 0, 1),
        next_dealer=2 if side == "defenders" else 1, match_won=False,
    )


def run_until(game: Game, done: Any, limit: float = 600.0) -> None:
    """Run the game loop until ``done()`` (called between steps; it may act for seat 0).

    ``limit`` only keeps a broken loop from hanging the suite: the tests assert what was
    reached, never how fast (a whole match took over 60 s on a loaded 2-core machine)."""

    async def main() -> None:
        task = asyncio.ensure_future(game.run())
        loop = asyncio.get_running_loop()
        start = loop.time()
        while not done() and loop.time() - start < limit:
            await asyncio.sleep(0.001)
        task.cancel()

    run_async(main())


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: pytest-playwright may hold this one's loop."""
    results: list[T] = []
    failures: list[BaseException] = []

    def target() -> None:
        try:
            results.append(asyncio.run(coroutine))
        except BaseException as error:  # re-raised in the test's thread
            failures.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]
    return results[0]

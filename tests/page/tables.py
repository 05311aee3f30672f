"""A ``game.Game`` on the fakes (``fakes``), and running its loop in a CPython test."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from fakes import FakeScreen, FakeStorage
from house.game import Game
from seats.agents import WorkerLink
from store.storage import Store

T = TypeVar("T")


def make_game(storage: FakeStorage, seed: int | None = 5) -> tuple[Game, FakeScreen]:
    screen = FakeScreen()
    return Game(screen, Store(storage), WorkerLink(), seed=seed), screen


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

"""Computer seats: who decides for a seat, and where the thinking happens.

The table asks a seat's agent ``await agent.choose(match, seat, kind)`` and gets an
action (or None: no declaration). ``ComputerAgent`` sends the seat's view (only
``match.observe(seat)``, as JSON) and the player's name to the PyScript worker
(``WorkerLink``), so no hidden card ever crosses to it; until the worker
is ready (or if it fails) it decides on the page between ``asyncio.sleep(0)``
yields. A slower, stronger AI only needs another object with the same async
``choose`` (or another player name known to ``tractor.players.make_player`` in
the worker): the table awaits it without blocking and needs no change.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from tractor.actions import Action, action_from_json
from tractor.match import Match

from seats.decide import decide, decision_seed, view_json


class SeatAgent(Protocol):
    """Anything that can decide for a seat, asynchronously."""

    player: str

    async def choose(self, m: Match, seat: int, kind: str) -> Action | None: ...


KEPT_TIMES = 400


class WorkerLink:
    """The connection to the ``engine`` worker: loading, ready or failed."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.state = "loading"
        self.info = ""
        self.error = ""
        self.calls = 0
        self.clock = clock
        self.times_ms: list[int] = []
        """Round-trip time of the last ``KEPT_TIMES`` decisions (benchmarks read them)."""
        self._worker: Any = None
        self.on_change: Callable[[], None] = lambda: None

    @property
    def ready(self) -> bool:
        return self.state == "ready"

    async def connect(self, start: Callable[[], Awaitable[Any]]) -> None:
        """Start the worker with ``start()`` (returns the worker's exports) and wait."""
        try:
            worker = await start()
            self.info = str(await worker.describe())
        except Exception as error:  # the page keeps playing without the worker
            self.fail(error)
            return
        self._worker = worker
        self.state = "ready"
        self.on_change()

    def fail(self, error: BaseException) -> None:
        """The worker is unusable: the table says so in its language, the exception's own
        (English) words go to the browser console and ``error``, never into the sentence."""
        self.state = "failed"
        self.error = f"{type(error).__name__}: {error}"
        print(f"worker failed: {self.error}")
        self._worker = None
        self.on_change()

    async def decide(self, view_text: str, player: str, kind: str, seed: int) -> str:
        self.calls += 1
        start = self.clock()
        answer = str(await self._worker.decide(view_text, player, kind, seed))
        self.times_ms = [*self.times_ms[1 - KEPT_TIMES :], round((self.clock() - start) * 1000)]
        return answer

    async def review_step(self, record_text: str, seat: int, hand: int, k: int,
                          seed: int) -> str:
        """The coach's review of decision ``k`` of a hand (``worker.review_step``)."""
        return str(await self._worker.review_step(record_text, seat, hand, k, seed))

    async def try_step(self, view_text: str, index: int, seed: int, best: str,
                       cards: str) -> str:
        """The coach's verdict on an attempt at a marked decision (``worker.try_step``)."""
        return str(await self._worker.try_step(view_text, index, seed, best, cards))


class ComputerAgent:
    """A built-in computer player (``tractor.players.make_player`` name)."""

    def __init__(self, player: str, link: WorkerLink):
        self.player = player
        self.link = link

    async def choose(self, m: Match, seat: int, kind: str) -> Action | None:
        seed = decision_seed(m, seat)
        if self.link.ready:
            try:
                text = await self.link.decide(view_json(m, seat), self.player, kind, seed)
            except Exception as error:  # worker died: think here from now on
                self.link.fail(error)
            else:
                data = json.loads(text)
                return None if data is None else action_from_json(data)
        await asyncio.sleep(0)
        action = decide(m.observe(seat), self.player, kind, seed)
        await asyncio.sleep(0)
        return action


def seat_agents(players: Sequence[str], link: WorkerLink) -> dict[int, SeatAgent]:
    """Agents of seats 0..3 from their player names: seat 0's is the hint/托管 helper."""
    return {seat: ComputerAgent(name, link) for seat, name in enumerate(players)}

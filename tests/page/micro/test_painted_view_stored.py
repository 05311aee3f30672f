"""The table's side of the painted view: it stores seat 0's view after every action, tied
to the record it wrote (a full storage loses that view, not the match), and the engine
keeps the painted selection only when its view is the painted one."""

from __future__ import annotations

import json
from collections.abc import Iterator

from fakes import FakeScreen, FakeStorage
from house import core, painting
from house.game import Game
from micro import paint_check
from seats.agents import WorkerLink
from store.storage import MATCH_KEY, Store
from text.messages import Msg


def dealt(storage: FakeStorage, cards: int) -> Iterator[Game]:
    """A table of ``storage`` dealing, after each of ``cards`` system actions."""
    game = Game(FakeScreen(), Store(storage), WorkerLink(), seed=11)
    for _ in range(cards):
        action = game.state.live.match.system_action()
        assert action is not None
        core.apply(game.state, action)
        yield game


def test_the_table_stores_seat_0_s_view_after_every_action() -> None:
    storage = FakeStorage()
    for game in dealt(storage, 30):
        stored = paint_check.parse(storage[painting.PAINT_KEY], storage[MATCH_KEY])
        assert stored == painting.painter_view(game.view())


def test_a_full_storage_loses_the_stored_view_not_the_match() -> None:
    class FullForPaint(FakeStorage):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            if key == painting.PAINT_KEY:
                raise RuntimeError("QuotaExceededError")
            super().setItem(key, value)

    storage = FullForPaint()
    game = next(dealt(storage, 1))
    assert MATCH_KEY in storage and painting.PAINT_KEY not in storage
    assert not game.state.keep.store.full and game.scene().warning is None


def test_the_engine_keeps_the_painted_selection_when_its_view_is_the_painted_one() -> None:
    storage = FakeStorage()
    for _ in dealt(storage, 40):
        pass
    painted = json.dumps(paint_check.parse(storage[painting.PAINT_KEY], storage[MATCH_KEY]))
    resumed = Game(FakeScreen(), Store(storage), WorkerLink())
    painting.adopt(resumed.state, painted, [0, 2, 99])
    assert resumed.state.seat.selected == {0, 2}
    assert resumed.state.words.notice == Msg("resumed")


def test_the_engine_redraws_another_painted_view_and_says_nothing_is_lost() -> None:
    storage = FakeStorage()
    for _ in dealt(storage, 40):
        pass
    view = paint_check.parse(storage[painting.PAINT_KEY], storage[MATCH_KEY])
    view["hand"] = list(reversed(view["hand"]))
    resumed = Game(FakeScreen(), Store(storage), WorkerLink())
    painting.adopt(resumed.state, json.dumps(view), [0, 2])
    assert resumed.state.seat.selected == set()
    assert resumed.state.words.notice == Msg("repainted")

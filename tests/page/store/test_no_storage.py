"""Issue 39: with no storage at all (localStorage blocked: ``Store(None)``) the table
plays on with one line saying that nothing will be kept, not that the storage is full."""

from __future__ import annotations

from fakes import FakeScreen
from house.game import Game
from seats.agents import WorkerLink
from store.storage import Store
from tables import run_until
from text.i18n import t


def test_without_storage_the_table_plays_and_says_nothing_will_be_kept() -> None:
    game = Game(FakeScreen(), Store(None), WorkerLink(), seed=7, speed="instant",
                browser_lang="en")
    run_until(game, lambda: game.state.live.match.dealt > 8, limit=20)
    assert game.state.live.match.dealt > 8  # the deal goes on
    assert game.state.keep.keeper.unsaved  # nothing was kept...
    assert game.scene().warning == t("en", "storage_unavailable")  # ...and the table says so

"""The past hands are bounded in size and never block the page (issue 39, finding 7d).

40 crafted history entries (a legal 44-hand three-deck match, 4.2 MB) blocked the page
for 9.2 s when Settings opened. The stored history is bounded (``MAX_HISTORY_CHARS``):
a larger one is kept aside unparsed, and a new hand drops the oldest matches to stay
within it. CPython with a dict-backed storage; ``test_history_in_the_browser`` opens
Settings over the crafted history in Chromium.
"""

from __future__ import annotations

import asyncio
import json
from functools import cache
from typing import Any

import pytest
from fakes import FakeScreen, FakeStorage
from house.game import Game
from matches import advance
from seats.agents import WorkerLink
from store import pasthands
from store.pasthands import MAX_HISTORY_CHARS, History, parse_history
from store.storage import Store
from tables import run_async
from tractor.match import Match
from tractor.save import from_record, loads, record

SETTINGS = json.dumps({"rules": {"decks": 1}, "speed": "instant", "lang": "en"})


@cache
def long_match(hands: int = 44) -> Match:
    """A legal three-deck match of ``hands`` finished hands (about 105 KB at 44)."""
    m = advance({"decks": 3}, 8, lambda m: m.hand_no >= hands,
                max_steps=200_000)
    assert m is not None
    return m


def crafted_history(entries: int = 40, hands: int = 44) -> str:
    """``entries`` entries, each the whole ``hands``-hand match with one kept hand."""
    data = record(long_match(hands))
    return json.dumps({"version": 1, "entries": [
        {"match_id": f"{1700000000000 + i}-5", "record": data, "hands": [i % hands]}
        for i in range(entries)]}, separators=(",", ":"))


def test_a_history_larger_than_the_bound_is_kept_aside_unparsed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = crafted_history()
    assert len(text) > MAX_HISTORY_CHARS  # 4.2 MB
    replayed: list[Any] = []
    monkeypatch.setattr(pasthands, "from_record", lambda data: replayed.append(data))
    storage = FakeStorage({"tractor.settings": SETTINGS, "tractor.history": text})
    game = Game(FakeScreen(), Store(storage), WorkerLink(), seed=4, tab_id="a")
    assert game.history().hands == [] and replayed == []  # refused by its size alone
    (kept,) = [k for k in storage if k.startswith("tractor.history.bad.")]
    assert storage[kept] == text
    assert game.state.words.message is not None
    assert game.state.words.message.params.get("where") == kept


def test_a_new_hand_drops_the_oldest_matches_to_keep_the_history_within_the_bound() -> None:
    m = long_match()
    history = History()
    for i in range(40):
        history = history.with_hand_no(f"{1700000000000 + i}-5", m, i % 44)
        assert len(history.to_json()) <= MAX_HISTORY_CHARS
    assert history.entries and history.entries[-1].match_id == "1700000000039-5"
    again, damaged = parse_history(history.to_json())
    assert not damaged and again.hands == history.hands


def test_a_history_within_the_bound_still_loads() -> None:
    text = crafted_history(entries=2)
    history, damaged = parse_history(text)
    assert not damaged and len(history.entries) == 2
    assert loads(json.dumps(history.entries[0].record)) == long_match()


def idle_game(text: str) -> tuple[Game, FakeStorage]:
    storage = FakeStorage({"tractor.settings": SETTINGS, "tractor.history": text})
    return Game(FakeScreen(), Store(storage), WorkerLink(), seed=4, tab_id="a"), storage


def test_the_idle_read_gives_way_before_each_record_and_finds_what_a_read_at_once_finds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = crafted_history(entries=3)
    at_once = parse_history(text)[0]
    game, _ = idle_game(text)
    replayed: list[int] = []
    real = from_record
    waits: list[int] = []
    real_sleep = asyncio.sleep

    def counting_sleep(delay: float) -> Any:
        waits.append(len(replayed))
        return real_sleep(delay)

    def counting_replay(data: object) -> Match:
        replayed.append(1)
        return real(data)

    monkeypatch.setattr(pasthands, "from_record", counting_replay)
    monkeypatch.setattr(asyncio, "sleep", counting_sleep)
    run_async(game.read_history_when_idle())
    assert waits == [0, 0, 1, 2], "the browser gets a turn before the parse and each replay"
    assert game.state.past.history == at_once and len(replayed) == 3
    assert game.state.words.message is None
    before = len(replayed)
    assert game.history() is game.state.past.history and len(replayed) == before, "parsed once"


def test_the_idle_read_keeps_a_damaged_history_aside_and_says_so_without_settings() -> None:
    game, storage = idle_game(crafted_history(entries=1).replace('"hands":[0]', '"hands":[99]'))
    screen = game.screen
    assert isinstance(screen, FakeScreen)
    draws = screen.draws
    run_async(game.read_history_when_idle())
    assert game.state.past.history == History()
    assert [k for k in storage if k.startswith("tractor.history.bad.")]
    assert game.state.words.message is not None
    assert game.state.words.message.key == "storage_damaged"
    assert screen.draws == draws + 1, "drawn again, with the message"


def test_a_history_needed_during_the_idle_read_is_read_at_once_and_the_idle_read_stops(
        ) -> None:
    text = crafted_history(entries=3)
    game, _ = idle_game(text)

    async def both() -> None:
        reading = asyncio.ensure_future(game.read_history_when_idle())
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert game.history().hands == parse_history(text)[0].hands  # Settings opened
        kept = game.state.past.history
        await reading
        assert game.state.past.history is kept

    run_async(both())

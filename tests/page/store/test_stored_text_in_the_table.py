"""Every text from storage is safe to encode and to hash (issue 39, finding 1), in CPython.

A value holding a lone surrogate (raw, as a JavaScript string may hold it, or as a
``\\ud800`` escape in its JSON) and a record with a field it does not have are
refused where they are read: kept aside under ``<key>.bad.<stamp>`` with a message,
and the table comes up and keeps playing. A dict-backed storage drives ``game.Game``
as the page does (``test_hostile_storage`` repeats the match case in Chromium).
"""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from fakes import FakeScreen, FakeStorage
from house.game import Game
from matches import system_action
from micro import paint_check
from seats.agents import WorkerLink
from store.storage import Store
from tables import run_until
from tractor.match import Match
from tractor.rules import Rules
from tractor.save import dumps

SETTINGS = {"rules": {"decks": 1}, "speed": "instant", "lang": "en"}
RAW = "\ud800"  # what JavaScript's localStorage may hand over: half of a UTF-16 pair
ESCAPED = "\\ud800"  # the same in JSON text, as an escape


def stored_match() -> str:
    m = Match(Rules(decks=1), 3)
    for _ in range(5):
        m.apply(system_action(m))
    return dumps(m)


GOOD: dict[str, dict[str, Any]] = {
    "tractor.match": json.loads(stored_match()),
    "tractor.meta": {"match_id": "1700000000000-3", "undo": False, "unsaved": 0},
    "tractor.settings": SETTINGS,
    "tractor.stats": {"hands": 2, "hands_won": 1, "matches": 0, "matches_won": 0,
                      "matches_with_undo": 0, "counted": "1700000000000-3:1"},
    "tractor.history": {"version": 1, "entries": []},
}


def with_note(key: str, note: str) -> str:
    """The good record of ``key`` with one field more, holding ``note`` (JSON text)."""
    text = json.dumps(GOOD[key])
    return text[:-1] + ', "note": "' + note + '"}'


def storage_with(key: str, value: str) -> FakeStorage:
    items = {"tractor.settings": json.dumps(SETTINGS), "tractor.match": stored_match()}
    items[key] = value
    return FakeStorage(items)


def start(storage: FakeStorage) -> Game:
    game = Game(FakeScreen(), Store(storage), WorkerLink(), seed=5, tab_id="a")
    game.history()  # read on first use: the first opening of Settings
    return game


def kept_aside(storage: FakeStorage, key: str) -> list[str]:
    return [k for k in storage if k.startswith(f"{key}.bad.")]


def assert_plays_on(game: Game) -> None:
    """The table draws and keeps saving (each save hashes the record for the painter)."""
    game.refresh()
    version = game.state.live.version
    game.state.seat.autoplay = True
    run_until(game, lambda: game.state.live.version > version + 3)
    assert game.state.live.version > version + 3


@pytest.mark.parametrize("key", sorted(GOOD))
@pytest.mark.parametrize("note", [RAW, ESCAPED], ids=["raw", "escaped"])
def test_a_stored_record_with_a_lone_surrogate_in_an_extra_field_is_kept_aside(
        key: str, note: str) -> None:
    bad = with_note(key, note)
    storage = storage_with(key, bad)
    game = start(storage)
    (kept,) = kept_aside(storage, key)
    assert storage[kept] == bad
    assert game.state.words.message is not None
    assert game.state.words.message.params.get("where") == kept
    game.state.words.message.text("en").encode("utf-8")
    assert_plays_on(game)
    if key == "tractor.match":
        assert game.state.live.match.seed == 5  # a new match: the refused one is not resumed
    else:
        assert game.state.live.match.seed == 3  # the stored match resumed beside the refused record


@pytest.mark.parametrize("key", sorted(GOOD))
def test_a_stored_record_with_a_field_it_does_not_have_is_kept_aside(key: str) -> None:
    bad = with_note(key, "plain text")
    storage = storage_with(key, bad)
    game = start(storage)
    (kept,) = kept_aside(storage, key)
    assert storage[kept] == bad
    assert game.state.words.message is not None
    assert game.state.words.message.params.get("where") == kept
    assert_plays_on(game)


@pytest.mark.parametrize(
    ("key", "field"), [("tractor.meta", "match_id"), ("tractor.stats", "counted")]
)
@pytest.mark.parametrize("note", [RAW, ESCAPED], ids=["raw", "escaped"])
def test_a_lone_surrogate_in_a_known_text_field_is_kept_aside(
        key: str, field: str, note: str) -> None:
    text = json.dumps(GOOD[key]).replace(f'"{field}": "', f'"{field}": "{note}', 1)
    storage = storage_with(key, text)
    game = start(storage)
    (kept,) = kept_aside(storage, key)
    assert storage[kept] == text
    assert_plays_on(game)


@pytest.mark.parametrize("key", ["tractor.tab", "tractor.loading:tractor.match"])
def test_a_lone_surrogate_in_the_keeper_s_own_keys_never_stops_the_table(key: str) -> None:
    storage = storage_with(key, "tab" + RAW)
    game = start(storage)
    assert game.state.live.match.seed == 3  # resumed
    assert_plays_on(game)
    assert storage["tractor.tab"] == "a"


def test_the_painter_s_fingerprint_of_any_stored_text_never_raises() -> None:
    record = with_note("tractor.match", RAW)
    assert paint_check.fingerprint(record).startswith(f"{len(record)}-")
    with pytest.raises(paint_check.PaintError):
        paint_check.parse('{"schema": "tractor-paint", "version": 1, "record": "x", "view": {}}',
                          record)
    # a stored view holding one, tied to it
    view = paint_check.dumps(cast(Any, {"note": RAW}), record)
    with pytest.raises(paint_check.PaintError):
        paint_check.parse(view, record)


def test_a_record_the_storage_refused_is_not_written_over_when_it_cannot_be_kept_aside() -> None:
    class Full(FakeStorage):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802 (the Web Storage API)
            if key != "tractor.tab":
                raise RuntimeError("QuotaExceededError: the quota has been exceeded")
            super().setItem(key, value)

    bad = with_note("tractor.match", RAW)
    storage = Full({"tractor.settings": json.dumps(SETTINGS), "tractor.match": bad})
    game = start(storage)
    assert storage["tractor.match"] == bad and not kept_aside(storage, "tractor.match")
    assert game.state.words.message is not None and game.state.words.message.key == "save_unkept"
    assert_plays_on(game)
    assert storage["tractor.match"] == bad

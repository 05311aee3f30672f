"""The table and its storage: damaged or unreadable data kept aside, saves never
written over, statistics counted once (CPython, a fake screen and storage).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fakes import FakeStorage
from micro.markup import Markup
from render.table import Scene, render
from store.saves import read_match
from store.settings import Settings, parse_settings
from store.stats import Stats, parse_stats, record_hand
from store.storage import is_quota_error
from tables import an_outcome, make_game
from tractor.match import Match
from tractor.rules import Rules
from tractor.save import dumps


def test_settings_survive_damaged_data() -> None:
    assert parse_settings(None) == (Settings(), False)
    assert parse_settings("{oops")[1] is True
    assert parse_settings("[1, 2]")[1] is True
    settings, damaged = parse_settings(json.dumps({"speed": "warp", "lang": "en"}))
    assert damaged and settings.speed == "normal" and settings.lang == "en"
    settings, damaged = parse_settings(json.dumps({"rules": {"decks": 7}}))
    assert damaged and settings.rules == Rules()
    good = Settings(rules=Rules(decks=3), speed="fast", lang="en", four_color=True)
    assert parse_settings(good.to_json()) == (good, False)


def test_read_match_classifies_bad_saves() -> None:
    assert read_match(None).problem is None
    assert read_match("{no").problem == "save_damaged"
    assert read_match('{"a": 1}').problem == "save_not_ours"
    assert read_match('{"schema": "tractor-match", "version": 9}').problem == "save_old_version"
    broken = '{"schema": "tractor-match", "version": 2, "rules": {}, "seed": "x"}'
    assert read_match(broken).problem == "save_damaged"
    match = Match(Rules(), 4)
    assert read_match(dumps(match)).match == match


def test_stats_count_each_hand_once() -> None:
    result = an_outcome(0, "defenders")
    stats = record_hand(Stats(), "m1", result, None)
    assert (stats.hands, stats.hands_won) == (1, 1)
    assert record_hand(stats, "m1", result, None) == stats
    ended = record_hand(stats, "m1", an_outcome(1, "defenders"), [1, 3])
    assert (ended.hands, ended.matches, ended.matches_won) == (2, 1, 0)
    assert parse_stats(ended.to_json()) == (ended, False)
    assert parse_stats("garbage") == (Stats(), True)


def test_quota_errors_are_recognised() -> None:
    class QuotaExceededError(Exception):
        pass

    assert is_quota_error(QuotaExceededError("x"))
    assert is_quota_error(Exception("QuotaExceededError: Failed to execute 'setItem'"))
    assert not is_quota_error(Exception("SecurityError"))


def test_bad_save_is_quarantined_and_replaced() -> None:
    storage = FakeStorage({"tractor.match": "{broken"})
    game, screen = make_game(storage)
    game.flush()
    kept = [key for key in storage if key.startswith("tractor.match.bad.")]
    assert kept and storage[kept[0]] == "{broken"
    assert read_match(storage["tractor.match"]).match is not None
    assert kept[0] in screen.regions["footer"]


def test_a_bad_save_is_never_overwritten_when_no_copy_fits() -> None:
    class FullStorage(FakeStorage):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            if key.startswith("tractor.match"):
                raise RuntimeError("QuotaExceededError: the quota has been exceeded")
            super().setItem(key, value)

    storage = FullStorage({"tractor.match": "{broken"})
    game, screen = make_game(storage)
    game.flush()
    assert storage["tractor.match"] == "{broken"
    assert game.save_blocked and game.state.keep.store.full
    assert "not saved" in game.state.words.message.text("en") if game.state.words.message else False
    assert 'data-testid="storage-warning"' in screen.regions["footer"]


@pytest.mark.parametrize("key", ["tractor.match", "tractor.settings", "tractor.meta",
                                 "tractor.stats"])
@pytest.mark.parametrize("junk", ["[" * 20_000, '{"a":' * 20_000, "x" * 30_000, "[]"])
def test_unreadable_storage_is_kept_aside_and_the_table_starts(key: str, junk: str) -> None:
    storage = FakeStorage({key: junk})
    if key == "tractor.meta":  # meta is read only beside a resumable match
        storage["tractor.match"] = dumps(Match(Rules(), 4))
    game, screen = make_game(storage)
    game.flush()
    kept = [k for k in storage if k.startswith(f"{key}.bad.")]
    assert kept and storage[kept[0]] == junk
    assert storage[key] != junk
    assert game.state.words.message is not None and kept[0] in game.state.words.message.text("en")
    assert "data-testid=\"phase\"" in screen.regions["probe"]


def test_a_save_with_an_illegal_action_is_kept_aside() -> None:
    record = json.loads(dumps(Match(Rules(), 4)))
    record["actions"] = ["deal", "0 play AS"]
    storage = FakeStorage({"tractor.match": json.dumps(record)})
    game, _ = make_game(storage)
    assert game.state.live.match.actions == [] or game.state.live.match.seed != 4
    assert game.state.words.message is not None and "damaged" in game.state.words.message.text("en")


def test_the_time_to_replay_the_stored_match_is_shown_to_tests() -> None:
    storage = FakeStorage({"tractor.match": dumps(Match(Rules(), 4))})
    game, screen = make_game(storage)
    game.flush()
    assert re.search(r'data-testid="load-ms">\d+<', screen.regions["probe"])


def test_a_stored_match_that_cannot_be_drawn_is_kept_aside(monkeypatch: Any) -> None:
    from house import game as game_module

    calls: list[int] = []

    def broken_the_first_time(scene: Scene) -> dict[str, Markup]:
        calls.append(1)
        if len(calls) == 1:  # the check of the resumed match
            raise KeyError("seat7")
        return render(scene)

    monkeypatch.setattr(game_module, "render", broken_the_first_time)
    save = dumps(Match(Rules(), 4))
    storage = FakeStorage({"tractor.match": save})
    game, _ = make_game(storage, seed=9)
    game.flush()
    kept = [key for key in storage if key.startswith("tractor.match.bad.")]
    assert kept and storage[kept[0]] == save
    assert game.state.live.match.seed == 9 and game.state.words.message is not None
    assert "damaged" in game.state.words.message.text("en")


def test_settings_naming_the_old_basic_player_still_load_as_easy() -> None:
    settings, damaged = parse_settings(json.dumps({"opponents": "basic", "lang": "en"}))
    assert settings.players == ("normal", "easy", "easy", "easy") and not damaged
    assert Settings().players == ("normal",) * 4 and not Settings().auto_declare
    saved = Settings(seat1="hard", seat3="random", helper="easy", auto_declare=True)
    assert parse_settings(saved.to_json()) == (saved, False)

"""Records and links (issue 10): the address's numbers, shared deals, export and
import of a record, undo (CPython, a fake screen and storage).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fakes import FakeStorage
from matches import advance, system_action
from store.links import parse_query
from store.saves import read_match
from store.settings import Settings
from store.stats import Stats, parse_stats, record_hand
from tables import an_outcome, make_game, run_until
from tractor.match import Match
from tractor.rules import Rules
from tractor.save import dumps


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("?seed=7", (7, None)),
        ("?seed=7&speed=instant", (7, "instant")),
        ("?seed=²", (None, None)),
        ("?seed=٣", (None, None)),
        ("?seed=-1", (None, None)),
        ("?seed=" + "9" * 5000, (None, None)),
        ("?seed=" + str(2**63), (None, None)),
        ("?speed=<b>", (None, None)),
        ("?" + "&".join(f"a{i}=1" for i in range(50)), (None, None)),
    ],
)
def test_url_numbers_are_strict_ascii(search: str, expected: tuple[Any, Any]) -> None:
    query = parse_query(search)
    assert (query.seed, query.speed) == expected and query.deal is None


@pytest.mark.parametrize(
    "search",
    ["?deal=²", "?deal=7&decks=4", "?deal=7&decks=true", "?deal=7&partners=<b>",
     "?deal=7&kitty_theft=yes", "?deal=" + "9" * 30],
)
def test_a_malformed_shared_deal_is_ignored_whole(search: str) -> None:
    assert parse_query(search).deal is None


# ------------------------------------------------------------ records and links (issue 10)
def test_a_share_link_names_the_seed_and_the_rules_that_differ() -> None:
    rules = Rules(decks=3, partners="find_friend")
    storage = FakeStorage({"tractor.settings": Settings(rules=rules).to_json()})
    game, _ = make_game(storage, seed=77)
    game.state.env.address = "https://example.org/tractor/index.html"
    game.share()
    assert game.state.panels.share_link == (
        "https://example.org/tractor/index.html?deal=77&decks=3&partners=find_friend"
    )
    assert parse_query(game.state.panels.share_link.split("index.html")[1]).deal == (rules, 77)


def test_a_shared_deal_starts_at_once_or_after_confirming() -> None:
    rules = Rules(decks=1, throw_penalty=True)
    game, _ = make_game(FakeStorage(), seed=None)
    assert not game.state.live.match.actions
    game.offer_match((rules, 5))
    assert (game.state.live.match.rules, game.state.live.match.seed) == (rules, 5)
    game.state.live.match.apply(system_action(game.state.live.match))  # a match under way now
    game.offer_match((Rules(), 6))
    assert game.state.panels.confirm == "deal" and game.state.live.match.seed == 5
    game.close_panel()
    assert game.state.live.match.seed == 5
    game.offer_match((Rules(), 6))
    game.confirm_yes()
    m = game.state.live.match
    assert (m.rules, m.seed, m.actions) == (Rules(), 6, [])


def test_export_then_import_gives_the_identical_match() -> None:

    played = advance({"partners": "find_friend", "decks": 1}, 4,
                     lambda m: m.hand_no >= 1 and m.tricks_played >= 3)
    assert played is not None
    source, _ = make_game(FakeStorage({"tractor.match": dumps(played)}))
    name, text = source.export_record()
    assert name == "tractor-match-4.json" and text == dumps(played)
    storage = FakeStorage()
    target, _ = make_game(storage, seed=8)
    target.state.live.match.apply(system_action(target.state.live.match))
    target.import_record(text)
    assert target.state.panels.confirm == "import" and target.state.live.match.seed == 8
    target.confirm_yes()
    assert target.state.live.match == played
    assert read_match(storage["tractor.match"]).match == played
    kept = target.history().entry(target.state.live.meta.match_id)
    assert kept is not None and kept.hands == tuple(range(len(played.results)))


@pytest.mark.parametrize(
    "text", ["", "{", '{"schema": "other"}', dumps(Match(Rules(), 1))[:-30] + "]}",
             json.dumps({**json.loads(dumps(Match(Rules(), 1))), "actions": ["0 play AS"]})]
)
def test_a_bad_record_is_refused_and_changes_nothing(text: str) -> None:
    storage = FakeStorage()
    game, _ = make_game(storage, seed=8)
    before, saved = game.state.live.match, storage["tractor.match"]
    game.import_record(text)
    assert game.state.live.match is before
    assert storage["tractor.match"] == saved
    assert game.state.panels.confirm is None
    assert game.state.words.message is not None
    assert "nothing was changed" in game.state.words.message.text("en")


def test_undo_takes_back_seat_0_s_last_action_and_marks_the_match() -> None:
    from tractor.players import make_player

    storage = FakeStorage({"tractor.settings": Settings(speed="instant", undo=True).to_json()})
    game, screen = make_game(storage, seed=7)
    run_until(game, lambda: game.state.live.match.phase == "play"
              and game.state.live.match.to_move == 0)
    before = game.state.live.match.state()
    count = len(game.state.live.match.actions)
    game._human(make_player("easy", 1).act(game.state.live.match.observe(0)))
    run_until(game, lambda: game.state.live.match.to_move == 0
              or game.state.live.match.phase != "play")
    assert len(game.state.live.match.actions) > count
    game.flush()
    assert 'data-testid="undo"' in screen.regions["controls"]
    game.undo()
    assert game.state.live.match.state() == before
    assert len(game.state.live.match.actions) == count
    assert game.state.live.meta.undo and json.loads(storage["tractor.meta"])["undo"] is True
    assert read_match(storage["tractor.match"]).match == game.state.live.match


def test_without_the_setting_there_is_no_undo() -> None:
    game, screen = make_game(FakeStorage({"tractor.settings": Settings(speed="instant").to_json()}))
    run_until(game, lambda: game.state.live.match.phase == "play")
    game.flush()
    assert game.undoable() is None and 'data-testid="undo"' not in screen.regions["controls"]


def test_a_match_with_undo_is_counted_apart() -> None:
    result = an_outcome(3, "defenders")
    stats = record_hand(Stats(), "m1", result, winners=[0, 2], undo_used=True)
    assert (stats.matches, stats.matches_won, stats.matches_with_undo) == (1, 1, 1)
    assert parse_stats(stats.to_json()) == (stats, False)
    plain = record_hand(Stats(), "m2", result, winners=[0, 2])
    assert plain.matches_with_undo == 0

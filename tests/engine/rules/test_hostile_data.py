"""Data from outside (saves, action JSON, referee text) cannot lie or break anything.

Each test reproduces a finding of the hostile-data review (issue 6): a crafted
or corrupted input is refused with a clear ``ValueError`` subclass, quickly,
and nothing changes; a save that loads is a state the rules reach.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from tractor.actions import (
    ActionError,
    CallFriend,
    Deal,
    Declare,
    Pass,
    Play,
    action_from_json,
    action_from_text,
)
from tractor.cards import Card, CardError
from tractor.jsondata import DataError, parse_json
from tractor.match import IllegalAction, Match
from tractor.players import make_player
from tractor.positions import referee
from tractor.rules import Rules
from tractor.runner import play_hand, step
from tractor.save import SaveError, dumps, loads, record, replay


def played(rules: Rules, seed: int, actions: int) -> Match:
    m = Match(rules, seed)
    players = [make_player("basic", s) for s in range(4)]
    while len(m.actions) < actions and not m.is_over:
        step(m, players)
    return m


def record_text(**changes: Any) -> str:
    data = record(played(Rules(decks=1), 1, 60))
    data.update(changes)
    return json.dumps(data)


# ------------------------------------------------------------- a save is its record
def test_a_save_holds_rules_seed_start_level_and_actions_only() -> None:
    m = played(Rules(partners="find_friend"), 4, 150)
    data = json.loads(dumps(m))
    assert set(data) == {"schema", "version", "rules", "seed", "start_level", "actions"}
    assert all(isinstance(a, str) for a in data["actions"])
    assert len(data["actions"]) == len(m.actions) >= 150
    assert loads(dumps(m)) == m


def test_loading_replays_the_actions_through_the_rules() -> None:
    m = played(Rules(), 2, 200)
    again = replay(m.rules, m.seed, [action_from_text(str(a)) for a in m.actions])
    assert again.state() == m.state() and again.actions == m.actions


def test_an_illegal_action_in_a_record_is_refused_and_named() -> None:
    data = record(played(Rules(decks=1), 1, 60))
    data["actions"].append("0 play AS AS AS")
    with pytest.raises(SaveError, match=r"action 61, '0 play AS AS AS', is illegal") as err:
        loads(json.dumps(data))
    assert err.value.reason == "damaged"


def test_a_whole_long_match_round_trips() -> None:
    m = Match(Rules(decks=1), seed=11)
    players = [make_player("basic", s) for s in range(4)]
    for _ in range(6):
        play_hand(m, players)
        if m.is_over:
            break
        step(m, players)
    assert m.hand_no >= 5
    assert loads(dumps(m)) == m


# ------------------------------------------- finding 3: impossible states do not load
OLD_STATE_SAVES: dict[str, dict[str, object]] = {
    "five aces of spades": {"hands": ["AS AS AS AS AS", "", "", ""]},
    "a seat 7": {"dealer": 7, "turn": 7},
    "a huge declaration": {"declaration": [0, 0, 100_000_000]},
    "negative points": {"captured": [-50, 10**18, 0, 0]},
    "winners seat 7": {"winners": [7]},
    "markup in the result": {"hand_result": {"trick_points": "<img src=x onerror=alert(1)>"}},
}


@pytest.mark.parametrize("name", sorted(OLD_STATE_SAVES))
def test_a_state_snapshot_save_is_never_trusted(name: str) -> None:
    state = {"phase": "play", "seed": 1, **OLD_STATE_SAVES[name]}
    text = json.dumps({"schema": "tractor-match", "version": 1, "state": state})
    started = time.perf_counter()
    with pytest.raises(SaveError, match="schema version 1; this version reads 2") as err:
        loads(text)
    assert err.value.reason == "old_version"
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", "Infinity"),
        ("seed", "-1"),
        ("seed", "1.5"),
        ("seed", '"7"'),
        ("seed", "true"),
        ("seed", "9" * 5000),
        ("seed", str(2**63)),
        ("start_level", "13"),
        ("start_level", "null"),
        ("rules", '{"decks": 4}'),
        ("rules", '{"decks": true}'),
        ("rules", '{"cheat": 1}'),
        ("rules", "[]"),
        ("actions", '"deal"'),
        ("actions", "[1]"),
        ("actions", '[null]'),
        ("actions", '["deal", ["deal"]]'),
        ("actions", '["<img src=x onerror=alert(1)>"]'),
        ("actions", '["0 play <script>"]'),
        ("actions", '["7 play AS"]'),
        ("actions", '["0 play 5S 5S"]'),
    ],
)
def test_a_record_with_a_bad_field_is_refused(field: str, value: str) -> None:
    data = json.loads(record_text())
    data[field] = "PLACEHOLDER"
    text = json.dumps(data).replace('"PLACEHOLDER"', value)
    with pytest.raises(SaveError, match="damaged"):
        loads(text)


@pytest.mark.parametrize("version", ["true", "1", "3", '"2"', "2.0", "null"])
def test_only_schema_version_2_is_read(version: str) -> None:
    text = record_text().replace('"version": 2', f'"version": {version}')
    with pytest.raises(SaveError, match="schema version") as err:
        loads(text)
    assert err.value.reason == "old_version"


@pytest.mark.parametrize("text", ["", "null", "[]", '"x"', "{}", '{"schema": 7}', "{" * 3])
def test_not_a_save_is_refused(text: str) -> None:
    with pytest.raises(SaveError):
        loads(text)


def test_a_non_string_save_is_refused() -> None:
    with pytest.raises(SaveError):
        loads(None)
    with pytest.raises(SaveError):
        loads(b"{}")


# ------------------------------------------------- finding 2: deep nesting and size
@pytest.mark.parametrize("opening", ["[", "{\"a\":"])
def test_deep_nesting_is_refused_before_parsing(opening: str) -> None:
    text = opening * 20_000
    started = time.perf_counter()
    with pytest.raises(SaveError, match="nested more than"):
        loads(text)
    with pytest.raises(DataError, match="nested more than 8"):
        parse_json(text, max_chars=10**6, max_depth=8)
    assert time.perf_counter() - started < 1.0


def test_nesting_inside_a_record_field_is_refused() -> None:
    text = record_text().replace('"seed": 1', '"seed": ' + "[" * 50 + "]" * 50)
    with pytest.raises(SaveError, match="nested more than"):
        loads(text)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert parse_json('["[[[[[[[[[[", "{{{{{{{{"]', max_chars=100, max_depth=1) == [
        "[[[[[[[[[[",
        "{{{{{{{{",
    ]
    assert parse_json(r'["\"[[[[[[", 1]', max_chars=100, max_depth=1) == ['"[[[[[[', 1]


def test_oversized_text_is_refused_before_parsing() -> None:
    with pytest.raises(DataError, match="larger than 100 characters"):
        parse_json("[" + "1," * 100 + "1]", max_chars=100, max_depth=8)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_that_are_not_json_are_refused(constant: str) -> None:
    with pytest.raises(DataError, match="not a JSON value"):
        parse_json(f'{{"seed": {constant}}}', max_chars=100, max_depth=2)


# ------------------------------------------------- finding 4: the API's types are strict
def test_applying_something_that_is_not_an_action_is_illegal_and_changes_nothing() -> None:
    m = played(Rules(), 1, 20)
    before = m.state()
    for junk in (None, "deal", {"type": "deal"}, 7, Deal):
        with pytest.raises(IllegalAction, match="bad_action"):
            m.apply(junk)  # type: ignore[arg-type]
        assert not m.is_legal(junk)  # type: ignore[arg-type]
    assert m.state() == before


@pytest.mark.parametrize("seat", ["0", 1.0, True, -1, 4, None, 10**20])
def test_a_seat_is_an_int_from_0_to_3(seat: Any) -> None:
    builds: tuple[Callable[[], object], ...] = (
        lambda: Pass(seat),
        lambda: Play(seat, "AS"),
        lambda: Declare(seat, "2S"),
        lambda: CallFriend(seat, "AS"),
        lambda: action_from_json({"type": "pass", "seat": seat}),
    )
    for build in builds:
        with pytest.raises(ActionError, match="a seat is an int from 0 to 3"):
            build()


@pytest.mark.parametrize("value", [-1, 54, 99, True, 1.0, "0", None])
def test_a_card_is_an_int_from_0_to_53(value: Any) -> None:
    with pytest.raises(CardError, match="a card id is an int from 0 to 53"):
        Card(value)
    with pytest.raises(ValueError):
        Play(0, [value])


@pytest.mark.parametrize("cards", [7, None, 1.5, {"AS": 1}, b"AS"])
def test_cards_of_the_wrong_type_are_an_action_error(cards: Any) -> None:
    with pytest.raises(ActionError, match="cards are card text or a list of cards"):
        action_from_json({"type": "play", "seat": 0, "cards": cards})


def test_an_action_names_at_most_162_cards() -> None:
    with pytest.raises(ActionError, match="more than 162 cards"):
        Play(0, ["AS"] * 163)
    with pytest.raises(ActionError, match="longer than 1000 characters"):
        Play(0, "AS " * 400)


def test_a_joker_at_level_a_cannot_be_forged_from_card_minus_one() -> None:
    m = Match(Rules(), seed=1, start_level=12)
    with pytest.raises(CardError):
        Declare(0, [Card(-1)])
    assert m.declaration_options(0) == []


@pytest.mark.parametrize(
    "text", ["", "deal ", "0", "0 jump AS", "9 pass", "0 pass AS", "x" * 2000, "0  play AS"]
)
def test_action_text_that_is_not_an_action_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        action_from_text(text)


def test_action_text_round_trips_for_every_kind() -> None:
    m = played(Rules(partners="find_friend", kitty_theft=True), 3, 400)
    kinds = {type(a).__name__ for a in m.actions}
    assert {"Deal", "EndDeal", "Bury", "CallFriend", "Play"} <= kinds
    for action in m.actions:
        assert action_from_text(str(action)) == action


def test_a_seed_is_a_non_negative_int() -> None:
    for seed in (-1, 1.5, "7", True, None, 2**63):
        with pytest.raises(ValueError, match="a seed is an int"):
            Match(Rules(), seed)  # type: ignore[arg-type]


# ------------------------------------------------- finding 6: the referee's input is bounded
def test_the_referee_refuses_text_longer_than_the_largest_hand_quickly() -> None:
    huge = "AS " * 700_000  # 2.1 MB
    started = time.perf_counter()
    for call in (
        lambda: referee.decompose(huge, "2", "H"),
        lambda: referee.is_tractor(huge, "2", "H"),
        lambda: referee.is_legal_follow(huge, "AS", "AS", "2", "H"),
        lambda: referee.trick_winner(["AS", huge], "2", "H"),
        lambda: referee.throw_result("AS", [huge], "2", "H"),
        lambda: referee.kitty_multiplier(huge, "2", "H"),
    ):
        with pytest.raises(ValueError, match="largest legal hand"):
            call()
    assert time.perf_counter() - started < 0.5


def test_the_referee_still_reads_a_whole_three_deck_deal() -> None:
    texts = [str(Card(c)).replace("10S", "10♠") for c in range(54) for _ in range(3)]
    units = referee.decompose(" ".join(texts), "2", "H", decks=3)
    assert sum(len(u.split()) for u in units) == 162


def test_the_referee_bounds_points() -> None:
    with pytest.raises(ValueError, match="points must be between"):
        referee.level_change(10**12)

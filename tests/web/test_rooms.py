"""The rooms of the table's controller (web/game.py's docstring), each on its own, in CPython.

``flow``, ``seat0``, ``replays``, ``records``, ``dialogs``, ``keeping`` and ``coach`` are
modules of functions taking the ``Game``; here each room's functions are called
directly on a ``Game`` built on a fake screen and a dict-backed storage (the
whole table is driven through ``Game`` in test_glue.py and test_keeping.py). The
first tests hold the layout itself: every room function the others need is a
method of ``Game``, and no room imports ``game`` or another room at runtime.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))

import coach  # noqa: E402
import dialogs  # noqa: E402
import flow  # noqa: E402
import keeping  # noqa: E402
import records  # noqa: E402
import replays  # noqa: E402
import seat0  # noqa: E402
from game import Game  # noqa: E402
from keeper import TAB_KEY  # noqa: E402
from settings import Settings  # noqa: E402
from test_glue import FakeStorage, make_game, run_async, run_until  # noqa: E402
from tractor.actions import Action, Play  # noqa: E402
from tractor.match import Match  # noqa: E402
from tractor.rules import Rules  # noqa: E402
from tractor.save import dumps  # noqa: E402

ROOMS = (flow, seat0, replays, records, dialogs, keeping, coach)
INSTANT = Settings(rules=Rules(decks=1), speed="instant", lang="en")


def instant_game(seed: int = 5, **settings: Any) -> Game:
    stored = Settings(rules=Rules(decks=1), speed="instant", lang="en", **settings)
    game, _ = make_game(FakeStorage({"tractor.settings": stored.to_json()}), seed=seed)
    return game


def to_seat_0_s_lead(game: Game) -> None:
    game.autoplay = True
    run_until(game, lambda: game.match.phase == "play" and game.match.to_move == 0
              and not game.match.trick)
    game.autoplay = False


def one_hand_played(seed: int = 5) -> Game:
    """A game whose first hand just ended (the result waits)."""
    game = instant_game(seed)
    apply = game._apply

    def apply_then_stop(action: Action) -> None:
        apply(action)
        if game.match.phase in ("hand_over", "match_over"):
            game.autoplay = False  # before the loop moves on to the next hand

    game._apply = apply_then_stop  # type: ignore[method-assign]
    game.autoplay = True
    run_until(game, lambda: game.match.phase in ("hand_over", "match_over"))
    del game._apply
    return game


# ------------------------------------------------------------ the layout
@pytest.mark.parametrize("room", ROOMS, ids=lambda room: room.__name__)
def test_each_room_has_a_docstring_and_imports_neither_game_nor_another_room(room: Any) -> None:
    tree = ast.parse(Path(room.__file__).read_text())
    assert ast.get_docstring(tree)
    others = {r.__name__ for r in ROOMS} - {room.__name__, "seat0"} | {"game"}
    for node in tree.body:  # module level: what runs when the room is imported
        if isinstance(node, ast.Import):
            names = {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names = {node.module or ""}
        else:
            continue
        assert not names & others, (room.__name__, names)
    assert len(Path(room.__file__).read_text().splitlines()) <= 400


def test_game_binds_the_room_functions_as_its_methods() -> None:
    assert Game.play is seat0.play and Game.run is flow.run
    assert Game.open_replay is replays.open_replay and Game.undo is records.undo
    assert Game.confirm_yes is dialogs.confirm_yes and Game.take_over is keeping.take_over
    bound = {id(value) for value in vars(Game).values()}
    for room in ROOMS:
        public = [name for name, value in vars(room).items() if callable(value)
                  and getattr(value, "__module__", None) == room.__name__
                  and not name.startswith("_")]
        unbound = [name for name in public if id(getattr(room, name)) not in bound]
        assert not unbound, (room.__name__, unbound)


# ------------------------------------------------------------ flow: the match flow
def test_the_flow_stands_still_while_a_dialog_is_open() -> None:
    game = instant_game()
    dialogs.open_settings(game)
    run_until(game, lambda: False, limit=0.2)
    assert game.match.dealt == 0 and game.paused
    dialogs.close_panel(game)
    run_until(game, lambda: game.match.dealt > 0)
    assert game.match.dealt > 0


def test_an_illegal_computer_move_is_reported_and_replaced_by_a_legal_one() -> None:
    class Cheater:
        player = "cheater"

        async def choose(self, m: Match, seat: int, kind: str) -> Action | None:
            return Play(seat, "BJ BJ BJ") if kind == "act" else None

    game = instant_game()
    to_seat_0_s_lead(game)
    game.agents[1] = Cheater()
    seat0.act(game, next(iter(game.match.legal_actions(0))))
    run_until(game, lambda: game.match.to_move != 1)
    assert game.message is not None and game.message.key == "engine_refused"
    assert game.message.text("en").startswith("Right chose an action the rules refuse")
    assert [seat for seat, _ in game.match.trick[:2]] == [0, 1]


# ------------------------------------------------------------ seat0: seat 0's input
def test_a_card_click_toggles_its_selection_and_ignores_cards_not_in_hand() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.select(game, 0)
    seat0.select(game, 99)
    assert game.selected == {0}
    assert seat0.selected_cards(game) == [game.view()["hand"][0]]
    seat0.select(game, 0)
    assert not game.selected


def test_an_illegal_play_is_explained_and_changes_nothing() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    count = len(game.match.actions)
    seat0.play(game)  # nothing selected
    assert len(game.match.actions) == count
    assert game.message is not None and game.message.rule is not None


def test_seat_0_cannot_act_while_another_tab_holds_the_match() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    game.store.set(TAB_KEY, "another tab")
    keeping.on_storage(game, TAB_KEY)
    count = len(game.match.actions)
    assert not seat0.act(game, next(iter(game.match.legal_actions(0))))
    assert len(game.match.actions) == count and game.message is not None
    assert game.message.key == "elsewhere"


def test_enter_does_nothing_behind_an_open_panel() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.select_cards(game, (game.view()["hand"][0],))
    dialogs.open_settings(game)
    count = len(game.match.actions)
    seat0.primary(game)
    assert len(game.match.actions) == count
    dialogs.close_panel(game)
    seat0.primary(game)
    assert len(game.match.actions) == count + 1


def test_the_hint_says_so_when_it_is_not_seat_0_s_turn() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.act(game, next(iter(game.match.legal_actions(0))))
    assert game.match.to_move == 1
    run_async(seat0.find_hint(game))
    assert game.notice is not None and game.notice.key == "msg_no_hint"


# ------------------------------------------------------------ replays: past hands
def test_a_finished_hand_is_kept_and_replayed_step_by_step() -> None:
    game = one_hand_played()
    lines, size = replays.history_lines(game)
    assert [(line.match_id, line.hand) for line in lines] == [(game.meta.match_id, 0)]
    assert size > 0 and lines[0].result is not None and lines[0].started_ms is not None
    replays.open_replay(game, game.meta.match_id, 0)
    assert game.replay is not None and game.paused
    steps, _ = game.replay
    replays.replay_step(game, -5)
    assert game.replay[1] == 0
    replays.replay_step(game, 1000)
    assert game.replay[1] == len(steps) - 1
    name, text = replays.export_hand(game)
    assert name == f"tractor-hand-{game.match.seed}-1.json" and json.loads(text)["seed"] == 5
    dialogs.escape(game)
    assert game.replay is None and not game.paused


def test_an_unknown_hand_opens_no_replay() -> None:
    game = one_hand_played()
    replays.open_replay(game, "no such match", 0)
    replays.open_replay(game, game.meta.match_id, 7)
    assert game.replay is None


def test_a_forgotten_history_is_read_again_from_storage() -> None:
    game = one_hand_played()
    kept = replays.history(game)
    game.store.set("tractor.history", "{damaged")
    assert replays.history(game) is kept  # read once, then cached
    replays.forget_history(game)
    assert not replays.history(game).hands
    assert game.message is not None and game.message.key == "storage_damaged"


# ------------------------------------------------------------ records: records and links
def test_an_unreadable_record_is_refused_with_its_reason() -> None:
    game = instant_game()
    records.import_record(game, "{not a record")
    assert game.confirm is None and game.message is not None
    assert game.message.key == "import_refused" and game.message.what is not None
    assert game.message.what.key == "import_why_damaged"
    assert "（文件已损坏）" in game.message.text("zh")
    assert "(the file is damaged)" in game.message.text("en")


def test_an_imported_match_s_finished_hands_join_the_history() -> None:
    finished = one_hand_played(seed=6)
    game = instant_game()
    records.import_record(game, dumps(finished.match))
    assert game.confirm == "import"
    dialogs.confirm_yes(game)
    assert game.match == finished.match and game.confirm is None
    assert [line.hand for line in replays.history_lines(game)[0]] == [0]


def test_the_position_link_shows_only_seat_0_s_view() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    game.address = "https://example.org/tractor/index.html"
    records.share_position(game)
    assert game.position_link is not None and game.position_iframe is not None
    assert game.position_link.startswith("https://example.org/tractor/embed.html?s=")
    assert game.position_link in game.position_iframe.replace("&amp;", "&")


# ------------------------------------------------------------ dialogs: settings and panels
def test_an_unknown_or_invalid_option_changes_nothing() -> None:
    game = instant_game()
    before = game.store.get("tractor.settings")
    dialogs.set_option(game, "rules", "x")
    dialogs.set_option(game, "speed", "warp")
    assert game.settings.speed == "instant" and game.store.get("tractor.settings") == before
    dialogs.set_option(game, "four_color", "true")
    assert game.settings.four_color
    assert json.loads(game.store.get("tractor.settings") or "{}")["four_color"] is True


def test_new_rules_start_a_new_match_only_after_confirming() -> None:
    game = instant_game()
    seed = game.match.seed
    dialogs.open_settings(game)
    dialogs.set_rule(game, "decks", "3")
    dialogs.set_rule(game, "decks", "seven")  # refused, the choice stays
    assert game.pending_rules == Rules(decks=3) and game.match.seed == seed
    dialogs.apply_rules(game)
    assert game.confirm == "rules"
    dialogs.escape(game)  # closes the confirmation first, then the panel
    assert game.confirm is None and game.panel == "settings"
    dialogs.apply_rules(game)
    dialogs.confirm_yes(game)
    assert game.match.rules == Rules(decks=3) and game.panel is None
    assert game.settings.rules == Rules(decks=3)


def test_unchanged_rules_ask_nothing() -> None:
    game = instant_game()
    dialogs.open_settings(game)
    dialogs.apply_rules(game)
    assert game.confirm is None


def test_escape_closes_the_last_trick_then_clears_the_selection() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.select(game, 0)
    seat0.toggle_last_trick(game)
    dialogs.escape(game)
    assert not game.show_last and game.selected == {0}
    dialogs.escape(game)
    assert not game.selected


# ------------------------------------------------------------ keeping: storage and other tabs
def test_damaged_statistics_are_kept_aside_and_reset() -> None:
    from stats import Stats, parse_stats

    storage = FakeStorage({"tractor.stats": "[oops", "tractor.settings": INSTANT.to_json()})
    game, _ = make_game(storage)
    assert game.stats == Stats() and storage["tractor.stats"] == Stats().to_json()
    assert any(key.startswith("tractor.stats.bad.") for key in storage)
    assert game.message is not None and game.message.key == "storage_damaged"
    assert keeping.load_small(game, "tractor.stats", parse_stats) == Stats()


def test_a_change_to_another_key_does_not_stop_the_tab() -> None:
    game = instant_game()
    game.store.set(TAB_KEY, "another tab")
    keeping.on_storage(game, "tractor.settings")
    assert not game.keeper.elsewhere
    keeping.take_over(game)  # nothing to take over
    assert game.notice is None or game.notice.key != "taken_over"
    keeping.on_storage(game, TAB_KEY)
    assert game.keeper.elsewhere and not keeping.save(game)


def test_continue_here_resumes_the_match_the_other_tab_stored() -> None:
    storage = FakeStorage({"tractor.settings": INSTANT.to_json()})
    here, _ = make_game(storage, seed=5)
    there, _ = make_game(storage, seed=None)  # claims the match, stores a new one
    there.new_match()
    keeping.on_storage(here, TAB_KEY)
    assert here.keeper.elsewhere and here.paused
    keeping.take_over(here)
    assert not here.keeper.elsewhere and here.match.seed == there.match.seed
    assert here.meta.match_id == there.meta.match_id
    assert here.notice is not None and here.notice.key == "taken_over"


def test_the_last_trick_closes_on_seat_0_s_next_action() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.toggle_last_trick(game)
    assert game.show_last
    seat0.select(game, 0)
    assert not game.show_last
    seat0.toggle_last_trick(game)
    seat0.close_last_trick(game)  # a tap outside
    assert not game.show_last


def test_a_kept_hand_is_listed_with_its_date_outcome_points_and_rules() -> None:
    from replaypanel import hand_line_text

    game = one_hand_played()
    (line,), _ = replays.history_lines(game)
    for lang in ("en", "zh"):
        text = hand_line_text(lang, line)
        assert str(line.result["attackers_points"]) in text  # type: ignore[index]
        assert ("1 deck" if lang == "en" else "一副") in text
        assert any(ch.isdigit() for ch in text.split("·")[0])  # the date


def test_the_hint_names_its_cards_in_the_hand_s_order() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    run_async(game._hint())
    assert game.notice is not None and game.notice.what is not None
    hand = game.view()["hand"]
    named = list(game.notice.what.cards)
    assert named == sorted(named, key=hand.index)


def test_a_declaration_s_notice_goes_once_play_starts() -> None:
    game = instant_game(seed=9)
    to_seat_0_s_lead(game)
    assert game.notice is None or game.notice.key not in ("msg_declared", "msg_stole")


def test_a_seat_that_plays_the_friend_card_but_is_not_the_friend_is_named_with_why() -> None:
    from types import SimpleNamespace

    from notices import note_action
    from tractor.players import make_player
    from tractor.runner import step

    seen: set[str] = set()
    for seed in range(1, 200):
        m = Match(Rules(decks=2, partners="find_friend"), seed)
        players = [make_player("random", s) for s in range(4)]
        while m.phase not in ("hand_over", "match_over") and len(seen) < 2:
            before = m.friend_revealed
            phase = m.phase
            (action,) = [a for a in step(m, players)][-1:] or [None]
            if not isinstance(action, Play) or m.friend_card is None:
                continue
            if m.friend_card not in action.cards or (before and m.friend_revealed):
                continue
            fake = SimpleNamespace(match=m, notice=None, deal_declined=False)
            note_action(fake, action, before, phase)  # type: ignore[arg-type]
            if fake.notice is not None:
                seen.add(fake.notice.key)
                expected = "msg_friend_revealed" if m.friend_revealed else "msg_not_friend"
                assert fake.notice.key == expected and fake.notice.seat == action.seat
                assert fake.notice.cards == (str(m.friend_card),)
                assert "dealer" in fake.notice.text("en") and "庄家" in fake.notice.text("zh")
        if len(seen) == 2:
            break
    assert seen == {"msg_friend_revealed", "msg_not_friend"}

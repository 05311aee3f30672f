"""The rooms of the table (web/house/game.py's docstring), each on its own, in CPython.

``flow``, ``seat0``, ``replays``, ``records``, ``dialogs``, ``keeping`` and ``coach`` are
modules of functions over the table's state (``state.Table``); here each room's
functions are called directly on the state of a ``Game`` built on a fake screen
and a dict-backed storage (the whole table is driven through ``Game`` in
test_table_*.py and test_keeping.py). The first tests hold the layout itself (the
packages' layers and circles are import-linter's, tests/engine/project/test_import_layers.py):
no module imports an entry point, no room imports the facade or another module's
private names or draws, and the core runs the hooks the facade registered.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from fakes import FakeStorage
from house import core, dialogs, flow, keeping, records, replays, seat0
from house.game import Game
from house.learn import coach
from matches import system_action
from store.keeper import TAB_KEY
from store.settings import Settings
from tables import make_game, run_async, run_until
from tractor.actions import Action, Play
from tractor.match import Match
from tractor.rules import Rules
from tractor.save import dumps

ROOT = Path(__file__).resolve().parents[3]


ROOMS = (flow, seat0, replays, records, dialogs, keeping, coach)
ROOM_NAMES = {room.__name__.rpartition(".")[2] for room in ROOMS}
INSTANT = Settings(rules=Rules(decks=1), speed="instant", lang="en")


def instant_game(seed: int = 5, **settings: Any) -> Game:
    stored = Settings(rules=Rules(decks=1), speed="instant", lang="en", **settings)
    game, _ = make_game(FakeStorage({"tractor.settings": stored.to_json()}), seed=seed)
    return game


def to_seat_0_s_lead(game: Game) -> None:
    game.state.seat.autoplay = True
    live = game.state.live
    run_until(game, lambda: live.match.phase == "play" and live.match.to_move == 0
              and not live.match.trick)
    game.state.seat.autoplay = False


def one_hand_played(seed: int = 5) -> Game:
    """A game whose first hand just ended (the result waits)."""
    game = instant_game(seed)
    def stop_at_the_end(table: Any, action: Any, before: Any) -> None:
        if game.state.live.match.phase in ("hand_over", "match_over"):
            game.state.seat.autoplay = False  # before the loop moves on to the next hand

    game.state.hooks.after_action.append(stop_at_the_end)
    game.state.seat.autoplay = True
    run_until(game, lambda: game.state.live.match.phase in ("hand_over", "match_over"))
    game.state.hooks.after_action.remove(stop_at_the_end)
    return game


# ------------------------------------------------------------ the layout
WEB = ROOT / "web"


def module_name(path: Path) -> str:
    """``web/house/core.py`` as imported: ``house.core``."""
    return ".".join(path.relative_to(WEB).with_suffix("").parts)


MODULES = {module_name(path): path for path in [*WEB.glob("*.py"), *WEB.glob("*/*.py"),
                                                 *WEB.glob("*/*/*.py")]
           if path.parent.name != "embed" and path.name != "__init__.py"}
"""The page's modules by the names they are imported by (``house.core``)."""


def web_imports(path: Path) -> set[str]:
    """The page's modules that ``path`` imports anywhere (in functions and for typing too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return {name for name in names if name in MODULES} - {module_name(path)}


ENTRY_POINTS = {"main", "worker", "paint"}
"""The page's scripts (index.html's, the worker's): above every package. The packages'
layers and their lack of circles are import-linter's contracts (pyproject.toml,
tests/engine/project/test_import_layers.py)."""


def test_no_module_of_the_page_imports_an_entry_point() -> None:
    assert set(MODULES) >= ENTRY_POINTS
    for name, path in MODULES.items():
        assert not web_imports(path) & ENTRY_POINTS, name


def test_every_module_of_the_page_is_in_a_package_but_the_entry_points() -> None:
    assert {name for name in MODULES if "." not in name} == ENTRY_POINTS


@pytest.mark.parametrize("room", ROOMS, ids=lambda room: room.__name__)
def test_each_room_has_a_docstring_and_imports_neither_the_facade_nor_a_private_name(
        room: Any) -> None:
    tree = ast.parse(Path(room.__file__).read_text())
    assert ast.get_docstring(tree)
    assert "house.game" not in web_imports(Path(room.__file__))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not [alias.name for alias in node.names if alias.name.startswith("_")]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            assert not (node.value.id in ROOM_NAMES and node.attr.startswith("_")), node.attr
    assert len(Path(room.__file__).read_text().splitlines()) <= 400


@pytest.mark.parametrize("room", ROOMS, ids=lambda room: room.__name__)
def test_no_room_draws(room: Any) -> None:
    """Drawing is the facade's: a room changes the state and the facade draws once."""
    for node in ast.walk(ast.parse(Path(room.__file__).read_text())):
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("refresh", "screen", "show"), (room.__name__, node.attr)


def test_the_core_runs_what_the_facade_registered_after_each_action() -> None:
    game = instant_game()
    seen: list[tuple[str, int]] = []
    game.state.hooks.after_action.append(
        lambda table, action, before: seen.append((before.phase, table.live.version)))
    version = game.state.live.version
    core.apply(game.state, system_action(game.state.live.match))
    assert seen == [("deal", version + 1)]
    assert "house.core" in web_imports(WEB / "house" / "seat0.py")
    assert not web_imports(WEB / "house" / "core.py") & {room.__name__ for room in ROOMS}


def test_the_facade_has_every_method_the_page_calls() -> None:
    assert Game.play.__wrapped__ is seat0.play  # type: ignore[attr-defined]
    assert Game.undo.__wrapped__ is records.undo  # type: ignore[attr-defined]
    for page in ("page/controls.py", "main.py"):
        tree = ast.parse((WEB / page).read_text())
        called = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                  and isinstance(node.value, ast.Name) and node.value.id == "game"}
        assert called and not [name for name in called if not hasattr(Game, name)
                               and name != "state"], page


# ------------------------------------------------------------ flow: the match flow
def test_the_flow_stands_still_while_a_dialog_is_open() -> None:
    game = instant_game()
    dialogs.open_settings(game.state)
    run_until(game, lambda: False, limit=0.2)
    assert game.state.live.match.dealt == 0 and game.paused
    dialogs.close_panel(game.state)
    run_until(game, lambda: game.state.live.match.dealt > 0)
    assert game.state.live.match.dealt > 0


def test_an_illegal_computer_move_is_reported_and_replaced_by_a_legal_one() -> None:
    class Cheater:
        player = "cheater"

        async def choose(self, m: Match, seat: int, kind: str) -> Action | None:
            return Play(seat, "BJ BJ BJ") if kind == "act" else None

    game = instant_game()
    to_seat_0_s_lead(game)
    game.state.env.agents[1] = Cheater()
    seat0.act(game.state, next(iter(game.state.live.match.legal_actions(0))))
    run_until(game, lambda: game.state.live.match.to_move != 1)
    assert game.state.words.message is not None and game.state.words.message.key == "engine_refused"
    assert game.state.words.message.text("en").startswith("Right chose an action the rules refuse")
    assert [seat for seat, _ in game.state.live.match.trick[:2]] == [0, 1]


# ------------------------------------------------------------ seat0: seat 0's input
def test_a_card_click_toggles_its_selection_and_ignores_cards_not_in_hand() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.select(game.state, 0)
    seat0.select(game.state, 99)
    assert game.state.seat.selected == {0}
    assert seat0.selected_cards(game.state) == [game.view()["hand"][0]]
    seat0.select(game.state, 0)
    assert not game.state.seat.selected


def test_an_illegal_play_is_explained_and_changes_nothing() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    count = len(game.state.live.match.actions)
    seat0.play(game.state)  # nothing selected
    assert len(game.state.live.match.actions) == count
    assert game.state.words.message is not None and game.state.words.message.rule is not None


def test_seat_0_cannot_act_while_another_tab_holds_the_match() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    game.state.keep.store.set(TAB_KEY, "another tab")
    keeping.on_storage(game.state, TAB_KEY)
    count = len(game.state.live.match.actions)
    assert not seat0.act(game.state, next(iter(game.state.live.match.legal_actions(0))))
    assert len(game.state.live.match.actions) == count and game.state.words.message is not None
    assert game.state.words.message.key == "elsewhere"


def test_enter_does_nothing_behind_an_open_panel() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.select_cards(game.state, (game.view()["hand"][0],))
    dialogs.open_settings(game.state)
    count = len(game.state.live.match.actions)
    seat0.primary(game.state)
    assert len(game.state.live.match.actions) == count
    dialogs.close_panel(game.state)
    seat0.primary(game.state)
    assert len(game.state.live.match.actions) == count + 1


def test_the_hint_says_so_when_it_is_not_seat_0_s_turn() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.act(game.state, next(iter(game.state.live.match.legal_actions(0))))
    assert game.state.live.match.to_move == 1
    run_async(seat0.find_hint(game.state))
    assert game.state.words.notice is not None and game.state.words.notice.key == "msg_no_hint"


# ------------------------------------------------------------ replays: past hands
def test_a_finished_hand_is_kept_and_replayed_step_by_step() -> None:
    game = one_hand_played()
    lines, size = replays.history_lines(game.state)
    assert [(line.match_id, line.hand) for line in lines] == [(game.state.live.meta.match_id, 0)]
    assert size > 0 and lines[0].result is not None and lines[0].started_ms is not None
    replays.open_replay(game.state, game.state.live.meta.match_id, 0)
    assert game.state.past.replay is not None and game.paused
    steps, _ = game.state.past.replay
    replays.replay_step(game.state, -5)
    assert game.state.past.replay[1] == 0
    replays.replay_step(game.state, 1000)
    assert game.state.past.replay[1] == len(steps) - 1
    name, text = replays.export_hand(game.state)
    assert name == f"tractor-hand-{game.state.live.match.seed}-1.json"
    assert json.loads(text)["seed"] == 5
    dialogs.escape(game.state)
    assert game.state.past.replay is None and not game.paused


def test_an_unknown_hand_opens_no_replay() -> None:
    game = one_hand_played()
    replays.open_replay(game.state, "no such match", 0)
    replays.open_replay(game.state, game.state.live.meta.match_id, 7)
    assert game.state.past.replay is None


def test_a_forgotten_history_is_read_again_from_storage() -> None:
    game = one_hand_played()
    kept = replays.history(game.state)
    game.state.keep.store.set("tractor.history", "{damaged")
    assert replays.history(game.state) is kept  # read once, then cached
    replays.forget_history(game.state)
    assert not replays.history(game.state).hands
    assert game.state.words.message is not None
    assert game.state.words.message.key == "storage_damaged"


# ------------------------------------------------------------ records: records and links
def test_an_unreadable_record_is_refused_with_its_reason() -> None:
    game = instant_game()
    records.import_record(game.state, "{not a record")
    assert game.state.panels.confirm is None and game.state.words.message is not None
    assert game.state.words.message.key == "import_refused"
    assert game.state.words.message.what is not None
    assert game.state.words.message.what.key == "import_why_damaged"
    assert "（文件已损坏）" in game.state.words.message.text("zh")
    assert "(the file is damaged)" in game.state.words.message.text("en")


def test_an_imported_match_s_finished_hands_join_the_history() -> None:
    finished = one_hand_played(seed=6)
    game = instant_game()
    records.import_record(game.state, dumps(finished.state.live.match))
    assert game.state.panels.confirm == "import"
    dialogs.confirm_yes(game.state)
    assert game.state.live.match == finished.state.live.match and game.state.panels.confirm is None
    assert [line.hand for line in replays.history_lines(game.state)[0]] == [0]


def test_the_position_link_shows_only_seat_0_s_view() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    game.state.env.address = "https://example.org/tractor/index.html"
    records.share_position(game.state)
    panels = game.state.panels
    assert panels.position_link is not None
    assert panels.position_iframe is not None
    assert panels.position_link.startswith("https://example.org/tractor/embed.html?s=")
    assert panels.position_link in panels.position_iframe.replace("&amp;", "&")


# ------------------------------------------------------------ dialogs: settings and panels
def test_an_unknown_or_invalid_option_changes_nothing() -> None:
    game = instant_game()
    before = game.state.keep.store.get("tractor.settings")
    dialogs.set_option(game.state, "rules", "x")
    dialogs.set_option(game.state, "speed", "warp")
    assert game.state.prefs.settings.speed == "instant"
    assert game.state.keep.store.get("tractor.settings") == before
    dialogs.set_option(game.state, "four_color", "true")
    assert game.state.prefs.settings.four_color
    assert json.loads(game.state.keep.store.get("tractor.settings") or "{}")["four_color"] is True


def test_new_rules_start_a_new_match_only_after_confirming() -> None:
    game = instant_game()
    seed = game.state.live.match.seed
    dialogs.open_settings(game.state)
    dialogs.set_rule(game.state, "decks", "3")
    dialogs.set_rule(game.state, "decks", "seven")  # refused, the choice stays
    assert game.state.panels.pending_rules == Rules(decks=3) and game.state.live.match.seed == seed
    dialogs.apply_rules(game.state)
    assert game.state.panels.confirm == "rules"
    dialogs.escape(game.state)  # closes the confirmation first, then the panel
    assert game.state.panels.confirm is None and game.state.panels.panel == "settings"
    dialogs.apply_rules(game.state)
    dialogs.confirm_yes(game.state)
    assert game.state.live.match.rules == Rules(decks=3) and game.state.panels.panel is None
    assert game.state.prefs.settings.rules == Rules(decks=3)


def test_unchanged_rules_ask_nothing() -> None:
    game = instant_game()
    dialogs.open_settings(game.state)
    dialogs.apply_rules(game.state)
    assert game.state.panels.confirm is None


def test_escape_closes_the_last_trick_then_clears_the_selection() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.select(game.state, 0)
    seat0.toggle_last_trick(game.state)
    dialogs.escape(game.state)
    assert not game.state.seat.show_last and game.state.seat.selected == {0}
    dialogs.escape(game.state)
    assert not game.state.seat.selected


# ------------------------------------------------------------ keeping: storage and other tabs
def test_damaged_statistics_are_kept_aside_and_reset() -> None:
    from house import stored
    from store.stats import Stats, parse_stats

    storage = FakeStorage({"tractor.stats": "[oops", "tractor.settings": INSTANT.to_json()})
    game, _ = make_game(storage)
    assert game.state.prefs.stats == Stats() and storage["tractor.stats"] == Stats().to_json()
    assert any(key.startswith("tractor.stats.bad.") for key in storage)
    assert game.state.words.message is not None
    assert game.state.words.message.key == "storage_damaged"
    state = game.state
    assert stored.load_small(state.keep, state.words, "tractor.stats", parse_stats) == Stats()


def test_a_change_to_another_key_does_not_stop_the_tab() -> None:
    game = instant_game()
    game.state.keep.store.set(TAB_KEY, "another tab")
    keeping.on_storage(game.state, "tractor.settings")
    assert not game.state.keep.keeper.elsewhere
    keeping.take_over(game.state)  # nothing to take over
    assert game.state.words.notice is None or game.state.words.notice.key != "taken_over"
    keeping.on_storage(game.state, TAB_KEY)
    assert game.state.keep.keeper.elsewhere and not keeping.save(game.state)


def test_continue_here_resumes_the_match_the_other_tab_stored() -> None:
    storage = FakeStorage({"tractor.settings": INSTANT.to_json()})
    here, _ = make_game(storage, seed=5)
    there, _ = make_game(storage, seed=None)  # claims the match, stores a new one
    there.new_match()
    keeping.on_storage(here.state, TAB_KEY)
    assert here.state.keep.keeper.elsewhere and here.paused
    keeping.take_over(here.state)
    assert not here.state.keep.keeper.elsewhere
    assert here.state.live.match.seed == there.state.live.match.seed
    assert here.state.live.meta.match_id == there.state.live.meta.match_id
    assert here.state.words.notice is not None and here.state.words.notice.key == "taken_over"


def test_the_last_trick_closes_on_seat_0_s_next_action() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    seat0.toggle_last_trick(game.state)
    assert game.state.seat.show_last
    seat0.select(game.state, 0)
    assert not game.state.seat.show_last
    seat0.toggle_last_trick(game.state)
    seat0.close_last_trick(game.state)  # a tap outside
    assert not game.state.seat.show_last


def test_a_kept_hand_is_listed_with_its_date_outcome_points_and_rules() -> None:
    from render.replaypanel import hand_line_text

    game = one_hand_played()
    (line,), _ = replays.history_lines(game.state)
    for lang in ("en", "zh"):
        text = hand_line_text(lang, line)
        assert line.result is not None and str(line.result.attackers_points) in text
        assert ("1 deck" if lang == "en" else "一副") in text
        assert any(ch.isdigit() for ch in text.split("·")[0])  # the date


def test_the_hint_names_its_cards_in_the_hand_s_order() -> None:
    game = instant_game()
    to_seat_0_s_lead(game)
    run_async(game._hint())
    assert game.state.words.notice is not None and game.state.words.notice.what is not None
    hand = game.view()["hand"]
    named = list(game.state.words.notice.what.cards)
    assert named == sorted(named, key=hand.index)


def test_a_declaration_s_notice_goes_once_play_starts() -> None:
    game = instant_game(seed=9)
    to_seat_0_s_lead(game)
    notice = game.state.words.notice
    assert notice is None or notice.key not in ("msg_declared", "msg_stole")


def test_a_seat_that_plays_the_friend_card_but_is_not_the_friend_is_named_with_why() -> None:
    from types import SimpleNamespace

    from house.notices import note_action
    from house.state import Before
    from tractor.players import make_player
    from tractor.runner import step

    seen: set[str] = set()
    for seed in range(1, 200):
        m = Match(Rules(decks=2, partners="find_friend"), seed)
        players = [make_player("random", s) for s in range(4)]
        while m.phase not in ("hand_over", "match_over") and len(seen) < 2:
            before = m.friend_revealed
            phase = m.phase
            actions = step(m, players)
            action = actions[-1] if actions else None
            if not isinstance(action, Play) or m.friend_card is None:
                continue
            if m.friend_card not in action.cards or (before and m.friend_revealed):
                continue
            words = SimpleNamespace(notice=None)
            fake = SimpleNamespace(live=SimpleNamespace(match=m), words=words,
                                   deal=SimpleNamespace(deal_declined=False))
            note_action(fake, action, Before(before, phase))  # type: ignore[arg-type]
            if words.notice is not None:
                seen.add(words.notice.key)
                expected = "msg_friend_revealed" if m.friend_revealed else "msg_not_friend"
                notice = words.notice
                assert notice.key == expected and notice.seat == action.seat
                assert notice.cards == (str(m.friend_card),)
                assert "dealer" in notice.text("en") and "庄家" in notice.text("zh")
        if len(seen) == 2:
            break
    assert seen == {"msg_friend_revealed", "msg_not_friend"}

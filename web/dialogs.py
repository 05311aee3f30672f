"""Settings and panels: the settings panel, the confirmations, Escape.

The settings panel (``game.panel == "settings"``) changes display options at
once (``set_option``: stored with the settings) and collects rule changes
(``set_rule`` into ``game.pending_rules``), which start a new match only after
a confirmation (``apply_rules``). A confirmation (``game.confirm``: a new
game, new rules, a shared deal, an imported record) is answered by
``confirm_yes`` or dismissed by ``close_panel``. Escape closes the topmost of
a replay, a confirmation, a panel, the last trick, then clears the selection.
While any of them is open the match stands still (``game.paused``). Each
function takes the ``Game`` and is one of its methods there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from agents import seat_agents
from settings import PLAYER_OPTIONS, SWITCHES, parse_settings, rule_value
from storage import SETTINGS_KEY
from tractor.rules import CHOICES, RulesError

if TYPE_CHECKING:
    from game import Game

DISPLAY_OPTIONS = ("speed", "lang", *SWITCHES, *PLAYER_OPTIONS)
"""The settings that change without a new match."""


def open_settings(game: Game) -> None:
    game.panel = "settings"
    game.pending_rules = game.match.rules
    game.refresh()


def close_panel(game: Game) -> None:
    if game.confirm is not None:
        game.confirm = None
    else:
        game.panel = None
    game.wake.set()
    game.refresh()


def escape(game: Game) -> None:
    if game.replay is not None:
        game.close_replay()
    elif game.confirm is not None or game.panel is not None:
        close_panel(game)
    elif game.show_last:
        game.toggle_last_trick()
    else:
        game.clear_selection()


def set_option(game: Game, name: str, value: str) -> None:
    if name not in DISPLAY_OPTIONS:
        return
    typed: Any = value
    if name in SWITCHES:
        typed = value == "true"
    if name == "speed":
        game.speed_override = None
    updated = game.settings.with_option(name, typed)
    checked, damaged = parse_settings(updated.to_json())
    if damaged:
        return
    game.settings = checked
    game.store.set(SETTINGS_KEY, checked.to_json())
    if name in PLAYER_OPTIONS:
        game.agents = seat_agents(checked.players, game.link)
    game.refresh()


def set_rule(game: Game, name: str, value: str) -> None:
    if name not in CHOICES:
        return
    try:
        game.pending_rules = replace(
            game.pending_rules or game.match.rules, **{name: rule_value(name, value)}
        )
    except (RulesError, TypeError):
        return
    game.refresh()


def apply_rules(game: Game) -> None:
    if game.pending_rules is not None and game.pending_rules != game.match.rules:
        game.confirm = "rules"
        game.refresh()


def new_game(game: Game) -> None:
    if game.match.phase == "match_over":
        game.new_match()
        return
    game.confirm = "new_game"
    game.refresh()


def confirm_yes(game: Game) -> None:
    what, game.confirm = game.confirm, None
    if what in ("deal", "import"):
        game.accept(what)
    elif what == "rules" and game.pending_rules is not None:
        game.settings = replace(game.settings, rules=game.pending_rules)
        game.store.set(SETTINGS_KEY, game.settings.to_json())
        game.panel = None
        game.new_match()
    elif what == "new_game":
        game.panel = None
        game.new_match()
    elif what == "restore":
        game.restore_confirmed()
    game.refresh()

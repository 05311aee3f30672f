"""Settings and panels: the settings panel, the confirmations, Escape.

The settings panel (``panels.panel == "settings"``) changes display options at
once (``set_option``: stored with the settings) and collects rule changes
(``set_rule`` into ``panels.pending_rules``), which start a new match only after
a confirmation (``apply_rules``). A confirmation (``panels.confirm``: a new
game, new rules, a shared deal, an imported record, a match to restore) is
answered by ``confirm_yes`` or dismissed by ``close_panel``. Escape closes the
topmost of a replay, a confirmation, a panel, the last trick, then clears the
selection. While any of them is open the match stands still (``Table.paused``).
This room answers the dialogs for the rooms below it (records, keeping, the
coach and replays, seat 0); each function takes the ``state.Table`` and none
draws (the facade, ``game.Game``, redraws after).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from seats.agents import seat_agents
from store.settings import PLAYER_OPTIONS, SWITCHES, parse_settings, rule_value
from store.storage import SETTINGS_KEY
from tractor.rules import CHOICES, RulesError

from house.core import new_match
from house.keeping import restore_confirmed
from house.learn.coach import cancel_review
from house.records import accept
from house.replays import close_replay
from house.seat0 import clear_selection, toggle_last_trick
from house.state import Table

DISPLAY_OPTIONS = ("speed", "lang", *SWITCHES, *PLAYER_OPTIONS)
"""The settings that change without a new match."""


def start_over(table: Table) -> None:
    """A new match by seat 0's choice (the message and notice of the last one go)."""
    table.words.message = None
    table.words.notice = None
    new_match(table)


def open_settings(table: Table) -> None:
    table.panels.panel = "settings"
    table.panels.pending_rules = table.live.match.rules


def open_records(table: Table) -> None:
    """Past hands and the statistics, from the bar (issue 36: they hid at Settings' end)."""
    table.panels.panel = "records"


def close_panel(table: Table) -> None:
    if table.panels.confirm is not None:
        table.panels.confirm = None
    else:
        table.panels.panel = None
    table.loop.wake.set()


def leave_replay(table: Table) -> None:
    """Close the replay (a review of its hand running stops: what it found stays)."""
    cancel_review(table)
    close_replay(table)


def escape(table: Table) -> None:
    if table.past.replay is not None:
        leave_replay(table)
    elif table.panels.confirm is not None or table.panels.panel is not None:
        close_panel(table)
    elif table.seat.show_last:
        toggle_last_trick(table)
    else:
        clear_selection(table)


def set_option(table: Table, name: str, value: str) -> None:
    if name not in DISPLAY_OPTIONS:
        return
    typed: Any = value
    if name in SWITCHES:
        typed = value == "true"
    prefs = table.prefs
    if name == "speed":
        prefs.speed_override = None
    updated = prefs.settings.with_option(name, typed)
    checked, damaged = parse_settings(updated.to_json())
    if damaged:
        return
    prefs.settings = checked
    table.keep.store.set(SETTINGS_KEY, checked.to_json())
    if name in PLAYER_OPTIONS:
        table.env.agents = seat_agents(checked.players, table.env.link)


def toggle_sound(table: Table) -> None:
    """The bar's sound button: the ``sound`` setting turned over (and kept)."""
    set_option(table, "sound", "false" if table.prefs.settings.sound else "true")


def set_rule(table: Table, name: str, value: str) -> None:
    if name not in CHOICES:
        return
    panels = table.panels
    try:
        panels.pending_rules = replace(
            panels.pending_rules or table.live.match.rules, **{name: rule_value(name, value)}
        )
    except (RulesError, TypeError):
        return


def apply_rules(table: Table) -> None:
    pending = table.panels.pending_rules
    if pending is not None and pending != table.live.match.rules:
        table.panels.confirm = "rules"


def new_game(table: Table) -> None:
    if table.live.match.phase == "match_over":
        start_over(table)
        return
    table.panels.confirm = "new_game"


def confirm_yes(table: Table) -> None:
    panels, prefs = table.panels, table.prefs
    what, panels.confirm = panels.confirm, None
    if what in ("deal", "import"):
        accept(table, what)
    elif what == "rules" and panels.pending_rules is not None:
        prefs.settings = replace(prefs.settings, rules=panels.pending_rules)
        table.keep.store.set(SETTINGS_KEY, prefs.settings.to_json())
        panels.panel = None
        start_over(table)
    elif what == "new_game":
        panels.panel = None
        start_over(table)
    elif what == "restore":
        restore_confirmed(table)

"""The table's core: applying an action to the match, and starting or replacing a match.

Every action (seat 0's, a computer seat's or the system's) goes through
``apply``; a new, shared, imported or restored match through ``resume``, and a
match replaced in place (undo, "continue here") through ``swapped``. What else
must happen then (the notice, keeping the match in storage) is not called from
here: it is registered in ``table.hooks`` by the facade (``game.Game``) and run
in that order. Nothing here draws.
"""

from __future__ import annotations

import random

from store.saves import Meta
from text.messages import Msg
from tractor.actions import Action, Deal, NextHand, Play
from tractor.match import Match
from tractor.rules import Rules
from tractor.viewdata import ViewData, last_trick_data

from house.state import HUMAN, Before, DealFlags, Table


def view(table: Table) -> ViewData:
    """Seat 0's view, its wire form (``tractor.viewdata``; cached per action)."""
    live = table.live
    if live.view_cache is None or live.view_cache[:2] != (live.epoch, live.version):
        live.view_cache = (live.epoch, live.version, live.match.observe(HUMAN).to_data())
    return live.view_cache[2]


def apply(table: Table, action: Action) -> None:
    """Apply any action (seat 0, computer or system); raises ``IllegalAction``."""
    m = table.live.match
    hand_before = list(m.hands[HUMAN])
    tricks_before = m.tricks_played
    before = Before(friend_known=m.friend_revealed, phase=m.phase)
    m.apply(action)
    table.live.version += 1
    table.loop.dirty = True
    if m.hands[HUMAN] != hand_before:
        table.seat.selected.clear()
    table.seat.just_dealt = (
        str(m.deck[m.dealt - 1])
        if isinstance(action, Deal) and (m.deal_start + m.dealt - 1) % 4 == HUMAN
        else None
    )
    if isinstance(action, Play) and m.tricks_played > tricks_before:
        table.loop.finished_trick = last_trick_data(m.last_trick)
        table.loop.finished_until = table.loop.clock() + table.pace.trick
    if isinstance(action, NextHand):
        table.deal = DealFlags()
        table.loop.finished_trick = None
        table.seat.show_last = False
    for hook in table.hooks.after_action:
        hook(table, action, before)


def new_id(table: Table, seed: int) -> str:
    """A new match id: when it started (ms) and its seed."""
    return f"{table.keep.stamp()}-{seed}"


def new_match(table: Table, seed: int | None = None, rules: Rules | None = None) -> None:
    """Start a new match (a random seed, the settings' rules unless given)."""
    if seed is None:
        seed = random.randrange(1, 2**31)
    resume(table, Match(rules or table.prefs.settings.rules, seed))


def resume(table: Table, match: Match) -> None:
    """Make ``match`` the table's match (new, shared or imported) and save it."""
    table.live.match = match
    table.live.meta = Meta(match_id=new_id(table, match.seed))
    panels = table.panels
    panels.share_link = panels.position_link = panels.position_iframe = None
    table.seat.show_last = False
    restart(table)


def swapped(table: Table, notice: Msg) -> None:
    """The table's match was replaced in place (undo, "continue here"): start its
    loop afresh, save it, and say why."""
    table.words.message, table.words.notice = None, notice
    restart(table)


def restart(table: Table) -> None:
    """Start the loop afresh on the table's (new or replaced) match and save it."""
    table.live.epoch += 1
    table.live.version += 1
    table.seat.selected.clear()
    table.loop.finished_trick = None
    table.loop.thinking = None
    table.deal = DealFlags()
    for hook in table.hooks.after_restart:
        hook(table)
    table.loop.wake.set()
    table.loop.dirty = True

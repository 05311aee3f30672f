"""Records and links: a match's record in and out, shared deals and positions, undo.

* **Links**: ``share`` makes the link to this match's deal (rules and seed,
  ``links``); a page opened with such a link offers it (``offer_match``),
  after a confirmation when a match is under way. ``share_position`` makes
  the embed link and ``<iframe>`` of the current trick, from seat 0's view only.
* **Records**: ``export_record`` gives the match's record for a download;
  ``import_record`` reads one from a file and plays on from it after a
  confirmation (``accept``), or says why it is refused.
* **Undo**: seat 0 takes back its last action of the hand; the match is
  replayed without it (and what followed) and marked as one where undo was used.

Each function takes the ``state.Table``; none draws (the facade, ``game.Game``,
redraws after).
"""

from __future__ import annotations

from dataclasses import replace

from store.links import embed_address, share_query
from store.saves import read_match
from text.messages import Msg
from tractor.actions import NextHand
from tractor.positions import scenario
from tractor.positions.position import PositionError, from_view_json
from tractor.rules import Rules
from tractor.save import dumps, replay

from house.core import new_match, resume, swapped
from house.replays import keep_match
from house.state import HUMAN, Table


def offer_match(table: Table, deal: tuple[Rules, int]) -> None:
    """A shared deal (rules, seed): play it now, or after a confirmation when a
    match is under way."""
    m = table.live.match
    if not (m.actions and m.phase != "match_over"):  # no match under way
        new_match(table, deal[1], deal[0])
        return
    table.panels.pending_deal = deal
    table.panels.confirm = "deal"


def share(table: Table) -> None:
    """Make the link to this match's deal (shown in the settings panel)."""
    m = table.live.match
    table.panels.share_link = table.env.address + share_query(m.rules, m.seed)


def share_position(table: Table) -> None:
    """The embed link and ``<iframe>`` of the current trick from seat 0's view only
    (``tractor.positions.position``): other hands appear as counts of card backs."""
    try:
        text = from_view_json(table.live.match.observe(HUMAN))
    except PositionError:
        return
    embed = embed_address(table.env.address)
    table.panels.position_link = scenario.link(text, base=embed)
    table.panels.position_iframe = scenario.iframe(text, base=embed)


def export_record(table: Table) -> tuple[str, str]:
    """The file name and text of this match's record (for a download)."""
    return f"tractor-match-{table.live.match.seed}.json", dumps(table.live.match)


def import_record(table: Table, text: str) -> None:
    """A record from a file: refused with a message, or played on after a confirmation."""
    loaded = read_match(text)
    if loaded.match is None:
        problem = (loaded.problem or "save_empty").removeprefix("save_")
        refuse_import(table, f"import_why_{problem}")
        return
    table.panels.pending_import = loaded.match
    table.panels.confirm = "import"


def refuse_import(table: Table, /, reason: str, **params: object) -> None:
    """Refuse a record, saying why in the reader's words (the catalog's ``reason``)."""
    table.words.message = Msg("import_refused", what=Msg(reason, dict(params)))


def accept(table: Table, what: str | None) -> None:
    """The confirmation of a shared deal (``deal``) or an imported record (``import``)."""
    panels = table.panels
    if what == "deal" and panels.pending_deal is not None:
        panels.panel = None
        rules, seed = panels.pending_deal
        panels.pending_deal = None
        table.words.message = table.words.notice = None
        new_match(table, seed, rules)
    elif what == "import" and panels.pending_import is not None:
        panels.panel = None
        resume(table, panels.pending_import)
        panels.pending_import = None
        keep_match(table)  # its finished hands can be replayed from the history


def undoable(table: Table) -> int | None:
    """Where seat 0's last action of this hand stands in the record (None: nothing
    to take back, or undo is off)."""
    m = table.live.match
    if not table.prefs.settings.undo or m.phase == "match_over":
        return None
    for index in range(len(m.actions) - 1, -1, -1):
        action = m.actions[index]
        if isinstance(action, NextHand):
            return None
        if getattr(action, "seat", None) == HUMAN:
            return index
    return None


def undo(table: Table) -> None:
    """Take back seat 0's last action (and what the others did after it): the match
    is replayed without them, and marked as one where undo was used."""
    index = undoable(table)
    if index is None:
        return
    live = table.live
    m = live.match
    live.match = replay(m.rules, m.seed, m.actions[:index], m.start_level)
    live.meta = replace(live.meta, undo=True)
    swapped(table, Msg("msg_undone"))

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

Each function takes the ``Game`` and is one of its methods there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from links import share_query
from messages import Msg
from saves import read_match
from seat0 import HUMAN
from tractor.actions import NextHand
from tractor.positions import scenario
from tractor.positions.position import PositionError, from_view_json
from tractor.rules import Rules
from tractor.save import dumps, replay

if TYPE_CHECKING:
    from game import Game


def offer_match(game: Game, deal: tuple[Rules, int]) -> None:
    """A shared deal (rules, seed): play it now, or after a confirmation when a
    match is under way."""
    under_way = game.match.actions and game.match.phase != "match_over"
    if not under_way:
        game._new_match(deal[1], deal[0])
        return
    game.pending_deal = deal
    game.confirm = "deal"


def share(game: Game) -> None:
    """Make the link to this match's deal (shown in the settings panel)."""
    game.share_link = game.address + share_query(game.match.rules, game.match.seed)
    game.refresh()


def share_position(game: Game) -> None:
    """The embed link and ``<iframe>`` of the current trick from seat 0's view only
    (``tractor.positions.position``): other hands appear as counts of card backs."""
    try:
        text = from_view_json(game.match.observe(HUMAN))
    except PositionError:
        return
    embed = game.address[: game.address.rfind("/") + 1] + "embed.html"
    game.position_link = scenario.link(text, base=embed)
    game.position_iframe = scenario.iframe(text, base=embed)
    game.refresh()


def export_record(game: Game) -> tuple[str, str]:
    """The file name and text of this match's record (for a download)."""
    return f"tractor-match-{game.match.seed}.json", dumps(game.match)


def import_record(game: Game, text: str) -> None:
    """A record from a file: refused with a message, or played on after a confirmation."""
    loaded = read_match(text)
    if loaded.match is None:
        problem = (loaded.problem or "save_empty").removeprefix("save_")
        refuse_import(game, f"import_why_{problem}")
        return
    game.pending_import = loaded.match
    game.confirm = "import"
    game.refresh()


def refuse_import(game: Game, reason: str, **params: object) -> None:
    """Refuse a record, saying why in the reader's words (the catalog's ``reason``)."""
    game.message = Msg("import_refused", what=Msg(reason, dict(params)))
    game.refresh()


def accept(game: Game, what: str | None) -> None:
    """The confirmation of a shared deal (``deal``) or an imported record (``import``)."""
    if what == "deal" and game.pending_deal is not None:
        game.panel = None
        rules, seed = game.pending_deal
        game.pending_deal = None
        game.message = game.notice = None
        game._new_match(seed, rules)
    elif what == "import" and game.pending_import is not None:
        game.panel = None
        game._resume(game.pending_import)
        game.pending_import = None
        game.keep_match()  # its finished hands can be replayed from the history


def undoable(game: Game) -> int | None:
    """Where seat 0's last action of this hand stands in the record (None: nothing
    to take back, or undo is off)."""
    if not game.settings.undo or game.match.phase == "match_over":
        return None
    for index in range(len(game.match.actions) - 1, -1, -1):
        action = game.match.actions[index]
        if isinstance(action, NextHand):
            return None
        if getattr(action, "seat", None) == HUMAN:
            return index
    return None


def undo(game: Game) -> None:
    """Take back seat 0's last action (and what the others did after it): the match
    is replayed without them, and marked as one where undo was used."""
    index = undoable(game)
    if index is None:
        return
    m = game.match
    game.match = replay(m.rules, m.seed, m.actions[:index], m.start_level)
    game.meta = replace(game.meta, undo=True)
    game._swapped(Msg("msg_undone"))

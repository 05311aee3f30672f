"""Tractor (拖拉机 / 升级 / 80分 / Shengji): a pure-Python rules engine and players.

Standard library only; runs unchanged in CPython 3.11+ and in Pyodide.

>>> from tractor import Match, Rules, Deal
>>> m = Match(Rules(decks=2), seed=42)
>>> m.apply(Deal())
>>> m.observe(0).hand_sizes
(1, 0, 0, 0)

Modules: ``cards`` (values and notation), ``rules`` (options and presets),
``trump`` (effective suit, order, adjacency), ``units`` (decomposition),
``follow`` (legal follows), ``trick`` (throws, winners, kitty multiplier),
``scoring`` (level changes), ``declare`` (declarations), ``match`` (the state
machine), ``history`` (the hand's public history), ``view`` (what a seat may
know), ``save`` (JSON), ``players`` (the computer players, a subpackage the
engine never imports), ``runner`` (driving a match), ``simulate`` and ``arena``
(many hands; duplicate deals between two players), ``referee`` (the
stable text API for tutorials and tests).
"""

from .actions import (
    CHANCE,
    Action,
    Bury,
    CallFriend,
    Deal,
    Declare,
    EndDeal,
    NextHand,
    Pass,
    Play,
    action_from_json,
)
from .cards import Card, CardError, format_cards, parse_cards
from .match import IllegalAction, Match
from .rules import PRESETS, Rules, RulesError
from .save import SaveError, dumps, loads
from .trump import Trump
from .view import View

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Action",
    "Bury",
    "CallFriend",
    "Card",
    "CardError",
    "Deal",
    "Declare",
    "EndDeal",
    "IllegalAction",
    "Match",
    "NextHand",
    "PRESETS",
    "Pass",
    "Play",
    "Rules",
    "RulesError",
    "SaveError",
    "Trump",
    "View",
    "action_from_json",
    "dumps",
    "format_cards",
    "loads",
    "parse_cards",
]

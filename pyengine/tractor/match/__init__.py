"""A whole match as a state machine (RULES §3–5): ``Match``, the facade of its parts.

A match is fully defined by (rules, seed, actions). ``apply`` validates an
action first and raises ``IllegalAction`` (a ``ValueError`` naming the broken
rule) without changing anything when it is illegal.

>>> from tractor.actions import Deal, Play
>>> m = Match(Rules(), seed=1)
>>> m.phase, m.to_move
('deal', -1)
>>> m.apply(Deal()); m.hand_count(0)
1
>>> m.apply(Play(0, "AS"))
Traceback (most recent call last):
...
tractor.match.checks.IllegalAction: wrong_phase: you cannot play a card now (phase: deal)

Phases: ``deal`` (system ``Deal`` steps; any player may ``Declare`` when the
window is ``during_deal``; ``EndDeal`` closes it), ``declare`` (the after-deal
round: ``Declare`` or ``Pass`` in turn until four passes in a row), ``bury``,
``theft`` (炒地皮: in turn after the last burier, ``Declare`` a stronger trump and
take the kitty, or ``Pass``; over when the three others pass in a row), ``call``
(find-a-friend), ``play``, ``hand_over`` (``NextHand``) and ``match_over``.

Choices where docs/rules.md is silent or marks a point inferred:

* Dealing starts with the dealer (the first hand: seat 0, or the seat that
  ``first_dealer`` = ``seat0``..``seat3`` names, who then deals whoever
  declares); while nobody is dealer yet, declarations use the common starting
  level.
* ``during_deal``: declarations are possible after every dealt card and once
  more after the last one, until ``EndDeal``. ``after_deal``: a round in playing
  order from the first player dealt to, ending after four passes in a row.
* 炒地皮: after each bury, the players after the burier, in playing order, may
  declare stronger (taking the kitty and burying) or pass; the round ends when
  the three players other than the last burier pass in a row. The dealer stays.
* The friend is fixed when called: the nearest holder of the card after the
  dealer in playing order, among the other three hands (none: one against
  three). Only the friend playing the card reveals them; another holder
  playing a copy reveals nothing. Everything is revealed at the hand's end.
* A failed throw's penalty moves the attackers' points by 10 (up when a
  defender failed, down when an attacker did); below zero counts as zero.
* Levels cap at A; the match is won by the side that keeps the deal as
  defenders while the hand's level is A.

``Match`` is built in layers, one idea a module: its fields and queries
(``tractor.match.fields``), the legal actions and the check of one
(``tractor.match.checks``), each action's transition (``tractor.match.steps``)
and the hand's outcome (``tractor.outcome``); here it is set up, observed by a
seat (``observe``) and keyed for equality (``state``).
"""

from __future__ import annotations

from typing import Any

from ..actions import ACTION_TYPES
from ..cards import cards_of, format_cards
from ..history import history_state
from ..outcome import ACE
from ..rules import Rules
from ..view import View
from .checks import IllegalAction
from .steps import MatchSteps

__all__ = ["ACE", "ACTION_TYPES", "MAX_SEED", "IllegalAction", "Match"]

MAX_SEED = 2**63 - 1
"""Seeds are ints from 0 to this (a 19-digit number at most)."""


class Match(MatchSteps):
    """The full state of a match between four seats (0–3, in playing order)."""

    def __init__(self, rules: Rules | None = None, seed: int = 0, start_level: int = 0):
        """A new match; everyone starts at level ``start_level`` (0 is the rank 2, 12 the A)."""
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is an int from 0 to {MAX_SEED}, not {seed!r}")
        if type(start_level) is not int or not 0 <= start_level <= ACE:
            raise ValueError(f"a start level is an int from 0 to {ACE}, not {start_level!r}")
        self.rules = rules or Rules()
        self.seed = seed
        self.start_level = start_level
        self.actions = []
        self.levels = [start_level] * 4
        self.hand_no = 0
        self.dealer = self.rules.fixed_first_dealer
        self.results = []
        self.winners = None
        self._start_hand()

    def observe(self, seat: int) -> View:
        """What ``seat`` (0..3) may know (``tractor.view``)."""
        if not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3, not {seat}")
        over = self.is_over or self.phase == "hand_over"
        sees_kitty = over or (
            self.kitty_holder == seat and self.phase in ("bury", "theft", "call", "play")
        )
        friend_known = self.friend_revealed or over
        if self.rules.partners == "fixed" or friend_known:
            defenders = tuple(self.defenders())
        else:
            defenders = () if self.dealer is None else (self.dealer,)
        return View(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            to_move=self.to_move,
            hand_no=self.hand_no,
            levels=tuple(self.levels),
            dealer=self.dealer,
            level=self.level,
            trump=self.trump,
            hand=tuple(cards_of(self.hands[seat])),
            counts=tuple(self.hands[seat]),
            hand_sizes=tuple(sum(h) for h in self.hands),
            dealt=self.dealt,
            declaration=self.declaration,
            declarations=tuple(self.declarations),
            kitty=tuple(self.kitty) if sees_kitty else None,
            kitty_taken=(
                tuple(self.kitty_taken)
                if self.kitty_holder == seat and self.phase == "bury"
                else None
            ),
            friend_card=self.friend_card,
            friend=self.friend if friend_known else None,
            defenders=defenders,
            leader=self.leader,
            trick=tuple(self.trick),
            lead=self.lead,
            played=tuple(self.played),
            captured=tuple(self.captured),
            penalty=self.penalty,
            tricks_played=self.tricks_played,
            last_trick=self.last_trick,
            throw_failure=self.throw_failure,
            hand_result=self.hand_result,
            winners=None if self.winners is None else tuple(self.winners),
            tricks=self.tricks,
            friend_trick=self.friend_trick if friend_known else None,
            my_bury=next((cs for s, cs in reversed(self.buries) if s == seat), None),
        )

    def state(self) -> dict[str, Any]:
        """Every field of the match's state as plain data: its key for equality."""
        decl = self.declaration
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "levels": list(self.levels),
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "results": [r.to_data() for r in self.results],
            "winners": self.winners,
            "deck": format_cards(self.deck),
            "dealt": self.dealt,
            "deal_start": self.deal_start,
            "level": self.level,
            "hands": [format_cards(cards_of(h)) for h in self.hands],
            "declaration": list(decl) if decl else None,
            "declarations": [list(d) for d in self.declarations],
            "phase": self.phase,
            "turn": self.turn,
            "passes": self.passes,
            "trump_suit": None if self.trump is None else self.trump.trump_suit,
            "has_trump": self.trump is not None,
            "kitty": format_cards(self.kitty),
            "kitty_taken": format_cards(self.kitty_taken),
            "kitty_holder": self.kitty_holder,
            "friend_card": None if self.friend_card is None else str(self.friend_card),
            "friend": self.friend,
            "friend_revealed": self.friend_revealed,
            "leader": self.leader,
            "trick": [[s, format_cards(cs)] for s, cs in self.trick],
            "last_trick": self.last_trick,
            "tricks_played": self.tricks_played,
            "played": format_cards(self.played),
            "captured": list(self.captured),
            "penalty": self.penalty,
            "throw_failure": self.throw_failure,
            "hand_result": None if self.hand_result is None else self.hand_result.to_data(),
            **history_state(self.tricks, self.buries, self.friend_trick),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Match) and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

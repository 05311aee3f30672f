"""What one seat may know: the observation the UI and the computer players see.

A view holds the seat's own hand, everything played in the open, the
declarations, the kitty only for whoever holds (buried) it, and the friend only
once revealed. It also carries the hand's whole public history, so a player built
afresh for each decision can still remember the hand: every finished trick
(``tricks``: leader, each seat's cards, winner, points, a failed throw's attempt),
every declaration in order, the trick in which the friend revealed themselves,
and the cards this seat itself buried (``my_bury``). ``to_dict`` gives plain JSON
data for the browser table; ``to_data``/``View.from_data`` are the exact round trip
that carries a view (and nothing else of the match) to the computer players' worker.

>>> from tractor.match import Match
>>> from tractor.actions import Deal
>>> m = Match(seed=5)
>>> for _ in range(8): m.apply(Deal())
>>> v = m.observe(1)
>>> len(v.hand), v.hand_sizes, v.kitty
(2, (2, 2, 2, 2), None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import declare
from .cards import RANKS, SUITS, Card, counts_of, format_cards, parse_cards
from .declare import Declaration
from .follow import Lead, analyse_lead, combination
from .history import TrickRecord
from .outcome import HandOutcome
from .phase import Phase, as_phase
from .rules import Rules
from .trick import winner
from .trump import Trump, sorted_hand, trump_for


@dataclass(frozen=True)
class View:
    """One seat's observation of a match."""

    seat: int
    rules: Rules
    phase: Phase
    to_move: int | None
    hand_no: int
    levels: tuple[int, ...]
    dealer: int | None
    level: int
    trump: Trump | None
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    dealt: int
    declaration: Declaration | None
    declarations: tuple[Declaration, ...]
    kitty: tuple[Card, ...] | None
    kitty_taken: tuple[Card, ...] | None
    """The cards just taken from the kitty, for their holder while burying."""
    friend_card: Card | None
    friend: int | None
    defenders: tuple[int, ...]
    leader: int
    trick: tuple[tuple[int, tuple[Card, ...]], ...]
    lead: Lead | None
    played: tuple[Card, ...]
    captured: tuple[int, ...]
    penalty: int
    tricks_played: int
    last_trick: dict[str, Any] | None
    throw_failure: dict[str, Any] | None
    hand_result: HandOutcome | None
    """The hand's outcome once it is over (``tractor.outcome``)."""
    winners: tuple[int, ...] | None
    tricks: tuple[TrickRecord, ...] = ()
    """Every finished trick of the hand, in order."""
    friend_trick: int | None = None
    """Index in ``tricks`` (or the trick in progress) where the friend played the called card."""
    my_bury: tuple[Card, ...] | None = None
    """The cards this seat buried last in this hand (None if it did not bury)."""

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def order(self) -> Trump:
        """The trump order in force (no-trump order at the level during the deal)."""
        return self.trump or trump_for(self.level, None, self.rules.twos_always_trump)

    def declaration_options(self) -> list[list[Card]]:
        """Declarations this seat may make now."""
        window = self.phase == "deal" and self.rules.declare_window == "during_deal"
        if not (window or (self.phase in ("declare", "theft") and self.my_turn)):
            return []
        return declare.options(
            self.seat, self.counts, self.level, self.rules.decks, self.declaration
        )

    def to_data(self) -> dict[str, Any]:
        """Exactly this view as plain JSON data (``View.from_data`` rebuilds it).

        >>> from tractor.match import Match
        >>> from tractor.actions import Deal
        >>> m = Match(seed=5)
        >>> for _ in range(9): m.apply(Deal())
        >>> View.from_data(m.observe(2).to_data()) == m.observe(2)
        True
        """
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "to_move": self.to_move,
            "hand_no": self.hand_no,
            "levels": list(self.levels),
            "dealer": self.dealer,
            "level": self.level,
            "trump": None if self.trump is None else [self.trump.trump_suit],
            "hand": format_cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "dealt": self.dealt,
            "declaration": None if self.declaration is None else list(self.declaration),
            "declarations": [list(d) for d in self.declarations],
            "kitty": None if self.kitty is None else format_cards(self.kitty),
            "kitty_taken": None if self.kitty_taken is None else format_cards(self.kitty_taken),
            "friend_card": None if self.friend_card is None else str(self.friend_card),
            "friend": self.friend,
            "defenders": list(self.defenders),
            "leader": self.leader,
            "trick": [[s, format_cards(cs)] for s, cs in self.trick],
            "played": format_cards(self.played),
            "captured": list(self.captured),
            "penalty": self.penalty,
            "tricks_played": self.tricks_played,
            "last_trick": self.last_trick,
            "throw_failure": self.throw_failure,
            "hand_result": None if self.hand_result is None else self.hand_result.to_data(),
            "winners": None if self.winners is None else list(self.winners),
            "tricks": [t.to_dict() for t in self.tricks],
            "friend_trick": self.friend_trick,
            "my_bury": None if self.my_bury is None else format_cards(self.my_bury),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> View:
        """The view of ``to_data`` output; ``ValueError`` (or ``KeyError``) if malformed."""
        rules = Rules.from_dict(data["rules"])
        level = data["level"]
        trump = None
        if data["trump"] is not None:
            (suit,) = data["trump"]
            trump = trump_for(level, suit, rules.twos_always_trump)
        hand = parse_cards(data["hand"])
        trick = tuple((int(s), tuple(parse_cards(cs))) for s, cs in data["trick"])
        lead = analyse_lead(trick[0][1], trump) if trick and trump is not None else None

        def cards_or_none(key: str) -> tuple[Card, ...] | None:
            text = data[key]
            return None if text is None else tuple(parse_cards(text))

        return cls(
            seat=int(data["seat"]),
            rules=rules,
            phase=as_phase(data["phase"]),
            to_move=data["to_move"],
            hand_no=int(data["hand_no"]),
            levels=tuple(int(x) for x in data["levels"]),
            dealer=data["dealer"],
            level=int(level),
            trump=trump,
            hand=tuple(hand),
            counts=tuple(counts_of(hand)),
            hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
            dealt=int(data["dealt"]),
            declaration=None if data["declaration"] is None else Declaration(*data["declaration"]),
            declarations=tuple(Declaration(*d) for d in data["declarations"]),
            kitty=cards_or_none("kitty"),
            kitty_taken=cards_or_none("kitty_taken"),
            friend_card=None if data["friend_card"] is None else Card.parse(data["friend_card"]),
            friend=data["friend"],
            defenders=tuple(int(x) for x in data["defenders"]),
            leader=int(data["leader"]),
            trick=trick,
            lead=lead,
            played=tuple(parse_cards(data["played"])),
            captured=tuple(int(x) for x in data["captured"]),
            penalty=int(data["penalty"]),
            tricks_played=int(data["tricks_played"]),
            last_trick=data["last_trick"],
            throw_failure=data["throw_failure"],
            hand_result=(
                None if data["hand_result"] is None else HandOutcome.from_data(data["hand_result"])
            ),
            winners=None if data["winners"] is None else tuple(data["winners"]),
            tricks=tuple(TrickRecord.from_dict(t) for t in data["tricks"]),
            friend_trick=data["friend_trick"],
            my_bury=cards_or_none("my_bury"),
        )

    def trick_winner(self) -> int | None:
        """The seat winning the trick in progress so far (None before the lead).

        >>> from tractor.match import Match
        >>> from tractor.runner import step
        >>> from tractor.players import make_player
        >>> m = Match(seed=7)
        >>> players = [make_player("random", s) for s in range(4)]
        >>> while not (m.phase == "play" and len(m.trick) == 2): _ = step(m, players)
        >>> m.observe(0).trick_winner() in (m.trick[0][0], m.trick[1][0])
        True
        """
        if not self.trick or self.lead is None or self.trump is None:
            return None
        won = winner(self.lead, [cards for _, cards in self.trick], self.trump)
        return self.trick[won][0]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data for the browser table: ``to_data`` with display forms
        (ranks as text, the trump as a letter or ``NT``, the hand sorted, card lists)."""
        decl = self.declaration

        def card_list(cards: tuple[Card, ...] | None) -> list[str] | None:
            return None if cards is None else [str(c) for c in cards]

        return {
            **self.to_data(),
            "levels": [RANKS[lv] for lv in self.levels],
            "level": RANKS[self.level],
            "trump": None
            if self.trump is None
            else ("NT" if self.trump.trump_suit is None else SUITS[self.trump.trump_suit]),
            "hand": [str(c) for c in sorted_hand(list(self.hand), self.order)],
            "deal_total": 4 * self.rules.hand_size,
            "declaration": None
            if decl is None
            else {"seat": decl.seat, "cards": format_cards(decl.cards()).split()},
            "declaration_options": [format_cards(o) for o in self.declaration_options()],
            "kitty": card_list(self.kitty),
            "kitty_taken": card_list(self.kitty_taken),
            "kitty_size": self.rules.kitty_size,
            "trick": [{"seat": s, "cards": [str(c) for c in cs]} for s, cs in self.trick],
            "lead_kind": None if self.lead is None else combination(self.lead),
            "trick_winner": self.trick_winner(),
            "played": card_list(self.played),
            "my_bury": card_list(self.my_bury),
            "tricks": [
                {**t.to_dict(), "lead_kind": combination(analyse_lead(t.plays[0][1], self.order))}
                for t in self.tricks
            ],
        }


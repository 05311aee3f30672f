"""What one seat may know: the observation the UI and the computer players see.

A view holds the seat's own hand, everything played in the open, the
declarations, the kitty only for whoever holds (buried) it, and the friend only
once revealed. It also carries the hand's whole public history, so a player built
afresh for each decision can still remember the hand: every finished trick
(``tricks``: leader, each seat's cards, winner, points, a failed throw's attempt),
every declaration in order, the trick in which the friend revealed themselves,
and the cards this seat itself buried (``my_bury``). ``to_data`` gives its wire form
(``tractor.viewdata.ViewData``), the one JSON shape the page draws from, the painter's
stored view is taken from, and the computer players' worker is sent (nothing else of
the match); ``View.from_data`` rebuilds the exact view from it.

>>> from tractor.match import Match
>>> from tractor.actions import Deal
>>> m = Match(seed=5)
>>> for _ in range(8): m.apply(Deal())
>>> v = m.observe(1)
>>> len(v.hand), v.hand_sizes, v.kitty
(2, (2, 2, 2, 2), None)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import declare
from .cards import SUITS, Card, cards_of, counts_of, parse_cards
from .declare import Declaration
from .follow import Lead, analyse_lead, combination
from .history import TrickRecord
from .outcome import HandOutcome
from .own_side import own_side as seat_side
from .phase import Phase, as_phase
from .rules import Rules
from .trick import winner
from .trump import Trump, parse_trump_suit, sorted_hand, trump_for
from .viewdata import (
    LastTrickData,
    PlayData,
    ThrowFailureData,
    TrickData,
    ViewData,
    hand_result_data,
    last_trick_data,
    throw_failure_data,
)


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
    last_trick: LastTrickData | None
    throw_failure: ThrowFailureData | None
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

    @property
    def sides_settled(self) -> bool:
        """Whether the view's ``defenders`` are the whole side: fixed partners, the friend
        revealed (or the dealer alone, revealed by playing the deciding copy), the hand over."""
        return (self.rules.partners == "fixed" or self.friend is not None
                or self.friend_trick is not None
                or self.phase in ("hand_over", "match_over"))

    def own_side(self) -> str | None:
        """This seat's side as far as it may know: ``defenders``, ``attackers`` or None
        (``tractor.own_side``: its hand, the call and the plays so far settle it or not)."""
        plays = [play for t in self.tricks for play in t.plays] + list(self.trick)
        return seat_side(self.rules, self.seat, dealer=self.dealer, friend_card=self.friend_card,
                        counts=self.counts, plays=plays, defenders=self.defenders,
                        settled=self.sides_settled)

    def declaration_options(self) -> list[list[Card]]:
        """Declarations this seat may make now."""
        window = self.phase == "deal" and self.rules.declare_window == "during_deal"
        if not (window or (self.phase in ("declare", "theft") and self.my_turn)):
            return []
        return declare.options(
            self.seat, self.counts, self.level, self.rules.decks, self.declaration
        )

    def to_data(self) -> ViewData:
        """This view as JSON data, the wire form (``tractor.viewdata``): ``View.from_data``
        rebuilds it exactly; the derived keys are the table's.

        >>> from tractor.match import Match
        >>> from tractor.actions import Deal
        >>> m = Match(seed=5)
        >>> for _ in range(9): m.apply(Deal())
        >>> View.from_data(m.observe(2).to_data()) == m.observe(2)
        True
        >>> m.observe(2).to_data()["level"], m.observe(2).to_data()["trump"]
        (0, None)
        """
        order, result = self.order, self.hand_result
        hand = sorted_hand(list(self.hand), order)
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "to_move": self.to_move,
            "hand_no": self.hand_no,
            "levels": list(self.levels),
            "dealer": self.dealer,
            "level": self.level,
            "trump": None if self.trump is None else trump_text(self.trump),
            "hand": card_texts(hand),
            "hand_sizes": list(self.hand_sizes),
            "dealt": self.dealt,
            "declaration": None if self.declaration is None else declaration_data(self.declaration),
            "declarations": [declaration_data(d) for d in self.declarations],
            "kitty": None if self.kitty is None else card_texts(self.kitty),
            "kitty_taken": None if self.kitty_taken is None else card_texts(self.kitty_taken),
            "friend_card": None if self.friend_card is None else str(self.friend_card),
            "friend": self.friend,
            "defenders": list(self.defenders),
            "leader": self.leader,
            "trick": [{"seat": s, "cards": card_texts(cs)} for s, cs in self.trick],
            "played": card_texts(self.played),
            "captured": list(self.captured),
            "penalty": self.penalty,
            "tricks_played": self.tricks_played,
            "last_trick": last_trick_data(self.last_trick),
            "throw_failure": throw_failure_data(self.throw_failure),
            "hand_result": None if result is None else hand_result_data(result.to_data()),
            "winners": None if self.winners is None else list(self.winners),
            "tricks": [trick_data(t, order) for t in self.tricks],
            "friend_trick": self.friend_trick,
            "my_bury": None if self.my_bury is None else card_texts(self.my_bury),
            "deal_total": 4 * self.rules.hand_size,
            "kitty_size": self.rules.kitty_size,
            "declaration_options": [card_texts(o) for o in self.declaration_options()],
            "hand_trump": [order.is_trump(c) for c in hand],
            "lead_kind": None if self.lead is None else combination(self.lead),
            "trick_winner": self.trick_winner(),
            "own_side": self.own_side(),
        }

    @classmethod
    def from_data(cls, data: ViewData) -> View:
        """The view of ``to_data`` output (its derived keys unread); ``ValueError`` (or
        ``KeyError``, ``TypeError``) if malformed."""
        rules = Rules.from_dict(data["rules"])
        level = int(data["level"])
        trump = None
        if data["trump"] is not None:
            trump = trump_for(level, parse_trump_suit(data["trump"]), rules.twos_always_trump)
        counts = counts_of(parse_cards(data["hand"]))
        trick = tuple((int(p["seat"]), tuple(parse_cards(p["cards"]))) for p in data["trick"])
        lead = analyse_lead(trick[0][1], trump) if trick and trump is not None else None

        def cards_or_none(cards: list[str] | None) -> tuple[Card, ...] | None:
            return None if cards is None else tuple(parse_cards(cards))

        declaration = data["declaration"]
        friend_card = data["friend_card"]
        winners = data["winners"]
        result = data["hand_result"]
        return cls(
            seat=int(data["seat"]),
            rules=rules,
            phase=as_phase(data["phase"]),
            to_move=data["to_move"],
            hand_no=int(data["hand_no"]),
            levels=tuple(int(x) for x in data["levels"]),
            dealer=data["dealer"],
            level=level,
            trump=trump,
            hand=tuple(cards_of(counts)),
            counts=tuple(counts),
            hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
            dealt=int(data["dealt"]),
            declaration=None if declaration is None else declaration_of(declaration),
            declarations=tuple(declaration_of(d) for d in data["declarations"]),
            kitty=cards_or_none(data["kitty"]),
            kitty_taken=cards_or_none(data["kitty_taken"]),
            friend_card=None if friend_card is None else Card.parse(friend_card),
            friend=data["friend"],
            defenders=tuple(int(x) for x in data["defenders"]),
            leader=int(data["leader"]),
            trick=trick,
            lead=lead,
            played=tuple(parse_cards(data["played"])),
            captured=tuple(int(x) for x in data["captured"]),
            penalty=int(data["penalty"]),
            tricks_played=int(data["tricks_played"]),
            last_trick=last_trick_data(data["last_trick"]),
            throw_failure=throw_failure_data(data["throw_failure"]),
            hand_result=None if result is None else HandOutcome.from_data(dict(result)),
            winners=None if winners is None else tuple(winners),
            tricks=tuple(TrickRecord.from_dict(t) for t in data["tricks"]),
            friend_trick=data["friend_trick"],
            my_bury=cards_or_none(data["my_bury"]),
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


def card_texts(cards: Iterable[Card]) -> list[str]:
    """Cards as their RULES texts, in the given order."""
    return [str(c) for c in cards]


def trump_text(trump: Trump) -> str:
    """The trump suit's letter, or ``NT``."""
    return "NT" if trump.trump_suit is None else SUITS[trump.trump_suit]


def declaration_data(declaration: Declaration) -> PlayData:
    """A declaration as wire data: its seat and cards."""
    return {"seat": declaration.seat, "cards": card_texts(declaration.cards())}


def declaration_of(data: PlayData) -> Declaration:
    """The declaration of ``declaration_data``: copies of one card (``ValueError`` else)."""
    cards = parse_cards(data["cards"])
    if not cards or any(c != cards[0] for c in cards):
        raise ValueError(f"a declaration is copies of one card, not {data['cards']!r}")
    return Declaration(int(data["seat"]), int(cards[0]), len(cards))


def trick_data(trick: TrickRecord, order: Trump) -> TrickData:
    """A finished trick as wire data, with what its lead was (under the hand's trump)."""
    lead_kind = combination(analyse_lead(trick.plays[0][1], order))
    return TrickData(**trick.to_dict(), lead_kind=lead_kind)



"""What may be done in a match now: the legal actions and the check of one (RULES §3–4).

``MatchChecks`` lists every legal action of a seat (``legal_actions``) and checks
one before it is applied (``check``), raising ``IllegalAction`` (a ``ValueError``
naming the broken rule) without changing anything. ``tractor.match.Match`` is
built on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .. import declare
from ..actions import (
    ACTION_TYPES,
    CHANCE,
    SYSTEM_ACTIONS,
    Action,
    Bury,
    CallFriend,
    Declare,
    Pass,
    Play,
)
from ..cards import CARDS, SMALL_JOKER, Card
from ..follow import LeadError, analyse_lead, check_follow, legal_follows
from .fields import MatchFields


class IllegalAction(ValueError):
    """An action the rules forbid now; ``rule`` is a short code, the message says why."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class MatchChecks(MatchFields):
    """The legal actions of a match's state, and the check of an action against it."""

    def declaration_options(self, seat: int) -> list[list[Card]]:
        """Declarations ``seat`` may make right now (empty when none)."""
        if not self._may_declare_now(seat):
            return []
        return declare.options(
            seat, self.hands[seat], self.level, self.rules.decks, self.declaration
        )

    def _may_declare_now(self, seat: int) -> bool:
        if self.phase == "deal":
            return self.rules.declare_window == "during_deal"
        return self.phase in ("declare", "theft") and seat == self.turn

    def legal_actions(self, seat: int | None = None) -> Iterator[Action]:
        """Every legal action of ``seat`` now (of the system when ``seat`` is None).

        A generator: burying and leading have very many choices. Following yields
        every legal play (each multiset once).
        """
        if seat is None or seat == CHANCE:
            step = self.system_action()
            if step is not None:
                yield step
            return
        for cards in self.declaration_options(seat):
            yield Declare(seat, cards)
        if self.phase in ("declare", "theft") and seat == self.turn:
            yield Pass(seat)
        if seat != self.to_move:
            return
        hand = self.hand_cards(seat)
        if self.phase == "bury":
            seen: set[tuple[Card, ...]] = set()
            for combo in combinations(hand, self.rules.kitty_size):
                if combo not in seen:
                    seen.add(combo)
                    yield Bury(seat, combo)
        elif self.phase == "call":
            for card in CARDS[:SMALL_JOKER]:
                yield CallFriend(seat, card)
        elif self.phase == "play":
            assert self.trump is not None
            if self.lead is None:
                yield from self._leads(seat, hand)
            else:
                for play in legal_follows(self.hands[seat], self.lead, self.trump):
                    yield Play(seat, [CARDS[c] for c in play])

    def _leads(self, seat: int, hand: list[Card]) -> Iterator[Action]:
        assert self.trump is not None
        for suit in range(5):
            cards = [c for c in hand if self.trump.suit[c] == suit]
            seen: set[tuple[Card, ...]] = set()
            for n in range(1, len(cards) + 1):
                for combo in combinations(cards, n):
                    if combo not in seen:
                        seen.add(combo)
                        yield Play(seat, combo)

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` if ``action`` may not be applied now."""
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction("bad_action", f"not an action: {type(action).__name__}")
        if self.phase == "match_over":
            raise IllegalAction("match_over", "the match is over")
        if isinstance(action, SYSTEM_ACTIONS):
            due = self.system_action()
            if due != action:
                raise IllegalAction("wrong_phase", f"{type(action).__name__} is not due now")
            return
        if isinstance(action, Declare):
            self._check_declare(action)
        elif isinstance(action, Pass):
            if self.phase not in ("declare", "theft"):
                raise IllegalAction(
                    "wrong_phase", f"there is nothing to pass now (phase: {self.phase})"
                )
            self._check_turn(action.seat)
        elif isinstance(action, Bury):
            self._check_bury(action)
        elif isinstance(action, CallFriend):
            if self.phase != "call":
                raise IllegalAction("wrong_phase", f"no friend call now (phase: {self.phase})")
            self._check_turn(action.seat)
            if action.card.is_joker:
                raise IllegalAction("friend_joker", "the friend card may not be a joker")
        elif isinstance(action, Play):
            self._check_play(action)

    def _check_turn(self, seat: int) -> None:
        if seat != self.to_move:
            raise IllegalAction(
                "not_your_turn", f"it is seat {self.to_move}'s turn, not seat {seat}'s"
            )

    def _check_declare(self, action: Declare) -> None:
        if self.phase == "deal":
            if self.rules.declare_window != "during_deal":
                raise IllegalAction(
                    "wrong_phase", "declarations are made after the deal in this game"
                )
        elif self.phase in ("declare", "theft"):
            self._check_turn(action.seat)
        else:
            raise IllegalAction("wrong_phase", f"you cannot declare now (phase: {self.phase})")
        problem = declare.why_not(
            action.seat,
            action.cards,
            self.hands[action.seat],
            self.level,
            self.rules.decks,
            self.declaration,
        )
        if problem is not None:
            raise IllegalAction(*problem)

    def _check_bury(self, action: Bury) -> None:
        if self.phase != "bury":
            raise IllegalAction("wrong_phase", f"you cannot bury now (phase: {self.phase})")
        self._check_turn(action.seat)
        n = self.rules.kitty_size
        if len(action.cards) != n:
            raise IllegalAction(
                "bury_count", f"you must bury exactly {n} cards, not {len(action.cards)}"
            )
        self._check_held(action.seat, action.cards)

    def _check_held(self, seat: int, cards: tuple[Card, ...]) -> None:
        need: dict[int, int] = {}
        for card in cards:
            need[card] = need.get(card, 0) + 1
        for c, k in need.items():
            if self.hands[seat][c] < k:
                held = self.hands[seat][c]
                raise IllegalAction(
                    "not_in_hand",
                    f"{CARDS[c]} is not in your hand" + (f" {k} times" if held else ""),
                )

    def _check_play(self, action: Play) -> None:
        if self.phase != "play":
            raise IllegalAction("wrong_phase", f"you cannot play a card now (phase: {self.phase})")
        self._check_turn(action.seat)
        if not action.cards:
            raise IllegalAction("empty_play", "a play needs at least one card")
        assert self.trump is not None
        if self.lead is None:
            self._check_held(action.seat, action.cards)
            try:
                analyse_lead(action.cards, self.trump)
            except LeadError as err:
                raise IllegalAction("lead_one_suit", str(err)) from None
            return
        problem = check_follow(self.hands[action.seat], self.lead, action.cards, self.trump)
        if problem is not None:
            raise IllegalAction(*problem)


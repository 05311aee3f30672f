"""The fields of a match and the queries every part of it reads (RULES §3).

``MatchFields`` declares the state ``tractor.match.Match`` holds (set up by
``Match`` and changed only by its steps, ``tractor.match.steps``) and answers
the questions asked of it everywhere: whose move it is, the sides, the points
so far, the system step due. ``Match`` is built on it, over the checks
(``tractor.match.checks``) and the steps.
"""

from __future__ import annotations

from ..actions import CHANCE, Action, Deal, EndDeal, NextHand
from ..cards import Card, cards_of
from ..declare import Declaration
from ..follow import Lead
from ..history import TrickRecord
from ..outcome import HandOutcome
from ..phase import Phase
from ..rules import Rules
from ..trump import Trump, trump_for
from ..viewdata import LastTrickData, ThrowFailureData


class MatchFields:
    """The state of a match between four seats (0–3, in playing order), and its queries."""

    rules: Rules
    seed: int
    start_level: int
    actions: list[Action]
    """Every action applied so far: with the rules, seed and start level, the whole match."""
    levels: list[int]
    hand_no: int
    dealer: int | None
    results: list[HandOutcome]
    """The outcome of every finished hand, in order."""
    winners: list[int] | None

    # The hand's state, set up afresh for every hand.
    deck: list[Card]
    dealt: int
    deal_start: int
    level: int
    hands: list[list[int]]
    """Each seat's hand as counts per card kind (``tractor.cards``)."""
    declaration: Declaration | None
    declarations: list[Declaration]
    phase: Phase
    turn: int
    passes: int
    trump: Trump | None
    kitty: list[Card]
    kitty_taken: list[Card]
    kitty_holder: int | None
    friend_card: Card | None
    friend: int | None
    friend_revealed: bool
    leader: int
    trick: list[tuple[int, tuple[Card, ...]]]
    lead: Lead | None
    last_trick: LastTrickData | None
    tricks_played: int
    played: list[Card]
    captured: list[int]
    penalty: int
    throw_failure: ThrowFailureData | None
    hand_result: HandOutcome | None
    """The hand's outcome once it is over (None before)."""

    # The hand's public history (``tractor.history``); reset for every hand.
    tricks: tuple[TrickRecord, ...] = ()
    buries: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    friend_trick: int | None = None

    @property
    def deal_total(self) -> int:
        return 4 * self.rules.hand_size

    @property
    def to_move(self) -> int | None:
        """The seat to act, ``CHANCE`` for a system step, None when the match is over."""
        if self.phase in ("deal", "hand_over"):
            return CHANCE
        if self.phase in ("declare", "theft"):
            return self.turn
        if self.phase == "bury":
            return self.kitty_holder
        if self.phase == "call":
            return self.dealer
        if self.phase == "play":
            return (self.leader + len(self.trick)) % 4
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == "match_over"

    def hand_count(self, seat: int) -> int:
        return sum(self.hands[seat])

    def hand_cards(self, seat: int) -> list[Card]:
        return cards_of(self.hands[seat])

    def defenders(self) -> list[int]:
        """The dealer's side (the friend included once called, even if not revealed)."""
        if self.dealer is None:
            return []
        if self.rules.partners == "fixed":
            return sorted({self.dealer, (self.dealer + 2) % 4})
        if self.friend is None:
            return [self.dealer]
        return sorted({self.dealer, self.friend})

    def attackers(self) -> list[int]:
        d = self.defenders()
        return [s for s in range(4) if s not in d]

    def attackers_points(self) -> int:
        """Points the attackers hold so far (kitty bonus not included until the end)."""
        return sum(self.captured[s] for s in self.attackers()) + self.penalty

    def system_action(self) -> Action | None:
        """The system step due now (when ``to_move`` is ``CHANCE``)."""
        if self.phase == "deal":
            return Deal() if self.dealt < self.deal_total else EndDeal()
        if self.phase == "hand_over":
            return NextHand()
        return None

    def trump_or_level(self) -> Trump:
        """The hand's trump, or during the deal the order with no trump yet."""
        return self.trump or trump_for(self.level, None, self.rules.twos_always_trump)

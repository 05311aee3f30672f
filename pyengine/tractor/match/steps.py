"""How each action changes a match: the deal, declaring, the kitty, the tricks, the
hand's end (RULES §3–5).

``MatchSteps.apply`` checks an action (``tractor.match.checks``), records it and
moves the state on: every phase's transition is one method here, and the hand's
outcome is scored by ``tractor.outcome``. ``tractor.match.Match`` is built on it.
"""

from __future__ import annotations

import random

from ..actions import Action, Bury, CallFriend, Deal, Declare, EndDeal, NextHand, Pass, Play
from ..cards import CARDS, Card, full_deck, points_of
from ..declare import Declaration
from ..follow import analyse_lead
from ..friend import deciding_copy, nearest_holder
from ..history import TrickRecord
from ..outcome import score_hand
from ..rules import THROW_PENALTY_POINTS
from ..trick import ThrowFailure, check_throw, winner
from ..trump import trump_for
from .checks import MatchChecks


class MatchSteps(MatchChecks):
    """The transitions of a match's state machine, one per action and phase."""

    def _start_hand(self) -> None:
        """Shuffle and set up hand ``hand_no`` (its deck is fixed by the seed and the number)."""
        rng = random.Random(f"tractor/{self.seed}/{self.hand_no}")
        deck = full_deck(self.rules.decks)
        rng.shuffle(deck)
        self.deck = deck
        self.dealt = 0
        self.deal_start = self.dealer if self.dealer is not None else 0
        self.level = self.levels[self.dealer if self.dealer is not None else 0]
        self.hands = [[0] * 54 for _ in range(4)]
        self.declaration = None
        self.declarations = []
        self.phase = "deal"
        self.turn = 0
        self.passes = 0
        self.trump = None
        self.kitty = []
        self.kitty_taken = []
        self.kitty_holder = None
        self.friend_card = None
        self.friend = None
        self.friend_revealed = False
        self.leader = 0
        self.trick = []
        self.lead = None
        self.last_trick = None
        self.tricks_played = 0
        self.played = []
        self.captured = [0, 0, 0, 0]
        self.penalty = 0
        self.throw_failure = None
        self.hand_result = None
        self.tricks, self.buries, self.friend_trick = (), (), None

    def apply(self, action: Action) -> None:
        """Validate, then apply ``action``. Illegal: ``IllegalAction``, state unchanged."""
        self.check(action)
        self.actions.append(action)
        if isinstance(action, Deal):
            self._deal()
        elif isinstance(action, EndDeal):
            self._finish_declaring()
        elif isinstance(action, NextHand):
            assert self.hand_result is not None
            self.dealer = self.hand_result.next_dealer
            self.hand_no += 1
            self._start_hand()
        elif isinstance(action, Declare):
            self._declare(action)
        elif isinstance(action, Pass):
            self._pass(action.seat)
        elif isinstance(action, Bury):
            self._bury(action)
        elif isinstance(action, CallFriend):
            self._call_friend(action.card)
        elif isinstance(action, Play):
            self._play(action)


    def _deal(self) -> None:
        seat = (self.deal_start + self.dealt) % 4
        self.hands[seat][self.deck[self.dealt]] += 1
        self.dealt += 1
        if self.dealt == self.deal_total and self.rules.declare_window == "after_deal":
            self.phase, self.turn, self.passes = "declare", self.deal_start, 0

    def _declare(self, action: Declare) -> None:
        self.declaration = Declaration(action.seat, action.cards[0], len(action.cards))
        self.declarations.append(self.declaration)
        if self.phase == "declare":
            self.passes = 0
            self.turn = (self.turn + 1) % 4
        elif self.phase == "theft":
            self.trump = trump_for(self.level, self.declaration.suit, self.rules.twos_always_trump)
            self._take_kitty(action.seat)

    def _pass(self, seat: int) -> None:
        self.passes += 1
        if self.phase == "declare":
            self.turn = (seat + 1) % 4
            if self.passes == 4:
                self._finish_declaring()
            return
        self.turn = (seat + 1) % 4
        if self.turn == self.kitty_holder:
            self.turn = (self.turn + 1) % 4
        if self.passes == 3:
            self._after_kitty()

    def _finish_declaring(self) -> None:
        first = self.declarations[0].seat if self.declarations else None
        if self.declaration is not None:
            suit = self.declaration.suit
        elif self.rules.no_declaration == "kitty_third_card":
            third = self.deck[self.deal_total + 2]
            suit = None if third.is_joker else third.suit_index
        else:
            suit = None
        if self.dealer is None:
            if self.declaration is None:
                self.dealer = self.deal_start
            elif self.rules.first_dealer == "first_declarer" and first is not None:
                self.dealer = first
            else:
                self.dealer = self.declaration.seat
            self.level = self.levels[self.dealer]
        self.trump = trump_for(self.level, suit, self.rules.twos_always_trump)
        self.kitty = list(self.deck[self.deal_total :])
        self._take_kitty(self.dealer)

    def _take_kitty(self, seat: int) -> None:
        for c in self.kitty:
            self.hands[seat][c] += 1
        self.kitty_taken = self.kitty
        self.kitty = []
        self.kitty_holder = seat
        self.phase = "bury"

    def _bury(self, action: Bury) -> None:
        for c in action.cards:
            self.hands[action.seat][c] -= 1
        self.kitty = list(action.cards)
        self.buries += ((action.seat, tuple(action.cards)),)
        if self.rules.kitty_theft:
            self.phase, self.passes = "theft", 0
            self.turn = (action.seat + 1) % 4
        else:
            self._after_kitty()

    def _after_kitty(self) -> None:
        if self.rules.partners == "find_friend":
            self.phase = "call"
        else:
            self._start_play()

    def _call_friend(self, card: Card) -> None:
        assert self.dealer is not None
        self.friend_card = card
        self.friend = None
        if self.rules.friend_rule == "nearest_holder":
            self.friend = nearest_holder(self.hands, self.dealer, card)
        self._start_play()

    def _start_play(self) -> None:
        assert self.dealer is not None
        self.phase = "play"
        self.leader = self.dealer
        self.trick, self.lead = [], None

    def _play(self, action: Play) -> None:
        assert self.trump is not None
        seat, cards = action.seat, tuple(action.cards)
        if self.lead is None:
            self.throw_failure = None
            lead = analyse_lead(cards, self.trump)
            others = [((seat + k) % 4, self.hands[(seat + k) % 4]) for k in range(1, 4)]
            failure = check_throw(lead, others, self.trump)
            if failure is not None:
                cards = tuple(CARDS[c] for c in failure.forced.all_cards())
                self._record_failure(seat, action.cards, failure)
                lead = analyse_lead(cards, self.trump)
            self.lead = lead
        for c in cards:
            self.hands[seat][c] -= 1
        if self.friend_card is not None and self.rules.friend_rule != "nearest_holder":
            self._join_by_copy(seat, cards)
        self.trick.append((seat, cards))
        self.played += cards
        if self.friend_card is not None and seat == self.friend and self.friend_card in cards:
            if not self.friend_revealed:
                self.friend_trick = self.tricks_played
            self.friend_revealed = True
        if len(self.trick) == 4:
            self._finish_trick()

    def _join_by_copy(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``friend_rule`` ``first_copy``/``second_copy`` (RULES §3.4): the seat playing that
        copy of the called card joins the dealer; the dealer's own copies count, and the
        dealer playing it fixes a hand of one against three."""
        assert self.friend_card is not None and self.dealer is not None
        if self.friend is not None or self.friend_revealed:
            return
        before = self.played.count(self.friend_card)
        due = deciding_copy(self.rules.friend_rule, self.rules.decks)
        if before < due <= before + cards.count(self.friend_card):
            if seat == self.dealer:
                self.friend_revealed = True  # one against three, known to all
                self.friend_trick = self.tricks_played
            else:
                self.friend = seat

    def _record_failure(
        self, seat: int, attempted: tuple[Card, ...], failure: ThrowFailure
    ) -> None:
        self.throw_failure = {
            "seat": seat,
            "attempted": [str(c) for c in attempted],
            "forced": [str(CARDS[c]) for c in failure.forced.all_cards()],
            "beaten_by_seat": failure.beaten_by_seat,
            "beaten_by": [str(CARDS[c]) for c in failure.beaten_by],
            "penalty": THROW_PENALTY_POINTS if self.rules.throw_penalty else 0,
        }
        if self.rules.throw_penalty:
            side = 1 if seat in self.defenders() else -1
            self.penalty += side * THROW_PENALTY_POINTS

    def _finish_trick(self) -> None:
        assert self.trump is not None and self.lead is not None
        won = winner(self.lead, [cards for _, cards in self.trick], self.trump)
        seat = self.trick[won][0]
        points = sum(points_of(cards) for _, cards in self.trick)
        self.captured[seat] += points
        self.last_trick = {
            "leader": self.trick[0][0],
            "plays": [{"seat": s, "cards": [str(c) for c in cs]} for s, cs in self.trick],
            "winner": seat,
            "points": points,
            "throw_failure": self.throw_failure,
        }
        attempted = self.throw_failure["attempted"] if self.throw_failure else None
        self.tricks += (
            TrickRecord(
                self.trick[0][0],
                tuple(self.trick),
                seat,
                points,
                None if attempted is None else tuple(Card.parse(c) for c in attempted),
            ),
        )
        self.tricks_played += 1
        winning_play = self.trick[won][1]
        self.leader, self.trick, self.lead = seat, [], None
        if self.hand_count(seat) == 0:
            self._finish_hand(seat, winning_play)


    def _finish_hand(self, last_winner: int, winning_play: tuple[Card, ...]) -> None:
        assert self.dealer is not None and self.trump is not None
        defenders = self.defenders()
        outcome = score_hand(
            self.rules,
            hand_no=self.hand_no,
            dealer=self.dealer,
            level=self.level,
            trump=self.trump,
            defenders=defenders,
            attackers=self.attackers(),
            friend=self.friend,
            kitty=self.kitty,
            captured=self.captured,
            penalty=self.penalty,
            last_winner=last_winner,
            winning_play=winning_play,
            levels=self.levels,
        )
        self.levels[:] = outcome.levels
        self.friend_revealed = self.friend_revealed or self.friend is not None
        self.hand_result = outcome
        self.results.append(outcome)
        if outcome.match_won:
            self.winners = defenders
            self.phase = "match_over"
        else:
            self.phase = "hand_over"

"""A whole match as a state machine (RULES §3–5).

A match is fully defined by (rules, seed, actions). ``apply`` validates an
action first and raises ``IllegalAction`` (a ``ValueError`` naming the broken
rule) without changing anything when it is illegal.

>>> m = Match(Rules(), seed=1)
>>> m.phase, m.to_move
('deal', -1)
>>> m.apply(Deal()); m.hand_count(0)
1
>>> m.apply(Play(0, "AS"))
Traceback (most recent call last):
...
tractor.match.IllegalAction: wrong_phase: you cannot play a card now (phase: deal)

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
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from . import declare
from .actions import (
    CHANCE,
    SYSTEM_ACTIONS,
    Action,
    Bury,
    CallFriend,
    Deal,
    Declare,
    EndDeal,
    NextHand,
    Pass,
    Play,
)
from .cards import CARDS, SMALL_JOKER, Card, cards_of, format_cards, full_deck, points_of
from .declare import Declaration
from .follow import Lead, LeadError, analyse_lead, check_follow, legal_follows
from .history import TrickRecord, history_state
from .phase import Phase
from .rules import THROW_PENALTY_POINTS, Rules
from .scoring import level_change
from .trick import ThrowFailure, check_throw, kitty_multiplier, winner
from .trump import Trump, trump_for
from .view import View

ACE = 12
MAX_SEED = 2**63 - 1
"""Seeds are ints from 0 to this (a 19-digit number at most)."""
ACTION_TYPES = (Deal, EndDeal, NextHand, Declare, Pass, Bury, CallFriend, Play)


class IllegalAction(ValueError):
    """An action the rules forbid now; ``rule`` is a short code, the message says why."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class Match:
    """The full state of a match between four seats (0–3, in playing order)."""

    # The hand's public history (``tractor.history``); reset for every hand.
    tricks: tuple[TrickRecord, ...] = ()
    buries: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    friend_trick: int | None = None

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
        self.actions: list[Action] = []
        """Every action applied so far: with the rules, seed and start level, the whole match."""
        self.levels = [start_level] * 4
        self.hand_no = 0
        self.dealer: int | None = self.rules.fixed_first_dealer
        self.results: list[dict[str, Any]] = []
        self.winners: list[int] | None = None
        self._start_hand()

    # ----------------------------------------------------------- hand set-up
    def _start_hand(self) -> None:
        rng = random.Random(f"tractor/{self.seed}/{self.hand_no}")
        deck = full_deck(self.rules.decks)
        rng.shuffle(deck)
        self.deck: list[Card] = deck
        self.dealt = 0
        self.deal_start = self.dealer if self.dealer is not None else 0
        self.level = self.levels[self.dealer if self.dealer is not None else 0]
        self.hands: list[list[int]] = [[0] * 54 for _ in range(4)]
        self.declaration: Declaration | None = None
        self.declarations: list[Declaration] = []
        self.phase: Phase = "deal"
        self.turn = 0
        self.passes = 0
        self.trump: Trump | None = None
        self.kitty: list[Card] = []
        self.kitty_taken: list[Card] = []
        self.kitty_holder: int | None = None
        self.friend_card: Card | None = None
        self.friend: int | None = None
        self.friend_revealed = False
        self.leader = 0
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.lead: Lead | None = None
        self.last_trick: dict[str, Any] | None = None
        self.tricks_played = 0
        self.played: list[Card] = []
        self.captured = [0, 0, 0, 0]
        self.penalty = 0
        self.throw_failure: dict[str, Any] | None = None
        self.hand_result: dict[str, Any] | None = None
        self.tricks, self.buries, self.friend_trick = (), (), None

    @property
    def deal_total(self) -> int:
        return 4 * self.rules.hand_size

    # ---------------------------------------------------------------- queries
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

    # ------------------------------------------------------------- validation
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

    # ---------------------------------------------------------------- applying
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
            self.dealer = self.hand_result["next_dealer"]
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
        for k in range(1, 4):
            seat = (self.dealer + k) % 4
            if self.hands[seat][card]:
                self.friend = seat
                break
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
        self.trick.append((seat, cards))
        self.played += cards
        if self.friend_card is not None and seat == self.friend and self.friend_card in cards:
            if not self.friend_revealed:
                self.friend_trick = self.tricks_played
            self.friend_revealed = True
        if len(self.trick) == 4:
            self._finish_trick()

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
        defenders, attackers = self.defenders(), self.attackers()
        kitty_points = points_of(self.kitty)
        multiplier = kitty_multiplier(winning_play, self.trump)
        bonus = kitty_points * multiplier if last_winner in attackers else 0
        trick_points = sum(self.captured[s] for s in attackers)
        total = trick_points + bonus + self.penalty
        side, gained = level_change(total, self.rules.decks, self.rules.scoring)
        match_won = side == "defenders" and self.level == ACE
        movers = defenders if side == "defenders" else attackers
        for s in movers:
            self.levels[s] = min(ACE, self.levels[s] + gained)
        next_dealer = self._next_dealer(side)
        self.friend_revealed = self.friend_revealed or self.friend is not None
        self.hand_result = {
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "level": self.level,
            "trump": self.trump.describe(),
            "defenders": defenders,
            "attackers": attackers,
            "friend": self.friend,
            "kitty": [str(c) for c in self.kitty],
            "kitty_points": kitty_points,
            "multiplier": multiplier,
            "kitty_bonus": bonus,
            "trick_points": trick_points,
            "penalty": self.penalty,
            "attackers_points": total,
            "side": side,
            "levels_gained": gained,
            "levels": list(self.levels),
            "next_dealer": next_dealer,
            "match_won": match_won,
        }
        self.results.append(self.hand_result)
        if match_won:
            self.winners = defenders
            self.phase = "match_over"
        else:
            self.phase = "hand_over"

    def _next_dealer(self, side: str) -> int:
        assert self.dealer is not None
        d = self.dealer
        if side == "defenders":
            if self.rules.partners == "fixed":
                return (d + 2) % 4
            return self.friend if self.friend is not None else d
        if self.rules.partners == "fixed":
            return (d + 1) % 4
        attackers = self.attackers()
        return next((d + k) % 4 for k in range(1, 4) if (d + k) % 4 in attackers)

    # ------------------------------------------------------------------ misc
    def trump_or_level(self) -> Trump:
        """The hand's trump, or during the deal the order with no trump yet."""
        return self.trump or trump_for(self.level, None, self.rules.twos_always_trump)

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
            "results": self.results,
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
            "hand_result": self.hand_result,
            **history_state(self.tricks, self.buries, self.friend_trick),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Match) and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

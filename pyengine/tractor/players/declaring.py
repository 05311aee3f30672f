"""Declaring by search, for the coach: declare (and which declaration) or pass, each
played out to the end of the hand.

The computer players declare by easy's rules (``easy.choose_declaration``); this
module lets the coach (``tractor.coach.review``) weigh a declaring decision against the
other options the seat had, the way ``burying`` weighs kitties.

Where it matters (``is_declaring_point``), with the seat's whole hand dealt, so the
options compare like for like:

* ``after_deal`` (phase ``declare``): every turn of the seat in the after-deal round
  at which it had a declaration option (declare or pass; a turn with no option is a
  forced pass);
* ``during_deal``: the last point of the deal window, after the last card is dealt
  and before the deal closes: every declaration the seat made there, and its pass,
  when it still had an option when the window closed (the record has no action for
  it: the coach puts it at the closing ``EndDeal``).

Not reviewed: a declaration during the deal with cards still to come (its
alternative is not to pass but to wait and maybe declare later, so its value
depends on the cards still to come and on the seat's own later choices, of which
the coach has no model but easy's rule, and ``hand_size`` such points a hand would
not fit the page's time), and 炒地皮 turns (phase ``theft``, off by default: not
built; the continuation must know who took the kitty last, and the seat's view does
not say it: the last declarer took it if that declaration was a theft, the dealer if
it was made during the deal, and the view does not tell them apart; the buried
kitty would also have to be sampled as buried, ``sampling.deal_hidden``).

``declare_outcomes(view, candidates, rng, samples)`` deals the cards the seat
cannot see (every card not in its hand: the other hands and the kitty, which nobody
has seen yet, uniformly; other declarers still hold their declared cards), and for
each candidate on the same deal applies it to a match set up in that deal
(``Match``, so every rule is the engine's), finishes the declaring, the bury,
炒地皮 and the friend call with four easy players (the seat too: after its decision
it is a player like the others), then plays the hand out from the first lead with
the rollout policy (as the search does). A candidate is a list of card ids, the
empty list for passing.

What the outcome does not see: the score is this hand's (levels and point margin,
``search.outcome_score``), not who deals the next one; the other hands are not
conditioned on what the others' own earlier passes suggest about them (a seat that
passed may be dealt a holding with which easy would have declared); and the play-out
policy, as everywhere in the search, sees every hand. A measured example: with
``STRONG_HEARTS`` of ``tests/engine/coach/test_review.py`` (19 trumps with hearts) passing
in the after-deal round costs 0.47 (a mistake) against declaring the pair of level
hearts; with an ordinary holding the verdict often goes the other way in the first
hand (a declarer with a weak trump becomes the dealer; passing may leave the deal
to a seat with a random trump): in ``scripts/measure_review.py --preset find_friend
--declare-window after_deal`` 7 of the 9 declarations reviewed (easy's and hard's,
which are easy's rule) are marked. Real play agrees: forking each of 80 such
declarations (first hands, the true cards) and playing the hand out both ways by easy
players, declaring scored 0.63 ± 0.17 below passing, better in 24 of 80
(``scripts/measure_declaring.py --hands 80``); by normal players, 30 of them, 0.16 ±
0.31 below (``--hands 30 --players normal``: within the noise).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..actions import CHANCE, Action, Declare, EndDeal, Pass
from ..cards import CARDS, points_of
from ..match import Match
from ..rules import THROW_PENALTY_POINTS
from ..runner import poll_declarations, step
from ..view import View
from .common import distinct
from .easy import EasyPlayer
from .rollout import Table, play_out
from .sampling import deal_hidden, declared_held

MAX_DECLARE_CANDIDATES = 6


def is_declaring_point(view: View) -> bool:
    """Whether the coach reviews a declaring decision from ``view`` (the seat's view
    before it): see the module docstring."""
    if not view.declaration_options():
        return False
    full = view.dealt == 4 * view.rules.hand_size
    if view.phase == "declare":
        return view.my_turn
    return view.phase == "deal" and full


def declare_candidates(view: View, made: Sequence[int]) -> list[list[int]]:
    """``made`` (the decision: its cards, empty for a pass), then every declaration
    option (the strongest first), then passing; at most ``MAX_DECLARE_CANDIDATES``."""
    options = [[int(c) for c in o] for o in view.declaration_options()]
    options.sort(key=lambda o: (-len(o), -o[0]))
    declared = distinct([list(made), *options], MAX_DECLARE_CANDIDATES - 1)
    return [list(made), *(o for o in declared if o != list(made)), *([[]] if made else [])]


def round_passes(view: View) -> int:
    """Passes in a row so far in the after-deal round (public: every seat acts in
    turn from the first dealt to, and the round ends after four passes in a row)."""
    start = view.dealer if view.dealer is not None else 0
    if view.declarations:
        return (view.seat - view.declarations[-1].seat - 1) % 4
    return (view.seat - start) % 4


def sampled_match(view: View, hands: Sequence[Sequence[int]], kitty: Sequence[int]) -> Match:
    """A match at the seat's decision, the unseen cards as sampled: the same hand,
    dealer, levels, declarations and turn as the view."""
    rules = view.rules
    m = Match(rules)
    m.levels = list(view.levels)
    m.hand_no = view.hand_no
    m.dealer = view.dealer
    m._start_hand()
    total = 4 * rules.hand_size
    piles = [[c for c in range(54) for _ in range(hands[s][c])] for s in range(4)]
    deck = [CARDS[piles[(m.deal_start + i) % 4].pop()] for i in range(total)]
    m.deck = deck + [CARDS[c] for c in kitty]
    m.dealt = total
    m.hands = [list(h) for h in hands]
    m.declaration = view.declaration
    m.declarations = list(view.declarations)
    m.phase = view.phase
    if view.phase == "declare":
        m.turn, m.passes = view.seat, round_passes(view)
    return m


def _continue(m: Match, seat: int, cards: Sequence[int], players: list[EasyPlayer]) -> None:
    """Apply the decision, then let easy players take the hand to its first lead."""
    action: Action = Declare(seat, [CARDS[c] for c in cards]) if cards else Pass(seat)
    if m.phase == "deal":
        if cards:
            m.apply(action)
        poll_declarations(m, players, (seat + 1) % 4, rounds=3)
        m.apply(EndDeal())
    else:
        m.apply(action)
    while m.phase != "play":
        assert m.to_move != CHANCE
        step(m, players)


def declare_outcomes(
    view: View, candidates: Sequence[list[int]], rng: random.Random, samples: int
) -> Iterator[tuple[list[bool], list[int]]]:
    """For each of ``samples`` sampled deals: for each candidate (the same deal), whether
    the seat defends after it and the attackers' final points (see the module docstring)."""
    seat, rules = view.seat, view.rules
    throw_penalty = THROW_PENALTY_POINTS if rules.throw_penalty else 0
    pool = [c for c in range(54) for _ in range(rules.decks - view.counts[c])]
    required = declared_held(view)
    players = [EasyPlayer(s) for s in range(4)]
    for _ in range(samples):
        hands, kitty = deal_hidden(view, pool, rules.kitty_size, required, rng)
        sides: list[bool] = []
        points: list[int] = []
        for cards in candidates:
            m = sampled_match(view, hands, kitty)
            _continue(m, seat, cards, players)
            assert m.trump is not None
            defenders = m.defenders()
            t = Table(m.trump, m.hands, m.leader, (), (0, 0, 0, 0), defenders,
                      points_of(m.kitty), 0, throw_penalty)
            sides.append(seat in defenders)
            points.append(play_out(t).attackers_points)
        yield sides, points


__all__ = ["MAX_DECLARE_CANDIDATES", "declare_candidates", "declare_outcomes",
           "is_declaring_point", "round_passes", "sampled_match"]

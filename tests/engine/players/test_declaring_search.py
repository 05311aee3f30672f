"""The declaring and calling searches the coach uses (``players.declaring``,
``players.calling``): a sampled deal that happens to be the true one continues the
hand exactly as the record did."""

from __future__ import annotations

import random

from tractor.actions import Declare
from tractor.match import Match
from tractor.players import make_player
from tractor.players.calling import call_candidates
from tractor.players.declaring import _continue, round_passes, sampled_match
from tractor.players.easy import EasyPlayer, choose_friend
from tractor.rules import Rules
from tractor.runner import step


def test_the_true_deal_continues_the_after_deal_round_as_the_record_did() -> None:
    """At every declaring turn of easy players, the match rebuilt from the seat's view and
    the true hidden cards, with the turn's action applied and easy players after it,
    reaches the first lead with the record's dealer, trump, kitty and defenders."""
    checked = 0
    for seed in range(1, 7):
        rules = Rules(partners="find_friend" if seed % 2 else "fixed",
                      declare_window="after_deal")
        m = Match(rules, seed)
        players = [EasyPlayer(s) for s in range(4)]
        turns = []
        while m.phase != "play":
            if m.phase == "declare":
                seat = m.to_move
                assert seat is not None
                view = m.observe(seat)
                assert round_passes(view) == m.passes
                action = players[seat].act(view)
                cards = [int(c) for c in action.cards] if isinstance(action, Declare) else []
                kitty = [int(c) for c in m.deck[m.deal_total:]]
                turns.append((view, [list(h) for h in m.hands], kitty, cards))
            step(m, players)
        for view, hands, kitty, cards in turns:
            again = sampled_match(view, hands, kitty)
            _continue(again, view.seat, cards, [EasyPlayer(s) for s in range(4)])
            assert (again.dealer, again.trump, again.kitty, again.defenders()) == (
                m.dealer, m.trump, m.kitty, m.defenders())
            checked += 1
    assert checked >= 20


def test_the_call_candidates_start_with_the_call_made_and_hold_easy_s() -> None:
    m = Match(Rules.preset("find_friend"), 3)
    seats = [make_player("easy", s) for s in range(4)]
    while m.phase != "call":
        step(m, seats)
    assert m.dealer is not None
    view = m.observe(m.dealer)
    easy_call = int(choose_friend(view))
    made = random.Random(1).randrange(52)
    cands = call_candidates(view, made, easy_call)
    assert cands[0] == made and easy_call in cands and len(set(cands)) == len(cands) <= 7

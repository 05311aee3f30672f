"""The hint's reason: what a suggested action does, read from the seat's view."""

from __future__ import annotations

from engine_positions import position
from tractor.actions import Bury, Play
from tractor.match import Match
from tractor.players.explain import reason
from tractor.rules import Rules


def play(m: Match, seat: int, cards: str) -> None:
    m.apply(Play(seat, cards))


def test_a_play_that_wins_a_trick_with_points_says_so() -> None:
    m = position(["KS 3C", "5S 4C", "10S 6C", "AS 7C"], dealer=0)
    play(m, 0, "KS")
    play(m, 1, "5S")
    play(m, 2, "10S")
    assert reason(m.observe(3), Play(3, "AS")) == ("wins_points", {"n": 25})


def test_feeding_a_winning_partner_says_how_much() -> None:
    m = position(["AS 3C", "4S 4C", "10S 6C", "6S 7C"], dealer=0)
    play(m, 0, "AS")
    play(m, 1, "4S")
    assert reason(m.observe(2), Play(2, "10S")) == ("feeds_partner", {"n": 10})


def test_staying_low_under_a_winning_partner() -> None:
    m = position(["AS 3C", "4S 4C", "7S 6C", "6S 7C"], dealer=0)
    play(m, 0, "AS")
    play(m, 1, "4S")
    assert reason(m.observe(2), Play(2, "7S")) == ("partner_winning", {})


def test_a_trick_that_cannot_be_won() -> None:
    m = position(["AS 3C", "4S 4C", "7S 6C", "6S 7C"], dealer=0)
    play(m, 0, "AS")
    assert reason(m.observe(1), Play(1, "4S")) == ("cannot_win", {})


def test_an_unbeatable_lead_and_a_standing_throw() -> None:
    m = position(["AS AS KS 3C", "4S 4C 5C 5D", "7S 6C 8D 9D", "6S 7C 8C 9C"], dealer=0)
    assert reason(m.observe(0), Play(0, "AS AS")) == ("lead_unbeatable", {})
    assert reason(m.observe(0), Play(0, "AS AS KS")) == ("throw_stands", {"n": 2})
    assert reason(m.observe(0), Play(0, "3C")) == ("lead_low", {})


def test_a_trump_lead_draws_trumps() -> None:
    m = position(["3H 4S", "KH 4C", "AH 6C", "QH 7C"], dealer=0)
    assert reason(m.observe(0), Play(0, "3H")) == ("lead_trump", {})


def test_a_defender_keeps_a_trump_pair_at_the_end() -> None:
    m = position(["3C 3H 3H 4S", "KC 5C 6C 7C", "QC 8C 9C 10C", "JC 4D 5S 6S"], dealer=0,
                 leader=1)
    play(m, 1, "KC")
    play(m, 2, "QC")
    play(m, 3, "JC")
    assert reason(m.observe(0), Play(0, "3C")) == ("keeps_trump_pair", {})


def test_a_bury_that_voids_a_suit() -> None:
    m = position(["3C 4C 5S 6S 7S 8S 9S 10S AH", "", "", ""], rules=Rules(decks=1),
                 phase="bury")
    view = m.observe(0)
    assert reason(view, Bury(0, "3C 4C 5S 6S 7S 8S")) == ("bury_void", {"n": 1})
    assert reason(view, Bury(0, "5S 6S 7S 8S 9S 3C")) == ("bury_low", {})

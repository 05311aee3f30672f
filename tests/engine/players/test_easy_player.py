"""The easy player (``easy``, once named ``basic``): always legal, sensible in constructed
positions, beats random."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

import pytest
from tractor.actions import CHANCE, Action, Bury, CallFriend, Declare, Pass, Play
from tractor.cards import POINTS, Card, counts_of, parse_cards, points_of
from tractor.declare import Declaration
from tractor.follow import analyse_lead
from tractor.match import Match
from tractor.phase import Phase
from tractor.players import PLAYER_NAMES, Player, RandomPlayer, canonical_name, make_player
from tractor.players.easy import BasicPlayer, choose_bury, partners
from tractor.rules import CHOICES, Rules
from tractor.runner import step
from tractor.tools.simulate import simulate
from tractor.trick import power, winner
from tractor.trump import trump_for
from tractor.view import View

HEARTS = 1
ALL_RULES = [
    Rules(**dict(zip(CHOICES, v, strict=True))) for v in itertools.product(*CHOICES.values())
]


# ------------------------------------------------------------ positions
def position(
    hands: dict[int, str],
    trick: Sequence[tuple[int, str]] = (),
    rules: Rules | None = None,
    level: int = 0,
    trump_suit: int | None = HEARTS,
    dealer: int = 0,
    phase: Phase = "play",
) -> Match:
    """A match put straight into a constructed position (level 0 is the rank 2)."""
    m = Match(rules or Rules(), seed=0)
    m.dealer, m.level, m.phase, m.kitty_holder = dealer, level, phase, dealer
    m.dealt = len(m.deck)
    m.levels = [level] * 4
    m.trump = trump_for(level, trump_suit, m.rules.twos_always_trump)
    m.hands = [counts_of(parse_cards(hands.get(s, ""))) for s in range(4)]
    m.leader = trick[0][0] if trick else dealer
    for seat, text in trick:
        cards = tuple(parse_cards(text))
        m.trick.append((seat, cards))
        m.played += cards
    m.lead = analyse_lead(m.trick[0][1], m.trump) if trick else None
    return m


def easy_play(m: Match) -> list[Card]:
    seat = m.to_move
    assert seat is not None and seat >= 0
    action = BasicPlayer(1).act(m.observe(seat))
    assert isinstance(action, Play) and m.is_legal(action)
    return sorted(action.cards)


def overtakes(m: Match, play: Sequence[int]) -> bool:
    """Whether ``play`` would take the trick from the current winner."""
    assert m.lead is not None and m.trump is not None
    plays = [cards for _, cards in m.trick]
    won = winner(m.lead, plays, m.trump)
    best = power(m.lead, plays[won], m.trump, is_lead=won == 0)
    mine = power(m.lead, play, m.trump)
    return mine is not None and best is not None and mine > best


def cards(text: str) -> list[Card]:
    return sorted(parse_cards(text))


# ------------------------------------------------- not overtaking a partner
def test_plays_under_a_winning_partner_single() -> None:
    # Seat 0 (partner of seat 2) leads 10S, seat 1 plays 3S; higher spades are still out,
    # so seat 2 neither overtakes with QS (as it would an opponent) nor adds points.
    m = position({2: "QS 4S 7D 8D 9D"}, [(0, "10S"), (1, "3S")])
    play = easy_play(m)
    assert play == cards("4S") and not overtakes(m, play)


def test_gives_points_to_a_partner_whose_ace_stands() -> None:
    m = position({2: "KS 10S 4S 7D 8D"}, [(0, "AS"), (1, "3S")])
    play = easy_play(m)
    assert points_of(play) == 10 and not overtakes(m, play)


def test_plays_under_a_winning_partner_pair() -> None:
    m = position({2: "QS QS 6S 6S 5D 9D"}, [(0, "10S 10S"), (1, "3S 4S")])
    play = easy_play(m)
    assert play == cards("6S 6S") and not overtakes(m, play)


def test_discards_points_rather_than_trumping_a_partner() -> None:
    m = position({2: "10C 3C 4H 5H BJ"}, [(0, "AS"), (1, "3S")])
    play = easy_play(m)
    assert play == cards("10C") and not overtakes(m, play)


def test_knows_a_revealed_friend_as_partner() -> None:
    rules = Rules(partners="find_friend")
    m = position({0: "QS 4S 7D", 2: "10S 8D"}, [(2, "10S"), (3, "3S")], rules=rules, dealer=0)
    m.friend_card, m.friend, m.friend_revealed = Card.parse("AD"), 2, True
    assert partners(m.observe(0)) == {2} and partners(m.observe(1)) == {3}
    play = easy_play(m)
    assert play == cards("4S") and not overtakes(m, play)


def test_an_unrevealed_friend_knows_itself_when_it_holds_every_copy() -> None:
    rules = Rules(partners="find_friend")
    m = position({0: "3S", 1: "4S", 2: "AD AD", 3: "5S"}, rules=rules, dealer=0)
    m.friend_card, m.friend = Card.parse("AD"), 2
    assert partners(m.observe(2)) == {0}
    assert partners(m.observe(1)) == set() and partners(m.observe(0)) == set()


# ------------------------------------------------------ taking points
def test_takes_a_trick_with_points_from_an_opponent() -> None:
    m = position({1: "QS 4S 8D"}, [(0, "10S")])
    play = easy_play(m)
    assert play == cards("QS")


def test_trumps_points_when_void() -> None:
    m = position({3: "9H 3H 8D 7C"}, [(0, "KS"), (1, "3S"), (2, "4S")])
    play = easy_play(m)
    assert play == cards("3H") and overtakes(m, play)


def test_plays_low_when_it_cannot_win() -> None:
    m = position({1: "9S 4S 10D 8D"}, [(0, "AS")])
    assert easy_play(m) == cards("4S")


# --------------------------------------------------------------- burying
def bury_position(hand: str, rules: Rules | None = None) -> Match:
    return position({0: hand}, rules=rules, phase="bury")


def test_buries_no_points_or_trumps_when_it_has_cheap_cards() -> None:
    hand = (
        "3S 4S 6S 7S 8S 9S 10S KS 5S "  # spades with points
        "3C 4C 6C 8C 9C JC QC 5C 10C "
        "3D 4D 6D 7D 8D QD "
        "3H 4H 5H 6H AH BJ SJ 2S 2C"
    )
    m = bury_position(hand)
    assert m.hand_count(0) == 33
    action = BasicPlayer(0).act(m.observe(0))
    assert isinstance(action, Bury) and m.is_legal(action)
    assert points_of(action.cards) == 0
    assert m.trump is not None and not any(m.trump.is_trump(c) for c in action.cards)


def test_voids_a_short_cheap_suit() -> None:
    hand = (
        "3S 4S 6S 7S 8S 9S JS QS AS AS "
        "3C 4C 6C 7C 8C 9C JC QC AC AC 5C 10C KC "
        "3D 4D "
        "3H 4H 6H 7H 8H 9H AH BJ"
    )
    m = bury_position(hand)
    buried = choose_bury(m.observe(0))
    assert len(buried) == 8 and {Card.parse("3D"), Card.parse("4D")} <= set(buried)
    assert points_of(buried) == 0


# ------------------------------------------------------ friend and declaring
def test_calls_an_off_suit_ace_it_lacks() -> None:
    rules = Rules(partners="find_friend")
    m = position({0: "AS AS 3S 4S 5S 6S 7S 8S AC 3D 4H"}, rules=rules, phase="call")
    action = BasicPlayer(0).act(m.observe(0))
    assert isinstance(action, CallFriend) and m.is_legal(action)
    assert action.card.rank == "A" and action.card.suit in ("C", "D")
    assert action.card != Card.parse("AC")


def deal_position(hand: str, seat: int = 0, current: Declaration | None = None) -> Match:
    m = Match(Rules(), seed=0)
    m.hands[seat] = counts_of(parse_cards(hand))
    m.dealt = 40
    m.declaration = current
    m.declarations = [current] if current else []
    return m


STRONG_HEARTS = "2H 2H 3H 5H 7H 9H JH KH BJ 4S"


def test_declares_a_strong_suit() -> None:
    m = deal_position(STRONG_HEARTS)
    choice = BasicPlayer(0).declare(m.observe(0))
    assert choice is not None and m.is_legal(choice)
    assert set(choice.cards) == {Card.parse("2H")}


def test_keeps_quiet_with_a_weak_hand() -> None:
    m = deal_position("2H 3S 5S 7S 9C JC KD QD 8D 4S")
    assert BasicPlayer(0).declare(m.observe(0)) is None


def test_overturns_an_opponent_but_not_a_partner() -> None:
    spades = Declaration(2, Card.parse("2S"), 1)
    m = deal_position(STRONG_HEARTS, seat=0, current=spades)
    assert BasicPlayer(0).declare(m.observe(0)) is None  # seat 2 is the partner
    m = deal_position(STRONG_HEARTS, seat=1, current=spades)
    choice = BasicPlayer(0).declare(m.observe(1))
    assert choice is not None and list(choice.cards) == cards("2H 2H")


# ------------------------------------------------------- across many hands
Watch = Callable[[Match, Action], None]


def drive(m: Match, seats: Sequence[Player], hands: int = 1, watch: Watch | None = None) -> int:
    """Play up to ``hands`` hands; every basic action must be legal, no basic throw may fail.

    ``watch(m, action)`` sees each basic action before it is applied. Returns the
    number of hands played (a match can end sooner).
    """
    played = 0
    while True:
        while m.phase not in ("hand_over", "match_over"):
            mover = m.to_move
            assert mover is not None
            if mover == CHANCE:
                step(m, seats)
                continue
            action = seats[mover].act(m.observe(mover))
            is_basic = isinstance(seats[mover], BasicPlayer)
            leading = m.phase == "play" and m.lead is None
            if is_basic:
                assert m.is_legal(action), (m.rules, action)
                if watch is not None:
                    watch(m, action)
            m.apply(action)
            if is_basic and leading:
                assert m.throw_failure is None, (m.rules, action, m.throw_failure)
        played += 1
        if m.phase == "match_over" or played == hands:
            return played
        step(m, seats)


class CheckedBasic(BasicPlayer):
    """A basic player whose deal-time declarations are checked for legality too."""

    def __init__(self, seed: int, match: Match):
        super().__init__(seed)
        self.match = match

    def declare(self, view: View) -> Declare | None:
        choice = super().declare(view)
        if choice is not None:
            assert self.match.is_legal(choice)
        return choice


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_easy_only_takes_legal_actions(decks: int) -> None:
    rng = random.Random(decks)
    rules_list = [r for r in ALL_RULES if r.decks == decks]
    hands = 0
    for i, rules in enumerate(rules_list[::2]):
        start = rng.choice([0, 4, 11, 12])  # 2, 6, K or A for everyone
        m = Match(rules, seed=i, start_level=start)
        seats: list[Player] = [
            CheckedBasic(rng.randrange(999), m) if (s + i) % 3 else RandomPlayer(s)
            for s in range(4)
        ]
        hands += drive(m, seats, hands=2)
    assert hands >= 200


def test_easy_throws_always_stand() -> None:
    leads = throws = 0

    def watch(m: Match, action: Action) -> None:
        nonlocal throws, leads
        if isinstance(action, Play) and m.lead is None:
            assert m.trump is not None
            leads += 1
            throws += analyse_lead(list(action.cards), m.trump).is_throw

    rng = random.Random(5)
    for i, rules in enumerate(ALL_RULES[::4]):
        seats: list[Player] = [BasicPlayer(rng.randrange(999)) for _ in range(4)]
        if i % 2:
            seats[1] = RandomPlayer(i)
        drive(Match(rules, seed=100 + i), seats, hands=2, watch=watch)
    assert leads > 1000 and throws > 100, (leads, throws)


def test_easy_buries_no_points_when_it_has_enough_cheap_cards() -> None:
    checked = 0

    def watch(m: Match, action: Action) -> None:
        nonlocal checked
        if isinstance(action, Bury):
            assert m.trump is not None
            hand = m.hand_cards(action.seat)
            cheap = [c for c in hand if not m.trump.is_trump(c) and POINTS[c] == 0]
            if len(cheap) >= m.rules.kitty_size:
                checked += 1
                assert points_of(action.cards) == 0
                assert not any(m.trump.is_trump(c) for c in action.cards)

    for i, rules in enumerate(ALL_RULES[1::6]):
        drive(Match(rules, seed=500 + i), [BasicPlayer(i * 4 + s) for s in range(4)], watch=watch)
    assert checked > 100


def test_easy_beats_random() -> None:
    """Easy partners win far more trick points than random ones (seeded, wide margin)."""
    a = simulate(Rules(), ["basic", "random", "basic", "random"], hands=100, seed=21)
    b = simulate(Rules(), ["random", "basic", "random", "basic"], hands=100, seed=22)
    assert a.ok and b.ok
    basic_points = (a.team_points()[0] + b.team_points()[1]) / 2
    random_points = (a.team_points()[1] + b.team_points()[0]) / 2
    assert basic_points - random_points > 60, (basic_points, random_points)
    basic_levels = a.seat_levels[0] + a.seat_levels[2] + b.seat_levels[1] + b.seat_levels[3]
    random_levels = a.seat_levels[1] + a.seat_levels[3] + b.seat_levels[0] + b.seat_levels[2]
    assert basic_levels > 2 * random_levels, (basic_levels, random_levels)


def test_make_player_builds_easy_also_under_its_old_name() -> None:
    assert PLAYER_NAMES[:2] == ("random", "easy") and "basic" in PLAYER_NAMES
    assert "strong" not in PLAYER_NAMES and canonical_name("basic") == "easy"
    with pytest.raises(ValueError, match="unknown player"):
        make_player("strong")
    assert make_player("easy", 3).name == "easy"
    player = make_player("basic", 3)
    assert isinstance(player, BasicPlayer) and player.name == "easy"
    m = Match(Rules(declare_window="after_deal"), seed=4)
    while m.phase == "deal":
        m.apply(m.system_action())  # type: ignore[arg-type]
    action = player.act(m.observe(m.to_move))  # type: ignore[arg-type]
    assert isinstance(action, (Declare, Pass)) and m.is_legal(action)


def test_the_engine_never_imports_a_player() -> None:
    """Match, view, save and the rule modules load without ``tractor.players``."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys; import tractor, tractor.match, tractor.view, tractor.save, "
        "tractor.positions.referee, tractor.follow, tractor.trick; "
        "print(sorted(m for m in sys.modules if m.startswith('tractor.players')))"
    )
    pyengine = str(Path(__file__).resolve().parents[3] / "pyengine")
    out = subprocess.run(
        [sys.executable, "-c", code], env={"PYTHONPATH": pyengine}, capture_output=True,
        text=True, check=True,
    ).stdout.strip()
    assert out == "[]"

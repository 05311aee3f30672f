"""The fast rollout replays exactly through the engine: every play legal, same result."""

from __future__ import annotations

import random

import pytest
from tractor.actions import Play
from tractor.cards import points_of
from tractor.match import Match
from tractor.players import make_player
from tractor.players.rollout import Table, follow_cards, lead_cards, play_out
from tractor.rules import Rules
from tractor.runner import step
from tractor.trump import TRUMP


def table_of(m: Match) -> Table:
    assert m.trump is not None
    return Table(m.trump, m.hands, m.leader, m.trick, m.captured, m.defenders(),
                 points_of(m.kitty), m.penalty, 10 if m.rules.throw_penalty else 0)


def replay_matches(m: Match) -> tuple[bool, bool]:
    """Play the hand out in a rollout, replay its plays through ``Match.apply``, compare.

    Returns (whether the rollout started inside a trick, whether that trick was not a
    single or a pair).
    """
    inside = bool(m.trick)
    complex_lead = inside and len(m.trick[0][1]) > 1 and len(set(m.trick[0][1])) > 1
    t = table_of(m)
    t.record = []
    out = play_out(t, random.Random(0))
    assert t.over
    for seat, cards in t.record:
        m.apply(Play(seat, list(cards)))  # validates: an illegal play raises
    r = m.hand_result
    assert r is not None
    assert r.attackers_points == out.attackers_points
    assert m.last_trick is not None and m.last_trick["winner"] == out.last_winner
    if out.multiplier:
        assert r.multiplier == out.multiplier
    assert m.captured == t.captured
    return inside, complex_lead


RULES = [
    Rules(),
    Rules(decks=1),
    Rules(decks=3, twos_always_trump=True),
    Rules(partners="find_friend", throw_penalty=True),
    Rules(decks=3, partners="find_friend", scoring="qq"),
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.to_json())
def test_rollouts_replay_through_the_engine(rules: Rules) -> None:
    starts = complex_starts = 0
    for seed in range(24):
        m = Match(rules, seed=seed)
        seats = [make_player("easy", seed * 4 + s) for s in range(4)]
        rng = random.Random(seed)
        while m.phase != "play":
            step(m, seats)
        target = rng.randrange(0, 40)
        for _ in range(target):
            if m.phase != "play" or (
                m.trick and len(m.trick[0][1]) > 2 and rng.random() < 0.5
            ):
                break
            step(m, seats)
        if m.phase != "play":
            continue
        inside, complex_lead = replay_matches(m)
        starts += 1
        complex_starts += complex_lead
    assert starts >= 15 and complex_starts >= 1, (starts, complex_starts)


def test_rollouts_from_a_tractor_being_trumped() -> None:
    """A tractor led into a void hand: the slow path trumps it with a trump tractor."""
    from tractor.cards import counts_of, parse_cards
    from tractor.trump import trump_for

    order = trump_for(0, 1)  # level 2, hearts
    texts = ["3C 4C KC AC", "7H 7H 8H 8H 7C 8C 9D 10D", "5C 6C 9C 10C JD QD KD AD",
             "3D 4D 5D 6D 7D 8D JC QC"]
    hands = [counts_of(parse_cards(x)) for x in texts]
    total = 20 + sum(points_of(parse_cards(x)) for x in texts)
    t = Table(order, hands, 0, [(0, parse_cards("9S 9S 10S 10S"))], [0] * 4, [0, 2], 20)
    t.record = []
    out = play_out(t)
    assert t.record[0] == (1, tuple(parse_cards("7H 7H 8H 8H")))
    assert order.suit[t.record[0][1][0]] == TRUMP
    assert t.record[3][0] == 1  # seat 1 took the tractor and leads the next trick
    assert sum(t.captured) == total and t.over
    attackers_won = sum(t.captured[s] for s in (1, 3))
    bonus = 20 * out.multiplier if out.last_winner in (1, 3) else 0
    assert out.attackers_points == attackers_won + bonus


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.to_json())
def test_tallied_copies_play_out_like_fresh_tables(rules: Rules) -> None:
    """A table counted once (``tally``) and copied for several plays keeps its suit
    lengths and card counts true to its hands, and plays out as a fresh table does."""
    for seed in range(6):
        m = Match(rules, seed=seed)
        seats = [make_player("easy", 4 * seed + s) for s in range(4)]
        while m.phase != "play":
            step(m, seats)
        for _ in range(seed * 3):  # some tricks in, sometimes inside one
            step(m, seats)
        base = table_of(m)
        base.tally()
        seat = (m.leader + len(m.trick)) % 4
        action = seats[seat].act(m.observe(seat))
        assert isinstance(action, Play)
        cards = [int(c) for c in action.cards]
        results = []
        for t in (base.copy(), table_of(m)):
            if m.trick:
                follow_cards(t, seat, cards)
            else:
                lead_cards(t, seat, cards)
            if t.length is not None:
                fresh = table_of(m)
                fresh.hands = [list(h) for h in t.hands]
                fresh.tally()
                assert (t.length, t.left) == (fresh.length, fresh.left)
            out = play_out(t)
            results.append((out.attackers_points, out.last_winner, out.multiplier, t.captured))
        assert results[0] == results[1]
        assert base.length is not None and sum(map(sum, base.length)) == sum(map(sum, base.hands))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.to_json())
def test_a_play_out_with_a_horizon_stops_between_tricks_and_estimates(rules: Rules) -> None:
    """With a horizon the play-out plays that many legal tricks (the engine accepts them),
    stops between tricks and estimates: at least the attackers' points so far, at most
    those plus every point left and a doubled kitty; a horizon past the end of the hand
    changes nothing."""
    checked = 0
    for seed in range(8):
        m = Match(rules, seed=seed)
        seats = [make_player("easy", 4 * seed + s) for s in range(4)]
        while m.phase != "play":
            step(m, seats)
        for _ in range(seed * 5):
            step(m, seats)
        if m.phase != "play":
            continue
        whole = table_of(m)
        whole.record = []
        full = play_out(whole)
        tricks_left = (len(whole.record) + len(m.trick)) // 4
        long = play_out(table_of(m), None, 60)
        assert (long.attackers_points, long.last_winner, long.multiplier) == (
            full.attackers_points, full.last_winner, full.multiplier)
        t = table_of(m)
        t.record = []
        out = play_out(t, None, 3)
        if tricks_left <= 3:  # the hand ends within three tricks: played out whole
            assert t.over and out.attackers_points == full.attackers_points
            continue
        checked += 1
        assert not t.trick and out.last_winner == -1
        assert len(t.record) == 4 * 3 - len(m.trick)  # three tricks: the first was begun
        attackers = [s for s in range(4) if s not in t.defenders]
        so_far = sum(t.captured[s] for s in attackers) + t.penalty
        left = sum(points_of(m.hand_cards(s)) for s in range(4)) - sum(
            points_of(cards) for _, cards in t.record) + sum(points_of(cs) for _, cs in m.trick)
        assert so_far <= out.attackers_points <= so_far + left + 2 * t.kitty_points
        for seat, cards in t.record:
            m.apply(Play(seat, list(cards)))  # validates: an illegal play raises
        assert m.captured == t.captured
    assert checked >= 4


def test_the_estimate_shares_what_is_left_by_trumps_held() -> None:
    """Attackers with every trump left get nearly all the points left and the doubled
    kitty; with none, nearly nothing more than they have."""
    from tractor.cards import counts_of, parse_cards
    from tractor.players.rollout import estimate
    from tractor.trump import trump_for

    order = trump_for(0, 1)  # level 2, hearts
    strong = ["3H 4H 5H 6H", "KC 10C 3C 4C", "AH AH KH KH", "5D 10D KD 3D"]
    hands = [counts_of(parse_cards(x)) for x in strong]
    t = Table(order, hands, 0, [], [0, 30, 0, 10], [1, 3], 20)
    # attackers (0, 2) hold all 8 trumps: share 9/10 of 70 points left and a 40 bonus
    assert estimate(t).attackers_points == round(0 + 0.9 * (70 + 40))
    t = Table(order, [hands[1], hands[0], hands[3], hands[2]], 0, [], [0, 30, 0, 10],
              [0, 2], 20)
    # now the defenders (0, 2) hold no trumps... and the attackers (1, 3) all eight
    assert estimate(t).attackers_points == round(40 + 0.9 * (70 + 40))
    t = Table(order, hands, 0, [], [0, 30, 0, 10], [0, 2], 20)
    assert estimate(t).attackers_points == round(40 + 0.1 * (70 + 40))

"""Seeded property test: random hands under every combination of rule options.

Every one of the 768 option combinations (decks 1/2/3 × the eight two-valued
options) plays two consecutive hands from a random common starting level (so
``twos_always_trump`` and the ace level matter), 1,536 hands in all, with
random players, random throwers (to make throws fail) and basic players. Checked:

* after every action: every card is somewhere (hands + kitty + played + the
  kitty still in the deck = the decks);
* every follow is legal by ``check_follow`` before ``Match.apply`` (which
  validates too); a friend is the nearest holder after the dealer;
* after every hand: trick points + kitty points = the decks' points; the
  attackers' points, level change, new levels and next dealer as RULES §5 says,
  recomputed here from the hand's own record; the next hand's dealer and level;
* ``loads(dumps(m)) == m`` at random points, and in every fourth hand playing
  on from the restored copy ends exactly as playing on from the original.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from tractor.actions import CHANCE, CallFriend, Declare, Play
from tractor.cards import cards_of, counts_of, full_deck, parse_cards, points_of
from tractor.follow import check_follow
from tractor.match import Match
from tractor.players import Player, RandomPlayer, ThrowerPlayer
from tractor.players.easy import BasicPlayer
from tractor.rules import CHOICES, Rules
from tractor.runner import step
from tractor.save import dumps, loads
from tractor.trick import kitty_multiplier

ACE = 12
HANDS_PER_COMBO = 2
FOLDED = "friend_rule"
"""An option that only matters under find-a-friend: its values take turns over those combos
instead of multiplying the product (every value still plays under every deck count)."""


def _combos() -> list[dict[str, Any]]:
    crossed = {name: values for name, values in CHOICES.items() if name != FOLDED}
    combos: list[dict[str, Any]] = []
    turn = 0
    for values in itertools.product(*crossed.values()):
        combo = dict(zip(crossed, values, strict=True))
        if combo["partners"] == "find_friend":
            combo[FOLDED] = CHOICES[FOLDED][turn % len(CHOICES[FOLDED])]
            turn += 1
        else:
            combo[FOLDED] = CHOICES[FOLDED][0]
        combos.append(combo)
    return combos


COMBOS = _combos()


LINEUPS = (
    ("random", "random", "random", "random"),
    ("thrower", "random", "thrower", "random"),
    ("basic", "thrower", "random", "basic"),
    ("thrower", "basic", "thrower", "basic"),
)


def make(name: str, seed: int) -> Player:
    players: dict[str, Callable[[int], Player]] = {
        "random": RandomPlayer, "thrower": ThrowerPlayer, "basic": BasicPlayer}
    return players[name](seed)


# ------------------------------------------------------------ the oracle
def level_change(p: int, decks: int, scoring: str) -> tuple[str, int]:
    """RULES §5, written out again from the table (negative points count as 0)."""
    p = max(0, p)
    qq = 1 if scoring == "qq" else 0
    if decks == 1:
        if p == 0:
            return ("defenders", 2)
        if p < 40:
            return ("defenders", 1)
        return ("attackers", (0 if p < 80 else 1 if p < 100 else 2) + qq)
    unit = 40 if decks == 2 else 60  # the width of one row
    if p == 0:
        return ("defenders", 3)
    if p < 2 * unit:
        return ("defenders", 2 if p < unit else 1)
    return ("attackers", (p - 2 * unit) // unit + qq)


def next_dealer(
    rules: Rules, dealer: int, friend: int | None, side: str, attackers: Sequence[int]
) -> int:
    if side == "defenders":
        if rules.partners == "fixed":
            return (dealer + 2) % 4
        return dealer if friend is None else friend
    for k in (1, 2, 3):
        seat = (dealer + k) % 4
        if rules.partners == "fixed" or seat in attackers:
            return seat
    raise AssertionError("no attacker")


def assert_cards_conserved(m: Match) -> None:
    loose = list(m.kitty) + list(m.played)
    if m.kitty_holder is None:
        loose += m.deck[m.dealt :]
    held = [c for h in m.hands for c in cards_of(h)]
    assert counts_of(held + loose) == counts_of(full_deck(m.rules.decks)), (m.seed, m.phase)


def assert_hand_result(m: Match, levels_before: list[int]) -> None:
    r = m.hand_result
    assert r is not None and m.trump is not None
    assert sum(m.captured) + points_of(m.kitty) == m.rules.total_points
    assert r.level == levels_before[r.dealer]
    attackers = r.attackers
    assert sorted(attackers + r.defenders) == [0, 1, 2, 3]
    last = m.last_trick
    assert last is not None
    won = [p["cards"] for p in last["plays"] if p["seat"] == last["winner"]][0]
    bonus = points_of(m.kitty) * kitty_multiplier(parse_cards(won), m.trump)
    points = sum(m.captured[s] for s in attackers) + m.penalty
    points += bonus if last["winner"] in attackers else 0
    assert r.attackers_points == points
    side, gained = level_change(points, m.rules.decks, m.rules.scoring)
    assert (r.side, r.levels_gained) == (side, gained)
    movers = r.defenders if side == "defenders" else attackers
    expected = [min(ACE, lv + gained) if s in movers else lv for s, lv in enumerate(levels_before)]
    assert m.levels == expected
    assert r.next_dealer == next_dealer(m.rules, r.dealer, r.friend, side, attackers)
    won_match = side == "defenders" and r.level == ACE
    assert r.match_won == won_match and m.is_over == won_match


# ------------------------------------------------------------ the driver
def copy_friend(m: Match) -> int | None:
    """The oracle of ``first_copy``/``second_copy``: the player of the deciding copy of the
    called card among the plays so far, unless that is the dealer (RULES §3.4)."""
    wanted = 1 if m.rules.friend_rule == "first_copy" else min(2, m.rules.decks)
    card = m.friend_card
    seen = 0
    plays = [play for trick in m.tricks for play in trick.plays] + list(m.trick)
    for seat, cards in plays:
        seen += sum(1 for c in cards if c == card)
        if seen >= wanted:
            return None if seat == m.dealer else seat
    return None


def advance(m: Match, players: Sequence[Player], stats: Counter[str]) -> None:
    """One step: a system step (with deal-time declarations) or a player's action."""
    mover = m.to_move
    assert mover is not None
    if mover == CHANCE:
        for action in step(m, players):
            stats[type(action).__name__] += 1
        return
    action = players[mover].act(m.observe(mover))
    if isinstance(action, Play) and m.lead is not None:
        assert m.trump is not None
        assert check_follow(m.hands[mover], m.lead, list(action.cards), m.trump) is None
    if isinstance(action, CallFriend):
        assert m.dealer is not None
        after = [(m.dealer + k) % 4 for k in (1, 2, 3)]
        holders = [s for s in after if m.hands[s][action.card]]
    if isinstance(action, Declare):
        stats[f"declare_{m.phase}"] += 1
    m.apply(action)
    stats[type(action).__name__] += 1
    if isinstance(action, CallFriend):
        nearest = holders[0] if holders else None
        assert m.friend == (nearest if m.rules.friend_rule == "nearest_holder" else None)
        stats["alone" if m.friend is None else "friend"] += 1
    if (isinstance(action, Play) and m.rules.partners == "find_friend"
            and m.rules.friend_rule != "nearest_holder"):
        assert m.friend == copy_friend(m)
        stats[f"friend_{m.rules.friend_rule}"] += m.friend is not None and m.friend == mover
    if isinstance(action, Play) and len(m.trick) == 1 and m.throw_failure is not None:
        stats["throw_failure"] += 1


def play_to_end_of_hand(m: Match, players: Sequence[Player]) -> None:
    stats: Counter[str] = Counter()
    while m.phase not in ("hand_over", "match_over"):
        advance(m, players, stats)


def play_hand(
    m: Match, players: list[Player], rng: random.Random, stats: Counter[str], continuation: bool
) -> None:
    """Play one hand with every per-action check."""
    levels_before = list(m.levels)
    # a hand is about 8 actions per card of a hand (deal + play): fork somewhere in it
    fork_at = rng.randrange(8 * m.rules.hand_size) if continuation else -1
    fork: tuple[Match, list[Player]] | None = None
    actions = 0
    while m.phase not in ("hand_over", "match_over"):
        advance(m, players, stats)
        assert_cards_conserved(m)
        actions += 1
        if rng.random() < 0.02:
            assert loads(dumps(m)) == m
            stats["round_trips"] += 1
        if actions == fork_at and m.phase not in ("hand_over", "match_over"):
            fork = (loads(dumps(m)), copy.deepcopy(players))
    assert_hand_result(m, levels_before)
    if fork is not None:
        twin, twin_players = fork
        play_to_end_of_hand(twin, twin_players)
        assert twin == m and twin.hand_result == m.hand_result
        stats["continuations"] += 1


def run_combos(combos: list[dict[str, object]], seed: int) -> Counter[str]:
    stats: Counter[str] = Counter()
    rng = random.Random(seed)
    for i, options in enumerate(combos):
        rules = Rules(**options)  # type: ignore[arg-type]
        start = rng.choice([0, 0, 5, 10, 11, ACE])  # 2, 7, Q, K or A for everyone
        m = Match(rules, seed=seed * 1000 + i, start_level=start)
        lineup = LINEUPS[i % len(LINEUPS)]
        players = [make(name, rng.randrange(1 << 30)) for name in lineup]
        for _ in range(HANDS_PER_COMBO):
            play_hand(m, players, rng, stats, continuation=stats["hands"] % 4 == 0)
            stats["hands"] += 1
            if m.is_over:
                stats["matches_won"] += 1
                break
            r = m.hand_result
            assert r is not None
            step(m, players)  # NextHand
            assert m.dealer is not None
            assert m.dealer == r.next_dealer and m.level == m.levels[m.dealer]
    return stats


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_random_hands_under_every_option_combination(decks: int) -> None:
    combos = [c for c in COMBOS if c["decks"] == decks]
    assert len(combos) == 256
    stats = run_combos(combos, seed=decks)
    print(dict(stats))
    # 256 combos × up to 2 hands; a match can end after its first hand at level A.
    assert stats["hands"] >= 1000 // 3 + 1
    assert stats["Play"] > 0 and stats["Bury"] >= stats["hands"]
    assert stats["throw_failure"] > 0, "no throw ever failed: the throw checks went untested"
    assert stats["matches_won"] > 0 and stats["continuations"] > 50 and stats["round_trips"] > 500
    assert stats["friend"] > 0 and stats["declare_theft"] > 0
    assert stats["friend_first_copy"] > 0 and stats["friend_second_copy"] > 0
    if decks > 1:
        assert stats["declare_declare"] > 0


def test_every_option_value_is_covered() -> None:
    for name, values in CHOICES.items():
        assert {c[name] for c in COMBOS} == set(values)
    for decks in CHOICES["decks"]:
        friends = [c for c in COMBOS if c["decks"] == decks and c["partners"] == "find_friend"]
        assert {c[FOLDED] for c in friends} == set(CHOICES[FOLDED])
    assert len(COMBOS) == 768 and HANDS_PER_COMBO * len(COMBOS) >= 1000

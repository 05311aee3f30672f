"""The view's public history, and honest views: a player's choice depends on its view only."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest
from tractor.actions import CHANCE, Action, Declare, Play
from tractor.cards import CARDS, points_of
from tractor.history import history_state
from tractor.match import Match
from tractor.players import PLAYER_NAMES, Player, make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import dumps, loads
from tractor.view import View


def easy_seats(seed: int) -> list[Player]:
    return [make_player("easy", seed * 4 + s) for s in range(4)]


class Thrower:
    """Leads every off-suit card it holds of its longest suit at once (throws often fail)."""

    name = "thrower"

    def __init__(self, seed: int):
        self.inner = make_player("easy", seed)

    def declare(self, view: View) -> Declare | None:
        return self.inner.declare(view)

    def act(self, view: View) -> Action:
        if view.phase == "play" and view.lead is None:
            order = view.order
            suits = [[c for c in view.hand if order.suit[c] == s] for s in range(5)]
            return Play(view.seat, max(suits, key=len))
        return self.inner.act(view)


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(partners="find_friend", kitty_theft=True), Rules(decks=3, throw_penalty=True)],
)
def test_the_view_carries_every_finished_trick(rules: Rules) -> None:
    m = Match(rules, seed=11)
    seats: list[Player] = easy_seats(3)
    seats[1] = Thrower(5)
    failures = []
    while m.phase != "hand_over":
        step(m, seats)
        if m.throw_failure is not None and len(m.trick) == 1:
            failures.append((m.tricks_played, m.throw_failure["attempted"]))
        for seat in range(4):
            assert len(m.observe(seat).tricks) == m.tricks_played
    views = [m.observe(s) for s in range(4)]
    tricks = views[0].tricks
    assert all(v.tricks == tricks for v in views)
    assert [c for t in tricks for _, cs in t.plays for c in cs] == list(m.played)
    assert tricks[0].leader == m.dealer
    for before, after in zip(tricks, tricks[1:], strict=False):
        assert after.leader == before.winner
    for t in tricks:
        assert [s for s, _ in t.plays] == [(t.leader + k) % 4 for k in range(4)]
        assert t.points == sum(points_of(cs) for _, cs in t.plays)
    assert sum(t.points for t in tricks) == sum(m.captured)
    assert failures and all(
        [str(c) for c in tricks[i].attempted or ()] == attempted for i, attempted in failures
    )
    assert [i for i, t in enumerate(tricks) if t.attempted] == [i for i, _ in failures]
    burier = m.buries[-1][0]
    assert views[burier].my_bury == m.buries[-1][1]
    assert all(v.my_bury is None for v in views if v.seat not in {s for s, _ in m.buries})
    if rules.partners == "find_friend" and m.friend is not None:
        ft = views[0].friend_trick
        assert ft is not None and m.friend_card in tricks[ft].cards_of(m.friend)
    data = views[0].to_data()
    assert len(data["tricks"]) == m.tricks_played and data["tricks"][0]["leader"] == m.dealer
    replayed = loads(dumps(m))
    assert replayed.tricks == m.tricks and replayed.buries == m.buries
    assert history_state(replayed.tricks, replayed.buries, replayed.friend_trick) == history_state(
        m.tricks, m.buries, m.friend_trick
    )


def test_history_is_reset_for_the_next_hand() -> None:
    m = Match(Rules(), seed=2)
    seats = easy_seats(2)
    while m.phase != "hand_over":
        step(m, seats)
    step(m, seats)
    v = m.observe(0)
    assert v.tricks == () and v.my_bury is None and v.friend_trick is None


# ------------------------------------------------------------- honest views
def hide_differently(m: Match, seat: int, rng: random.Random) -> Match:
    """A copy of ``m`` where cards ``seat`` cannot see are swapped around."""
    twin = copy.deepcopy(m)
    others = [s for s in range(4) if s != seat]
    for _ in range(6):
        a, b = rng.sample(others, 2)
        ca = [c for c in range(54) if twin.hands[a][c] and not twin.hands[b][c]]
        cb = [c for c in range(54) if twin.hands[b][c] and not twin.hands[a][c]]
        if ca and cb:
            x, y = rng.choice(ca), rng.choice(cb)
            twin.hands[a][x] -= 1
            twin.hands[b][y] -= 1
            twin.hands[a][y] += 1
            twin.hands[b][x] += 1
    if m.observe(seat).kitty is None and twin.kitty:
        o = rng.choice(others)
        held = [c for c in range(54) if twin.hands[o][c] and c not in twin.kitty]
        if held:
            x, i = rng.choice(held), rng.randrange(len(twin.kitty))
            twin.hands[o][x] -= 1
            twin.hands[o][twin.kitty[i]] += 1
            twin.kitty[i] = CARDS[x]
    tail = twin.deck[twin.dealt :]
    rng.shuffle(tail)
    twin.deck[twin.dealt :] = tail
    assert twin.hands != m.hands or twin.deck != m.deck or twin.kitty != m.kitty
    return twin


def decision_points(rules: Rules, seed: int) -> Iterator[tuple[Match, int, str]]:
    """(match, seat, kind) at deal-time declarations and at every kind of turn."""
    m = Match(rules, seed=seed)
    seats = easy_seats(seed)
    seen: set[tuple[str, int]] = set()
    while m.phase != "hand_over":
        mover = m.to_move
        assert mover is not None
        if mover == CHANCE:
            if m.phase == "deal" and m.dealt % 17 == 16:
                seat = m.dealt % 4
                if m.declaration_options(seat):
                    yield m, seat, "declare"
            step(m, seats)
            continue
        key = (m.phase if m.phase != "play" else f"play{len(m.trick)}", m.tricks_played // 6)
        if key not in seen:
            seen.add(key)
            yield m, mover, "act"
        step(m, seats)


RULE_CLASSES = [
    Rules(),
    Rules(declare_window="after_deal", partners="find_friend", kitty_theft=True),
    Rules(decks=3, twos_always_trump=True),
]


@pytest.mark.parametrize("name", list(PLAYER_NAMES))
def test_same_view_same_choice_whatever_the_hidden_cards(name: str) -> None:
    rng = random.Random(name)
    kinds: set[str] = set()
    for i, rules in enumerate(RULE_CLASSES):
        for m, seat, kind in decision_points(rules, seed=40 + i):
            twin = hide_differently(m, seat, rng)
            view = m.observe(seat)
            assert twin.observe(seat) == view
            seed = rng.randrange(1 << 30)
            first = make_player(name, seed)
            second = make_player(name, seed)
            if kind == "declare":
                assert first.declare(view) == second.declare(twin.observe(seat))
            else:
                assert first.act(view) == second.act(twin.observe(seat))
            kinds.add(kind if kind == "declare" else view.phase)
    assert {"declare", "bury", "theft", "call", "play"} <= kinds

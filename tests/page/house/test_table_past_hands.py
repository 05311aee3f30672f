"""Past hands and replay: the history of the last 50 hands, replaying a hand step
by step, exporting it, the card counter (CPython, a fake screen and storage).
"""

from __future__ import annotations

import pytest
from fakes import FakeStorage
from matches import advance
from store.saves import read_match
from store.settings import Settings
from tables import make_game
from tractor.match import Match
from tractor.rules import Rules
from tractor.save import dumps


# ------------------------------------------------------------ past hands and replay
def finished_hands(count: int) -> list[tuple[str, Match]]:
    """(match id, match just after a hand ended) for ``count`` hands of short matches."""
    from tractor.players import make_player
    from tractor.runner import play_hand, step

    out: list[tuple[str, Match]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        m = Match(Rules(decks=1), seed)
        players = [make_player("random", s) for s in range(4)]
        while len(out) < count and not m.is_over and m.hand_no < 8:
            play_hand(m, players)
            out.append((f"m{seed}", m))
            if m.phase == "hand_over":
                m = read_match(dumps(m)).match or m
                step(m, players)
    return out


def test_the_history_keeps_the_last_50_hands_and_round_trips() -> None:
    from store.pasthands import MAX_HANDS, History, parse_history

    history = History()
    hands = finished_hands(MAX_HANDS + 6)
    for match_id, m in hands:
        history = history.with_hand(match_id, m)
    kept = history.hands
    assert len(kept) == MAX_HANDS
    assert kept[-1] == (hands[-1][0], hands[-1][1].hand_no)
    assert (hands[0][0], hands[0][1].hand_no) not in kept
    assert parse_history(history.to_json()) == (history, False)
    assert len(history.to_json()) < 400_000


@pytest.mark.parametrize("text", ["[[[", '{"version": 1, "entries": [{"match_id": "x"}]}',
                                  '{"version": 1, "entries": [{"match_id": "x", "hands": [9],'
                                  ' "record": {"schema": "tractor-match"}}]}'])
def test_a_damaged_history_is_refused(text: str) -> None:
    from store.pasthands import History, parse_history

    assert parse_history(text) == (History(), True)


def test_a_replay_steps_through_the_start_every_trick_and_the_result() -> None:
    from store.pasthands import replay_steps
    from tractor.save import record

    (match_id, m), = finished_hands(1)
    steps = replay_steps(record(m), m.hand_no)
    assert [s.title for s in steps] == ["start"] + ["trick"] * len(m.tricks) + ["result"]
    for step, trick in zip(steps[1:], m.tricks, strict=False):
        assert step.plays == tuple((s, tuple(str(c) for c in cs)) for s, cs in trick.plays)
        assert step.winner == trick.winner and step.points == trick.points
    start = steps[0]
    assert sum(len(h) for h in start.hands) == 4 * m.rules.hand_size
    assert steps[-1].result == m.hand_result and all(not h for h in steps[-1].hands)


@pytest.mark.parametrize("seed", [3, 4, 9])
def test_the_card_counter_counts_the_trumps_in_other_hands_and_the_kitty(seed: int) -> None:
    from tractor.trump import TRUMP

    m = advance({}, seed, lambda m: m.phase == "play" and m.tricks_played >= 5)
    assert m is not None and m.trump is not None
    settings = Settings(lang="en", card_counter=True)
    game, screen = make_game(FakeStorage({"tractor.match": dumps(m),
                                          "tractor.settings": settings.to_json()}))
    game.flush()
    hidden = [c for s in (1, 2, 3) for c in m.hand_cards(s)]
    if m.kitty_holder != 0:
        hidden += m.kitty
    trumps = sum(1 for c in hidden if m.trump.suit[c] == TRUMP)
    assert f"Trumps still out: {trumps}" in screen.regions["footer"]
    assert 'data-testid="counter"' in screen.regions["footer"]


def test_the_card_counter_is_off_by_default() -> None:

    m = advance({}, 3, lambda m: m.phase == "play")
    assert m is not None
    game, screen = make_game(FakeStorage({"tractor.match": dumps(m)}))
    game.flush()
    assert "counter" not in screen.regions["footer"]


def test_a_hand_exports_as_the_record_up_to_its_end() -> None:
    from store.pasthands import History, hand_record
    from tractor.save import from_record, record

    hands = finished_hands(3)
    match_id, m = hands[-1]
    assert m.hand_no == 2
    storage = FakeStorage({"tractor.history": History().with_match(match_id, m).to_json()})
    game, _ = make_game(storage)
    game.open_replay(match_id, 1)
    name, text = game.export_hand()
    exported = read_match(text).match
    assert exported is not None and exported.phase == "hand_over" and exported.hand_no == 1
    assert name == f"tractor-hand-{m.seed}-2.json"
    assert exported.results == m.results[:2]
    assert from_record(hand_record(record(m), 2)) == m


def test_the_result_s_replay_works_for_a_hand_finished_before_this_visit() -> None:
    (_, m), = finished_hands(1)
    game, _ = make_game(FakeStorage({"tractor.match": dumps(m)}))
    assert game.history().entry(game.state.live.meta.match_id) is None
    game.open_replay(game.state.live.meta.match_id, m.hand_no)
    assert game.state.past.replay is not None
    assert game.state.past.replay[0][-1].result == m.hand_result

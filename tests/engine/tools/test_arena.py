"""The arena (duplicate deals) and the fixed first dealer it relies on."""

from __future__ import annotations

import json

import pytest
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules, RulesError
from tractor.runner import play_hand
from tractor.tools.arena import arena, percentile, play_deal
from tractor.tools.cli import main


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_fixed_first_dealer_deals_whoever_declares(seat: int) -> None:
    rules = Rules(first_dealer=f"seat{seat}")
    assert Rules.from_json(rules.to_json()) == rules and rules.fixed_first_dealer == seat
    m = Match(rules, seed=5)
    assert m.dealer == seat and m.deal_start == seat
    play_hand(m, [make_player("easy", s) for s in range(4)])
    assert m.hand_result is not None and m.hand_result.dealer == seat


def test_first_dealer_rejects_other_seats() -> None:
    with pytest.raises(RulesError):
        Rules(first_dealer="seat4")
    assert Rules().fixed_first_dealer is None


def test_both_plays_of_a_deal_get_the_same_cards_and_dealer() -> None:
    m1, m2 = Match(Rules(first_dealer="seat3"), seed=9), Match(Rules(first_dealer="seat3"), seed=9)
    assert m1.deck == m2.deck
    result = play_deal(Rules(), "easy", "random", seed=4, deal=3, declaring=False)
    assert [p.a_seats for p in result.plays] == [(0, 2), (1, 3)]
    assert all(p.a_attacked is not None for p in result.plays)


def test_arena_is_the_same_with_several_processes_and_easy_beats_random() -> None:
    one = arena(Rules(), "easy", "random", deals=8, seed=2)
    two = arena(Rules(), "easy", "random", deals=8, seed=2, jobs=2)
    drop = ("seconds", "decision_ms")
    a = {k: v for k, v in one.to_dict().items() if k not in drop}
    b = {k: v for k, v in two.to_dict().items() if k not in drop}
    assert a == b and one.hands == 16
    mean, half = one.levels()
    assert mean - half > 0.5 and one.a_share() > 0.6 and one.a_wins() >= one.a_share()
    assert one.to_dict()["decision_ms"]["a"]["decisions"] > 100


def test_arena_mirror_swaps_the_sign() -> None:
    ab = arena(Rules(decks=1), "easy", "random", deals=5, seed=7)
    ba = arena(Rules(decks=1), "random", "easy", deals=5, seed=7)
    assert ab.levels()[0] == pytest.approx(-ba.levels()[0])


def test_percentile_nearest_rank() -> None:
    assert percentile([], 0.5) == 0.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([float(i) for i in range(1, 101)], 0.95) == 95.0


def test_arena_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "basic", "random", "--deals", "2", "--seed", "1", "--decks", "1",
            "--partners", "find_friend", "--kitty-theft", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"] == "easy" and data["hands"] == 4 and data["rules"]["partners"] == "find_friend"
    assert main(["arena", "easy", "random", "--deals", "1", "--declaring"]) == 0
    out = capsys.readouterr().out
    assert "levels per hand for A" in out and "dealer from declaring" in out


def test_rollout_bench_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--rollout", "--hands", "20"]) == 0
    out = capsys.readouterr().out
    assert "20 hands played out by the rollout policy" in out and "hands/s of CPU time" in out


def test_arena_reports_cpu_times() -> None:
    d = arena(Rules(decks=1), "normal", "easy", deals=2, seed=3).to_dict()
    for who in ("a", "b"):
        t = d["decision_ms"][who]
        assert 0 < t["cpu_p50"] <= t["cpu_p95"] and t["decisions"] > 10

"""The command line: ``python -m tractor simulate`` and ``python -m tractor bench``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import tractor.simulate
from tractor.__main__ import main
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.simulate import check_hand, simulate

PYENGINE = Path(__file__).resolve().parents[2] / "pyengine"
FIELDS = (
    "hands played: ",
    "hands per second: ",
    "mean attackers' points: ",
    "level outcomes (side, levels): ",
    "invariants broken: none",
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().out


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["--players", "basic,random,basic,random"],
        ["--preset", "find_friend_3_decks", "--players", "basic"],
        ["--decks", "1", "--partners", "find_friend", "--scoring", "qq", "--seat2", "basic"],
        [
            "--declare-window",
            "after_deal",
            "--first-dealer",
            "first_declarer",
            "--no-declaration",
            "no_trump",
            "--twos-always-trump",
            "--kitty-theft",
            "--throw-penalty",
            "--seat0",
            "basic",
            "--seat3",
            "basic",
        ],
        ["--preset", "qq", "--no-throw-penalty", "--decks", "3"],
    ],
)
def test_simulate_prints_the_expected_fields(
    options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(["simulate", "--hands", "3", "--seed", "2", *options], capsys)
    assert code == 0, out
    for field in FIELDS:
        assert field in out
    assert "hands played: 3 " in out


def test_options_reach_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        [
            "simulate",
            "--hands",
            "2",
            "--json",
            "--preset",
            "qq",
            "--no-throw-penalty",
            "--decks",
            "1",
            "--kitty-theft",
            "--players",
            "basic,random,random,basic",
            "--seat1",
            "basic",
        ],
        capsys,
    )
    data = json.loads(out)
    assert code == 0 and data["hands"] == 2 and data["violations"] == []
    assert Rules.from_dict(data["rules"]) == Rules(
        decks=1, scoring="qq", throw_penalty=False, kitty_theft=True
    )
    assert data["players"] == ["basic", "basic", "random", "basic"]
    assert sum(data["outcomes"].values()) == 2


def test_matches_roll_over_to_the_next_seed() -> None:
    # One-deck matches between basic players last a few dozen hands: 150 hands span
    # several matches, each started with the next seed, without breaking anything.
    result = simulate(Rules(decks=1), ["basic"] * 4, hands=150, seed=3)
    assert result.hands == 150 and result.ok
    assert result.matches_won >= 1
    assert result.matches - result.matches_won in (0, 1)


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_simulate_with_throwers_fuzzes_failed_throws_and_their_penalty(decks: int) -> None:
    rules = Rules(decks=decks, throw_penalty=True, partners="find_friend")
    result = simulate(rules, ["thrower", "random", "thrower", "basic"], hands=30, seed=decks)
    assert result.ok, result.violations
    assert result.throw_failures >= 10, "throwers must make throws fail, and often"


def test_the_cli_takes_the_thrower(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["simulate", "--hands", "10", "--players", "thrower,thrower,random,random",
                     "--throw-penalty"], capsys)
    assert code == 0 and "invariants broken: none" in out
    failed = int(re.search(r"failed throws: (\d+)", out).group(1))  # type: ignore[union-attr]
    assert failed > 0


def test_a_wrong_throw_penalty_is_caught_by_the_invariants() -> None:
    m = Match(Rules(throw_penalty=True), seed=5)
    players = [make_player("thrower", s) for s in range(4)]
    start = tractor.simulate.HandStart(list(m.levels), m.dealer)
    start.failed_throws = tractor.simulate._play_hand(m, players)
    assert start.failed_throws and check_hand(m, start) == []
    start.failed_throws = start.failed_throws[1:]
    assert any("throw penalty" in v for v in check_hand(m, start))


def test_a_broken_invariant_gives_a_non_zero_exit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tractor.simulate, "check_hand", lambda m, start: ["made-up violation"])
    code, out = run(["simulate", "--hands", "2"], capsys)
    assert code == 1
    assert "invariants broken: 2" in out and "made-up violation" in out


def test_bad_arguments_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["simulate", "--decks", "4"],
        ["simulate", "--players", "random,nobody"],
        ["simulate", "--hands", "0"],
        ["dance"],
        [],
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
    capsys.readouterr()


def test_bench_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["bench", "--hands", "5", "--seed", "1"], capsys)
    assert code == 0
    assert out.startswith("bench: 5 hands, random players, 2 decks") and "hands/s" in out


def test_python_dash_m_entry_point() -> None:
    env = dict(os.environ, PYTHONPATH=str(PYENGINE))
    done = subprocess.run(
        [sys.executable, "-m", "tractor", "simulate", "--hands", "2", "--players", "basic"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "hands played: 2 " in done.stdout

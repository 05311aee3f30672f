"""The command line: ``python -m tractor simulate`` and ``python -m tractor bench``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import tractor.tools.simulate
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.tools.cli import main
from tractor.tools.simulate import check_hand, simulate

PYENGINE = Path(__file__).resolve().parents[3] / "pyengine"
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
    start = tractor.tools.simulate.HandStart(list(m.levels), m.dealer)
    start.failed_throws = tractor.tools.simulate._play_hand(m, players)
    assert start.failed_throws and check_hand(m, start) == []
    start.failed_throws = start.failed_throws[1:]
    assert any("throw penalty" in v for v in check_hand(m, start))


def test_a_broken_invariant_gives_a_non_zero_exit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(
        tractor.tools.simulate, "check_hand", lambda m, start: ["made-up violation"]
    )
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


SCENARIO = {
    "schema": "tractor-scenario",
    "version": 1,
    "level": "2",
    "trump": "H",
    "turn": 0,
    "seats": [{"cards": "AS AS KS"}, {"backs": 3}, {}, {"backs": 3}],
}


def _scenario_file(tmp_path: Path, **fields: object) -> Path:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({**SCENARIO, **fields}), encoding="utf-8")
    return path


def test_scenario_with_steps_prints_ok_link_and_iframe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _scenario_file(tmp_path, steps=[{"seat": 0, "cards": "KS"}, {"seat": 1, "cards": "3S"}])
    code, out = run(["scenario", str(path), "--base", "https://x.org/embed.html"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "ok: steps (2 steps)"
    assert lines[1].startswith("https://x.org/embed.html?s=")
    assert lines[2].startswith('<iframe src="https://x.org/embed.html?s=')
    assert lines[2].endswith("></iframe>")


def test_scenario_quiz_checks_its_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _scenario_file(tmp_path, quiz={"answers": ["AS", "AS AS"]})
    code, out = run(["scenario", str(path)], capsys)
    assert code == 0 and out.startswith("ok: quiz (quiz with 2 answers)\nembed.html?s=")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"steps": [{"seat": 1, "cards": "KS"}]}, "steps[0]: seat 0 is to play, not 1"),
        ({"quiz": {"answers": ["AS KS"]}, "turn": 0, "trick": [{"seat": 3, "cards": "3S 3S"}],
          "seats": [{"cards": "AS AS KS 4S"}, {"backs": 4}, {}, {"backs": 2}]},
         "quiz.answers[0]: not a legal play: you must play 1 pair(s) of the led suit"),
        ({"turn": 9}, "turn: an integer from 0 to 3"),
    ],
)
def test_a_bad_scenario_exits_1_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fields: dict[str, object], message: str
) -> None:
    path = _scenario_file(tmp_path, **fields)
    assert main(["scenario", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"{path}: ") and message in captured.err


def test_a_missing_or_huge_scenario_file_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scenario", str(tmp_path / "none.json")]) == 1
    huge = tmp_path / "huge.json"
    huge.write_text(" " * 100_000, encoding="utf-8")
    assert main(["scenario", str(huge)]) == 1
    assert "larger than 80,000 bytes" in capsys.readouterr().err


def test_python_dash_m_scenario(tmp_path: Path) -> None:
    path = _scenario_file(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(PYENGINE))
    done = subprocess.run(
        [sys.executable, "-m", "tractor", "scenario", str(path)],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok: position (0 steps)")


def test_review_prints_the_coach_s_marks_for_one_seat_and_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tractor.runner import step
    from tractor.save import dumps

    m = Match(Rules(), seed=1)
    seats = [make_player("easy", s) for s in range(4)]
    while m.phase != "hand_over":
        step(m, seats)
    path = tmp_path / "record.json"
    path.write_text(dumps(m), encoding="utf-8")
    code, out = run(["review", str(path), "--seat", "1", "--seed", "3"], capsys)
    assert code == 0
    first, *marks = out.splitlines()
    assert re.fullmatch(r"hand 0, seat 1: \d+ decisions reviewed, \d+ marked, total cost [\d.]+",
                        first)
    assert all(line.startswith(("trick ", "before play, ", "worst: ")) for line in marks)
    assert run(["review", str(path), "--seat", "1", "--seed", "3"], capsys) == (code, out)


def test_review_prints_a_friend_call_and_a_pass_before_the_first_trick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A random player in seat 0 who deals: its marked declaring turns (and call) are
    printed without a trick (a pass as the word)."""
    from tractor.save import dumps

    rules = Rules(partners="find_friend", declare_window="after_deal")
    m = next(m for seed in range(1, 40) for m in [Match(rules, seed)]
             if _played(m, seed) and m.dealer == 0)
    path = tmp_path / "record.json"
    path.write_text(dumps(m), encoding="utf-8")
    code, out = run(["review", str(path), "--seat", "0", "--seed", "1"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert re.fullmatch(r"hand 0, seat 0: \d+ decisions reviewed, \d+ marked, total cost [\d.]+",
                        lines[0])
    before = [line for line in lines if line.startswith("before play, ")]
    assert before and all(re.match(r"before play, (call|declare|pass): played \S", line)
                          for line in before), out
    assert "before play, " in lines[-1]  # the worst decisions name it the same way


def _played(m: Match, seed: int) -> bool:
    """Play hand 0 of ``m``: a random player in seat 0, easy players in the others."""
    from tractor.runner import step

    seats = [make_player("random", seed)] + [make_player("easy", s) for s in (1, 2, 3)]
    while m.phase not in ("hand_over", "match_over"):
        step(m, seats)
    return True


def test_review_refuses_a_file_that_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"schema": "other"}', encoding="utf-8")
    assert main(["review", str(path), "--seat", "0"]) == 1
    assert "not a Tractor save" in capsys.readouterr().err

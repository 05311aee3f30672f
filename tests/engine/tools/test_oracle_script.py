"""``scripts/measure_oracle.py``: the diagnostic hard really searches the true deal."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest
from tractor import runner
from tractor.players import rollout, sampling, search
from tractor.tools import arena

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "measure_oracle.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("measure_oracle", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_oracle_hard_searches_over_the_true_hands_and_restores_the_honest_search(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    oracle = load()
    seen: list[bool] = []
    true_deal = oracle.TrueSampler.deal

    def deal(self: sampling.Sampler, rng: random.Random, tries: int = 12) -> sampling.Deal:
        d: sampling.Deal = true_deal(self, rng, tries)
        m = oracle._Truth.match
        kitty_ok = d.kitty is None if self.mem.kitty_known else sorted(d.kitty or []) == sorted(
            int(c) for c in m.kitty)
        seen.append(d.hands == m.hands and kitty_ok)
        return d

    monkeypatch.setattr(oracle.TrueSampler, "deal", deal)
    oracle.main(["--deals", "1", "--seed", "3"])
    assert len(seen) > 100 and all(seen)
    assert "hard with the true cards - normal, 1 deals, seed 3" in capsys.readouterr().out
    assert vars(search)["Sampler"] is sampling.Sampler
    assert vars(arena)["step"] is runner.step


def test_the_oracle_look_ahead_keeps_the_best_next_lead_never_worse_than_the_policy(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    oracle = load()
    gains: list[float] = []
    inner = oracle.looked_ahead

    def spy(
        t: rollout.Table, rng: random.Random | None = None, horizon: int = 0
    ) -> rollout.Outcome:
        plain = rollout.play_out(t.copy(), None, horizon)  # the policy leads next
        looked: rollout.Outcome = inner(t, rng, horizon)
        score = oracle._Truth.score
        defender = oracle._Truth.seat in t.defenders
        gains.append(score(looked.attackers_points, defender)
                     - score(plain.attackers_points, defender))
        return looked

    monkeypatch.setattr(oracle, "looked_ahead", spy)
    oracle.main(["--deals", "1", "--seed", "3", "--look-ahead", "4"])
    assert len(gains) > 100
    assert min(gains) >= 0 and max(gains) > 0
    out = capsys.readouterr().out
    assert "hard with the true cards looking 4 leads ahead - normal, 1 deals, seed 3" in out
    assert vars(search)["play_out"] is rollout.play_out
    assert vars(search)["Sampler"] is sampling.Sampler

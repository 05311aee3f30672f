"""What the hard player would gain if it knew every hidden card: a ceiling for sampling.

Runs the arena's duplicate deals (``tractor.arena``, the same seeds and seats) with
hard's play search given the true hands and kitty in every "sampled" deal instead of
deals drawn from its view (``players.sampling``); its declaring, burying and the
other seats are unchanged. If this cheating hard is no stronger against normal than
the honest one, better inference about the hidden cards cannot be what hard lacks.

    PYTHONPATH=pyengine python3 scripts/measure_oracle.py --deals 400 --seed 11

Measured (2 decks, fixed partners, 400 deals): hard with the true cards against
normal +0.090 (seed 11) and +0.114 (seed 12), against +0.096 and +0.111 for the
honest hard: what hard lacks is not knowledge of the cards (the README's players
section has the other measurements). Default rules only (2 decks, fixed partners).
A diagnostic, not a player: nothing in the package imports it.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from tractor import arena
from tractor.match import Match
from tractor.players import Player, hard, make_player, sampling, search
from tractor.rules import Rules
from tractor.view import View


class _Truth:
    """The match being played (the arena's loop sets it before every step)."""

    match: Match | None = None


_run_step = vars(arena)["step"]


def _step(m: Match, players: Sequence[Player]) -> Any:
    """The arena's step, noting the match first."""
    _Truth.match = m
    return _run_step(m, players)


class TrueSampler(sampling.Sampler):
    """Every "sampled" deal is the real one."""

    def deal(self, rng: random.Random, tries: int = 12) -> sampling.Deal:
        m = _Truth.match
        assert m is not None
        kitty = None if self.mem.kitty_known else [int(c) for c in m.kitty]
        return sampling.Deal([list(h) for h in m.hands], kitty, list(self.view.defenders))


class OracleHard(hard.HardPlayer):
    """Hard, searching over the true deal."""

    def act(self, view: View) -> Any:
        honest = vars(search)["Sampler"]
        vars(search)["Sampler"] = TrueSampler
        try:
            return super().act(view)
        finally:
            vars(search)["Sampler"] = honest


def _make(name: str, seed: int = 0) -> Player:
    return OracleHard(seed) if name == "hard" else make_player(name, seed)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--opponent", default="normal")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    saved = vars(arena)["step"], vars(arena)["make_player"]
    vars(arena)["step"], vars(arena)["make_player"] = _step, _make
    try:
        r = arena.arena(Rules(), "hard", args.opponent, args.deals, args.seed, 1)
    finally:
        vars(arena)["step"], vars(arena)["make_player"] = saved
    mean, ci = r.levels()
    print(f"hard with the true cards - {args.opponent}, {args.deals} deals, seed "
          f"{args.seed}: {mean:+.4f} levels a hand (±{ci:.3f})")


if __name__ == "__main__":
    main()

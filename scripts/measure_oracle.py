"""What the hard player would gain if it knew every hidden card: a ceiling for sampling.

Runs the arena's duplicate deals (``tractor.tools.arena``, the same seeds and seats) with
hard's play search given the true hands and kitty in every "sampled" deal instead of
deals drawn from its view (``players.sampling``); its declaring, burying and the
other seats are unchanged. If this cheating hard is no stronger against normal than
the honest one, better inference about the hidden cards cannot be what hard lacks.

    PYTHONPATH=pyengine python3 scripts/measure_oracle.py --deals 400 --seed 11

Measured (2 decks, fixed partners, 400 deals): hard with the true cards against
normal +0.090 (seed 11) and +0.114 (seed 12), against +0.096 and +0.111 for the
honest hard: what hard lacks is not knowledge of the cards (`docs/players-log.md`
has the other measurements). Default rules only (2 decks, fixed partners).
A diagnostic, not a player: nothing in the package imports it.

With ``--look-ahead N`` the cheating hard also looks one of its own decisions
further: in every play-out where a candidate leaves it to lead the next trick (it
wins the trick, the policy finishing it), it tries up to ``N`` leads there (the
policy's, then of each suit its top card if nothing out beats it, else its lowest),
plays each out and keeps the best for itself (a trick led with a tractor or a throw
is played out as usual). On a sampled deal that best lead is
chosen knowing cards the seat could not know; on the true deal it is not, so this
measures what a two-step search could give with perfect inference. Measured
(``--look-ahead 4``, 400 deals): +0.149, +0.1325 and +0.1125 against normal
(seeds 11, 12, 13) and +0.571 against easy (seed 11).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from tractor.match import Match
from tractor.players import Player, hard, make_player, rollout, sampling, search
from tractor.players.burying import Score
from tractor.rules import Rules
from tractor.tools import arena
from tractor.trump import TRUMP
from tractor.view import View


class _Truth:
    """The match being played (the arena's loop sets it before every step), and the
    look-ahead of the deciding seat (``--look-ahead``; 0: none)."""

    match: Match | None = None
    look_ahead = 0
    seat = 0
    score: Score = search.outcome_score(Rules())
    """How the deciding seat scores a played-out hand (its rules')."""


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


def next_leads(t: rollout.Table, seat: int, limit: int) -> list[tuple[int, ...]]:
    """Leads to try for ``seat``, to lead in ``t``: the policy's, then of each suit the
    seat's top card if nothing still out beats it, else its lowest (at most ``limit``)."""
    first = t.copy()
    first.record = []
    rollout.play_out(first, None, 1)
    out: list[tuple[int, ...]] = [first.record[0][1]]
    order, hand, left = t.order, t.hands[seat], t.left
    assert left is not None
    for e in (TRUMP, 0, 1, 2, 3):
        mine = [c for c in order.by_suit[e] if hand[c]]
        if mine:
            top = mine[-1]
            beaten = any(left[c] > hand[c] for c in order.by_suit[e]
                         if order.order[c] > order.order[top])
            out.append((mine[0],) if beaten else (top,))
    return list(dict.fromkeys(out))[:limit]


def looked_ahead(t: rollout.Table, rng: random.Random | None = None,
                 horizon: int = 0) -> rollout.Outcome:
    """``rollout.play_out`` for the deciding seat's candidates, looking one lead further
    (see the module docstring)."""
    seat = _Truth.seat
    if t.trick and not rollout._simple(t.trick[0][1]):  # a tractor or throw trick
        return rollout.play_out(t, None, horizon)
    if t.trick:
        ended = rollout.play_out(t, None, 1)  # finishes the trick in place
        if ended.last_winner >= 0:
            return ended
    if t.left is None:
        t.tally()
    if t.leader != seat or not any(t.hands[seat]):
        return rollout.play_out(t, None, horizon)
    score = _Truth.score
    defender = seat in t.defenders
    best: tuple[float, rollout.Outcome] | None = None
    for lead in next_leads(t, seat, _Truth.look_ahead):
        c = t.copy()
        rollout.lead_cards(c, seat, lead)
        o = rollout.play_out(c, None, horizon)
        v = score(o.attackers_points, defender)
        if best is None or v > best[0]:
            best = (v, o)
    assert best is not None
    return best[1]


class OracleHard(hard.HardPlayer):
    """Hard, searching over the true deal (looking ahead with ``--look-ahead``)."""

    def act(self, view: View) -> Any:
        honest = vars(search)["Sampler"], vars(search)["play_out"]
        vars(search)["Sampler"] = TrueSampler
        if _Truth.look_ahead:
            _Truth.seat, _Truth.score = view.seat, search.outcome_score(view.rules)
            vars(search)["play_out"] = looked_ahead
        try:
            return super().act(view)
        finally:
            vars(search)["Sampler"], vars(search)["play_out"] = honest


def _make(name: str, seed: int = 0) -> Player:
    return OracleHard(seed) if name == "hard" else make_player(name, seed)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--opponent", default="normal")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--look-ahead", type=int, default=0,
                    help="leads to try when the seat leads next (0: one step only)")
    args = ap.parse_args(argv)
    _Truth.look_ahead = args.look_ahead
    saved = vars(arena)["step"], vars(arena)["make_player"]
    vars(arena)["step"], vars(arena)["make_player"] = _step, _make
    try:
        r = arena.arena(Rules(), "hard", args.opponent, args.deals, args.seed, 1)
    finally:
        vars(arena)["step"], vars(arena)["make_player"] = saved
    mean, ci = r.levels()
    ahead = f" looking {args.look_ahead} leads ahead" if args.look_ahead else ""
    print(f"hard with the true cards{ahead} - {args.opponent}, {args.deals} deals, seed "
          f"{args.seed}: {mean:+.4f} levels a hand (±{ci:.3f})")


if __name__ == "__main__":
    main()

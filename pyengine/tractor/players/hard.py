"""The hard computer player: the normal player's rules and a long search.

A ``SearchPlayer`` (see ``search``: determinised Monte Carlo over the unseen
cards, the kitty chosen the same way) whose first candidate is the normal
player's rules-with-memory choice, with the ``HARD`` budget: about 260
play-outs a decision over up to 10 candidates (CPU p95 under 100 ms in
CPython). Declaring and calling the friend are the easy player's.
"""

from __future__ import annotations

from .normal import NormalPlayer
from .search import Budget

HARD = Budget(rollouts=260, late_scale=1.0, max_candidates=10, min_samples=6,
              max_samples=30, bury_scale=1.0, margin=0.05)


class HardPlayer(NormalPlayer):
    """The normal player's rules, searched with the ``HARD`` budget."""

    name = "hard"
    budget = HARD


__all__ = ["HardPlayer", "HARD"]

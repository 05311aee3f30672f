"""The level tables of RULES §5 as data, one per deck count."""

from __future__ import annotations

from typing import NamedTuple

from .rulecore import TAKE_DEAL_POINTS


class Table(NamedTuple):
    zero: int
    """Defenders' levels when the attackers have no points."""
    defender_rows: tuple[tuple[int, int], ...]
    """(exclusive upper bound, defenders' levels), checked in order."""
    attacker_rows: tuple[tuple[int, int], ...]
    """(inclusive lower bound, attackers' levels), the last that applies wins."""
    step: int
    """Points per further attackers' level beyond the last row (0: none)."""


TABLES = {
    # 1 deck (100): 40 ≤ p < 80 the deal passes with no level; 80 +1; 100 +2.
    1: Table(2, ((TAKE_DEAL_POINTS[1], 1),), ((TAKE_DEAL_POINTS[1], 0), (80, 1), (100, 2)), 0),
    # 2 decks (200): 80 take the deal, then +1 per 40.
    2: Table(3, ((40, 2), (TAKE_DEAL_POINTS[2], 1)), ((TAKE_DEAL_POINTS[2], 0),), 40),
    # 3 decks (300): 大光 0, 小光 < 60, < 120 +1 (inferred), 120 上台, then +1 per 60.
    3: Table(3, ((60, 2), (TAKE_DEAL_POINTS[3], 1)), ((TAKE_DEAL_POINTS[3], 0),), 60),
}

"""Level changes from the attackers' points (RULES §5).

``level_change(points, decks, scoring)`` returns ``("defenders", n)`` when the
defenders keep the deal and go up n levels, ``("attackers", n)`` when the
attackers take the deal and go up n (0: take the deal with no level).

>>> level_change(0), level_change(35), level_change(75), level_change(80), level_change(120)
(('defenders', 3), ('defenders', 2), ('defenders', 1), ('attackers', 0), ('attackers', 1))
>>> level_change(80, scoring="qq"), level_change(200), level_change(240)
(('attackers', 1), ('attackers', 3), ('attackers', 4))
>>> level_change(0, decks=1), level_change(60, decks=1), level_change(100, decks=1)
(('defenders', 2), ('attackers', 0), ('attackers', 2))
>>> level_change(50, decks=3), level_change(119, decks=3), level_change(180, decks=3)
(('defenders', 2), ('defenders', 1), ('attackers', 1))

Choices where RULES gives no row *(inferred)*: points below zero (a throw
penalty against the attackers) count as zero; with ``qq`` scoring for 1 and 3
decks the attackers gain one more level on every attacking row, as ``qq`` does
for 2 decks.
"""

from __future__ import annotations

from .scoring_tables import TABLES


class ScoringError(ValueError):
    """Bad arguments to the level table."""


def level_change(points: int, decks: int = 2, scoring: str = "standard") -> tuple[str, int]:
    if decks not in (1, 2, 3):
        raise ScoringError(f"decks must be 1, 2 or 3, not {decks!r}")
    if scoring not in ("standard", "qq"):
        raise ScoringError(f"scoring must be 'standard' or 'qq', not {scoring!r}")
    p = max(0, points)
    table = TABLES[decks]
    if p == 0:
        return ("defenders", table.zero)
    for bound, levels in table.defender_rows:
        if p < bound:
            return ("defenders", levels)
    gained, last = 0, table.attacker_rows[0][0]
    for bound, levels in table.attacker_rows:
        if p >= bound:
            gained = levels
            last = bound
    if table.step:
        gained += (p - last) // table.step
    if scoring == "qq":
        gained += 1
    return ("attackers", gained)

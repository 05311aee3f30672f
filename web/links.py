"""What the page reads from its address: typed and bounded, never trusted.

>>> parse_query("?seed=42&speed=instant")
(42, 'instant')
>>> parse_query("?seed=²&speed=<b>"), parse_query("?seed=" + "9" * 5000)
((None, None), (None, None))
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs

from settings import SPEEDS
from tractor.match import MAX_SEED

MAX_QUERY = 2000
"""Longer query strings are ignored whole (nothing we read is that long)."""
_SEED = re.compile(r"[0-9]{1,19}", re.ASCII)


def parse_seed(text: str) -> int | None:
    """A seed written in ASCII digits, 0 to ``MAX_SEED``; anything else None."""
    if not _SEED.fullmatch(text):
        return None
    seed = int(text)
    return seed if seed <= MAX_SEED else None


def parse_query(search: str) -> tuple[int | None, str | None]:
    """``seed`` (the first new match's seed) and ``speed`` (this visit only) of a query."""
    if len(search) > MAX_QUERY:
        return None, None
    try:
        query = parse_qs(search.lstrip("?"), max_num_fields=20)
    except ValueError:  # too many fields
        return None, None
    seed = parse_seed(query.get("seed", [""])[0])
    speed = query.get("speed", [""])[0]
    return seed, speed if speed in SPEEDS else None

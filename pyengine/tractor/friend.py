"""Who the friend is, by option ``friend_rule`` (RULES §3.4, find-a-friend).

* ``nearest_holder`` (the default): fixed when the card is called, the nearest holder
  of a copy after the dealer in playing order among the three other hands (none: the
  dealer plays one against three).
* ``first_copy`` / ``second_copy``: whoever plays the first / second copy of the called
  card to be played in the hand. Every copy counts, the dealer's too; when the dealer
  plays the deciding copy, or nobody does, the dealer plays one against three *(as
  shengji.io's default)*. With one deck there is one copy: ``second_copy`` is decided by
  it *(inferred)*.

>>> deciding_copy("first_copy", 2), deciding_copy("second_copy", 2), deciding_copy("second_copy", 1)
(1, 2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card

COPY_RULES = {"first_copy": 1, "second_copy": 2}
"""The copy of the called card whose player joins the dealer, for each such rule."""


def deciding_copy(friend_rule: str, decks: int) -> int:
    """Which copy played (1 the first) makes its player the friend (at most ``decks``)."""
    return min(COPY_RULES[friend_rule], decks)


def nearest_holder(hands: Sequence[Sequence[int]], dealer: int, card: Card) -> int | None:
    """The first seat after ``dealer`` in playing order whose hand holds ``card`` (None)."""
    for k in range(1, 4):
        seat = (dealer + k) % 4
        if hands[seat][card]:
            return seat
    return None

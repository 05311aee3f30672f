"""A seat's own side as far as that seat may know it (RULES §3.4): ``defenders``,
``attackers`` or None while its cards and the plays so far do not settle it.

With fixed partners the side is known once the dealer is. With find-a-friend the
dealer is a defender, and the others know their side when the friend is revealed,
or earlier from what they may see: their own hand (with the copies of the called card
they held when it was called), the call, and every copy played so far and by whom.

* ``nearest_holder``: the friend is the nearest holder after the dealer when the card is
  called. Holding no copy, a seat is an attacker; holding one, it is the friend when it
  sits first after the dealer, an attacker once a seat between the dealer and it has
  played a copy, and the friend once every copy is accounted for by its own, the
  dealer's plays and the plays of the seats after it (so none is in the kitty or
  between).
* ``first_copy`` / ``second_copy``: the friend is whoever plays that copy. Holding no
  copy, a seat can never play it: an attacker; holding every copy not yet played, it
  will play the deciding one: the friend.

>>> from tractor.rules import Rules
>>> from tractor.cards import Card
>>> counts = [0] * 54
>>> ace = Card.parse("AH")
>>> counts[ace] = 1
>>> rules = Rules(partners="find_friend")
>>> own_side(rules, 1, dealer=0, friend_card=ace, counts=counts, plays=())
'defenders'
>>> own_side(rules, 2, dealer=0, friend_card=ace, counts=counts, plays=())
>>> own_side(rules, 2, dealer=0, friend_card=ace, counts=[0] * 54, plays=())
'attackers'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .friend import COPY_RULES
from .rules import Rules


def own_side(
    rules: Rules,
    seat: int,
    *,
    dealer: int | None,
    friend_card: Card | None,
    counts: Sequence[int],
    plays: Iterable[tuple[int, Sequence[Card]]],
    defenders: Sequence[int] = (),
    settled: bool = False,
) -> str | None:
    """``seat``'s side as that seat may know it. ``counts`` is its hand now (counts per
    card), ``plays`` every play of the hand so far (seat, cards), ``defenders`` the
    defenders it knows of, all of them when ``settled`` (fixed partners, the friend
    revealed, the hand over)."""
    if dealer is None:
        return None
    if rules.partners == "fixed" or settled:
        return "defenders" if seat in defenders else "attackers"
    if seat == dealer:
        return "defenders"
    if friend_card is None:
        return None
    played = [0, 0, 0, 0]
    for by, cards in plays:
        played[by] += sum(1 for c in cards if c == friend_card)
    held = counts[friend_card]
    if rules.friend_rule in COPY_RULES:  # undecided yet (else the friend is revealed)
        if held == 0:
            return "attackers"
        return "defenders" if held + sum(played) == rules.decks else None
    if held + played[seat] == 0:
        return "attackers"
    between = [(dealer + k) % 4 for k in range(1, (seat - dealer) % 4)]
    if not between:
        return "defenders"
    if any(played[s] for s in between):
        return "attackers"
    known = sum(played[s] for s in range(4) if s not in between) + held
    return "defenders" if known == rules.decks else None

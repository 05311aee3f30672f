"""The card counter (a setting, off by default): what is still out, from seat 0's view.

Out means in another hand or the kitty: not in seat 0's hand, not played, and not
buried by seat 0 itself. It counts the trumps still out and, suit by suit, the
high cards: jokers and level cards in trumps, aces and kings in the side suits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from micro.markup import Child, Markup, el
from text.i18n import SUIT_SYMBOLS, t
from tractor.cards import BIG_JOKER, RANKS, SMALL_JOKER, SUITS, Card, CardError
from tractor.trump import TRUMP

from render.faces import order_of
from render.scene import Scene

if TYPE_CHECKING:
    from tractor.viewdata import ViewData


def cards_out(view: ViewData) -> list[int]:
    """54 counts of the cards still out for seat 0."""
    out = [view["rules"]["decks"]] * 54
    for text in [*view["hand"], *view["played"], *(view["my_bury"] or [])]:
        try:
            out[Card.parse(text)] -= 1
        except CardError:  # not a card: nothing to count
            continue
    return out


def counter_line(scene: Scene) -> Markup | None:
    """The counter's line, or None when it is off or there is no trump yet."""
    view, lang = scene.view, scene.lang
    if not scene.settings.card_counter or view["trump"] is None or view["phase"] != "play":
        return None
    order = order_of(view)
    out = cards_out(view)
    trumps = sum(out[c] for c in order.by_suit[TRUMP])
    parts: list[Child] = [el("b", t(lang, "counter_trumps", n=trumps))]
    high = [(BIG_JOKER, t(lang, "counter_joker_big")),
            (SMALL_JOKER, t(lang, "counter_joker_small"))]
    level = view["level"]
    high += [(s * 13 + level, RANKS[level] + SUIT_SYMBOLS[SUITS[s]]) for s in range(4)]
    parts.append(" · ".join(f"{name}×{out[c]}" for c, name in high if out[c]))
    for suit in range(4):
        if order.suit[suit * 13] == TRUMP:
            continue
        tops = [(suit * 13 + r, RANKS[r]) for r in (12, 11) if r != level]
        shown = " ".join(f"{name}×{out[c]}" for c, name in tops if out[c])
        if shown:
            parts.append(f"{SUIT_SYMBOLS[SUITS[suit]]} {shown}")
    return el("p", [[p, " · "] for p in parts[:-1]], parts[-1], class_="counter",
              data_testid="counter")

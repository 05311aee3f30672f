"""Card faces as HTML: rank and suit in the corner (cards overlap), coloured by suit."""

from __future__ import annotations

from html import escape
from typing import Any

from i18n import SUIT_SYMBOLS, card_label, t
from tractor.trump import Trump


def card_face(lang: str, card: str, classes: str = "", attrs: str = "", tag: str = "span") -> str:
    """One card: rank and suit in the corner, coloured by suit."""
    if card in ("BJ", "SJ"):
        big = card == "BJ"
        rank = t(lang, "joker_big_short" if big else "joker_small_short")
        suit_text, suit_class = "★", "big-joker" if big else "small-joker"
        title = t(lang, "joker_big" if big else "joker_small")
    else:
        rank, suit_text, suit_class = card[:-1], SUIT_SYMBOLS[card[-1]], f"suit-{card[-1]}"
        title = card_label(lang, card)
    return (
        f'<{tag} class="card {suit_class} {classes}" data-card="{card}" title="{escape(title)}"'
        f' {attrs}><span class="rank">{escape(rank)}</span>'
        f'<span class="pip">{suit_text}</span></{tag}>'
    )


def mini_cards(lang: str, cards: list[str], classes: str = "") -> str:
    """A row of small overlapping cards (tricks, kitty, declarations)."""
    inner = "".join(card_face(lang, card, "mini") for card in cards)
    return f'<span class="cards {classes}">{inner}</span>'


def order_of(view: dict[str, Any]) -> Trump:
    """The trump order in force (no trump at the level while undecided)."""
    trump = view["trump"] or "NT"
    return Trump.of(view["level"], trump, bool(view["rules"]["twos_always_trump"]))


# ------------------------------------------------------------------ regions

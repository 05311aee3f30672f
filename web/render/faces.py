"""Card faces (rank and suit in the corner, coloured by suit) and the table's buttons.

Faces are drawn by ``micro.cardface`` (shared with the painted table and the embed) and
buttons by ``paintbar``; here they take the table's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from micro import cardface
from micro.markup import Child, Markup, el
from micro.paintbar import button as button  # the table's buttons, re-exported
from text.i18n import t, words_of
from tractor.cards import Card, CardError
from tractor.trump import Trump, parse_trump_suit, trump_for

if TYPE_CHECKING:
    from tractor.viewdata import ViewData


def card_face(lang: str, card: str, classes: str = "", tag: str = "span", **attrs: Any) -> Markup:
    """One card (``card`` in RULES notation, e.g. ``10H``): rank and suit in the corner."""
    return cardface.card_face(words_of(lang), card, classes, tag, **attrs)


def card_points(text: str) -> int:
    """The points of a card given as text (0 for text that is not a card)."""
    try:
        return Card.parse(text).points
    except CardError:
        return 0


def mini_cards(lang: str, cards: list[str], classes: str = "") -> Markup:
    """A row of small overlapping cards (tricks, kitty, declarations)."""
    return cardface.mini_cards(words_of(lang), cards, classes)


def details(lang: str, text: str, testid: str) -> Markup:
    """Technical text (an exception's words) collapsed under "Details", so the sentence
    beside it stays in the reader's language and a bug report can still quote it."""
    return el("details", el("summary", t(lang, "details")), el("code", text),
              class_="message-details", data_testid=testid)


def dialog(*children: Child, label: str, testid: str, classes: str,
           role: str = "dialog") -> Markup:
    """A modal dialog panel (``screen`` gives it the focus and keeps Tab inside)."""
    return el("section", *children, class_=f"panel {classes}", data_testid=testid, role=role,
              aria_modal="true", aria_label=label)


def order_of(view: ViewData) -> Trump:
    """The trump order in force (no trump at the level while undecided)."""
    suit = parse_trump_suit(view["trump"] or "NT")
    return trump_for(view["level"], suit, view["rules"]["twos_always_trump"])

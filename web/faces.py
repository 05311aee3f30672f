"""Card faces (rank and suit in the corner, coloured by suit) and the table's buttons."""

from __future__ import annotations

from typing import Any

from i18n import SUIT_SYMBOLS, card_label, t
from markup import Child, Markup, el
from tractor.cards import Card, CardError
from tractor.trump import Trump


def card_face(lang: str, card: str, classes: str = "", tag: str = "span", **attrs: Any) -> Markup:
    """One card (``card`` in RULES notation, e.g. ``10H``): rank and suit in the corner."""
    if card in ("BJ", "SJ"):
        big = card == "BJ"
        rank = t(lang, "joker_big_short" if big else "joker_small_short")
        suit_text, suit_class = "★", "big-joker" if big else "small-joker"
        title = t(lang, "joker_big" if big else "joker_small")
    else:
        suit = card[-1:]
        rank, suit_text = card[:-1], SUIT_SYMBOLS.get(suit, "?")  # "?": not a card (never drawn)
        suit_class = f"suit-{suit}" if suit in SUIT_SYMBOLS else "suit-unknown"
        title = card_label(lang, card)
    return el(
        tag,
        el("span", rank, class_="rank ten" if rank == "10" else "rank"),
        el("span", suit_text, class_="pip"),
        el("span", suit_text, class_="face", aria_hidden="true"),
        class_=f"card {suit_class} {classes}".strip(),
        data_card=card,
        title=title,
        **attrs,
    )


def card_points(text: str) -> int:
    """The points of a card given as text (0 for text that is not a card)."""
    try:
        return Card.parse(text).points
    except CardError:
        return 0


def mini_cards(lang: str, cards: list[str], classes: str = "") -> Markup:
    """A row of small overlapping cards (tricks, kitty, declarations)."""
    faces: list[Child] = [card_face(lang, card, "mini") for card in cards]
    return el("span", faces, class_=f"cards {classes}".strip())


def button(label: Child, action: str, testid: str | None = None, **attrs: Any) -> Markup:
    """A button for the delegated click handler (``data-action``).

    A button with a test id also gets a stable ``id``: the morphing redraw matches
    elements by id, so a redraw that adds or removes buttons before this one never
    turns this very element into another button under a pointer or the focus.
    """
    ident = attrs.pop("id", None) or (f"b-{testid}" if testid else None)
    return el(
        "button", label, id=ident, type="button", data_action=action, data_testid=testid, **attrs
    )


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


def order_of(view: dict[str, Any]) -> Trump:
    """The trump order in force (no trump at the level while undecided)."""
    trump = view["trump"] or "NT"
    return Trump.of(view["level"], trump, bool(view["rules"]["twos_always_trump"]))

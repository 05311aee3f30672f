"""How a card looks: one face for the table, the painted table and the embed.

A card in RULES notation (``10H``, ``AS``, ``BJ``) is drawn as a ``card`` element with
its rank and suit in the corner (``rank``, ``pip``), the suit large in the middle
(``face``, hidden from screen readers), its suit as a class (``suit-H``, ``big-joker``),
``data-card`` and a ``title`` naming it in the reader's language. The live table
(``render``), the painter (``paintable``) and the embed (``embed_view``) all draw their
cards here, so a card looks the same wherever it is shown (``web/style.css`` and
``web/embed/embed.css`` style it).

Runs unchanged in MicroPython: no ``typing``, ``dataclasses`` or ``__future__`` at run
time, annotations in quotes.

>>> from micro.words import Words
>>> w = Words("en", lambda lang, key, **p: {"joker_big_short": "BJ"}.get(key, key))
>>> str(card_face(w, "10H"))[:72]
'<span class="card suit-H" data-card="10H" title="10♥"><span class="rank '
>>> 'class="rank ten"' in str(card_face(w, "10H")), 'data-card="BJ"' in str(mini_cards(w, ["BJ"]))
(True, True)
"""

from micro.markup import Markup, el
from micro.words import SUIT_SYMBOLS, Words, card_label

KEYS = ("joker_big_short", "joker_small_short", "joker_big", "joker_small")
"""The messages a card face uses (the jokers' short names in the corner, their names in
the title): every reader's table of words holds them (``paint_text.json``,
``embed_text.json``)."""


def card_face(words: Words, card: str, classes: str = "", tag: str = "span",
              **attrs: object) -> Markup:
    """One card (``card`` in RULES notation, e.g. ``10H``): rank and suit in the corner."""
    if card in ("BJ", "SJ"):
        big = card == "BJ"
        rank = words("joker_big_short" if big else "joker_small_short")
        suit_text, suit_class = "★", "big-joker" if big else "small-joker"
        title = words("joker_big" if big else "joker_small")
    else:
        suit = card[-1:]
        rank, suit_text = card[:-1], SUIT_SYMBOLS.get(suit, "?")  # "?": not a card
        suit_class = "suit-" + suit if suit in SUIT_SYMBOLS else "suit-unknown"
        title = card_label(words, card)
    return el(
        tag,
        el("span", rank, class_="rank ten" if rank == "10" else "rank"),
        el("span", suit_text, class_="pip"),
        el("span", suit_text, class_="face", aria_hidden="true"),
        class_=("card " + suit_class + " " + classes).strip(),
        data_card=card,
        title=title,
        **attrs,
    )


def mini_cards(words: Words, cards: "list[str]", classes: str = "") -> Markup:
    """A row of small overlapping cards (tricks, kitty, declarations)."""
    faces = [card_face(words, card, "mini") for card in cards]
    return el("span", faces, class_=("cards " + classes).strip())

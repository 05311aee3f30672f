"""How a card looks: one face for the table, the painted table and the embed.

A card in RULES notation (``10H``, ``AS``, ``BJ``) is drawn as a ``card`` element: its
index in the top-left corner (``rank`` over ``pip``), what an overlapped card still
shows; and its face (``face``, an SVG hidden from screen readers) beside it: the suit's
pips laid out as on a real card (``2``-``10``, one large pip for an ace: ``pips``), a
framed double-headed figure for ``J``/``Q``/``K`` (``figure``) and a jester for the
jokers (``figure``), whose corner writes their name down (大王/小王, "JOKER"). The
card's suit is a class (``suit-H``, ``big-joker``) that colours all of it; ``data-card``
and a ``title`` name it in the reader's language. The drawings are defined once per
page in ``web/cards.svg`` (the build writes it into ``index.html`` and ``embed.html``)
and only placed here by one ``<use href="#...">``, so a card's markup stays small and
quick to build. The live table (``render``), the painter (``paintable``) and the embed
(``embed_view``) all draw their cards here, so a card looks the same wherever it is
shown (``web/style/cards.css`` and ``web/embed/embed.css`` style it).

Runs unchanged in MicroPython: no ``typing``, ``dataclasses`` or ``__future__`` at run
time, annotations in quotes.

>>> from micro.words import Words
>>> w = Words("en", lambda lang, key, **p: {"joker_big_short": "JOKER"}.get(key, key))
>>> str(card_face(w, "10H"))[:72]
'<span class="card suit-H" data-card="10H" title="10♥"><span class="rank '
>>> str(card_face(w, "3S")).count('<use href="#S3"')
1
>>> 'class="rank ten"' in str(card_face(w, "10H")), 'data-card="BJ"' in str(mini_cards(w, ["BJ"]))
(True, True)
"""

from micro.markup import Markup, el
from micro.words import SUIT_SYMBOLS, Words, card_label

try:
    from tractor.rulecore import RANKS
except ImportError:  # MicroPython: the painter and the embed load it as a top-level module
    from rulecore import RANKS  # type: ignore[no-redef,import-not-found,unused-ignore]

KEYS = ("joker_big_short", "joker_small_short", "joker_big", "joker_small")
"""The messages a card face uses (the jokers' short names in the corner, their names in
the title): every reader's table of words holds them (``paint_text.json``,
``embed_text.json``)."""

VIEW_BOX = "0 0 60 128"
"""The face's box (``web/cards.svg`` draws in it): beside the corner index."""

_FACES: "dict[str, Markup]" = {}
"""Each card's face once drawn (at most the 54 cards): the painter draws the same few
dozen faces over and over, and MicroPython builds strings slowly."""


def face(card: str) -> Markup:
    """The picture of ``card`` beside its corner: one ``<use>`` of its drawing in
    ``web/cards.svg`` (``#H7``: seven hearts laid out as on a real card, the lower half
    upside down; ``#HA`` one large heart; ``#HK`` the framed king; ``#joker``)."""
    drawn = _FACES.get(card)
    if drawn is not None:
        return drawn
    rank, suit = card[:-1], card[-1:]
    if card in ("BJ", "SJ"):
        shape, kind = "joker", "figure"
    elif suit in SUIT_SYMBOLS and rank in RANKS:
        shape, kind = suit + rank, "figure" if rank in ("J", "Q", "K") else "pips"
    else:  # not a card: a question mark, not kept
        return el("span", "?", class_="face", aria_hidden="true")
    drawn = el("svg", el("use", href="#" + shape, class_=kind), class_="face",
               viewbox=VIEW_BOX, aria_hidden="true")
    _FACES[card] = drawn
    return drawn


def card_face(words: Words, card: str, classes: str = "", tag: str = "span",
              **attrs: object) -> Markup:
    """One card (``card`` in RULES notation, e.g. ``10H``): its corner index and its face."""
    if card in ("BJ", "SJ"):
        big = card == "BJ"
        rank = words("joker_big_short" if big else "joker_small_short")
        suit_text, suit_class = "★", "big-joker" if big else "small-joker"
        title = words("joker_big" if big else "joker_small")
        rank_class = "rank long" if len(rank) > 2 else "rank"  # "JOKER": written smaller
    else:
        suit = card[-1:]
        rank, suit_text = card[:-1], SUIT_SYMBOLS.get(suit, "?")  # "?": not a card
        suit_class = "suit-" + suit if suit in SUIT_SYMBOLS else "suit-unknown"
        title = card_label(words, card)
        rank_class = "rank ten" if rank == "10" else "rank"
    return el(
        tag,
        el("span", rank, class_=rank_class),
        el("span", suit_text, class_="pip"),
        face(card),
        class_=("card " + suit_class + " " + classes).strip(),
        data_card=card,
        title=title,
        **attrs,
    )


def mini_cards(words: Words, cards: "list[str]", classes: str = "") -> Markup:
    """A row of small overlapping cards (tricks, kitty, declarations)."""
    faces = [card_face(words, card, "mini") for card in cards]
    return el("span", faces, class_=("cards " + classes).strip())

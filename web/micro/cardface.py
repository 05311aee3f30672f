"""How a card looks: one face for the table, the painted table and the embed.

A card in RULES notation (``10H``, ``AS``, ``BJ``) is drawn as a ``card`` element: its
index in the top-left corner (``rank`` over ``pip``), what an overlapped card still
shows; and its face (``face``, an SVG hidden from screen readers) beside it: the suit's
pips laid out as on a real card (``2``-``10``, one large pip for an ace), a framed
double-headed figure for ``J``/``Q``/``K`` (``figure``) and a jester for the jokers, whose
corner writes their name down (大王/小王, "JOKER"). The card's suit is a class
(``suit-H``, ``big-joker``) that colours all of it; ``data-card`` and a ``title`` name it
in the reader's language. The shapes are defined once per page in ``web/cards.svg`` (the
build writes it into ``index.html`` and ``embed.html``) and only placed here by
``<use href="#...">``, so a card's markup stays small. The live table (``render``), the
painter (``paintable``) and the embed (``embed_view``) all draw their cards here, so a
card looks the same wherever it is shown (``web/style.css`` and ``web/embed/embed.css``
style it).

Runs unchanged in MicroPython: no ``typing``, ``dataclasses`` or ``__future__`` at run
time, annotations in quotes.

>>> from micro.words import Words
>>> w = Words("en", lambda lang, key, **p: {"joker_big_short": "JOKER"}.get(key, key))
>>> str(card_face(w, "10H"))[:72]
'<span class="card suit-H" data-card="10H" title="10♥"><span class="rank '
>>> str(card_face(w, "3S")).count('<use href="#')
3
>>> 'class="rank ten"' in str(card_face(w, "10H")), 'data-card="BJ"' in str(mini_cards(w, ["BJ"]))
(True, True)
"""

from micro.markup import Markup, el
from micro.words import SUIT_SYMBOLS, Words, card_label

KEYS = ("joker_big_short", "joker_small_short", "joker_big", "joker_small")
"""The messages a card face uses (the jokers' short names in the corner, their names in
the title): every reader's table of words holds them (``paint_text.json``,
``embed_text.json``)."""

VIEW_BOX = "0 0 60 128"
"""The face's box (``web/cards.svg`` draws the figures in it): beside the corner index."""

_LEFT, _MIDDLE, _RIGHT = 12, 30, 48
_CORNERS = [(0, 0.0), (2, 0.0), (0, 1.0), (2, 1.0)]  # the four corners of a pip layout
_SIX = _CORNERS + [(0, 0.5), (2, 0.5)]
_SIDES = [(c, r) for r in (0.0, 1 / 3, 2 / 3, 1.0) for c in (0, 2)]  # two columns of four
PIPS: "dict[str, list[tuple[int, float]]]" = {
    "2": [(1, 0.0), (1, 1.0)],
    "3": [(1, 0.0), (1, 0.5), (1, 1.0)],
    "4": _CORNERS,
    "5": _CORNERS + [(1, 0.5)],
    "6": _SIX,
    "7": _SIX + [(1, 0.25)],
    "8": _SIX + [(1, 0.25), (1, 0.75)],
    "9": _SIDES + [(1, 0.5)],
    "10": _SIDES + [(1, 1 / 6), (1, 5 / 6)],
}
"""Where a rank's pips sit: (column 0/1/2 = left/middle/right, row from 0 = top to 1 =
bottom); those below the middle are drawn upside down, as on a real card."""

_FACES: "dict[str, Markup]" = {}
"""Each card's face once drawn (at most the 54 cards): the painter draws the same few
dozen faces over and over, and MicroPython builds strings slowly."""


def _pip(suit: str, column: int, row: float) -> Markup:
    x = (_LEFT, _MIDDLE, _RIGHT)[column]
    y = int(15 + 98 * row + 0.5)
    return el("use", href=("#q" if row > 0.5 else "#p") + suit, x=x, y=y)


def face(card: str) -> Markup:
    """The picture of ``card`` (beside its corner): pips, a court figure or a joker."""
    drawn = _FACES.get(card)
    if drawn is not None:
        return drawn
    rank, suit = card[:-1], card[-1:]
    if card in ("BJ", "SJ"):
        inside = [el("use", href="#joker", class_="figure")]
    elif suit not in SUIT_SYMBOLS:
        return el("span", "?", class_="face", aria_hidden="true")  # not a card: not kept
    elif rank in PIPS:
        inside = [_pip(suit, column, row) for column, row in PIPS[rank]]
    elif rank in ("J", "Q", "K"):
        inside = [el("use", href="#" + rank, class_="figure"),
                  el("use", href="#p" + suit, transform="matrix(.8 0 0 .8 12 15)"),
                  el("use", href="#q" + suit, transform="matrix(.8 0 0 .8 48 113)")]
    else:  # an ace (or a rank that is none): one large pip
        inside = [el("use", href="#p" + suit, transform="matrix(2.4 0 0 2.4 30 64)")]
    drawn = el("svg", inside, class_="face", viewbox=VIEW_BOX, aria_hidden="true")
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

"""The words of the renderers that run in both interpreters (``paintable``, ``cardface``,
the embed's ``embed_view``), and the languages of the site.

The live table (Pyodide) formats its messages with gettext (``i18n.t``); MicroPython
has no gettext, so ``build.py`` writes the messages the painter needs
(``paintable.KEYS``) of every catalog to ``paint_text.json``, and the embed's to
``embed_text.json``, and ``table_say`` formats them the same way: named
``{placeholders}``, the plural form picked by the ``n`` parameter (``nplurals`` 2: the
first form for 1, else the second, as gettext's ``plural=(n != 1)``). ``Words`` binds
one language to either function, so ``paintable`` draws the same markup from both
(tested). ``language_of`` is the site's rule for a browser's language, which
``web/language_of.js`` says again for the pages that start before Python.

Runs unchanged in MicroPython: no ``typing``, ``dataclasses`` or ``__future__`` at run
time, annotations in quotes.

>>> w = Words("en", lambda lang, key, **p: key + str(sorted(p.items())))
>>> w("cards_left", n=2), seat_name(w, 1), card_label(w, "10H")
("cards_left[('n', 2)]", 'seat1[]', '10♥')
"""

try:
    from tractor.rulecore import SYMBOL_OF
except ImportError:  # MicroPython: the painter and the embed load it as a top-level module
    from rulecore import SYMBOL_OF  # type: ignore[no-redef,import-not-found,unused-ignore]

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from collections.abc import Callable
    from typing import Any

LANGUAGE_MENU = (("zh", "简体中文"), ("zh-Hant", "繁體中文"), ("en", "English"))
"""Each language by its own name, in the order every language menu lists them (the live
bar's and the painted one's, ``paintbar.language_menu``, and Settings'): a tuple, as
MicroPython's dicts keep no order."""
LANGUAGES = tuple(code for code, _ in LANGUAGE_MENU)
"""简体中文, 繁體中文 and English."""
DEFAULT_LANGUAGE = "zh"
LANGUAGE_NAMES = dict(LANGUAGE_MENU)
"""Each language's own name (to look up: its order is not the menus' in MicroPython)."""
HTML_LANG = {"zh": "zh-CN", "zh-Hant": "zh-Hant", "en": "en"}
"""The ``lang`` attribute of the page for each language."""
SUIT_SYMBOLS: "dict[str, str]" = SYMBOL_OF
"""The symbol drawn for each suit letter (the rule core's)."""
TRADITIONAL_REGIONS = ("tw", "hk", "mo")
"""Regions whose Chinese is written in Traditional characters."""


def language_of(browser: str) -> str:
    """The table's language for a browser language tag: 繁體中文 for ``zh-Hant*``,
    ``zh-TW``, ``zh-HK`` and ``zh-MO``, 简体中文 for any other ``zh*``, else English.

    >>> language_of("zh-TW"), language_of("zh-hant-CN"), language_of("zh-CN")
    ('zh-Hant', 'zh-Hant', 'zh')
    >>> language_of("zh-Hans-HK"), language_of("en-GB"), language_of("")
    ('zh', 'en', 'en')
    """
    parts = browser.strip().lower().replace("_", "-").split("-")
    if parts[0] != "zh":
        return "en"
    if "hant" in parts[1:]:
        return "zh-Hant"
    if "hans" in parts[1:]:
        return "zh"
    return "zh-Hant" if any(p in TRADITIONAL_REGIONS for p in parts[1:]) else "zh"


class Words:
    """The messages of one language: ``words(key, **params)`` is the formatted text."""

    def __init__(self, lang: str, say: "Callable[..., str]"):
        self.lang = lang
        self._say = say

    def __call__(self, key: str, **params: object) -> str:
        return self._say(self.lang, key, **params)


def table_say(table: "dict[str, Any]") -> "Callable[..., str]":
    """A ``say(lang, key, **params)`` over a table as ``build.py`` writes it:
    ``{lang: {"plurals": n, "text": {key: text or [forms]}}}`` (unknown language: the
    default language's; unknown key: ``KeyError``, as ``i18n.t``).

    >>> say = table_say({"en": {"plurals": 2, "text": {"c": ["{n} card", "{n} cards"]}}})
    >>> say("en", "c", n=1), say("en", "c", n=3)
    ('1 card', '3 cards')
    """

    def say(lang: str, key: str, **params: object) -> str:
        entry = table.get(lang) or table.get(DEFAULT_LANGUAGE) or table["en"]
        text = entry["text"][key]
        if isinstance(text, list):
            n = params.get("n")
            many = entry["plurals"] > 1 and n != 1
            text = text[1 if many and len(text) > 1 else 0]
        return str(text.format(**params) if params else text)

    return say


def seat_name(words: Words, seat: int) -> str:
    """Name of a seat as seen by the player at seat 0."""
    return words("seat" + str(seat))


def card_label(words: Words, card: str) -> str:
    """A card as short text: ``10♥``, ``A♠``, or the joker's name."""
    if card == "BJ":
        return words("joker_big")
    if card == "SJ":
        return words("joker_small")
    return card[:-1] + SUIT_SYMBOLS.get(card[-1:], "?")


def cards_label(words: Words, cards: "list[str]") -> str:
    """Several cards as short text separated by spaces."""
    return " ".join(card_label(words, card) for card in cards)

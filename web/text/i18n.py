"""The table's words: gettext catalogs read with Python's own ``gettext``.

``t(lang, key, **params)`` formats one message; the whole UI goes through it, so
switching the language re-renders everything in the other language at once. The
messages are in ``web/locale/<lang>/LC_MESSAGES/tractor.po`` (msgids are the keys,
docs/glossary.md fixes the words); in the page build.py's ``tractor.mo`` files are
read, without a build the ``.po`` files are compiled in memory (``pofile``). A
message with a plural form picks it by the ``n`` parameter (``ngettext``). Rule
codes of ``tractor.IllegalAction`` are the messages ``refused_<code>``; in English
the engine's own message is shown when there is one.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from micro import words
from micro.words import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE  # the painter's constants, re-exported
from micro.words import HTML_LANG as HTML_LANG
from micro.words import LANGUAGE_MENU as LANGUAGE_MENU
from micro.words import LANGUAGE_NAMES as LANGUAGE_NAMES
from micro.words import LANGUAGES as LANGUAGES
from micro.words import SUIT_SYMBOLS as SUIT_SYMBOLS
from micro.words import Words
from micro.words import language_of as language_of

from text import pofile


def is_chinese(lang: str) -> bool:
    """Whether ``lang`` is one of the Chinese languages (简体 or 繁體)."""
    return lang.startswith("zh")


_CATALOGS: dict[str, gettext.GNUTranslations] = {}
HERE = Path(__file__).resolve().parent.parent
"""web/ (the folder of ``locale/``), as the page lays its files out too."""


def catalog(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang`` (the default language's for an unknown one)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    if lang not in _CATALOGS:
        po = pofile.po_path(HERE, lang)
        mo = po.with_suffix(".mo")
        if mo.is_file():
            data = mo.read_bytes()
        else:
            data = pofile.mo_bytes(pofile.parse_po(po.read_text(encoding="utf-8")))
        _CATALOGS[lang] = gettext.GNUTranslations(io.BytesIO(data))
    return _CATALOGS[lang]


def has(lang: str, key: str) -> bool:
    """Whether the catalog of ``lang`` has the message ``key`` (singular or plural)."""
    return catalog(lang).gettext(key) != key


def t(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang``, formatted with ``params`` (plural form by ``n``).

    >>> t("en", "cards_left", n=1), t("en", "cards_left", n=3), t("zh", "cards_left", n=3)
    ('1 card', '3 cards', '3 张')
    >>> t("zh-Hant", "cards_left", n=3), t("zh-Hant", "settings")
    ('3 張', '設定')
    """
    tr = catalog(lang)
    count = params.get("n")
    text = tr.ngettext(key, key + "\0", count) if isinstance(count, int) else key
    if text in (key, key + "\0"):
        text = tr.gettext(key)  # a message without plural forms
    if text == key:
        raise KeyError(f"no message {key!r} in the {lang} catalog")
    return text.format(**params) if params else text


def rule_sentence(lang: str, rule: str, message: str) -> str:
    """Why an action was refused: the catalog's sentence for ``rule``.

    In English the engine's own message (which names the numbers) is shown when given.
    """
    if lang == "en" and message:
        return message[:1].upper() + message[1:]
    key = "refused_" + rule
    return t(lang, key if has(lang, key) else "refused_wrong_phase")


def words_of(lang: str) -> Words:
    """The messages of ``lang`` as ``paintable`` takes them (``words.Words``)."""
    return Words(lang, t)


def seat_name(lang: str, seat: int) -> str:
    """Name of a seat as seen by the player at seat 0."""
    return words.seat_name(words_of(lang), seat)


def seat_names(lang: str, seats: list[int]) -> str:
    """Several seat names joined with "and" (and 、 between Chinese names)."""
    names = [seat_name(lang, s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    comma = "、" if is_chinese(lang) else ", "
    return comma.join(names[:-1]) + t(lang, "and") + names[-1]


def card_label(lang: str, card: str) -> str:
    """A card as short text: ``10♥``, ``A♠``, or the joker's name."""
    return words.card_label(words_of(lang), card)


def cards_label(lang: str, cards: list[str]) -> str:
    """Several cards as short text separated by spaces."""
    return words.cards_label(words_of(lang), cards)


def option_label(lang: str, name: str, value: object) -> str:
    """Label of one value of a rule option in the settings panel."""
    if isinstance(value, bool):
        return t(lang, f"opt_bool_{value}")
    return t(lang, f"opt_{name}_{value}")

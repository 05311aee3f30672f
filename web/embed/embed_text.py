"""The embed's words, from the table's catalogs (runs in MicroPython and CPython).

MicroPython has no gettext: build.py writes the ``embed_*`` messages of every
catalog (``web/locale/*/LC_MESSAGES/tractor.po``) to ``embed_text.json`` beside this
file, with the card faces' words (``micro.cardface.KEYS``), and ``say(lang, key,
**params)`` formats them there with the painter's runtime (``micro.words.table_say``:
named ``{placeholders}``, the plural form picked by ``n``); ``words(lang)`` is the
``micro.words.Words`` of one language, for ``micro.cardface``. Without a build
(CPython tests) the catalogs are read with ``pofile``. Text that comes from a
scenario (captions, names) is never looked up here: it is shown as given.

What the engine says of a frame or a quiz answer comes as a message key and named
parameters (``tractor.positions.saying``); ``said`` words it from the same catalogs
(their ``scenario_*`` messages and the seats' names, which the JSON holds too).

>>> say("en", "step", step=2, steps=7), say("zh", "step", step=2, steps=7)
('Step 2 of 7', '第 2 步，共 7 步')
>>> say("en", "backs", n=1), say("en", "backs", n=3)
('1 card', '3 cards')
>>> said("zh", {"key": "scenario_trick_won", "params": {"name": {"seat": 2}, "points": 15}})
'对家赢得这一轮，得15分。'
"""

import json

from micro.cardface import KEYS as CARD_KEYS
from micro.words import SUIT_SYMBOLS, Words, seat_name, table_say

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from collections.abc import Callable
    from typing import Any

_TABLE = {}  # type: dict[str, Any]
_SAY: "list[Callable[..., str]]" = []


def _here() -> str:
    """This file's folder ("" when unknown, as in MicroPython's page)."""
    name = globals().get("__file__", "")
    return name[: name.rfind("/") + 1] if "/" in name else ""


def _load() -> "dict[str, Any]":
    """The JSON table, read once: built beside this file, else compiled from the .po files."""
    if not _TABLE:
        try:
            with open(_here() + "embed_text.json") as handle:
                _TABLE.update(json.load(handle))
        except OSError:
            _TABLE.update(_from_catalogs())
    return _TABLE


def _from_catalogs() -> "dict[str, Any]":
    """The table compiled from the source tree's catalogs (CPython without a build)."""
    import sys  # noqa: PLC0415 - only without a build
    from pathlib import Path  # noqa: PLC0415

    web = Path(_here() or ".").resolve().parent
    sys.path.insert(0, str(web))
    try:
        from text import pofile  # noqa: PLC0415
    finally:
        sys.path.remove(str(web))
    table: dict[str, Any] = pofile.embed_table(web, CARD_KEYS)
    return table


def say(lang: str, key: str, **params: object) -> str:
    """The text of ``key`` in ``lang``, its named placeholders filled in (``table_say``)."""
    if not _SAY:
        _SAY.append(table_say(_load()))
    return _SAY[0](lang, key, **params)


def words(lang: str) -> Words:
    """The embed's words in ``lang``, as the card faces take them."""
    return Words(lang, say)


def local(lang: str, text: object) -> str:
    """A scenario's text (``{"en", "zh", "zh-Hant"}`` after checking) in ``lang``; "" for None.

    A scenario may be written in 简体中文 and English only: then a 繁體中文 reader sees
    its ``zh`` text (the embed's own words are in 繁體中文).
    """
    if isinstance(text, dict):
        fallback = "zh" if lang.startswith("zh") else "en"
        return str(text.get(lang, text.get(fallback, "")))
    return "" if text is None else str(text)


def said(lang: str, data: object) -> str:
    """What the engine said (``{"key", "params"}``, ``saying.Say.data``) in ``lang``: the
    catalog's sentence, each named parameter worded in ``lang`` too; "" for None."""
    if not isinstance(data, dict):
        return ""
    params = {}
    for name, value in data["params"].items():
        params[name] = _param(lang, value)
    return say(lang, data["key"], **params)


def _param(lang: str, value: object) -> str:
    """One parameter of a message: another message, cards, a seat, or a number."""
    if isinstance(value, dict):
        if "key" in value:
            return said(lang, value)
        if "cards" in value:
            return cards_text(lang, value["cards"])
        if "seat" in value:
            return seat_text(lang, int(value["seat"]), None)
        return local(lang, value.get("name"))
    return str(value)


def seat_text(lang: str, seat: int, name: object) -> str:
    """A seat's name: ``name``, the scenario's for it (``{"en", "zh", "zh-Hant"}``), else the
    table's (seat 0 is the reader's: You / 你, then Right, Across, Left, docs/glossary.md)."""
    return seat_name(words(lang), seat) if name is None else local(lang, name)


def cards_text(lang: str, cards: "list[str]") -> str:
    """Cards in a sentence: rank and suit symbol, the jokers by name.

    >>> cards_text("en", ["10H", "10H", "SJ"]), cards_text("zh-Hant", ["BJ", "AS"])
    ('10♥ 10♥ small joker', '大王 A♠')
    """
    parts = []
    for card in cards:
        if card == "SJ":
            parts.append(say(lang, "scenario_small_joker"))
        elif card == "BJ":
            parts.append(say(lang, "scenario_big_joker"))
        else:
            parts.append(card[:-1] + SUIT_SYMBOLS[card[-1:]])
    return " ".join(parts)


def verdict_text(lang: str, verdict: "dict[str, Any]") -> str:
    """Why a quiz answer is legal or not (``scenario.judge``): the engine's ``why`` worded,
    and in English its own words on a broken follow rule after it, in brackets (they are
    English only: a Chinese sentence never holds English text)."""
    text = said(lang, verdict.get("why"))
    detail = verdict.get("detail")
    if detail and lang == "en":
        text += " (" + str(detail) + ")"
    return text

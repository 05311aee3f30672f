"""Read a scenario's JSON text as hostile data: bounded, strict, plain text, cards.

The first half of ``tractor.scenario_check`` (which re-exports ``ScenarioError``,
``read``, ``depth_of``, ``parse_card`` and ``parse_cards``): ``read`` turns the text
into a JSON object, size- and depth-capped before parsing, strict JSON as CPython
reads it, every string plain text; ``int_field``, ``text_field`` and ``parse_cards``
read its fields, raising ``ScenarioError`` with a message saying what is wrong.

This file runs unchanged in CPython and in MicroPython, like ``scenario_check``: it
imports nothing but ``json``, the shared scanner ``jsonscan`` and the rule core
``rulecore``, and its annotations are never evaluated there.

>>> parse_cards("AS t♥ bj", "cards")
['AS', '10H', 'BJ']
>>> read("[1]")
Traceback (most recent call last):
...
tractor.scenario_read.ScenarioError: a scenario is a JSON object
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

    # As MicroPython runs it: the embed's mypy check (scripts/test.sh) finds them beside
    # this file; the engine's leaves them unresolved (the three would be found twice)
    import jsonscan  # type: ignore[import-not-found,unused-ignore]
    import rulecore  # type: ignore[import-not-found,unused-ignore]
else:
    try:
        from . import jsonscan, rulecore
    except ImportError:  # MicroPython: the embed loads these files as top-level modules
        import jsonscan
        import rulecore

MAX_CHARS = 20000
"""The longest scenario JSON read (a full three-deck deal with captions fits)."""
MAX_DEPTH = 6
MAX_TEXT = 600
"""The longest caption, name or card list (characters)."""


class ScenarioError(ValueError):
    """A scenario that is malformed, impossible or too large; the message says why."""


def quote(text: str) -> str:
    """``text`` in double quotes (``repr`` differs: MicroPython escapes non-ASCII)."""
    return '"' + text + '"'


def depth_of(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (``jsonscan``, linear).

    >>> depth_of('{"a": [[1], "]]\\\\"["]}')
    3
    """
    return int(jsonscan.nesting_depth(text))


def read(text: object) -> "dict[str, Any]":
    """The scenario object from JSON text, size- and depth-capped before parsing."""
    if not isinstance(text, str):
        raise ScenarioError("a scenario is JSON text")
    if len(text) > MAX_CHARS:
        raise ScenarioError("the scenario is longer than " + str(MAX_CHARS) + " characters")
    if not jsonscan.depth_within(text, MAX_DEPTH):
        raise ScenarioError("the scenario is nested more than " + str(MAX_DEPTH) + " levels deep")
    wrong = jsonscan.strict_error(text)  # MicroPython's json accepts [1,] and more than CPython
    if wrong >= 0:
        raise ScenarioError("the scenario is not valid JSON (strict JSON; see character "
                            + str(wrong + 1) + ")")
    try:
        data = json.loads(text)
    except Exception:  # noqa: BLE001 - MicroPython raises ValueError; anything is "not JSON"
        raise ScenarioError("the scenario is not valid JSON") from None
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    _check_texts(data, "")
    return data


DIRECTION_MARKS = (0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                   0x2066, 0x2067, 0x2068, 0x2069)
"""Bidi controls: they reorder the text drawn around them (a name could pass for another)."""


def _bad_character(text: str) -> str:
    """Why ``text`` may not be shown, or "": a control character (C0, DEL, C1: MicroPython
    and the page cut or hide text at them) or a direction mark (visual spoofing)."""
    for ch in text:
        code = ord(ch)
        if code < 0x20 or 0x7F <= code < 0xA0:
            return "a control character (" + _code(code) + ")"
        if code in DIRECTION_MARKS:
            return "a direction mark (" + _code(code) + ")"
    return ""


def _code(code: int) -> str:
    return f"U+{code:04X}"


def _check_texts(value: object, where: str) -> None:
    """Every string of the scenario, names of fields too, is plain text (``_bad_character``).

    Choice: such characters are refused, not stripped, so a scenario shows exactly
    what its author wrote, the same in CPython and MicroPython.
    """
    if isinstance(value, str):
        problem = _bad_character(value)
        if problem:
            raise ScenarioError((where or "the scenario") + ": " + problem
                                + " is not allowed in a text")
    elif isinstance(value, dict):
        for key in value:
            problem = _bad_character(key)
            if problem:
                raise ScenarioError((where or "the scenario") + ": " + problem
                                    + " is not allowed in a field name")
            _check_texts(value[key], (where + "." if where else "") + key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_texts(item, where + "[" + str(i) + "]")


def int_field(data: "dict[str, Any]", key: str, low: int, high: int, where: str = "") -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ScenarioError(where + key + ": an integer from " + str(low) + " to " + str(high))
    return int(value)


def text_field(value: object, where: str) -> "dict[str, Any]":
    """A caption or name: a string, or {"en": ..., "zh": ..., "zh-Hant": ...}; normalised to
    the dict with all three (a missing language takes the other script's or the English text:
    zh-Hant falls back to zh)."""
    if isinstance(value, str):
        value = {"en": value, "zh": value}
    if not isinstance(value, dict) or not value:
        raise ScenarioError(where + ": text, or an object with en, zh and zh-Hant texts")
    out = {}
    for lang, text in value.items():
        if lang not in TEXT_LANGUAGES or not isinstance(text, str):
            raise ScenarioError(where + ": only en, zh and zh-Hant texts")
        if len(text) > MAX_TEXT:
            raise ScenarioError(where + ": longer than " + str(MAX_TEXT) + " characters")
        out[lang] = text
    out.setdefault("zh", out.get("zh-Hant", out.get("en", "")))
    out.setdefault("en", out["zh"])
    out.setdefault("zh-Hant", out["zh"])
    return out


TEXT_LANGUAGES = ("en", "zh", "zh-Hant")


def parse_card(token: str) -> str:
    """One card in RULES notation, normalised (``t♠`` → ``10S``).

    Letters are ASCII only: CPython's ``upper()`` turns ``ſ`` (long s) into ``S``,
    MicroPython's changes ASCII letters only, so any other letter is not a card
    (the suit symbols ``♠♥♣♦♤♡♧♢`` are).

    >>> parse_card("t♠"), parse_card("bj")
    ('10S', 'BJ')
    """
    key = token
    for symbol in rulecore.SUIT_SYMBOLS:
        key = key.replace(symbol, rulecore.SUIT_SYMBOLS[symbol])
    key = key.upper() if all(ord(ch) < 0x80 for ch in key) else ""
    if key.startswith("T"):
        key = "10" + key[1:]
    if key in ("SJ", "BJ") or (key[-1:] in rulecore.SUITS and key[:-1] in rulecore.RANKS):
        return key
    shown = token if len(token) <= 12 else token[:12] + "…"
    raise ScenarioError("not a card: " + quote(shown) + " (write rank then suit: AS, 10H, SJ, BJ)")


def parse_cards(value: object, where: str) -> "list[Any]":
    """Space-separated card text → list of normalised card texts.

    Only the space separates cards (CPython's ``split()`` also splits at no-break
    and ideographic spaces, MicroPython's does not; control characters, tabs
    too, are refused with every text).
    """
    if not isinstance(value, str):
        raise ScenarioError(where + ": cards are text such as \"AS AS 10H\"")
    if len(value) > MAX_TEXT:
        raise ScenarioError(where + ": longer than " + str(MAX_TEXT) + " characters")
    return [parse_card(token) for token in value.split(" ") if token]

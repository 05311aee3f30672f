"""JSON from outside (storage, links, files): size- and depth-capped before parsing.

The depth is measured by ``tractor.jsonscan`` (linear in the text, shared with
the embed's MicroPython checker).

Python's ``json`` recurses once per nesting level, and in the browser Pyodide's
stack is smaller still: twenty thousand ``[`` kill the interpreter for good. So
text from anywhere outside the program is measured first and parsed only when
it is within bounds; every problem is a ``DataError`` (a ``ValueError``).

>>> parse_json('{"a": [1, 2]}', max_chars=100, max_depth=2)
{'a': [1, 2]}
>>> parse_json("[" * 20000, max_chars=10**6, max_depth=8)
Traceback (most recent call last):
...
tractor.jsondata.DataError: the data is nested more than 8 levels deep
>>> parse_json('["[[[[", "]]]]"]', max_chars=100, max_depth=1)
['[[[[', ']]]]']

A text holding a lone surrogate (half of a UTF-16 pair, as JavaScript strings may
hold; raw or as a ``\\uD800`` escape) is not text: it cannot be encoded or hashed,
so it is refused here, before anything uses it (``lone_surrogate``).

>>> parse_json('{"x": "\\\\ud800"}', max_chars=100, max_depth=2)
Traceback (most recent call last):
...
tractor.jsondata.DataError: not text (a lone surrogate)
>>> parse_json('"\\\\ud83d\\\\ude00"', max_chars=100, max_depth=1) == "\\U0001F600"
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from .jsonscan import depth_within, nesting_depth

__all__ = ["DataError", "lone_surrogate", "nesting_depth", "parse_json"]

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A ``\\uD800``-``\\uDFFF`` escape: half of a pair, or a lone surrogate once parsed."""


class DataError(ValueError):
    """Data from outside that is too large, too deep, or not JSON."""


def parse_json(text: Any, *, max_chars: int, max_depth: int) -> Any:
    """Parse ``text`` as JSON if it is a string of at most ``max_chars`` characters
    nested at most ``max_depth`` levels; else ``DataError``."""
    if not isinstance(text, str):
        raise DataError(f"expected JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise DataError(f"the data is larger than {max_chars:,} characters")
    if lone_surrogate(text):
        raise DataError("not text (a lone surrogate)")
    if not depth_within(text, max_depth):  # linear in the text, whatever its shape
        raise DataError(f"the data is nested more than {max_depth} levels deep")
    try:
        data = json.loads(text, parse_constant=_not_json)
    except DataError:
        raise
    except (ValueError, RecursionError) as err:  # RecursionError: belt and braces
        raise DataError(f"not valid JSON ({str(err)[:80]})") from None
    if _SURROGATE_ESCAPE.search(text) and _holds_lone_surrogate(data):  # pairs are fine
        raise DataError("not text (a lone surrogate)")
    return data


def lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (U+D800-U+DFFF): not text, as it cannot be
    encoded to UTF-8 (nor hashed). The one check of every stored string (``storage.Store``).

    >>> lone_surrogate("拖拉机 ok"), lone_surrogate("a\\ud800b"), lone_surrogate("\\udfff")
    (False, True, True)
    """
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _holds_lone_surrogate(data: Any) -> bool:
    """Whether any string (value or key) in parsed JSON ``data`` holds a lone surrogate."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if lone_surrogate(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _not_json(name: str) -> Any:
    """``NaN`` and ``Infinity`` are not JSON, though Python's parser takes them."""
    raise DataError(f"not valid JSON ({name} is not a JSON value)")

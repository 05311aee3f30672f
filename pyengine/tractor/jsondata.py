"""JSON from outside (storage, links, files): size- and depth-capped before parsing.

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
"""

from __future__ import annotations

import json
import re
from typing import Any


class DataError(ValueError):
    """Data from outside that is too large, too deep, or not JSON."""


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets in strings ignored).

    >>> nesting_depth('{"a": [[1], "]]"]}'), nesting_depth("7")
    (3, 0)
    """
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(text: Any, *, max_chars: int, max_depth: int) -> Any:
    """Parse ``text`` as JSON if it is a string of at most ``max_chars`` characters
    nested at most ``max_depth`` levels; else ``DataError``."""
    if not isinstance(text, str):
        raise DataError(f"expected JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise DataError(f"the data is larger than {max_chars:,} characters")
    # Cheap bound first: fewer opening brackets than the limit cannot nest deeper.
    if text.count("[") + text.count("{") > max_depth and nesting_depth(text) > max_depth:
        raise DataError(f"the data is nested more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_constant=_not_json)
    except DataError:
        raise
    except (ValueError, RecursionError) as err:  # RecursionError: belt and braces
        raise DataError(f"not valid JSON ({str(err)[:80]})") from None


def _not_json(name: str) -> Any:
    """``NaN`` and ``Infinity`` are not JSON, though Python's parser takes them."""
    raise DataError(f"not valid JSON ({name} is not a JSON value)")

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
"""

from __future__ import annotations

import json
from typing import Any

from .jsonscan import depth_within, nesting_depth

__all__ = ["DataError", "nesting_depth", "parse_json"]


class DataError(ValueError):
    """Data from outside that is too large, too deep, or not JSON."""


def parse_json(text: Any, *, max_chars: int, max_depth: int) -> Any:
    """Parse ``text`` as JSON if it is a string of at most ``max_chars`` characters
    nested at most ``max_depth`` levels; else ``DataError``."""
    if not isinstance(text, str):
        raise DataError(f"expected JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise DataError(f"the data is larger than {max_chars:,} characters")
    if not depth_within(text, max_depth):  # linear in the text, whatever its shape
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

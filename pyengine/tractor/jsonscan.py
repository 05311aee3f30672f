"""The one scanner every text from outside passes before it is parsed.

JSON parsers recurse once per nesting level (CPython's ``json``, Pyodide's
smaller stack, MicroPython's), so a text from storage, a file, a link or a host
page is measured first: how deep its arrays and objects nest, brackets inside
strings not counted. The scan costs time linear in the text and stops as soon
as the cap is passed.

How: ``str.find`` jumps from quote to quote in C code; a quote after an odd
run of backslashes is escaped, so the string goes on. Only the stretches
outside strings that hold a bracket are walked character by character. Each
character is looked at a bounded number of times, so no shape of text (escaped
quotes, backslash runs, brackets in strings) makes it rescan, and nothing the
size of the text is built.

This file runs unchanged in CPython, Pyodide and MicroPython (the embed checks
a scenario before the engine has loaded): where ``re`` has no
non-capturing groups nor a start position (MicroPython) strings are skipped quote by quote with
``str.find``; in CPython and Pyodide one regular expression in its unrolled,
non-backtracking form skips each string in C.

>>> nesting_depth('{"a": [[1], "]]"]}'), nesting_depth("7")
(3, 0)
>>> depth_within('[["[[[[[[", 1]]', 2), depth_within("[[[1]]]", 2)
(True, False)
"""

import sys

_BODY = None
if sys.implementation.name != "micropython":  # its re has no (?:...) nor match(text, pos)
    import re

    _BODY = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*', re.DOTALL)
    """A string's body, unrolled (plain run, then escape + plain run, ...): each
    character matches one way only, so it never backtracks."""


def _escaped(text: str, quote: int) -> bool:
    """Whether the quote at ``quote`` is escaped: an odd run of backslashes before it.

    Each backslash run stands before one character only, so over a whole scan
    every backslash is counted once.
    """
    k = quote - 1
    while k >= 0 and text[k] == "\\":
        k -= 1
    return (quote - 1 - k) % 2 == 1


def _string_end(text: str, start: int) -> int:
    """Where the string whose body starts at ``start`` ends: its closing quote, or -1."""
    if _BODY is not None:
        body = _BODY.match(text, start)
        close = start if body is None else body.end()
        return close if close < len(text) and text[close] == '"' else -1
    close = text.find('"', start)
    while close >= 0 and _escaped(text, close):
        close = text.find('"', close + 1)
    return close


def _walk(text: str, cap: int) -> int:
    """The deepest nesting of ``text``, or more than ``cap`` as soon as it passes ``cap``."""
    depth = deepest = 0
    start, end = 0, len(text)
    while start < end:
        quote = text.find('"', start)
        stop = end if quote < 0 else quote
        piece = text[start:stop]  # outside strings
        if "[" in piece or "{" in piece or "]" in piece or "}" in piece:
            for ch in piece:
                if ch == "[" or ch == "{":
                    depth += 1
                    if depth > deepest:
                        deepest = depth
                        if deepest > cap:
                            return deepest
                elif ch == "]" or ch == "}":
                    depth -= 1
        if quote < 0:
            break
        close = _string_end(text, quote + 1)
        if close < 0:
            break  # an unterminated string runs to the end (a parser refuses it)
        start = close + 1
    return deepest


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets in strings ignored).

    An unterminated string runs to the end of the text (a parser refuses it anyway).

    >>> nesting_depth('["\\\\"[[[[", 1]'), nesting_depth('"[[[')
    (1, 0)
    """
    return _walk(text, len(text) + 1)


def depth_within(text: str, cap: int) -> bool:
    """Whether ``text`` nests at most ``cap`` levels (the scan stops once it is deeper).

    Fewer opening brackets than the cap cannot nest deeper: that is counted first.
    """
    if text.count("[") + text.count("{") <= cap:
        return True
    return _walk(text, cap) <= cap

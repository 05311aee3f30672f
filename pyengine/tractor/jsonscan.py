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

``strict_error`` checks the whole grammar of strict JSON (RFC 8259), because
MicroPython's ``json`` accepts much that CPython's refuses (trailing or missing
commas, missing colons, ``01``, ``1.``, raw tabs in strings) and CPython's
accepts ``NaN``; a text that passes parses to the same data in both. It is one
loop over the characters, the same code in every interpreter.

>>> strict_error('{"a": [1, 2.5e3, "x", true, null]}'), strict_error("[1,]")
(-1, 3)
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


_SPACE = " \t\n\r"
_DIGITS = "0123456789"
_HEX = "0123456789abcdefABCDEF"
_ESCAPES = '"\\/bfnrt'
_LITERALS = ("true", "false", "null")


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i] in _SPACE:
        i += 1
    return i


def _digits(text: str, i: int) -> int:
    """The end of the run of digits at ``i`` (``i`` itself when there is none)."""
    while i < len(text) and text[i] in _DIGITS:
        i += 1
    return i


def _string(text: str, i: int) -> int:
    """The end of the string starting at ``i`` (its opening quote), or -(where it is wrong) - 1.

    Refused: a raw control character, an unknown escape, and ``\\u`` escapes of
    UTF-16 surrogates (CPython joins a pair into one character, MicroPython keeps
    two; write the character itself).
    """
    n = len(text)
    if i >= n or text[i] != '"':
        return -i - 1
    i += 1
    while i < n:
        ch = text[i]
        if ch == '"':
            return i + 1
        if ord(ch) < 0x20:
            return -i - 1
        if ch == "\\":
            code = text[i + 1:i + 2]
            if code == "u":
                digits = text[i + 2:i + 6]
                if len(digits) != 4 or any(d not in _HEX for d in digits):
                    return -i - 1
                if 0xD800 <= int(digits, 16) <= 0xDFFF:
                    return -i - 1
                i += 6
                continue
            if code == "" or code not in _ESCAPES:
                return -i - 1
            i += 2
            continue
        i += 1
    return -n - 1


def _scalar(text: str, i: int) -> int:
    """The end of the string, number or literal at ``i``, or -(where it is wrong) - 1."""
    if i >= len(text):
        return -i - 1
    ch = text[i]
    if ch == '"':
        return _string(text, i)
    for word in _LITERALS:
        if text[i:i + len(word)] == word:
            return i + len(word)
    start = i + 1 if ch == "-" else i
    if text[start:start + 1] == "0":
        end = start + 1
    else:
        end = _digits(text, start)
        if end == start or text[start] == "0":
            return -start - 1
    if text[end:end + 1] == ".":
        after = _digits(text, end + 1)
        if after == end + 1:
            return -after - 1
        end = after
    if text[end:end + 1] in ("e", "E"):
        sign = end + 2 if text[end + 1:end + 2] in ("+", "-") else end + 1
        after = _digits(text, sign)
        if after == sign:
            return -after - 1
        end = after
    return end


def _key(text: str, i: int) -> int:
    """After an object's ``{`` or ``,``: a key, then ``:``; where its value starts, or < 0."""
    end = _string(text, i)
    if end < 0:
        return end
    end = _skip_space(text, end)
    if text[end:end + 1] != ":":
        return -end - 1
    return _skip_space(text, end + 1)


def strict_error(text: str) -> int:
    """Where ``text`` first breaks the grammar of strict JSON, or -1 when it is strict JSON.

    Linear in the text; keeps one entry per open array or object, so cap the
    depth first (``depth_within``).

    >>> [strict_error(t) for t in ('{"a":1,}', '{"a" 1}', "[01]", "[NaN]", ' [1] ', '"\\\\ud83d"')]
    [7, 5, 2, 1, -1, 1]
    """
    n = len(text)
    opened: list[str] = []
    i = _skip_space(text, 0)
    while True:
        # a value starts at i
        ch = text[i:i + 1]
        if ch == "[" or ch == "{":
            opened.append(ch)
            i = _skip_space(text, i + 1)
            if text[i:i + 1] == ("]" if ch == "[" else "}"):
                opened.pop()
                i += 1
            else:
                if ch == "{":
                    i = _key(text, i)
                    if i < 0:
                        return -i - 1
                continue
        else:
            i = _scalar(text, i)
            if i < 0:
                return -i - 1
        # after a value: a comma, a closing bracket, or the end
        while True:
            i = _skip_space(text, i)
            if not opened:
                return -1 if i == n else i
            ch = text[i:i + 1]
            if ch == ("]" if opened[-1] == "[" else "}"):
                opened.pop()
                i += 1
                continue
            if ch != ",":
                return i
            i = _skip_space(text, i + 1)
            if opened[-1] == "{":
                i = _key(text, i)
                if i < 0:
                    return -i - 1
            break

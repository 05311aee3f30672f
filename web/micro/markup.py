"""An HTML builder that escapes by construction: no data can become markup.

The table is drawn as HTML text (morphed into the page by ``screen``). Every
piece of it is built here: ``el(tag, *children, **attributes)`` escapes every
``str`` child and every attribute value, so text from the engine, storage, a
link or a translation is always text. Only ``Markup`` (what ``el`` and ``join``
return) passes through unescaped, and nothing else makes one.

>>> el("p", {"class": "note"}, "5 < 10 & ", el("b", "K"), data_card="<x>")
Markup('<p class="note" data-card="&lt;x&gt;">5 &lt; 10 &amp; <b>K</b></p>')
>>> el("button", "OK", disabled=True, hidden=False, type="button")
Markup('<button disabled type="button">OK</button>')
>>> el("img", onerror="alert(1)")
Traceback (most recent call last):
...
ValueError: no inline event handlers: 'onerror'

Attribute names come from keyword arguments (``data_testid`` → ``data-testid``,
``class_`` → ``class``) or from one ``dict`` child for names that are not
identifiers.

The same file runs in MicroPython (``embed.html`` draws with it before Pyodide
loads): no ``typing``, ``re``, ``html`` or ``__future__`` at run time, annotations
in quotes, and markup joined as plain ``str`` (MicroPython's ``str.join`` takes
no ``str`` subclass).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from collections.abc import Iterable
    from typing import TypeAlias

__all__ = ["Child", "Markup", "el", "escape", "join"]


class Markup(str):
    """HTML text that is safe by construction (made only by ``el`` and ``join``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Markup(" + repr(str(self)) + ")"


if TYPE_CHECKING:
    Child: TypeAlias = Markup | str | int | None | Iterable["Child"] | dict[str, object]
    """A child: markup; text (escaped); a number; None/False (nothing); an iterable of
    children; or (on ``el`` only) a dict of attributes."""
else:
    Child = object  # importable at run time by the modules that annotate with it

_VOID = frozenset({"br", "hr", "img", "input", "wbr"})
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"


def escape(text: str, quote: bool = True) -> str:
    """``text`` with ``& < >`` (and with ``quote``, both quotes) as character references.

    >>> escape("<a href='x'>&"), escape('"', quote=False)
    ('&lt;a href=&#x27;x&#x27;&gt;&amp;', '"')
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("'", "&#x27;")
    return text


_NAMES_SEEN: "set[str]" = set()
"""Names already found good: a table names the same few tags and attributes hundreds of
times a frame, and MicroPython (the painter) checks one character at a time."""
_MAX_NAMES_SEEN = 512


def _is_name(name: str) -> bool:
    """A tag or attribute name: ``[a-z][a-z0-9]*(-[a-z0-9]+)*``."""
    if name in _NAMES_SEEN:
        return True
    good = (
        name != ""
        and name[0] in _NAME_CHARS[:26]
        and all(ch in _NAME_CHARS for ch in name)
        and not name.endswith("-")
        and "--" not in name
    )
    if good and len(_NAMES_SEEN) < _MAX_NAMES_SEEN:
        _NAMES_SEEN.add(name)
    return good


def _attribute(name: str, value: object) -> str:
    if not _is_name(name):
        raise ValueError(f"not an attribute name: {name!r}")
    if name.startswith("on"):
        raise ValueError(f"no inline event handlers: {name!r}")
    if value is True:
        return f" {name}"
    return f' {name}="{escape(str(value), quote=True)}"'


def _content(children: "Iterable[Child]", attrs: "dict[str, object] | None") -> str:
    out: list[str] = []
    for child in children:
        if child is None or child is False or child is True:
            continue
        if isinstance(child, Markup):
            out.append(str(child))
        elif isinstance(child, str):
            out.append(escape(child, quote=False))
        elif isinstance(child, int):
            out.append(str(child))
        elif isinstance(child, dict):
            if attrs is None:
                raise TypeError("attributes (a dict) only go directly into el()")
            attrs.update(child)
        else:
            out.append(_content(child, None))
    return "".join(out)


def el(tag: str, *children: "Child", **attributes: object) -> Markup:
    """One element with escaped text children and attribute values.

    An attribute that is None or False is left out; True writes it bare.
    """
    if not _is_name(tag):
        raise ValueError(f"not a tag name: {tag!r}")
    attrs: dict[str, object] = {}
    inner = _content(children, attrs)
    for key, value in attributes.items():
        attrs[key.rstrip("_").replace("_", "-")] = value
    opening = tag + "".join(
        _attribute(name, value)
        for name, value in attrs.items()
        if value is not None and value is not False
    )
    if tag in _VOID:
        if inner:
            raise ValueError(f"<{tag}> has no content")
        return Markup(f"<{opening}>")
    return Markup(f"<{opening}>{inner}</{tag}>")


def join(*children: "Child", sep: "Child" = None) -> Markup:
    """Children side by side (text escaped), with ``sep`` between them if given.

    >>> join("a<b", el("i", "c"), sep=" · ")
    Markup('a&lt;b · <i>c</i>')
    """
    if sep is None:
        return Markup(_content(children, None))
    separator = _content([sep], None)
    return Markup(separator.join(_content([c], None) for c in children if c is not None))

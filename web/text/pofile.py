"""A small msgfmt: gettext ``.po`` catalogs read, compiled to ``.mo`` and to JSON.

The table's texts live in ``web/locale/<dir>/LC_MESSAGES/tractor.po``, one catalog
per language (``LOCALE_DIRS``), with the message keys as msgids. build.py compiles
each to ``tractor.mo`` for Python's own :mod:`gettext` in the page, and the
``embed_*`` messages of all languages (with the card faces' words) to one JSON file for
MicroPython's embed (``embed_text.py``), which has no gettext. Without a build (CPython tests),
``i18n.py`` and ``embed_text.py`` compile the ``.po`` files in memory with this
module.

>>> entries = parse_po('msgid "a"\\nmsgstr "x \\\\"y\\\\""\\n')
>>> entries[0].msgid, entries[0].strings
('a', ['x "y"'])
"""

from __future__ import annotations

import json
import struct
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field
from pathlib import Path

LOCALE_DIRS = {"zh": "zh", "en": "en", "zh-Hant": "zh_Hant"}
"""The table's languages and their folder under ``web/locale/``."""
DOMAIN = "tractor"
EMBED_PREFIX = "embed_"
"""Messages of the embed (embed.html) start with this; JSON keys drop it."""
ENGINE_PREFIX = "scenario_"
"""The engine's sentences on scenarios (``tractor.positions.saying``) start with this; the
embed's JSON holds them under their own ids, with the seats' names ``SEATS``."""
SEATS = ("seat0", "seat1", "seat2", "seat3")
"""The table's names of the seats, which the engine's sentences name too."""


@dataclass
class Entry:
    """One message: its id, the plural id (or None) and its translation(s)."""

    msgid: str
    plural: str | None = None
    strings: list[str] = field(default_factory=list)


def _unquote(text: str) -> str:
    """A .po string literal's value (``"a\\"b"`` → ``a"b``)."""
    body = text.strip()
    if len(body) < 2 or body[0] != '"' or body[-1] != '"':
        raise ValueError(f"not a .po string: {text!r}")
    out: list[str] = []
    chars = iter(body[1:-1])
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    for char in chars:
        out.append(escapes.get(next(chars, ""), "") if char == "\\" else char)
    return "".join(out)


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file in order (the header is the entry with msgid "")."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] = ("", 0)
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid_plural "):
            assert current is not None
            current.plural = _unquote(line[len("msgid_plural "):])
            target = ("plural", 0)
        elif line.startswith("msgid "):
            current = Entry(_unquote(line[len("msgid "):]))
            entries.append(current)
            target = ("msgid", 0)
        elif line.startswith("msgstr"):
            assert current is not None
            head, _, value = line.partition(" ")
            index = int(head[7:-1]) if head.startswith("msgstr[") else 0
            while len(current.strings) <= index:
                current.strings.append("")
            current.strings[index] = _unquote(value)
            target = ("msgstr", index)
        elif line.startswith('"') and current is not None:
            _continue(current, target, _unquote(line))
        else:
            raise ValueError(f"cannot read .po line: {raw!r}")
    return entries


def _continue(entry: Entry, target: tuple[str, int], more: str) -> None:
    """Append a continuation line to the part of ``entry`` being read."""
    kind, index = target
    if kind == "msgid":
        entry.msgid += more
    elif kind == "plural":
        entry.plural = (entry.plural or "") + more
    else:
        entry.strings[index] += more


def mo_bytes(entries: list[Entry]) -> bytes:
    """The GNU ``.mo`` file of these entries (little-endian, no hash table)."""
    pairs: list[tuple[bytes, bytes]] = []
    for entry in entries:
        key = entry.msgid if entry.plural is None else entry.msgid + "\0" + entry.plural
        pairs.append((key.encode(), "\0".join(entry.strings).encode()))
    pairs.sort()
    count = len(pairs)
    ids_start = 28
    strs_start = ids_start + 8 * count
    data_start = strs_start + 8 * count
    ids: list[tuple[int, int]] = []
    strs: list[tuple[int, int]] = []
    blob = b""
    for column, out in ((0, ids), (1, strs)):
        for pair in pairs:
            out.append((len(pair[column]), data_start + len(blob)))
            blob += pair[column] + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, ids_start, strs_start, 0, 0)
    table = b"".join(struct.pack("<2I", *pair) for pair in ids + strs)
    return header + table + blob


def po_path(web: Path, lang: str) -> Path:
    """Where the catalog of ``lang`` is, under the ``web/`` folder."""
    return web / "locale" / LOCALE_DIRS[lang] / "LC_MESSAGES" / f"{DOMAIN}.po"


def plural_count(entries: list[Entry]) -> int:
    """``nplurals`` of the catalog's Plural-Forms header (1 without one)."""
    header = next((e.strings[0] for e in entries if e.msgid == ""), "")
    for line in header.splitlines():
        if line.lower().startswith("plural-forms:") and "nplurals=" in line:
            return int(line.split("nplurals=")[1].split(";")[0].strip())
    return 1


def message_table(web: Path, key_of: Callable[[str], str | None]) -> dict[str, object]:
    """Some messages of every language: ``{lang: {"plurals": n, "text": {...}}}``, each
    msgid for which ``key_of`` gives a key, under that key.

    A plural message's value is the list of its forms; the reader picks one by its
    count (``nplurals`` 2: the first form for 1, else the second).
    """
    table: dict[str, object] = {}
    for lang in LOCALE_DIRS:
        path = po_path(web, lang)
        if not path.is_file():
            continue
        entries = parse_po(path.read_text(encoding="utf-8"))
        text: dict[str, object] = {}
        for entry in entries:
            key = key_of(entry.msgid)
            if key is not None:
                text[key] = entry.strings if entry.plural is not None else entry.strings[0]
        table[lang] = {"plurals": plural_count(entries), "text": text}
    return table


def embed_key(msgid: str, shared: Container[str] = ()) -> str | None:
    """The key of a message in the embed's JSON, or None when the embed does not read it:
    ``embed_*`` without the prefix; the engine's ``scenario_*``, the seats' names and the
    ``shared`` messages (the card faces' words) as they are (no ``embed_`` message may be
    named so: ``tests/page/text/test_engine_words.py``)."""
    if msgid.startswith(EMBED_PREFIX):
        return msgid[len(EMBED_PREFIX):]
    shown = msgid.startswith(ENGINE_PREFIX) or msgid in SEATS or msgid in shared
    return msgid if shown else None


def embed_table(web: Path, shared: Iterable[str]) -> dict[str, object]:
    """The embed's messages (``embed_key``) of every language, with the ``shared`` ones the
    embed draws with the table's renderers (``micro.cardface.KEYS``)."""
    wanted = frozenset(shared)
    return message_table(web, lambda msgid: embed_key(msgid, wanted))


def paint_table(web: Path, keys: Iterable[str]) -> dict[str, object]:
    """The painter's messages (``paintable.KEYS``) of every language, under their own ids."""
    wanted = frozenset(keys)
    return message_table(web, lambda msgid: msgid if msgid in wanted else None)


def compile_all(web: Path, shared: Iterable[str]) -> list[Path]:
    """Write ``tractor.mo`` beside every catalog and ``embed/embed_text.json`` (``embed_table``
    with the ``shared`` messages); their paths."""
    written: list[Path] = []
    for lang in LOCALE_DIRS:
        path = po_path(web, lang)
        if path.is_file():
            mo = path.with_suffix(".mo")
            mo.write_bytes(mo_bytes(parse_po(path.read_text(encoding="utf-8"))))
            written.append(mo)
    out = web / "embed" / "embed_text.json"
    out.write_text(json.dumps(embed_table(web, shared), ensure_ascii=False, sort_keys=True),
                   encoding="utf-8")
    written.append(out)
    return written


def compile_paint(web: Path, keys: Iterable[str]) -> Path:
    """Write the painter's words (``paint_table``) to ``paint_text.json`` in ``web``."""
    out = web / "paint_text.json"
    out.write_text(json.dumps(paint_table(web, keys), ensure_ascii=False, sort_keys=True),
                   encoding="utf-8")
    return out

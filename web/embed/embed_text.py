"""The embed's words, from the table's catalogs (runs in MicroPython and CPython).

MicroPython has no gettext: build.py writes the ``embed_*`` messages of every
catalog (``web/locale/*/LC_MESSAGES/tractor.po``) to ``embed_text.json`` beside this
file, and ``say(lang, key, *args)`` looks them up there and fills ``{0}``, ``{1}``
placeholders. A plural message picks its form by the first argument. Without a
build (CPython tests) the catalogs are read with ``pofile``. Text that comes from a
scenario (captions, names) is never looked up here: it is shown as given.

>>> say("en", "step", 2, 7), say("zh", "step", 2, 7), say("en", "backs", 1)
('Step 2 of 7', '第 2 步，共 7 步', '1 card')
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

_TABLE = {}  # type: dict[str, Any]


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
    table: dict[str, Any] = pofile.embed_table(web)
    return table


def say(lang: str, key: str, *args: object) -> str:
    """The text of ``key`` in ``lang`` (English for a language without a catalog), filled in."""
    table = _load()
    entry = table.get(lang) or table["en"]
    text = entry["text"][key]
    if isinstance(text, list):
        many = entry["plurals"] > 1 and not (args and args[0] == 1)
        text = text[1 if many and len(text) > 1 else 0]
    return str(text.format(*args) if args else text)


HTML_LANG = {"zh": "zh-CN", "zh-Hant": "zh-Hant", "en": "en"}
"""The embed's languages and the page's ``lang`` attribute for each (as i18n.py's)."""


def language_of(browser: str) -> str:
    """The embed's language for a browser language tag, as the table chooses it.

    >>> language_of("zh-HK"), language_of("zh-Hant-CN"), language_of("zh-SG"), language_of("fr")
    ('zh-Hant', 'zh-Hant', 'zh', 'en')
    """
    parts = browser.strip().lower().replace("_", "-").split("-")
    if parts[0] != "zh":
        return "en"
    rest = parts[1:]
    if "hant" in rest or ("hans" not in rest and any(p in ("tw", "hk", "mo") for p in rest)):
        return "zh-Hant"
    return "zh"


def local(lang: str, text: object) -> str:
    """A scenario's text (``{"en", "zh", "zh-Hant"}`` after checking) in ``lang``; "" for None.

    A scenario may be written in 简体中文 and English only: then a 繁體中文 reader sees
    its ``zh`` text (the embed's own words are in 繁體中文).
    """
    if isinstance(text, dict):
        fallback = "zh" if lang.startswith("zh") else "en"
        return str(text.get(lang, text.get(fallback, "")))
    return "" if text is None else str(text)

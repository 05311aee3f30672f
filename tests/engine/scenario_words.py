"""What a reader of the embed reads of the engine's frames and verdicts: the engine says a
message key and named parameters (``tractor.positions.saying``), and the embed's words
(``web/embed/embed_text.py``, compiled from the catalogs) word them in each language.

``words(data)`` is ``{"en", "zh", "zh-Hant"}`` of one message; ``verdict_words(verdict)``
the same of a quiz answer's ``why`` as the embed shows it.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "zh", "zh-Hant")


def embed_text() -> ModuleType:
    """The embed's words module, imported as the embed imports it (beside ``rulecore`` and the
    ``micro`` package)."""
    path = [str(ROOT / "web" / "embed"), str(ROOT / "pyengine" / "tractor"), str(ROOT / "web")]
    sys.path[:0] = path
    try:
        return importlib.import_module("embed_text")
    finally:
        del sys.path[:len(path)]


def words(data: Any) -> dict[str, str]:
    """One message of the engine's (``Say.data``) in every language, as the embed shows it."""
    module = embed_text()
    return {lang: str(module.said(lang, data)) for lang in LANGUAGES}


def verdict_words(verdict: dict[str, Any]) -> dict[str, str]:
    """A verdict's ``why`` in every language, as the embed shows it."""
    module = embed_text()
    return {lang: str(module.verdict_text(lang, verdict)) for lang in LANGUAGES}

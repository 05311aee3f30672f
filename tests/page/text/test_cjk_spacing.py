"""No stray space in Chinese (issue 36, Found 8: "对家 打出了A♦", "你 是朋友").

Over the zh and zh_Hant catalogs, each message as written (a space between two CJK
characters, or between a CJK character and a ``{card}``/``{name}``-like placeholder, is
refused) and as the table shows it: the painted table's words in both Chinese languages,
at many moments of real matches. A space stays allowed around Latin words and numbers.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from micro import paint_check, paintable
from micro.words import Words, table_say
from test_painted_view import POSITIONS, SAY
from text import pofile

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "web"
CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
"""CJK characters and punctuation (the ideographs, the CJK and full-width punctuation)."""
HOLDERS = "name|names|card|cards|who|friend|beater|beaten_by|other|where|what"
"""The placeholders a card, a seat's name or another Chinese text fills (``{n}`` and the
other numbers may stand apart: "{n} 张" reads as the catalogs write it)."""
HOLDER = f"\\{{(?:{HOLDERS})\\}}"
STRAY = re.compile(f"[{CJK}] +[{CJK}]|[{CJK}] +{HOLDER}|{HOLDER} +[{CJK}]")
"""A space between two CJK characters or between one and a card/name placeholder."""


def stray_spaces(text: str) -> list[str]:
    """The stray spaces of a Chinese text, each with its neighbours.

    >>> stray_spaces("对家 打出了A♦"), stray_spaces("{name} 是朋友"), stray_spaces("打到A · {n} 张")
    (['家 打'], ['{name} 是'], [])
    """
    return [m.group(0) for m in STRAY.finditer(text)]


def catalog(lang: str) -> dict[str, list[str]]:
    """A catalog's messages: id → its translations (the plural forms too)."""
    return {e.msgid: e.strings for e in pofile.parse_po(pofile.po_path(WEB, lang).read_text())
            if e.msgid}


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_the_chinese_catalogs_have_no_stray_space(lang: str) -> None:
    found = {key: spaced for key, texts in catalog(lang).items()
             for text in texts if (spaced := stray_spaces(text))}
    assert found == {}


def test_the_painted_table_in_chinese_has_no_stray_space() -> None:
    words = {lang: Words(lang, table_say(pofile.paint_table(WEB, paintable.KEYS)))
             for lang in ("zh", "zh-Hant")}
    assert SAY("zh", "title")  # the painter's words are there
    seen = 0
    for name, text, record, _ in POSITIONS:
        view = paint_check.parse(text, record)
        for lang, say in words.items():
            for region, markup in paintable.regions(say, view).items():
                shown = html.unescape(re.sub(r"<[^>]*>", " ", str(markup)))
                # tags stand between words: only spaces inside one text count
                for piece in re.split(r" {2,}", re.sub(r"<[^>]*>", "  ", str(markup))):
                    assert stray_spaces(html.unescape(piece)) == [], (name, lang, region, piece)
                seen += bool(re.search(f"[{CJK}]", shown))
    assert seen > len(POSITIONS)

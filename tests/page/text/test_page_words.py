"""The words of rules.html, tutorial.html and the tutorial's positions, in each language.

The pages keep each language's text in their own blocks (``class="i18n"`` with
``lang="zh-CN"``, ``lang="zh-Hant"`` or ``lang="en"``; tutorial.js shows one), the
positions in their ``{"en", "zh", "zh-Hant"}`` texts. As test_catalogs.py checks the
catalogs, this checks those texts: every language has every block and text; Chinese uses
full-width punctuation and no English words; 繁體中文 holds no Simplified character;
English holds no Chinese and no "1 cards"; the glossary's rejected synonyms are nowhere.
CPython only (no browser).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_catalogs import (
    CATALOGS,
    LATIN_ALLOWED,
    SIMPLIFIED_ONLY,
    assert_traditional,
    rejected_synonyms,
)

ROOT = Path(__file__).resolve().parents[3]
PAGES = (ROOT / "rules.html", ROOT / "web" / "tutorial" / "tutorial.html")
POSITIONS = sorted((ROOT / "web" / "tutorial" / "positions").glob("*.json"))
LANGS = {"zh-CN": "zh", "zh-Hant": "zh-Hant", "en": "en"}
"""A block's ``lang`` attribute and the language it is written in."""
PAGE_LATIN = LATIN_ALLOWED | {"L", "T", "p", "n", "JavaScript"}
"""Latin a Chinese page may hold besides the catalogs' words: the rules' letters for the
level rank, the trump suit, the points and a count, and the footer's JavaScript."""
VOID = {"br", "img", "meta", "link", "input", "hr", "source", "wbr"}


class Blocks(HTMLParser):
    """The text of each language block of a page, in order, and each ``data-title-*``."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str | None] = []
        self.blocks: list[tuple[str, list[str]]] = []
        self.titles: dict[str, list[str]] = {lang: [] for lang in LANGS.values()}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name, value in attrs:
            if name.startswith("data-title-") and value:
                self.titles[name.removeprefix("data-title-").replace("hant", "Hant")].append(value)
        if tag in VOID:
            return
        lang = a.get("lang")
        opens = "i18n" in (a.get("class") or "").split() and lang in LANGS
        if opens:
            self.blocks.append((LANGS[str(lang)], []))
        self.stack.append(tag if opens else None)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if any(self.stack):
            self.blocks[-1][1].append(data)


def page_texts(path: Path) -> dict[str, list[str]]:
    """Each language's texts of a page: its blocks, then its data-title attributes."""
    parser = Blocks()
    parser.feed(path.read_text(encoding="utf-8"))
    out: dict[str, list[str]] = {lang: [] for lang in LANGS.values()}
    for lang, parts in parser.blocks:
        out[lang].append(" ".join("".join(parts).split()))
    for lang, titles in parser.titles.items():
        out[lang] += titles
    return out


def position_texts(path: Path) -> dict[str, list[str]]:
    """Each language's texts of a tutorial position (names, captions, explanations)."""
    out: dict[str, list[str]] = {lang: [] for lang in LANGS.values()}

    def walk(value: object) -> None:
        if isinstance(value, dict):
            if "en" in value and isinstance(value["en"], str):
                assert set(value) == set(out), (path.name, value)
                for lang, text in value.items():
                    out[lang].append(text)
                return
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(path.read_text(encoding="utf-8")))
    return out


SOURCES = {p.name: page_texts(p) for p in PAGES} | {p.name: position_texts(p) for p in POSITIONS}


def test_every_block_and_position_text_is_there_in_each_language() -> None:
    for name, texts in SOURCES.items():
        counts = {lang: len(found) for lang, found in texts.items()}
        assert len(set(counts.values())) == 1 and counts["en"] > 0, (name, counts)
        assert all(t.strip() for found in texts.values() for t in found), name
    assert len(SOURCES["rules.html"]["zh-Hant"]) > 5
    assert len(SOURCES["tutorial.html"]["zh-Hant"]) > 40


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_chinese_page_text_uses_full_width_punctuation_and_no_english(lang: str) -> None:
    for name, texts in SOURCES.items():
        for text in texts[lang]:
            assert not re.search(r"[:?!,;()]", text), (name, lang, text)
            latin = set(re.findall(r"[A-Za-z]+", text)) - PAGE_LATIN
            assert not latin, (name, lang, latin, text)


def test_traditional_page_text_holds_no_simplified_character() -> None:
    for name, texts in SOURCES.items():
        for text in texts["zh-Hant"]:
            assert_traditional(name, text)
    simplified = "".join(t for texts in SOURCES.values() for t in texts["zh"])
    assert sum(c in simplified for c in SIMPLIFIED_ONLY) > 40  # the check can fail


def test_english_page_text_holds_no_chinese_and_real_plurals() -> None:
    for name, texts in SOURCES.items():
        for text in texts["en"]:
            assert not re.search(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]", text), (name, text)
            assert not re.search(r"\(s\)|\b1 \w+s\b", text), (name, text)


def test_the_glossary_s_rejected_synonyms_are_on_no_page() -> None:
    rejected = rejected_synonyms()
    for name, texts in SOURCES.items():
        for lang, found in texts.items():
            for text in found:
                bad = [w for w in rejected[lang] if re.search(
                    rf"(?<![A-Za-z]){re.escape(w)}(?![A-Za-z])", text)]
                assert not bad, (name, lang, bad, text)


def test_the_seats_are_named_as_the_glossary_says() -> None:
    names = {"en": ["You", "Right", "Across", "Left"], "zh": ["你", "下家", "对家", "上家"],
             "zh-Hant": ["你", "下家", "對家", "上家"]}
    for path in POSITIONS:
        seats = json.loads(path.read_text(encoding="utf-8"))["seats"]
        for seat, info in enumerate(seats):
            for lang, name in (info.get("name") or {}).items():
                assert name == names[lang][seat], (path.name, seat, lang, name)


class Emphasis(HTMLParser):
    """The ``<em>`` texts of each language's section of rules.html."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.em: str | None = None
        self.found: dict[str, list[str]] = {lang: [] for lang in LANGS.values()}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section" and a.get("lang") in LANGS:
            self.lang = LANGS[str(a["lang"])]
        elif tag == "em" and self.lang:
            self.em = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "em" and self.em is not None:
            self.found[self.lang].append(self.em)
            self.em = None

    def handle_data(self, data: str) -> None:
        if self.em is not None:
            self.em += data


@pytest.mark.parametrize("lang", list(LANGS.values()))
def test_the_rules_name_every_option_as_settings_names_it(lang: str) -> None:
    """Every option and value the rules set in italics is a label of the Settings panel
    (the catalog's ``rule_*`` and ``opt_*`` messages) in the same language."""
    labels = {s for key, entry in CATALOGS[lang].items() if key.startswith(("rule_", "opt_"))
              for s in entry.strings if s}
    parser = Emphasis()
    parser.feed((ROOT / "rules.html").read_text(encoding="utf-8"))
    named = parser.found[lang][1:]  # the first says what the italics are for
    assert parser.found[lang][0] in ("italics", "斜体", "斜體")
    assert len(named) > 20
    assert not [text for text in named if text not in labels], lang

"""The gettext catalogs (web/locale/*/LC_MESSAGES/tractor.po) against the code and the glossary.

Every message the code asks for is in every catalog and every catalog message is
asked for; the placeholders agree across languages; Chinese messages use full-width
punctuation and no English words; docs/glossary.md's rejected synonyms are in no
catalog. CPython only (no browser).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
sys.path[:0] = [str(WEB)]

import i18n  # noqa: E402
import pofile  # noqa: E402

CATALOGS = {
    lang: {e.msgid: e for e in pofile.parse_po(pofile.po_path(WEB, lang).read_text()) if e.msgid}
    for lang in i18n.LANGUAGES
}
CHINESE = [lang for lang in i18n.LANGUAGES if lang.startswith("zh")]
CODE = "\n".join(p.read_text() for p in sorted(WEB.glob("*.py")) if p.name != "pofile.py")
ENGINE = "\n".join(p.read_text() for p in sorted((ROOT / "pyengine" / "tractor").rglob("*.py")))
LITERALS = set(re.findall(r"""["']([A-Za-z0-9_]+)["']""", CODE))
DYNAMIC = ("seat", "lead_", "rule_", "opt_", "speed_", "player_", "refused_", "import_why_",
           "why_", "confirm_")
"""Prefixes of messages whose keys the code builds (``f"lead_{kind}"``): the rest of
such a key must be a word of the code or the engine."""
EMBED = "\n".join(p.read_text() for p in sorted((WEB / "embed").glob("*.py")))


def texts(entry: pofile.Entry) -> list[str]:
    return [s for s in entry.strings if s]


def used(key: str) -> bool:
    if key.startswith(pofile.EMBED_PREFIX):
        return f'"{key[len(pofile.EMBED_PREFIX):]}"' in EMBED
    if key in LITERALS:
        return True
    for prefix in DYNAMIC:
        built = f'f"{prefix}{{' in CODE or f'"{prefix}" +' in CODE
        if key.startswith(prefix) and built:
            rest = key[len(prefix):]
            if re.search(rf"\b{re.escape(rest)}\b", CODE + ENGINE):
                return True
            words = rest.split("_")  # opt_decks_1: the option decks, its value 1
            return all(re.search(rf"\b{re.escape(w)}\b", CODE + ENGINE) for w in words)
    return False


def keys_asked_for() -> set[str]:
    """Message keys the code names literally in t(...), Msg(...) and say(...)."""
    asked = set(re.findall(r"""\bt\(\s*\w+,\s*["']([a-z0-9_]+)["']""", CODE))
    asked |= set(re.findall(r"""\bMsg\(\s*["']([a-z0-9_]+)["']""", CODE))
    asked |= {pofile.EMBED_PREFIX + k
              for k in re.findall(r"""\bsay\(\s*[\w\[\]"']+,\s*["']([a-z0-9_]+)["']""", EMBED)}
    return asked


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_message_the_code_asks_for_is_in_the_catalog(lang: str) -> None:
    missing = sorted(keys_asked_for() - set(CATALOGS[lang]))
    assert not missing, missing


def test_the_catalogs_have_the_same_messages_and_none_unused() -> None:
    first = set(CATALOGS[i18n.LANGUAGES[0]])
    for lang, catalog in CATALOGS.items():
        assert set(catalog) == first, (lang, set(catalog) ^ first)
    unused = sorted(key for key in first if not used(key))
    assert not unused, unused


def test_placeholders_agree_across_languages() -> None:
    for key, entry in CATALOGS["en"].items():
        wanted = {p for s in texts(entry) for p in re.findall(r"{(\w*)}", s)}
        for lang in CHINESE:
            found = {p for s in texts(CATALOGS[lang][key]) for p in re.findall(r"{(\w*)}", s)}
            assert found == wanted, (lang, key, found, wanted)


def test_english_messages_have_real_plurals() -> None:
    for key, entry in CATALOGS["en"].items():
        for text in texts(entry):
            assert not re.search(r"\(s\)|\(es\)|\b1 \w+s\b", text), (key, text)
        if entry.plural is not None:
            assert len(texts(entry)) == 2 and entry.strings[0] != entry.strings[1], key


ALLOWED_ASCII = ("?s=…", "?src=文件.json")
"""Link syntax a Chinese message must quote as is."""
LATIN_ALLOWED = {"A", "K", "Q", "J", "QQ", "KB", "H", "Esc", "json", "English"}
"""Latin words a Chinese message may hold: card ranks, the app QQ, keys, units, and the
name of the English language in the language menu."""


@pytest.mark.parametrize("lang", CHINESE)
def test_chinese_messages_use_full_width_punctuation_and_no_english(lang: str) -> None:
    for key, entry in CATALOGS[lang].items():
        for text in texts(entry):
            bare = re.sub(r"{\w*}", "", text)
            for allowed in ALLOWED_ASCII:
                bare = bare.replace(allowed, "")
            assert not re.search(r"[:?!,;()]", bare), (key, text)
            latin = set(re.findall(r"[A-Za-z]+", bare)) - LATIN_ALLOWED
            assert not latin, (key, text, latin)


def rejected_synonyms() -> dict[str, list[str]]:
    """The glossary's last column, by script: a term with an *(italic note)* is left out
    (it is rejected only in the sense its note says, which a search cannot tell)."""
    out: dict[str, list[str]] = {"zh": [], "en": []}
    for line in (ROOT / "docs" / "glossary.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("Concept", "---"):
            continue
        for term in re.split(r"[,;]", cells[4]):
            term = term.strip()
            if term and "*" not in term:
                out["zh" if re.search(r"[\u4e00-\u9fff]", term) else "en"].append(term)
    return out


def test_the_glossary_s_rejected_synonyms_are_in_no_catalog() -> None:
    rejected = rejected_synonyms()
    assert "抓分方" in rejected["zh"] and "widow" in rejected["en"]
    for lang, catalog in CATALOGS.items():
        words = rejected["zh" if lang.startswith("zh") else "en"]
        for key, entry in catalog.items():
            for text in texts(entry):
                bad = [w for w in words if re.search(rf"(?<![A-Za-z]){re.escape(w)}(?![A-Za-z])",
                                                      text)]
                assert not bad, (lang, key, text, bad)


def test_the_compiled_catalogs_read_back_with_gettext() -> None:
    assert i18n.t("en", "cards_left", n=1) == "1 card"
    assert i18n.t("en", "cards_left", n=2) == "2 cards"
    assert i18n.t("en", "defenders_up", n=1) == "Defenders go up 1 level"
    assert i18n.t("zh", "confirm_rules").endswith("继续吗？")
    assert i18n.t("zh", "seat_level", name=i18n.seat_name("zh", 0)) == "你："

"""The gettext catalogs (web/locale/*/LC_MESSAGES/tractor.po) against the code and the glossary.

Every message the code asks for is in every catalog and every catalog message is
asked for; the placeholders agree across languages; Chinese messages (简体中文 and
繁體中文) use full-width punctuation and no English words; docs/glossary.md's rejected
synonyms are in no catalog; the 繁體中文 catalog holds no Simplified character; the
site's one rule for a browser's language says the same in Python and in JavaScript.
CPython only (no browser; Node.js runs web/language_of.js).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from micro import words
from text import i18n, pofile

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "web"


CATALOGS = {
    lang: {e.msgid: e for e in pofile.parse_po(pofile.po_path(WEB, lang).read_text()) if e.msgid}
    for lang in i18n.LANGUAGES
}
CHINESE = [lang for lang in i18n.LANGUAGES if lang.startswith("zh")]
PAGE_FOLDERS = (
    "", "page", "house", "house/learn", "remote", "seats", "render", "store", "text", "micro"
)
"""The page's folders whose modules name messages (``web/`` itself and its packages)."""
CODE = "\n".join(p.read_text() for p in sorted(path for folder in PAGE_FOLDERS
                                                for path in (WEB / folder).glob("*.py"))
                 if p.name != "pofile.py")
ENGINE = "\n".join(p.read_text() for p in sorted((ROOT / "pyengine" / "tractor").rglob("*.py")))
LITERALS = set(re.findall(r"""["']([A-Za-z0-9_]+)["']""", CODE))
DYNAMIC = ("seat", "lead_", "rule_", "opt_", "speed_", "player_", "refused_", "import_why_",
           "why_", "confirm_", "mark_", "review_kind_", "worker_", "friend_status_",
           "friend_reply_", "friend_refused_", "phrase_", "seat_from_host_")
"""Prefixes of messages whose keys the code builds (``f"lead_{kind}"``): the rest of
such a key must be a word of the code or the engine."""
EMBED = "\n".join(p.read_text() for p in sorted((WEB / "embed").glob("*.py")))
ENGINE_SAYS = set(re.findall(r'"(' + pofile.ENGINE_PREFIX + r'[a-z0-9_]+)"', ENGINE + EMBED))
"""The engine's sentences (``tractor.positions.saying``) its code and the embed's name."""


def texts(entry: pofile.Entry) -> list[str]:
    return [s for s in entry.strings if s]


def used(key: str) -> bool:
    if key.startswith(pofile.ENGINE_PREFIX):
        return key in ENGINE_SAYS
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
    """Message keys the code names literally in t(...), Msg(...) and say(...), and the
    engine's sentences."""
    asked = set(re.findall(r"""\bt\(\s*\w+,\s*["']([a-z0-9_]+)["']""", CODE))
    asked |= set(re.findall(r"""\bMsg\(\s*["']([a-z0-9_]+)["']""", CODE))
    asked |= {pofile.EMBED_PREFIX + k
              for k in re.findall(r"""\bsay\(\s*[\w\[\]"']+,\s*["']([a-z0-9_]+)["'](?!\s*\+)""",
                                    EMBED)
              if not k.startswith(pofile.ENGINE_PREFIX)}
    return asked | ENGINE_SAYS


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


ALLOWED_ASCII = ("?s=…", "?src=文件.json", "?src=檔案.json")
"""Link syntax a Chinese message must quote as is."""
LATIN_ALLOWED = {"A", "K", "Q", "J", "QQ", "KB", "H", "Esc", "Enter", "json"}
"""Latin words a Chinese message may hold: card ranks, the app QQ, keys (Taiwanese
keyboards' Enter 鍵), units."""


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


def glossary_rows(cells_per_row: int) -> list[list[str]]:
    """docs/glossary.md's table rows with this many cells (header and rule rows left out)."""
    rows = []
    for line in (ROOT / "docs" / "glossary.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == cells_per_row and not cells[0].startswith(
                ("Concept", "English", "---")):
            rows.append(cells)
    return rows


def rejected_synonyms() -> dict[str, list[str]]:
    """The glossary's last column, by script (the Chinese terms in 简体 and 繁體 apply to
    both Chinese catalogs), and for zh-Hant also the last column of its table of software
    words: a term with an *(italic note)* is left out (it is rejected only in the sense
    its note says, which a search cannot tell)."""
    out: dict[str, list[str]] = {"zh": [], "en": [], "zh-Hant": []}
    for cells in glossary_rows(5):
        for term in re.split(r"[,;]", cells[4]):
            term = term.strip()
            if term and "*" not in term:
                out["zh" if re.search(r"[\u4e00-\u9fff]", term) else "en"].append(term)
    out["zh-Hant"] = out["zh"] + [term.strip() for cells in glossary_rows(4)
                                  for term in cells[3].split(",")]
    return out


def test_the_glossary_s_rejected_synonyms_are_in_no_catalog() -> None:
    rejected = rejected_synonyms()
    assert "抓分方" in rejected["zh"] and "widow" in rejected["en"] and "對門" in rejected["zh"]
    assert {"設置", "數據", "托管"} <= set(rejected["zh-Hant"])
    for lang, catalog in CATALOGS.items():
        words = rejected[lang if lang in rejected else "en"]
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
    assert i18n.t("zh", "score_ours", rank="3") == "我方打3"
    assert i18n.t("zh-Hant", "confirm_rules").endswith("要繼續嗎？")
    assert i18n.t("zh-Hant", "score_theirs", rank="2") == "對方打2"


SIMPLIFIED_ONLY = ("发这张庄闲级轮对设记录认说让页个后开关门们时为无来过还进选择从当应该网数据"
                   "档载动败赢输给读错误标签链导显换将结击头实带种难简单两双计队罚几么与吗点没边长国图")
"""Common characters written otherwise in 繁體中文 (發這張莊閒級輪對設記錄…); characters alike
in both scripts (亮, 主, 牌, 王, 台…) are not in the list."""


def boot_texts(lang: str) -> str:
    """The loading screen's texts of ``lang`` in web/boot.js (it runs before Python)."""
    source = (WEB / "boot.js").read_text()
    block = re.search(rf'\n    "?{re.escape(lang)}"?: {{\n(.*?)\n    }},', source, re.S)
    assert block, lang
    return block.group(1)


def test_the_traditional_catalog_holds_no_simplified_character() -> None:
    """Every Chinese character of the zh-Hant catalog (and of boot.js's zh-Hant texts) is
    in Big5, Taiwan's and Hong Kong's character set, and none is Simplified-only."""
    simplified = "".join(s for e in CATALOGS["zh"].values() for s in texts(e))
    assert sum(c in simplified for c in SIMPLIFIED_ONLY) > 40  # the list means something
    hant = [(key, s) for key, e in CATALOGS["zh-Hant"].items() for s in texts(e)]
    hant.append(("boot.js", boot_texts("zh-Hant")))
    for key, text in hant:
        assert_traditional(key, text)
    assert any(c in SIMPLIFIED_ONLY for c in boot_texts("zh"))


def assert_traditional(where: str, text: str) -> None:
    """``text`` (from ``where``) has no Simplified-only character and every Chinese
    character of it is in Big5."""
    assert not [c for c in text if c in SIMPLIFIED_ONLY], (where, text)
    for char in re.findall(r"[\u4e00-\u9fff]", text):
        try:
            char.encode("big5")
        except UnicodeEncodeError:
            pytest.fail(f"{where}: {char} is not a Traditional character ({text})")


def test_the_traditional_catalog_is_not_the_simplified_one() -> None:
    """Apart from words alike in both scripts, zh-Hant says each message in Traditional."""
    same = [key for key, e in CATALOGS["zh-Hant"].items()
            if texts(e) == texts(CATALOGS["zh"][key]) and any(
                c in SIMPLIFIED_ONLY for s in texts(e) for c in s)]
    assert not same, same


BROWSER_TAGS = [
    ("zh-TW", "zh-Hant"), ("zh-hk", "zh-Hant"), ("ZH-MO", "zh-Hant"), ("zh-Hant", "zh-Hant"),
    ("zh-Hant-CN", "zh-Hant"), ("zh_TW", "zh-Hant"), (" zh-tw ", "zh-Hant"),
    ("zh-Hans-TW", "zh"), ("zh-CN", "zh"), ("zh", "zh"), ("zh-SG", "zh"), ("zh-Hans-HK", "zh"),
    ("zh-TW-Hans", "zh"), ("zhx-TW", "en"), ("en-US", "en"), ("en-HK", "en"), ("fr", "en"),
    ("", "en"),
]
"""Browser language tags and the site's language for each."""
LANGUAGE_OF_JS = """
const vm = require("vm");
const fs = require("fs");
const window = {};
vm.runInNewContext(fs.readFileSync(process.argv[2], "utf8"), {window});
const tags = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify({languages: tags.map((tag) => window.tractorLanguageOf(tag)),
                                     html: window.tractorHtmlLang}));
"""
"""Node.js runs web/language_of.js over a list of tags (as read from stdin) and prints the
languages it picks and its ``<html lang>`` of each language."""


@pytest.mark.parametrize(("browser", "lang"), BROWSER_TAGS)
def test_the_browser_language_picks_the_site_s_language(browser: str, lang: str) -> None:
    """One rule for the table, the painter and the embed: ``micro.words.language_of``
    (``i18n`` and the embed import it)."""
    assert i18n.language_of(browser) == lang
    assert words.language_of is i18n.language_of
    assert words.HTML_LANG is i18n.HTML_LANG


@pytest.mark.web  # Node.js, as build.py needs it
def test_the_pages_script_picks_the_language_as_python_does(tmp_path: Path) -> None:
    """web/language_of.js (run before Python starts: the loading screen, the tutorial and
    the rules) picks the language ``micro.words.language_of`` picks, for every tag, and
    gives each language the ``<html lang>`` of ``micro.words.HTML_LANG``."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed (build.py needs it too)")
    script = tmp_path / "language_of.cjs"
    script.write_text(LANGUAGE_OF_JS)
    tags = [tag for tag, _ in BROWSER_TAGS]
    done = subprocess.run([node, str(script), str(WEB / "language_of.js")],
                          input=json.dumps(tags), capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    said = json.loads(done.stdout)
    assert said["languages"] == [words.language_of(tag) for tag in tags]
    assert [words.language_of(tag) for tag in tags] == [lang for _, lang in BROWSER_TAGS]
    assert said["html"] == words.HTML_LANG


def test_every_language_has_its_helpers() -> None:
    assert set(i18n.LANGUAGES) == set(pofile.LOCALE_DIRS) == set(i18n.LANGUAGE_NAMES)
    assert i18n.card_label("zh-Hant", "BJ") == "大王" and i18n.card_label("zh-Hant", "SJ") == "小王"
    assert i18n.seat_names("zh-Hant", [1, 2, 3]) == "下家、對家和上家"
    assert i18n.seat_names("en", [1, 2, 3]) == "Right, Across and Left"
    assert i18n.option_label("zh-Hant", "partners", "fixed") == "固定對家"
    assert i18n.rule_sentence("zh-Hant", "not_your_turn", "not your turn") == "還沒輪到你。"

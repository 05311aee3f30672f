"""Every reference to a section of the rules names a section of ``docs/rules.md``.

The code and the docs cite the rules as ``RULES §4`` or ``RULES §3.6`` (and the docs
as ``docs/rules.md §5``); ranges such as ``RULES §3–5`` and lists such as
``RULES §3.6 and §5`` cite each section they name. Inside ``docs/rules.md`` every
``§N`` is a reference too. The rules live in the repository, so no text may send a
reader to the old ``RULES.md`` outside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RULES_DOC = ROOT / "docs" / "rules.md"
SCANNED_DIRS = ("pyengine", "web", "sitebuild", "scripts", "tests")
SCANNED_FILES = ("build.py", "README.md", "CONTRIBUTING.md")
TEXT_SUFFIXES = {".py", ".md", ".js", ".mjs", ".json", ".html", ".css", ".po", ".sh", ".txt"}
MAX_TEXT = 2_000_000

SECTION = "\u00a7"
NUMBER = r"\d+(?:\.\d+)?"
HEADING = re.compile(rf"^#{{2,3}} {SECTION}({NUMBER})\b", re.MULTILINE)
REFERENCE = re.compile(
    rf"(?:RULES|docs/rules\.md) ?{SECTION} ?({NUMBER})"
    rf"(?:\s*[–-]\s*{SECTION}?\s?({NUMBER}))?"
    rf"((?:\s*(?:,|and|or)\s*{SECTION}\s?{NUMBER})*)"
)
BARE = re.compile(rf"{SECTION}\s?({NUMBER})(?:\s*[–-]\s*{SECTION}?\s?({NUMBER}))?")
OLD_FILE = re.compile(r"RULES\.md|shared folder|shared RULES")


def sections(text: str) -> set[str]:
    """The section numbers that ``text`` (a rules page) has as headings."""
    return set(HEADING.findall(text))


def _span(first: str, last: str | None) -> Iterator[str]:
    yield first
    if last is None:
        return
    yield last
    if first.isdigit() and last.isdigit():
        yield from (str(n) for n in range(int(first) + 1, int(last)))


def cited(text: str, bare: bool = False) -> list[str]:
    """Every section number that ``text`` cites, in order (``bare``: every ``§N``)."""
    found: list[str] = []
    if bare:
        for match in BARE.finditer(text):
            found.extend(_span(match.group(1), match.group(2)))
        return found
    for match in REFERENCE.finditer(text):
        found.extend(_span(match.group(1), match.group(2)))
        found.extend(re.findall(NUMBER, match.group(3)))
    return found


def missing(text: str, known: set[str], bare: bool = False) -> list[str]:
    """The sections ``text`` cites that ``known`` does not hold."""
    return [number for number in cited(text, bare) if number not in known]


def scanned_files() -> list[Path]:
    files = [ROOT / name for name in SCANNED_FILES if (ROOT / name).is_file()]
    for folder in SCANNED_DIRS:
        files += sorted(
            p for p in (ROOT / folder).rglob("*")
            if p.is_file() and p.suffix in TEXT_SUFFIXES and "__pycache__" not in p.parts
        )
    files += sorted((ROOT / "docs").glob("*.md"))
    return files


def _read(path: Path) -> str:
    assert path.stat().st_size <= MAX_TEXT, f"{path} is too large to scan"
    return path.read_text(encoding="utf-8")


KNOWN = sections(_read(RULES_DOC))


def test_rules_page_keeps_the_numbering_the_code_cites() -> None:
    expected = {"1", "2", "3", "4", "5", "6"} | {f"3.{n}" for n in range(1, 8)}
    assert expected <= KNOWN


def test_every_rules_reference_names_a_section_of_docs_rules() -> None:
    bad: list[str] = []
    count = 0
    for path in scanned_files():
        text = _read(path)
        count += len(cited(text))
        bad += [f"{path.relative_to(ROOT)}: {SECTION}{n}" for n in missing(text, KNOWN)]
    assert count >= 30, "the scan found too few references: is the pattern still right?"
    assert bad == []


def test_every_section_sign_inside_docs_rules_resolves() -> None:
    assert missing(_read(RULES_DOC), KNOWN, bare=True) == []


def test_no_text_sends_the_reader_to_a_rules_file_outside_the_repository() -> None:
    bad = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in scanned_files()
        if path != Path(__file__).resolve()
        for match in OLD_FILE.finditer(_read(path))
    ]
    assert bad == []


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        (f"Scoring (RULES {SECTION}7).", ["7"]),
        (f"see RULES {SECTION}3.8 for the deal", ["3.8"]),
        (f"as docs/rules.md {SECTION}4.9 says", ["4.9"]),
        (f"A match (RULES {SECTION}3–9).", ["7", "8", "9"]),
        (f"Invariants (RULES {SECTION}3.6 and {SECTION}5.2).", ["5.2"]),
        (f"RULES {SECTION}2, {SECTION}12", ["12"]),
    ],
)
def test_a_reference_to_a_missing_section_is_reported(text: str, absent: list[str]) -> None:
    assert sorted(missing(text, KNOWN)) == sorted(absent)


@pytest.mark.parametrize(
    "text",
    [
        f"Units (RULES {SECTION}2).",
        f"A whole match (RULES {SECTION}3–5).",
        f"Invariants (RULES {SECTION}3.6 and {SECTION}5).",
        f"docs/rules.md {SECTION}3.4",
    ],
)
def test_a_reference_to_an_existing_section_is_accepted(text: str) -> None:
    assert cited(text) and missing(text, KNOWN) == []

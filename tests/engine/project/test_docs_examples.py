"""The Python examples of the README and docs/engine.md run and print what they show.

Each ``pycon`` block is run as a doctest, in a fresh namespace per file.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOCS = ["README.md", "docs/engine.md"]
BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)


def examples(text: str) -> str:
    return "\n".join(BLOCK.findall(text))


@pytest.mark.parametrize("name", DOCS)
def test_the_python_examples_of_the_docs_run_as_shown(name: str) -> None:
    source = examples((ROOT / name).read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(source, {}, name, name, 0)
    assert test.examples, f"{name} shows no Python example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0


def test_a_wrong_output_in_an_example_is_caught() -> None:
    source = examples("```pycon\n>>> 1 + 1\n3\n```\n")
    test = doctest.DocTestParser().get_doctest(source, {}, "made-up", "made-up", 0)
    runner = doctest.DocTestRunner()
    runner.run(test, out=lambda _text: None)
    assert runner.failures == 1


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)|<img src=\"([^\"]+)\"")
LINKED = ["README.md", "CONTRIBUTING.md", *sorted(p.relative_to(ROOT).as_posix()
                                               for p in (ROOT / "docs").glob("*.md"))]


def broken_links(text: str, folder: Path) -> list[str]:
    """The relative links and images of a Markdown text that name no file under ``folder``."""
    targets = [a or b for a, b in LINK.findall(text)]
    return [t for t in targets if "://" not in t and not (folder / t).exists()]


@pytest.mark.parametrize("name", LINKED)
def test_every_relative_link_of_the_docs_names_a_file(name: str) -> None:
    path = ROOT / name
    assert broken_links(path.read_text(encoding="utf-8"), path.parent) == []


def test_a_link_to_a_missing_file_is_reported() -> None:
    text = "[ok](README.md) [gone](docs/nowhere.md) <img src=\"docs/images/none.png\">"
    assert broken_links(text, ROOT) == ["docs/nowhere.md", "docs/images/none.png"]

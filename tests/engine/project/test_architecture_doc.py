"""``docs/architecture.md`` is true to the tree: every module of the engine's packages,
of the page's packages and of the build is named there, and every dotted module name
it gives (``house.state``, ``tractor.coach.attempt``) exists."""

from __future__ import annotations

import re
from pathlib import Path

from test_import_layers import PAGE_PACKAGES

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "architecture.md"
WEB_PACKAGES = PAGE_PACKAGES
"""The page's packages (``pyproject.toml``'s import-linter root packages but the engine)."""


def named() -> set[str]:
    """Every name the doc gives in backticks outside its picture, split at dots,
    slashes, commas and spaces."""
    text = re.sub(r"```.*?```", "", DOC.read_text(encoding="utf-8"), flags=re.S)
    names: set[str] = set()
    for quoted in re.findall(r"`([^`\n]+)`", text):
        names |= set(re.split(r"[ ,/().:]+", quoted))
    return names


def folders() -> list[Path]:
    engine = ROOT / "pyengine" / "tractor"
    return [engine, *sorted(p.parent for p in engine.glob("*/__init__.py")),
            *(ROOT / "web" / name for name in WEB_PACKAGES), ROOT / "web" / "house" / "learn",
            ROOT / "sitebuild"]


def test_every_module_of_the_engine_the_page_and_the_build_is_named() -> None:
    names = named()
    missing = [str(m.relative_to(ROOT)) for folder in folders() for m in sorted(folder.glob("*.py"))
               if m.stem not in ("__init__", "__main__") and m.stem not in names]
    assert missing == []


def test_every_package_of_the_page_is_in_the_doc_s_picture() -> None:
    text = DOC.read_text(encoding="utf-8")
    on_disk = sorted(p.parent.name for p in (ROOT / "web").glob("*/__init__.py"))
    assert on_disk == sorted(WEB_PACKAGES)
    assert [name for name in on_disk if f"web/{name}/" not in text] == []


def test_every_dotted_module_the_doc_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    roots = {"tractor": ROOT / "pyengine", "sitebuild": ROOT,
             **{name: ROOT / "web" for name in WEB_PACKAGES}}
    absent = []
    for dotted in sorted(set(re.findall(r"`([a-z_]+(?:\.[A-Za-z_]+)+)`", text))):
        parts = dotted.split(".")
        if parts[0] not in roots or dotted == "tractor.paint":  # a storage key
            continue
        base = roots[parts[0]]
        if not any(base.joinpath(*parts[:k]).with_suffix(".py").exists()
                   or (base.joinpath(*parts[:k]) / "__init__.py").exists()
                   for k in range(2, len(parts) + 1)):
            absent.append(dotted)
    assert absent == []

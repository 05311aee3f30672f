"""The layers of the engine and of the page, and their lack of import circles, are
enforced by import-linter.

``pyproject.toml``'s ``[tool.importlinter]`` holds the contracts: in the engine, the tools
over the players over the driver over the rules; in the page (web/'s packages), the DOM
over the house over the seats, the drawing, the stored data, the words and the modules
both interpreters run, over the engine; inside the house, the facade down to the state
(its learning rooms in ``house.learn``); no circle anywhere, type-only and function-local
imports included. ``scripts/test.sh``
runs ``lint-imports``. These tests run it on a copy of the engine and the page, as they
are and with a circle or a layer broken, to show that it fails then.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
CIRCLES = "No import circle in the engine (type-only and function-local imports count) BROKEN"
LAYERS = "The engine's layers: the tools over the players over the driver over the rules BROKEN"
PAGE_LAYERS = "The page's layers"
HOUSE_LAYERS = "The house from the facade down"
PAGE_CIRCLES = "No import circle inside a package of the page"
PAGE_PACKAGES = tuple(
    package
    for package in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "root_packages"]
    if package != "tractor"
)
"""The page's packages the contracts name (web/<package>), as pyproject.toml lists them."""


def lint(tmp_path: Path, change: tuple[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on a copy of the engine and the page's packages, with ``change`` (a
    module, ``tractor.cards`` or ``house.core``, and a line appended to it) made to the copy."""
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "pyengine" / "tractor", tmp_path / "tractor", ignore=ignore)
    for package in PAGE_PACKAGES:
        shutil.copytree(ROOT / "web" / package, tmp_path / package, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    if change is not None:
        module, line = change
        path = tmp_path / (module.replace(".", "/") + ".py")
        path.write_text(path.read_text() + "\n" + line + "\n")
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "pyproject.toml"], cwd=tmp_path,
                          env={"PYTHONPATH": str(tmp_path), "PATH": ""}, capture_output=True,
                          text=True, timeout=300)


def in_a_function(line: str) -> str:
    """``line``, an import, inside a function (a function-local import)."""
    return f"def _later() -> None:\n    {line}  # noqa"


def for_typing_only(line: str) -> str:
    """``line``, an import, under ``if TYPE_CHECKING:`` (a type-only import)."""
    return f"from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    {line}  # noqa"


def test_the_engine_and_the_page_keep_their_import_contracts(tmp_path: Path) -> None:
    done = lint(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 kept, 0 broken" in done.stdout


def test_a_function_local_import_circle_is_refused(tmp_path: Path) -> None:
    done = lint(tmp_path, ("tractor.cards", in_a_function("from . import trick")))
    assert done.returncode != 0 and CIRCLES in done.stdout and LAYERS not in done.stdout


def test_a_type_only_import_circle_is_refused(tmp_path: Path) -> None:
    done = lint(tmp_path, ("tractor.trump", for_typing_only("from .units import Unit")))
    assert done.returncode != 0 and CIRCLES in done.stdout


def test_the_rules_may_not_import_the_players(tmp_path: Path) -> None:
    done = lint(tmp_path, ("tractor.view", in_a_function("from . import players")))
    assert done.returncode != 0 and LAYERS in done.stdout


def test_the_engine_may_not_import_the_page(tmp_path: Path) -> None:
    done = lint(tmp_path, ("tractor.view", in_a_function("import micro.markup")))
    assert done.returncode != 0 and PAGE_LAYERS in done.stdout


def test_the_words_may_not_import_the_drawing(tmp_path: Path) -> None:
    done = lint(tmp_path, ("text.messages", for_typing_only("from render.scene import Scene")))
    assert done.returncode != 0 and PAGE_LAYERS in done.stdout


def test_the_house_s_core_may_not_import_a_room(tmp_path: Path) -> None:
    done = lint(tmp_path, ("house.core", in_a_function("from house import flow")))
    assert done.returncode != 0 and HOUSE_LAYERS in done.stdout


def test_a_circle_inside_the_drawing_is_refused(tmp_path: Path) -> None:
    done = lint(tmp_path, ("render.faces", in_a_function("from render import table")))
    assert done.returncode != 0 and PAGE_CIRCLES in done.stdout

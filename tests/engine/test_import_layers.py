"""The engine's layers and its lack of import circles are enforced by import-linter.

``pyproject.toml``'s ``[tool.importlinter]`` holds the contracts (the tools over the
players over the driver over the rules; no circle, type-only and function-local
imports included); ``scripts/test.sh`` runs ``lint-imports``. These tests run it on
the engine, and on a copy of the engine with a circle or a layer broken, to show
that it fails then.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
CIRCLES = "No import circle in the engine (type-only and function-local imports count) BROKEN"
LAYERS = "The engine's layers: the tools over the players over the driver over the rules BROKEN"


def lint(tmp_path: Path, change: tuple[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on a copy of the engine, with ``change`` (a module of the package
    and a line appended to it) made to the copy."""
    copy = tmp_path / "tractor"
    shutil.copytree(ROOT / "pyengine" / "tractor", copy,
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    if change is not None:
        module, line = change
        path = copy / (module.replace(".", "/") + ".py")
        path.write_text(path.read_text() + "\n" + line + "\n")
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "pyproject.toml"], cwd=tmp_path,
                          env={"PYTHONPATH": str(tmp_path), "PATH": ""}, capture_output=True,
                          text=True, timeout=300)


def test_the_engine_keeps_its_import_contracts(tmp_path: Path) -> None:
    done = lint(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 kept, 0 broken" in done.stdout


def test_a_function_local_import_circle_is_refused(tmp_path: Path) -> None:
    done = lint(tmp_path, ("cards", "def _circle() -> None:\n    from . import trick  # noqa"))
    assert done.returncode != 0 and CIRCLES in done.stdout and LAYERS not in done.stdout


def test_a_type_only_import_circle_is_refused(tmp_path: Path) -> None:
    done = lint(tmp_path, ("trump", "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                                    "    from .units import Unit  # noqa"))
    assert done.returncode != 0 and CIRCLES in done.stdout


def test_the_rules_may_not_import_the_players(tmp_path: Path) -> None:
    done = lint(tmp_path, ("view", "def _players() -> None:\n    from . import players  # noqa"))
    assert done.returncode != 0 and LAYERS in done.stdout

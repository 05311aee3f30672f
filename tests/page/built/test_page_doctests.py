"""Run the doctests of the page's packages (web/'s Python in CPython, no browser).

The embed's drawing modules import the engine's MicroPython files as top-level
modules (``scenario_check``, ``rulecore``), as in dist/: their doctests run in a fresh
interpreter with that path (the one mypy's check of the embed uses), so that those
top-level names never shadow anything in this process.
"""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "web"
PACKAGES = ("page", "house", "house/learn", "seats", "render", "store", "text", "micro")

MODULES = sorted(
    f"{package.replace('/', '.')}.{path.stem}"
    for package in PACKAGES
    for path in (WEB / package).glob("*.py")
    if path.stem != "__init__" and ">>>" in path.read_text(encoding="utf-8")
)


def test_the_modules_with_examples_are_found() -> None:
    assert {"micro.markup", "micro.cardface", "text.i18n", "store.storage"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"no example ran in {name}"
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


@pytest.mark.parametrize("name", ["embed_view", "embed_text"])
def test_embed_module_doctests_pass(name: str) -> None:
    path = os.pathsep.join(str(p) for p in (WEB, ROOT / "pyengine" / "tractor", WEB / "embed"))
    code = (f"import doctest, {name} as m; r = doctest.testmod(m, optionflags=doctest.ELLIPSIS);"
            " print(r.attempted, r.failed)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": path}, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    attempted, failed = (int(n) for n in done.stdout.split()[-2:])
    assert attempted > 0 and failed == 0, done.stdout

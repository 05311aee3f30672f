"""The PyScript configs of the game page (dist/pyscript.json) and of embed.html: what each
interpreter is and which files it is given where."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitebuild.page_start import plugins_left_out
from sitebuild.snapshot import SNAPSHOT_WRAPPER
from sitebuild.vendor import Runtime

CONFIG_NAME = "pyscript.json"
EMBED_CONFIG = "embed-mpy.json"
"""PyScript config of embed.html's MicroPython script (the first paint)."""
EMBED_WORKER_CONFIG = "embed-worker.json"
"""PyScript config of embed.html's Pyodide worker (the engine, started when needed)."""


def catalog_files(dist: Path) -> dict[str, str]:
    """PyScript ``files`` entries putting every compiled catalog where web/text/i18n.py reads it."""
    web = dist / "web"
    return {
        f"./web/{path.relative_to(web).as_posix()}": f"./{path.relative_to(web).as_posix()}"
        for path in sorted((web / "locale").rglob("*.mo"))
    } if (web / "locale").is_dir() else {}


def glue_files(dist: Path) -> dict[str, str]:
    """PyScript ``files`` entries making every web/**/*.py importable by its relative name.

    ``web/render/table.py`` becomes ``import render.table``.
    """
    web = dist / "web"
    entries: dict[str, str] = {}
    for path in sorted(web.rglob("*.py")) if web.is_dir() else []:
        relative = path.relative_to(web).as_posix()
        if relative.startswith("embed/") or relative == "paint.py":
            continue  # embed.html's own files (embed_configs), the painter's script
        entries[f"./web/{relative}"] = f"./{relative}"
    return entries


def site_config(runtime: Runtime, wheel: str, dist: Path) -> dict[str, Any]:
    """The PyScript config of the game page (dist/pyscript.json): its interpreter is the
    snapshot's wrapper around pyodide.mjs (:func:`place_snapshot`)."""
    files = {f"./{wheel}": "./*", **glue_files(dist), **catalog_files(dist)}
    return {"interpreter": f"./{runtime.pyodide_dir}/{SNAPSHOT_WRAPPER}", "files": files,
            "plugins": plugins_left_out()}


def embed_configs(runtime: Runtime, wheel: str) -> dict[str, dict[str, Any]]:
    """The PyScript configs of embed.html: MicroPython draws, a Pyodide worker judges.

    MicroPython gets the escaping builder, the words' runtime and the card faces it
    shares with the painter, the scenario checker and the drawing code; the worker gets
    the engine wheel (its script is web/embed/embed_worker.py).
    """
    mpy_files = {
        "./web/micro/__init__.py": "./micro/__init__.py",
        "./web/micro/markup.py": "./micro/markup.py",
        "./web/micro/words.py": "./micro/words.py",
        "./web/micro/cardface.py": "./micro/cardface.py",
        "./web/micro/avatar.py": "./micro/avatar.py",
        "./web/embed/scenario_check.py": "./scenario_check.py",
        "./web/embed/scenario_read.py": "./scenario_read.py",
        "./web/embed/jsonscan.py": "./jsonscan.py",
        "./web/embed/rulecore.py": "./rulecore.py",
        "./web/embed/embed_view.py": "./embed_view.py",
        "./web/embed/embed_text.py": "./embed_text.py",
        "./web/embed/embed_text.json": "./embed_text.json",
    }
    return {
        EMBED_CONFIG: {
            "interpreter": f"./{runtime.micropython_dir}/micropython.mjs",
            "files": mpy_files,
        },
        EMBED_WORKER_CONFIG: {
            "interpreter": f"./{runtime.pyodide_dir}/pyodide.mjs",
            "files": {f"./{wheel}": "./*"},
        },
    }

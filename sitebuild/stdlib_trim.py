"""A lighter ``python_stdlib.zip`` for the site (a step of the build; issue 34).

Pyodide's standard library is 2.5 MB of the first visit and holds ``email``, ``xml``,
``multiprocessing``, ``unittest``, ``http``, ``pydoc``, ``tarfile``… that no page of the
table imports. The built site ships the zip with only the top-level modules and
packages named in ``KEEP_FILE`` (under version control), the rest left out; how that
list is made, and checked, is ``stdlib_keep.py``.
"""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from pathlib import Path

from sitebuild.base import ROOT, log
from sitebuild.vendor import STDLIB_ZIP, Runtime

KEEP_FILE = ROOT / "stdlib_keep.txt"
"""The top-level names the built site's ``python_stdlib.zip`` keeps, one a line."""


def module_of(entry: str) -> str:
    """The module a zip entry holds (``a/b.py``: ``a.b``; ``a/__init__.py``: ``a``), or
    for a data file or folder, its package (``a/mypy.ini``: ``a``; ``a/``: ``a``)."""
    parts = entry.rstrip("/").split("/")
    if entry.endswith(".py"):
        parts[-1] = parts[-1].removesuffix(".py")
        if parts[-1] == "__init__":
            parts.pop()
    elif not entry.endswith("/") and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def read_keep(path: Path = KEEP_FILE) -> frozenset[str]:
    """The names in ``path`` (a name a line; ``#`` starts a comment)."""
    names = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return frozenset(name for name in names if name)


def trim(source: Path, target: Path, keep: frozenset[str]) -> tuple[int, int]:
    """Write to ``target`` the entries of the zip ``source`` whose module (``module_of``)
    is in ``keep``, as they are; the sizes of ``source`` and ``target`` in bytes."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            if module_of(info.filename) in keep:
                new.writestr(info, old.read(info), compress_type=info.compress_type)
    return source.stat().st_size, target.stat().st_size


def trim_stdlib(dist: Path, runtime: Runtime) -> tuple[int, int]:
    """Rewrite dist's python_stdlib.zip with the modules of stdlib_keep.txt only (the
    site imports no other: stdlib_keep.py); its sizes before and after, in bytes."""
    path = dist / runtime.pyodide_dir / STDLIB_ZIP
    keep = read_keep()
    with tempfile.TemporaryDirectory(prefix="tractor-stdlib-") as tmp:
        trimmed = Path(tmp) / STDLIB_ZIP
        before, after = trim(path, trimmed, keep)
        shutil.copyfile(trimmed, path)
    log(f"{STDLIB_ZIP}: {len(keep)} modules kept (stdlib_keep.txt), {after / 1e6:.2f} MB of "
        f"{before / 1e6:.2f} MB: {(before - after) / 1e6:.2f} MB less to download")
    return before, after

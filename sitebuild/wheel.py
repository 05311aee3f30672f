"""The engine's wheel (``tractor-<ver>-py3-none-any.whl``), written member by member with
the standard library only, the same bytes from the same source, and placed in dist/
under its version and digest."""

from __future__ import annotations

import base64
import hashlib
import shutil
import tempfile
import tomllib
import zipfile
from pathlib import Path

from sitebuild.base import BuildError, log

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

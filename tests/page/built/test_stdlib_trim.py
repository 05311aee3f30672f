"""The trimmed standard library (issue 34, ``sitebuild/stdlib_trim.py``): dist's python_stdlib.zip
holds the modules of ``stdlib_keep.txt`` and no other, and that list holds every module
the site's Python imports (in functions too), what those import, and what Python and
Pyodide import at start; a new import the list lacks fails here, not in the page.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from sitebuild import stdlib_keep, stdlib_trim

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.web
MODULES = ROOT / "vendor" / "node_modules"
RUNTIME_DIRS = [MODULES / "pyodide", MODULES / "@pyscript" / "core" / "dist"]


@pytest.fixture(scope="module")
def vendored_zip(site_build: ModuleType) -> Path:
    """Pyodide's whole standard library, as npm installed it."""
    site_build.install_vendor(ROOT / "vendor")
    zipped: Path = MODULES / "pyodide" / site_build.STDLIB_ZIP
    return zipped


def zip_modules(path: Path) -> set[str]:
    with zipfile.ZipFile(path) as archive:
        return {stdlib_trim.module_of(name) for name in archive.namelist()}


def test_the_kept_list_holds_every_module_the_site_imports(vendored_zip: Path) -> None:
    needed = set(stdlib_keep.keep_list(vendored_zip, ROOT, RUNTIME_DIRS))
    missing = needed - stdlib_trim.read_keep()
    assert not missing, f"run `python3 -m sitebuild.stdlib_keep --write`: {sorted(missing)}"
    assert stdlib_trim.read_keep() <= zip_modules(vendored_zip)


def test_a_module_imported_inside_a_function_of_the_page_is_needed(
    vendored_zip: Path, tmp_path: Path
) -> None:
    for folder in stdlib_keep.CODE_DIRS:
        shutil.copytree(ROOT / folder, tmp_path / folder)
    (tmp_path / "web" / "late.py").write_text(
        "def zone(name: str) -> object:\n"
        "    import zoneinfo\n\n    return zoneinfo.ZoneInfo(name)\n")
    assert "zoneinfo" not in stdlib_trim.read_keep()
    assert "zoneinfo" in stdlib_keep.keep_list(vendored_zip, tmp_path, RUNTIME_DIRS)
    assert "zoneinfo._common" in stdlib_keep.keep_list(vendored_zip, tmp_path, RUNTIME_DIRS)


def test_the_built_zip_holds_the_kept_modules_only_byte_for_byte(
    vendored_zip: Path, dist_dir: Path, site_build: ModuleType
) -> None:
    built = next(dist_dir.glob(f"pyodide/*/{site_build.STDLIB_ZIP}"))
    assert zip_modules(built) == stdlib_trim.read_keep()
    with zipfile.ZipFile(built) as trimmed, zipfile.ZipFile(vendored_zip) as whole:
        for name in trimmed.namelist():
            assert trimmed.read(name) == whole.read(name)
    assert built.stat().st_size < 0.6 * vendored_zip.stat().st_size


def test_imports_are_found_in_every_form_and_relative_ones_resolved() -> None:
    text = ("import a.b as c, d\nfrom . import (e,\n    f)\nfrom .g import *\n"
            "def later():\n    import h\nif __name__ == '__main__':\n    import i\n")
    assert stdlib_keep.imported(text) >= {"a.b", "d", ".", ".e", ".f", ".g", "h", "i"}
    assert "h" not in stdlib_keep.imported(stdlib_keep.eager(text))
    assert "i" not in stdlib_keep.imported(stdlib_keep.eager(text, functions=False))
    assert "h" in stdlib_keep.imported(stdlib_keep.eager(text, functions=False))
    assert stdlib_keep.resolve(".f", "p.q", False) == "p.f"
    assert stdlib_keep.resolve(".g", "p", True) == "p.g"
    assert stdlib_keep.resolve("..x", "p.q.r", False) == "p.x"
    assert stdlib_keep.imported('"\\nimport js\\nfrom pyscript import document"') >= {
        "js", "pyscript", "pyscript.document"}

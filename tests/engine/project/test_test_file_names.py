"""pytest imports every test file by its bare name (the folders have no ``__init__.py``,
and the page's and the browser's helpers are imported by name too): two test files with
one name in different folders stop the whole run with "import file mismatch" when it
collects both. Every test module's file name is therefore unique across ``tests/``."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[2]


def test_no_two_test_files_share_a_name() -> None:
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in sorted(TESTS.rglob("*.py")):
        if path.name != "conftest.py" and "__pycache__" not in path.parts:
            by_name[path.name].append(str(path.relative_to(TESTS)))
    shared = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    assert shared == {}

"""The page's unit tests: web/'s Python in CPython, on fakes (``fakes``, ``tables``).

No browser and no Playwright here: ``python -m pytest tests/page -p no:playwright`` runs
them all. web/ is on ``sys.path`` so that the tests import the page's packages by their
names (``render.table``, ``store.saves``), as the page's config lays them out, and the top
of the work tree so that they import the build's package ``sitebuild``. A few tests read
the built site or run its MicroPython under Node.js (``dist_dir``, ``tests/conftest.py``:
they are marked ``web``).

The tests sit in subfolders by the page's packages (``house/``, ``store/``, ``micro/``,
``text/``, ``built/``: the built site); the helpers they share (``fakes``, ``tables``,
``matches``) sit here, and a few tests import another's lists by its bare name (``from
test_painted_view import POSITIONS``): this folder and each subfolder are on ``sys.path``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

for folder in (ROOT, ROOT / "web", *sorted(sub for sub in HERE.iterdir()
                                            if sub.is_dir() and sub.name != "__pycache__")):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

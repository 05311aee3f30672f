"""Engine tests: make ``pyengine`` importable without installing the package.

The tests sit in subfolders by the engine's layers (``rules/``, ``players/``, ``coach/``,
``positions/``, ``tools/``, ``project/``); the helpers they share (``engine_positions``,
``scenario_words``) sit here, and a few tests import another's lists by its bare name
(``from test_review import STRONG_HEARTS``): this folder and each subfolder are on
``sys.path`` (test file names are unique across ``tests/``,
``tests/engine/project/test_test_file_names.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PYENGINE = str(HERE.parents[1] / "pyengine")
for folder in (PYENGINE, *sorted(str(sub) for sub in HERE.iterdir()
                                 if sub.is_dir() and sub.name != "__pycache__")):
    if folder not in sys.path:
        sys.path.insert(0, folder)

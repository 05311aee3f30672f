"""Engine tests: make ``pyengine`` importable without installing the package."""

from __future__ import annotations

import sys
from pathlib import Path

PYENGINE = str(Path(__file__).resolve().parents[2] / "pyengine")
if PYENGINE not in sys.path:
    sys.path.insert(0, PYENGINE)

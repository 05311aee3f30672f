"""What every step of the build uses: the repository's folders, the error a step
raises and the progress line it prints."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
VENDOR = ROOT / "vendor"
WEB = ROOT / "web"


class BuildError(Exception):
    """A build step failed; the message says what to do about it."""


def log(message: str) -> None:
    """Print a progress line to stderr."""
    print(f"[build] {message}", file=sys.stderr, flush=True)

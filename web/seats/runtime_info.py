"""Describe the Python runtime and the engine wheel; shared by the page and the worker."""

import importlib.metadata
import sys

import tractor


def describe() -> str:
    """One line naming the Python version and the installed engine version."""
    python = sys.version.split()[0]
    engine = importlib.metadata.version("tractor")
    return f"Python {python} · {tractor.__name__} {engine}"

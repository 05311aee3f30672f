"""Engine worker: runs the computer players off the main thread (no DOM here)."""

from runtime_info import describe

__export__ = ["describe"]

"""Engine worker: the computer players will run here, off the main thread.

Workers have no DOM and no localStorage; the page calls the names listed in
``__export__`` asynchronously: ``engine = await workers["engine"]`` then
``await engine.describe()``.  Arguments and results must be serialisable.
"""

import runtime_info


def describe() -> str:
    """Prove the worker imported the engine wheel: Python and tractor versions."""
    return runtime_info.describe()


__export__ = ["describe"]

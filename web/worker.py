"""Engine worker: the computer players think here, off the page's main thread.

Workers have no DOM and no localStorage; the page calls the names listed in
``__export__`` asynchronously (``engine = await workers["engine"]``, then
``await engine.decide(...)``). Arguments and results are plain strings/ints.
"""

import decide as decisions
import runtime_info


def describe() -> str:
    """Python and tractor versions, proving the worker imported the engine wheel."""
    return runtime_info.describe()


def decide(view_text: str, player: str, kind: str, seed: int) -> str:
    """A computer player's action for the seat whose view is given, as JSON text (or null)."""
    return decisions.decide_json(view_text, player, kind, seed)


__export__ = ["describe", "decide"]

"""Engine worker: the computer players think here, off the page's main thread.

Workers have no DOM and no localStorage; the page calls the names listed in
``__export__`` asynchronously (``engine = await workers["engine"]``, then
``await engine.decide(...)``). Arguments and results are plain strings/ints.
"""

from seats import decide as decisions
from seats import runtime_info
from tractor.coach.attempt_data import try_step as attempt_step
from tractor.coach.review_data import review_step as coach_step


def describe() -> str:
    """Python and tractor versions, proving the worker imported the engine wheel."""
    return runtime_info.describe()


def decide(view_text: str, player: str, kind: str, seed: int) -> str:
    """A computer player's action for the seat whose view is given, as JSON text (or null)."""
    return decisions.decide_json(view_text, player, kind, seed)


def review_step(record_text: str, seat: int, hand: int, k: int, seed: int) -> str:
    """The coach's review of one decision of a finished hand (``tractor.coach.review_data``):
    ``{"count", "decision"}`` as JSON text. The page asks for one decision at a time,
    showing its progress and able to stop between two."""
    return coach_step(str(record_text), int(seat), int(hand), int(k), int(seed))


def try_step(view_text: str, index: int, seed: int, best: str, cards: str) -> str:
    """The coach's verdict on an attempt at a marked decision (``tractor.coach.attempt_data``):
    ``best`` and ``cards`` are card texts separated by spaces."""
    return attempt_step(str(view_text), int(index), int(seed), str(best).split(),
                        str(cards).split())


__export__ = ["describe", "decide", "review_step", "try_step"]

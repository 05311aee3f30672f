"""The parts of the scene that learning from your mistakes adds (issue 38): the drills
in the order they are due with their attempts (while their panel is open), the shared
drill, the clock they are read against, and a what-if branch under way."""

from __future__ import annotations

from typing import Any

from house.branching import outcome
from house.drilling import drills, trial_key, trial_of
from house.state import Table


def learn_scene(table: Table) -> dict[str, Any]:
    """``Scene``'s fields for the drills and the branch."""
    past = table.past
    listed: tuple[tuple[Any, Any], ...] = ()
    if table.panels.panel == "drills":
        listed = tuple((d, past.drill_trials.get(trial_key(d)) or trial_of(d))
                       for d in drills(table).in_due_order())
    branch = None if past.branch is None else (past.branch.tricks, outcome(table))
    kept = drills(table).entries if table.panels.panel in ("settings", "records") else ()
    return {"drills": listed, "kept_drills": kept, "drill_quiz": past.drill_quiz,
            "now_ms": table.keep.stamp(), "branch": branch}

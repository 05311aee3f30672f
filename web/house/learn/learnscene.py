"""The parts of the scene that learning from your mistakes adds (issue 38): the drills
in the order they were due when their panel opened (an answer moves a drill in the
schedule, not under the player's finger), with their attempts, the shared
drill, the clock they are read against, and a what-if branch under way."""

from __future__ import annotations

from typing import Any

from house.learn.branching import outcome
from house.learn.drilling import drills, trial_key, trial_of
from house.state import Table


def learn_scene(table: Table) -> dict[str, Any]:
    """``Scene``'s fields for the drills and the branch."""
    past = table.past
    listed: tuple[tuple[Any, Any], ...] = ()
    if table.panels.panel == "drills":
        opened = {key: i for i, key in enumerate(past.drill_trials)}  # ``open_drills``'s order
        due = sorted(drills(table).in_due_order(),
                     key=lambda d: opened.get(trial_key(d), len(opened)))
        listed = tuple((d, past.drill_trials.get(trial_key(d)) or trial_of(d)) for d in due)
    branch = None if past.branch is None else (past.branch.tricks, outcome(table))
    kept = drills(table).entries if table.panels.panel in ("settings", "records") else ()
    return {"drills": listed, "kept_drills": kept, "drill_quiz": past.drill_quiz,
            "now_ms": table.keep.stamp(), "branch": branch}

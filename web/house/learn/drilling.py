"""Drills from your own hands: each decision the coach marked, to find again later.

When a review of a hand is done (``note_review``, run by the facade as the review
draws), each marked decision becomes a drill (``store.drills``): seat 0's view
at it, the play made, the coach's better play. The drills panel (``open_drills``)
lists them in the order they are due (``tractor.coach.schedule``), each tried as a
review's decision is (``trying``: key ``d<id>``); the first verdict of a visit
moves it (``on_verdict``: right, it comes back after 1, 3, 7, then 21 days; wrong, at
the next visit). ``share_drill`` makes one an ``embed.html`` quiz through the
share-a-position path, as ``coach.share_review`` does. The drills are read from
storage on first use (``stored.load_small``: a damaged list is kept aside), and
written after each change. Each function takes the ``state.Table``; none draws.
"""

from __future__ import annotations

import json

from render.attempts import Trial
from store.drills import Drill, Drills, parse_drills
from store.links import embed_address
from store.storage import DRILLS_KEY
from text.i18n import LANGUAGES, t
from tractor.coach.attempt import CHOSEN, TRIED, choices
from tractor.coach.review_data import quiz_of_view, view_before
from tractor.positions import scenario
from tractor.positions.position import PositionError
from tractor.save import from_record
from tractor.view import View

from house.state import HUMAN, Table
from house.stored import load_small


def drills(table: Table) -> Drills:
    """The drills kept in this browser (read from storage on first use)."""
    past = table.past
    if past.drills is None:
        past.drills = load_small(table.keep, table.words, DRILLS_KEY, parse_drills)
    return past.drills


def _store(table: Table, kept: Drills) -> None:
    table.past.drills = kept
    table.keep.store.set(DRILLS_KEY, kept.to_json())


def note_review(table: Table) -> bool:
    """Make the drills of a review just done (once per review); True if any was added."""
    r = table.past.review
    if r is None or r.state != "done" or r.drilled:
        return False
    r.drilled = True
    marked = [d for d in r.marked if d.kind in TRIED]
    if not marked:
        return False
    record = from_record(json.loads(r.record_text))
    now = table.keep.stamp()
    new = []
    for d in marked:
        view = view_before(record, d.index, HUMAN)
        new.append(Drill(
            f"{r.match_id}.{r.hand}.{d.index}", now, r.match_id, r.hand, d.index, r.seed,
            d.kind, d.mark, "fine" if d.why is None else d.why[0], tuple(d.played.cards),
            tuple(d.best.cards), json.dumps(view.to_data(), separators=(",", ":")), 0, now))
    before = drills(table)
    kept = before.with_drills(new)
    if kept == before:
        return False
    _store(table, kept)
    return True


def trial_key(drill: Drill) -> str:
    return "d" + drill.id


def trial_of(drill: Drill) -> Trial:
    hand = tuple(json.loads(drill.view)["hand"])
    options = choices(View.from_data(json.loads(drill.view)), drill.played, drill.best) if (
        drill.kind in CHOSEN) else []
    return Trial(drill.view, hand, drill.index, drill.seed, drill.kind, drill.best,
                 drill.played, choices=tuple(options))


def open_drills(table: Table) -> None:
    """Open the drills panel: every drill in the order it is due, none tried yet (the
    trials' order is the panel's until it opens again)."""
    table.past.drill_trials = {trial_key(d): trial_of(d) for d in drills(table).in_due_order()}
    table.past.drill_quiz = None
    table.panels.panel = "drills"


def on_verdict(table: Table, key: str, trial: Trial) -> None:
    """A drill's first verdict of this visit moves it in the schedule (``trying``'s hook)."""
    if not key.startswith("d") or len(trial.verdicts) != 1:
        return
    verdict = trial.verdicts[0].verdict
    if verdict == "illegal":
        return
    kept = drills(table)
    if kept.get(key[1:]) is not None:
        _store(table, kept.answered(key[1:], verdict == "right", table.keep.stamp()))


def share_drill(table: Table, drill_id: str) -> None:
    """The drill as an ``embed.html`` quiz: its position, the coach's play the answer."""
    drill = drills(table).get(drill_id)
    if drill is None or drill.kind not in ("lead", "follow"):
        return
    texts = {
        "caption": {lang: t(lang, "quiz_find_better") for lang in LANGUAGES},
        "explain": {lang: t(lang, "drill_explain") for lang in LANGUAGES},
    }
    try:
        text = quiz_of_view(View.from_data(json.loads(drill.view)), list(drill.best), texts)
        scenario.load(text)  # the loader checks that the coach's play is a legal answer
    except (PositionError, scenario.ScenarioError, ValueError):
        return
    embed = embed_address(table.env.address)
    table.past.drill_quiz = (drill_id, scenario.link(text, base=embed))


__all__ = ["drills", "note_review", "on_verdict", "open_drills", "share_drill", "trial_key"]

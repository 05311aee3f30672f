"""Finding the better play yourself: an attempt at a marked decision, judged by the coach.

At a decision the coach marked (in a hand's review, or as a drill: ``drilling``)
the better play stays hidden until the player tries or asks (issue 38).
``open_try`` shows the seat's hand as it was at that decision (``render.attempts.Trial``,
from the record: ``review_data.view_before``), ``try_select`` picks a card as on the
table (at a friend call or a declaring decision: one of the calls or declarations the
coach compared, ``attempt.choices``), ``try_check`` asks the coach's verdict on the
picked cards (the worker's ``try_step`` when it is ready, else here on the page:
``tractor.coach.attempt``; the play made again at a review's decision: the review's
own verdict, ``played_verdict``), ``reveal`` shows the answer. A trial is named by a key:
``r<index>`` a decision of the review, ``d<id>`` a drill; ``on_verdict`` (the drills'
schedule) runs after each verdict. Each function takes the ``state.Table``; none draws
but ``try_check``, through the ``flush`` the facade gives it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import replace

from render.attempts import Trial
from tractor.coach.attempt import CHOSEN, Verdict, choices
from tractor.coach.attempt_data import try_step, verdict_data, verdict_from_data
from tractor.coach.review import DecisionReview
from tractor.coach.review_data import view_before
from tractor.save import from_record
from tractor.view import View

from house.state import HUMAN, Table

Verdicts = Callable[[Table, str, Trial], None]


def trial_of(view: View, d: DecisionReview, seed: int) -> Trial:
    """The trial of a reviewed decision, from the seat's view at it."""
    data = view.to_data()
    options = choices(view, d.played.cards, d.best.cards) if d.kind in CHOSEN else []
    return Trial(json.dumps(data, separators=(",", ":")), tuple(data["hand"]), d.index, seed,
                 d.kind, tuple(d.best.cards), tuple(d.played.cards), choices=tuple(options),
                 known=played_verdict(d))


def played_verdict(d: DecisionReview) -> Verdict | None:
    """The coach's verdict on the play made at a marked decision: ``judge_attempt`` of it
    is that decision's review (the same view, action, index, seed and budget), so it is
    read from the review, not computed again."""
    if d.mark == "fine":
        return None
    return Verdict("wrong", d.mark, d.cost, d.best.points - d.played.points, d.why)


def get(table: Table, key: str) -> Trial | None:
    """The trial named ``key`` (made when first asked for, for a decision of the review)."""
    if key.startswith("d"):
        return table.past.drill_trials.get(key)
    r = table.past.review
    if r is None or not key.startswith("r") or not key[1:].isdigit():
        return None
    index = int(key[1:])
    if index not in r.trials:
        d = next((d for d in r.marked if d.index == index), None)
        if d is None:
            return None
        view = view_before(from_record(json.loads(r.record_text)), index, HUMAN)
        r.trials[index] = trial_of(view, d, r.seed)
    return r.trials[index]


def _put(table: Table, key: str, trial: Trial) -> None:
    if key.startswith("d"):
        table.past.drill_trials[key] = trial
    elif table.past.review is not None:
        table.past.review.trials[int(key[1:])] = trial


def open_try(table: Table, key: str) -> None:
    """Show the hand as it was at the decision, to pick a play."""
    trial = get(table, key)
    if trial is not None:
        _put(table, key, replace(trial, open=True))


def try_select(table: Table, key: str, i: int) -> None:
    """Pick or drop card ``i`` of the trial's hand (or choose choice ``i``)."""
    trial = get(table, key)
    if trial is None or trial.busy or not 0 <= i < len(trial.choices or trial.hand):
        return
    chosen = {i} if trial.choices else set(trial.selected) ^ {i}
    _put(table, key, replace(trial, selected=tuple(sorted(chosen))))


def reveal(table: Table, key: str) -> None:
    """Show the coach's better play."""
    trial = get(table, key)
    if trial is not None:
        _put(table, key, replace(trial, revealed=True))


async def try_check(table: Table, key: str, flush: Callable[[], None],
                    on_verdict: Verdicts | None = None) -> None:
    """Judge the picked cards (one verdict at a time), drawing as it goes."""
    trial = get(table, key)
    if trial is None or trial.busy or not trial.selected or not trial.view_text:
        return
    _put(table, key, replace(trial, busy=True))
    table.loop.dirty = True
    flush()
    cards, best = " ".join(trial.picked), " ".join(trial.best)
    link = table.env.link
    try:
        if trial.known is not None and sorted(trial.picked) == sorted(trial.played):
            await asyncio.sleep(0)
            text = json.dumps(verdict_data(trial.known))
        elif link.ready:
            text = await link.try_step(trial.view_text, trial.index, trial.seed, best, cards)
        else:
            await asyncio.sleep(0)
            text = try_step(trial.view_text, trial.index, trial.seed, list(trial.best),
                            trial.picked)
        verdict = verdict_from_data(json.loads(text))
    except Exception as error:  # say nothing new: the attempt may be checked again
        print(f"try_check failed: {type(error).__name__}: {error}")
        now = get(table, key)
        if now is not None:
            _put(table, key, replace(now, busy=False))
        table.loop.dirty = True
        flush()
        return
    now = get(table, key) or trial
    done = replace(now, busy=False, verdicts=(*now.verdicts, verdict),
                   selected=() if verdict.verdict == "wrong" else now.selected)
    _put(table, key, done)
    if on_verdict is not None:
        on_verdict(table, key, done)
    table.loop.dirty = True
    flush()

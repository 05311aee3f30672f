"""The coach: review seat 0's decisions in a finished hand, and share one as a quiz.

``review`` opens the hand's replay (from the result dialog or the past hands) and
starts its review (``reviews.Review``): one decision per call to the computer
players' worker (``WorkerLink.review_step``, ``tractor.coach.review_data``), so the page
shows "reviewing 3 of 9", draws each mark as it comes and never waits on the
whole hand; ``cancel_review`` stops it once the decision under way is done (so does
closing the replay), keeping what was reviewed: ``review`` again goes on from there
(the table stands still while a replay is open, so the review never competes with
the computer players for the worker, and never holds up a hand in play). While the
worker is loading, or if it failed, the review runs here on the page in the same
steps, yielding to the page between two (``asyncio.sleep(0)``), and says so. The
worker is sent the record of the finished hand; the coach still judges each decision
from seat 0's view then.

``share_review`` makes a marked play an ``embed.html`` quiz, "find the better play",
through the share-a-position path (``tractor.positions.position``, ``scenario.link``): seat 0's
view before the play, the coach's play the answer, the coach's line the explanation.
Each function takes the ``state.Table``; the review's steps are drawn as they come
through the ``flush`` the facade (``game.Game``) gives ``review``, nothing else draws.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from render.reviews import Review, coach_line
from store.links import embed_address
from store.pasthands import hand_record
from text.i18n import LANGUAGES, t
from tractor.coach.review_data import decision_from_data, quiz_json, review_step
from tractor.positions import scenario
from tractor.positions.position import PositionError
from tractor.save import from_record

from house.replays import history, open_replay
from house.state import HUMAN, Table


def review(table: Table, match_id: str, hand: int, flush: Callable[[], None]) -> None:
    """Replay the hand and review it (a stopped review of it goes on where it stopped);
    each step found is drawn through ``flush``."""
    past = table.past
    if past.replay is None or past.replayed != (match_id, hand):
        open_replay(table, match_id, hand)
    if past.replay is None or past.replayed != (match_id, hand):
        return
    old = past.review
    if old is not None and old.is_of(match_id, hand):
        if old.state in ("running", "done"):
            return
        old.state, old.error, old.run = "running", "", old.run + 1
        asyncio.ensure_future(_run(table, old, flush))
        return
    entry = history(table).entry(match_id)
    assert entry is not None
    text = json.dumps(hand_record(entry.record, hand), separators=(",", ":"))
    past.review = Review(match_id, hand, text)
    asyncio.ensure_future(_run(table, past.review, flush))


async def _run(table: Table, r: Review, flush: Callable[[], None]) -> None:
    """Review ``r``'s decisions one at a time until done, cancelled or replaced (by
    another review, or by this one resumed: ``r.run`` counts its runs)."""
    k, run = r.done, r.run

    def current() -> bool:
        return table.past.review is r and r.run == run

    def draw() -> None:
        table.loop.dirty = True
        flush()

    while r.state == "running" and current() and (r.count is None or k < r.count):
        start = table.loop.clock()
        r.busy = True
        try:
            link = table.env.link
            if link.ready:
                r.where = "worker"
                text = await link.review_step(r.record_text, HUMAN, r.hand, k, r.seed)
            else:
                r.where = "page"
                await asyncio.sleep(0)
                text = review_step(r.record_text, HUMAN, r.hand, k, r.seed)
            data = json.loads(text)
            decision = None if data["decision"] is None else decision_from_data(data["decision"])
        except Exception as error:  # say so in the replay; the table plays on
            if not current():
                return
            r.busy = False
            r.state, r.error = "failed", f"{type(error).__name__}: {error}"
            draw()
            return
        if not current():
            return  # replaced while the step ran
        r.busy = False
        r.times_ms.append(round((table.loop.clock() - start) * 1000))
        r.count = int(data["count"])
        if decision is not None:
            r.decisions.append(decision)
        k += 1
        r.done = k
        draw()
        await asyncio.sleep(0)
    if r.state == "running" and current():
        r.state = "done"
        draw()


def cancel_review(table: Table) -> None:
    """Stop the running review after the decision it is on (what it found stays)."""
    r = table.past.review
    if r is not None and r.state == "running":
        r.state = "cancelled"


def share_review(table: Table, index: int) -> None:
    """The quiz "find the better play" of the reviewed play at ``index`` of the record."""
    r = table.past.review
    d = None if r is None else next((d for d in r.decisions if d.index == index), None)
    line = None if d is None else coach_line(d)
    if r is None or d is None or line is None:
        return
    texts = {
        "caption": {lang: t(lang, "quiz_find_better") for lang in LANGUAGES},
        "explain": {lang: line.text(lang) for lang in LANGUAGES},
    }
    try:
        text = quiz_json(from_record(json.loads(r.record_text)), index, HUMAN,
                         list(d.best.cards), texts)
        scenario.load(text)  # the loader checks that the coach's play is a legal answer
    except (PositionError, scenario.ScenarioError):
        return
    embed = embed_address(table.env.address)
    r.quiz = (index, scenario.link(text, base=embed), scenario.iframe(text, base=embed))

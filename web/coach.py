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
Each function takes the ``Game`` and is one of its methods there.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

from i18n import LANGUAGES, t
from pasthands import hand_record
from reviews import Review, coach_line
from seat0 import HUMAN
from tractor.coach.review_data import decision_from_data, quiz_json, review_step
from tractor.positions import scenario
from tractor.positions.position import PositionError
from tractor.save import from_record

if TYPE_CHECKING:
    from game import Game


def review(game: Game, match_id: str, hand: int) -> None:
    """Replay the hand and review it (a stopped review of it goes on where it stopped)."""
    if game.replay is None or game.replayed != (match_id, hand):
        game.open_replay(match_id, hand)
    if game.replay is None or game.replayed != (match_id, hand):
        return
    old = game.hand_review
    if old is not None and old.is_of(match_id, hand):
        if old.state in ("running", "done"):
            return
        old.state, old.error, old.run = "running", "", old.run + 1
        game.refresh()
        asyncio.ensure_future(_run(game, old))
        return
    entry = game.history().entry(match_id)
    assert entry is not None
    text = json.dumps(hand_record(entry.record, hand), separators=(",", ":"))
    game.hand_review = Review(match_id, hand, text)
    game.refresh()
    asyncio.ensure_future(_run(game, game.hand_review))


async def _run(game: Game, r: Review) -> None:
    """Review ``r``'s decisions one at a time until done, cancelled or replaced (by
    another review, or by this one resumed: ``r.run`` counts its runs)."""
    k, run = r.done, r.run

    def current() -> bool:
        return game.hand_review is r and r.run == run

    while r.state == "running" and current() and (r.count is None or k < r.count):
        start = game.clock()
        r.busy = True
        try:
            if game.link.ready:
                r.where = "worker"
                text = await game.link.review_step(r.record_text, HUMAN, r.hand, k, r.seed)
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
            game.refresh()
            return
        if not current():
            return  # replaced while the step ran
        r.busy = False
        r.times_ms.append(round((game.clock() - start) * 1000))
        r.count = int(data["count"])
        if decision is not None:
            r.decisions.append(decision)
        k += 1
        r.done = k
        game.refresh()
        await asyncio.sleep(0)
    if r.state == "running" and current():
        r.state = "done"
        game.refresh()


def cancel_review(game: Game) -> None:
    """Stop the running review after the decision it is on (what it found stays)."""
    if game.hand_review is not None and game.hand_review.state == "running":
        game.hand_review.state = "cancelled"
        game.refresh()


def go_to_step(game: Game, step: int) -> None:
    """Show step ``step`` of the replay (a mark of the timeline, one of the worst three)."""
    if game.replay is not None:
        steps, _ = game.replay
        game.replay = (steps, max(0, min(len(steps) - 1, step)))
        game.refresh()


def share_review(game: Game, index: int) -> None:
    """The quiz "find the better play" of the reviewed play at ``index`` of the record."""
    r = game.hand_review
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
    embed = game.address[: game.address.rfind("/") + 1] + "embed.html"
    r.quiz = (index, scenario.link(text, base=embed), scenario.iframe(text, base=embed))
    game.refresh()

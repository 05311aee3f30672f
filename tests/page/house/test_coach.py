"""The coach room (web/coach.py) and its panel in CPython: a finished hand reviewed step
by step (through the worker when it is ready, on the page while it is not), stopped and
resumed, its marks drawn on the replay, a marked play shared as a quiz."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from fakes import FakeScreen, FakeStorage
from house.game import Game
from matches import marked_hand
from render.reviews import Review, step_of
from store.settings import Settings
from tables import make_game, run_async
from tractor.coach.review import review_iter
from tractor.coach.review_data import review_step
from tractor.positions import scenario
from tractor.rules import Rules
from tractor.save import dumps


def game_after_the_hand() -> tuple[Game, FakeScreen]:
    settings = Settings(rules=Rules(decks=1), speed="instant", lang="en")
    storage = FakeStorage({"tractor.settings": settings.to_json(),
                           "tractor.match": dumps(marked_hand())})
    game, screen = make_game(storage, seed=None)
    assert game.state.live.match.phase == "hand_over"
    return game, screen


def review_until(game: Game, done: Any, limit: float = 60.0) -> None:
    async def main() -> None:
        game.review(game.state.live.meta.match_id, 0)
        loop = asyncio.get_running_loop()
        start = loop.time()
        while not done() and loop.time() - start < limit:
            await asyncio.sleep(0.001)

    run_async(main())


async def review_started(game: Game, steps: int) -> Review:
    """Start the review and wait, in the running loop, until ``steps`` decisions are done."""
    game.review(game.state.live.meta.match_id, 0)
    r = game.state.past.review
    assert r is not None
    while r.done < steps:
        await asyncio.sleep(0)
    return r


def overlay(screen: FakeScreen) -> str:
    return screen.regions["overlay"]


def test_the_review_on_the_page_gives_the_engine_s_review_and_draws_the_marks() -> None:
    game, screen = game_after_the_hand()
    review_until(game, lambda: game.state.past.review is not None
                 and game.state.past.review.state != "running")
    r = game.state.past.review
    assert r is not None and r.state == "done" and r.where == "page"
    assert tuple(r.decisions) == tuple(review_iter(marked_hand(), 0, 0, 0))
    assert r.done == r.count and len(r.times_ms) == r.count
    html = overlay(screen)
    marked_steps = {step_of(d) for d in r.marked}
    marks = [tag for tag in re.findall(r"<button[^>]*>", html) if "review-mark" in tag]
    drawn = {int(re.findall(r'data-step="(\d+)"', tag)[0]) for tag in marks}
    assert drawn == marked_steps
    assert html.count('data-testid="review-worst"') == min(3, len(r.marked))
    worst = r.worst[0]
    game.go_to_step(step_of(worst))
    assert 'data-testid="better-play"' not in overlay(screen)  # hidden until tried or asked
    game.reveal(f"r{worst.index}")
    html = overlay(screen)
    block = html.split(f'data-index="{worst.index}"', 1)[1]
    better = block.split('data-testid="better-play"', 1)[1].split('data-testid="review-reason"')[0]
    assert re.findall(r'data-card="([^"]+)"', better) == list(worst.best.cards)
    assert 'data-testid="review-reason">Better: ' in html


def test_the_review_goes_through_the_worker_once_it_is_ready() -> None:
    calls: list[int] = []

    class Worker:
        async def describe(self) -> str:
            return "in-process worker"

        async def review_step(self, text: str, seat: int, hand: int, k: int, seed: int) -> str:
            calls.append(k)
            return review_step(text, seat, hand, k, seed)

    async def start() -> Worker:
        return Worker()

    game, _ = game_after_the_hand()
    run_async(game.state.env.link.connect(start))
    review_until(game, lambda: game.state.past.review is not None
                 and game.state.past.review.state != "running")
    r = game.state.past.review
    assert r is not None and r.state == "done" and r.where == "worker"
    assert calls == list(range(r.count or 0)) and r.decisions


def test_cancel_stops_between_two_decisions_and_the_review_goes_on_from_there() -> None:
    game, screen = game_after_the_hand()
    drawn: list[str] = []

    async def main() -> None:
        r = await review_started(game, 2)
        game.cancel_review()
        drawn.append(overlay(screen))
        while r.busy:
            await asyncio.sleep(0.001)
        drawn.append(overlay(screen))
        done = r.done
        await asyncio.sleep(0.3)
        assert r.done == done and r.count is not None and done < r.count

    run_async(main())
    r = game.state.past.review
    assert r is not None and r.state == "cancelled"
    assert 'data-testid="review-stopped"' in drawn[-1]
    review_until(game, lambda: r.state != "running")
    assert r.state == "done" and r.done == r.count
    assert tuple(r.decisions) == tuple(review_iter(marked_hand(), 0, 0, 0))


def test_closing_the_replay_stops_its_review() -> None:
    game, _ = game_after_the_hand()
    past = game.state.past
    review_until(game, lambda: past.review is not None and past.review.done >= 1)
    game.close_replay()
    assert game.state.past.review is not None and game.state.past.review.state == "cancelled"
    assert game.state.past.replay is None


def test_a_marked_play_is_shared_as_a_quiz_that_the_coach_s_play_answers() -> None:
    game, screen = game_after_the_hand()
    review_until(game, lambda: game.state.past.review is not None
                 and game.state.past.review.state != "running")
    r = game.state.past.review
    assert r is not None
    d = next(d for d in r.marked if d.kind != "bury")
    game.go_to_step(step_of(d))
    game.share_review(d.index)
    assert r.quiz is not None and r.quiz[0] == d.index
    link = r.quiz[1]
    assert link.startswith("embed.html?s=") and f'value="{link}"' in overlay(screen)
    text = scenario.decode_link_param(link.split("?s=", 1)[1])
    verdict = scenario.judge(text, " ".join(d.best.cards))
    assert verdict["correct"] and verdict["explain"]["en"].startswith("Better: ")
    assert not scenario.judge(text, " ".join(d.played.cards))["correct"]
    assert json.loads(text)["caption"]["en"] == "Find the better play."
    assert set(verdict["explain"]) == {"en", "zh", "zh-Hant"}  # a 繁體 reader gets 繁體


def test_a_review_stopped_and_resumed_at_once_reviews_each_decision_once() -> None:
    game, _ = game_after_the_hand()

    async def main() -> None:
        r = await review_started(game, 1)
        game.cancel_review()
        # the stopped run's step may still be under way
        game.review(game.state.live.meta.match_id, 0)
        while r.state == "running":
            await asyncio.sleep(0.001)

    run_async(main())
    r = game.state.past.review
    assert r is not None and r.state == "done" and r.run == 1
    assert tuple(r.decisions) == tuple(review_iter(marked_hand(), 0, 0, 0))


def test_a_past_hand_s_replay_offers_the_review_and_runs_it_for_that_hand() -> None:
    game, screen = game_after_the_hand()
    game.open_replay(game.state.live.meta.match_id, 0)
    html = overlay(screen)
    button = next(tag for tag in re.findall(r"<button[^>]*>", html) if "replay-review" in tag)
    assert f'data-match="{game.state.live.meta.match_id}"' in button and 'data-hand="0"' in button
    assert 'data-testid="review-summary"' not in html  # no review yet: only its button
    review_until(game, lambda: game.state.past.review is not None
                 and game.state.past.review.state != "running")
    assert game.state.past.review is not None
    assert game.state.past.review.is_of(game.state.live.meta.match_id, 0)
    assert 'data-testid="replay-review"' not in overlay(screen)
    assert 'data-testid="review-done"' in overlay(screen)


def test_a_failed_review_says_so_in_the_reader_s_words_and_keeps_the_error_under_details() -> None:
    class Worker:
        async def describe(self) -> str:
            return "in-process worker"

        async def review_step(self, text: str, seat: int, hand: int, k: int, seed: int) -> str:
            raise RuntimeError("worker exploded")

    async def start() -> Worker:
        return Worker()

    game, screen = game_after_the_hand()
    game.state.prefs.settings = Settings(rules=Rules(decks=1), speed="instant", lang="zh")
    run_async(game.state.env.link.connect(start))
    review_until(game, lambda: game.state.past.review is not None
                 and game.state.past.review.state != "running")
    assert game.state.past.review is not None and game.state.past.review.state == "failed"
    html = overlay(screen)
    stopped = html.split('data-testid="review-stopped"', 1)[1]
    sentence, details = stopped.split('data-testid="review-error"', 1)
    assert "点评失败。" in sentence and "exploded" not in sentence
    assert "RuntimeError: worker exploded" in details.split("</details>", 1)[0]


def test_a_friend_call_and_a_declaring_pass_are_marked_at_the_replay_s_start() -> None:
    """Decisions made before the first trick (here a call of a card held twice and a pass
    where declaring was better) carry their mark on step 0 of the timeline, and there
    the call, the pass (the word, no cards) and the coach's line in the reader's words."""
    from types import SimpleNamespace

    from render.attempts import Trial
    from render.coachpanel import review_details, review_timeline
    from tractor.coach.review import DecisionReview, Option

    def option(cards: tuple[str, ...], value: float) -> Option:
        return Option(cards, value, value, 60.0 + 40 * value)

    call = DecisionReview(103, 0, "call", option(("AD",), -2.0), option(("AH",), 0.4), 128,
                          2.4, 0.09, "blunder", 6, ("call_alone", {"card": "AD"}))
    passed = DecisionReview(100, 0, "pass", option((), 0.8), option(("2H", "2H"), 1.3), 96,
                            0.5, 0.09, "mistake", 3, ("declare_better", {"cards": "2H 2H"}))
    r = Review("m", 0, "", count=2, done=2, decisions=[passed, call], state="done")
    assert {step_of(d) for d in r.decisions} == {0} and r.step_mark(0) == "blunder"
    timeline = review_timeline("en", r, 5, 0)
    first = next(tag for tag in re.findall(r"<button[^>]*>", str(timeline))
                 if 'data-step="0"' in tag)
    assert 'data-mark="blunder"' in first and "review-mark" in first
    def reveal_all() -> None:
        r.trials = {d.index: Trial("", (), d.index, 0, d.kind, d.best.cards, d.played.cards,
                                   revealed=True) for d in r.decisions}

    reveal_all()
    scene: Any = SimpleNamespace(lang="en", review=r)
    html = str(review_details(scene, 0))
    assert "Friend call" in html and "Declaring: you passed" in html
    assert "you hold every copy of" in html and "play alone against three" in html
    played = html.split(f'data-index="{passed.index}"', 1)[1].split('data-testid="better-play"')[0]
    assert "Pass" in played and "data-card" not in played.split('data-testid="played-play"')[1]
    assert "declaring" in html and 'data-testid="share-review"' not in html
    scene = SimpleNamespace(lang="zh", review=r)
    zh = str(review_details(scene, 0))
    assert "叫朋友" in zh and "一个人对三家" in zh and "亮主：你没亮" in zh
    r.decisions = [DecisionReview(100, 0, "declare", option(("2C",), -0.3),
                                  option((), 0.5), 96, 0.8, 0.1, "blunder", 3,
                                  ("pass_better", {}))]
    reveal_all()
    scene = SimpleNamespace(lang="en", review=r)
    assert "Better: pass — passing works out better for your side" in str(
        review_details(scene, 0))

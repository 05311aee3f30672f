"""Learning from your mistakes in the page's Python (issue 38): at a marked decision the
better play stays hidden until tried or asked, an attempt is judged by the coach, the
default words carry no statistics, the marks become drills that survive a reload in the
order they are due, and a what-if played on from a replay stores nothing."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import replace
from pathlib import Path

from fakes import FakeScreen, FakeStorage
from house.game import Game
from house.learn import drilling, trying
from matches import marked_hand
from render.mistakes import KIND_OF, kinds, mistakes_summary
from render.reviews import Review, step_of
from store.drills import Drill
from store.settings import Settings
from tables import make_game, run_async, run_until
from tractor.actions import CallFriend
from tractor.cards import CARDS
from tractor.coach.attempt import TRIED
from tractor.coach.attempt_data import try_step, verdict_from_data
from tractor.coach.review import DecisionReview, review_decision
from tractor.match import Match
from tractor.players import make_player
from tractor.players.calling import held_with_kitty
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import dumps

DAY_MS = 86_400_000


def stored_hand() -> FakeStorage:
    settings = Settings(rules=Rules(decks=1), speed="instant", lang="en")
    return FakeStorage({"tractor.settings": settings.to_json(),
                        "tractor.match": dumps(marked_hand())})


def reviewed(storage: FakeStorage, clock: list[int]) -> tuple[Game, FakeScreen]:
    """The finished hand's replay, reviewed on the page (the worker is not ready)."""
    game, screen = make_game(storage, seed=None)
    game.state.keep.stamp = lambda: clock[0]

    async def main() -> None:
        game.review(game.state.live.meta.match_id, 0)
        r = game.state.past.review
        while r is not None and r.state == "running":
            await asyncio.sleep(0.001)

    run_async(main())
    r = game.state.past.review
    assert r is not None and r.state == "done"
    return game, screen


def check(game: Game, key: str) -> None:
    """``try-check`` pressed, waited for until its verdict is in."""
    async def main() -> None:
        game.try_check(key)
        await asyncio.sleep(0)
        while True:
            trial = trying.get(game.state, key)
            if trial is not None and not trial.busy:
                return
            await asyncio.sleep(0.001)

    run_async(main())


def pick(game: Game, key: str, cards: tuple[str, ...]) -> None:
    trial = trying.get(game.state, key)
    assert trial is not None
    for i in trial.selected:
        game.try_select(key, i)
    taken: list[int] = []
    for card in cards:
        i = next(i for i, c in enumerate(trial.hand) if c == card and i not in taken)
        taken.append(i)
        game.try_select(key, i)


def block(screen: FakeScreen, d: DecisionReview) -> str:
    html = screen.regions["overlay"]
    return html.split(f'data-index="{d.index}"', 1)[1].split('data-testid="review-decision"')[0]


def default_text(html: str) -> str:
    """The words shown without opening a Details (tags dropped)."""
    shown = re.sub(r"<details.*?</details>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", shown)


def test_the_better_play_waits_for_a_try_a_wrong_one_keeps_it_hidden_and_reveal_shows_it(
) -> None:
    game, screen = reviewed(stored_hand(), [1_000])
    r = game.state.past.review
    assert r is not None
    plays = [d for d in r.marked if d.kind in ("lead", "follow")]
    d, other = plays[0], plays[-1]
    key = f"r{d.index}"
    game.go_to_step(step_of(d))
    assert 'data-testid="better-play"' not in block(screen, d)
    assert 'data-testid="try-better"' in block(screen, d)
    game.open_try(key)
    assert 'data-testid="try-hand"' in block(screen, d)
    pick(game, key, d.played.cards)  # the play made: the coach marked it
    check(game, key)
    trial = trying.get(game.state, key)
    assert trial is not None and trial.known is not None  # read from the review, the same
    assert trial.verdicts[-1] == verdict_from_data(json.loads(try_step(  # as the worker's
        trial.view_text, d.index, trial.seed, list(d.best.cards), list(d.played.cards))))
    html = block(screen, d)
    assert 'data-testid="try-verdict"' in html and 'data-verdict="wrong"' in html
    assert "Not the best" in html and 'data-testid="better-play"' not in html
    pick(game, key, d.best.cards)  # the second try: the coach's play
    check(game, key)
    html = block(screen, d)
    assert 'data-verdict="right"' in html and 'data-testid="better-play"' in html
    assert re.findall(r'data-card="([^"]+)"', html.split('data-testid="better-play"')[1]
                      .split("</span></span>")[0])[:len(d.best.cards)] == list(d.best.cards)
    game.go_to_step(step_of(other))
    if other is not d:
        assert 'data-testid="better-play"' not in block(screen, other)
        game.reveal(f"r{other.index}")
        assert 'data-testid="better-play"' in block(screen, other)
    words = default_text(screen.regions["overlay"])
    for jargon in ("scale", "sampled", "±", " SE ", "standard error"):
        assert jargon not in words, jargon
    assert "standard error" in screen.regions["overlay"]  # under Details
    assert 'data-testid="review-legend"' in screen.regions["overlay"]


def test_the_marks_become_drills_that_survive_a_reload_in_the_order_they_are_due() -> None:
    storage, clock = stored_hand(), [5 * DAY_MS]
    game, _ = reviewed(storage, clock)
    r = game.state.past.review
    assert r is not None
    marked = [d for d in r.marked if d.kind in TRIED]
    assert len(marked) >= 2
    stored = json.loads(storage["tractor.drills"])
    assert [d["index"] for d in stored] == [d.index for d in marked]

    again, screen = make_game(storage, seed=None)
    again.state.keep.stamp = lambda: clock[0]
    again.open_drills()
    html = screen.regions["overlay"]
    assert html.count('data-testid="drill"') == len(marked)
    ids = re.findall(r'data-testid="drill" data-id="([^"]+)"', html)
    first, second = ids[0], ids[1]
    key = "d" + first
    drill = drilling.drills(again.state).get(first)
    assert drill is not None
    assert 'data-testid="better-play"' not in html.split(f'data-id="{first}"')[1].split(
        'data-testid="drill"')[0]
    pick(again, key, drill.best)
    check(again, key)  # right: back in a day, so listed last
    pick(again, "d" + second, drilling.drills(again.state).get(second).played)  # type: ignore[union-attr]
    check(again, "d" + second)  # wrong: due now
    listed = re.findall(r'data-testid="drill" data-id="([^"]+)"', screen.regions["overlay"])
    assert listed == ids  # the panel keeps the order it opened with: nothing jumps
    kept = {d.id: d for d in drilling.drills(again.state).entries}
    assert (kept[first].box, kept[first].due) == (1, clock[0] + DAY_MS)
    assert (kept[second].box, kept[second].due) == (0, clock[0])

    clock[0] += 1
    third, screen = make_game(storage, seed=None)
    third.state.keep.stamp = lambda: clock[0]
    third.open_drills()
    order = re.findall(r'data-testid="drill" data-id="([^"]+)"', screen.regions["overlay"])
    assert order[-1] == first and order.index(second) < order.index(first)
    assert sorted(order) == sorted(ids)
    assert "due now" in screen.regions["overlay"] and "in 1 day" in screen.regions["overlay"]


def test_a_drill_is_shared_as_an_embed_quiz_the_coach_s_play_answers() -> None:
    from tractor.positions import scenario

    storage = stored_hand()
    game, _ = reviewed(storage, [1_000])
    drill = next(d for d in drilling.drills(game.state).entries if d.kind != "bury")
    game.open_drills()
    game.share_drill(drill.id)
    quiz = game.state.past.drill_quiz
    assert quiz is not None and quiz[0] == drill.id and "embed.html?s=" in quiz[1]
    text = scenario.decode_link_param(quiz[1].split("?s=", 1)[1])
    assert scenario.judge(text, " ".join(drill.best))["correct"]
    assert not scenario.judge(text, " ".join(drill.played))["correct"]


def test_past_hands_sum_up_the_marks_per_hand_and_the_mistakes_that_come_back() -> None:
    storage = stored_hand()
    game, screen = reviewed(storage, [1_000])
    game.close_replay()
    game.open_settings()
    html = screen.regions["overlay"]
    kept = drilling.drills(game.state).entries
    assert 'data-testid="mistakes-summary"' in html
    assert f'data-marks="{len(kept)}"' in html


def test_play_on_from_a_replay_step_stores_nothing_and_comes_back_where_it_was() -> None:
    storage = stored_hand()
    game, screen = make_game(storage, seed=None)
    match_id = game.state.live.meta.match_id
    game.open_replay(match_id, 0)
    game.go_to_step(2)
    before = dict(storage)
    real = game.state.live.match
    game.play_from_here()
    assert game.state.past.branch is not None and game.state.past.replay is None
    m = game.state.live.match
    assert m is not real and m.tricks_played == 2 and m.phase == "play" and not m.trick
    steps = game.state.past.branch.replay[0]
    assert [sorted(str(c) for c in m.hand_cards(s)) for s in range(4)] == [
        sorted(steps[2].hands[s]) for s in range(4)]  # the same cards as the real hand then
    assert 'data-testid="branch"' in screen.regions["overlay"]
    game.toggle_autoplay()  # seat 0's helper plays the branch out
    run_until(game, lambda: game.state.live.match.phase in ("hand_over", "match_over"))
    game.refresh()
    html = screen.regions["overlay"]
    result = real.results[0].attackers_points
    assert 'data-testid="branch-result"' in html and f"in the game {result}." in html
    assert dict(storage) == before  # tractor.match, the past hands, the statistics untouched
    game.exit_branch()
    assert game.state.live.match is real and game.state.past.branch is None
    assert game.state.past.replay is not None and game.state.past.replay[1] == 2
    assert 'data-testid="branch"' not in screen.regions["overlay"]
    assert dict(storage) == before


def called_alone() -> tuple[FakeStorage, DecisionReview]:
    """A finished find-a-friend hand (seed 3, easy players) in which seat 0, the dealer,
    called a card it holds both copies of (it plays alone against three), and the
    coach's review of that call: marked, as ``tests/engine/coach/test_review`` shows."""
    m = Match(Rules.preset("find_friend"), seed=3)
    seats = [make_player("easy", s) for s in range(4)]
    while m.phase != "call":
        step(m, seats)
    view = m.observe(0)
    assert m.dealer == 0
    both = [c for c in range(52) if held_with_kitty(view)[c] == 2]
    call, index = CallFriend(0, CARDS[both[-1]]), len(m.actions)
    m.apply(call)
    while m.phase not in ("hand_over", "match_over"):
        step(m, seats)
    d = review_decision(view, call, index)
    assert d is not None and d.kind == "call" and d.mark != "fine"
    settings = Settings(rules=m.rules, speed="instant", lang="en")
    return FakeStorage({"tractor.settings": settings.to_json(), "tractor.match": dumps(m)}), d


def test_a_marked_friend_call_is_tried_by_choosing_a_card_and_becomes_a_drill() -> None:
    storage, d = called_alone()
    game, screen = make_game(storage, seed=None)
    match_id = game.state.live.meta.match_id
    game.open_replay(match_id, 0)
    r = Review(match_id, 0, dumps(game.state.live.match), count=1, done=1, decisions=[d],
               state="done")
    game.state.past.review = r
    game.go_to_step(0)
    key = f"r{d.index}"
    assert 'data-testid="try-better"' in block(screen, d)
    game.open_try(key)
    html = block(screen, d)
    assert "Which card would you call?" in html and 'data-testid="better-play"' not in html
    options = re.findall(r'data-choice="([^"]+)"', html)
    assert " ".join(d.played.cards) in options and " ".join(d.best.cards) in options
    game.try_select(key, options.index(" ".join(d.played.cards)))
    check(game, key)
    html = block(screen, d)
    assert 'data-verdict="wrong"' in html and 'data-testid="better-play"' not in html
    game.try_select(key, options.index(" ".join(d.best.cards)))
    check(game, key)
    assert 'data-verdict="right"' in block(screen, d)
    assert 'data-testid="better-play"' in block(screen, d)

    assert drilling.note_review(game.state)  # the call became a drill, kept through a reload
    again, screen = make_game(storage, seed=None)
    again.open_drills()
    (drill,) = drilling.drills(again.state).entries
    assert (drill.kind, drill.played, drill.best) == ("call", d.played.cards, d.best.cards)
    item = screen.regions["overlay"].split(f'data-id="{drill.id}"')[1]
    assert "Friend call" in item and 'data-testid="share-drill"' not in item
    again.open_try("d" + drill.id)
    assert re.findall(r'data-choice="([^"]+)"', screen.regions["overlay"]) == options


def test_every_reason_the_coach_gives_names_a_kind_of_mistake_that_is_counted_when_it_recurs(
) -> None:
    """The summary's kinds come from the coach's reason codes (every ``why_`` of the
    catalog but the computer players' own reasons to declare, call or pass), and a kind
    is listed once two decisions share it, the most frequent first."""
    po = (Path(__file__).parents[3] / "web/locale/en/LC_MESSAGES/tractor.po").read_text()
    codes = set(re.findall(r'msgid "why_([a-z_]+)"', po)) - {"declare", "call_friend", "pass"}
    assert codes and codes <= set(KIND_OF), codes - set(KIND_OF)
    base = Drill("m-1.0.1", 1, "m-1", 0, 1, 0, "follow", "mistake", "", (), (), "{}", 0, 1)
    whys = ["call_alone", "call_card", "pass_better", "feeds_opponent", "feeds_opponent",
            "feeds_opponent", "keeps_pair"]
    drills = tuple(replace(base, id=f"m-1.0.{i}", why=why) for i, why in enumerate(whys))
    assert kinds(drills) == [("mistake_feeding", 3), ("mistake_call", 2)]
    html = str(mistakes_summary("en", drills))
    assert 'data-kind="mistake_call" data-count="2"' in html and "the friend call" in html

"""Hostile data (issue 6): no string of a view ever becomes markup, the page writes
markup only through the builder, the worker is sent one seat's view (CPython).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from fakes import FakeStorage
from matches import advance
from render.table import Scene, render
from seats.agents import ComputerAgent, WorkerLink
from seats.decide import decide_json
from store.settings import Settings
from tables import make_game, run_async, run_until
from tractor.rules import Rules
from tractor.view import View

ROOT = Path(__file__).resolve().parents[3]


# ------------------------------------------------------------ hostile data (issue 6)
HOSTILE = "<img src=x onerror=alert(1)>"


class ElementSpy(HTMLParser):
    """Every element and attribute name of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attributes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += [name for name, _ in attrs]


def poisoned(value: Any, key: str = "") -> Any:
    """Every string of a view made hostile (card texts keep a suit letter so they draw)."""
    if key in ("phase", "level", "trump", "rules", "declaration_options", "hand", "kitty_taken",
               "lead_kind", "hand_result"):
        # what the table branches on, the hand it sorts by the trump order, and the hand's
        # outcome, which the result panel reads back typed (``HandOutcome.from_data``)
        return value
    if isinstance(value, dict):
        return {k: poisoned(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [poisoned(v, key) for v in value]
    if isinstance(value, str):
        return HOSTILE + (value[-1] if value[-1:] in ("S", "H", "C", "D") else "S")
    return value


def hostile_scenes() -> list[Scene]:
    rules = Rules(decks=1, partners="find_friend", throw_penalty=True)
    storage = FakeStorage({"tractor.settings": Settings(rules=rules, speed="instant").to_json()})
    game, _ = make_game(storage, seed=12)
    game.state.seat.autoplay = True
    scenes: list[Scene] = []

    def keep_scene(table: Any, action: Any, before: Any) -> None:
        if len(scenes) < 400:
            scenes.append(game.scene())

    game.state.hooks.after_action.append(keep_scene)
    run_until(game, lambda: game.state.live.match.phase == "hand_over", limit=600)
    chosen = scenes[:: max(1, len(scenes) // 40)] + scenes[-3:]
    for scene in chosen:
        scene.view = poisoned(scene.view)
        scene.view["throw_failure"] = scene.view["throw_failure"] or poisoned(
            {"seat": 1, "attempted": ["AS", "KS"], "forced": ["KS"], "beaten_by_seat": 3,
             "beaten_by": ["AS"], "penalty": 10}
        )
        scene.message = scene.notice = scene.warning = scene.worker = HOSTILE
        scene.panel, scene.show_last = "settings", bool(len(scene.view["trick"]) % 2)
        scene.show_log = True
        scene.settings = replace(scene.settings, card_counter=True)
    return chosen


def test_no_string_of_a_view_ever_becomes_markup() -> None:
    scenes = hostile_scenes()
    assert any(s.view["phase"] == "hand_over" for s in scenes)
    for scene in scenes:
        for lang in ("en", "zh"):
            scene.lang = lang
            html = "".join(render(scene).values())
            spy = ElementSpy()
            spy.feed(html)
            assert "img" not in spy.tags and "script" not in spy.tags
            assert not [a for a in spy.attributes if a.startswith("on")]
            assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_the_page_glue_writes_markup_only_through_the_builder() -> None:
    for path in (ROOT / "web").rglob("*.py"):
        if path.name == "markup.py":
            continue
        source = path.read_text()
        assert not re.search(r"""\bf["']\s*<""", source), f"{path.name}: an f-string of markup"
        if path.name not in ("screen.py", "paint.py"):
            # (screen.py: "innerHTML" is idiomorph's morphStyle option, not the property;
            # paint.py sets its regions' first HTML, the builder's, before idiomorph, a
            # deferred script, may have run)
            assert not re.search(r"\.(inner|outer)HTML\b", source), path.name


def test_the_worker_is_sent_the_seat_s_view_and_nothing_else() -> None:
    sent: list[tuple[Any, ...]] = []

    class Worker:
        async def describe(self) -> str:
            return "fake"

        async def decide(self, *args: Any) -> str:
            sent.append(args)
            return decide_json(*args)

    async def start() -> Worker:
        return Worker()


    match = advance({}, 3, lambda m: m.phase == "play" and m.to_move == 2)
    assert match is not None
    link = WorkerLink()
    run_async(link.connect(start))
    action = run_async(ComputerAgent("basic", link).choose(match, 2, "act"))
    assert action is not None and match.is_legal(action)
    ((view_text, player, kind, _seed),) = sent
    assert (player, kind) == ("basic", "act")
    assert json.loads(view_text) == match.observe(2).to_data()
    assert View.from_data(json.loads(view_text)) == match.observe(2)


def test_every_view_of_a_three_deck_hand_crosses_to_the_worker_within_its_bounds() -> None:
    """The wire form the page sends (``view_json``) stays within the worker's bounds (its
    length and nesting) and comes back as the very view, from the deal to the hand's end."""
    from seats.decide import MAX_VIEW_CHARS, view_json
    from tractor.jsondata import parse_json
    from tractor.match import Match
    from tractor.players import make_player
    from tractor.runner import step

    m = Match(Rules(decks=3, partners="find_friend", throw_penalty=True), seed=8)
    players = [make_player("thrower", s) for s in range(4)]
    checked = 0
    while m.hand_no == 0 and checked < 2000:
        seat = checked % 4
        data = parse_json(view_json(m, seat), max_chars=MAX_VIEW_CHARS, max_depth=6)
        assert View.from_data(data) == m.observe(seat)
        checked += 1
        step(m, players)
    assert m.hand_no == 1 and checked > 200

"""Playing at the table: autoplay, every phase drawn, seat 0's turns, the helper's
declarations and hints, the hand log (CPython, a fake screen and storage).
"""

from __future__ import annotations

import json
import re
from typing import Any, cast

from fakes import FakeStorage
from matches import advance
from render.table import Scene, render
from store.saves import read_match
from store.settings import Settings
from store.stats import parse_stats
from tables import make_game, run_async, run_until
from text import i18n
from tractor.match import Match
from tractor.rules import Rules
from tractor.save import dumps


def test_autoplay_plays_a_whole_match_and_counts_it() -> None:
    storage = FakeStorage(
        {"tractor.settings": json.dumps({"rules": {"decks": 1}, "speed": "instant",
                                         "auto_next": True})}
    )
    game, screen = make_game(storage, seed=55)
    game.state.seat.autoplay = True
    run_until(game, lambda: game.state.live.match.phase == "match_over")
    assert game.state.live.match.phase == "match_over"
    stats, damaged = parse_stats(storage["tractor.stats"])
    assert stats.matches == 1 and not damaged and stats.hands == game.state.live.match.hand_no + 1
    game.flush()
    assert 'data-testid="match-over"' in screen.regions["overlay"]
    assert read_match(storage["tractor.match"]).match == game.state.live.match


def test_every_phase_renders_in_both_languages() -> None:
    rules = Rules(decks=3, partners="find_friend", kitty_theft=True, throw_penalty=True)
    storage = FakeStorage({"tractor.settings": Settings(rules=rules, speed="instant",
                                                        auto_next=True).to_json()})
    game, _ = make_game(storage, seed=11)
    game.state.seat.autoplay = True
    phases: set[str] = set()

    def draw_after(table: Any, action: Any, before: Any) -> None:
        phases.add(game.state.live.match.phase)
        for lang in ("en", "zh"):
            scene = game.scene()
            scene.lang = lang
            regions = render(scene)
            assert regions["hand"].count("data-card=") == len(game.view()["hand"])

    game.state.hooks.after_action.append(draw_after)
    run_until(game, lambda: game.state.live.match.hand_no >= 1, limit=600)
    assert {"deal", "bury", "theft", "call", "play", "hand_over"} <= phases


def test_scene_shows_friend_hidden_and_throw_failure() -> None:
    view = Match(Rules(), 1).observe(0).to_data()
    cast(Any, view).update(  # a scene no match reaches: mypy may not check it
        phase="play",
        friend_card="AS",
        rules={**view["rules"], "partners": "find_friend"},
        throw_failure={
            "seat": 1,
            "attempted": ["AS", "KS"],
            "forced": ["KS"],
            "beaten_by_seat": 3,
            "beaten_by": ["AS"],
            "penalty": 10,
        },
    )
    regions = render(Scene(view=view, settings=Settings(), lang="en"))
    assert "friend not yet revealed" in regions["bar"]
    assert "Right's throw" in regions["centre"] and "Left holds" in regions["centre"]


def test_after_deal_round_and_kitty_theft_wait_for_seat_0() -> None:
    rules = Rules(declare_window="after_deal", kitty_theft=True)
    storage = FakeStorage({"tractor.settings": Settings(rules=rules, speed="instant").to_json()})
    game, screen = make_game(storage, seed=21)
    turns: list[str] = []

    def seat0() -> bool:
        m = game.state.live.match
        if m.to_move == 0 and m.phase in ("declare", "theft"):
            game.flush()
            assert 'data-testid="declare"' in screen.regions["controls"]
            assert 'data-testid="pass"' in screen.regions["controls"]
            turns.append(m.phase)
            game.pass_turn()
        elif m.to_move == 0 and m.phase == "bury":
            game.state.seat.selected = set(range(m.rules.kitty_size))
            game.bury()
        return m.phase == "play"

    run_until(game, seat0)
    assert game.state.live.match.phase == "play"
    assert turns[0] == "declare" and "theft" in turns


def test_seat_0_calls_the_friend_with_the_picker() -> None:

    match = advance({"partners": "find_friend"}, 2, lambda m: m.phase == "call" and m.dealer == 0)
    assert match is not None
    storage = FakeStorage(
        {"tractor.match": dumps(match), "tractor.settings": Settings(speed="instant").to_json()}
    )
    game, screen = make_game(storage)
    game.flush()
    assert 'data-testid="call-friend"' in screen.regions["controls"]
    assert "BJ" not in screen.regions["controls"] and "SJ" not in screen.regions["controls"]
    game.pick_friend("rank", "K")
    game.pick_friend("suit", "H")
    game.call_friend()
    assert game.state.live.match.phase == "play" and str(game.state.live.match.friend_card) == "KH"
    game.flush()
    assert "KH" not in screen.regions["bar"] or "K♥" in screen.regions["bar"]
    assert (
        "friend not yet revealed" in screen.regions["bar"]
        or "朋友尚未现身" in screen.regions["bar"]
    )


def test_enter_declares_the_selected_option_at_the_end_of_the_deal() -> None:
    storage = FakeStorage(
        {"tractor.settings": json.dumps({"rules": {"decks": 1}, "speed": "instant"})}
    )
    game, screen = make_game(storage, seed=31)  # seat 0 may declare 2S after the deal
    run_until(game, lambda: game.state.deal.end_of_deal)
    assert game.state.deal.end_of_deal and game.view()["declaration_options"] == [["2S"]]
    game._select_cards(("2S",))
    game.refresh()
    assert "declare-option suggested" in screen.regions["controls"]
    game.primary()
    assert game.state.live.match.declaration is not None
    assert game.state.live.match.declaration.seat == 0


class DeclaringAgent:
    """Seat 0's helper in a test: declares the first option offered, counts its calls."""

    player = "test"

    def __init__(self) -> None:
        self.asked = 0

    async def choose(self, m: Match, seat: int, kind: str) -> Any:
        from tractor.actions import Declare

        self.asked += 1
        options = m.declaration_options(seat)
        return Declare(seat, options[0]) if kind == "declare" and options else None


def test_auto_declare_lets_the_helper_declare_for_seat_0_during_the_deal() -> None:
    settings = Settings(rules=Rules(decks=1), speed="instant", auto_declare=True)
    storage = FakeStorage({"tractor.settings": settings.to_json()})
    game, _ = make_game(storage, seed=31)
    helper = DeclaringAgent()
    game.state.env.agents[0] = helper
    waited: list[bool] = []

    def dealt() -> bool:
        waited.append(game.state.deal.end_of_deal)
        return game.state.live.match.phase != "deal"

    run_until(game, dealt)
    assert helper.asked > 0 and not any(waited)
    assert [d.seat for d in game.state.live.match.declarations][:1] == [0]


def test_without_auto_declare_seat_0_is_not_declared_for() -> None:
    settings = Settings(rules=Rules(decks=1), speed="instant")
    storage = FakeStorage({"tractor.settings": settings.to_json()})
    game, _ = make_game(storage, seed=31)
    helper = DeclaringAgent()
    game.state.env.agents[0] = helper
    run_until(game, lambda: game.state.deal.end_of_deal)
    assert helper.asked == 0 and all(d.seat != 0 for d in game.state.live.match.declarations)


def test_the_hint_selects_cards_and_says_why() -> None:

    match = advance({}, 3, lambda m: m.phase == "play" and m.to_move == 0 and bool(m.trick))
    assert match is not None
    storage = FakeStorage({"tractor.match": dumps(match),
                           "tractor.settings": Settings(speed="instant", lang="en").to_json()})
    game, _ = make_game(storage)
    run_async(game._hint())
    assert game.state.seat.selected
    assert game.state.words.notice is not None
    text = game.state.words.notice.text("en")
    assert text.startswith("Hint: ") and " — " in text, text
    assert any(
        i18n.t("en", f"why_{code}", n=0).split(" ")[0] in text
        for code in ("wins_points", "wins_trick", "feeds_partner", "partner_winning",
                     "keeps_trump_pair", "cannot_win")
    )
    assert "提示：" in game.state.words.notice.text("zh")


def test_the_hand_log_lists_every_trick_with_its_lead_and_winner() -> None:

    played = advance({"decks": 1}, 6, lambda m: m.tricks_played >= 4 and not m.trick)
    assert played is not None
    game, screen = make_game(FakeStorage({"tractor.match": dumps(played),
                                          "tractor.settings": Settings(lang="en").to_json()}))
    game.flush()
    assert screen.regions["log"] == "" and 'aria-expanded="false"' in screen.regions["bar"]
    game.toggle_log()
    log = screen.regions["log"]
    assert 'data-testid="log"' in log and log.count('class="log-trick"') == 4
    for number, trick in enumerate(played.tricks, start=1):
        row = log.split(f'data-trick="{number}"')[1].split("</li>")[0]
        cards = re.findall(r'data-card="([^"]+)"', row)
        assert cards == [str(c) for _, cs in trick.plays for c in cs]
        assert f"won by {i18n.seat_name('en', trick.winner)}, {trick.points} points" in row
    points = log.split('data-testid="point-cards"')[1].split("<ul>")[0]
    captured = [str(c) for t in played.tricks for _, cs in t.plays for c in cs if c.points]
    assert sorted(re.findall(r'data-card="([^"]+)"', points)) == sorted(captured)
    game.toggle_log()
    assert screen.regions["log"] == ""

"""The page's pure-Python glue (web/*.py without js/pyscript), tested in CPython.

No browser here: a fake screen and a dict-backed storage drive ``game.Game``.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import threading
from collections.abc import Coroutine
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, TypeVar

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))

import core  # noqa: E402
import i18n  # noqa: E402
from agents import ComputerAgent, WorkerLink  # noqa: E402
from decide import decide_json  # noqa: E402
from fakes import FakeScreen, FakeStorage  # noqa: E402
from game import Game  # noqa: E402
from links import parse_query  # noqa: E402
from messages import Msg  # noqa: E402
from saves import read_match  # noqa: E402
from settings import Settings, parse_settings  # noqa: E402
from stats import Stats, parse_stats, record_hand  # noqa: E402
from storage import Store, is_quota_error  # noqa: E402
from table import Scene, render  # noqa: E402
from tractor.match import Match  # noqa: E402
from tractor.rules import Rules  # noqa: E402
from tractor.save import dumps  # noqa: E402
from tractor.view import View  # noqa: E402

T = TypeVar("T")

BRIEF_CODES = (
    *("wrong_count", "not_in_hand", "follow_suit", "follow_titanic", "follow_triples"),
    *("follow_tractor", "follow_pairs", "lead_one_suit", "empty_play", "not_your_turn"),
    *("wrong_phase", "bad_action", "declare_cards", "declare_once", "declare_own_suit"),
    *("declare_weaker", "bury_count", "friend_joker", "match_over"),
)


def make_game(storage: FakeStorage, seed: int | None = 5) -> tuple[Game, FakeScreen]:
    screen = FakeScreen()
    return Game(screen, Store(storage), WorkerLink(), seed=seed), screen


def test_every_engine_rule_code_has_a_sentence_in_every_language() -> None:
    codes = set(BRIEF_CODES)
    source = "".join(
        (ROOT / "pyengine" / "tractor" / name).read_text()
        for name in ("match.py", "follow.py", "declare.py")
    )
    found = set(re.findall(r'"([a-z]+(?:_[a-z]+)+)",\s*f?"', source))
    assert found
    for lang in i18n.LANGUAGES:
        missing = {code for code in codes | found if not i18n.has(lang, "refused_" + code)}
        assert not missing, (lang, missing)


def test_settings_survive_damaged_data() -> None:
    assert parse_settings(None) == (Settings(), False)
    assert parse_settings("{oops")[1] is True
    assert parse_settings("[1, 2]")[1] is True
    settings, damaged = parse_settings(json.dumps({"speed": "warp", "lang": "en"}))
    assert damaged and settings.speed == "normal" and settings.lang == "en"
    settings, damaged = parse_settings(json.dumps({"rules": {"decks": 7}}))
    assert damaged and settings.rules == Rules()
    good = Settings(rules=Rules(decks=3), speed="fast", lang="en", four_color=True)
    assert parse_settings(good.to_json()) == (good, False)


def test_read_match_classifies_bad_saves() -> None:
    assert read_match(None).problem is None
    assert read_match("{no").problem == "save_damaged"
    assert read_match('{"a": 1}').problem == "save_not_ours"
    assert read_match('{"schema": "tractor-match", "version": 9}').problem == "save_old_version"
    broken = '{"schema": "tractor-match", "version": 2, "rules": {}, "seed": "x"}'
    assert read_match(broken).problem == "save_damaged"
    match = Match(Rules(), 4)
    assert read_match(dumps(match)).match == match


def test_stats_count_each_hand_once() -> None:
    result = {"hand_no": 0, "side": "defenders", "defenders": [0, 2], "attackers": [1, 3]}
    stats = record_hand(Stats(), "m1", result, None)
    assert (stats.hands, stats.hands_won) == (1, 1)
    assert record_hand(stats, "m1", result, None) == stats
    ended = record_hand(stats, "m1", {**result, "hand_no": 1}, [1, 3])
    assert (ended.hands, ended.matches, ended.matches_won) == (2, 1, 0)
    assert parse_stats(ended.to_json()) == (ended, False)
    assert parse_stats("garbage") == (Stats(), True)


def test_quota_errors_are_recognised() -> None:
    class QuotaExceededError(Exception):
        pass

    assert is_quota_error(QuotaExceededError("x"))
    assert is_quota_error(Exception("QuotaExceededError: Failed to execute 'setItem'"))
    assert not is_quota_error(Exception("SecurityError"))


def test_illegal_action_message_in_both_languages() -> None:
    msg = Msg("illegal", rule="follow_suit", engine="you must follow suit")
    assert msg.text("en") == "Not allowed: You must follow suit"
    assert msg.text("zh").startswith("不能这样出：") and "花色" in msg.text("zh")


def run_until(game: Game, done: Any, limit: float = 600.0) -> None:
    """Run the game loop until ``done()`` (called between steps; it may act for seat 0).

    ``limit`` only keeps a broken loop from hanging the suite: the tests assert what was
    reached, never how fast (a whole match took over 60 s on a loaded 2-core machine)."""

    async def main() -> None:
        task = asyncio.ensure_future(game.run())
        loop = asyncio.get_running_loop()
        start = loop.time()
        while not done() and loop.time() - start < limit:
            await asyncio.sleep(0.001)
        task.cancel()

    run_async(main())


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: pytest-playwright may hold this one's loop."""
    results: list[T] = []
    failures: list[BaseException] = []

    def target() -> None:
        try:
            results.append(asyncio.run(coroutine))
        except BaseException as error:  # re-raised in the test's thread
            failures.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]
    return results[0]


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


def test_bad_save_is_quarantined_and_replaced() -> None:
    storage = FakeStorage({"tractor.match": "{broken"})
    game, screen = make_game(storage)
    game.flush()
    kept = [key for key in storage if key.startswith("tractor.match.bad.")]
    assert kept and storage[kept[0]] == "{broken"
    assert read_match(storage["tractor.match"]).match is not None
    assert kept[0] in screen.regions["footer"]


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
    view = Match(Rules(), 1).observe(0).to_dict()
    view.update(
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
    from web_helpers import advance

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
    assert game.state.deal.end_of_deal and game.view()["declaration_options"] == ["2S"]
    game._select_cards(("2S",))
    game.refresh()
    assert "declare-option suggested" in screen.regions["controls"]
    game.primary()
    assert game.state.live.match.declaration is not None
    assert game.state.live.match.declaration.seat == 0


def test_a_bad_save_is_never_overwritten_when_no_copy_fits() -> None:
    class FullStorage(FakeStorage):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            if key.startswith("tractor.match"):
                raise RuntimeError("QuotaExceededError: the quota has been exceeded")
            super().setItem(key, value)

    storage = FullStorage({"tractor.match": "{broken"})
    game, screen = make_game(storage)
    game.flush()
    assert storage["tractor.match"] == "{broken"
    assert game.save_blocked and game.state.keep.store.full
    assert "not saved" in game.state.words.message.text("en") if game.state.words.message else False
    assert 'data-testid="storage-warning"' in screen.regions["footer"]


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
               "lead_kind"):
        return value  # what the table branches on, and the hand it sorts by the trump order
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

    from web_helpers import advance

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


@pytest.mark.parametrize("key", ["tractor.match", "tractor.settings", "tractor.meta",
                                 "tractor.stats"])
@pytest.mark.parametrize("junk", ["[" * 20_000, '{"a":' * 20_000, "x" * 30_000, "[]"])
def test_unreadable_storage_is_kept_aside_and_the_table_starts(key: str, junk: str) -> None:
    storage = FakeStorage({key: junk})
    if key == "tractor.meta":  # meta is read only beside a resumable match
        storage["tractor.match"] = dumps(Match(Rules(), 4))
    game, screen = make_game(storage)
    game.flush()
    kept = [k for k in storage if k.startswith(f"{key}.bad.")]
    assert kept and storage[kept[0]] == junk
    assert storage[key] != junk
    assert game.state.words.message is not None and kept[0] in game.state.words.message.text("en")
    assert "data-testid=\"phase\"" in screen.regions["probe"]


def test_a_save_with_an_illegal_action_is_kept_aside() -> None:
    record = json.loads(dumps(Match(Rules(), 4)))
    record["actions"] = ["deal", "0 play AS"]
    storage = FakeStorage({"tractor.match": json.dumps(record)})
    game, _ = make_game(storage)
    assert game.state.live.match.actions == [] or game.state.live.match.seed != 4
    assert game.state.words.message is not None and "damaged" in game.state.words.message.text("en")


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("?seed=7", (7, None)),
        ("?seed=7&speed=instant", (7, "instant")),
        ("?seed=²", (None, None)),
        ("?seed=٣", (None, None)),
        ("?seed=-1", (None, None)),
        ("?seed=" + "9" * 5000, (None, None)),
        ("?seed=" + str(2**63), (None, None)),
        ("?speed=<b>", (None, None)),
        ("?" + "&".join(f"a{i}=1" for i in range(50)), (None, None)),
    ],
)
def test_url_numbers_are_strict_ascii(search: str, expected: tuple[Any, Any]) -> None:
    query = parse_query(search)
    assert (query.seed, query.speed) == expected and query.deal is None


@pytest.mark.parametrize(
    "search",
    ["?deal=²", "?deal=7&decks=4", "?deal=7&decks=true", "?deal=7&partners=<b>",
     "?deal=7&kitty_theft=yes", "?deal=" + "9" * 30],
)
def test_a_malformed_shared_deal_is_ignored_whole(search: str) -> None:
    assert parse_query(search).deal is None


def test_the_time_to_replay_the_stored_match_is_shown_to_tests() -> None:
    storage = FakeStorage({"tractor.match": dumps(Match(Rules(), 4))})
    game, screen = make_game(storage)
    game.flush()
    assert re.search(r'data-testid="load-ms">\d+<', screen.regions["probe"])


def test_a_stored_match_that_cannot_be_drawn_is_kept_aside(monkeypatch: Any) -> None:
    import game as game_module

    calls: list[int] = []

    def broken_the_first_time(scene: Scene) -> dict[str, str]:
        calls.append(1)
        if len(calls) == 1:  # the check of the resumed match
            raise KeyError("seat7")
        return render(scene)

    monkeypatch.setattr(game_module, "render", broken_the_first_time)
    save = dumps(Match(Rules(), 4))
    storage = FakeStorage({"tractor.match": save})
    game, _ = make_game(storage, seed=9)
    game.flush()
    kept = [key for key in storage if key.startswith("tractor.match.bad.")]
    assert kept and storage[kept[0]] == save
    assert game.state.live.match.seed == 9 and game.state.words.message is not None
    assert "damaged" in game.state.words.message.text("en")


def test_settings_naming_the_old_basic_player_still_load_as_easy() -> None:
    settings, damaged = parse_settings(json.dumps({"opponents": "basic", "lang": "en"}))
    assert settings.players == ("normal", "easy", "easy", "easy") and not damaged
    assert Settings().players == ("normal",) * 4 and not Settings().auto_declare
    saved = Settings(seat1="hard", seat3="random", helper="easy", auto_declare=True)
    assert parse_settings(saved.to_json()) == (saved, False)


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
    waited = []
    run_until(game, lambda: waited.append(game.state.deal.end_of_deal)
              or game.state.live.match.phase != "deal")
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
    from web_helpers import advance

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


# ------------------------------------------------------------ records and links (issue 10)
def test_a_share_link_names_the_seed_and_the_rules_that_differ() -> None:
    rules = Rules(decks=3, partners="find_friend")
    storage = FakeStorage({"tractor.settings": Settings(rules=rules).to_json()})
    game, _ = make_game(storage, seed=77)
    game.state.env.address = "https://example.org/tractor/index.html"
    game.share()
    assert game.state.panels.share_link == (
        "https://example.org/tractor/index.html?deal=77&decks=3&partners=find_friend"
    )
    assert parse_query(game.state.panels.share_link.split("index.html")[1]).deal == (rules, 77)


def test_a_shared_deal_starts_at_once_or_after_confirming() -> None:
    rules = Rules(decks=1, throw_penalty=True)
    game, _ = make_game(FakeStorage(), seed=None)
    assert not game.state.live.match.actions
    game.offer_match((rules, 5))
    assert (game.state.live.match.rules, game.state.live.match.seed) == (rules, 5)
    game.state.live.match.apply(game.state.live.match.system_action())  # a match under way now
    game.offer_match((Rules(), 6))
    assert game.state.panels.confirm == "deal" and game.state.live.match.seed == 5
    game.close_panel()
    assert game.state.live.match.seed == 5
    game.offer_match((Rules(), 6))
    game.confirm_yes()
    m = game.state.live.match
    assert (m.rules, m.seed, m.actions) == (Rules(), 6, [])


def test_export_then_import_gives_the_identical_match() -> None:
    from web_helpers import advance

    played = advance({"partners": "find_friend", "decks": 1}, 4,
                     lambda m: m.hand_no >= 1 and m.tricks_played >= 3)
    assert played is not None
    source, _ = make_game(FakeStorage({"tractor.match": dumps(played)}))
    name, text = source.export_record()
    assert name == "tractor-match-4.json" and text == dumps(played)
    storage = FakeStorage()
    target, _ = make_game(storage, seed=8)
    target.state.live.match.apply(target.state.live.match.system_action())
    target.import_record(text)
    assert target.state.panels.confirm == "import" and target.state.live.match.seed == 8
    target.confirm_yes()
    assert target.state.live.match == played
    assert read_match(storage["tractor.match"]).match == played
    kept = target.history().entry(target.state.live.meta.match_id)
    assert kept is not None and kept.hands == tuple(range(len(played.results)))


@pytest.mark.parametrize(
    "text", ["", "{", '{"schema": "other"}', dumps(Match(Rules(), 1))[:-30] + "]}",
             json.dumps({**json.loads(dumps(Match(Rules(), 1))), "actions": ["0 play AS"]})]
)
def test_a_bad_record_is_refused_and_changes_nothing(text: str) -> None:
    storage = FakeStorage()
    game, _ = make_game(storage, seed=8)
    before, saved = game.state.live.match, storage["tractor.match"]
    game.import_record(text)
    assert game.state.live.match is before
    assert storage["tractor.match"] == saved
    assert game.state.panels.confirm is None
    assert game.state.words.message is not None
    assert "nothing was changed" in game.state.words.message.text("en")


def test_strongest_declaration_first_and_what_is_left_after_declaring() -> None:
    """Issue 8: the strongest option leads; after declaring the control says what is left."""
    game, _ = make_game(FakeStorage(), seed=5)
    scene = game.scene()
    scene.lang = "en"
    scene.view = dict(scene.view, phase="deal", declaration=None,
                      declaration_options=["2H", "2H 2H", "SJ SJ", "BJ BJ"])
    html = render(scene)["controls"]
    order = re.findall(r'data-cards="([^"]+)"', html)
    assert order == ["BJ BJ", "SJ SJ", "2H 2H", "2H"]
    scene.view = dict(scene.view, declaration={"seat": 0, "cards": ["2H"]},
                      declaration_options=["2H 2H"])
    assert "You may still strengthen it" in render(scene)["controls"]
    scene.view = dict(scene.view, declaration_options=[])
    assert "Nothing more to declare" in render(scene)["controls"]
    scene.lang = "zh"
    assert "没有可以再亮的牌" in render(scene)["controls"]


@pytest.mark.parametrize(("lang", "big", "small"), [("zh", "大王", "小王"), ("en", "BJ", "SJ")])
def test_jokers_read_as_jokers(lang: str, big: str, small: str) -> None:
    from faces import card_face

    for card, name in (("BJ", big), ("SJ", small)):
        face = card_face(lang, card)
        rank = re.search(r'<span class="rank">([^<]*)</span>', face)
        assert rank is not None and rank.group(1) == name
        assert rank.group(1) not in ("S", "B", "H", "C", "D")


def test_declaration_notices_last_only_while_true() -> None:
    """Issue 8: overturned by seat 0 or a new hand, a declaration notice goes away."""
    from tractor.actions import Declare, NextHand
    from web_helpers import advance

    overturn = advance(
        {}, 1, lambda m: m.phase == "deal" and m.declaration is not None
        and m.declaration.seat != 0 and bool(m.declaration_options(0)),
    )
    assert overturn is not None
    storage = FakeStorage({"tractor.match": dumps(overturn)})
    game, _ = make_game(storage, seed=None)
    game.state.words.notice = Msg("msg_declared", seat=overturn.declaration.seat, cards=("2H",))
    core.apply(game.state, Declare(0, game.state.live.match.declaration_options(0)[-1]))
    assert game.state.words.notice is None

    over = advance({"decks": 1}, 1, lambda m: m.phase == "hand_over")
    assert over is not None
    game, _ = make_game(FakeStorage({"tractor.match": dumps(over)}), seed=None)
    assert game.state.words.notice == Msg("resumed")
    game.state.words.notice = Msg("msg_declared", seat=1, cards=("2H",))
    core.apply(game.state, NextHand())
    assert game.state.words.notice is None


def test_the_hand_log_lists_every_trick_with_its_lead_and_winner() -> None:
    from web_helpers import advance

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


def test_undo_takes_back_seat_0_s_last_action_and_marks_the_match() -> None:
    from tractor.players import make_player
    from tractor.save import state_dict

    storage = FakeStorage({"tractor.settings": Settings(speed="instant", undo=True).to_json()})
    game, screen = make_game(storage, seed=7)
    run_until(game, lambda: game.state.live.match.phase == "play"
              and game.state.live.match.to_move == 0)
    before = state_dict(game.state.live.match)
    count = len(game.state.live.match.actions)
    game._human(make_player("easy", 1).act(game.state.live.match.observe(0)))
    run_until(game, lambda: game.state.live.match.to_move == 0
              or game.state.live.match.phase != "play")
    assert len(game.state.live.match.actions) > count
    game.flush()
    assert 'data-testid="undo"' in screen.regions["controls"]
    game.undo()
    assert state_dict(game.state.live.match) == before
    assert len(game.state.live.match.actions) == count
    assert game.state.live.meta.undo and json.loads(storage["tractor.meta"])["undo"] is True
    assert read_match(storage["tractor.match"]).match == game.state.live.match


def test_without_the_setting_there_is_no_undo() -> None:
    game, screen = make_game(FakeStorage({"tractor.settings": Settings(speed="instant").to_json()}))
    run_until(game, lambda: game.state.live.match.phase == "play")
    game.flush()
    assert game.undoable() is None and 'data-testid="undo"' not in screen.regions["controls"]


def test_a_match_with_undo_is_counted_apart() -> None:
    result = {"hand_no": 3, "side": "defenders", "defenders": [0, 2], "attackers": [1, 3]}
    stats = record_hand(Stats(), "m1", result, winners=[0, 2], undo_used=True)
    assert (stats.matches, stats.matches_won, stats.matches_with_undo) == (1, 1, 1)
    assert parse_stats(stats.to_json()) == (stats, False)
    plain = record_hand(Stats(), "m2", result, winners=[0, 2])
    assert plain.matches_with_undo == 0


# ------------------------------------------------------------ past hands and replay
def finished_hands(count: int) -> list[tuple[str, Match]]:
    """(match id, match just after a hand ended) for ``count`` hands of short matches."""
    from tractor.players import make_player
    from tractor.runner import play_hand, step

    out: list[tuple[str, Match]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        m = Match(Rules(decks=1), seed)
        players = [make_player("random", s) for s in range(4)]
        while len(out) < count and not m.is_over and m.hand_no < 8:
            play_hand(m, players)
            out.append((f"m{seed}", m))
            if m.phase == "hand_over":
                m = read_match(dumps(m)).match or m
                step(m, players)
    return out


def test_the_history_keeps_the_last_50_hands_and_round_trips() -> None:
    from pasthands import MAX_HANDS, History, parse_history

    history = History()
    hands = finished_hands(MAX_HANDS + 6)
    for match_id, m in hands:
        history = history.with_hand(match_id, m)
    kept = history.hands
    assert len(kept) == MAX_HANDS
    assert kept[-1] == (hands[-1][0], hands[-1][1].hand_no)
    assert (hands[0][0], hands[0][1].hand_no) not in kept
    assert parse_history(history.to_json()) == (history, False)
    assert len(history.to_json()) < 400_000


@pytest.mark.parametrize("text", ["[[[", '{"version": 1, "entries": [{"match_id": "x"}]}',
                                  '{"version": 1, "entries": [{"match_id": "x", "hands": [9],'
                                  ' "record": {"schema": "tractor-match"}}]}'])
def test_a_damaged_history_is_refused(text: str) -> None:
    from pasthands import History, parse_history

    assert parse_history(text) == (History(), True)


def test_a_replay_steps_through_the_start_every_trick_and_the_result() -> None:
    from pasthands import replay_steps
    from tractor.save import record

    (match_id, m), = finished_hands(1)
    steps = replay_steps(record(m), m.hand_no)
    assert [s.title for s in steps] == ["start"] + ["trick"] * len(m.tricks) + ["result"]
    for step, trick in zip(steps[1:], m.tricks, strict=False):
        assert step.plays == tuple((s, tuple(str(c) for c in cs)) for s, cs in trick.plays)
        assert step.winner == trick.winner and step.points == trick.points
    start = steps[0]
    assert sum(len(h) for h in start.hands) == 4 * m.rules.hand_size
    assert steps[-1].result == m.hand_result and all(not h for h in steps[-1].hands)


@pytest.mark.parametrize("seed", [3, 4, 9])
def test_the_card_counter_counts_the_trumps_in_other_hands_and_the_kitty(seed: int) -> None:
    from tractor.trump import TRUMP
    from web_helpers import advance

    m = advance({}, seed, lambda m: m.phase == "play" and m.tricks_played >= 5)
    assert m is not None and m.trump is not None
    settings = Settings(lang="en", card_counter=True)
    game, screen = make_game(FakeStorage({"tractor.match": dumps(m),
                                          "tractor.settings": settings.to_json()}))
    game.flush()
    hidden = [c for s in (1, 2, 3) for c in m.hand_cards(s)]
    if m.kitty_holder != 0:
        hidden += m.kitty
    trumps = sum(1 for c in hidden if m.trump.suit[c] == TRUMP)
    assert f"Trumps still out: {trumps}" in screen.regions["log"]
    assert 'data-testid="counter"' in screen.regions["log"]


def test_the_card_counter_is_off_by_default() -> None:
    from web_helpers import advance

    m = advance({}, 3, lambda m: m.phase == "play")
    assert m is not None
    game, screen = make_game(FakeStorage({"tractor.match": dumps(m)}))
    game.flush()
    assert "counter" not in screen.regions["log"]


def test_a_hand_exports_as_the_record_up_to_its_end() -> None:
    from pasthands import History, hand_record
    from tractor.save import from_record, record

    hands = finished_hands(3)
    match_id, m = hands[-1]
    assert m.hand_no == 2
    storage = FakeStorage({"tractor.history": History().with_match(match_id, m).to_json()})
    game, _ = make_game(storage)
    game.open_replay(match_id, 1)
    name, text = game.export_hand()
    exported = read_match(text).match
    assert exported is not None and exported.phase == "hand_over" and exported.hand_no == 1
    assert name == f"tractor-hand-{m.seed}-2.json"
    assert exported.results == m.results[:2]
    assert from_record(hand_record(record(m), 2)) == m


def test_the_result_s_replay_works_for_a_hand_finished_before_this_visit() -> None:
    (_, m), = finished_hands(1)
    game, _ = make_game(FakeStorage({"tractor.match": dumps(m)}))
    assert game.history().entry(game.state.live.meta.match_id) is None
    game.open_replay(game.state.live.meta.match_id, m.hand_no)
    assert game.state.past.replay is not None
    assert game.state.past.replay[0][-1].result == m.hand_result


class MessageParts(HTMLParser):
    """The footer's message: its sentence, and the text of the collapsed details beside it."""

    def __init__(self) -> None:
        super().__init__()
        self.inside: list[str] = []  # the tags open inside the message or its details
        self.part = ""
        self.text = {"message": "", "message-details": ""}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        testid = dict(attrs).get("data-testid") or ""
        if self.part:
            self.inside.append(tag)
        elif testid in self.text:
            self.part = testid

    def handle_endtag(self, tag: str) -> None:
        if self.inside:
            self.inside.pop()
        else:
            self.part = ""

    def handle_data(self, data: str) -> None:
        if self.part:
            self.text[self.part] += data

    @property
    def sentence(self) -> str:
        return self.text["message"]

    @property
    def details(self) -> str:
        return self.text["message-details"]


def footer_message(screen: FakeScreen) -> MessageParts:
    parts = MessageParts()
    parts.feed(screen.regions["footer"])
    return parts


@pytest.mark.parametrize(("lang", "sentence", "summary"), [
    ("zh", "内部错误，游戏无法继续。", "详情"),
    ("zh-Hant", "內部錯誤，遊戲無法繼續。", "詳細資訊"),
    ("en", "Internal error: the game cannot go on.", "Details"),
])
def test_an_engine_error_is_one_sentence_in_the_table_s_language_with_the_details_apart(
    monkeypatch: Any, lang: str, sentence: str, summary: str
) -> None:
    """The exception's own (English) text is only in the collapsed details, never in
    the sentence."""
    import flow  # noqa: PLC0415 - the module whose step fails

    def broken(table: Any, flush: Any) -> Coroutine[Any, Any, None]:
        raise ValueError("trick index 7 out of range")

    monkeypatch.setattr(flow, "_step", broken)
    storage = FakeStorage({"tractor.settings": json.dumps({"lang": lang, "speed": "instant"})})
    game, screen = make_game(storage)
    run_until(game, lambda: game.state.words.message is not None)
    game.flush()
    shown = footer_message(screen)
    assert shown.sentence == sentence
    assert shown.details == summary + "ValueError: trick index 7 out of range"


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_a_computer_s_refused_action_is_told_in_chinese_only(monkeypatch: Any, lang: str) -> None:
    """A computer seat's illegal action: a Chinese sentence naming the seat (the game goes
    on with a random legal action); the rule's code and the engine's words in the details."""
    import flow  # noqa: PLC0415
    from tractor.match import IllegalAction  # noqa: PLC0415

    storage = FakeStorage({"tractor.settings": json.dumps({"lang": lang, "speed": "instant"})})
    game, screen = make_game(storage)
    refused: list[int] = []

    def refuse_once(table: Any, action: Any) -> None:
        seat = getattr(action, "seat", None)
        if table.live.match.phase == "play" and seat not in (None, 0) and not refused:
            refused.append(seat)
            raise IllegalAction("follow_suit", "you must follow suit")
        core.apply(table, action)

    monkeypatch.setattr(flow, "apply", refuse_once)
    assert flow.IllegalAction is IllegalAction
    game.state.seat.autoplay = True
    run_until(game, lambda: game.state.words.message is not None)
    game.flush()
    shown = footer_message(screen)
    name = i18n.seat_name(lang, refused[0])
    assert shown.sentence.startswith(name), shown.sentence
    assert not re.search(r"[A-Za-z]", shown.sentence), shown.sentence
    assert "follow_suit: you must follow suit" in shown.details

"""Keeping the match (``web/store/keeper.py``): two tabs, a full storage, a load that never ended.

Issue 24, findings 1-3 and 8, in CPython: a dict-backed storage with a quota
drives ``game.Game`` as the page does (the browser tests repeat the two-tab and
quota cases in Chromium).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fakes import FakeScreen, FakeStorage
from house.game import Game
from matches import system_action
from seats.agents import WorkerLink
from store.keeper import TAB_KEY, loading_key
from store.links import parse_query
from store.saves import parse_meta, read_match
from store.stats import parse_stats
from store.storage import Store
from tables import run_until
from tractor.match import Match
from tractor.rules import Rules
from tractor.save import dumps

ONE_DECK = json.dumps({"rules": {"decks": 1}, "speed": "instant", "lang": "en"})


class QuotaStorage(FakeStorage):
    """localStorage's quota: keys and values together hold at most ``capacity`` characters."""

    capacity = 10**9

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.items())

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 (the Web Storage API)
        before = len(key) + len(self[key]) if key in self else 0
        after = self.used() - before + len(key) + len(value)
        if after > self.capacity:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)


def tab(storage: FakeStorage, name: str, seed: int | None = 7, **options: Any) -> Game:
    return Game(FakeScreen(), Store(storage), WorkerLink(), seed=seed, tab_id=name, **options)


def first_legal_play(game: Game) -> None:
    """Seat 0 plays its first legal action (it must be seat 0's move)."""
    action = next(iter(game.state.live.match.legal_actions(0)))
    game._human(action)


def play_one_hand(game: Game) -> None:
    """托管 until the hand is over, and not a step further (the result waits)."""
    def stop_at_the_end(table: Any, action: Any, before: Any) -> None:
        if game.state.live.match.phase in ("hand_over", "match_over"):
            game.state.seat.autoplay = False

    game.state.hooks.after_action.append(stop_at_the_end)
    game.state.seat.autoplay = True
    run_until(game, lambda: game.state.live.match.phase in ("hand_over", "match_over"))


def to_seat_0_s_play(game: Game) -> None:
    game.state.seat.autoplay = True
    live = game.state.live
    run_until(game, lambda: live.match.phase == "play" and live.match.to_move == 0
              and not live.match.trick or game.state.live.match.phase == "hand_over")
    game.state.seat.autoplay = False


def saved_seed(storage: FakeStorage) -> int:
    """The seed of the match in storage (there must be one)."""
    match = read_match(storage["tractor.match"]).match
    assert match is not None
    return match.seed


# ------------------------------------------------------------------ two tabs
@pytest.mark.parametrize("event", [True, False], ids=["storage-event", "event-missed"])
def test_a_tab_whose_match_another_tab_replaced_never_writes_over_it(event: bool) -> None:
    storage = FakeStorage({"tractor.settings": ONE_DECK})
    a = tab(storage, "a", seed=7)
    to_seat_0_s_play(a)
    b = tab(storage, "b", seed=None, deal=(Rules(decks=1), 11))
    assert b.state.panels.confirm == "deal"
    b.confirm_yes()
    assert saved_seed(storage) == 11
    if event:
        a.on_storage("tractor.match")
        assert a.state.keep.keeper.elsewhere
        assert a.state.words.message is not None
        assert a.state.words.message.key == "elsewhere"
    first_legal_play(a)
    assert saved_seed(storage) == 11  # B's match is kept
    assert a.state.keep.keeper.elsewhere and a.paused
    assert 'data-testid="take-over"' in render_footer(a)
    assert tab(storage, "c", seed=None).state.live.match.seed == 11  # a reload resumes B's match


def test_a_second_tab_resumes_the_first_tab_s_last_move_and_the_first_stops() -> None:
    storage = FakeStorage({"tractor.settings": ONE_DECK})
    a = tab(storage, "a", seed=7)
    to_seat_0_s_play(a)
    first_legal_play(a)
    b = tab(storage, "b", seed=None)
    assert b.state.live.match == a.state.live.match  # B resumed A's match with A's last card
    a.on_storage(TAB_KEY)
    assert a.state.keep.keeper.elsewhere
    stored = storage["tractor.match"]
    a.select(0)
    a.play()
    assert storage["tractor.match"] == stored


def test_continue_here_takes_the_newest_match_over_and_the_other_tab_stops() -> None:
    storage = FakeStorage({"tractor.settings": ONE_DECK})
    a = tab(storage, "a", seed=7)
    b = tab(storage, "b", seed=None, deal=(Rules(decks=1), 11))
    if b.state.panels.confirm:
        b.confirm_yes()
    a.on_storage(TAB_KEY)
    assert a.state.keep.keeper.elsewhere
    a.take_over()
    assert not a.state.keep.keeper.elsewhere
    assert a.state.live.match.seed == 11
    assert storage[TAB_KEY] == "a"
    assert a.state.words.notice is not None and a.state.words.notice.key == "taken_over"
    b.on_storage(TAB_KEY)
    assert b.state.keep.keeper.elsewhere and b.paused


class Monitored(FakeStorage):
    """Records every write of the match (seed, action count); ``on_read[key]`` runs once
    just after ``key`` is read (what another tab does meanwhile)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.counts: list[tuple[int, int]] = []
        self.on_read: dict[str, Any] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the Web Storage API)
        value = super().getItem(key)
        hook = self.on_read.pop(key, None)
        if hook is not None:
            hook()
        return value

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if key == "tractor.match":
            data = json.loads(value)
            self.counts.append((data["seed"], len(data["actions"])))
        super().setItem(key, value)


def test_continue_here_while_the_other_tab_writes_never_rolls_the_match_back() -> None:
    storage = Monitored({"tractor.settings": ONE_DECK})
    a = tab(storage, "a", seed=7)
    b = tab(storage, "b", seed=None)  # B took the match over: A stops
    a.on_storage(TAB_KEY)
    assert a.state.keep.keeper.elsewhere

    def b_writes_its_next_action() -> None:
        # B checked that it holds the match just before A claimed it: its write lands
        # after A has read the match (two processes, one storage)
        b.state.keep.keeper.holds = lambda: True  # type: ignore[method-assign]
        b.state.seat.autoplay = True
        version = b.state.live.version
        run_until(b, lambda: b.state.live.version > version)
        b.state.seat.autoplay = False

    storage.on_read["tractor.match"] = b_writes_its_next_action
    a.take_over()
    counts = [n for seed, n in storage.counts if seed == 7]
    assert counts == sorted(counts), counts  # never a shorter record of the same match
    assert loads_count(storage) == max(counts)
    a.take_over()  # pressed again: A resumes the longest record
    assert len(a.state.live.match.actions) == max(counts) and not a.state.keep.keeper.elsewhere


def loads_count(storage: FakeStorage) -> int:
    return len(json.loads(storage["tractor.match"])["actions"])


def test_a_tab_s_own_undo_still_writes_the_shorter_record() -> None:
    storage = FakeStorage({"tractor.settings": json.dumps(
        {"rules": {"decks": 1}, "speed": "instant", "lang": "en", "undo": True})})
    game = tab(storage, "a", seed=7)
    to_seat_0_s_play(game)
    first_legal_play(game)
    longer = loads_count(storage)
    game.undo()
    assert loads_count(storage) < longer


def test_storage_events_of_other_keys_leave_the_tab_alone() -> None:
    storage = FakeStorage()
    a = tab(storage, "a")
    a.on_storage("tractor.settings")
    a.on_storage("somebody.else")
    assert not a.state.keep.keeper.elsewhere


def render_footer(game: Game) -> str:
    game.refresh()
    screen = game.screen
    assert isinstance(screen, FakeScreen)
    return screen.regions["footer"]


# ------------------------------------------------------------------ a full storage
@pytest.mark.parametrize("free", [0, 1_500, 6_000])
def test_a_hand_whose_match_could_not_be_saved_is_not_counted_and_a_reload_says_so(
        free: int) -> None:
    storage = QuotaStorage({"tractor.settings": ONE_DECK})
    game = tab(storage, "a", seed=21)
    storage.capacity = storage.used() + free
    play_one_hand(game)
    assert game.state.live.match.phase == "hand_over"
    saved = read_match(storage["tractor.match"]).match == game.state.live.match
    counted = "tractor.stats" in storage and parse_stats(storage["tractor.stats"])[0].hands == 1
    assert saved == counted  # never a counted hand whose match is not stored
    meta, _ = parse_meta(storage["tractor.meta"])
    assert meta.unsaved == (0 if saved else 1)
    if not saved:
        assert game.state.words.message is not None
        assert game.state.words.message.key == "hand_not_counted"
        assert 'data-testid="storage-warning"' in render_footer(game)
    again = tab(storage, "b", seed=None)
    said = again.state.words.message
    assert (said is not None and said.key == "save_was_stale") == (not saved)
    if "tractor.history" not in storage:  # the hand is not among the past hands: say so
        assert 'data-testid="storage-warning"' in render_footer(game)
    if free == 0:
        assert not saved  # the record grew past a storage with no room left
    if free == 6_000:
        assert saved and "tractor.history" in storage  # room for all of it


def full_at_the_start_without_meta() -> tuple[QuotaStorage, Match]:
    """A stored match with its painter's view and no meta, in a storage with no room."""
    storage = QuotaStorage({"tractor.settings": ONE_DECK})
    first = tab(storage, "a", seed=21)
    to_seat_0_s_play(first)
    del storage["tractor.meta"]
    storage.capacity = storage.used()
    return storage, first.state.live.match


def test_a_meta_write_that_failed_is_tried_again_at_the_next_save() -> None:
    storage, _ = full_at_the_start_without_meta()
    del storage["tractor.paint"]  # nothing derived to give way: only the quota can change
    storage.capacity = storage.used()
    game = tab(storage, "b", seed=None)
    first_legal_play(game)
    assert "tractor.meta" not in storage and game.state.keep.keeper.unsaved
    storage.capacity += 100  # room for the meta again, not for the longer match record
    original = storage.setItem

    def no_room_for_the_match(key: str, value: str) -> None:
        if key == "tractor.match":
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        original(key, value)

    storage.setItem = no_room_for_the_match  # type: ignore[method-assign]
    game.state.seat.autoplay = True
    version = game.state.live.version
    run_until(game, lambda: game.state.live.version > version)
    assert game.state.keep.keeper.unsaved
    meta, damaged = parse_meta(storage["tractor.meta"])
    assert not damaged and meta.unsaved == 1


def test_a_hand_unsaved_in_a_storage_full_from_the_start_is_reported_next_visit() -> None:
    storage, stored_match = full_at_the_start_without_meta()
    game = tab(storage, "b", seed=None)
    assert game.state.live.match == stored_match
    play_one_hand(game)
    saved = read_match(storage["tractor.match"]).match == game.state.live.match
    meta, _ = parse_meta(storage["tractor.meta"])  # room made: the painter's view gave way
    assert meta.unsaved == (0 if saved else 1)
    again = tab(storage, "c", seed=None)
    said = again.state.words.message
    stale = said is not None and said.key == "save_was_stale"
    assert stale == (not saved) and (again.state.live.match == game.state.live.match) == saved


def test_the_match_is_written_before_the_statistics_and_the_history() -> None:
    storage = QuotaStorage({"tractor.settings": ONE_DECK})
    game = tab(storage, "a", seed=21)
    writes: list[str] = []
    original = storage.setItem

    def spy(key: str, value: str) -> None:
        writes.append(key)
        original(key, value)

    storage.setItem = spy  # type: ignore[method-assign]
    play_one_hand(game)
    end = writes[writes.index("tractor.stats") - 3:]
    # who wrote it and its length, then the painter's view (tied to the record) come next
    assert end[:5] == ["tractor.match", "tractor.written", "tractor.paint", "tractor.stats",
                       "tractor.history"]


class Refusing(FakeStorage):
    """A storage whose writes fail with ``error`` (after the first tab's start)."""

    error: Exception | None = None

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 (the Web Storage API)
        if self.error is not None:
            raise self.error
        super().setItem(key, value)


@pytest.mark.parametrize(
    ("error", "says", "not_says"),
    [
        ("QuotaExceededError: The quota has been exceeded.", "is full", "blocks"),
        ("SecurityError: The operation is insecure.", "blocks", "is full"),
        ("NotAllowedError: access denied", "blocks", "is full"),
        ("InvalidStateError: something else", "not for lack of space", "is full"),
    ],
    ids=["quota", "security", "not-allowed", "other"],
)
def test_a_refused_write_is_reported_with_its_real_cause(
        error: str, says: str, not_says: str) -> None:
    storage = Refusing({"tractor.settings": ONE_DECK})
    game = tab(storage, "a", seed=7)
    storage.error = RuntimeError(error)
    game.state.seat.autoplay = True
    version = game.state.live.version
    run_until(game, lambda: game.state.live.version > version + 2)
    footer = render_footer(game)
    assert 'data-testid="storage-warning"' in footer
    assert says in footer and not_says not in footer


# ------------------------------------------------------------------ loads that never end
def crash_while_loading(storage: FakeStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tab that dies while it replays the stored match (the marker stays)."""
    from house import keeping  # where the stored match is read (the table's loading)

    def frozen(text: str | None) -> Any:
        raise KeyboardInterrupt  # the tab is closed while the replay runs

    monkeypatch.setattr(keeping, "read_match", frozen)
    with pytest.raises(KeyboardInterrupt):
        tab(storage, "a")
    assert loading_key("tractor.match") in storage
    monkeypatch.undo()


def test_a_match_whose_load_did_not_finish_once_is_loaded_again_and_resumed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    m = Match(Rules(decks=1), 3)
    m.apply(system_action(m))
    storage = FakeStorage({"tractor.match": dumps(m), "tractor.settings": ONE_DECK})
    crash_while_loading(storage, monkeypatch)  # a benign crash: 1-3% of visits
    again = tab(storage, "b", seed=5)
    assert again.state.live.match == m  # the same match, resumed
    assert not [k for k in storage if k.startswith("tractor.match.bad.")]
    assert loading_key("tractor.match") not in storage


def test_a_stored_match_whose_load_never_finished_twice_is_kept_aside_unread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from house import keeping

    m = Match(Rules(decks=1), 3)
    m.apply(system_action(m))
    storage = FakeStorage({"tractor.match": dumps(m), "tractor.settings": ONE_DECK})
    crash_while_loading(storage, monkeypatch)
    crash_while_loading(storage, monkeypatch)  # tried once more: it froze again
    reads: list[str | None] = []
    monkeypatch.setattr(keeping, "read_match", lambda text: reads.append(text))
    again = tab(storage, "b", seed=5)
    assert reads == []  # not parsed again
    kept = [k for k in storage if k.startswith("tractor.match.bad.")]
    assert kept and storage[kept[0]] == dumps(m)
    assert again.state.words.message is not None and again.state.words.message.key == "save_stuck"
    assert again.state.live.match.seed == 5 and loading_key("tractor.match") not in storage


def rendered_overlay(game: Game) -> str:
    game.refresh()
    screen = game.screen
    assert isinstance(screen, FakeScreen)
    return screen.regions["overlay"]


def test_a_match_kept_aside_after_two_unfinished_loads_is_restored_from_settings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    m = Match(Rules(decks=1), 3)
    for _ in range(7):
        m.apply(system_action(m))
    storage = FakeStorage({"tractor.match": dumps(m), "tractor.settings": ONE_DECK})
    crash_while_loading(storage, monkeypatch)
    crash_while_loading(storage, monkeypatch)
    game = tab(storage, "b", seed=5)
    assert game.state.live.match.seed == 5 and game.state.words.message is not None
    (aside,) = [k for k in storage if k.startswith("tractor.match.bad.")]
    game.state.seat.autoplay = True
    run_until(game, lambda: game.state.live.version > 4)
    game.state.seat.autoplay = False
    current = game.state.live.match
    game.open_settings()
    assert 'data-testid="restore-set-aside"' in rendered_overlay(game)
    game.restore_set_aside()
    assert game.state.panels.confirm == "restore"
    assert game.state.live.match == current  # it asks first
    game.confirm_yes()
    assert game.state.live.match == m and storage["tractor.match"] == dumps(m)  # replayed, resumed
    assert game.state.words.notice is not None and game.state.words.notice.key == "restored"
    assert aside not in storage  # it is the match now, not a copy
    (turn,) = [k for k in storage if k.startswith("tractor.match.bad.")]
    assert read_match(storage[turn]).match == current  # the other one set aside in turn
    assert tab(storage, "c", seed=None).state.live.match == m  # and the next visit resumes it
    game.open_settings()
    game.restore_set_aside()
    game.confirm_yes()
    assert game.state.live.match == current  # and back again: nothing is lost


def test_no_restore_is_offered_when_nothing_was_kept_aside() -> None:
    storage = FakeStorage({"tractor.settings": ONE_DECK, "tractor.aside": "tractor.match.bad.1"})
    game = tab(storage, "a", seed=4)  # the pointer names nothing stored: offered nothing
    game.open_settings()
    assert 'data-testid="restore-set-aside"' not in rendered_overlay(game)


def test_a_load_that_finished_leaves_no_marker_and_resumes_next_time() -> None:
    storage = FakeStorage({"tractor.settings": ONE_DECK})
    first = tab(storage, "a", seed=9)
    assert not [k for k in storage if k.startswith("tractor.loading")]
    assert tab(storage, "b", seed=None).state.live.match == first.state.live.match


def test_a_history_whose_last_load_never_finished_is_kept_aside() -> None:
    history = json.dumps({"version": 1, "entries": []})
    storage = FakeStorage({"tractor.settings": ONE_DECK, "tractor.history": history})
    from store.keeper import digest

    storage[loading_key("tractor.history")] = digest(history) + " 2"  # two tries left it
    game = tab(storage, "a")
    assert game.history().hands == []
    assert [k for k in storage if k.startswith("tractor.history.bad.")]
    assert loading_key("tractor.history") not in storage


# ------------------------------------------------------------------ finding 8
def test_storage_that_cannot_be_read_is_never_written() -> None:
    class Unreadable(FakeStorage):
        def getItem(self, key: str) -> str | None:  # noqa: N802
            raise RuntimeError("SecurityError: the operation is insecure")

    m = Match(Rules(decks=1), 3)
    storage = Unreadable({"tractor.match": dumps(m)})
    game = tab(storage, "a", seed=5)
    game.state.seat.autoplay = True
    run_until(game, lambda: game.state.live.version > 5)
    assert storage["tractor.match"] == dumps(m)
    assert game.state.words.message is not None
    assert game.state.words.message.key == "storage_unreadable"
    assert "cannot be read" in game.state.words.message.text("en")


def test_an_invalid_shared_deal_link_is_reported_and_changes_nothing() -> None:
    query = parse_query("?deal=12&decks=7")
    assert query.deal is None and query.deal_refused
    assert not parse_query("?seed=3").deal_refused
    storage = FakeStorage({"tractor.settings": ONE_DECK})
    first = tab(storage, "a", seed=4)
    game = tab(storage, "b", seed=None, bad_deal=query.deal_refused)
    assert game.state.live.match == first.state.live.match
    assert game.state.words.message is not None
    assert game.state.words.message.key == "deal_link_refused"
    assert "could not be read" in game.state.words.message.text("en")

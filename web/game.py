"""The table's controller: ``Game``, the shared state of one browser tab, and its rooms.

``Game`` owns the ``tractor.Match`` and the table state (selection, panels,
messages, the loop's wake-up event). It is the one object the page
(``main``) and seat 0's clicks (``controls``) talk to. What it does is kept in
rooms, modules of functions that take the ``Game`` as their first argument:

* ``flow`` -- the match flow: the run loop, dealing, the computer turns;
* ``seat0`` -- seat 0's input: selecting, playing, declaring, the hint;
* ``replays`` -- past hands: the history, replaying and exporting a hand;
* ``records`` -- records and links: import, export, share links, undo;
* ``dialogs`` -- settings and panels: options, rules, confirmations, Escape;
* ``keeping`` -- keeping the match in storage: loading, saving, other tabs
  (beside ``keeper``, the rules for writing);
* ``coach`` -- reviewing seat 0's decisions in a past hand, sharing one as a quiz.

Each room function is bound below as a method of ``Game`` of the same name
(``play = seat0.play``), so ``game.play()`` runs ``seat0.play(game)``: the
page, ``controls`` and the tests call ``Game``'s methods, and this class body
is the index of where each one lives. Rooms talk to each other only through
the ``Game`` (``game.keep_hand()``, never ``import replays``; only ``HUMAN``
comes from ``seat0``); a room imports ``game`` only for typing, so nothing
imports in a circle. Here stays what
every room shares: the state, drawing (``scene``, ``flush``), applying an
action (``_apply``, then ``keeping.keep_action`` saves it) and replacing the
match (``_resume``, ``_swapped``). No DOM access: the page passes a
``Screen`` (``show(regions, root_classes, lang)``) and a ``Store``.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Protocol

import coach
import dialogs
import flow
import keeping
import records
import replays
import seat0
from agents import SeatAgent, WorkerLink, seat_agents
from i18n import language_of, t
from keeper import Keeper
from messages import Msg
from notices import note_action
from pasthands import History, Step
from reviews import Review
from saves import Meta
from seat0 import HUMAN
from settings import PACES, SPEEDS, Pace, Settings, parse_settings
from stats import Stats, parse_stats
from storage import MATCH_KEY, SETTINGS_KEY, STATS_KEY, Store
from table import Scene, render, root_classes
from tractor.actions import Action, Deal, NextHand, Play
from tractor.match import Match
from tractor.rules import Rules


class Screen(Protocol):
    """Where the table is drawn."""

    def show(self, regions: Mapping[str, str], classes: str, lang: str) -> None: ...


class Game:
    """The table of one browser tab."""

    def __init__(
        self,
        screen: Screen,
        store: Store,
        link: WorkerLink,
        seed: int | None = None,
        speed: str | None = None,
        deal: tuple[Rules, int] | None = None,
        address: str = "index.html",
        clock: Callable[[], float] = time.monotonic,
        stamp: Callable[[], int] = lambda: int(time.time() * 1000),
        browser_lang: str = "",
        bad_deal: bool = False,
        tab_id: str | None = None,
    ):
        self.screen, self.store, self.link = screen, store, link
        self.keeper = Keeper(store, tab_id)
        self.clock, self.stamp = clock, stamp
        self.speed_override = speed if speed in SPEEDS else None
        self.message: Msg | None = None
        self.notice: Msg | None = None
        self.settings: Settings = self._load_small(SETTINGS_KEY, parse_settings)
        # A first visit (nothing stored yet): the browser's language, and a pointer to
        # the tutorial until the next visit.
        self.first_visit = self.store.get(SETTINGS_KEY) is None and self.store.get(
            MATCH_KEY) is None
        if self.store.get(SETTINGS_KEY) is None:
            self.settings = replace(self.settings, lang=language_of(browser_lang))
        self.stats: Stats = self._load_small(STATS_KEY, parse_stats)
        self.agents: dict[int, SeatAgent] = seat_agents(self.settings.players, link)
        # table state
        self.selected: set[int] = set()
        self.autoplay = False
        self.show_last = False
        self.keys_used = False  # a shortcut key was pressed: the footer shows the key help
        self.show_log = False
        self.panel: str | None = None
        self.confirm: str | None = None
        self.pending_rules: Rules | None = None
        self.pending_import: Match | None = None  # a record read from a file (records.py)
        self._history: History | None = None  # read on first use (replays.py)
        self.replay: tuple[list[Step], int] | None = None
        self.replayed = ("", 0)  # the match id and hand number of the replay
        self.hand_review: Review | None = None  # the coach's last review (coach.py)
        self.thinking: int | None = None
        self.friend_rank, self.friend_suit = "A", "S"
        self.finished_trick: dict[str, Any] | None = None
        self.finished_until = 0.0
        self.just_dealt: str | None = None  # the card seat 0 was just dealt (animated)
        # loop state
        self.epoch = 0  # changes with every new match
        self.version = 0  # changes with every applied action
        self.wake = asyncio.Event()
        self.shown = asyncio.Event()  # set once the first dealt card has been drawn
        self.dirty = True
        self.last_render = 0.0
        self._view: tuple[int, int, dict[str, Any]] | None = None
        self.load_ms = 0  # how long replaying the stored match took (shown to tests)
        self._reset_hand_flags()
        link.on_change = self.refresh
        self.address = address  # the page's address, for share links
        self.share_link: str | None = None
        self.position_link: str | None = None  # "share this position": embed.html?s=…
        self.position_iframe: str | None = None
        self.pending_deal: tuple[Rules, int] | None = None  # a shared deal (records.py)
        self.match: Match
        self.aside: tuple[str, int] | None = None  # a match kept aside unread, and when
        self.meta = Meta()
        self._load_match(seed)
        if deal is not None:
            self.offer_match(deal)
        elif bad_deal and self.message is None:
            self.message = Msg("deal_link_refused")

    # ------------------------------------------------------------ shared state
    @property
    def pace(self) -> Pace:
        return PACES[self.speed_override or self.settings.speed]

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def helper_declares(self) -> bool:
        """Whether the helper declares for seat 0 (托管, or the 自动叫主 setting)."""
        return self.autoplay or self.settings.auto_declare

    @property
    def save_blocked(self) -> bool:
        """A bad save could not be kept elsewhere (or could not be read): never overwrite it."""
        return self.keeper.blocked

    @property
    def paused(self) -> bool:
        """A dialog (settings, a confirmation, a replay) is open: nothing moves until it closes."""
        return (
            self.panel is not None
            or self.confirm is not None
            or self.replay is not None
            or self.keeper.elsewhere
        )

    def _reset_hand_flags(self) -> None:
        self.repoll: int | None = None  # seat to start asking every computer seat again
        self.final_polled = False  # the computer seats had their last look after the deal
        self.deal_declined = False  # seat 0 chose not to declare after the deal
        self.end_of_deal = False  # waiting for seat 0 to declare or pass after the deal

    # ------------------------------------------------------------ drawing
    def view(self) -> dict[str, Any]:
        """Seat 0's view as plain data (cached per action)."""
        if self._view is None or self._view[:2] != (self.epoch, self.version):
            self._view = (self.epoch, self.version, self.match.observe(HUMAN).to_dict())
        return self._view[2]

    def scene(self) -> Scene:
        lang = self.lang
        problem = self.store.warning(self.keeper.unsaved)
        warning = None if problem is None else t(lang, problem)
        # worker_loading / worker_ready / worker_failed (its error goes to the console)
        worker = t(lang, f"worker_{self.link.state}", info=self.link.info)
        return Scene(
            view=self.view(),
            settings=self.settings,
            lang=lang,
            selected=frozenset(self.selected),
            thinking=self.thinking,
            autoplay=self.autoplay,
            show_last=self.show_last,
            show_log=self.show_log,
            replay=self.replay,
            replayed=self.replayed,
            review=self.hand_review,
            history=self._history_lines() if self.panel == "settings" else ((), 0),
            set_aside_at=None if self.aside is None else self.aside[1],
            match_id=self.meta.match_id,
            can_undo=self.undoable() is not None,
            finished_trick=self.finished_trick,
            end_of_deal=self.end_of_deal,
            panel=self.panel,
            confirm=self.confirm,
            pending_rules=self.pending_rules,
            stats=self.stats,
            message=None if self.message is None else self.message.text(lang),
            message_detail="" if self.message is None else self.message.detail,
            notice=None if self.notice is None else self.notice.text(lang),
            warning=warning,
            worker=worker,
            worker_calls=self.link.calls,
            worker_state=self.link.state,
            think_ms=tuple(self.link.times_ms),
            elsewhere=self.keeper.elsewhere,
            friend_rank=self.friend_rank,
            friend_suit=self.friend_suit,
            just_dealt=self.just_dealt if self.pace.deal > 0 else None,
            levels_before=self.levels_before(),
            load_ms=self.load_ms,
            share_link=self.share_link,
            first_visit=self.first_visit,
            keys_used=self.keys_used,
            speed=self.speed_override or self.settings.speed,
            position_link=self.position_link,
            position_iframe=self.position_iframe,
        )

    def levels_before(self) -> list[int] | None:
        """Everyone's level before the hand whose result is shown (the match keeps results)."""
        m = self.match
        if m.hand_result is None or m.phase not in ("hand_over", "match_over"):
            return None
        if len(m.results) >= 2:
            return list(m.results[-2]["levels"])
        return [0, 0, 0, 0] if m.hand_no == 0 else None

    def check_drawable(self) -> None:
        """Draw the table once, unseen: raises if the match cannot be drawn."""
        render(self.scene())

    def refresh(self) -> None:
        """Draw now (used after every input: the page answers at once)."""
        self.dirty = True
        self.flush()

    def flush(self) -> None:
        if not self.dirty:
            return
        scene = self.scene()
        self.screen.show(render(scene), root_classes(scene), self.lang)
        self.dirty = False
        self.last_render = self.clock()
        if self.match.dealt > 0 or self.match.phase != "deal":
            self.shown.set()

    # ------------------------------------------------------------ applying
    def _apply(self, action: Action) -> None:
        """Apply any action (seat 0, computer or system); raises ``IllegalAction``."""
        m = self.match
        hand_before = list(m.hands[HUMAN])
        tricks_before = m.tricks_played
        friend_known, phase_before = m.friend_revealed, m.phase
        m.apply(action)
        self.version += 1
        self.dirty = True
        if m.hands[HUMAN] != hand_before:
            self.selected.clear()
        self.just_dealt = (
            str(m.deck[m.dealt - 1])
            if isinstance(action, Deal) and (m.deal_start + m.dealt - 1) % 4 == HUMAN
            else None
        )
        note_action(self, action, friend_known, phase_before)
        if isinstance(action, Play) and m.tricks_played > tricks_before:
            self.finished_trick = m.last_trick
            self.finished_until = self.clock() + self.pace.trick
        if isinstance(action, NextHand):
            self._reset_hand_flags()
            self.finished_trick = None
            self.show_last = False
            self.notice = None  # last hand's declarations and friend are history
        self.keep_action()  # the match first: derived data only once it is stored

    # ------------------------------------------------------------ a new or replaced match
    def _new_id(self, seed: int) -> str:
        return f"{self.stamp()}-{seed}"

    def _new_match(self, seed: int | None = None, rules: Rules | None = None) -> None:
        if seed is None:
            seed = random.randrange(1, 2**31)
        self._resume(Match(rules or self.settings.rules, seed))

    def _resume(self, match: Match) -> None:
        """Make ``match`` the table's match (new, shared or imported) and save it."""
        self.match = match
        self.meta = Meta(match_id=self._new_id(match.seed))
        self.share_link = self.position_link = self.position_iframe = None
        self.show_last = False
        self._restart()

    def new_match(self) -> None:
        self.message = None
        self.notice = None
        self._new_match()

    def _swapped(self, notice: Msg) -> None:
        """The table's match was replaced in place (undo, "continue here"): start its
        loop afresh, save it, and say why."""
        self.message, self.notice = None, notice
        self._restart()

    def _restart(self) -> None:
        """Start the loop afresh on the table's (new or replaced) match, save it, draw."""
        self.epoch += 1
        self.version += 1
        self.selected.clear()
        self.finished_trick = None
        self.thinking = None
        self._reset_hand_flags()
        self._save()
        self.wake.set()
        self.refresh()

    # ------------------------------------------------------------ the rooms (see above)
    # the match flow
    run = flow.run
    # seat 0's input
    _human = seat0.act
    selected_cards = seat0.selected_cards
    select = seat0.select
    clear_selection = seat0.clear_selection
    play = seat0.play
    bury = seat0.bury
    declare = seat0.declare
    pass_turn = seat0.pass_turn
    pick_friend = seat0.pick_friend
    call_friend = seat0.call_friend
    next_hand = seat0.next_hand
    primary = seat0.primary
    toggle_autoplay = seat0.toggle_autoplay
    toggle_log = seat0.toggle_log
    toggle_last_trick = seat0.toggle_last_trick
    close_last_trick = seat0.close_last_trick
    note_key = seat0.note_key
    hint = seat0.hint
    _hint = seat0.find_hint
    _select_cards = seat0.select_cards
    # past hands
    history = replays.history
    keep_hand = replays.keep_hand
    keep_match = replays.keep_match
    forget_history = replays.forget_history
    read_history_when_idle = replays.read_when_idle
    _history_lines = replays.history_lines
    open_replay = replays.open_replay
    export_hand = replays.export_hand
    replay_step = replays.replay_step
    close_replay = replays.close_replay
    # records and links
    offer_match = records.offer_match
    share = records.share
    share_position = records.share_position
    export_record = records.export_record
    import_record = records.import_record
    refuse_import = records.refuse_import
    accept = records.accept
    undoable = records.undoable
    undo = records.undo
    # settings and panels
    open_settings = dialogs.open_settings
    close_panel = dialogs.close_panel
    escape = dialogs.escape
    set_option = dialogs.set_option
    set_rule = dialogs.set_rule
    apply_rules = dialogs.apply_rules
    new_game = dialogs.new_game
    confirm_yes = dialogs.confirm_yes
    # keeping the match in storage
    _load_small = keeping.load_small
    _begin_small = keeping.begin_small
    _end_small = keeping.end_small
    _load_match = keeping.load_match
    restore_set_aside = keeping.restore_set_aside
    restore_confirmed = keeping.restore_confirmed
    _save = keeping.save
    keep_action = keeping.keep_action
    on_storage = keeping.on_storage
    take_over = keeping.take_over
    # the coach
    review = coach.review
    cancel_review = coach.cancel_review
    go_to_step = coach.go_to_step
    share_review = coach.share_review

"""The table's facade: ``Game``, the one object the page and seat 0's clicks talk to.

The table's state is one ``state.Table`` (``game.state``), in parts; the core
(``core``: applying an action, a new or replaced match) works on it, and the
rooms are modules of functions over it that never draw:

* ``flow`` -- the match flow: the run loop, dealing, the computer turns;
* ``seat0`` -- seat 0's input: selecting, playing, declaring, the hint;
* ``replays`` -- past hands: the history, replaying and exporting a hand;
* ``records`` -- records and links: import, export, share links, undo;
* ``dialogs`` -- settings and panels: options, rules, confirmations, Escape;
* ``keeping`` -- keeping the match in storage: loading, saving, other tabs
  (beside ``keeper``, the rules for writing, and ``stored``, the small values);
* ``coach`` -- reviewing seat 0's decisions in a past hand, sharing one as a quiz;
* ``friends`` -- play with friends: inviting a friend to a seat, their messages and views.

``Game`` builds the state, registers what runs after every action (the notice,
``notices.note_action``; keeping the match, ``keeping.keep_action``) and after
every new or replaced match (``keeping.save``) as the core's hooks (and the sounds,
``cues.note_cue``, handed to the page's ``cue`` after each drawing), and binds
each room function as a method of the same name that runs it on the state and
then draws once (``play = _drawn(seat0.play)``; ``_drawn_if``: only when it says it
changed something; ``_read``: never): this class body is the index of where each
method lives. The long-running rooms (the loop, a review) are given
``flush`` to draw as they go. No DOM access: the page passes a ``Screen``
(``show(regions, root_classes, lang)``) and a ``Store``.
"""

from __future__ import annotations

import asyncio
import functools
import random
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import replace
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from remote.hostseats import FriendLink
from render.scene import Scene
from render.table import render, root_classes
from seats.agents import WorkerLink, seat_agents
from store.keeper import Keeper
from store.settings import SPEEDS, parse_settings
from store.stats import parse_stats
from store.storage import MATCH_KEY, SETTINGS_KEY, STATS_KEY, Store
from text.i18n import language_of
from text.messages import Msg
from tractor.match import Match
from tractor.rules import Rules
from tractor.viewdata import ViewData

from house import dialogs, flow, friends, keeping, records, replays, seat0
from house.core import view
from house.cues import note_cue
from house.learn import branching, coach, drilling, trying
from house.notices import note_action
from house.state import Env, Keep, Live, Loop, Prefs, Table, Words
from house.stored import load_small
from house.tablescene import scene_of

P = ParamSpec("P")
R = TypeVar("R")


class Screen(Protocol):
    """Where the table is drawn."""

    def show(self, regions: Mapping[str, str], classes: str, lang: str) -> None: ...


def _drawn(room: Callable[Concatenate[Table, P], R]) -> Callable[Concatenate[Game, P], R]:
    """A room function as a method of ``Game``: run it on the state, then draw once."""

    @functools.wraps(room)
    def method(self: Game, /, *args: P.args, **kwargs: P.kwargs) -> R:
        result = room(self.state, *args, **kwargs)
        self.refresh()
        return result

    return method


def _drawn_if(room: Callable[Concatenate[Table, P], bool]) -> Callable[Concatenate[Game, P], None]:
    """A room function that says whether it changed anything (it runs on every key, click
    or storage event), as a method of ``Game`` that draws only then."""

    @functools.wraps(room)
    def method(self: Game, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if room(self.state, *args, **kwargs):
            self.refresh()

    return method


def _read(room: Callable[Concatenate[Table, P], R]) -> Callable[Concatenate[Game, P], R]:
    """A room function that changes nothing shown, as a method of ``Game`` (no drawing)."""

    @functools.wraps(room)
    def method(self: Game, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return room(self.state, *args, **kwargs)

    return method


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
        cue: Callable[[list[str], str | None], None] | None = None,
    ):
        self.screen = screen
        self.cue = cue  # plays the queued sounds and speaks the call (the page's web/sound.js)
        keep, words = Keep(store, Keeper(store, tab_id), stamp), Words()
        settings = load_small(keep, words, SETTINGS_KEY, parse_settings)
        # A first visit (nothing stored yet): the browser's language, and a pointer to
        # the tutorial until the next visit.
        first_visit = store.get(SETTINGS_KEY) is None and store.get(MATCH_KEY) is None
        if store.get(SETTINGS_KEY) is None:
            settings = replace(settings, lang=language_of(browser_lang))
        prefs = Prefs(settings, load_small(keep, words, STATS_KEY, parse_stats),
                      speed_override=speed if speed in SPEEDS else None,
                      first_visit=first_visit)
        # The new match if none can be resumed (load_match resumes the stored one).
        fresh = Match(settings.rules, random.randrange(1, 2**31) if seed is None else seed)
        self.state = Table(
            live=Live(fresh), keep=keep, prefs=prefs, loop=Loop(clock), words=words,
            env=Env(link, seat_agents(settings.players, link), address),
        )
        hooks = self.state.hooks
        hooks.after_action += [note_action, lambda table, _action, _before: keeping.keep_action(
            table) if branching.storing(table) else None, note_cue]  # the match first: derived
        # data only once it is stored; nothing of a what-if (branching) is stored
        hooks.after_restart.append(lambda table: keeping.save(table) if branching.storing(
            table) else None)
        link.on_change = self.refresh
        keeping.load_match(self.state, fresh, lambda table: self.check_drawable())
        if deal is not None:
            records.offer_match(self.state, deal)
        elif bad_deal and words.message is None:
            words.message = Msg("deal_link_refused")

    # ------------------------------------------------------------ what the page reads
    @property
    def paused(self) -> bool:
        """A dialog (settings, a confirmation, a replay) is open: nothing moves until it closes."""
        return self.state.paused

    @property
    def shown(self) -> asyncio.Event:
        """Set once the first dealt card has been drawn."""
        return self.state.loop.shown

    @property
    def save_blocked(self) -> bool:
        """A bad save could not be kept elsewhere (or could not be read): never overwrite it."""
        return self.state.keep.keeper.blocked

    def view(self) -> ViewData:
        """Seat 0's view, its wire form (``tractor.viewdata``; cached per action)."""
        return view(self.state)

    # ------------------------------------------------------------ drawing
    def scene(self) -> Scene:
        """What the next drawing shows (``tablescene.scene_of``)."""
        return scene_of(self.state)

    def check_drawable(self) -> None:
        """Draw the table once, unseen: raises if the match cannot be drawn."""
        render(self.scene())

    def refresh(self) -> None:
        """Draw now (used after every input: the page answers at once)."""
        self.state.loop.dirty = True
        self.flush()

    def flush(self) -> None:
        """Draw the table if it changed since it was last drawn."""
        loop, match = self.state.loop, self.state.live.match
        if not loop.dirty:
            return
        scene = self.scene()
        self.screen.show(render(scene), root_classes(scene), self.state.lang)
        friends.send_views(self.state)  # as often as the table is drawn (the link's rate)
        self.play_cues()
        loop.dirty = False
        loop.last_render = loop.clock()
        if match.dealt > 0 or match.phase != "deal":
            loop.shown.set()

    def play_cues(self) -> None:
        """Hand the sounds queued since the last drawing to the page (``house.cues``)."""
        cues = self.state.cues
        if cues.sounds and self.cue is not None:
            self.cue(cues.sounds, cues.call)
        cues.sounds, cues.call = [], None

    # ------------------------------------------------------------ what runs on its own
    async def run(self) -> None:
        """The match flow, forever (``flow.run``), drawing when the table changed."""
        await flow.run(self.state, self.flush)

    def hint(self) -> None:
        """Ask seat 0's helper for a move (``seat0.find_hint``), drawn when it answers."""
        asyncio.ensure_future(self._hint())

    async def _hint(self) -> None:
        await self._then_draw(seat0.find_hint(self.state))

    async def read_history_when_idle(self) -> None:
        """Read the past hands between the browser's tasks (``replays.read_when_idle``)."""
        if await replays.read_when_idle(self.state):
            self.refresh()

    async def _then_draw(self, work: Coroutine[Any, Any, None]) -> None:
        await work
        self.refresh()

    def review(self, match_id: str, hand: int) -> None:
        """Replay a hand and review it (``coach.review``), each step drawn as it comes;
        once done, its marked decisions become drills (``drilling.note_review``)."""
        coach.review(self.state, match_id, hand, self._review_flush)
        self.refresh()

    def _review_flush(self) -> None:
        drilling.note_review(self.state)
        self.flush()

    def try_check(self, key: str) -> None:
        """Judge an attempt at a marked decision (``trying.try_check``), drawn as it goes;
        a drill's verdict moves it in the schedule (``drilling.on_verdict``)."""
        asyncio.ensure_future(trying.try_check(self.state, key, self.flush,
                                               drilling.on_verdict))

    # ------------------------------------------------------------ play with friends
    def connect_friends(self, link: FriendLink) -> None:
        """Give the table the page's link to friends' pages (``house.friends``), and the
        connection servers kept from the last visit."""
        env = self.state.env
        env.friend_link, env.ice = link, (self.state.keep.store.get(friends.ICE_KEY) or "")[:1000]

    def invite(self, seat: int) -> None:
        """Make ``seat``'s invite link (``friends.invite``), drawn when it is made (the
        earlier one is gone at once: ``friends.begin_invite``)."""
        friends.begin_invite(self.state, seat)
        asyncio.ensure_future(self._then_draw(friends.invite(self.state, seat)))
        self.refresh()

    def accept_reply(self, seat: int, text: str) -> None:
        """Take a friend's answer (``friends.accept_reply``), drawn when it is judged."""
        asyncio.ensure_future(self._then_draw(friends.accept_reply(self.state, seat, text)))

    # ------------------------------------------------------------ the rooms (see above)
    # seat 0's input
    _human = _drawn(seat0.act)
    selected_cards = _read(seat0.selected_cards)
    select = _drawn(seat0.select)
    drag_select = _drawn(seat0.drag_select)
    clear_selection = _drawn(seat0.clear_selection)
    play = _drawn(seat0.play)
    bury = _drawn(seat0.bury)
    declare = _drawn(seat0.declare)
    pass_turn = _drawn(seat0.pass_turn)
    pick_friend = _drawn(seat0.pick_friend)
    call_friend = _drawn(seat0.call_friend)
    next_hand = _drawn(seat0.next_hand)
    primary = _drawn(seat0.primary)
    toggle_autoplay = _drawn(seat0.toggle_autoplay)
    toggle_log = _drawn(seat0.toggle_log)
    toggle_last_trick = _drawn(seat0.toggle_last_trick)
    _select_cards = _read(seat0.select_cards)
    note_key = _drawn_if(seat0.note_key)
    close_last_trick = _drawn_if(seat0.close_last_trick)

    # past hands
    history = _read(replays.history)
    open_replay = _drawn(replays.open_replay)
    export_hand = _read(replays.export_hand)
    replay_step = _drawn(replays.replay_step)
    go_to_step = _drawn(replays.go_to_step)
    close_replay = _drawn(dialogs.leave_replay)
    # records and links
    offer_match = _read(records.offer_match)  # before the first drawing, from the page's link
    share = _drawn(records.share)
    share_position = _drawn(records.share_position)
    export_record = _read(records.export_record)
    import_record = _drawn(records.import_record)
    refuse_import = _drawn(records.refuse_import)
    accept = _drawn(records.accept)
    undoable = _read(records.undoable)
    undo = _drawn(records.undo)
    # settings and panels
    new_match = _drawn(dialogs.start_over)
    open_settings = _drawn(dialogs.open_settings)
    open_records = _drawn(dialogs.open_records)
    close_panel = _drawn(dialogs.close_panel)
    escape = _drawn(dialogs.escape)
    set_option = _drawn(dialogs.set_option)
    toggle_sound = _drawn(dialogs.toggle_sound)
    set_rule = _drawn(dialogs.set_rule)
    apply_rules = _drawn(dialogs.apply_rules)
    new_game = _drawn(dialogs.new_game)
    confirm_yes = _drawn(dialogs.confirm_yes)
    # keeping the match in storage
    restore_set_aside = _drawn(keeping.restore_set_aside)
    take_over = _drawn(keeping.take_over)
    on_storage = _drawn_if(keeping.on_storage)

    # play with friends (the link's callbacks too)
    open_friends = _drawn(friends.open_friends)
    set_host_name = _read(friends.set_host_name)
    friends_start = _drawn(friends.start)
    say = _drawn(friends.say)
    set_ice = _drawn(friends.set_ice)
    friend_message = _drawn_if(friends.on_message)
    friend_status = _drawn(friends.on_status)
    friend_joined = _drawn(friends.on_joined)

    # the coach
    cancel_review = _drawn(coach.cancel_review)
    share_review = _drawn(coach.share_review)
    # learn from your mistakes: attempts, drills, what-ifs
    open_try = _drawn(trying.open_try)
    try_select = _drawn(trying.try_select)
    reveal = _drawn(trying.reveal)
    open_drills = _drawn(drilling.open_drills)
    share_drill = _drawn(drilling.share_drill)
    play_from_here = _drawn(branching.play_from_here)
    exit_branch = _drawn(branching.exit_branch)

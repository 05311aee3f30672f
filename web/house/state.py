"""The table's state: one typed value grouped into parts, below every room.

``Table`` is what one browser tab's table holds, in parts that each say what
they are about: the match being played (``live``), the deal's waiting flags
(``deal``), seat 0's selection and toggles (``seat``), the open panel and
confirmations (``panels``), the past hands and their replay and review
(``past``), storage (``keep``), the table's message and notice (``words``),
the settings and statistics (``prefs``), the loop's wake-up and drawing
state (``loop``), the sounds waiting to be played (``cues``), the computer
players and the page's address (``env``), the seats played by friends on their own
pages (``friends``, ``house.friends``), and what runs after each action
(``hooks``, registered by the facade, ``game.Game``). The rooms are functions
over a ``Table``; this module imports no room, no drawing and no facade.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from remote.hostseats import FriendLink, Friends
from render.attempts import Trial
from render.reviews import Review
from seats.agents import SeatAgent, WorkerLink
from store.drills import Drills
from store.keeper import Keeper
from store.pasthands import History, Step
from store.saves import Meta
from store.settings import PACES, Pace, Settings
from store.stats import Stats
from store.storage import Store
from text.messages import Msg
from tractor.actions import Action
from tractor.match import Match
from tractor.rules import Rules
from tractor.viewdata import LastTrickData, ViewData

HUMAN = 0
"""Seat 0: the player at this screen (the computer seats are 1 to 3)."""


@dataclass
class Live:
    """The match on the table, its meta, and the counters that say it changed."""

    match: Match
    meta: Meta = field(default_factory=Meta)
    epoch: int = 0  # changes with every new match
    version: int = 0  # changes with every applied action
    load_ms: int = 0  # how long replaying the stored match took (shown to tests)
    view_cache: tuple[int, int, ViewData] | None = None


@dataclass
class DealFlags:
    """Where the deal's declaring stands (reset for every hand)."""

    repoll: int | None = None  # seat to start asking every computer seat again
    final_polled: bool = False  # the computer seats had their last look after the deal
    deal_declined: bool = False  # seat 0 chose not to declare after the deal
    end_of_deal: bool = False  # waiting for seat 0 to declare or pass after the deal


@dataclass
class Seat:
    """Seat 0's selection and the table's toggles."""

    selected: set[int] = field(default_factory=set)
    autoplay: bool = False
    show_last: bool = False
    keys_used: bool = False  # a shortcut key was pressed: the footer shows the key help
    show_log: bool = False
    friend_rank: str = "A"
    friend_suit: str = "S"
    just_dealt: str | None = None  # the card seat 0 was just dealt (animated)
    flag: str = ""  # after a refused play: "must" or "refused" (house.picking)
    flagged: tuple[int, ...] = ()  # the hand's cards the flag marks (data-flag)


@dataclass
class Panels:
    """The open panel, the confirmation asked, and what waits on it."""

    panel: str | None = None
    confirm: str | None = None
    pending_rules: Rules | None = None
    pending_import: Match | None = None  # a record read from a file (records.py)
    pending_deal: tuple[Rules, int] | None = None  # a shared deal (records.py)
    share_link: str | None = None
    position_link: str | None = None  # "share this position": embed.html?s=…
    position_iframe: str | None = None


@dataclass(frozen=True)
class Branch:
    """A what-if played on from a replay (``branching``): the real match put aside, and
    the replay to come back to."""

    saved: Live
    replay: tuple[list[Step], int]
    replayed: tuple[str, int]
    tricks: int  # tricks finished when the branch starts (0: the start of play)
    real_points: int  # the attackers' points in the real hand


@dataclass
class Past:
    """The past hands (read on first use), the replay open, the coach's review."""

    history: History | None = None
    replay: tuple[list[Step], int] | None = None
    replayed: tuple[str, int] = ("", 0)  # the match id and hand number of the replay
    review: Review | None = None  # the coach's last review (coach.py)
    # learn from your mistakes (issue 38): drills (drilling.py) and their attempts (trying.py)
    drills: Drills | None = None
    drill_trials: dict[str, Trial] = field(default_factory=dict)
    drill_quiz: tuple[str, str] | None = None  # a shared drill: its id and link
    branch: Branch | None = None  # a what-if on the table (branching.py): nothing is stored


@dataclass
class Keep:
    """Storage: the store, the rules for writing it, the match kept aside."""

    store: Store
    keeper: Keeper
    stamp: Callable[[], int]
    aside: tuple[str, int] | None = None  # a match kept aside unread, and when


@dataclass
class Words:
    """The table's message (an error, a refusal) and its notice (what happened)."""

    message: Msg | None = None
    notice: Msg | None = None
    phrases: int = 0  # the quick phrases said at the table: each one's number


@dataclass
class Prefs:
    """The settings in force, the statistics, and this visit's overrides."""

    settings: Settings
    stats: Stats
    speed_override: str | None = None
    first_visit: bool = False  # nothing stored yet: a pointer to the tutorial


@dataclass
class Loop:
    """The loop's wake-up, what it shows for a moment, and when it last drew."""

    clock: Callable[[], float]
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    shown: asyncio.Event = field(default_factory=asyncio.Event)  # the first dealt card drawn
    dirty: bool = True
    last_render: float = 0.0
    thinking: int | None = None
    finished_trick: LastTrickData | None = None
    finished_until: float = 0.0


@dataclass
class Env:
    """The computer players and the page's address (for share links)."""

    link: WorkerLink
    agents: dict[int, SeatAgent]
    address: str = "index.html"
    friend_link: FriendLink | None = None  # play with friends (house.friends), if the page has it
    ice: str = ""  # the connection servers for friends' links as typed ("": the defaults)


@dataclass
class Cues:
    """The sounds and the spoken call waiting for the next drawing (``house.cues``)."""

    sounds: list[str] = field(default_factory=list)
    call: str | None = None


@dataclass(frozen=True)
class Before:
    """What an action changed, as it stood before it was applied."""

    friend_known: bool
    phase: str


@dataclass
class Hooks:
    """What runs after each applied action and after each new or replaced match."""

    after_action: list[Callable[[Table, Action, Before], None]] = field(default_factory=list)
    after_restart: list[Callable[[Table], object]] = field(default_factory=list)


@dataclass
class Table:
    """The state of one tab's table, in parts."""

    live: Live
    keep: Keep
    prefs: Prefs
    loop: Loop
    env: Env
    words: Words = field(default_factory=Words)
    deal: DealFlags = field(default_factory=DealFlags)
    seat: Seat = field(default_factory=Seat)
    panels: Panels = field(default_factory=Panels)
    past: Past = field(default_factory=Past)
    hooks: Hooks = field(default_factory=Hooks)
    cues: Cues = field(default_factory=Cues)
    friends: Friends = field(default_factory=Friends)  # the remote seats (house.friends)

    @property
    def pace(self) -> Pace:
        return PACES[self.prefs.speed_override or self.prefs.settings.speed]

    @property
    def lang(self) -> str:
        return self.prefs.settings.lang

    @property
    def helper_declares(self) -> bool:
        """Whether the helper declares for seat 0 (托管, or the 自动叫主 setting)."""
        return self.seat.autoplay or self.prefs.settings.auto_declare

    @property
    def paused(self) -> bool:
        """A dialog (settings, a confirmation, a replay) is open: nothing moves until it closes."""
        return (
            self.panels.panel is not None
            or self.panels.confirm is not None
            or self.past.replay is not None
            or self.keep.keeper.elsewhere
        )

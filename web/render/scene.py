"""What one drawing of the table needs: seat 0's view plus the table's own state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from store.settings import Settings
from store.stats import Stats
from tractor.rules import Rules

from render.painted import painted_view

if TYPE_CHECKING:
    from micro.paintdata import PaintedView
    from tractor.viewdata import LastTrickData, ViewData

    from render.reviews import Review


@dataclass(frozen=True)
class RemoteShown:
    """A seat offered to a friend, as the host's page shows it (``house.friends``)."""

    status: str  # inviting, connected or dropped
    name: str = ""  # the friend's name (cleaned: ``remote.protocol.clean_name``)
    invite: str = ""  # the invite link, once made
    problem: str = ""  # a message key: why the link or the reply failed


@dataclass(frozen=True)
class JoinShown:
    """A friend's page around the table (``remote.client``): the invite, its answer."""

    stage: str  # "bad": no readable invite; "join": asks the name; "reply": the answer made
    host: str = ""  # who invites (cleaned)
    seat: int = 0  # the seat offered, as the host sees it
    reply: str = ""  # the reply link, once made
    problem: str = ""  # a message key


@dataclass
class Scene:
    """Everything one render needs."""

    view: ViewData
    """Seat 0's view, the engine's wire form (``tractor.viewdata``)."""
    settings: Settings
    lang: str
    selected: frozenset[int] = frozenset()
    thinking: int | None = None
    autoplay: bool = False
    show_last: bool = False
    show_log: bool = False
    replay: tuple[list[Any], int] | None = None  # the steps of a replayed hand, and where
    history: tuple[tuple[Any, ...], int] = ((), 0)  # kept hands (pasthands.HandLine), bytes
    set_aside_at: int | None = None  # when the match kept aside unread was (ms): restorable
    match_id: str = ""
    can_undo: bool = False
    finished_trick: LastTrickData | None = None
    end_of_deal: bool = False
    panel: str | None = None
    confirm: str | None = None
    pending_rules: Rules | None = None
    stats: Stats = field(default_factory=Stats)
    message: str | None = None
    message_detail: str = ""  # the message's technical text, shown collapsed apart
    notice: str | None = None
    said: tuple[int, str, int] | None = None  # a quick phrase: its seat, words and number
    warning: str | None = None
    worker: str = ""
    worker_calls: int = 0
    worker_state: str = "loading"  # the worker: loading, ready or failed
    think_ms: tuple[int, ...] = ()  # the worker's last decisions, round trip in ms
    friend_rank: str = "A"
    friend_suit: str = "S"
    just_dealt: str | None = None
    flag: str = ""  # after a refused play: "must" or "refused" on the cards ``flagged``
    flagged: tuple[int, ...] = ()
    levels_before: list[int] | None = None  # rank indices before the finished hand
    share_link: str | None = None  # the link to this deal, once asked for
    keys_used: bool = False  # a shortcut key was used: show the keyboard help
    speed: str = ""  # the speed in force (a ?speed= override, else the setting's)
    elsewhere: bool = False  # another tab holds the match: offer "continue here"
    first_visit: bool = False  # nothing was stored before this visit: point to the tutorial
    position_link: str | None = None  # embed.html link of the current trick, once asked for
    position_iframe: str | None = None  # its <iframe> snippet
    replayed: tuple[str, int] = ("", 0)  # the match id and hand number of the replay
    review: Review | None = None  # the coach's review of a replayed hand
    load_ms: int = 0  # how long reading (replaying) the stored match took
    # learn from your mistakes (issue 38)
    drills: tuple[tuple[Any, Any], ...] = ()  # (store.drills.Drill, attempts.Trial), due first
    drill_quiz: tuple[str, str] | None = None  # a shared drill: its id and link
    now_ms: int = 0  # the clock the drills' due dates are read against
    kept_drills: tuple[Any, ...] = ()  # every drill (store.drills.Drill), for the summary
    branch: tuple[int, tuple[int, int] | None] | None = None
    """A what-if on the table: the tricks done when it began, and once its hand is over
    the attackers' points this time and in the game (``house.learn.branching``)."""

    # play with friends (house.friends on the host, remote.client on a friend's page)
    friends_on: bool = False  # the page has the link: the bar offers "play with friends"
    remote: tuple[RemoteShown | None, ...] = ()  # the seats offered to friends (the host)
    host_name: str = ""
    ice: str = ""  # the connection servers as typed ("": the defaults)
    join: JoinShown | None = None  # a friend's page: its invite and answer
    names: tuple[str, ...] = ()  # who plays each seat (a friend's page), "" for a computer
    phrases: bool = False  # the quick phrases can be said (someone is at the other end)

    _painted: tuple[ViewData, PaintedView] | None = field(default=None, init=False,
                                                          repr=False, compare=False)

    @property
    def painted(self) -> PaintedView:
        """The view as the painter draws it (``render.painted``), which ``micro.paintable``'s
        regions (the bar, the seats, the trick, the hand) are drawn from; made once for
        each view given to the scene (a view is never changed in place once drawn)."""
        cached = self._painted
        if cached is None or cached[0] is not self.view:
            cached = self._painted = (self.view, painted_view(self.view))
        return cached[1]

"""A friend's page: the table drawn from the host's view of the friend's seat, no engine.

The friend's page holds no match and applies no rule: it shows the view the host
sends (checked, rebuilt and turned so the friend sits at the bottom:
``remote.viewcheck``) through the same drawing as the host's table (a ``Scene`` of
that view, ``render.table``), and each click that would act makes a message for
the host (``remote.protocol``), which judges it for this seat only. Hints and 托管
are the host's. ``Client`` is this page's state; its functions return the text to
send (or None) and never touch the page (``page.friendpage`` does).

Stages (``Client.stage``): ``bad`` (no readable invite, or an old one), ``join``
(the name is asked), ``making`` (the answer is being made), ``reply`` (the answer
is shown, the host is awaited), ``table`` (the host's views arrive).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from render.scene import JoinShown, Scene
from store.settings import Settings
from text.messages import Msg, notice_shown
from text.phrases import PHRASES
from tractor.actions import Action, Bury, CallFriend, Declare, Pass, Play
from tractor.viewdata import LastTrickData, ViewData

from remote.protocol import (
    Act,
    AskHint,
    Autoplay,
    Hint,
    Invite,
    ProtocolError,
    Refused,
    Say,
    ViewMsg,
    clean_name,
    encode_friend,
    parse_host,
    reply_info,
)
from remote.viewcheck import ViewRefused, checked_view, turned


@dataclass
class Client:
    """The friend's page: the invite, the answer, the last view, the seat's selection."""

    lang: str
    invite: Invite | None
    stage: str = "join"
    problem: str = ""
    reply: str = ""
    name: str = ""
    view: ViewData | None = None  # checked and turned: the friend is seat 0
    names: tuple[str, ...] = ("", "", "", "")  # turned
    autoplay: bool = False
    selected: set[int] = field(default_factory=set)
    message: Msg | None = None
    notice: Msg | None = None
    phrases: int = 0  # the quick phrases heard: each one's number
    friend_rank: str = "A"
    friend_suit: str = "S"
    connected: bool = False
    finished_trick: LastTrickData | None = None  # turned: shown until its pause ends

    @property
    def seat(self) -> int:
        """The friend's seat at the host's table."""
        return 0 if self.invite is None else self.invite.seat


def start(lang: str, invite: Invite | None) -> Client:
    """The page opened with an invite (None: unreadable)."""
    if invite is None:
        return Client(lang, None, stage="bad", problem="join_bad_invite")
    return Client(invite.lang if lang == "" else lang, invite)


def answer(client: Client, name: str) -> str:
    """The friend accepts with ``name``: the reply's info (the link is being made)."""
    client.name = clean_name(name)
    client.stage, client.problem = "making", ""
    return reply_info(client.name)


def answered(client: Client, reply: str) -> None:
    """The answer is made: show it (or say the link could not be made)."""
    if reply:
        client.stage, client.reply = "reply", reply
    else:
        client.stage, client.problem = "join", "friend_link_failed"


def on_status(client: Client, status: str) -> None:
    if status == "connected":
        client.connected = True
        client.message = None
    elif status == "dropped":
        client.connected = False
        client.message = Msg("host_dropped")


def on_host(client: Client, text: object) -> bool:
    """One text from the host (hostile: bounded, typed, the view checked before it is
    drawn); whether anything shown changed. An unreadable one is dropped."""
    try:
        message = parse_host(text)
    except ProtocolError:
        return False
    if isinstance(message, ViewMsg):
        try:
            view = checked_view(message.view, client.seat)
        except ViewRefused:
            return False
        seen = turned(view, client.seat)
        if client.view is None or client.view["hand"] != seen["hand"]:
            client.selected.clear()
        client.finished_trick = _finished_trick(client, seen)
        client.view, client.stage, client.autoplay = seen, "table", message.autoplay
        client.names = tuple(message.names[(i + client.seat) % 4] for i in range(4))
        client.names = ("", *client.names[1:])  # the friend's own seat: "you"
        return True
    if isinstance(message, Refused):
        client.message = Msg(f"friend_refused_{message.key}")
        return True
    if isinstance(message, Say):
        who = (message.seat - client.seat) % 4
        client.phrases += 1
        client.notice = Msg("phrase_said", {"n": client.phrases}, seat=who,
                            what=Msg(f"phrase_{message.key}"))
        return True
    assert isinstance(message, Hint)
    return _hint(client, message.action)


def _hint(client: Client, action: Action | None) -> bool:
    view = client.view
    if view is None:
        return False
    if action is None or isinstance(action, Pass):
        client.selected.clear()
        client.notice = Msg("msg_hint", what=Msg("hint_pass"))
    elif isinstance(action, CallFriend):
        card = str(action.card)
        client.friend_rank, client.friend_suit = card[:-1], card[-1]
        client.notice = Msg("msg_hint", what=Msg("hint_call", cards=(card,)))
    elif isinstance(action, (Declare, Bury, Play)):
        wanted = [str(c) for c in action.cards]
        client.selected.clear()
        for i, card in enumerate(view["hand"]):
            if card in wanted:
                wanted.remove(card)
                client.selected.add(i)
        client.notice = Msg("msg_hint", what=Msg("hint_these", cards=tuple(
            str(c) for c in action.cards)))
    return True


# ------------------------------------------------------------------ the friend's clicks


def select(client: Client, index: int) -> None:
    if client.view is not None and 0 <= index < len(client.view["hand"]):
        client.selected ^= {index}


def _chosen(client: Client) -> str:
    hand = [] if client.view is None else client.view["hand"]
    return " ".join(hand[i] for i in sorted(client.selected) if i < len(hand))


def _act(client: Client, action: Action) -> str:
    client.message = None
    return encode_friend(Act(action))


def play(client: Client) -> str | None:
    """Play (or bury) the selected cards: a message for the host, which judges it."""
    view = client.view
    if view is None or not client.selected or view["to_move"] != 0:
        return None
    if view["phase"] == "bury":
        return _act(client, Bury(client.seat, _chosen(client)))
    return _act(client, Play(client.seat, _chosen(client)))


def declare(client: Client, cards: str) -> str | None:
    if client.view is None or len(cards) > 100:
        return None
    try:
        return _act(client, Declare(client.seat, cards))
    except ValueError:
        return None


def pass_turn(client: Client) -> str | None:
    return None if client.view is None else _act(client, Pass(client.seat))


def pick_friend(client: Client, name: str, value: str) -> None:
    if name == "rank":
        client.friend_rank = value[:2]
    elif name == "suit":
        client.friend_suit = value[:1]


def call_friend(client: Client) -> str | None:
    try:
        action = CallFriend(client.seat, client.friend_rank + client.friend_suit)
    except ValueError:
        return None
    return None if client.view is None else _act(client, action)


def hint(client: Client) -> str | None:
    return None if client.view is None else encode_friend(AskHint())


def toggle_autoplay(client: Client) -> str | None:
    return None if client.view is None else encode_friend(Autoplay(not client.autoplay))


def say(client: Client, key: str) -> str | None:
    return encode_friend(Say(key)) if key in PHRASES and client.view is not None else None


# ------------------------------------------------------------------ what the page shows


def _finished_trick(client: Client, seen: ViewData) -> LastTrickData | None:
    """The trick to show as finished after ``seen`` arrives. The host sends its view once
    the fourth card is played, when the trick is already gathered: a trick newly
    finished is shown whole (as the host's table shows it) until the next lead, a new
    hand, or its pause ends (``settle_trick``)."""
    last = seen["last_trick"]
    if last is None or seen["trick"] or seen["phase"] != "play":
        return None
    before = client.view
    if before is not None and before["last_trick"] == last:
        return client.finished_trick  # the same trick: shown or settled already
    return last


def settle_trick(client: Client) -> None:
    """The finished trick's pause is over: the centre is cleared."""
    client.finished_trick = None


def join_shown(client: Client) -> JoinShown:
    invite = client.invite
    return JoinShown(client.stage, "" if invite is None else invite.name,
                     0 if invite is None else invite.seat, client.reply, client.problem)


def scene_of(client: Client) -> Scene | None:
    """The table's scene once a view came (None before: only the join panel is shown)."""
    if client.view is None:
        return None
    lang = client.lang
    notice, said = notice_shown(client.notice, lang)
    return Scene(
        view=client.view,
        settings=Settings(lang=lang),
        lang=lang,
        selected=frozenset(client.selected),
        autoplay=client.autoplay,
        message=None if client.message is None else client.message.text(lang),
        notice=notice,
        said=said,
        friend_rank=client.friend_rank,
        friend_suit=client.friend_suit,
        finished_trick=client.finished_trick,
        names=client.names,
        phrases=client.connected,
        worker_state="ready",
    )

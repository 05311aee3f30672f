"""Play with friends, the host's room: inviting a friend to a seat, their messages, their views.

The host's page holds the whole match (docs/friends.md); a seat (1 to 3) may be
played by a friend on their own page, over ``table.env.friend_link`` (the page's
``window.tractorFriends``, ``page.friendlink``). Its state is a ``RemoteSeat`` value
in ``table.friends`` (``remote.hostseats``), replaced, never changed in place:

* ``invite`` makes the seat's invite link (its info: the host's name, the seat, the
  language), ``accept_reply`` takes the friend's answer; a link that cannot be made
  says so within ``LINK_TIMEOUT`` seconds and the seat stays a computer's;
* ``on_message`` runs one hostile text from a friend through ``hostseats.receive``:
  an action checked by the engine for that seat only is applied (``core.apply``),
  anything else refused with a message to that friend, nothing changed;
* ``send_views`` (each time the table is drawn, ``Game.flush``: at most as often as
  the table draws, which keeps an instant deal under the link's 50 frames a second)
  sends each connected friend its own seat's view, ``Match.observe(seat)``, once for
  each change, and nothing else;
* ``on_status``: a dropped friend's seat is played by the computer (``flow``
  waits only for a seat ``Friends.playing``) until the friend is invited again.

Nothing of it is stored: after the host's reload every seat is a computer's.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from remote.hostseats import (
    Apply,
    RemoteSeat,
    Reply,
    joined,
    receive,
)
from remote.protocol import (
    ICE_DEFAULT,
    REMOTE_SEATS,
    AskHint,
    Autoplay,
    Hint,
    Say,
    clean_name,
    encode_host,
    encode_view,
    ice_servers,
    invite_info,
    parse_reply_info,
)
from text.messages import Msg
from text.phrases import PHRASES
from tractor.actions import Action, Declare

from house.core import apply
from house.dialogs import start_over
from house.state import HUMAN, Table

LINK_TIMEOUT = 20.0
"""Seconds before a link that cannot be made (an invite, a reply) is said to have failed."""
MAX_REPLY_TEXT = 20_000
"""A pasted reply (a link) longer than this is refused unread."""
MAX_ICE_TEXT = 1000
REPLY_PROBLEMS = {"bad-reply": "bad_reply", "timeout": "timeout", "failed": "failed"}
"""The link's short codes for a reply that failed, and their message's key."""


def open_friends(table: Table) -> None:
    table.panels.panel = "friends"


def set_host_name(table: Table, text: str) -> None:
    table.friends = replace(table.friends, host_name=clean_name(text))


ICE_KEY = "tractor.friends.ice"
"""Where the connection servers typed in the friends panel are kept (the text as typed)."""


def set_ice(table: Table, text: str) -> None:
    """The connection servers as typed (``protocol.ice_servers``; "" for the defaults)."""
    text = text.strip()[:MAX_ICE_TEXT]
    table.env.ice = text
    table.keep.store.set(ICE_KEY, text)
    table.words.message = None if ice_servers(text) is not None else Msg("friends_ice_bad")


def _put(table: Table, seat: int, remote: RemoteSeat | None) -> None:
    table.friends = table.friends.put(seat, remote)
    table.loop.dirty = True
    table.loop.wake.set()


def begin_invite(table: Table, seat: int) -> None:
    """The seat is being invited (again): any earlier link and invite are gone at once,
    before the new link is made (no old invite is shown meanwhile)."""
    link, old = table.env.friend_link, table.friends.at(seat)
    if link is None or seat not in REMOTE_SEATS:
        return
    if old is not None and old.status == "connected":
        link.close(seat)
    _put(table, seat, RemoteSeat(status="inviting", name="" if old is None else old.name))


async def invite(table: Table, seat: int) -> None:
    """Make ``seat``'s invite link (again, after a drop: the friend takes the seat back)."""
    link = table.env.friend_link
    if link is None or seat not in REMOTE_SEATS:
        return
    remote = table.friends.at(seat)
    if remote is None or remote.status != "inviting" or remote.invite or remote.problem:
        begin_invite(table, seat)
    info = invite_info(table.friends.host_name, seat, table.lang)
    try:
        ice = ice_servers(table.env.ice) or ICE_DEFAULT
        url = await asyncio.wait_for(link.invite(seat, info, ice), LINK_TIMEOUT)
    except Exception:  # noqa: BLE001 -- any failure of the link: the seat stays a computer's
        url = ""
    remote = table.friends.at(seat) or RemoteSeat()
    if url:
        _put(table, seat, replace(remote, invite=url[:MAX_REPLY_TEXT], problem=""))
    else:
        _put(table, seat, replace(remote, invite="", problem="friend_link_failed"))


async def accept_reply(table: Table, seat: int, text: str) -> None:
    """Take the friend's answer (a reply link or its payload) for ``seat``."""
    link, remote = table.env.friend_link, table.friends.at(seat)
    if link is None or remote is None:
        return
    if not text.strip() or len(text) > MAX_REPLY_TEXT:
        _put(table, seat, replace(remote, problem="friend_reply_bad_reply"))
        return
    try:
        info = await asyncio.wait_for(link.accept_reply(seat, text.strip()), LINK_TIMEOUT)
    except Exception as error:  # noqa: BLE001 -- the link's short code, or a timeout
        code = REPLY_PROBLEMS.get(str(error), "failed")
        remote = table.friends.at(seat) or remote
        _put(table, seat, replace(remote, problem=f"friend_reply_{code}"))
        return
    remote = table.friends.at(seat)
    if remote is None or remote.status != "connected":  # else told already (``onJoined``)
        on_joined(table, seat, info)


def on_joined(table: Table, seat: int, info: str) -> None:
    """A friend took ``seat`` (their reply accepted here or in another tab): their view."""
    if seat not in REMOTE_SEATS:
        return
    table.friends = joined(table.friends, seat, parse_reply_info(info), table.loop.clock())
    table.words.notice = Msg("friend_joined", seat=seat)
    send_views(table)
    table.loop.dirty = True
    table.loop.wake.set()


def on_status(table: Table, seat: int, status: str) -> None:
    """The link says a seat's friend is ``connected`` or ``dropped`` (a computer plays)."""
    remote = table.friends.at(seat)
    if remote is None:
        return
    if status == "dropped" and remote.status != "dropped":
        _put(table, seat, replace(remote, status="dropped"))
        table.words.notice = Msg("friend_dropped", seat=seat)
    elif status == "connected" and remote.status == "dropped":
        on_joined(table, seat, "")


def on_message(table: Table, seat: int, text: object) -> bool:
    """One text from ``seat``'s friend (hostile): whether the table changed."""
    link = table.env.friend_link
    if link is None:
        return False
    table.friends, reaction = receive(table.live.match, table.friends, seat, text,
                                      table.loop.clock())
    if isinstance(reaction, Apply):
        dealing = table.live.match.phase == "deal"
        apply(table, reaction.action)
        if dealing and isinstance(reaction.action, Declare):  # as seat 0's (seat0.declare)
            m = table.live.match
            if m.dealt < m.deal_total:
                table.deal.repoll = (seat + 1) % 4
            else:
                table.deal.final_polled = False
        table.loop.wake.set()
        return True
    if isinstance(reaction, Reply):
        link.send(seat, reaction.text)
    elif isinstance(reaction, AskHint):
        asyncio.ensure_future(friend_hint(table, seat))
    elif isinstance(reaction, Autoplay):
        send_views(table, again=True)
        table.loop.wake.set()
        return True
    elif isinstance(reaction, Say):
        _say(table, seat, reaction.key)
        return True
    return False


def say(table: Table, key: str) -> None:
    """The host says a quick phrase to the table."""
    if key in PHRASES and table.friends.connected():
        _say(table, HUMAN, key)


def _say(table: Table, seat: int, key: str) -> None:
    link = table.env.friend_link
    if link is not None:
        for other in table.friends.connected():
            link.send(other, encode_host(Say(key, seat)))
    table.words.phrases += 1
    table.words.notice = Msg("phrase_said", {"n": table.words.phrases}, seat=seat,
                             what=Msg(f"phrase_{key}"))
    table.loop.dirty = True


async def friend_hint(table: Table, seat: int) -> None:
    """The host's helper's move for a friend's seat, sent to that friend."""
    m, live, link = table.live.match, table.live, table.env.friend_link
    kind = ("declare" if m.phase == "deal" and m.declaration_options(seat)
            else "act" if m.to_move == seat else None)
    action: Action | None = None
    if kind is not None:
        epoch, version = live.epoch, live.version
        action = await table.env.agents[seat].choose(m, seat, kind)
        if (epoch, version) != (live.epoch, live.version):
            action = None
    if link is not None and table.friends.playing(seat):
        link.send(seat, encode_host(Hint(action)))


def send_views(table: Table, again: bool = False) -> None:
    """Send each connected friend its own seat's view, once for each change."""
    link, live = table.env.friend_link, table.live
    if link is None:
        return
    now = (live.epoch, live.version)
    for seat in table.friends.connected():
        remote = table.friends.at(seat)
        if remote is None or (remote.sent == now and not again):
            continue
        view = live.match.observe(seat).to_data()
        link.send(seat, encode_view(view, remote.autoplay, table.friends.names()))
        table.friends = table.friends.put(seat, replace(remote, sent=now))


def start(table: Table) -> None:
    """Deal a new match with the seats as they are (the current one stays in past hands)."""
    table.panels.panel = None
    start_over(table)

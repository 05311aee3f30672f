"""The host's side of playing with friends: the remote seats and what a friend's message does.

Pure and typed, over a ``Match`` the host holds (the only place the rules apply
and the hidden cards exist): a remote seat is a ``RemoteSeat`` value in the
table's ``Friends``; ``receive`` turns one hostile text from a seat's friend into
one ``Reaction`` without changing the match: the house applies an ``Apply`` (an
action already checked, by the engine, to be that seat's and legal now) and
sends a ``Reply``. Refused before parsing: a message over the rate (``protocol.take``)
and one over ``MAX_FRIEND_TEXT`` characters.

``FriendLink`` is the transport the house talks to (``page.friendlink`` on the page's
``window.tractorFriends``; a fake in the tests).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Protocol

from tractor.actions import SYSTEM_ACTIONS, Action
from tractor.match import Match

from remote.protocol import (
    MAX_FRIEND_TEXT,
    REMOTE_SEATS,
    Act,
    AskHint,
    Autoplay,
    Bucket,
    ProtocolError,
    Refused,
    Say,
    encode_host,
    full_bucket,
    parse_friend,
    take,
)

Status = Literal["inviting", "connected", "dropped"]


class FriendLink(Protocol):
    """The transport between the host's page and its friends' (``web/friends/link.js``)."""

    async def invite(self, seat: int, info: str, ice: str) -> str: ...
    async def accept_reply(self, seat: int, text: str) -> str: ...
    def send(self, seat: int, text: str) -> None: ...
    def close(self, seat: int) -> None: ...


@dataclass(frozen=True)
class RemoteSeat:
    """One seat offered to a friend: its link's state, the friend's (clean) name, the
    friend's 托管, the rate of its messages, and what the host last sent it."""

    status: Status = "inviting"
    name: str = ""
    autoplay: bool = False
    bucket: Bucket = Bucket()
    throttled: bool = False  # told "too fast" once; quiet until a message passes again
    invite: str = ""  # the invite link, once made
    problem: str = ""  # a message key: the link could not be made or the reply was bad
    sent: tuple[int, int] = (-1, -1)  # (epoch, version) of the view last sent

    @property
    def playing(self) -> bool:
        """The friend decides for this seat (else a computer plays it)."""
        return self.status == "connected" and not self.autoplay


@dataclass(frozen=True)
class Friends:
    """The remote seats of this table (seat 1 to 3), or None for a computer seat."""

    seats: tuple[RemoteSeat | None, ...] = (None, None, None, None)
    host_name: str = ""

    def at(self, seat: int) -> RemoteSeat | None:
        return self.seats[seat] if seat in REMOTE_SEATS else None

    def playing(self, seat: int) -> bool:
        remote = self.at(seat)
        return remote is not None and remote.playing

    def connected(self) -> list[int]:
        return [s for s in REMOTE_SEATS if (r := self.at(s)) is not None
                and r.status == "connected"]

    def put(self, seat: int, remote: RemoteSeat | None) -> Friends:
        seats = list(self.seats)
        seats[seat] = remote
        return replace(self, seats=tuple(seats))

    def names(self) -> tuple[str, ...]:
        """Who sits where, for the views sent: the host's name, the friends' ("" else)."""
        return (self.host_name, *((r.name if r is not None and r.status == "connected"
                                   else "") for r in self.seats[1:]))


# ------------------------------------------------------------------ a friend's message


@dataclass(frozen=True)
class Apply:
    action: Action


@dataclass(frozen=True)
class Reply:
    text: str


@dataclass(frozen=True)
class Ignored:
    why: str


Reaction = Apply | Reply | AskHint | Autoplay | Say | Ignored
"""What a friend's message does: an ``Apply`` (its action, checked), a ``Reply`` to send,
its own ``AskHint``, ``Autoplay`` or ``Say`` passed on as parsed, or ``Ignored``."""


def refusal(key: str) -> Reply:
    return Reply(encode_host(Refused(key)))


def judge(match: Match, seat: int, action: Action) -> Apply | Reply:
    """An action a friend sent for ``seat``, checked by the engine: it must be that
    seat's and legal now (a declaration while dealing is legal out of turn)."""
    if isinstance(action, SYSTEM_ACTIONS) or action.seat != seat:
        return refusal("illegal")
    if match.phase != "deal" and match.to_move != seat:
        return refusal("not_your_turn")
    if not match.is_legal(action):
        return refusal("illegal")
    return Apply(action)


def receive(match: Match, friends: Friends, seat: int, text: object,
            now: float) -> tuple[Friends, Reaction]:
    """What one text from ``seat``'s friend does (the match is not changed here)."""
    remote = friends.at(seat)
    if remote is None or remote.status != "connected":
        return friends, Ignored("not connected")
    bucket = take(remote.bucket, now)
    if bucket is None:  # refused unread
        if remote.throttled:
            return friends, Ignored("too fast")
        return friends.put(seat, replace(remote, throttled=True)), refusal("too_fast")
    remote = replace(remote, bucket=bucket, throttled=False)
    friends = friends.put(seat, remote)
    if not isinstance(text, str) or len(text) > MAX_FRIEND_TEXT:
        return friends, refusal("bad_message")
    try:
        message = parse_friend(text)
    except ProtocolError:
        return friends, refusal("bad_message")
    if isinstance(message, Act):
        return friends, judge(match, seat, message.action)
    if isinstance(message, Autoplay):
        return friends.put(seat, replace(remote, autoplay=message.on)), message
    return friends, message


def joined(friends: Friends, seat: int, name: str, now: float) -> Friends:
    """A friend took ``seat`` (a first time or again after a drop)."""
    remote = friends.at(seat) or RemoteSeat()
    return friends.put(seat, replace(remote, status="connected", name=name, autoplay=False,
                                     bucket=full_bucket(now), problem="", sent=(-1, -1)))

"""Play with friends without a browser: a fake transport (``FakeFriendLink``, the host's
``window.tractorFriends``) and fake friends who read only what the host sends them."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from remote.protocol import (
    Act,
    ProtocolError,
    Refused,
    Say,
    ViewMsg,
    encode_friend,
    parse_host,
    reply_info,
)
from remote.viewcheck import checked_view
from tractor.actions import Action
from tractor.players import make_player
from tractor.view import View
from tractor.viewdata import ViewData


class FakeFriendLink:
    """The host's transport: records what it sends to each seat; invites always work
    (or never, with ``fail``)."""

    def __init__(self, fail: bool = False) -> None:
        self.sent: dict[int, list[str]] = {1: [], 2: [], 3: []}
        self.closed: list[int] = []
        self.fail = fail
        self.invited: list[tuple[int, str, str]] = []

    async def invite(self, seat: int, info: str, ice: str) -> str:
        self.invited.append((seat, info, ice))
        if self.fail:
            await asyncio.sleep(3600)
        return f"http://127.0.0.1/index.html#join=seat{seat}"

    async def accept_reply(self, seat: int, text: str) -> str:
        if "reply=" not in text:
            raise ValueError("bad-reply")
        return reply_info(text.split("reply=", 1)[1])

    def send(self, seat: int, text: str) -> None:
        self.sent[seat].append(text)

    def close(self, seat: int) -> None:
        self.closed.append(seat)


class FakeFriend:
    """A friend's page as far as the protocol goes: it checks each view it is sent and
    decides from it alone (a basic computer player), through the host's messages only."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.player = make_player("basic", seat)
        self.view: ViewData | None = None
        self.seen = 0
        self.refusals: list[str] = []
        self.said: list[tuple[int, str]] = []
        self.unreadable = 0
        self.moves = 0

    def read(self, link: FakeFriendLink) -> None:
        for text in link.sent[self.seat][self.seen:]:
            try:
                message = parse_host(text)
            except ProtocolError:
                self.unreadable += 1
                continue
            if isinstance(message, ViewMsg):
                self.view = checked_view(message.view, self.seat)
            elif isinstance(message, Say):
                self.said.append((message.seat, message.key))
            elif isinstance(message, Refused):
                self.refusals.append(message.key)
        self.seen = len(link.sent[self.seat])

    def move(self) -> str | None:
        """The friend's action when its view says it is its turn (as a message)."""
        view = self.view
        if view is None or view["to_move"] != self.seat or view["phase"] == "deal":
            return None
        action: Action = self.player.act(View.from_data(view))
        self.moves += 1
        return encode_friend(Act(action))


def message_cards(text: str) -> set[str]:
    """Every card text anywhere in a message of the host."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and 2 <= len(value) <= 3:
            found.add(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(json.loads(text))
    return found

"""Play with friends: the page's side of the transport, ``window.tractorFriends``.

The transport (``web/friends/link.js``: WebRTC data channels, the invite and reply
links, BroadcastChannel, heartbeats, QR codes) is JavaScript; this is the one
module of the page's Python that calls it. ``JsFriendLink`` is the house's
``FriendLink`` over it; ``install_host`` hands its callbacks to the ``Game``;
``draw_codes`` draws the QR code of each link shown (an empty element with
``data-qr``) with the transport's ``qrDraw``, which draws into the element itself:
no markup from elsewhere is inserted. Everything the transport hands over is
hostile: a seat is 1 to 3 and a text a string, or it is dropped here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull


def transport() -> Any | None:
    """``window.tractorFriends``, or None when the page has no transport."""
    found = getattr(js.window, "tractorFriends", None)
    return None if found is None or found is jsnull else found


def short_code(error: BaseException) -> str:
    """The transport's short code from a rejected promise (``Error: bad-reply``)."""
    return str(error).rsplit(":", 1)[-1].strip()[:40]


class JsFriendLink:
    """The house's ``FriendLink`` (``remote.hostseats``) over ``window.tractorFriends``."""

    def __init__(self, friends: Any):
        self.js = friends

    async def invite(self, seat: int, info: str, ice: str) -> str:
        return str(await self.js.invite(seat, info, ice))

    async def accept_reply(self, seat: int, text: str) -> str:
        try:
            return str(await self.js.acceptReply(seat, text))
        except Exception as error:  # noqa: BLE001 -- a JsException: its short code
            raise ValueError(short_code(error)) from None

    def send(self, seat: int | str, text: str) -> None:
        self.js.send(seat, text)

    def close(self, seat: int) -> None:
        self.js.close(seat)


def seat_of(value: Any) -> int | None:
    """A seat the transport names: 1 to 3 (the host's view), else None."""
    return value if type(value) is int and value in (1, 2, 3) else None


def text_of(value: Any) -> str | None:
    """A text frame; None for anything else (the transport drops binary frames already)."""
    return value if isinstance(value, str) else None


def install_host(friends: Any, message: Callable[[int, str], None],
                 status: Callable[[int, str], None],
                 joined: Callable[[int, str], None]) -> list[Any]:
    """Hand the transport's callbacks to the host's table; returns the proxies to keep."""

    def on_message(seat: Any, text: Any) -> None:
        s, t = seat_of(seat), text_of(text)
        if s is not None and t is not None:
            message(s, t)

    def on_status(seat: Any, value: Any) -> None:
        s = seat_of(seat)
        if s is not None and value in ("connected", "dropped"):
            status(s, str(value))

    def on_joined(seat: Any, info: Any) -> None:
        s = seat_of(seat)
        if s is not None:
            joined(s, text_of(info) or "")

    proxies = [create_proxy(on_message), create_proxy(on_status), create_proxy(on_joined)]
    friends.onMessage, friends.onStatus, friends.onJoined = proxies
    return proxies


def draw_codes(document: Any, friends: Any | None) -> None:
    """Draw the QR code of every link shown whose code is not drawn yet."""
    if friends is None or not hasattr(friends, "qrDraw"):
        return
    found = document.querySelectorAll("[data-qr]")
    for i in range(found.length):
        element = found.item(i)
        if int(element.childElementCount) == 0:
            with contextlib.suppress(Exception):  # no code: the link itself is shown
                friends.qrDraw(element, str(element.getAttribute("data-qr")))

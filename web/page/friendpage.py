"""A friend's page: ``index.html#join=…`` opened from a host's invite (``remote.client``).

No ``Game`` and no match here: the page reads the invite (``tractorFriends.readInvite``),
asks the friend's name, makes the answer (``tractorFriends.join``), then draws the
table from each view the host sends, with the host's table's drawing
(``render.table``) into the same regions (``page.screen``). Clicks become messages
to the host (``remote.client``). Once the answer is made, the address becomes
``#joined``: a reload says to ask for a new invite (an invite is good once).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from remote import client as friend
from remote.client import Client
from remote.protocol import ICE_DEFAULT, parse_invite_info
from render.friendspanel import join_panel
from render.table import REGIONS, render, root_classes
from store.settings import PACES, parse_settings
from store.storage import SETTINGS_KEY, Store
from text.i18n import language_of

from page.friendlink import draw_codes, text_of, transport
from page.screen import DomScreen

JOINED = "#joined"
LINK_TIMEOUT = 20.0
DRAW_DELAY = 0.03
"""Seconds a redraw waits for more messages (a flood is drawn once, not per message)."""
TRICK_PAUSE = PACES["normal"].trick
"""Seconds a finished trick stays in the centre (the host's own pace is its own)."""


def is_friend_page(fragment: str) -> bool:
    """Whether the page's address (its ``#`` part) makes it a friend's page (or a friend's
    answer opened in another tab of the host's browser)."""
    return fragment.startswith(("#join=", "#reply=")) or fragment == JOINED


class FriendPage:
    """The friend's page: its state (``Client``), its screen, the transport."""

    def __init__(self, document: Any, window: Any, client: Client, friends: Any | None):
        self.document, self.window, self.client, self.friends = document, window, client, friends
        self.screen = DomScreen(document)
        self.pending = False
        self.proxies: list[Any] = []  # the event handlers, kept referenced

    def draw(self) -> None:
        self.pending = False
        client = self.client
        scene = friend.scene_of(client)
        if scene is None:
            regions = {name: "" for name in REGIONS}
            regions["overlay"] = join_panel(client.lang, friend.join_shown(client))
            self.screen.show(regions, "friend-page", client.lang)
        else:
            self.screen.show(render(scene), root_classes(scene) + " friend-page", client.lang)
        draw_codes(self.document, self.friends)

    def later(self) -> None:
        """Draw soon (once for all the messages that arrive meanwhile)."""
        if not self.pending:
            self.pending = True
            asyncio.get_event_loop().call_later(DRAW_DELAY, self.draw)

    def send(self, text: str | None) -> None:
        if text is not None and self.friends is not None:
            self.friends.send("host", text)
        self.draw()

    async def join(self) -> None:
        field = self.document.getElementById("join-name")
        name = "" if field is None or field is jsnull else str(field.value)
        info = friend.answer(self.client, name)
        self.draw()
        reply = ""
        if self.friends is not None:
            try:
                reply = str(await asyncio.wait_for(asyncio.ensure_future(self.friends.join(
                    str(self.window.location.hash), info, ICE_DEFAULT)), LINK_TIMEOUT))
            except Exception:  # noqa: BLE001 -- no link: said in plain words (answered)
                reply = ""
        friend.answered(self.client, reply)
        if reply:
            self.window.history.replaceState(None, "", JOINED)
        self.draw()

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action]")
        if target is None or target is jsnull or target.disabled:
            return
        action = str(target.getAttribute("data-action") or "")
        client = self.client
        if action == "join-accept":
            asyncio.ensure_future(self.join())
        elif action == "select":
            friend.select(client, int(target.getAttribute("data-index")))
            self.draw()
        elif action in ("play", "bury"):
            self.send(friend.play(client))
        elif action == "declare":
            self.send(friend.declare(client, str(target.getAttribute("data-cards"))))
        elif action == "pass":
            self.send(friend.pass_turn(client))
        elif action == "call-friend":
            self.send(friend.call_friend(client))
        elif action == "hint":
            self.send(friend.hint(client))
        elif action == "autoplay":
            self.send(friend.toggle_autoplay(client))
        elif action == "say":
            self.send(friend.say(client, str(target.getAttribute("data-key"))))

    def on_change(self, event: Any) -> None:
        pick = event.target.getAttribute("data-pick")
        if pick is not None and pick is not jsnull:
            friend.pick_friend(self.client, str(pick), str(event.target.value))
            self.draw()

    def on_message(self, seat: Any, text: Any) -> None:
        before = self.client.finished_trick
        if seat == "host" and friend.on_host(self.client, text_of(text)):
            shown = self.client.finished_trick
            if shown is not None and shown is not before:
                asyncio.get_event_loop().call_later(TRICK_PAUSE, self.settle, shown)
            self.later()

    def settle(self, shown: Any) -> None:
        """The pause of the trick ``shown`` is over (unless another one is shown now)."""
        if self.client.finished_trick is shown:
            friend.settle_trick(self.client)
            self.draw()

    def on_status(self, seat: Any, status: Any) -> None:
        if seat == "host":
            friend.on_status(self.client, str(status))
            self.later()


def page_language(store: Store, browser_lang: str) -> str:
    """The friend's own language: their settings', else their browser's."""
    if store.get(SETTINGS_KEY) is None:
        return language_of(browser_lang)
    return parse_settings(store.get(SETTINGS_KEY))[0].lang


async def start(document: Any, window: Any, store: Store, browser_lang: str) -> FriendPage:
    """Open the friend's page from the address's invite; returns it (keep it referenced)."""
    friends = transport()
    fragment = str(window.location.hash)[:20_000]
    info = None
    if friends is not None and fragment.startswith("#join="):
        try:
            found = await friends.readInvite(fragment)
            info = text_of(found)
        except Exception:  # noqa: BLE001 -- unreadable: said so
            info = None
    client = friend.start(page_language(store, browser_lang), parse_invite_info(info))
    if fragment == JOINED:
        client.problem = "join_old_invite"
    elif fragment.startswith("#reply="):  # the host's other tab takes it (BroadcastChannel)
        delivered = False
        if friends is not None:
            with contextlib.suppress(Exception):
                delivered = bool(await friends.deliverReply(fragment)) is True
        client.problem = "reply_delivered" if delivered else "reply_not_delivered"
        window.history.replaceState(None, "", JOINED)
    page = FriendPage(document, window, client, friends)
    page.proxies = [create_proxy(page.on_click), create_proxy(page.on_change),
                    create_proxy(page.on_message), create_proxy(page.on_status)]
    document.addEventListener("click", page.proxies[0])
    document.addEventListener("change", page.proxies[1])
    if friends is not None:
        friends.onMessage, friends.onStatus = page.proxies[2], page.proxies[3]
    page.draw()
    return page

"""Pages for the friends' link (web/friends/, docs/friends-link.md), shared by
``test_friend_link.py`` and ``scripts/bench_friend_link.py``.

A light page, ``friends.html`` beside dist/index.html (same origin, so a
BroadcastChannel reaches the table's tabs), served by the browser context's own route:
it has dist/index.html's Content-Security-Policy and loads the scripts index.html loads
from ``web/friends/``, in its order, and nothing else (no Pyodide). Each page records
what the link reports in ``window.heard``: ``[kind, seat, text]`` lists, ``kind`` one of
``message``, ``status`` and ``joined``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Route

PAGE = "friends.html"
CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">')
SCRIPT = re.compile(r'<script src="(\./web/friends/[a-z_]+\.js)" defer></script>')
#: Waits on the link (connecting over loopback, a drop noticed by its heartbeat).
LINK_TIMEOUT_MS = 30_000

RECORDER = """() => {
  window.heard = [];
  const friends = window.tractorFriends;
  friends.onMessage = (seat, text) => window.heard.push(['message', seat, text]);
  friends.onStatus = (seat, status) => window.heard.push(['status', seat, status]);
  friends.onJoined = (seat, info) => window.heard.push(['joined', seat, info]);
}"""


def friends_page_html(dist: Path) -> str:
    """The light page: index.html's CSP and its web/friends/ scripts, in order."""
    index = (dist / "index.html").read_text()
    csp = CSP.search(index)
    scripts = SCRIPT.findall(index)
    if csp is None or not scripts:
        raise AssertionError("dist/index.html has no CSP or loads no web/friends/ script")
    tags = "\n".join(f'<script src="{src}" defer></script>' for src in scripts)
    return (
        f'<!doctype html><html><head><meta charset="utf-8">{csp.group(0)}{tags}'
        '</head><body><div id="qr" data-testid="qr"></div></body></html>'
    )


def serve_friends_page(context: BrowserContext, site_url: str, dist: Path) -> None:
    """Answer ``friends.html`` (any fragment) in this context with the light page."""
    html = friends_page_html(dist)

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)

    context.route(f"{site_url}{PAGE}", fulfil)


def open_friends_page(context: BrowserContext, site_url: str, fragment: str = "") -> Page:
    """A new tab of ``context`` on the light page (served by :func:`serve_friends_page`),
    recording what the link reports."""
    page = context.new_page()
    page.goto(f"{site_url}{PAGE}{fragment}")
    page.wait_for_function("() => typeof window.tractorFriends?.qrDraw === 'function'")
    page.evaluate(RECORDER)
    return page


def heard(page: Page, kind: str, seat: Any = None) -> list[Any]:
    """What the page's link reported of one kind (for one seat, if given)."""
    found: list[list[Any]] = page.evaluate("() => window.heard")
    return [entry[2] for entry in found if entry[0] == kind and seat in (None, entry[1])]


def wait_heard(page: Page, kind: str, seat: Any, text: str,
               timeout: int = LINK_TIMEOUT_MS) -> None:
    """Wait until the page's link reported ``[kind, seat, text]``."""
    page.wait_for_function(
        "([kind, seat, text]) => window.heard.some("
        "(e) => e[0] === kind && e[1] === seat && e[2] === text)",
        arg=[kind, seat, text],
        timeout=timeout,
    )


def invite(host: Page, seat: int, info: str, ice: str = "[]") -> str:
    """The host's invite link for ``seat``."""
    link: str = host.evaluate(
        "([seat, info, ice]) => window.tractorFriends.invite(seat, info, ice)", [seat, info, ice]
    )
    return link


def join(friend: Page, link: str, info: str) -> str:
    """The friend's reply link to the invite ``link``."""
    fragment = link[link.index("#"):]
    reply: str = friend.evaluate(
        "([fragment, info]) => window.tractorFriends.join(fragment, info, '[]')",
        [fragment, info],
    )
    return reply


def accept(host: Page, seat: int, reply: str) -> str:
    """The host accepts ``reply`` for ``seat``; the friend's info, or ``error:<code>``."""
    result: str = host.evaluate(
        "([seat, reply]) => window.tractorFriends.acceptReply(seat, reply)"
        ".then((info) => info, (error) => 'error:' + error.message)",
        [seat, reply],
    )
    return result


def connect(host: Page, friend: Page, seat: int, info: str = '{"name":"friend"}') -> str:
    """Invite ``seat``, join from ``friend``, accept; both ends report ``connected``.
    Returns the friend's reply link."""
    reply = join(friend, invite(host, seat, '{"name":"host"}'), info)
    assert accept(host, seat, reply) == info
    wait_heard(host, "status", seat, "connected")
    wait_heard(friend, "status", "host", "connected")
    return reply

"""The friends' link in Chromium (web/friends/, docs/friends-link.md): browser contexts
of one Chromium on 127.0.0.1 connect over WebRTC data channels with no ICE server
(host candidates only), through the links a person would copy by hand."""

from __future__ import annotations

import time
from types import ModuleType

import pytest
from friend_pages import (
    LINK_TIMEOUT_MS,
    accept,
    connect,
    heard,
    invite,
    join,
    open_friends_page,
    serve_friends_page,
    wait_heard,
)
from playwright.sync_api import Browser, BrowserContext

pytestmark = pytest.mark.web


@pytest.fixture()
def contexts(browser: Browser, site_url: str, site_build: ModuleType) -> list[BrowserContext]:
    """Four browser contexts (the host and three friends), each serving the light page."""
    made = []
    for _ in range(4):
        context = browser.new_context()
        serve_friends_page(context, site_url, site_build.DIST)
        made.append(context)
    yield made
    for context in made:
        context.close()


def test_a_friend_joins_by_the_links_and_text_goes_both_ways(
    contexts: list[BrowserContext], site_url: str
) -> None:
    host = open_friends_page(contexts[0], site_url)
    friend = open_friends_page(contexts[1], site_url)
    link = invite(host, 1, '{"name":"host"}')
    print(f"invite link: {len(link)} characters")
    assert link.startswith(f"{site_url}friends.html#join=")
    fragment = link[link.index("#"):]
    assert friend.evaluate("(f) => window.tractorFriends.readInvite(f)", fragment) == (
        '{"name":"host"}'
    )
    reply = join(friend, link, '{"name":"李"}')
    print(f"reply link: {len(reply)} characters")
    assert reply.startswith(f"{site_url}friends.html#reply=")
    assert accept(host, 1, reply) == '{"name":"李"}'
    wait_heard(host, "status", 1, "connected")
    wait_heard(friend, "status", "host", "connected")
    assert heard(host, "joined", 1) == ['{"name":"李"}']
    texts = ["hello", "你好 ♠♥", "x" * 8000, '{"json": [1, 2]}']
    for text in texts:
        assert host.evaluate("(t) => window.tractorFriends.send(1, t)", text) is True
        assert friend.evaluate("(t) => window.tractorFriends.send('host', t)", text) is True
    for text in texts:
        wait_heard(friend, "message", "host", text)
        wait_heard(host, "message", 1, text)
    assert heard(friend, "message") == texts
    assert heard(host, "message") == texts

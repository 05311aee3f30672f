"""The friends' link in Chromium (web/friends/, docs/friends-link.md): browser contexts
of one Chromium on 127.0.0.1 connect over WebRTC data channels with no ICE server
(host candidates only), through the links a person would copy by hand."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
import segno
import zxingcpp
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
from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.web


@pytest.fixture()
def contexts(
    browser: Browser, site_url: str, site_build: ModuleType
) -> Iterator[list[BrowserContext]]:
    """Four browser contexts (the host and three friends), each serving the light page."""
    made = []
    for _ in range(4):
        context = browser.new_context()
        serve_friends_page(context, site_url, site_build.DIST)
        made.append(context)
    yield made
    for context in made:
        context.close()


@pytest.fixture()
def pair(contexts: list[BrowserContext], site_url: str) -> tuple[Page, Page]:
    """The host's page (in the first context) and a friend's (in the second)."""
    return open_friends_page(contexts[0], site_url), open_friends_page(contexts[1], site_url)


def test_a_friend_joins_by_the_links_and_text_goes_both_ways(
    pair: tuple[Page, Page], contexts: list[BrowserContext], site_url: str
) -> None:
    host, friend = pair
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


def test_a_reply_link_opened_in_another_tab_of_the_host_is_delivered_there(
    pair: tuple[Page, Page], contexts: list[BrowserContext], site_url: str
) -> None:
    host, friend = pair
    reply = join(friend, invite(host, 2, '{"name":"host"}'), '{"name":"tab"}')
    other_tab = open_friends_page(contexts[0], site_url, reply[reply.index("#"):])
    deliver = "() => window.tractorFriends.deliverReply(location.hash)"
    assert other_tab.evaluate(deliver) is True
    wait_heard(host, "status", 2, "connected")
    wait_heard(friend, "status", "host", "connected")
    assert heard(host, "joined") == ['{"name":"tab"}']
    # The invite is used: the same link again reaches no tab that waits for it.
    assert other_tab.evaluate(deliver) is False
    assert other_tab.evaluate("() => window.tractorFriends.deliverReply('#reply=abc')") is False
    assert heard(other_tab, "status") == []
    assert host.evaluate("() => window.tractorFriends.send(2, 'over the relay')") is True
    wait_heard(friend, "message", "host", "over the relay")


def test_three_friends_at_once_exchange_messages_with_the_host(
    contexts: list[BrowserContext], site_url: str
) -> None:
    host = open_friends_page(contexts[0], site_url)
    friends = [open_friends_page(contexts[seat], site_url) for seat in (1, 2, 3)]
    for seat, friend in zip((1, 2, 3), friends, strict=True):
        connect(host, friend, seat, f'{{"seat":{seat}}}')
    for seat, friend in zip((1, 2, 3), friends, strict=True):
        assert host.evaluate("(s) => window.tractorFriends.send(s, 'to ' + s)", seat) is True
        assert friend.evaluate("(s) => window.tractorFriends.send('host', 'from ' + s)", seat)
    for seat, friend in zip((1, 2, 3), friends, strict=True):
        wait_heard(friend, "message", "host", f"to {seat}")
        wait_heard(host, "message", seat, f"from {seat}")
        assert heard(friend, "message") == [f"to {seat}"]
    assert sorted(heard(host, "joined")) == ['{"seat":1}', '{"seat":2}', '{"seat":3}']
    assert len(heard(host, "message")) == 3
    assert heard(host, "status", 0) == []  # no seat 0
    assert host.evaluate("() => window.tractorFriends.send(0, 'x')") is False


def test_a_closed_friend_page_is_dropped_and_the_seat_can_be_invited_again(
    pair: tuple[Page, Page], contexts: list[BrowserContext], site_url: str
) -> None:
    host, friend = pair
    connect(host, friend, 1)
    closed = time.monotonic()
    friend.close()
    wait_heard(host, "status", 1, "dropped", timeout=15_000)
    print(f"dropped {time.monotonic() - closed:.1f} s after the friend's page closed")
    assert host.evaluate("() => window.tractorFriends.send(1, 'anyone?')") is False
    again = open_friends_page(contexts[1], site_url)
    connect(host, again, 1, '{"name":"back"}')
    assert host.evaluate("() => window.tractorFriends.send(1, 'welcome back')") is True
    wait_heard(again, "message", "host", "welcome back")
    assert heard(host, "status", 1) == ["connected", "dropped", "connected"]


def test_a_reply_from_a_page_closed_since_fails_within_the_connect_bound(
    pair: tuple[Page, Page], contexts: list[BrowserContext], site_url: str
) -> None:
    host, friend = pair
    reply = join(friend, invite(host, 1, '{"name":"host"}'), '{"name":"gone"}')
    # The same for seat 2 through a second tab of the host (BroadcastChannel).
    relayed_friend = open_friends_page(contexts[2], site_url)
    relayed = join(relayed_friend, invite(host, 2, '{"name":"host"}'), '{"name":"gone"}')
    friend.close()
    relayed_friend.close()
    other_tab = open_friends_page(contexts[0], site_url, relayed[relayed.index("#"):])
    assert other_tab.evaluate("() => window.tractorFriends.deliverReply(location.hash)") is True
    started = time.monotonic()
    assert accept(host, 1, reply) in ("error:timeout", "error:failed")
    took = time.monotonic() - started
    print(f"a reply whose page closed: refused after {took:.1f} s")
    assert took < 22
    wait_heard(host, "status", 2, "dropped", timeout=int((25 - took) * 1000))
    assert heard(host, "status") == ["dropped"] and heard(host, "joined") == []
    again = open_friends_page(contexts[1], site_url)
    connect(host, again, 1)


def test_an_invite_is_ready_within_the_gathering_bound_when_no_server_answers(
    pair: tuple[Page, Page],
) -> None:
    host, friend = pair
    # A STUN server on a documentation address (RFC 5737): nothing ever answers.
    silent = '[{"urls": ["stun:192.0.2.1:3478"]}]'
    started = time.monotonic()
    link = invite(host, 3, '{"name":"host"}', silent)
    took = time.monotonic() - started
    print(f"invite with an unanswered STUN server: {took:.1f} s")
    assert took < 8
    reply = join(friend, link, '{"name":"friend"}')
    assert accept(host, 3, reply) == '{"name":"friend"}'
    wait_heard(host, "status", 3, "connected")


#: Keeps the friend's raw data channel in ``window.raw`` (a hostile friend's page:
#: frames sent past tractorFriends.send and its checks).
CAPTURE_CHANNEL = """() => {
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    window.raw = make.apply(this, args);
    return window.raw;
  };
}"""

HOSTILE_FRAMES = """() => {
  const raw = window.raw;
  let refused = 0;
  for (const frame of ['m' + 'x'.repeat(5 * 1024 * 1024), 'm' + 'y'.repeat(60000),
                       'm' + 'z'.repeat(8192), new Uint8Array(64), new Uint8Array(8)]) {
    try { raw.send(frame); } catch (error) { refused += 1; }
  }
  raw.send('m' + 'w'.repeat(8191));
  for (let i = 0; i < 1000; i += 1) raw.send('mflood ' + i);
  return refused;
}"""


def test_hostile_frames_never_reach_the_game_and_a_silent_friend_is_dropped(
    pair: tuple[Page, Page],
) -> None:
    host, friend = pair
    friend.evaluate(CAPTURE_CHANNEL)
    connect(host, friend, 1)
    host.evaluate(
        "() => { const on = window.tractorFriends.onMessage; window.tractorFriends.onMessage ="
        " (seat, text) => { window.heardAt = (window.heardAt || []).concat(performance.now());"
        " on(seat, text); }; }"
    )
    refused = friend.evaluate(HOSTILE_FRAMES)
    print(f"frames the sender's browser refused to send: {refused} of 5")
    host.wait_for_function("() => window.heard.some((e) => e[2] === 'flood 999')"
                           " || (window.heardAt || []).length >= 1", timeout=LINK_TIMEOUT_MS)
    started = time.monotonic()
    assert host.evaluate("() => 1 + 1") == 2
    assert time.monotonic() - started < 2
    # A message from the friend after the flood's second: the link still carries text.
    friend.wait_for_timeout(1100)
    friend.evaluate("() => window.tractorFriends.send('host', 'after the flood')")
    wait_heard(host, "message", 1, "after the flood")
    messages = heard(host, "message", 1)
    flood = [text for text in messages if text.startswith("flood ")]
    times: list[float] = host.evaluate("() => window.heardAt")
    print(f"flood frames passed on: {len(flood)} of 1000 in {times[-2] - times[0]:.0f} ms")
    assert not [text for text in messages if text.startswith(("x", "y", "z"))]
    assert messages[0] == "w" * 8191
    assert len(flood) >= 1 and messages[-1] == "after the flood"
    for first in times:  # the link's window: 50 frames a second, heartbeats included
        assert len([t for t in times if first <= t < first + 1000]) <= 2 * 50
    # The friend's page goes silent (no heartbeat, no message): dropped within 15 s.
    friend.evaluate("() => { window.raw.send = () => {}; }")
    silent = time.monotonic()
    wait_heard(host, "status", 1, "dropped", timeout=15_000)
    print(f"a silent friend dropped after {time.monotonic() - silent:.1f} s")
    assert host.evaluate("() => window.tractorFriends.send(1, 'x'.repeat(8192))") is False


def packed_reply(page: Page, invite: str, reply: str, changes: dict[str, Any]) -> str:
    """A reply payload packed like the link's own, the fields of ``reply`` (a payload)
    with ``changes``, to the offer of ``invite`` (a payload; another offer when empty)."""
    packed: str = page.evaluate(
        "async ([invite, reply, changes]) => { const P = window.tractorFriends.internal.payload;"
        " const id = invite ? (await P.unpack('j', invite)).id : '01234567';"
        " const fields = P.sdpFields((await P.unpack('r', reply)).sdp);"
        " return P.packFields('r', 1, id, Object.assign(fields, changes), '{}'); }",
        [invite, reply, changes],
    )
    return packed


def test_corrupt_oversized_and_truncated_links_are_refused(pair: tuple[Page, Page]) -> None:
    host, friend = pair
    errors: list[str] = []
    host.on("pageerror", lambda error: errors.append(str(error)))
    friend.on("pageerror", lambda error: errors.append(str(error)))
    link = invite(host, 1, '{"name":"host"}')
    payload = link[link.index("#join=") + 6:]
    bomb: str = host.evaluate(
        "async () => { const P = window.tractorFriends.internal.payload;"
        " return P.packFields('j', 1, '01234567', {}, ' '.repeat(100000)); }"
    )
    assert len(bomb) < 1000  # a small link that inflates to 100 KB
    flipped = payload[:40] + ("A" if payload[40] != "A" else "B") + payload[41:]
    for bad in ["", "#join=", "#join=!!!", "#join=" + payload[:-12], "#join=" + flipped,
                "#join=" + "A" * 9000, "#join=" + bomb, "#reply=" + payload, "x" * 20000]:
        assert friend.evaluate("(f) => window.tractorFriends.readInvite(f)", bad) is None, bad
        assert friend.evaluate(
            "(f) => window.tractorFriends.join(f, '{}', '[]').then(() => 'joined',"
            " (e) => e.message)", bad) == "bad-invite"
    reply = join(friend, link, '{"name":"friend"}')
    answer = reply[reply.index("#reply=") + 7:]
    # The pending offer's own id with a field out of its grammar, an unknown field, or
    # fields the link takes but the browser does not (another mid); a reply to another offer.
    forged = [packed_reply(host, payload, answer, changes) for changes in (
        {"c": ["x.local 9 1 host\r\na=tool:x"]}, {"u": "a b"}, {"f": "AA"}, {"e": "none"},
        {"z": 1}, {"c": ["x.local 9 1 host"] * 9}, {"n": 0}, {"m": "7"})]
    other_offer = packed_reply(host, "", answer, {})
    for bad in ["", "#reply=" + answer[:-12], "#reply=" + answer[:30] + "**" + answer[32:],
                "#reply=" + "A" * 9000, "#reply=" + bomb, link, *forged,
                other_offer,
                "#reply=" + answer.replace("A", "B", 3)]:
        assert accept(host, 1, bad) == "error:bad-reply", bad
    assert accept(host, 2, reply) == "error:bad-reply"  # seat 2 has no invite
    assert accept(host, 1, reply) == '{"name":"friend"}'  # the invite still waited
    assert accept(host, 1, reply) == "error:bad-reply"  # and is used now
    five = "[" + ",".join(['{"urls":"stun:x"}'] * 5) + "]"
    for ice in ['{"urls": "stun:x"}', '[{"urls": "http://x"}]', "[1]", "not json",
                '[{"urls": "stun:x", "other": 1}]', five]:
        assert host.evaluate(
            "(ice) => window.tractorFriends.invite(3, '{}', ice).then(() => 'made',"
            " (e) => e.message)", ice) == "bad-ice", ice
    assert host.evaluate(
        "() => window.tractorFriends.invite(3, 'x'.repeat(2049), '[]').catch((e) => e.message)"
    ) == "bad-info"
    # Invited again before the first invite was made: the first fails, the second holds.
    assert host.evaluate(
        "() => Promise.allSettled([1, 2].map(() => window.tractorFriends.invite(3, '{}', '[]')))"
        ".then((all) => all.map((r) => r.status === 'fulfilled' ? 'link' : r.reason.message))"
    ) == ["failed", "link"]
    assert errors == []


DRAW = """(text) => {
  const svg = window.tractorFriends.qrDraw(document.getElementById('qr'), text);
  const path = svg.querySelector('path');
  return [Number(svg.dataset.qrVersion), Number(svg.dataset.qrMask), path.getAttribute('d'),
          svg.childElementCount, document.getElementById('qr').childElementCount];
}"""
QUIET = 4
MODULE = re.compile(r"M(\d+) (\d+)h1v1h-1z")


def drawn_code(page: Page, text: str) -> tuple[int, int, list[list[bool]]]:
    """qrDraw's version, mask and modules (rows of dark or not) for ``text``."""
    version, mask, path, children, holders = page.evaluate(DRAW, text)
    assert (children, holders) == (2, 1)  # the background and one path, alone in #qr
    size = 4 * version + 17
    dark = [[False] * size for _ in range(size)]
    for x, y in MODULE.findall(path):
        dark[int(y) - QUIET][int(x) - QUIET] = True
    assert "".join(f"M{x} {y}h1v1h-1z" for x, y in MODULE.findall(path)) == path
    return version, mask, dark


def decoded(dark: list[list[bool]], scale: int = 3) -> str | None:
    """The text zxing-cpp reads from the modules drawn at ``scale`` pixels with a margin."""
    side = (len(dark) + 2 * QUIET) * scale
    pixels = bytearray([255]) * (side * side)
    for y, row in enumerate(dark):
        for x, on in enumerate(row):
            if on:
                for dy in range(scale):
                    start = ((y + QUIET) * scale + dy) * side + (x + QUIET) * scale
                    pixels[start:start + scale] = bytes(scale)
    found = zxingcpp.read_barcodes(memoryview(bytes(pixels)).cast("B", (side, side)))
    return found[0].text if found else None


def test_qr_codes_of_links_read_back_and_match_an_independent_encoder(
    contexts: list[BrowserContext], site_url: str
) -> None:
    page = open_friends_page(contexts[0], site_url)
    link = invite(page, 1, '{"name":"host"}')
    texts = [link, "hello", "<svg onload=alert(1)>", "牌 ♠", link * 2, "-" * 2900]
    versions = []
    for text in texts:
        version, _, dark = drawn_code(page, text)
        versions.append(version)
        assert decoded(dark) == text
    print(f"QR versions: {versions[0]} for a {len(link)}-character invite link")
    assert versions[0] <= 20
    # Full to capacity, no pad codeword is written, where segno (which writes a zero byte
    # before the pad codewords) and the standard agree: the same modules exactly.
    for length in (17, 32, 106, 271, 1000):
        text = "Az09-_#=/" * (length // 9) + "q" * (length % 9)
        version, mask, dark = drawn_code(page, text)
        reference = segno.make_qr(text, error="l", version=version, mask=mask, mode="byte",
                                  boost_error=False)
        if length < 1000:
            with pytest.raises(segno.DataOverflowError):
                segno.make_qr(text + "q", error="l", version=version, mode="byte")
            assert [[bool(m) for m in row] for row in reference.matrix] == dark, length
        assert decoded(dark) == text
    assert page.evaluate("() => { try { window.tractorFriends.qrDraw("
                         "document.getElementById('qr'), 'x'.repeat(3000)); return 'drawn'; }"
                         " catch (e) { return e.message; } }") == "too-long"


def test_the_table_page_loads_the_friends_link_and_keeps_it_offline(
    browser: Browser, site_url: str, site_build: ModuleType
) -> None:
    offline = (site_build.DIST / "sw.js").read_text()
    for name in ("payload.js", "link.js", "qr.js"):
        assert f'"./web/friends/{name}"' in offline
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{site_url}index.html", wait_until="domcontentloaded")
        names = page.evaluate("() => Object.keys(window.tractorFriends).sort()")
        assert {"invite", "acceptReply", "readInvite", "join", "send", "close",
                "deliverReply", "qrDraw", "onMessage", "onStatus", "onJoined"} <= set(names)
    finally:
        context.close()

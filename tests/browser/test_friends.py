"""Play with friends in Chromium (docs/friends.md): the host's table and a friend's page in
two browser contexts of one Chromium on 127.0.0.1, joined by the links a person would copy
(no ICE server: host candidates only). One test shares its pages: a hand with one friend
and two computer seats played to the end through the friend's page, the friend's page
closed mid-hand (the seat dropped, the computer plays), the seat taken back by a new
invite with the current view, and the host's reload (every seat a computer's again)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from web_helpers import LOAD_TIMEOUT_MS, ONE_DECK_INSTANT, open_table, probe, wait_ready

pytestmark = pytest.mark.web

LINK_TIMEOUT_MS = 30_000
DROP_TIMEOUT_MS = 15_000
"""The link says ``dropped`` within 15 s of silence; the table shows it at once."""
NO_ICE = "none"
CARDS_LEFT = ("() => document.querySelector('[data-testid=\"phase\"]')?.textContent + ' '"
              " + document.querySelectorAll('#hand [data-card]').length")
"""The friend's phase and the cards in its hand: what its turn changes."""


def open_friend(page: Page, invite: str) -> str:
    """Open an invite on a friend's page, give a name, return the answer's link."""
    page.goto(invite)
    expect(page.get_by_test_id("join-invite")).to_contain_text("Host", timeout=LOAD_TIMEOUT_MS)
    page.get_by_test_id("join-name").fill("Ann\u202e<b>")
    page.get_by_test_id("join-accept").click()
    reply = page.get_by_test_id("reply-link")
    expect(reply).to_have_value(re.compile("#reply="), timeout=LINK_TIMEOUT_MS)
    expect(page.locator('[data-testid="reply-qr"] svg')).to_have_count(1)
    return reply.input_value()


def invite_seat_1(host: Page, friend: Page) -> None:
    """The host invites a friend to seat 1 (下家) and takes its answer."""
    host.get_by_test_id("friends").click()
    expect(host.get_by_test_id("friends-panel")).to_be_visible()
    host.get_by_test_id("invite-1").click()
    link = host.get_by_test_id("invite-link-1")
    expect(link).to_have_value(re.compile("#join="), timeout=LINK_TIMEOUT_MS)
    expect(host.locator('[data-testid="invite-qr-1"] svg')).to_have_count(1)
    reply = open_friend(friend, link.input_value())
    host.get_by_test_id("reply-input-1").fill(reply)
    host.get_by_test_id("reply-accept-1").click()
    seat = host.get_by_test_id("seat-1")
    try:
        expect(seat).to_have_attribute("data-remote", "connected", timeout=LINK_TIMEOUT_MS)
    except AssertionError:  # what each side says, for the report
        print("host:", host.get_by_test_id("friends-panel").inner_text())
        print("friend:", friend.locator("#overlay").inner_text())
        raise
    expect(seat.get_by_test_id("remote-name")).to_have_text("Ann<b>")  # text, escaped


def friend_plays(friend: Page, until: str, turns: int = 1000) -> int:
    """The friend plays its turns through its page (the host's hint, then play or bury)
    until the JS condition ``until`` holds on its page, at most ``turns`` turns; returns
    the turns played."""
    for played in range(turns):
        friend.wait_for_function(
            "(until) => { const g = (id) => document.querySelector(`[data-testid=\"${id}\"]`)"
            "?.textContent ?? ''; const phase = g('phase'), toMove = g('to-move');"
            " return eval(until) || (toMove === '0' && ['play', 'bury', 'declare', 'theft',"
            " 'call'].includes(phase)); }", arg=until, timeout=LINK_TIMEOUT_MS)
        if friend.evaluate(
                "(until) => { const g = (id) => document.querySelector("
                "`[data-testid=\"${id}\"]`)?.textContent ?? ''; const phase = g('phase'),"
                " toMove = g('to-move'); return eval(until); }", until):
            return played
        phase = probe(friend, "phase")
        before = friend.evaluate(CARDS_LEFT)
        if phase in ("play", "bury"):
            friend.get_by_test_id("hint").click()
            chosen = friend.locator('[data-testid="hand"] [aria-pressed="true"]')
            expect(chosen).not_to_have_count(0)
            friend.get_by_test_id("play" if phase == "play" else "bury").click()
        elif phase == "call":
            friend.get_by_test_id("call-friend").click()
        else:
            friend.get_by_test_id("pass").click()
        friend.wait_for_function(f"(before) => ({CARDS_LEFT})() !== before", arg=before,
                                 timeout=LINK_TIMEOUT_MS)  # its cards left, or its phase
    return turns


def test_a_hand_with_a_friend_a_drop_a_rejoin_and_the_host_s_reload(
    browser: Browser, site_url: str
) -> None:
    host_context, friend_context = browser.new_context(), browser.new_context()
    try:
        host = host_context.new_page()
        open_table(host, site_url, settings=ONE_DECK_INSTANT)
        host.get_by_test_id("friends").click()
        host.get_by_test_id("friends-name").fill("Host")
        host.get_by_test_id("friends-ice").fill(NO_ICE)
        host.get_by_test_id("friends-ice").dispatch_event("change")
        host.get_by_test_id("friends-close").click()
        friend = friend_context.new_page()
        invite_seat_1(host, friend)
        host.get_by_test_id("friends-start").click()  # a new match with the friend at seat 1
        expect(host.get_by_test_id("friends-panel")).to_have_count(0)
        host.get_by_test_id("autoplay").click()  # the host's helper plays seat 0
        expect(friend.get_by_test_id("hand")).not_to_be_empty(timeout=LINK_TIMEOUT_MS)
        assert probe(friend, "hand-number") == probe(host, "hand-number")

        # a few turns through the friend's page, then its page closes on its turn
        assert friend_plays(friend, "false", turns=3) == 3
        friend.wait_for_function(
            "() => document.querySelector('[data-testid=\"to-move\"]')?.textContent === '0'"
            " && document.querySelector('[data-testid=\"phase\"]')?.textContent === 'play'",
            timeout=LINK_TIMEOUT_MS)
        hand_before = friend.eval_on_selector_all('[data-testid="hand"] [data-card]',
                                                  "els => els.length")
        friend.close()
        seat = host.get_by_test_id("seat-1")
        expect(seat).to_have_attribute("data-remote", "dropped", timeout=DROP_TIMEOUT_MS)
        host.wait_for_function(  # the computer played seat 1's turn
            "() => document.querySelector('[data-testid=\"to-move\"]')?.textContent !== '1'",
            timeout=LINK_TIMEOUT_MS)

        # invited again mid-hand: the friend's new page shows the current view
        host.get_by_test_id("autoplay").click()  # hold seat 0 so the hand waits
        friend = friend_context.new_page()
        invite_seat_1(host, friend)
        host.get_by_test_id("friends-close").click()
        expect(friend.get_by_test_id("hand")).not_to_be_empty(timeout=LINK_TIMEOUT_MS)
        assert probe(friend, "hand-number") == probe(host, "hand-number")
        cards = friend.eval_on_selector_all('[data-testid="hand"] [data-card]', "els => els.length")
        assert cards < hand_before
        host.get_by_test_id("autoplay").click()
        friend_plays(friend, "phase === 'hand_over' || phase === 'match_over'")
        expect(host.get_by_test_id("phase")).to_have_text(
            re.compile("hand_over|match_over"), timeout=LINK_TIMEOUT_MS)
        assert json.loads(host.evaluate("() => localStorage.getItem('tractor.match')"))

        # the host's reload resumes the match from storage with every seat a computer's
        hand = probe(host, "hand-number")
        host.reload()
        wait_ready(host)
        assert probe(host, "hand-number") == hand
        expect(host.locator("[data-remote]")).to_have_count(0)
        expect(friend.get_by_test_id("message")).to_contain_text(
            "lost", timeout=DROP_TIMEOUT_MS)  # the friend's page says the table went away
    finally:
        host_context.close()
        friend_context.close()

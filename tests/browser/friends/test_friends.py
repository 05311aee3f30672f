"""Play with friends in Chromium (docs/friends.md): the host's table and a friend's page in
two browser contexts of one Chromium on 127.0.0.1, joined by the links a person would copy
(no ICE server: host candidates only). A whole hand with three friends, each on its own
page and context, no page ever showing a card another seat holds, then the next hand
dealt by the host and shown on each friend's page. One test shares its pages: a hand with one friend
and two computer seats played to the end through the friend's page, the friend's page
closed mid-hand (the seat dropped, the computer plays), the seat taken back by a new
invite with the current view, and the host's reload (every seat a computer's again)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from web_helpers import (
    LOAD_TIMEOUT_MS,
    ONE_DECK_INSTANT,
    open_table,
    probe,
    wait_ready,
    wait_state,
)

pytestmark = pytest.mark.web

RESULTS = Path(__file__).resolve().parents[3] / "test-results"
LINK_TIMEOUT_MS = 30_000
DROP_TIMEOUT_MS = 15_000
"""The link says ``dropped`` within 15 s of silence; the table shows it at once."""
NO_ICE = "none"
CARDS_LEFT = ("() => document.querySelector('[data-testid=\"phase\"]')?.textContent + ' '"
              " + document.querySelectorAll('#hand [data-card]').length")
"""The friend's phase and the cards in its hand: what its turn changes."""


BUBBLE_PLACE = """(seat) => {
  const bubble = document.querySelector(`[data-testid="bubble-${seat}"]`).getBoundingClientRect();
  const box = document.querySelector(`[data-testid="seat-${seat}"]`).getBoundingClientRect();
  const apart = bubble.right <= box.left || bubble.left >= box.right
    || bubble.bottom <= box.top || bubble.top >= box.bottom;
  const within = bubble.left >= box.left && bubble.right <= box.right
    && bubble.top >= box.top && bubble.bottom <= box.bottom;
  const phone = (innerHeight <= 520 || (innerWidth <= 700 && innerHeight > innerWidth))
    && seat !== 2;
  const inside = bubble.left >= 0 && bubble.top >= 0 && bubble.right <= innerWidth
    && bubble.bottom <= innerHeight;
  const over = (r) => r.left < bubble.right && r.right > bubble.left && r.top < bubble.bottom
    && r.bottom > bubble.top;
  const covered = [...document.querySelectorAll(
      '[data-testid="trick"] [data-card], [data-testid="hand"] [data-card]')]
    .filter((card) => over(card.getBoundingClientRect())).map((card) => card.dataset.card);
  if (over(document.querySelector('#bar').getBoundingClientRect())) covered.push('the bar');
  const words = (e) => { const r = document.createRange(); r.selectNodeContents(e);
    return [...r.getClientRects()]; };
  if (words(document.querySelector('[data-testid="status"]')).some(over)) {
    covered.push('the turn line'); }
  for (const caption of document.querySelectorAll('#centre .play-caption')) {
    if (words(caption).some(over)) covered.push(`the caption ${caption.textContent.trim()}`); }
  for (const other of [0, 1, 2, 3].filter((s) => s !== seat)) {
    if (over(document.querySelector(`[data-testid="seat-${other}"]`).getBoundingClientRect())) {
      covered.push(`seat ${other}`); } }
  return {placed: apart || (phone && within), inside, covered};
}"""
"""Whether a seat's bubble lies beside its box (on a phone, all but across's lie over the
lower lines of their own box: the felt around is full), inside the screen,
and what it covers of the trick's cards and captions, the hand, the bar, the turn line's
words and the other seats (none)."""


def bubble_shown(page: Page, seat: int, words: str) -> None:
    """The page shows ``words`` in a bubble at ``seat``, in its place, on screen, over
    nothing, and no other seat's bubble."""
    expect(page.get_by_test_id(f"bubble-{seat}")).to_have_text(words, timeout=LINK_TIMEOUT_MS)
    expect(page.locator('[data-testid^="bubble-"]')).to_have_count(1)
    assert page.evaluate(BUBBLE_PLACE, seat) == {"placed": True, "inside": True, "covered": []}
    clashes = page.evaluate(PHRASES_CLEAR)
    assert not clashes, clashes


PHRASES_ON_THE_TURN_LINE = """() => {
  // the longest turn line (a lead's) in place of this one, as it reads at your lead
  const line = document.querySelector('[data-testid="status"]');
  line.textContent = 'Your lead: select cards, then Play';
  const row = line.getBoundingClientRect();
  const shown = [...document.querySelectorAll('[data-testid="phrases"] button')]
    .filter((b) => b.getClientRects().length > 0);
  return shown.length > 0 && shown.every((b) => {
    const r = b.getBoundingClientRect();
    return r.top < row.bottom && r.bottom > row.top;
  });
}"""
"""Whether, on a phone held sideways, what shows of the quick phrases (their 💬 button)
stays on the turn line's row (a second row of phrases squeezed the felt until your own
play lay over them)."""

PHRASE_LIST_SHOWN = """() => {
  const list = document.querySelector('#phrase-list');
  const r = list.getBoundingClientRect();
  const open = document.querySelector('[data-testid="phrases-open"]').getBoundingClientRect();
  return {open: list.matches(':popover-open'), count: list.querySelectorAll('button').length,
          inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
          above: r.bottom <= open.top + 1};
}"""
"""The quick phrases' list on a phone: open, all six, on screen, above its 💬 button."""


def phrases_from_the_list(page: Page, size: str) -> None:
    """On a phone (upright or sideways) the phrases are hidden until the 💬 button opens
    their list; saying one says it (its bubble at your seat) and closes the list."""
    expect(page.get_by_test_id("say-sorry")).to_be_hidden()
    page.get_by_test_id("phrases-open").click()
    expect(page.get_by_test_id("say-sorry")).to_be_visible()
    page.screenshot(path=str(RESULTS / f"friends-phrases-{size}.png"))
    assert page.evaluate(PHRASE_LIST_SHOWN) == {
        "open": True, "count": 6, "inside": True, "above": True}
    page.get_by_test_id("say-sorry").click()
    bubble_shown(page, 0, "Sorry!")
    expect(page.get_by_test_id("say-sorry")).to_be_hidden()


PHRASES_CLEAR = """() => {
  const box = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.left < b.right && a.right > b.left && a.top < b.bottom
    && a.bottom > b.top;
  const words = (e) => { const r = document.createRange(); r.selectNodeContents(e);
    return [...r.getClientRects()].map((rect) => ({rect, name: e.textContent.trim()})); };
  const parts = [...document.querySelectorAll(
      '[data-testid="trick"] .play, #hand [data-card], #controls button, [data-testid^="seat-"]')]
    .map((e) => ({rect: box(e), name: e.dataset.card || e.dataset.testid || e.textContent.trim()}))
    .concat(...[...document.querySelectorAll('#footer .status, #footer .messages > *')].map(words));
  const shown = [...document.querySelectorAll('[data-testid="phrases"] button')]
    .filter((b) => b.getClientRects().length > 0 && !b.closest(':popover-open'));
  return shown.flatMap((b) => parts.filter((p) => over(box(b), p.rect)).map((p) =>
    `${b.textContent} over ${p.name}`));
}"""
"""The quick phrases' buttons (or their 💬 button) that lie over a play of the trick, a card
of the hand, a control, a seat's box or the footer's words (an open list of phrases is a
menu over the table: not counted)."""


def open_friend(page: Page, invite: str, name: str = "Ann\u202e<b>") -> str:
    """Open an invite on a friend's page, give a name, return the answer's link."""
    page.goto(invite)
    expect(page.get_by_test_id("join-invite")).to_contain_text("Host", timeout=LOAD_TIMEOUT_MS)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-accept").click()
    reply = page.get_by_test_id("reply-link")
    expect(reply).to_have_value(re.compile("#reply="), timeout=LINK_TIMEOUT_MS)
    expect(page.locator('[data-testid="reply-qr"] svg')).to_have_count(1)
    return reply.input_value()


def invite_seat(host: Page, friend: Page, n: int = 1,
                name: tuple[str, str] = ("Ann\u202e<b>", "Ann<b>")) -> None:
    """The host invites a friend to seat ``n`` (1 下家, 2 对家, 3 上家) and takes its
    answer; ``name`` is what the friend types and what the host shows."""
    if not host.get_by_test_id("friends-panel").is_visible():
        host.get_by_test_id("friends").click()
    expect(host.get_by_test_id("friends-panel")).to_be_visible()
    host.get_by_test_id(f"invite-{n}").click()
    link = host.get_by_test_id(f"invite-link-{n}")
    expect(link).to_have_value(re.compile("#join="), timeout=LINK_TIMEOUT_MS)
    expect(host.locator(f'[data-testid="invite-qr-{n}"] svg')).to_have_count(1)
    reply = open_friend(friend, link.input_value(), name[0])
    host.get_by_test_id(f"reply-input-{n}").fill(reply)
    host.get_by_test_id(f"reply-accept-{n}").click()
    seat = host.get_by_test_id(f"seat-{n}")
    try:
        expect(seat).to_have_attribute("data-remote", "connected", timeout=LINK_TIMEOUT_MS)
    except AssertionError:  # what each side says, for the report
        print("host:", host.get_by_test_id("friends-panel").inner_text())
        print("friend:", friend.locator("#overlay").inner_text())
        raise
    expect(seat.get_by_test_id("remote-name")).to_have_text(name[1])  # text, escaped


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


def host_for_friends(host: Page, site_url: str,
                     settings: dict[str, Any] = ONE_DECK_INSTANT) -> None:
    """The host's table, named, with no connection server (loopback only)."""
    open_table(host, site_url, settings=settings)
    host.get_by_test_id("friends").click()
    host.get_by_test_id("friends-name").fill("Host")
    host.get_by_test_id("friends-ice").fill(NO_ICE)
    host.get_by_test_id("friends-ice").dispatch_event("change")
    host.get_by_test_id("friends-close").click()


def test_a_hand_with_a_friend_a_drop_a_rejoin_and_the_host_s_reload(
    browser: Browser, site_url: str
) -> None:
    host_context, friend_context = browser.new_context(), browser.new_context()
    try:
        host = host_context.new_page()
        host_for_friends(host, site_url)
        friend = friend_context.new_page()
        invite_seat(host, friend)
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
        # Seat 0 held from here, so the hand waits for the host (at the instant speed, the
        # computers and 托管 could otherwise finish the hand before the friend is back).
        host.get_by_test_id("autoplay").click()
        expect(host.get_by_test_id("autoplay")).to_have_attribute("aria-pressed", "false")
        # a quick phrase each way, in a bubble at the seat that said it on both pages
        friend.get_by_test_id("say-thanks").click()
        bubble_shown(host, 1, "Thanks, partner!")
        bubble_shown(friend, 0, "Thanks, partner!")
        host.get_by_test_id("say-nice").click()
        bubble_shown(host, 0, "Nice one!")
        bubble_shown(friend, 3, "Nice one!")  # seat 1's friend has the host on its left
        for width, height in ((390, 844), (844, 390), (844, 360), (1280, 720)):
            friend.set_viewport_size({"width": width, "height": height})
            friend.wait_for_function(f"() => innerWidth === {width}")
            RESULTS.mkdir(exist_ok=True)
            friend.screenshot(path=str(RESULTS / f"friends-bubble-{width}x{height}.png"))
            bubble_shown(friend, 3, "Nice one!")
            if height < 520:  # sideways: the 💬 button keeps to the turn line's row
                assert friend.evaluate(PHRASES_ON_THE_TURN_LINE), (width, height)
        for width, height in ((844, 390), (390, 844)):  # phones: the phrases in a list
            friend.set_viewport_size({"width": width, "height": height})
            friend.wait_for_function(f"() => innerWidth === {width}")
            phrases_from_the_list(friend, f"{width}x{height}")
            bubble_shown(host, 1, "Sorry!")
        friend.close()
        wait_state(host, "phase === 'play' && (toMove === '0' || toMove === '1')")
        if probe(host, "to-move") == "0":  # the host plays its own turn: seat 1's comes
            host.get_by_test_id("hint").click()
            expect(host.locator('[data-testid="hand"] [aria-pressed="true"]')).not_to_have_count(0)
            host.get_by_test_id("play").click()
            wait_state(host, "toMove !== '0'")
        seat = host.get_by_test_id("seat-1")
        expect(seat).to_have_attribute("data-remote", "dropped", timeout=DROP_TIMEOUT_MS)
        wait_state(host, "phase === 'play' && toMove === '0'",  # the computer played seat 1
                   timeout=LINK_TIMEOUT_MS)

        # invited again mid-hand: the friend's new page shows the current view
        friend = friend_context.new_page()
        invite_seat(host, friend)
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


SHOWN = ("() => [...document.querySelectorAll('[data-card]')].filter((e) =>"
         " !e.closest('[data-testid=\"hand\"],"
         " [data-testid=\"declaration\"], .log-declaration')).map((e) => e.dataset.card)")
"""The cards a page shows outside its own hand (the trick, the last trick, the kitty...),
but a declaration's (public: the declarer shows them and keeps them)."""
HELD = ("() => [...document.querySelectorAll('[data-testid=\"hand\"] [data-card]')]"
        ".map((e) => e.dataset.card)")
ON_TURN = ("() => { const g = (id) => document.querySelector(`[data-testid=\"${id}\"]`)"
           "?.textContent ?? ''; return g('to-move') === '0' && ['play', 'bury', 'declare',"
           " 'theft', 'call'].includes(g('phase')); }")
OVER = re.compile("hand_over|match_over")


def no_other_hand_shown(pages: list[Page]) -> None:
    """No page shows a card another seat still holds (one deck: every card once). Each
    page's shown cards are read before the others' hands, which only shrink (a kitty
    taken up was nobody's), so a card played meanwhile is never counted."""
    for n, page in enumerate(pages):
        shown = set(page.evaluate(SHOWN))
        for other in pages[:n] + pages[n + 1:]:
            held = shown & set(other.evaluate(HELD))
            assert not held, f"page {n} shows {held}, still in another seat's hand"


def test_a_hand_with_three_friends_each_on_its_own_page_then_the_next_hand(
    browser: Browser, site_url: str
) -> None:
    contexts = [browser.new_context() for _ in range(4)]
    try:
        host = contexts[0].new_page()
        host_for_friends(host, site_url)
        friends = [context.new_page() for context in contexts[1:]]
        for n, name in enumerate(("Ann", "Bob", "Cy"), start=1):
            invite_seat(host, friends[n - 1], n, (name, name))
        host.get_by_test_id("friends-start").click()
        expect(host.get_by_test_id("friends-panel")).to_have_count(0)
        host.get_by_test_id("autoplay").click()  # the host's helper plays seat 0
        for friend in friends:
            expect(friend.get_by_test_id("hand")).not_to_be_empty(timeout=LINK_TIMEOUT_MS)
        hand = probe(host, "hand-number")
        pages = [host, *friends]
        turns = [0, 0, 0]  # each friend's turns played through its page
        while not OVER.fullmatch(probe(host, "phase")):
            moving = [friend for friend in friends if friend.evaluate(ON_TURN)]
            for friend in moving:
                turns[friends.index(friend)] += friend_plays(friend, "false", turns=1)
            no_other_hand_shown(pages)
            if not moving:
                host.wait_for_function(  # past the host's own seat (a friend's view on its way)
                    "() => document.querySelector('[data-testid=\"to-move\"]')?.textContent"
                    " !== '0' || /hand_over|match_over/.test(document.querySelector("
                    "'[data-testid=\"phase\"]')?.textContent)", timeout=LINK_TIMEOUT_MS)
        # Each friend played its cards through its page, a turn a trick (as many tricks as
        # pairs and tractors leave: 9 as well as 12 with one deck's 12 cards each; turns
        # counted together once fell to 27 of "at least 30"), with no seat ever left to a
        # computer; their hands end empty (below).
        assert min(turns) >= 4, turns
        expect(host.locator('[data-remote="connected"]')).to_have_count(3)
        for friend in friends:
            expect(friend.get_by_test_id("phase")).to_have_text(OVER, timeout=LINK_TIMEOUT_MS)
            assert friend.evaluate(HELD) == []
        no_other_hand_shown(pages)

        # the host deals the next hand; every friend's page shows it
        assert probe(host, "phase") == "hand_over"  # one hand never ends a match
        host.get_by_test_id("next-hand").click()
        for friend in friends:
            expect(friend.get_by_test_id("hand-number")).not_to_have_text(
                hand, timeout=LINK_TIMEOUT_MS)
            expect(friend.get_by_test_id("hand")).not_to_be_empty(timeout=LINK_TIMEOUT_MS)
            assert probe(friend, "hand-number") == probe(host, "hand-number")
    finally:
        for context in contexts:
            context.close()

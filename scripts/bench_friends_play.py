#!/usr/bin/env python3
"""A friend's play on the host's and the other friends' pages (issue 37: within 200 ms
p95 over loopback), docs/friends.md.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/bench_friends_play.py [--hands 1]

One Chromium, four contexts on 127.0.0.1 (no ICE server): the host's table with three
friends, joined through the links as in tests/browser/friends/test_friends.py (its helpers), the
host's seat on autoplay, at the fast speed (a finished trick stays in view). At each
play of a friend (the hint, then **Play**), the time from the friend's click to the
played cards shown outside the hand on the host's page and on the next friend's page (a
MutationObserver on each, one clock: the pages' ``performance.timeOrigin +
performance.now()``). A play whose cards were shown already (a declaration shows its
cards) is left out. Prints p50, p95 and max in milliseconds. Not a test: the numbers
depend on the machine. Plays not seen within 3 s are counted apart and listed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench_friend_link import percentile
from measure_load import FLAGS, chromium_path, load_build, served_dist
from playwright.sync_api import Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[1]
# as in the tests
for folder in ("tests/browser", "tests/browser/friends", "tests/page", "web", "pyengine"):
    sys.path.insert(0, str(ROOT / folder))
from test_friends import (  # noqa: E402  (the tests' folders are put on the path above)
    ON_TURN,
    OVER,
    friend_plays,
    host_for_friends,
    invite_seat,
)
from web_helpers import probe  # noqa: E402

ONE_DECK_FAST = {"rules": {"decks": 1}, "speed": "fast", "lang": "en"}
"""Not instant: at instant speed a trick's last card is collected before it is drawn."""
SHOWN_AT = """(cards) => {
  const shown = () => cards.every((c) => [...document.querySelectorAll(`[data-card="${c}"]`)]
    .some((e) => !e.closest('[data-testid="hand"]')));
  window.shownAt = null;
  if (shown()) return false;
  const watch = new MutationObserver(() => {
    if (!shown()) return;
    watch.disconnect();
    window.shownAt = performance.timeOrigin + performance.now();
  });
  watch.observe(document.body, {subtree: true, childList: true, attributes: true});
  return true;
}"""
"""Arms a page: ``window.shownAt`` is set when every card of ``cards`` is shown outside
the hand; false (not armed) if they are shown already."""
MISSED_MS = 3_000
MISSED: list[str] = []
"""Plays not seen on a watcher's page within ``MISSED_MS`` (reported, not timed)."""
CLICKED_AT = """() => { window.clickedAt = null; document.addEventListener('click', (e) => {
  if (e.target.closest('[data-testid="play"]')) {
    window.clickedAt = performance.timeOrigin + performance.now(); } }, true); }"""
CHOSEN = ("() => [...document.querySelectorAll('[data-testid=\"hand\"] [aria-pressed=\"true\"]')]"
          ".map((e) => e.dataset.card ?? e.querySelector('[data-card]')?.dataset.card)")


def timed_play(friend: Page, watchers: list[Page]) -> list[float]:
    """The friend plays the host's hint; the delays to each watcher's page (ms), or none."""
    friend.get_by_test_id("hint").click()
    chosen = friend.locator('[data-testid="hand"] [aria-pressed="true"]')
    expect(chosen).not_to_have_count(0)
    cards: list[str] = friend.evaluate(CHOSEN)
    armed = [page.evaluate(SHOWN_AT, cards) for page in watchers]
    friend.get_by_test_id("play").click()
    if not all(armed):
        return []
    clicked: float = friend.evaluate("() => window.clickedAt")
    delays = []
    for page in watchers:
        try:
            page.wait_for_function("() => window.shownAt !== null", timeout=MISSED_MS)
        except PlaywrightTimeoutError:
            MISSED.append(" ".join(cards))
            continue
        delays.append(page.evaluate("() => window.shownAt") - clicked)
    return delays


def main() -> int:
    """Seat three friends, play ``--hands`` hands, print the delays."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1)
    args = parser.parse_args()
    load_build()
    delays: list[float] = []
    with served_dist() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        contexts = [browser.new_context() for _ in range(4)]
        host = contexts[0].new_page()
        host_for_friends(host, base, ONE_DECK_FAST)
        friends = [context.new_page() for context in contexts[1:]]
        for n, name in enumerate(("Ann", "Bob", "Cy"), start=1):
            invite_seat(host, friends[n - 1], n, (name, name))
        host.get_by_test_id("friends-start").click()
        host.get_by_test_id("autoplay").click()
        for friend in friends:
            friend.evaluate(CLICKED_AT)
        for hand in range(args.hands):
            if hand:
                host.get_by_test_id("next-hand").click()
                host.wait_for_function("() => document.querySelector("
                                       "'[data-testid=\"phase\"]')?.textContent !== 'hand_over'")
            while not OVER.fullmatch(probe(host, "phase")):
                for n, friend in enumerate(friends):
                    if not friend.evaluate(ON_TURN):
                        continue
                    if probe(friend, "phase") == "play":
                        delays += timed_play(friend, [host, friends[(n + 1) % 3]])
                    else:
                        friend_plays(friend, "false", turns=1)
        browser.close()
    if not delays:
        print("no play measured")
        return 1
    print(f"a friend's play shown on the host's and another friend's page, {len(delays)} "
          f"delays over loopback: p50 {percentile(delays, 0.5):.1f} ms, "
          f"p95 {percentile(delays, 0.95):.1f} ms, max {max(delays):.1f} ms; "
          f"not seen within {MISSED_MS} ms: {len(MISSED)} {MISSED}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Round trips over the friends' link (web/friends/, docs/friends-link.md) on loopback.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/bench_friend_link.py [--messages 200]

Two browser contexts of one Chromium (no ICE server: host candidates over 127.0.0.1)
connect through the invite and reply links, as in tests/browser/friends/test_friend_link.py;
the friend's page echoes every message, and the host's page times each small message's
round trip, one at a time and spaced (the link drops frames past 50 a second). Prints
the links' lengths, the invite's QR version, and the round trip's p50, p95 and max in
milliseconds. Not a test: the numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from measure_load import FLAGS, chromium_path, load_build, served_dist
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from friend_pages import (  # noqa: E402  (tests/browser is put on the path just above)
    connect,
    invite,
    join,
    open_friends_page,
    serve_friends_page,
)

ECHO = "() => { window.tractorFriends.onMessage = (seat, text) =>" \
    " window.tractorFriends.send(seat, text); }"

#: Sends ``count`` messages one at a time, each after the previous one's echo and a gap
#: (20 a second at most, under the link's rate limit); returns the round trips in ms.
ROUND_TRIPS = """async ([count, gap]) => {
  const friends = window.tractorFriends;
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const text = 'ping ' + i;
    const echoed = new Promise((resolve) => {
      friends.onMessage = (seat, got) => { if (got === text) resolve(performance.now()); };
    });
    const sent = performance.now();
    friends.send(1, text);
    times.push((await echoed) - sent);
    await new Promise((resolve) => setTimeout(resolve, gap));
  }
  return times;
}"""


def percentile(values: list[float], share: float) -> float:
    """The value at ``share`` (0 to 1) of the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> int:
    """Connect two contexts, time the round trips, print the numbers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=200)
    args = parser.parse_args()
    dist = load_build().DIST
    with served_dist() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        host_context, friend_context = browser.new_context(), browser.new_context()
        for context in (host_context, friend_context):
            serve_friends_page(context, base, dist)
        host = open_friends_page(host_context, base)
        friend = open_friends_page(friend_context, base)
        link = invite(host, 2, '{"name":"host"}')
        reply = join(friend, link, '{"name":"friend"}')
        version = host.evaluate(
            "(l) => window.tractorFriends.qrDraw(document.getElementById('qr'), l)"
            ".dataset.qrVersion", link)
        page = len(f"{base}friends.html")
        print(f"invite link {len(link)} characters (QR version {version}, level L), "
              f"reply link {len(reply)} characters, of which {page} the page's address "
              f"({base}friends.html): payloads {len(link) - page - 6} and "
              f"{len(reply) - page - 7} characters")
        connect(host, friend, 1)
        friend.evaluate(ECHO)
        times: list[float] = host.evaluate(ROUND_TRIPS, [args.messages, 50])
        browser.close()
    print(f"round trip over loopback, {len(times)} messages: "
          f"p50 {percentile(times, 0.5):.2f} ms, p95 {percentile(times, 0.95):.2f} ms, "
          f"max {max(times):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

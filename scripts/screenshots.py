#!/usr/bin/env python3
"""Screenshots of the table in a hand in progress, for the README.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/screenshots.py [--out docs/images]

Writes ``phone.png`` (390×844) and ``desktop.png`` (1280×800), in English, at
device scale 1, and exits non-zero if the page does not pass the layout check that
``tests/browser/layout/test_screenshots.py`` asserts with the same code: every card of the hand
on screen, no horizontal overflow.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

from playwright.sync_api import Page, sync_playwright
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import dumps

ROOT = Path(__file__).resolve().parents[1]
LOAD_TIMEOUT_MS = 60_000


class Shot(NamedTuple):
    """One screenshot: its file name, the viewport and the table's language."""

    name: str
    width: int
    height: int
    lang: str


SHOTS = (Shot("phone", 390, 844, "en"), Shot("desktop", 1280, 800, "en"))

#: The geometry the check needs, measured in the page.
LAYOUT = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  return {
    scrollW: document.documentElement.scrollWidth,
    hand: [...document.querySelectorAll('[data-testid="hand"] [data-card]')].map(box),
    plays: document.querySelectorAll('[data-testid="trick"] [data-seat]').length,
  };
}"""


def context_options(shot: Shot) -> dict[str, Any]:
    """The browser context of ``shot``: its viewport at device scale 1, touch on a phone."""
    return {
        "viewport": {"width": shot.width, "height": shot.height},
        "device_scale_factor": 1,
        "has_touch": shot.width < 900,
        "locale": "zh-CN" if shot.lang == "zh" else "en-US",
    }


def hand_in_progress(seed: int = 3) -> Match:
    """A 2-deck match a few tricks into its first hand, seat 0 to follow a trick of three."""
    match = Match(Rules(), seed)
    players = [make_player("easy", seat) for seat in range(4)]
    for _ in range(5000):
        if match.phase == "play" and match.to_move == 0 and len(match.trick) == 3 \
                and match.hand_count(0) <= 20:
            return match
        step(match, players)
    raise RuntimeError(f"seed {seed} reached no trick for seat 0 to follow")


def open_hand(page: Page, site_url: str, match: Match, lang: str) -> None:
    """Load ``match`` into a fresh page's storage and wait until the table plays it."""
    settings = {"rules": Rules().to_dict(), "speed": "instant", "lang": lang}
    page.add_init_script(
        script=f"localStorage.setItem('tractor.settings', {json.dumps(json.dumps(settings))});"
        f"localStorage.setItem('tractor.match', {json.dumps(dumps(match))});"
    )
    page.goto(f"{site_url}index.html?snapshot=off")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=phase]')?.textContent === 'play'"
        " && document.querySelectorAll('[data-testid=\"trick\"] [data-seat]').length === 3",
        timeout=LOAD_TIMEOUT_MS,
    )
    page.evaluate("() => document.fonts.ready")


def layout(page: Page) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(LAYOUT)
    return measured


def problems(measured: dict[str, Any], width: int, height: int, cards: int) -> list[str]:
    """What is wrong with the table's layout in this viewport (empty: nothing)."""
    found = []
    if measured["scrollW"] > width:
        found.append(f"the page is {measured['scrollW']} px wide in a {width} px viewport")
    if len(measured["hand"]) != cards:
        found.append(f"the hand shows {len(measured['hand'])} cards, not {cards}")
    for card in measured["hand"]:
        if card["x"] < -0.5 or card["y"] < -0.5 or card["r"] > width + 0.5 \
                or card["b"] > height + 0.5:
            found.append(f"a card of the hand is off screen: {card}")
    if measured["plays"] != 3:
        found.append(f"the trick shows {measured['plays']} plays, not 3")
    return found


def shoot(page: Page, site_url: str, shot: Shot, path: Path) -> list[str]:
    """Open a hand in progress in ``page`` (of ``shot``'s viewport), save a PNG at
    ``path`` and return the layout's problems."""
    match = hand_in_progress()
    open_hand(page, site_url, match, shot.lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    return problems(layout(page), shot.width, shot.height, match.hand_count(0))


def load_build() -> ModuleType:
    """Import build.py's package, ``sitebuild``, from the top of the work tree."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("sitebuild")


@contextmanager
def served_dist() -> Iterator[str]:
    """dist/ served on a free 127.0.0.1 port; yields the base URL (ending in /)."""
    build = load_build()
    if not (build.DIST / "index.html").is_file():
        raise SystemExit("screenshots.py: dist/ is not built: run python3 build.py")
    server = build.make_server(build.DIST, port=0, handler=build.QuietSiteHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args()
    chromium = os.environ.get("TRACTOR_CHROMIUM") or (
        "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    failed = False
    with served_dist() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for shot in SHOTS:
            context = browser.new_context(**context_options(shot))
            path = args.out / f"{shot.name}.png"
            found = shoot(context.new_page(), url, shot, path)
            context.close()
            print(f"{path}: {'; '.join(found) or 'ok'}")
            failed = failed or bool(found)
        browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""How soon the table is on screen and playable, against bare PyScript pages, in Chromium.

Usage (after ``python3 build.py``; needs the ``test`` extra for Playwright)::

    .venv/bin/python scripts/measure_paint.py [--runs 3] [--route after-paint|parallel|snapshot]
        [--first-visit-only | --hand-only] [--turns 3] [--compare OTHER/dist]

Each run, in a fresh browser profile:

* **first visit** (nothing cached or stored): the game page until the table is
  painted (``#table[data-painted]``) and until its first dealt card, with the bytes
  the server sent by then (and gzipped, as GitHub Pages sends them), and how many
  Pyodide files had finished downloading before the paint (web/boot.js fetches the
  engine's files while the painter works, so on a first visit they may); then, in
  another fresh profile, the bare MicroPython page (``bench/bare-mpy.html``) until it
  ran;
* **repeat visit** (the same profile: every file from the offline cache; each page
  after a pause of ``SETTLE_MS``, as a visit a while later) of a resumed match where
  seat 0 is to lead, with its stored view: the hand on screen (``HAND_TURNS`` times,
  in turn with the bare MicroPython page from the same cache), then the first play
  accepted (a card clicked as soon as it is shown, *Play* as soon as it can be
  pressed, until the card is in the trick) against the bare Pyodide page from the
  same cache. The page's performance marks say where the
  engine's start goes (Pyodide up, the table's modules imported, the table live).

``--route`` picks how the engine starts: ``after-paint`` (the painter asks for it once
the table is drawn) or ``parallel`` (``?engine=parallel``: at once, beside the painter),
both with ``?snapshot=off`` (Pyodide loads plainly, as before the snapshot); or
``snapshot`` (the page's default: after-paint, and the repeat visit starts Pyodide from
the memory snapshot the first visit made, web/snapshot/: the first visit waits until
it is stored before the repeat visit). ``--first-visit-only`` leaves the repeat visit
out, ``--hand-only`` the first play (and its bare Pyodide page); ``--turns`` sets how
many times the hand is timed per run. Each hand turn also reads, in the page, when
the HTML was parsed, the painter started and finished, the hand was in the page and
the frame that draws it was done (``HAND_FRAME``): where a change in the hand's time
goes.

``--compare OTHER/dist`` measures another build beside this one in the same run (say
a work tree at an older commit, ``git worktree add --detach /tmp/old <commit>``, built
there): each site on its own port (so its own origin and caches), its resumed position
made by that tree's own engine and painter, the two sites' pages alternating (which
site goes first swaps every run, and the hand turns interleave), so both see the same
machine. Prints each site's medians, the ratio of their hand ratios, and the paired
ratio of the two hands timed one after the other in each turn (the bare pages are the
same file in both builds: on a noisy machine their medians alone can differ by a third,
which the paired ratio leaves out).

Prints medians and the ratios the issue targets.
Not a test: numbers depend on the machine; ratios are measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.append(str(ROOT / "web"))  # after $PYTHONPATH: --position runs another tree's
from measure_load import FLAGS, chromium_path, load_build  # noqa: E402
from measure_offline import SW_ACTIVATED, counting_server  # noqa: E402

PAINTED = "() => document.querySelector('#table')?.dataset.painted"
HAND = "() => document.querySelectorAll('[data-testid=\"hand\"] [data-card]').length > 0"
FIRST_CARD = HAND + " && document.querySelector('[data-testid=\"phase\"]') !== null"
BARE_RAN = "() => document.querySelector('[data-testid=\"bare\"]')?.textContent.includes('ran')"
PLAYED = "() => document.querySelector('[data-testid=\"trick\"] [data-seat=\"0\"]') !== null"
PLAY_READY = "() => { const b = document.querySelector('[data-testid=\"play\"]');" \
             " return b !== null && !b.disabled; }"
MARKS = ("tractor-paint-start", "tractor-paint-imported", "tractor-painted",
         "tractor-snapshot-restored", "tractor-pyodide-up", "tractor-imported", "tractor-live")
QUERIES = {"after-paint": "&snapshot=off", "parallel": "&engine=parallel&snapshot=off",
           "snapshot": ""}
HAND_FRAME = """(() => {
  const shown = () => document.querySelector('[data-testid="hand"] [data-card]') !== null;
  new MutationObserver((_, observer) => {
    if (!shown()) return;
    observer.disconnect();
    window.tractorHandInDom = performance.now();
    requestAnimationFrame(() => setTimeout(() => {
      window.tractorHandFrame = performance.now(); }, 0));
  }).observe(document, {childList: true, subtree: true});
})()"""
"""Put in the resumed game page before its scripts: when the hand's first card is in the
page, and when the frame that draws it is done (the task after its animation frame:
style, layout and paint of the new cards). Page times, from the navigation's start."""
HAND_FRAME_DONE = "() => window.tractorHandFrame !== undefined"
HAND_TIMES = (
    "() => [performance.getEntriesByType('navigation')[0].domInteractive,"
    " ...['tractor-paint-start', 'tractor-painted'].map(n =>"
    " (performance.getEntriesByName(n)[0] || {startTime: -1000}).startTime),"
    " window.tractorHandInDom, window.tractorHandFrame]"
)
"""In the page, after ``HAND_FRAME_DONE``: the page times (ms) at which the HTML was
parsed, the painter started and finished, the hand's first card was in the page and
its frame was drawn."""
SETTLE_MS = 2000
"""A repeat visit comes later: before each page of the repeat visit (the game's and the
bare ones alike) the browser finishes the work of the one before (closing its Pyodide,
writing its caches), which would otherwise slow the next one's start."""
HAND_TURNS = 3
"""Per run, the bare MicroPython page and the resumed game page until its hand is shown,
in turn, this many times (the start of a page is noisy: more samples, same conditions)."""
SNAPSHOT_DONE = "() => ['made', 'make-failed'].includes(window.tractorSnapshot)"
PYODIDE_DONE = (
    "() => { const painted = performance.getEntriesByName('tractor-painted')[0];"
    " if (!painted) return -1;"
    " return performance.getEntriesByType('resource')"
    ".filter(e => e.name.includes('/pyodide/') && e.responseEnd > 0"
    " && e.responseEnd < painted.startTime).length; }"
)


def resumed_position(source: Path = ROOT) -> dict[str, str]:
    """localStorage of a one-deck-free, two-deck match where seat 0 leads a trick, with the
    view the painter draws (as the table stores it), made by the engine and painter of
    the work tree ``source`` (another tree's in a child process: ``--position``)."""
    if source.resolve() != ROOT:
        path = os.pathsep.join([str(source / "pyengine"), str(source / "web")])
        made = subprocess.run([sys.executable, __file__, "--position"], check=True,
                              env=dict(os.environ, PYTHONPATH=path),
                              capture_output=True, text=True)
        position: dict[str, str] = json.loads(made.stdout)
        return position
    from house import painting  # type: ignore[import-not-found]  # web/, on the path above
    from tractor.match import Match
    from tractor.players import make_player
    from tractor.rules import Rules
    from tractor.runner import step
    from tractor.save import dumps

    m = Match(Rules(), seed=21)
    players = [make_player("easy", seat) for seat in range(4)]
    while not (m.phase == "play" and m.to_move == 0 and not m.trick and m.tricks_played):
        step(m, players)
    record = dumps(m)
    return {"tractor.match": record,
            "tractor.paint": painting.paint_text(m.observe(0).to_data(), record),
            "tractor.settings": json.dumps({"lang": "en", "speed": "normal"})}


def since_start(page: Page, ready: str, start: float) -> float:
    page.wait_for_function(ready, timeout=180_000, polling=10)
    return time.perf_counter() - start


def marks(page: Page) -> dict[str, float]:
    found: dict[str, float] = page.evaluate(
        "(names) => Object.fromEntries(names.map(n => [n,"
        " (performance.getEntriesByName(n)[0] || {startTime: -1000}).startTime / 1000]))",
        list(MARKS))
    return found


def bare(context: BrowserContext, base: str, path: str) -> float:
    page = context.new_page()
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.on("pageerror", lambda error: said.append(str(error)))
    start = time.perf_counter()
    page.goto(base + path)
    try:
        elapsed = since_start(page, BARE_RAN, start)
    except PlaywrightError:
        print(f"{base + path} did not run; its console: {said}", file=sys.stderr)
        raise
    page.close()
    return elapsed


def first_visit(browser: Browser, base: str, query: str, sent: list[Any],
                out: dict[str, list[float]]) -> BrowserContext:
    context = browser.new_context()
    page = context.new_page()
    mark = len(sent)
    start = time.perf_counter()
    page.goto(base + "index.html?speed=normal" + query)
    out["first: painted"].append(since_start(page, PAINTED, start))
    out["first: bytes at paint"].append(sum(s[1] for s in sent[mark:]))
    out["first: gzip bytes at paint"].append(sum(s[2] for s in sent[mark:]))
    out["first: pyodide files done before paint"].append(page.evaluate(PYODIDE_DONE))
    out["first: first card"].append(since_start(page, FIRST_CARD, start))
    out["first: bytes at first card"].append(sum(s[1] for s in sent[mark:]))
    out["first: gzip bytes at first card"].append(sum(s[2] for s in sent[mark:]))
    while not page.evaluate(SW_ACTIVATED):  # registered once the first card is shown
        page.wait_for_timeout(200)
    if "snapshot=off" not in query:  # made in a Worker a few seconds after the first card
        page.wait_for_function(SNAPSHOT_DONE, timeout=300_000, polling=500)
        if page.evaluate("() => window.tractorSnapshot") != "made":
            raise SystemExit("the snapshot was not made: "
                             + str(page.evaluate("() => window.tractorSnapshotDetail")))
    page.close()
    cold = browser.new_context()
    out["first: bare MicroPython"].append(bare(cold, base, "bench/bare-mpy.html"))
    cold.close()
    return context


SNAPSHOT_SETTLED = "() => window.tractorSnapshot !== undefined"


def stored_page(context: BrowserContext, base: str, items: dict[str, str]) -> Page:
    """A page of the site (no Python) that has put ``items`` in a clean localStorage,
    after ``SETTLE_MS``."""
    page = context.new_page()
    page.goto(base + "web/style.css")
    page.evaluate("(items) => { localStorage.clear();"
                  " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)
    page.wait_for_timeout(SETTLE_MS)
    return page


def hand_turn(context: BrowserContext, site: Site) -> None:
    """The bare MicroPython page, then the resumed game page until its hand is shown,
    each after a pause (one of the ``--turns`` of a run)."""
    time.sleep(SETTLE_MS / 1000)
    site.out["repeat: bare MicroPython"].append(bare(context, site.base, "bench/bare-mpy.html"))
    page = stored_page(context, site.base, site.items)
    page.add_init_script(HAND_FRAME)
    start = time.perf_counter()
    page.goto(site.address())
    site.out["repeat: hand"].append(since_start(page, HAND, start))
    page.wait_for_function(HAND_FRAME_DONE, timeout=180_000)
    parsed, start_paint, painted, in_dom, frame = page.evaluate(HAND_TIMES)
    site.out["repeat: page time, HTML parsed"].append(parsed / 1000)
    site.out["repeat: page time, painter started"].append(start_paint / 1000)
    site.out["repeat: page time, painter done"].append(painted / 1000)
    site.out["repeat: page time, hand in the page"].append(in_dom / 1000)
    site.out["repeat: page time, hand's frame drawn"].append(frame / 1000)
    site.out["repeat: hand's frame after the hand"].append((frame - in_dom) / 1000)
    site.out["repeat: the painter's own work"].append((painted - start_paint) / 1000)
    # Closed only once the engine's start has taken its route: a page closed during
    # the snapshot's restore counts as an unfinished restore at the next visit.
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=180_000)
    page.close()


def first_play(context: BrowserContext, site: Site) -> None:
    """The resumed game page until its first play is accepted, then the bare Pyodide page."""
    out = site.out
    page = stored_page(context, site.base, site.items)
    start = time.perf_counter()
    page.goto(site.address())
    page.wait_for_function(HAND, timeout=180_000, polling=10)
    page.locator("#card-0").click(position={"x": 8, "y": 14})
    page.wait_for_function(PLAY_READY, timeout=180_000, polling=10)
    page.get_by_test_id("play").click()
    out["repeat: first play"].append(since_start(page, PLAYED, start))
    state = page.evaluate("() => window.tractorSnapshot")
    expected = "off" if "snapshot=off" in site.query else "restored"
    if state != expected:
        raise SystemExit(f"the repeat visit's snapshot state is {state}, not {expected}")
    for name, at in marks(page).items():
        out["repeat: mark " + name].append(at)
    page.close()
    time.sleep(SETTLE_MS / 1000)
    out["repeat: bare Pyodide"].append(bare(context, site.base, "bench/bare.html"))


KEYS = ("first: painted", "first: bytes at paint", "first: gzip bytes at paint",
        "first: pyodide files done before paint", "first: first card",
        "first: bytes at first card", "first: gzip bytes at first card",
        "first: bare MicroPython", "repeat: hand", "repeat: page time, HTML parsed",
        "repeat: page time, painter started", "repeat: page time, painter done",
        "repeat: page time, hand in the page",
        "repeat: page time, hand's frame drawn", "repeat: hand's frame after the hand",
        "repeat: the painter's own work",
        "repeat: first play",
        *("repeat: mark " + name for name in MARKS),
        "repeat: bare MicroPython", "repeat: bare Pyodide")


PARTS = ("repeat: page time, HTML parsed", "repeat: page time, painter started",
         "repeat: the painter's own work", "repeat: hand's frame after the hand")
"""The parts of the hand's time a change to the page can move (the page's HTML, the
painter's start, its own work, the frame's style, layout and paint), compared by
``--compare``."""


@dataclass
class Site:
    """One build being measured: where it is served, its stored position, its figures."""

    name: str
    base: str
    query: str
    items: dict[str, str]
    sent: list[Any]
    out: dict[str, list[float]] = field(default_factory=lambda: {key: [] for key in KEYS})

    def address(self) -> str:
        return self.base + "index.html" + self.query.replace("&", "?", 1)


def report(site: Site, first_visit_only: bool) -> dict[str, float]:
    """Print the site's medians and its targets' ratios; return the medians."""
    out = {key: values for key, values in site.out.items() if values}  # --first-visit-only
    med = {key: statistics.median(values) for key, values in out.items()}
    print(f"{site.name}:")
    for key, values in out.items():
        if "bytes" in key:
            print(f"  {key:42s} {med[key] / 1e6:7.2f} MB")
        elif "done before" in key:
            print(f"  {key:42s} {max(values):7.0f} (the most in any run)")
        elif values and min(values) < 0:
            print(f"  {key:42s}       - (not in every run)")
        else:
            runs = " ".join(f"{v:.2f}" for v in values)
            print(f"  {key:42s} {med[key]:7.2f} s   runs: {runs}")
    print("  targets:")
    if not first_visit_only:
        print(f"    repeat visit, hand / bare MicroPython:   "
              f"{hand_ratio(med):.2f}  (target <= 1.5)")
    if "repeat: first play" in med:
        print(f"    repeat visit, first play / bare Pyodide: "
              f"{med['repeat: first play'] / med['repeat: bare Pyodide']:.2f}  "
              f"(target <= 0.75, floor 1.0)")
    print(f"    first visit, painted / bare MicroPython: "
          f"{med['first: painted'] / med['first: bare MicroPython']:.2f}  (target <= 1.5)")
    return med


def hand_ratio(med: dict[str, float]) -> float:
    return med["repeat: hand"] / med["repeat: bare MicroPython"]


def quartiles(values: list[float]) -> str:
    low, _, high = statistics.quantiles(values, n=4)
    return f"{low:.2f}-{high:.2f}"


def turn_ratios(site: Site) -> list[float]:
    """Each hand turn's hand over the bare MicroPython page just before it (their spread
    is the noise a comparison must beat)."""
    out = site.out
    return [hand / bare for hand, bare in zip(out["repeat: hand"],
                                              out["repeat: bare MicroPython"], strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--route", choices=tuple(QUERIES), default="after-paint")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--first-visit-only", action="store_true")
    only.add_argument("--hand-only", action="store_true",
                      help="the repeat visit's hand turns only, not its first play")
    parser.add_argument("--turns", type=int, default=HAND_TURNS,
                        help="hand turns (bare MicroPython, then the hand) per run")
    parser.add_argument("--compare", type=Path, metavar="OTHER/dist",
                        help="another build's dist/, measured in turn with this one")
    parser.add_argument("--position", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.position:  # --compare's child process: the position by this $PYTHONPATH's code
        print(json.dumps(resumed_position()))
        return 0
    query = QUERIES[args.route]
    build = load_build()
    dists = [build.DIST] + ([args.compare.resolve()] if args.compare else [])
    sites = []
    for dist in dists:
        server, sent = counting_server(build, dist)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        sites.append((server, Site(str(dist), base, query, resumed_position(dist.parent), sent)))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        for run in range(args.runs):
            order = [site for _, site in sites]
            if run % 2:
                order.reverse()
            contexts = [first_visit(browser, site.base, query, site.sent, site.out)
                        for site in order]
            if not args.first_visit_only:
                for _ in range(args.turns):
                    for context, site in zip(contexts, order, strict=True):
                        hand_turn(context, site)
                for context, site in zip(contexts, order, strict=True):
                    if not args.hand_only:
                        first_play(context, site)
            for context in contexts:
                context.close()
        browser.close()
    for server, _ in sites:
        server.shutdown()
    print(f"route: {args.route}, {args.runs} runs (medians)")
    medians = [report(site, args.first_visit_only) for _, site in sites]
    if args.compare and not args.first_visit_only:
        this, other = (site for _, site in sites)
        for site in (this, other):
            ratios = sorted(turn_ratios(site))
            print(f"hand / bare MicroPython per turn, {site.name}: "
                  f"{' '.join(f'{r:.2f}' for r in ratios)}")
        print(f"ratio of hand ratios, this / --compare: "
              f"{hand_ratio(medians[0]) / hand_ratio(medians[1]):.2f}")
        for key in ("repeat: hand", "repeat: page time, hand's frame drawn"):
            paired = sorted(a / b for a, b in zip(this.out[key], other.out[key], strict=True))
            print(f"  {key[8:]}, this / --compare in the same turn: median "
                  f"{statistics.median(paired):.2f} (quartiles {quartiles(paired)})")
        for key in PARTS:
            print(f"  {key[8:]:42s} this / --compare: {medians[0][key] / medians[1][key]:.2f}"
                  f"  ({medians[0][key] * 1000:.0f} / {medians[1][key] * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Sound and motion in the real page (issue 36): the sounds counted through a wrapped Web
Audio (``AudioBufferSourceNode.prototype.start``): none before the first gesture, some
after plays, none while the page is hidden, none once the bar's toggle is off (kept over
a reload); a finished trick animates, and nothing animates with reduced motion or at the
instant speed.

Chromium runs here with ``--autoplay-policy=no-user-gesture-required``: the browser would
let sound play without a gesture, so "none before the first gesture" is the page's doing.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect
from tractor.match import Match
from tractor.save import dumps
from web_helpers import STEP_TIMEOUT_MS, advance, hand_cards, load_position, wait_state

pytestmark = pytest.mark.web

COUNT_SOUNDS = """
window.__starts = 0; window.__plays = 0; window.__hidden = false;
const start = AudioBufferSourceNode.prototype.start;
AudioBufferSourceNode.prototype.start = function (...args) {
  window.__starts += 1;
  return start.apply(this, args);
};
let sound;
Object.defineProperty(window, "tractorSound", {
  configurable: true,
  get() { return sound; },
  set(value) {
    const play = value.play;
    value.play = (...args) => { window.__plays += 1; return play(...args); };
    sound = value;
  },
});
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true,
  get() { return window.__hidden ? "hidden" : "visible"; },
});
try { sessionStorage.setItem("tractor.snapshot", "off"); } catch (e) {}
"""
"""Counts the sounds started and the page's calls to ``tractorSound.play``; a switch
``__hidden`` makes the page read as hidden."""


@pytest.fixture(scope="module")
def sound_browser(browser_type: BrowserType,
                  browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    """Chromium that would play sound with no gesture at all (this file's own)."""
    args = dict(browser_type_launch_args)
    args["args"] = [*args.get("args", []), "--autoplay-policy=no-user-gesture-required"]
    browser = browser_type.launch(**args)
    yield browser
    browser.close()


@functools.cache
def others_lead() -> str:
    """A 1-deck save at the first trick, Right (seat 1) to lead: three plays before yours."""
    match = advance({"decks": 1}, 7, lambda m: m.phase == "play" and m.to_move == 1
                    and not m.trick)
    assert isinstance(match, Match)
    return dumps(match)


def open_counted(browser: Browser, site_url: str, speed: str,
                 reduced: bool = False) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  reduced_motion="reduce" if reduced else "no-preference")
    context.add_init_script(script=COUNT_SOUNDS)
    page = context.new_page()
    settings = json.dumps({"rules": {"decks": 1}, "speed": speed, "lang": "en"})
    load_position(page, site_url, {"tractor.match": others_lead(), "tractor.settings": settings})
    wait_state(page, "phase === 'play' && toMove === '0'")
    return page


GATHERING = ("() => (document.querySelector('[data-testid=finished-trick]')"
             "?.getAnimations().length ?? 0) > 0")
"""The trick just won is animating (its gather toward the winner)."""


WATCH_FINISHED = """() => {
  window.__finishedSeen = false; window.__finishedAnimations = 0;
  const look = () => {
    if (document.querySelector('[data-testid=finished-trick]')) {
      window.__finishedSeen = true;
      window.__finishedAnimations = Math.max(window.__finishedAnimations,
                                             document.getAnimations().length);
    }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true});
}"""
"""Watch for the trick just won: whether it was drawn, and the most animations running
while it was."""


def counts(page: Page) -> tuple[int, int]:
    """(sounds started, the page's calls to play)."""
    starts, plays = page.evaluate("() => [window.__starts, window.__plays]")
    return int(starts), int(plays)


def play_once(page: Page, meanwhile: str = "") -> None:
    """Seat 0 plays the hint's cards (keys: H, then Enter), and the table goes on to seat
    0's next turn (or the hand's end); ``meanwhile``, a JS condition, must hold on the way."""
    left = len(hand_cards(page))
    page.keyboard.press("h")
    page.wait_for_function(
        "() => document.querySelectorAll('#hand [aria-pressed=true]').length > 0",
        timeout=STEP_TIMEOUT_MS)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(n) => document.querySelectorAll('#hand [data-card]').length < n", arg=left,
        timeout=STEP_TIMEOUT_MS)
    if meanwhile:
        page.wait_for_function(meanwhile, timeout=STEP_TIMEOUT_MS)
    wait_state(page, "(phase === 'play' && toMove === '0') || phase === 'hand_over'")


def test_sounds_wait_for_a_gesture_play_after_it_and_stop_when_hidden_or_off(
    sound_browser: Browser, site_url: str
) -> None:
    page = open_counted(sound_browser, site_url, "fast")
    toggle = page.get_by_test_id("sound")
    expect(toggle).to_have_attribute("aria-pressed", "true")  # on by default
    starts, plays = counts(page)
    assert plays >= 3 and starts == 0  # three cards laid, asked for, none heard: no gesture

    # A key is a gesture: from now on the table is heard. Yours is the trick's fourth
    # play: the trick won gathers toward its winner, an animation (motion is on).
    play_once(page, GATHERING)
    starts, plays_before = counts(page)
    assert starts > 0

    page.evaluate("() => { window.__hidden = true; }")
    play_once(page)
    hidden_starts, hidden_plays = counts(page)
    assert hidden_plays > plays_before and hidden_starts == starts  # asked for, not heard
    page.evaluate("() => { window.__hidden = false; }")

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    play_once(page)
    assert counts(page) == (hidden_starts, hidden_plays)  # off: not even asked for
    assert json.loads(page.evaluate("() => localStorage.getItem('tractor.settings')"))[
        "sound"] is False

    page.reload()
    wait_state(page, "phase !== ''")
    expect(page.get_by_test_id("sound")).to_have_attribute("aria-pressed", "false")
    page.context.close()


def test_nothing_moves_with_reduced_motion_nor_at_the_instant_speed(
    sound_browser: Browser, site_url: str
) -> None:
    page = open_counted(sound_browser, site_url, "fast", reduced=True)
    page.evaluate(WATCH_FINISHED)
    play_once(page, "() => window.__finishedSeen")
    assert page.evaluate("() => window.__finishedAnimations") == 0  # the trick won: no motion
    assert page.evaluate("() => document.getAnimations().length") == 0

    page.emulate_media(reduced_motion="no-preference")
    page.get_by_test_id("settings").click()
    page.get_by_test_id("option-speed").select_option("instant")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("option-speed")).to_have_count(0)
    play_once(page)
    assert page.evaluate("() => document.getAnimations().length") == 0
    page.context.close()

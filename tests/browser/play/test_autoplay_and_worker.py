"""Autoplay (托管) plays a whole match; computer seats think in the worker; the page
keeps answering clicks while a computer player is on move."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect
from tractor.save import dumps
from web_helpers import advance, open_table, probe, wait_state

pytestmark = pytest.mark.web

#: One deck, instant speed; with autoplay from the first card, seed 55 ends in 17 hands.
MATCH_SETTINGS = {"rules": {"decks": 1}, "speed": "instant", "lang": "en", "auto_next": True}


def test_autoplay_plays_a_whole_match(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=55", settings=MATCH_SETTINGS)
    # Dispatched on the element itself: while cards are dealt at instant speed the row of
    # controls can shift under a pointer between Playwright's aim and its click.
    page.get_by_test_id("autoplay").dispatch_event("click")
    expect(page.get_by_test_id("autoplay")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("match-over")).to_be_visible(timeout=180_000)
    expect(page.get_by_test_id("match-winner")).to_contain_text("win the match")
    hands = int(probe(page, "hand-number")) + 1
    assert hands >= 2

    page.get_by_test_id("settings").click()
    stats = page.get_by_test_id("stats")
    expect(stats).to_contain_text(f"Hands played {hands}")
    expect(stats).to_contain_text("Matches played 1")
    page.get_by_test_id("close-settings").click()

    page.get_by_test_id("new-match").click()
    wait_state(page, "document.querySelector('[data-testid=hand-number]').textContent === '0'")
    expect(page.get_by_test_id("match-over")).to_have_count(0)


def test_page_answers_while_a_computer_player_thinks_in_the_worker(
    page: Page, site_url: str
) -> None:
    rules = {"decks": 1}
    match = advance(rules, 8, lambda m: m.phase == "play" and m.to_move not in (0, -1))
    assert match is not None
    settings = {"rules": rules, "speed": "slow", "lang": "en"}
    open_table(page, site_url, settings=settings, save=dumps(match))
    # The worker starts after the first card is on screen; wait until it answers.
    page.get_by_test_id("settings").click()
    expect(page.get_by_test_id("worker")).to_contain_text("Ready: Python 3.", timeout=60_000)
    page.get_by_test_id("close-settings").click()
    expect(page.get_by_test_id("settings-panel")).to_have_count(0)

    checked = 0
    while checked < 3:  # three computer turns: each time the page answers at once
        wait_state(page, "busy === 'thinking' || toMove === '0'")
        if probe(page, "busy") != "thinking":  # our turn: play the hint
            cards = page.locator('[data-testid="hand"] [aria-pressed]').count()
            page.get_by_test_id("hint").click()
            expect(page.locator('[data-testid="hand"] [aria-pressed="true"]')).not_to_have_count(0)
            page.get_by_test_id("play").click()
            # Played: the hand shrinks (we may win the trick and be on move again).
            wait_state(page, "document.querySelectorAll("
                             f"'[data-testid=hand] [aria-pressed]').length < {cards}")
            continue
        started = time.monotonic()
        page.get_by_test_id("settings").click()
        expect(page.get_by_test_id("settings-panel")).to_be_visible(timeout=2_000)
        elapsed = time.monotonic() - started
        assert probe(page, "busy") == "thinking", "the computer player was still on move"
        assert elapsed < 1.0, f"the settings panel took {elapsed:.2f}s to open"
        page.get_by_test_id("close-settings").click()
        wait_state(page, "busy !== 'thinking'")
        checked += 1
    assert int(probe(page, "worker-calls")) >= 1, "the computer seats thought in the worker"


def test_autoplay_stops_at_the_hand_s_result_until_the_player_goes_on(
        page: Page, site_url: str) -> None:
    """托管 plays the hand, and the result waits for the player (unless auto_next is on)."""
    settings = {key: value for key, value in MATCH_SETTINGS.items() if key != "auto_next"}
    open_table(page, site_url, "?seed=55", settings=settings)
    page.get_by_test_id("autoplay").dispatch_event("click")
    expect(page.get_by_test_id("hand-over")).to_be_visible(timeout=180_000)
    page.wait_for_timeout(3_000)  # longer than any speed's pause before the next hand
    expect(page.get_by_test_id("hand-over")).to_be_visible()
    assert probe(page, "hand-number") == "0" and probe(page, "phase") == "hand_over"
    page.get_by_test_id("next-hand").click()
    expect(page.get_by_test_id("hand-over")).to_have_count(0)

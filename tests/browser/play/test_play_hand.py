"""A whole hand played through the UI by clicking: declare, bury, then hint + play."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tractor.cards import format_cards
from tractor.save import loads
from web_helpers import (
    ONE_DECK_INSTANT,
    hand_cards,
    open_table,
    selected_cards,
    stored,
    wait_state,
)

pytestmark = pytest.mark.web

#: With one deck, seed 31 deals seat 0 a 2 of spades and no computer seat declares,
#: so seat 0 declares after the deal, becomes the dealer and buries the kitty.
SEED = 31


def test_whole_hand_by_clicking(page: Page, site_url: str) -> None:
    open_table(page, site_url, f"?seed={SEED}", settings=ONE_DECK_INSTANT)

    # After the last card: the declare control offers exactly the engine's options.
    wait_state(page, "endOfDeal === 'yes'")
    match = loads(stored(page, "tractor.match") or "")
    expected = [format_cards(option) for option in match.declaration_options(0)]
    declare = page.get_by_test_id("declare")
    options = declare.locator("[data-action=declare]")
    assert options.evaluate_all("els => els.map(e => e.dataset.cards)") == expected
    expect(page.get_by_test_id("pass")).to_be_visible()
    options.first.click()
    expect(page.get_by_test_id("declaration")).to_contain_text("You declared")

    # The dealer's kitty: 6 cards added to the hand and highlighted; bury 6 (hint).
    wait_state(page, "phase === 'bury' && toMove === '0'")
    assert len(hand_cards(page)) == 12 + 6
    expect(page.locator('[data-testid="hand"] .from-kitty')).to_have_count(6)
    page.get_by_test_id("hint").click()
    expect(page.locator('[data-testid="hand"] [aria-pressed="true"]')).to_have_count(6)
    expect(page.get_by_test_id("bury")).to_contain_text("6/6")
    page.get_by_test_id("bury").click()

    # Twelve tricks: wait for our turn, ask for a hint, play it.
    tricks = 0
    while True:
        wait_state(
            page,
            "phase === 'hand_over' || phase === 'match_over' || "
            "(phase === 'play' && toMove === '0')",
        )
        if page.get_by_test_id("phase").text_content() != "play":
            break
        before = len(hand_cards(page))
        keyboard = tricks % 2 == 1  # every other trick with the shortcuts: H, then Enter
        if keyboard:
            page.keyboard.press("h")
        else:
            page.get_by_test_id("hint").click()
        page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=hand] [aria-pressed=true]').length > 0"
        )
        chosen = selected_cards(page)
        if keyboard:
            page.keyboard.press("Enter")
        else:
            page.get_by_test_id("play").click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('[data-testid=hand] [data-card]').length < n",
            arg=before,
        )
        assert len(hand_cards(page)) == before - len(chosen)
        if tricks == 2:  # review the last trick, then back to the table
            page.get_by_test_id("last-trick").click()
            review = page.get_by_test_id("last-trick-view")
            expect(review.locator("[data-seat]")).to_have_count(4)
            expect(review).to_contain_text("won by")
            page.keyboard.press("Escape")
            expect(review).to_have_count(0)
        tricks += 1
    assert tricks >= 3 and hand_cards(page) == []  # every card was played

    result = page.get_by_test_id("hand-result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Kitty")
    expect(result).to_contain_text("Attackers' points")
    expect(result).to_contain_text("Next dealer")
    result_cards = result.locator(".result-kitty [data-card]")
    expect(result_cards).to_have_count(6)
    page.get_by_test_id("next-hand").click()
    wait_state(page, "document.querySelector('[data-testid=hand-number]').textContent === '1'")
    expect(page.get_by_test_id("hand-result")).to_have_count(0)


def test_declare_while_the_cards_are_dealt(page: Page, site_url: str) -> None:
    settings = {**ONE_DECK_INSTANT, "speed": "slow"}  # one card every 0.18 s
    open_table(page, site_url, f"?seed={SEED}", settings=settings)
    option = page.locator('[data-testid="declare"] [data-action="declare"]').first
    expect(option).to_be_visible(timeout=20_000)
    dealt_then = int(page.get_by_test_id("dealt").text_content() or "0")
    option.click()
    expect(page.get_by_test_id("declaration")).to_contain_text("You declared")
    assert dealt_then < 48
    # One deck: the first declaration stands, nothing more to declare; the deal goes on.
    expect(page.locator('[data-testid="declare"] [data-action="declare"]')).to_have_count(0)
    wait_state(page, "phase === 'bury' && toMove === '0'", timeout=30_000)
    assert len(hand_cards(page)) == 18

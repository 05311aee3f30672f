"""Refused plays are explained in words; a failed throw shows what was forced and why."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tractor.match import Match
from tractor.save import dumps
from web_helpers import (
    advance,
    hand_cards,
    open_table,
    seat0_leads,
    select_cards,
    throw_position,
    trick_plays,
    wait_state,
)

pytestmark = pytest.mark.web

ONE_DECK = {"decks": 1}


def test_illegal_lead_is_refused_with_the_rule_in_words(page: Page, site_url: str) -> None:
    def two_suits(m: Match) -> bool:
        return seat0_leads(m) and len({m.trump_or_level().suit[c] for c in m.hand_cards(0)}) > 1

    match = advance(ONE_DECK, 3, two_suits)
    assert match is not None and match.trump is not None
    suits = {match.trump.suit[card]: str(card) for card in match.hand_cards(0)}
    mixed = list(suits.values())[:2]
    settings = {"rules": ONE_DECK, "speed": "instant", "lang": "zh"}
    open_table(page, site_url, settings=settings, save=dumps(match))
    wait_state(page, "phase === 'play' && toMove === '0'")
    before = hand_cards(page)

    select_cards(page, mixed)
    page.get_by_test_id("play").click()
    message = page.get_by_test_id("message")
    expect(message).to_contain_text("首发的牌必须是同一门花色")
    assert hand_cards(page) == before  # nothing was played
    assert trick_plays(page) == []

    # The explanation follows the language at once.
    page.get_by_test_id("settings").click()
    page.get_by_test_id("option-lang").select_option("en")
    page.get_by_test_id("close-settings").click()
    expect(message).to_contain_text("Not allowed")
    expect(message).to_contain_text("one effective suit")


def test_failed_throw_is_shown(page: Page, site_url: str) -> None:
    save, attempt, failure = throw_position(ONE_DECK)
    settings = {"rules": ONE_DECK, "speed": "slow", "lang": "en"}
    open_table(page, site_url, settings=settings, save=save)
    wait_state(page, "phase === 'play' && toMove === '0'")

    select_cards(page, attempt)
    page.get_by_test_id("play").click()
    shown = page.get_by_test_id("throw-failure")
    expect(shown).to_be_visible()
    forced = " ".join(card[:-1] for card in failure["forced"])
    expect(shown).to_contain_text("Your throw")
    expect(shown).to_contain_text("failed")
    expect(shown).to_contain_text(forced)
    beater = {1: "Right", 2: "Across", 3: "Left"}[failure["beaten_by_seat"]]
    expect(shown).to_contain_text(beater)
    # Only the forced unit went into the trick.
    plays = trick_plays(page)
    assert plays[0] == ("0", failure["forced"])

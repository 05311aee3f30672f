"""Learning from your mistakes in the page (issue 38), on a finished 1-deck hand with seat 0
played at random: the better play hidden until tried, a wrong attempt judged wrong with
the answer still hidden, ``reveal`` showing it, no statistics in the default review
text; the marks made drills that survive a reload and come back in the order they are
due; a what-if played on from a replay step and back, with ``tractor.match`` unchanged;
then a marked friend call tried by choosing a card."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Locator, Page, expect
from test_learning_in_the_page import called_alone
from test_review_in_the_browser import REVIEW_TIMEOUT_MS, open_finished_hand
from tractor.coach.attempt import TRIED
from tractor.coach.review import review_iter
from web_helpers import (
    LOAD_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    load_position,
    marked_hand,
    stored,
    wait_ready,
)

pytestmark = pytest.mark.web

DEFAULT_TEXT = """(el) => {
  const copy = el.cloneNode(true);
  copy.querySelectorAll('details').forEach(d => d.remove());
  return copy.textContent;
}"""
"""The words shown without opening a Details."""


def pick(hand: Locator, cards: tuple[str, ...]) -> None:
    """Click ``cards`` in an attempt's hand (each copy once)."""
    for i, card in enumerate(cards):
        buttons = hand.locator(f'button:has([data-card="{card}"]), button[data-card="{card}"]')
        buttons.nth(cards[:i].count(card)).click()  # each copy once


def drill_ids(page: Page) -> list[str]:
    page.get_by_test_id("drills-open").click()
    panel = page.get_by_test_id("drills")
    expect(panel).to_be_visible()
    ids: list[str] = panel.get_by_test_id("drill").evaluate_all(
        "els => els.map(e => e.dataset.id)")
    return ids


def test_find_the_better_play_then_drill_it_and_play_on_from_a_replay(
    page: Page, site_url: str
) -> None:
    expected = list(review_iter(marked_hand(), 0, 0, 0))
    marked = [d for d in expected if d.mark != "fine" and d.kind in TRIED]
    d = next(d for d in marked if d.kind in ("lead", "follow"))
    open_finished_hand(page, site_url)
    match_before = stored(page, "tractor.match")
    page.get_by_test_id("review").click()
    summary = page.get_by_test_id("review-summary")
    expect(summary).to_have_attribute("data-state", "done", timeout=REVIEW_TIMEOUT_MS)

    # try before the answer
    page.locator(f"#b-step-{d.trick + 1}").click()
    decision = page.locator(f'[data-testid="review-decision"][data-index="{d.index}"]')
    expect(decision).to_be_visible()
    expect(decision.get_by_test_id("better-play")).to_have_count(0)
    panel = page.get_by_test_id("replay-panel")
    words = panel.evaluate(DEFAULT_TEXT)
    for jargon in ("scale", "sampled", "±", " SE", "standard error"):
        assert jargon not in words, jargon
    expect(panel.get_by_test_id("review-legend")).to_be_visible()
    decision.get_by_test_id("try-better").click()
    hand = decision.get_by_test_id("try-hand")
    expect(hand).to_be_visible()
    pick(hand, d.played.cards)
    decision.get_by_test_id("try-check").click()
    verdict = decision.get_by_test_id("try-verdict")
    expect(verdict).to_have_attribute("data-verdict", "wrong", timeout=STEP_TIMEOUT_MS)
    expect(decision.get_by_test_id("better-play")).to_have_count(0)
    decision.get_by_test_id("reveal").click()
    better = decision.get_by_test_id("better-play").locator("[data-card]")
    expect(better).to_have_count(len(d.best.cards))
    assert better.evaluate_all("els => els.map(e => e.dataset.card)") == list(d.best.cards)

    # the marks became drills, kept through a reload, in the order they are due
    kept = json.loads(stored(page, "tractor.drills") or "[]")
    assert [entry["index"] for entry in kept] == [m.index for m in marked]
    page.reload()
    wait_ready(page)
    ids = drill_ids(page)
    assert ids == [entry["id"] for entry in kept]
    first = page.locator(f'[data-testid="drill"][data-id="{ids[0]}"]')
    first.get_by_test_id("try-better").click()
    pick(first.get_by_test_id("try-hand"), tuple(kept[0]["best"]))
    first.get_by_test_id("try-check").click()
    expect(first.get_by_test_id("try-verdict")).to_have_attribute(
        "data-verdict", "right", timeout=STEP_TIMEOUT_MS)
    page.reload()
    wait_ready(page)
    again = drill_ids(page)
    assert sorted(again) == sorted(ids) and again[-1] == ids[0]  # right: due in a day
    page.get_by_test_id("drills-close").click()

    # play on from a replay step, and back
    page.get_by_test_id("replay").click()
    page.get_by_test_id("replay-next").click()
    page.get_by_test_id("replay-next").click()
    caption = page.get_by_test_id("replay-caption").text_content()
    page.get_by_test_id("play-from-here").click()
    banner = page.get_by_test_id("branch")
    expect(banner).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    expect(page.get_by_test_id("replay-panel")).to_have_count(0)
    assert stored(page, "tractor.match") == match_before
    page.get_by_test_id("branch-exit").click()
    expect(banner).to_have_count(0)
    expect(page.get_by_test_id("replay-caption")).to_have_text(caption or "")
    assert stored(page, "tractor.match") == match_before

    # a friend call is tried too: by choosing one of the calls the coach compared
    storage, call = called_alone()
    load_position(page, site_url, dict(storage))
    expect(page.get_by_test_id("hand-over")).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    page.get_by_test_id("review").click()
    expect(page.get_by_test_id("review-summary")).to_have_attribute(
        "data-state", "done", timeout=REVIEW_TIMEOUT_MS)
    page.locator("#b-step-0").click()
    decision = page.locator(f'[data-testid="review-decision"][data-index="{call.index}"]')
    decision.get_by_test_id("try-better").click()
    decision.locator(f'[data-choice="{call.played.cards[0]}"]').click()
    decision.get_by_test_id("try-check").click()
    expect(decision.get_by_test_id("try-verdict")).to_have_attribute(
        "data-verdict", "wrong", timeout=STEP_TIMEOUT_MS)
    expect(decision.get_by_test_id("better-play")).to_have_count(0)
    decision.locator(f'[data-choice="{call.best.cards[0]}"]').click()
    decision.get_by_test_id("try-check").click()
    expect(decision.get_by_test_id("try-verdict")).to_have_attribute(
        "data-verdict", "right", timeout=STEP_TIMEOUT_MS)
    expect(decision.get_by_test_id("better-play").locator(
        f'[data-card="{call.best.cards[0]}"]')).to_have_count(1)

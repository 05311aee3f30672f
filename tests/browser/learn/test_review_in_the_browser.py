"""The coach in the page (issue 28): a finished hand reviewed through the computer
players' worker with its progress shown, a marked step showing the better play and
why, a review cancelled, and a marked play shared as an embed.html quiz that takes
the coach's play as right."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tractor.coach.review import review_iter
from tractor.save import dumps
from web_helpers import LOAD_TIMEOUT_MS, ONE_DECK_INSTANT, marked_hand, open_table, probe

pytestmark = pytest.mark.web

REVIEW_TIMEOUT_MS = 120_000  # the whole 1-deck hand, in the worker (2 shared cores)
SEEN_PROGRESS = """
window.__progress = [];
new MutationObserver(() => {
  const p = document.querySelector('[data-testid="review-progress"]');
  if (p) window.__progress.push(p.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
"""Every text the progress line had (it may come and go between two polls)."""


def open_finished_hand(page: Page, site_url: str) -> None:
    page.add_init_script(script=SEEN_PROGRESS)
    open_table(page, site_url, settings=ONE_DECK_INSTANT, save=dumps(marked_hand()))
    expect(page.get_by_test_id("hand-over")).to_be_visible()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"worker-state\"]')?.textContent"
        " === 'ready'", timeout=LOAD_TIMEOUT_MS)


def test_a_reviewed_hand_marks_a_step_with_the_better_play_and_shares_it_as_a_quiz(
    page: Page, site_url: str
) -> None:
    expected = [d for d in review_iter(marked_hand(), 0, 0, 0)]
    first = next(d for d in expected if d.mark != "fine" and d.kind != "bury")
    open_finished_hand(page, site_url)
    page.get_by_test_id("review").click()
    summary = page.get_by_test_id("review-summary")
    expect(summary).to_have_attribute("data-state", "done", timeout=REVIEW_TIMEOUT_MS)
    assert summary.get_attribute("data-where") == "worker"
    seen = page.evaluate("() => window.__progress")
    assert any(f"of {len(expected)} decisions" in text for text in seen), seen
    expect(page.get_by_test_id("review-done")).to_contain_text(
        f"{len(expected)} decisions reviewed")
    marks = page.get_by_test_id("review-mark")
    expect(marks).to_have_count(len({d.trick for d in expected if d.mark != "fine"}))
    expect(page.get_by_test_id("review-worst")).to_have_count(
        min(3, sum(d.mark != "fine" for d in expected)))
    marks.first.click()
    expect(page.get_by_test_id("replay-caption")).to_contain_text(f"Trick {first.trick + 1}")
    decision = page.locator(f'[data-testid="review-decision"][data-index="{first.index}"]')
    expect(decision).to_have_attribute("data-mark", first.mark)
    expect(decision.get_by_test_id("better-play")).to_have_count(0)  # tried before it is shown
    decision.get_by_test_id("reveal").click()
    better = decision.get_by_test_id("better-play").locator("[data-card]")
    assert better.evaluate_all("els => els.map(e => e.dataset.card)") == list(first.best.cards)
    played = decision.get_by_test_id("played-play").locator("[data-card]")
    assert played.evaluate_all("els => els.map(e => e.dataset.card)") == list(first.played.cards)
    reason = decision.get_by_test_id("review-reason")
    expect(reason).to_contain_text("Better: ")
    line = reason.text_content() or ""
    decision.get_by_test_id("share-review").click()
    link = decision.get_by_test_id("review-quiz-link").input_value()
    assert "embed.html?s=" in link
    page.goto(link + "&lang=en")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=30_000)
    hand = page.get_by_test_id("hand-0")
    taken: list[int] = []
    for card in first.best.cards:
        buttons = hand.locator(f'button:has([data-card="{card}"])')
        index = next(i for i in range(buttons.count()) if i not in taken)
        taken.append(index)
        buttons.nth(index).click()
    page.get_by_test_id("submit").click()
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_have_attribute("data-verdict", "right", timeout=REVIEW_TIMEOUT_MS)
    expect(verdict).to_contain_text(line.removeprefix("Better: ").split(" — ")[-1])


def test_cancel_stops_the_review_and_it_goes_on_from_there(page: Page, site_url: str) -> None:
    open_finished_hand(page, site_url)
    page.get_by_test_id("review").click()
    expect(page.get_by_test_id("review-progress")).to_be_visible()
    page.get_by_test_id("review-cancel").click()
    count = len(list(review_iter(marked_hand(), 0, 0, 0)))
    stopped = page.get_by_test_id("review-stopped")
    expect(stopped).to_contain_text(f"of {count} decisions")  # the step under way ends
    summary = page.get_by_test_id("review-summary")
    assert summary.get_attribute("data-state") == "cancelled"
    steps = (summary.get_attribute("data-step-ms") or "").split()
    assert 1 <= len(steps) < count
    page.wait_for_timeout(1500)  # no step starts after a cancel
    assert (summary.get_attribute("data-step-ms") or "").split() == steps
    assert probe(page, "phase") == "hand_over"
    page.get_by_test_id("review-resume").click()
    expect(summary).to_have_attribute("data-state", "done", timeout=REVIEW_TIMEOUT_MS)

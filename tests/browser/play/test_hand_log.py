"""The hand log and the led combination's name (issue 10)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tractor.follow import combination
from tractor.save import dumps, loads
from web_helpers import advance, open_table, stored, wait_state

pytestmark = pytest.mark.web


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_the_log_matches_the_tricks_played(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    match = advance({"decks": 1, "partners": "find_friend"}, 6,
                    lambda m: m.phase == "hand_over")
    assert match is not None
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_table(page, site_url, settings={"rules": {"decks": 1}, "speed": "instant",
                                         "lang": "en"}, save=dumps(match))
    page.get_by_test_id("log-toggle").dispatch_event("click")
    log = page.get_by_test_id("log")
    expect(log).to_be_visible()
    rows = log.locator(".log-trick")
    expect(rows).to_have_count(len(match.tricks))
    for index, trick in enumerate(match.tricks):
        cards = rows.nth(index).locator("[data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert cards == [str(c) for _, cs in trick.plays for c in cs]
    expect(log).to_contain_text(f"Hand log: {len(match.tricks)} tricks")
    page.screenshot(path=f"test-results/hand-log-{size[0]}.png", full_page=True)


def test_the_lead_is_named_where_it_is_played(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    wait_state(page, "phase === 'play' && toMove === '0'")
    match = loads(stored(page, "tractor.match") or "")
    assert match.trick and match.lead is not None, "seed 7: others lead before seat 0"
    expect(page.get_by_test_id("lead-kind")).to_have_count(1)
    assert page.get_by_test_id("lead-kind").text_content() == combination(match.lead)

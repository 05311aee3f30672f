"""Smart selection in the real page (issue 36), with real pointer events: a tap on one card
of a pair the led pair forces picks the pair; a drag across cards selects them all (and a
drag from a selected card unselects them); a refused play flags the cards that must be
played (``data-flag="must"``)."""

from __future__ import annotations

import functools
import json

import pytest
from playwright.sync_api import Page, expect
from tractor.cards import Card
from tractor.follow import combination
from tractor.match import Match
from tractor.save import dumps
from web_helpers import advance, load_position, selected_cards, wait_state

pytestmark = pytest.mark.web

HAND = '[data-testid="hand"] [data-action="select"]'


@functools.cache
def following_a_pair() -> Match:
    """2 decks, seed 1: seat 0 follows a led pair holding a pair of the led suit."""

    def stop(m: Match) -> bool:
        if m.phase != "play" or m.to_move != 0 or m.lead is None or not m.trick:
            return False
        assert m.trump is not None
        return combination(m.lead) == "pair" and any(
            m.hands[0][c] >= 2 for c in m.trump.by_suit[m.lead.suit])

    match = advance({}, 1, stop)
    assert match is not None
    return match


def selected_indices(page: Page) -> set[int]:
    found: list[str] = page.eval_on_selector_all(
        f"{HAND}[aria-pressed=true]", "els => els.map(e => e.dataset.index)")
    return {int(i) for i in found}


def drag(page: Page, first: int, last: int) -> None:
    """Press on card ``first``'s corner, move across to card ``last``'s, release."""
    boxes = [page.locator(f"#card-{i}").bounding_box() for i in (first, last)]
    assert boxes[0] is not None and boxes[1] is not None
    y = boxes[0]["y"] + boxes[0]["height"] * 0.5
    page.mouse.move(boxes[0]["x"] + 6, y)
    page.mouse.down()
    page.mouse.move(boxes[1]["x"] + 6, y, steps=12)
    page.mouse.up()


def test_a_tap_picks_the_forced_pair_a_drag_selects_and_a_refused_play_flags(
    page: Page, site_url: str
) -> None:
    match = following_a_pair()
    assert match.trump is not None and match.lead is not None
    hand = list(match.observe(0).to_data()["hand"])
    led = [match.trump.suit[Card.parse(c)] == match.lead.suit for c in hand]
    pair = next(i for i, c in enumerate(hand) if led[i] and hand.count(c) >= 2)
    page.set_viewport_size({"width": 1280, "height": 800})
    settings = json.dumps({"speed": "fast", "lang": "en"})
    load_position(page, site_url, {"tractor.match": dumps(match), "tractor.settings": settings})
    wait_state(page, "phase === 'play' && toMove === '0'")
    expect(page.locator(HAND)).to_have_count(len(hand))

    # a tap on one card of a pair: the led pair forces it, the pair is picked
    page.locator(f"#card-{pair}").click(position={"x": 6, "y": 14})
    expect(page.locator(f"{HAND}[aria-pressed=true]")).to_have_count(2)
    assert selected_cards(page) == [hand[pair]] * 2

    # a drag from an unselected card across three more selects the four
    page.keyboard.press("Escape")
    expect(page.locator(f"{HAND}[aria-pressed=true]")).to_have_count(0)
    drag(page, 2, 5)
    expect(page.locator(f"{HAND}[aria-pressed=true]")).to_have_count(4)
    assert selected_indices(page) == {2, 3, 4, 5}
    # ... and one from a selected card unselects the cards it crosses
    drag(page, 4, 5)
    expect(page.locator(f"{HAND}[aria-pressed=true]")).to_have_count(2)
    assert selected_indices(page) == {2, 3}

    # two cards off the led suit, holding a pair of it: refused, and the pair flagged
    page.keyboard.press("Escape")
    off = [i for i in range(len(hand)) if not led[i]][:2]
    assert len(off) == 2
    for index in off:
        page.locator(f"#card-{index}").click(position={"x": 6, "y": 14})
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("message")).to_be_visible()
    flagged = page.locator(f'{HAND}[data-flag="must"]')
    expect(flagged).not_to_have_count(0)
    must: list[str] = flagged.evaluate_all("els => els.map(e => e.dataset.index)")
    assert {int(i) for i in must} >= {pair} and all(led[int(i)] for i in must)

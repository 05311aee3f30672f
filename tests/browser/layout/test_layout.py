"""Screenshots at phone (390×844) and desktop (1280×800) sizes, with layout checks.

The images go to test-results/ (look at them: overlapping, cut off, unreadable).
Checked automatically: nothing wider than the screen, every card of the hand and
every button on screen, tap targets at least 36 px high.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tractor.save import dumps
from web_helpers import (
    advance,
    bar_item,
    load_position,
    select_cards,
    throw_position,
    wait_state,
)

pytestmark = pytest.mark.web

RESULTS = Path(__file__).resolve().parents[3] / "test-results"
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


@functools.cache
def positions() -> dict[str, tuple[dict[str, object], str]]:
    """name → (rules, save) of the prepared table positions to photograph."""
    two_decks: dict[str, object] = {}
    friend: dict[str, object] = {"partners": "find_friend"}
    mid_play = advance(
        two_decks, 7, lambda m: m.phase == "play" and m.to_move == 0 and len(m.trick) == 3
    )
    burying = advance(two_decks, 2, lambda m: m.phase == "bury" and m.kitty_holder == 0)
    calling = advance(friend, 2, lambda m: m.phase == "call" and m.dealer == 0)
    result = advance(friend, 4, lambda m: m.phase == "hand_over" and m.tricks_played > 0)
    found = {
        "play": (two_decks, mid_play),
        "bury": (two_decks, burying),
        "call": (friend, calling),
        "result": (friend, result),
    }
    out = {}
    for name, (rules, match) in found.items():
        assert match is not None, name
        out[name] = (rules, dumps(match))
    over = advance({"decks": 1}, 55, lambda m: m.phase == "match_over", max_steps=100_000)
    assert over is not None
    out["match"] = ({"decks": 1}, dumps(over))
    save, attempt, _ = throw_position({"decks": 1})
    out["throw"] = ({"decks": 1}, save)
    THROWS[save] = attempt
    return out


THROWS: dict[str, list[str]] = {}


def check_layout(page: Page, width: int) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= width, f"page is {overflow}px wide on a {width}px screen"
    boxes = page.eval_on_selector_all(
        '[data-testid="hand"] [data-card], button:not([disabled]), select',
        "els => els.filter(e => e.offsetParent !== null).map(e => {"
        " const r = e.getBoundingClientRect();"
        " return [e.dataset.card || e.dataset.testid || e.textContent, r.left, r.right, r.height];"
        "})",
    )
    for name, left, right, height in boxes:
        assert left >= -1 and right <= width + 1, f"{name} is cut off ({left:.0f}..{right:.0f})"
        if not name or len(name) > 3:  # buttons, not cards
            assert height >= 36, f"{name} is only {height:.0f}px high"


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(page: Page, site_url: str, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    RESULTS.mkdir(exist_ok=True)
    for name, (rules, save) in positions().items():
        lang = "zh" if name in ("play", "call") else "en"
        settings = json.dumps(
            {
                "rules": rules,
                "speed": "slow" if name == "throw" else "instant",
                "lang": lang,
                "four_color": name == "bury",
            }
        )
        load_position(page, site_url, {"tractor.settings": settings, "tractor.match": save})
        if name == "result":
            expect(page.get_by_test_id("hand-result")).to_be_visible()
        elif name == "match":
            expect(page.get_by_test_id("match-over")).to_be_visible()
        elif name == "call":
            expect(page.get_by_test_id("call-friend")).to_be_visible()
        else:
            wait_state(page, "toMove === '0'")
        if name == "bury":
            page.get_by_test_id("hint").click()
            expect(page.locator('[data-testid="hand"] [aria-pressed="true"]')).to_have_count(8)
        if name == "throw":
            select_cards(page, THROWS[save])
            page.get_by_test_id("play").click()
            expect(page.get_by_test_id("throw-failure")).to_be_visible()
        if name == "play":
            page.get_by_test_id("hint").click()
            expect(page.locator('[data-testid="hand"] [aria-pressed="true"]')).not_to_have_count(0)
        check_layout(page, width)
        page.screenshot(path=str(RESULTS / f"table-{name}-{width}x{height}.png"))
    bar_item(page, "settings").click()
    expect(page.get_by_test_id("settings-panel")).to_be_visible()
    check_layout(page, width)
    page.screenshot(path=str(RESULTS / f"settings-{width}x{height}.png"))

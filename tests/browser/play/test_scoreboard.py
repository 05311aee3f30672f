"""The scoreboard in the real page (issue 36): always visible in play, at 390×844 and
1280×800, in Chinese and English; one ``data-side="ours"`` and one ``data-side="theirs"``
part, each naming its level as the match in storage has it (the defending side's the
hand's, marked 庄/D); one short line in the bar, over neither the hand nor the trick; the
attackers' points following the tricks; the hand's result per side (``result-levels``).
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, expect
from test_sound_and_motion import play_once  # H, Enter, then seat 0's turn again
from tractor.match import Match
from tractor.rulecore import RANKS, TAKE_DEAL_POINTS
from tractor.save import dumps, loads
from web_helpers import advance, load_position, page_in, wait_state

pytestmark = pytest.mark.web

DECKS = 2
RULES = {"decks": DECKS}
"""Two decks, fixed partners: a later hand, so that the two sides' levels differ."""


@functools.cache
def later_hand() -> str:
    """A save in the second hand or later, seat 0 to lead, the sides at different levels."""
    match = advance(RULES, 3, lambda m: m.hand_no >= 1 and m.phase == "play"
                    and m.to_move == 0 and not m.trick and m.levels[0] != m.levels[1])
    assert isinstance(match, Match)
    return dumps(match)


@functools.cache
def hand_over() -> str:
    """A save at the end of a hand whose result moved a side's level."""
    match = advance(RULES, 3, lambda m: m.phase == "hand_over")
    assert isinstance(match, Match)
    return dumps(match)


def open_at(browser: Browser, site_url: str, save: str, lang: str,
            width: int, height: int) -> Any:
    context = page_in(browser, viewport={"width": width, "height": height})
    page = context.__enter__()
    settings = json.dumps({"rules": RULES, "speed": "instant", "lang": lang})
    load_position(page, site_url, {"tractor.match": save, "tractor.settings": settings})
    return context, page


def expected_sides(save: str) -> dict[str, tuple[str, bool]]:
    """Each side's level as the stored match says, and whether it defends."""
    wire = loads(save).observe(0).to_data()
    ours_defend = 0 in wire["defenders"]
    level, levels = RANKS[wire["level"]], [RANKS[n] for n in wire["levels"]]
    return {"ours": (level if ours_defend else levels[0], ours_defend),
            "theirs": (levels[1] if ours_defend else level, not ours_defend)}


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def apart(a: FloatRect, b: FloatRect) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def shown_points(page: Page) -> str:
    return page.locator("[data-testid=scoreboard] [data-testid=points]").inner_text()


@pytest.mark.parametrize(("lang", "width", "height"), [
    ("zh", 390, 844), ("en", 390, 844), ("zh", 1280, 800), ("en", 1280, 800)])
def test_the_scoreboard_names_both_sides_levels_in_one_line_clear_of_hand_and_trick(
        browser: Browser, site_url: str, lang: str, width: int, height: int) -> None:
    save = later_hand()
    context, page = open_at(browser, site_url, save, lang, width, height)
    try:
        wait_state(page, "phase === 'play' && toMove === '0'")
        board = page.locator("[data-testid=scoreboard]")
        expect(board).to_be_visible()
        expected = expected_sides(save)
        for side, (rank, defending) in expected.items():
            part = board.locator(f"[data-side={side}]")
            expect(part).to_have_count(1)
            text = part.inner_text()
            assert rank in text, (side, text, expected)
            mark = "庄" if lang == "zh" else "D"
            assert (mark in text) == defending, (side, text)
        assert expected["ours"][0] != expected["theirs"][0]
        assert shown_points(page) == f"0/{TAKE_DEAL_POINTS[DECKS]}"
        text = board.inner_text().replace("\n", "")
        line = board.evaluate("(e) => [e.getBoundingClientRect().height,"
                              " parseFloat(getComputedStyle(e).fontSize),"
                              " e.scrollWidth - e.clientWidth]")
        assert line[0] < 2.2 * line[1] and line[2] <= 1, (text, line)  # one line, not cut
        if width <= 400:
            assert len(text) <= 28, text
        scoreboard = box(page, "[data-testid=scoreboard]")
        assert scoreboard["x"] >= 0 and scoreboard["x"] + scoreboard["width"] <= width
        assert apart(scoreboard, box(page, "#hand")), "over the hand"
        assert apart(scoreboard, box(page, "#centre")), "over the trick's area"
        assert apart(scoreboard, box(page, "#controls")), "over the controls"
        page.screenshot(path=f"test-results/scoreboard-{lang}-{width}x{height}.png")
    finally:
        context.__exit__(None, None, None)


def test_the_attackers_points_follow_the_tricks(browser: Browser, site_url: str) -> None:
    context, page = open_at(browser, site_url, later_hand(), "en", 1280, 800)
    try:
        wait_state(page, "phase === 'play' && toMove === '0'")
        goal = TAKE_DEAL_POINTS[DECKS]
        for _ in range(12):  # a trick with points won by the attackers comes soon
            play_once(page)  # the hint's cards, on to seat 0's next turn
            points = loads(str(page.evaluate("() => localStorage.getItem('tractor.match')")))
            expect(page.locator("[data-testid=scoreboard] [data-testid=points]")).to_have_text(
                f"{points.attackers_points()}/{goal}")
            if points.attackers_points() > 0:
                break
        assert points.attackers_points() > 0, "no trick with points in twelve"
    finally:
        context.__exit__(None, None, None)


def test_the_hand_s_result_names_the_levels_per_side(browser: Browser, site_url: str) -> None:
    save = hand_over()
    match = loads(save)
    context, page = open_at(browser, site_url, save, "zh", 1280, 800)
    try:
        result = page.locator("[data-testid=hand-result]")
        expect(result).to_be_visible()
        levels = result.locator("[data-testid=result-levels]")
        expect(levels.locator("[data-side]")).to_have_count(2)
        ours = levels.locator("[data-side=ours]").inner_text()
        theirs = levels.locator("[data-side=theirs]").inner_text()
        assert ours.startswith("我方") and theirs.startswith("对方"), (ours, theirs)
        wire = match.observe(0).to_data()
        assert RANKS[wire["levels"][0]] in ours and RANKS[wire["levels"][1]] in theirs
        assert "→" in ours + theirs  # the winning side went up
        for name in ("你", "下家", "对家", "上家"):
            assert name not in levels.inner_text()
    finally:
        context.__exit__(None, None, None)

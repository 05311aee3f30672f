"""Issue 8, the controls: the table tried as a new player with the keyboard alone, in its
dialogs, at the Play button, with long plays, and while it loads.

Each test reproduced a defect on the table before it was fixed. Keys, pauses, messages,
the last trick and the language: ``test_new_player.py``, which shares these helpers.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from test_new_player import HAND, load, save_where, shot
from tractor.save import dumps, loads
from web_helpers import (
    advance,
    load_position,
    probe,
    select_cards,
    wait_ready,
    wait_state,
)

pytestmark = pytest.mark.web


# ---------------------------------------------------------------- 2. keyboard-only play


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_keyboard_only_whole_trick(page: Page, site_url: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    load(page, site_url, "lead")
    wait_state(page, "phase === 'play' && toMove === '0'")
    before = len(page.locator(HAND).all())
    page.keyboard.press("ArrowRight")  # nothing focused: the first card
    expect(page.locator("#card-0")).to_be_focused()
    page.keyboard.press("ArrowRight")
    card = page.locator("#card-1")
    expect(card).to_be_focused()
    outline = card.evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline != "none", "focus is visible"
    page.keyboard.press(" ")
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(card).to_be_focused()
    chosen = card.get_attribute("data-card")
    shot(page, f"keyboard-{size[0]}")
    page.keyboard.press("Enter")
    expect(page.locator(HAND)).to_have_count(before - 1)
    # The others play; when seat 0 moves again, hint and play with the keyboard only.
    wait_state(page, "(phase === 'play' && toMove === '0') || phase === 'hand_over'")
    if probe(page, "phase") == "play":
        page.keyboard.press("h")
        expect(page.locator(f"{HAND}[aria-pressed='true']").first).to_be_visible()
        page.keyboard.press("Enter")
        expect(page.locator(HAND)).to_have_count(before - 2)
    assert chosen
    expect(page.get_by_test_id("message")).to_have_count(0)


# ---------------------------------------------------------------- 3. dialogs


def test_settings_is_a_modal_that_keeps_and_gives_back_focus(page: Page, site_url: str) -> None:
    load(page, site_url, "lead")
    wait_state(page, "phase === 'play' && toMove === '0'")
    opener = page.get_by_test_id("settings")
    opener.focus()
    page.keyboard.press("Enter")
    panel = page.get_by_test_id("settings-panel")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("aria-modal", "true")
    expect(panel).to_have_attribute("aria-label", "Settings")
    inside = (
        "document.querySelector('[data-testid=settings-panel]').contains(document.activeElement)"
    )
    page.wait_for_function(inside)
    for key in ["Tab"] * 25 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        assert page.evaluate(inside), key
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    expect(opener).to_be_focused()


def test_the_hand_result_takes_focus_on_next_hand(page: Page, site_url: str) -> None:
    load(page, site_url, "hand_over")
    result = page.get_by_test_id("hand-result")
    expect(result).to_have_attribute("aria-modal", "true")
    expect(page.get_by_test_id("next-hand")).to_be_focused()


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_keyboard_hint_only_after_a_key_is_used_and_never_on_touch_screens(
        browser: Browser, site_url: str, touch: bool) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=touch, is_mobile=touch, locale="en-US"
    )
    try:
        page = context.new_page()
        page.goto(f"{site_url}index.html?seed=3&speed=instant")
        wait_ready(page)
        help_line = page.get_by_test_id("help")
        expect(help_line).to_have_count(0)  # nobody has used a key yet
        page.keyboard.press("ArrowRight")
        if touch:
            expect(help_line).to_be_hidden()
        else:
            expect(help_line).to_be_visible()
    finally:
        context.close()


# ---------------------------------------------------------------- 8. the Play button


def test_play_is_disabled_until_the_selection_can_be_a_play(page: Page, site_url: str) -> None:
    save = save_where("follow")
    led = len(loads(save).trick[0][1])
    load(page, site_url, "follow")
    wait_state(page, "phase === 'play' && toMove === '0'")
    play = page.get_by_test_id("play")
    expect(play).to_be_disabled()
    for index in range(led):
        page.locator(f"#card-{index}").click(position={"x": 8, "y": 14})
    expect(play).to_be_enabled()
    page.locator(f"#card-{led}").click(position={"x": 8, "y": 14})
    expect(play).to_be_disabled()
    expect(page.get_by_test_id("message")).to_have_count(0)


def test_a_message_does_not_move_the_hand(page: Page, site_url: str) -> None:
    save = save_where("lead")
    match = loads(save)
    assert match.trump is not None
    suits = {match.trump.suit[card]: str(card) for card in match.hand_cards(0)}
    if len(suits) < 2:
        pytest.skip("one suit only")
    load(page, site_url, "lead")
    wait_state(page, "phase === 'play' && toMove === '0'")
    hand = page.get_by_test_id("hand")
    box = hand.bounding_box()
    assert box is not None
    top = box["y"]
    select_cards(page, list(suits.values())[:2])
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("message")).to_be_visible()
    box = hand.bounding_box()
    assert box is not None and box["y"] == top


# ---------------------------------------------------------------- 9. long plays fit


@functools.cache
def long_trick_save(seed: int) -> str:
    """Three decks: seats 1-3 have played 7+ cards each and seat 0 is to follow."""
    match = advance(
        {"decks": 3}, seed,
        lambda m: m.phase == "play" and len(m.trick) == 3 and m.to_move == 0
        and len(m.trick[0][1]) >= 7,
        max_steps=20000,
    )
    assert match is not None
    return dumps(match)


def settle(page: Page) -> None:
    """Wait until the cards have landed (the plays' flights are over; a finished trick's
    gathering is not waited for: it ends when the trick leaves the table)."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.animationName !== 'from-seat'"
        " || a.playState !== 'running')")


def plays_fit(page: Page, grid: str, width: int) -> None:
    """Every card of every play on screen; no play covers another play or a seat."""
    settle(page)
    boxes = page.eval_on_selector_all(
        f'[data-testid="{grid}"] [data-seat]',
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " const cards = [...e.querySelectorAll('.card')].map(c => c.getBoundingClientRect());"
        " return {seat: e.dataset.seat, box: [r.left, r.top, r.right, r.bottom],"
        " cards: cards.map(c => [c.left, c.top, c.right, c.bottom])}; })",
    )
    seats = page.eval_on_selector_all(
        '[data-testid^="seat-"]',
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })",
    )
    assert len(boxes) >= 3

    def overlap(a: list[float], b: list[float]) -> bool:
        return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1

    for play in boxes:
        for card in play["cards"]:
            assert card[0] >= 0 and card[2] <= width, (play["seat"], card)
        for other in boxes:
            if other is not play:
                assert not overlap(play["box"], other["box"]), (play["seat"], other["seat"])
        for seat in seats:
            assert not overlap(play["box"], seat), (play["seat"], seat)


@pytest.mark.parametrize(
    ("seed", "size"),
    [(2, (390, 844)), (1, (390, 844)), (1, (1366, 768))],
    ids=["8-cards-phone", "10-cards-phone", "10-cards-desktop"],
)
def test_a_long_trick_stays_on_screen(
    page: Page, site_url: str, seed: int, size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    settings = '{"lang": "en", "speed": "slow"}'
    load_position(page, site_url, {"tractor.match": long_trick_save(seed),
                                   "tractor.settings": settings})
    wait_state(page, "phase === 'play' && toMove === '0'")
    shot(page, f"long-trick-{seed}-{size[0]}")
    plays_fit(page, "trick", size[0])
    page.keyboard.press("h")
    expect(page.locator(f"{HAND}[aria-pressed='true']").first).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("finished-trick").locator("[data-seat]")).to_have_count(4)
    shot(page, f"long-trick-{seed}-{size[0]}-done")
    plays_fit(page, "finished-trick", size[0])


# ---------------------------------------------------------------- 10. loading

RECORD_BOOT = """
window.__boot = [];
new MutationObserver(() => {
  const box = document.getElementById('boot');
  const bar = document.getElementById('boot-progress');
  if (!box || !bar) return;
  const last = window.__boot[window.__boot.length - 1];
  const now = {state: box.dataset.state, value: bar.value, max: bar.max,
               text: document.getElementById('boot-text').textContent};
  if (!last || last.text !== now.text || last.value !== now.value) window.__boot.push(now);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def test_loading_shows_a_real_progress_bar_then_the_table_getting_ready(
    page: Page, site_url: str, dist_dir: Path
) -> None:
    page.add_init_script(script=RECORD_BOOT)
    page.goto(f"{site_url}index.html?seed=3&speed=instant")
    expect(page.get_by_test_id("boot")).to_be_visible()  # the frame at once, no bare text
    wait_ready(page)
    expect(page.get_by_test_id("boot")).to_have_count(0)  # the table replaced it
    seen: list[dict[str, object]] = page.evaluate("window.__boot")
    pyodide = next((dist_dir / "pyodide").iterdir())
    total = sum((pyodide / name).stat().st_size
                for name in ("pyodide.asm.wasm", "python_stdlib.zip"))
    downloading = [s for s in seen if s["state"] == "downloading" and "MB" in str(s["text"])]
    assert downloading and all(s["max"] == total for s in downloading)
    partial = [s for s in downloading if 0 < float(str(s["value"])) < total]
    assert partial, "the bar moved with the bytes received"
    assert str(partial[-1]["text"]).endswith(f" / {total / 1048576:.1f} MB")
    assert str(partial[0]["text"]).startswith("Loading the game… ")
    assert any(s["state"] == "starting" and s["text"] == "Getting the table ready…"
               for s in seen)


def test_a_missing_runtime_file_is_said_in_words(page: Page, site_url: str) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site_url}index.html")
    boot = page.get_by_test_id("boot")
    expect(boot).to_have_attribute("data-state", "failed", timeout=60_000)
    expect(boot).to_contain_text("pyodide.asm.wasm")
    expect(boot).to_contain_text("404")
    shot(page, "load-failed")


def test_a_browser_without_webassembly_is_told_so(page: Page, site_url: str) -> None:
    page.add_init_script(script="delete window.WebAssembly;")
    page.goto(f"{site_url}index.html")
    boot = page.get_by_test_id("boot")
    expect(boot).to_have_attribute("data-state", "failed")
    expect(boot).to_contain_text("WebAssembly")

"""A selected card is drawn whole and in its own colours (issue 36, "Found" 8: "a selected
card once drew half grey, half dark").

The cause: the hand's cards are buttons, and the buttons' hover shade (a translucent
black, ``button:hover`` in web/style.css) outranked the card's white: a card under a mouse
let the card beneath it show through grey and, where a selected card rises above its
neighbours, the felt dark. Checked in Chromium at every size on one page each, for the
first, a middle, the last, a trump, a kitty and a second-row card, each under the mouse
after its click and once the lift's transition ended: every point of the card's face
that shows no ink is the card's own opaque colour (pixels of a screenshot), and nothing
but the hand's other cards lies over it (``document.elementFromPoint``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pixels import decode_png
from playwright.sync_api import Browser, Locator, Page
from test_table_layout import page_url, position
from test_table_layout import _site as _site  # the autouse fixture: the site's address
from web_helpers import LOAD_TIMEOUT_MS

pytestmark = pytest.mark.web

HAND = '[data-testid="hand"] [data-card]'

LOOK = """(card) => {
  const r = card.getBoundingClientRect();
  const style = getComputedStyle(card);
  const ink = [...card.children];
  const inset = parseFloat(style.borderTopWidth) + 2;
  const radius = parseFloat(style.borderTopLeftRadius) + 2;
  const band = /inset/.test(style.boxShadow)  // the kitty's mark: a band at the bottom
    ? Math.abs(parseFloat(style.boxShadow.match(/-?[0-9.]+px/g)[1])) + 2 : 0;
  const step = Math.max(2, Math.round(Math.min(r.width, r.height) / 20));
  const name = (e) => e ? e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ').join('.')
       : '') : 'nothing';
  const points = [], over = new Set();
  for (let y = Math.floor(r.top + inset) + 0.5; y < r.bottom - inset - band; y += step) {
    for (let x = Math.floor(r.left + inset) + 0.5; x < r.right - inset; x += step) {
      const nearX = x < r.left + radius || x > r.right - radius;
      const nearY = y < r.top + radius || y > r.bottom - radius;
      if (nearX && nearY) continue;  // a rounded corner
      const top = document.elementFromPoint(x, y);
      if (!card.contains(top) && !(top && top.closest('#hand [data-card]'))) over.add(name(top));
      points.push([x, y]);
    }
  }
  // The card's own colour: where it is on top, with its ink (corner, face) hidden, four
  // pixels away from the edges and shadows of the other cards.
  for (const part of ink) part.style.visibility = 'hidden';
  const mine = (x, y) => card.contains(document.elementFromPoint(x, y));
  const blank = points.filter(([x, y]) => [[0, 0], [-4, 0], [4, 0], [0, -4], [0, 4]]
    .every(([a, b]) => mine(x + a, y + b)));
  return {card: card.dataset.card, classes: card.className, background: style.backgroundColor,
          rect: [r.left, r.top, r.width, r.height], blank, over: [...over]};
}"""
"""What covers a hand card, and the points where the card itself is on top, with its ink
hidden until ``SHOW_INK`` (the screenshot is taken in between)."""

SHOW_INK = "(card) => { for (const part of card.children) part.style.visibility = ''; }"

TOLERANCE = 3
"""How far (per channel, 0-255) a blank pixel may be from the card's colour."""


def colour(css: str) -> tuple[tuple[int, int, int], float]:
    """``rgb(...)`` or ``rgba(...)`` as its channels and its alpha."""
    parts = [float(p) for p in css[css.index("(") + 1:-1].split(",")]
    return (round(parts[0]), round(parts[1]), round(parts[2])), parts[3] if len(parts) > 3 else 1.0


def settled(card: Locator) -> None:
    """Wait until the card's lift (a transition) and any animation of it or its parts ended."""
    card.page.wait_for_function("(c) => c.getAnimations({subtree: true}).length === 0",
                                arg=card.element_handle(), timeout=10_000)


def look_problems(page: Page, card: Locator) -> list[str]:
    """Everything wrong with how ``card`` is drawn now (empty when it is whole)."""
    settled(card)
    look: dict[str, Any] = card.evaluate(LOOK)
    name = f"{look['card']} ({look['classes']})"
    problems = [f"{name}: {what} lies over it" for what in look["over"]]
    rgb, alpha = colour(look["background"])
    if alpha < 1:
        problems.append(f"{name}: its background {look['background']} lets what is beneath show")
    left, top, width, height = (int(v) for v in look["rect"])
    clip = {"x": left, "y": top, "width": width + 2, "height": height + 2}
    try:
        shot_w, _, pixels = decode_png(page.screenshot(clip=clip))
    finally:
        card.evaluate(SHOW_INK)
    off = []
    for x, y in look["blank"]:
        got = pixels[(int(y) - top) * shot_w + int(x) - left]
        if max(abs(a - b) for a, b in zip(got, rgb, strict=True)) > TOLERANCE:
            off.append((round(x - look["rect"][0]), round(y - look["rect"][1]), got))
    if not look["blank"]:
        problems.append(f"{name}: no blank point found to check")
    if off:
        problems.append(f"{name}: {len(off)} of {len(look['blank'])} blank points are not "
                        f"its colour {rgb}: {off[:6]}")
    return problems


def open_at(browser: Browser, size: tuple[int, int], decks: int, moment: str,
            **settings: Any) -> Page:
    """A page of ``size`` at a stored position (test_table_layout.position), with settings."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    stored = {"rules": {"decks": decks}, "speed": "normal", "lang": "en", **settings}
    page.add_init_script(
        script=f"localStorage.setItem('tractor.settings', {json.dumps(json.dumps(stored))});"
        f"localStorage.setItem('tractor.match', {json.dumps(position(decks, moment))});")
    page.goto(page_url(browser))
    page.wait_for_selector(HAND, timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function(
        "(m) => document.querySelector('[data-testid=phase]')?.textContent === m",
        arg=moment, timeout=LOAD_TIMEOUT_MS)
    return page


def click_card(card: Locator) -> None:
    """Click a hand card in its visible strip, high enough that the mouse stays on it once
    it rises (a first-row card's lower part lies under the second row)."""
    box = card.bounding_box()
    assert box is not None
    card.click(position={"x": min(6, box["width"] / 4), "y": box["height"] * 0.3})


def targets(page: Page) -> dict[str, int]:
    """The cards to select, by what they are: first, last, a trump, a plain middle card, a
    kitty card, the first of the second row."""
    return page.evaluate("""() => {
      const cards = [...document.querySelectorAll('#hand [data-card]')];
      const at = (test) => cards.findIndex(test);
      const rows = [...document.querySelectorAll('#hand .hand-row')];
      const found = {first: 0, last: cards.length - 1,
        trump: at((c, i) => i > 0 && c.classList.contains('trump')),
        plain: at((c, i) => i > 0 && i < cards.length - 1 && !c.classList.contains('trump')),
        kitty: at((c) => c.classList.contains('from-kitty')),
        'second row': rows.length > 1 && getComputedStyle(rows[1]).display === 'flex'
          ? cards.indexOf(rows[1].firstElementChild) : -1};
      return Object.fromEntries(Object.entries(found).filter(([, i]) => i >= 0));
    }""")


SIZES: dict[str, tuple[tuple[int, int], int, str, dict[str, Any]]] = {
    "phone": ((390, 844), 3, "bury", {}),  # two rows, the kitty's cards marked
    "phone-sideways": ((844, 390), 2, "play", {"speed": "fast"}),
    "phone-low": ((844, 360), 1, "play", {"speed": "slow"}),
    "laptop": ((1280, 800), 3, "bury", {"four_color": True}),  # two rows on a wide screen
    "desktop": ((1920, 1080), 2, "play", {"card_counter": True}),
}
"""One page per size: the viewport, the decks, the moment and the settings it is seen with."""


@pytest.mark.parametrize("name", SIZES)
def test_a_selected_card_is_drawn_whole_in_its_own_colour(browser: Browser, name: str) -> None:
    """Each target card selected by a click (the mouse stays on it), then with the mouse
    away; then an unselected card under the mouse: no band of another shade anywhere."""
    size, decks, moment, settings = SIZES[name]
    page = open_at(browser, size, decks, moment, **settings)
    cards = page.locator(HAND)
    problems: list[str] = []
    chosen = targets(page)
    for what, index in chosen.items():
        card = cards.nth(index)
        if card.get_attribute("aria-pressed") != "true":  # smart selection may have taken it
            click_card(card)
        problems += [f"{what}, under the mouse: {p}" for p in look_problems(page, card)]
    page.mouse.move(1, 1)
    for what, index in chosen.items():
        problems += [f"{what}, the mouse away: {p}" for p in look_problems(page, cards.nth(index))]
    loose = page.locator(HAND + '[aria-pressed="false"]').last
    box = loose.bounding_box()
    assert box is not None
    loose.hover(position={"x": min(6, box["width"] / 4), "y": box["height"] * 0.3})
    problems += [f"an unselected card under the mouse: {p}" for p in look_problems(page, loose)]
    assert not problems, "\n".join(problems)
    page.close()

"""A selected card is drawn whole and in its own colour (issue 36, "Found" 8: "a selected
card once drew half grey, half dark").

The cause: the hand's cards are buttons, and the buttons' hover shade (a translucent
black, ``button:hover`` in web/style/base.css) outranked the card's white: a card under the
mouse let the card beneath it show through grey and, where a selected card rises above
its neighbours, the felt dark. Checked in Chromium on one page resized to every size
(the positions come in by the page's own Import): the first, a middle, the last, a trump,
a kitty and a second-row card, each selected by a click that leaves the mouse on it, then
with the mouse away, then an unselected card under the mouse. Once a card's lift (a
transition) has ended, every point where the card itself is on top, its ink (corner and
face) hidden, is the card's own opaque colour in a screenshot, and nothing but the hand's
other cards lies over it (``document.elementFromPoint``).
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page
from test_table_layout import _site as _site  # the autouse fixture: the site's address
from test_table_layout import open_position, position
from test_table_parts_apart import choose, import_record

pytestmark = pytest.mark.web

HAND = '[data-testid="hand"] [data-card]'
LOOKED = '#hand [data-card]:is(.sel, :hover)'
"""The cards looked at: every selected card and the card under the mouse."""
HOVERED = '#hand [data-card]:hover'
"""The card under the mouse."""

LOOK = """(cards) => cards.map((card) => {
  const r = card.getBoundingClientRect();
  const style = getComputedStyle(card);
  const inset = parseFloat(style.borderTopWidth) + 2;
  const radius = parseFloat(style.borderTopLeftRadius) + 2;
  const band = /inset/.test(style.boxShadow)  // the kitty's mark: a band at the bottom
    ? Math.abs(parseFloat(style.boxShadow.match(/-?[0-9.]+px/g)[1])) + 2 : 0;
  const step = Math.max(2, Math.round(Math.min(r.width, r.height) / 14));
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
  // Its own colour: where it is on top with its ink (corner, face) hidden, five pixels
  // away from the edges and shadows of the other cards. The ink comes back after the
  // screenshot (SHOW_INK).
  for (const part of card.children) part.style.visibility = 'hidden';
  const mine = (x, y) => card.contains(document.elementFromPoint(x, y));
  const blank = points.filter(([x, y]) => [[0, 0], [-5, 0], [5, 0], [0, -5], [0, 5]]
    .every(([a, b]) => mine(x + a, y + b)));
  return {card: `${card.dataset.card} (${card.className})`, background: style.backgroundColor,
          blank, over: [...over]};
})"""
"""For each card: its colour, what lies over it, the points where it is on top."""

SHOW_INK = """(cards) => {
  for (const card of cards) for (const part of card.children) part.style.visibility = ''; }"""

PIXELS = """async ({png, points}) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], {type: 'image/png'}),
    {colorSpaceConversion: 'none', premultiplyAlpha: 'none'});
  const pen = new OffscreenCanvas(image.width, image.height).getContext('2d');
  pen.drawImage(image, 0, 0);
  const data = pen.getImageData(0, 0, image.width, image.height).data;
  return points.map(([x, y]) => [...data.slice((y * image.width + x) * 4).slice(0, 3)]);
}"""
"""The colours at whole-pixel ``points`` of a screenshot (a PNG in base64), read by the page."""

SETTLED = """() => [...document.querySelectorAll('#hand [data-card]')]
  .every((c) => c.getAnimations({subtree: true}).length === 0)"""
"""No hand card is moving (its lift, a hover's rise, a shake) or fading in."""

TOLERANCE = 8
"""How far (per channel, 0-255) a pixel may be from the card's colour: the faint edge of a
raised neighbour's shadow, not a veil (a black one of 5% opacity already darkens white by 13)."""


def colour(css: str) -> tuple[list[int], float]:
    """``rgb(...)`` or ``rgba(...)`` as its channels and its alpha."""
    parts = [float(p) for p in css[css.index("(") + 1:-1].split(",")]
    return [round(p) for p in parts[:3]], parts[3] if len(parts) > 3 else 1.0


def colours_at(page: Page, cards: Locator, points: list[list[float]]) -> list[list[int]]:
    """The colours at ``points`` in a screenshot of the screen down to the hand's bottom,
    taken while ``cards`` have their ink hidden (``LOOK``, ``BAND``), which comes back
    after it (``SHOW_INK``)."""
    hand, screen = page.locator("#hand").bounding_box(), page.viewport_size
    assert hand is not None and screen is not None
    try:
        png = page.screenshot(clip={"x": 0, "y": 0, "width": screen["width"],
                                    "height": min(screen["height"],
                                                  int(hand["y"] + hand["height"]) + 1)})
    finally:
        cards.evaluate_all(SHOW_INK)
    whole = [[int(x), int(y)] for x, y in points]
    found: list[list[int]] = page.evaluate(
        PIXELS, {"png": base64.b64encode(png).decode(), "points": whole})
    return found


def look_problems(page: Page, where: str, looked: str = LOOKED) -> list[str]:
    """What is wrong with how the cards ``looked`` (a selector) are drawn."""
    page.wait_for_function(SETTLED, timeout=10_000)
    cards = page.locator(looked)
    looks: list[dict[str, Any]] = cards.evaluate_all(LOOK)
    shot = iter(colours_at(page, cards, [p for look in looks for p in look["blank"]]))
    problems = []
    for look in looks:
        name = f"{where}: {look['card']}"
        problems += [f"{name}: {what} lies over it" for what in look["over"]]
        rgb, alpha = colour(look["background"])
        if alpha < 1:
            problems.append(f"{name}: its colour {look['background']} lets what is beneath show")
        off = [(x, y, got) for (x, y), got in zip(look["blank"], shot, strict=False)
               if max(abs(a - b) for a, b in zip(got, rgb, strict=True)) > TOLERANCE]
        if not look["blank"]:
            problems.append(f"{name}: no point of it to check")
        if off:
            problems.append(f"{name}: {len(off)} of {len(look['blank'])} points are not its "
                            f"colour {rgb}: {off[:4]}")
    return problems


def click_card(page: Page, index: int) -> None:
    """Click a hand card in its visible strip, high enough that the mouse stays on it once
    it rises (a first-row card's lower part lies under the second row)."""
    card = page.locator(HAND).nth(index)
    box = card.bounding_box()
    assert box is not None
    card.click(position={"x": min(6, box["width"] / 4), "y": box["height"] * 0.3})


TARGETS = """() => {
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
}"""
"""The cards to select, by what they are (those the hand holds)."""

LOOSE = """() => [...document.querySelectorAll('#hand [data-card]')].findLastIndex((c) =>
  c.getAttribute('aria-pressed') === 'false' && !(c.nextElementSibling
    && c.nextElementSibling.getAttribute('aria-pressed') === 'true'))"""
"""An unselected card whose right-hand neighbour is not raised (its shadow would fall on it)."""


BAND = """(cards) => cards.map((card) => {
  const r = card.getBoundingClientRect();
  const style = getComputedStyle(card);
  const radius = parseFloat(style.borderBottomLeftRadius) + 2;
  const y = Math.floor(r.bottom - parseFloat(style.borderBottomWidth) - 2) + 0.5;
  for (const part of card.children) part.style.visibility = 'hidden';
  const mine = (x) => [-4, 0, 4].every((d) => card.contains(document.elementFromPoint(x + d, y)));
  const points = [];
  for (let x = Math.floor(r.left + radius) + 0.5; x < r.right - radius; x += 3) {
    if (mine(x)) points.push([x, y]);
  }
  return {card: `${card.dataset.card} (${card.className})`, points};
})"""
"""For each selected kitty card: the points of its bottom band where the card is on top."""

KITTY_BAND = [11, 127, 115]
"""The band that marks a card taken from the kitty (#0b7f73 in web/style/hand.css)."""


def band_problems(page: Page, where: str) -> list[str]:
    """Every selected card taken from the kitty still shows the kitty's band at its bottom
    (the selection's ring once replaced it, so a card to bury no longer said where it came
    from)."""
    page.wait_for_function(SETTLED, timeout=10_000)
    cards = page.locator("#hand [data-card].from-kitty.sel")
    bands: list[dict[str, Any]] = cards.evaluate_all(BAND)
    if not bands:
        return [f"{where}: no selected card from the kitty"]
    shot = iter(colours_at(page, cards, [p for band in bands for p in band["points"]]))
    problems = []
    for band in bands:
        got = [next(shot) for _ in band["points"]]
        marked = [c for c in got if max(abs(a - b) for a, b in zip(c, KITTY_BAND, strict=True))
                  <= 3 * TOLERANCE]
        if not got:
            problems.append(f"{where}: {band['card']}: no point of its band to check")
        elif len(marked) * 2 < len(got):
            problems.append(f"{where}: {band['card']}: {len(got) - len(marked)} of {len(got)} "
                            f"points of its bottom band are not the kitty's {KITTY_BAND}: "
                            f"{got[:4]}")
    return problems


def selection_problems(page: Page, name: str) -> list[str]:
    """Select each target card by a click and look; the mouse away; an unselected card
    under the mouse."""
    problems = []
    for what, index in page.evaluate(TARGETS).items():
        if page.locator(HAND).nth(index).get_attribute("aria-pressed") != "true":
            click_card(page, index)  # (smart selection may have taken it with another)
        problems += look_problems(page, f"{name}, {what} under the mouse", HOVERED)
    page.mouse.move(1, 1)
    problems += look_problems(page, f"{name}, the mouse away")
    if page.locator("#hand [data-card].from-kitty").count():
        problems += band_problems(page, f"{name}, the mouse away")
    loose = page.locator(HAND).nth(page.evaluate(LOOSE))
    box = loose.bounding_box()
    assert box is not None
    loose.hover(position={"x": min(6, box["width"] / 4), "y": box["height"] * 0.3})
    problems += look_problems(page, f"{name}, an unselected card under the mouse", HOVERED)
    return problems


SIZES: dict[str, tuple[tuple[int, int], int, str, dict[str, str]]] = {
    "phone": ((390, 844), 3, "bury", {}),  # two rows, the kitty's cards marked
    "phone-sideways": ((844, 390), 2, "play", {"speed": "fast"}),
    "phone-low": ((844, 360), 1, "play", {"speed": "slow"}),
    "laptop": ((1280, 800), 3, "bury", {"four_color": "true"}),  # two rows on a wide screen
    "desktop": ((1920, 1080), 2, "play", {"card_counter": "true"}),
}
"""Each size: the decks, the moment and the settings it is seen with."""


def test_a_selected_card_is_drawn_whole_in_its_own_colour(browser: Browser,
                                                         tmp_path: Path) -> None:
    page = open_position(browser, SIZES["phone"][0], 3, "bury", speed="normal")
    problems: list[str] = []
    for name, (size, decks, moment, settings) in SIZES.items():
        page.set_viewport_size({"width": size[0], "height": size[1]})
        if name != "phone":
            import_record(page, position(decks, moment), tmp_path)
        for option, value in settings.items():
            choose(page, option, value)
        page.wait_for_function(
            "(m) => document.querySelector('[data-testid=phase]')?.textContent === m",
            arg=moment)
        problems += selection_problems(page, name)
    assert not problems, "\n".join(problems)
    page.close()

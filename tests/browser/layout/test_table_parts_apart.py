"""No part of the table covers another (issue 36): every size (the four viewports of
``test_table_layout.py`` and a low phone held sideways), every language, 1, 2 and 3 decks,
one page per viewport, the positions coming in by the page's own Import; the bar's
share of the screen, the replay (``test_replay_layout.check_replay``), the log and the
records at each size. Shares the geometry and the positions of ``test_table_layout.py``
(which checks the cards' sizes, the selection, the motion and the replay's hands)."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from test_replay_layout import SIZES, check_replay
from test_table_layout import (
    GEOMETRY,
    MIN_CARD_WIDTH,
    MIN_CARD_WIDTH_TWO_DECKS,
    RESULTS,
    check_corners,
    check_log_and_records,
    check_table,
    finished_hand,
    open_position,
    overlap,
    position,
)
from test_table_layout import _site as _site  # the autouse fixture: the site's address
from tractor.save import dumps
from web_helpers import advance, bar_item, steady_read

pytestmark = pytest.mark.web


# ------------------------------------------------------------------ issue 36: every size,
# every language, one page per viewport (positions come in by the page's own Import)

LANGS = ("zh", "zh-Hant", "en")
BAR_SHARE_PORTRAIT = 0.12
"""The bar's height at most this share of an upright phone's screen."""

PARTS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const shown = (e) => e && e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== 'hidden';
  const one = (sel) => { const e = document.querySelector(sel); return shown(e) ? box(e) : null; };
  const texts = (sel) => [...document.querySelectorAll(sel)].filter(shown).map((e) => {
    const r = document.createRange(); r.selectNodeContents(e); return box(r); });
  const bar = document.querySelector('#bar');
  return {
    scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
    bar: box(bar), barCut: bar.scrollWidth > bar.clientWidth + 1,
    status: texts('#footer .status'), counter: one('[data-testid=counter]'),
    hand: [...document.querySelectorAll('[data-testid="hand"] [data-card]')]
      .filter((c) => c.getAnimations().length === 0).map(box),  // not a card flying in
    scoreCut: [...document.querySelectorAll('[data-testid=scoreboard]')]
      .some((s) => s.scrollWidth > s.clientWidth + 1),
    seats: [0, 1, 2, 3].map((s) => one(`[data-testid="seat-${s}"]`)),
    avatars: [0, 1, 2, 3].map((s) => one(`[data-testid="seat-${s}"] .avatar`)),
    cards: [...document.querySelectorAll('#centre .play [data-card], .deck .back')].map(box),
    captions: texts('#centre .play-caption, #centre .centre-note, .deck span:not(.back)'),
    controls: [...document.querySelectorAll('#controls button, #bar button, #bar a, #bar select')]
      .filter(shown).map(box),
    fontPx: parseFloat(getComputedStyle(document.querySelector('#footer .status')).fontSize),
    factsBroken: [0, 1, 2, 3].filter((s) => {  // a seat's fact split, or a line begun by a ·
      const facts = [...document.querySelectorAll(`[data-testid="seat-${s}"] .seat-meta span`)]
        .filter(shown);
      const tops = (e) => { const r = document.createRange(); r.selectNodeContents(e);
        return [...r.getClientRects()].filter((x) => x.width > 0).map((x) => x.top); };
      return facts.some((fact, i) => {
        const own = tops(fact.firstChild);
        if (Math.max(...own) - Math.min(...own) > 2) return true;
        if (i === 0 || getComputedStyle(fact).display === 'block') return false;
        const before = tops(facts[i - 1].firstChild);
        return Math.abs(fact.getClientRects()[0].top - before[before.length - 1]) > 2;
      }); }),
  };
}"""


def clashes(parts: dict[str, Any]) -> list[str]:
    """Every overlap between the table's parts that must stay apart."""
    named: list[tuple[str, dict[str, float]]] = []
    named += [(f"seat-{s}", b) for s, b in enumerate(parts["seats"]) if b]
    named += [(f"trick card {i}", b) for i, b in enumerate(parts["cards"])]
    named += [(f"caption {i}", b) for i, b in enumerate(parts["captions"])]
    named += [("status", b) for b in parts["status"]]
    named += [(f"control {i}", b) for i, b in enumerate(parts["controls"])]
    if parts["counter"]:
        named.append(("counter", parts["counter"]))
    if parts["hand"]:
        hand = {"x": min(c["x"] for c in parts["hand"]), "y": min(c["y"] for c in parts["hand"]),
                "r": max(c["r"] for c in parts["hand"]), "b": max(c["b"] for c in parts["hand"])}
        named.append(("hand", hand))
    found = []
    for i, (a_name, a) in enumerate(named):
        for b_name, b in named[i + 1:]:
            same = a_name.split()[0] == b_name.split()[0] and a_name.startswith("trick")
            if not same and overlap(a, b):
                found.append(f"{a_name} / {b_name}")
    return found


def avatars_missing(parts: dict[str, Any]) -> list[str]:
    """Each seat whose round avatar (issue 36) is hidden, empty or out of its seat's box."""
    missing = []
    for seat, (box, face) in enumerate(zip(parts["seats"], parts["avatars"], strict=True)):
        inside = box and face and face["w"] > 0 and face["h"] > 0 and (
            face["x"] >= box["x"] - 0.5 and face["r"] <= box["r"] + 0.5
            and face["y"] >= box["y"] - 0.5 and face["b"] <= box["b"] + 0.5)
        if not inside:
            missing.append(f"seat-{seat} shows no avatar inside its box")
    return missing


def import_record(page: Page, record: str, tmp: Path) -> None:
    """Play on from ``record`` through Settings → Import (no page load)."""
    path = tmp / "position.json"
    path.write_text(record)
    bar_item(page, "settings").click()
    page.get_by_test_id("import").set_input_files(path)
    page.get_by_test_id("confirm-yes").click()
    page.wait_for_selector('[data-testid="confirm"]', state="detached")


def choose_language(page: Page, lang: str) -> None:
    bar_item(page, "settings").click()
    page.get_by_test_id("option-lang").select_option(lang)
    page.get_by_test_id("close-settings").click()
    page.wait_for_selector('[data-testid="settings-panel"]', state="detached")


def choose(page: Page, option: str, value: str) -> None:
    """Set a display option through Settings (no page load)."""
    bar_item(page, "settings").click()
    page.get_by_test_id(f"option-{option}").select_option(value)
    page.get_by_test_id("close-settings").click()
    page.wait_for_selector('[data-testid="settings-panel"]', state="detached")


@functools.cache
def dealing(decks: int) -> str:
    """A match halfway through the deal (the deck in the middle)."""
    match = advance({"decks": decks}, 1, lambda m: m.phase == "deal" and m.dealt >= 40)
    assert match is not None
    return dumps(match)


CUT_OPTIONS = """() => { const pen = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('[data-testid=settings-panel] select')].flatMap((s) => {
    const style = getComputedStyle(s); pen.font = `${style.fontSize} ${style.fontFamily}`;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      - 20;  // the arrow
    return [...s.options].filter((o) => pen.measureText(o.text).width > room)
      .map((o) => o.text); }); }"""
"""Settings' options whose words a select would cut when chosen (issue 36)."""


DISABLED_LOOKS_PRESSABLE = """(b) => { const [r, g, bl] = getComputedStyle(b).backgroundColor
  .match(/[\\d.]+/g).map(Number); return b.disabled && r > 120 && g > 100 && bl < 90; }"""
"""A disabled button still coloured gold (issue 36: an olive-yellow Play looked pressable)."""


def table_problems(page: Page, where: str, width: int, height: int) -> list[str]:
    """What is wrong with the table as drawn now: overlaps, scrolling, a cut or tall bar."""
    parts = steady_read(page, PARTS)
    problems = [f"{where}: {clash}" for clash in clashes(parts)]
    if parts["scrollW"] > width or parts["scrollH"] > height:
        problems.append(f"{where}: the page scrolls")
    problems += [f"{where}: {missing}" for missing in avatars_missing(parts)]
    problems += [f"{where}: seat {seat}'s facts split or a line starts with ·"
                 for seat in parts["factsBroken"]]
    if parts["barCut"] or parts["scoreCut"]:
        problems.append(f"{where}: the bar is cut (it scrolls sideways)")
    if height > width and parts["bar"]["h"] > BAR_SHARE_PORTRAIT * height:
        problems.append(f"{where}: the bar is {parts['bar']['h']:.0f} px high")
    if width >= 1920 and parts["fontPx"] < 20:
        problems.append(f"{where}: the status line is {parts['fontPx']} px on a big screen")
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"layout-{where.replace(' ', '-')}.png"))
    return problems


@pytest.mark.parametrize("name", list(SIZES))
def test_no_part_of_the_table_covers_another_at_any_size_language_or_deck_count(
        browser: Browser, name: str, tmp_path: Path) -> None:
    """Trick cards, captions, the turn line, seats, controls, counter and hand stay apart
    (with the counter on, the last trick shown, the log open, and while dealing); the page
    never scrolls; each play lies beside its seat; every seat shows its avatar inside its
    box; the hand's cards are at least the sizes
    of docs/table.md (in play with two decks; the fullest hand, burying); an upright phone's
    bar takes at most 12% of the screen; a big screen's text is larger; the replay of a
    finished hand (2 and 3 decks), the log, past hands and Settings fit (issues 25, 36)."""
    width, height = SIZES[name]
    page = open_position(browser, (width, height), 1, "play", lang="en", has_touch=width < 900)
    choose(page, "card_counter", "true")
    problems = []
    if page.get_by_test_id("play").evaluate(DISABLED_LOOKS_PRESSABLE):
        problems.append(f"{name}: the disabled Play button keeps the gold of a pressable one")
    for decks in (1, 2, 3):
        if decks > 1:
            import_record(page, position(decks, "play"), tmp_path)
        for lang in LANGS:
            choose(page, "lang", lang)
            page.wait_for_function("() => document.querySelectorAll("
                                   "'[data-testid=trick] [data-seat]').length === 3")
            problems += table_problems(page, f"{name} {decks}decks {lang}", width, height)
        geometry = page.evaluate(GEOMETRY)
        check_table(geometry, width, height)
        check_corners(page)
        text = page.evaluate("() => document.body.innerText")  # the last language: en
        assert not re.search(r"\b[BS]J\b", text), "a joker is written BJ/SJ"
        if decks == 2 and name in MIN_CARD_WIDTH_TWO_DECKS:
            assert min(c["w"] for c in geometry["hand"]) >= MIN_CARD_WIDTH_TWO_DECKS[name]
    page.get_by_test_id("last-trick").click()  # four plays, your own among them
    page.wait_for_selector('[data-testid="last-trick-view"] [data-seat="0"]')
    if not (page.get_by_test_id("last-trick").text_content() or "").strip():
        problems.append(f"{name}: the Last trick button lost its label")
    problems += table_problems(page, f"{name} last-trick en", width, height)
    page.get_by_test_id("last-trick").click()
    page.get_by_test_id("log-toggle").click()
    page.wait_for_selector('[data-testid="log"]')
    problems += [f"{name} log: {clash}" for clash in log_clashes(page)]
    page.screenshot(path=str(RESULTS / f"layout-{name}-log-en.png"))
    page.get_by_test_id("log-toggle").click()
    for decks in (2, 3):  # the fullest hands: burying the kitty
        import_record(page, position(decks, "bury"), tmp_path)
        page.wait_for_function("() => document.querySelector('[data-testid=phase]')"
                               "?.textContent === 'bury'")
        geometry = page.evaluate(GEOMETRY)
        assert len(geometry["hand"]) == {2: 33, 3: 45}[decks]
        check_table(geometry, width, height)
        assert min(c["w"] for c in geometry["hand"]) >= MIN_CARD_WIDTH.get(name, 30)
        check_corners(page)
        problems += table_problems(page, f"{name} {decks}decks-bury en", width, height)
    choose(page, "lang", "zh")
    for decks in (2, 3):  # a finished hand's replay, then the log and past hands
        import_record(page, finished_hand(decks), tmp_path)
        page.wait_for_selector('[data-testid="hand-over"]')
        check_replay(page, name, width, height, decks)
    check_log_and_records(page, name, width, height)
    choose(page, "lang", "en")
    bar_item(page, "settings").click()
    problems += [f"{name}: Settings cuts the option {cut!r}"
                 for cut in page.evaluate(CUT_OPTIONS)]
    page.get_by_test_id("close-settings").click()
    choose(page, "speed", "slow")
    import_record(page, dealing(3), tmp_path)
    page.wait_for_selector('[data-testid="deck"]')
    problems += table_problems(page, f"{name} dealing en", width, height)
    page.close()
    assert not problems, "\n".join(problems)


LOG_CLASHES = """() => {
  const box = (e) => e.getBoundingClientRect();
  const log = box(document.querySelector('#log'));
  const hits = (r) => Math.min(r.right, log.right) - Math.max(r.left, log.left) > 1
    && Math.min(r.bottom, log.bottom) - Math.max(r.top, log.top) > 1;
  const parts = [['hand', '[data-testid=hand] [data-card]'], ['control', '#controls button'],
                 ['bar', '#bar button']];
  const names = [...document.querySelectorAll('.log-points-name')].filter((n) => {
    const r = document.createRange(); r.selectNodeContents(n);
    const cards = n.nextElementSibling;
    return cards && r.getBoundingClientRect().right > box(cards).left + 0.5; });
  return parts.flatMap(([name, sel]) => [...document.querySelectorAll(sel)]
    .filter((e) => hits(box(e))).map(() => name)).filter((n, i, all) => all.indexOf(n) === i)
    .concat(names.length ? ['name'] : []);
}"""


def log_clashes(page: Page) -> list[str]:
    """What the open hand log covers of the hand, the controls and the bar's buttons; a
    side's name in it that runs into its cards."""
    return [f"the log covers the {part}" if part != "name" else "a side's name runs into its"
            " point cards" for part in page.evaluate(LOG_CLASHES)]

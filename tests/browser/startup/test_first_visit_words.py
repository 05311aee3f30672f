"""The first visit in a player's words (issue 34, point 5): while the game downloads and
while the table gets ready, nothing on screen names the machinery (Python, Pyodide, the
engine) in any language; the progress line is in the player's language and, on a phone
held either way, stays on screen beside the seats.

The runtime is held back with ``page.route``: its WebAssembly, so that the download's
line is shown, then the engine's wheel, so that the last step's line is shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from test_languages import foreign_words
from web_helpers import page_in

pytestmark = pytest.mark.web

LOCALES = {"en-US": "en", "zh-CN": "zh", "zh-TW": "zh-Hant"}
"""A first visit's browser locale and the table's language for it."""
DOWNLOADING = {"en": "Loading the game… ", "zh": "正在加载游戏… ", "zh-Hant": "正在載入遊戲… "}
"""How the progress line starts while the game downloads ("… 3.1 / 11.6 MB")."""
READYING = {"en": "Getting the table ready…", "zh": "正在准备牌桌…", "zh-Hant": "正在準備牌桌…"}
"""The line once the download is done."""
MACHINERY = re.compile(r"python|pyodide|engine|引擎|micropython|webassembly|wasm", re.I)
PAINTED = "() => document.querySelector('#table')?.dataset.painted"
ON_SCREEN = """() => {
  const attributes = [...document.querySelectorAll('[aria-label], [aria-valuetext], [title]')]
    .flatMap(e => ['aria-label', 'aria-valuetext', 'title'].map(a => e.getAttribute(a) || ''));
  return [document.body.innerText, ...attributes].join('\\n');
}"""
"""The page's visible text and the words it gives assistive technology."""
BOX = "(e) => { const r = e.getBoundingClientRect();" \
      " return [r.left, r.top, r.right, r.bottom]; }"
PHONE = {"width": 390, "height": 844}
SIZES = {"390x844": PHONE, "844x390": {"width": 844, "height": 390}}


def holder(routes: list[Route]) -> Callable[[Route], None]:
    def hold(route: Route) -> None:
        routes.append(route)
    return hold


@contextmanager
def first_visit(browser: Browser, locale: str, viewport: dict[str, int],
                held: tuple[str, ...]) -> Iterator[tuple[Page, Callable[[str], None]]]:
    """A first visit (nothing stored) with this browser locale and screen, whose requests
    matching ``held`` wait; yields the page and a function that lets one pattern go."""
    waiting: dict[str, list[Route]] = {pattern: [] for pattern in held}
    with page_in(browser, locale=locale, viewport=viewport) as page:
        page.add_init_script(
            script="try { sessionStorage.setItem('tractor.snapshot', 'off'); } catch (e) {}")
        for pattern in held:
            page.route(pattern, holder(waiting[pattern]))

        def release(pattern: str) -> None:
            page.unroute(pattern)
            for route in waiting.pop(pattern):
                route.continue_()

        yield page, release  # what is still held is dropped with the browser context


def expect_players_words(page: Page, lang: str, line: str) -> None:
    text = page.evaluate(ON_SCREEN)
    assert not MACHINERY.findall(text), text
    shown = page.locator("#boot-text").inner_text()
    assert shown.startswith(line), shown
    unit_aside = shown.replace(" MB", "")  # the unit is written so in Chinese too
    assert not foreign_words({v: k for k, v in LOCALES.items()}[lang], unit_aside), shown
    assert not MACHINERY.findall(str(page.locator("#boot-progress").get_attribute(
        "aria-valuetext")))


def box(page: Page, selector: str) -> list[float]:
    found: list[float] = page.locator(selector).evaluate(BOX)
    return found


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("locale", list(LOCALES))
def test_the_first_visit_speaks_of_the_game_not_of_python_in_the_players_language(
        browser: Browser, site_url: str, locale: str) -> None:
    lang = LOCALES[locale]
    with first_visit(browser, locale, PHONE, ("**/pyodide.asm.wasm", "**/*.whl")) as (
            page, release):
        page.goto(f"{site_url}index.html")
        page.wait_for_function(PAINTED)
        expect(page.locator("#boot-text")).to_contain_text("MB")
        expect_players_words(page, lang, DOWNLOADING[lang])
        assert re.fullmatch(re.escape(DOWNLOADING[lang]) + r"\d+\.\d / \d+\.\d MB",
                            page.locator("#boot-text").inner_text())
        release("**/pyodide.asm.wasm")  # the download ends; the engine waits for its wheel
        expect(page.get_by_test_id("boot")).to_have_attribute("data-state", "starting",
                                                              timeout=60_000)
        expect_players_words(page, lang, READYING[lang])


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("locale", list(LOCALES))
def test_the_progress_line_stays_on_screen_and_clear_of_the_seats(
        browser: Browser, site_url: str, locale: str, size: str) -> None:
    viewport = SIZES[size]
    with first_visit(browser, locale, viewport, ("**/pyodide.asm.wasm",)) as (page, _):
        page.goto(f"{site_url}index.html")
        page.wait_for_function(PAINTED)
        expect(page.locator("#boot-text")).to_contain_text("MB")
        screen = [0, 0, viewport["width"], viewport["height"]]
        for part in ("#boot-text", "#boot-progress"):
            left, top, right, bottom = box(page, part)
            assert left >= screen[0] and top >= screen[1], (part, box(page, part))
            assert right <= screen[2] and bottom <= screen[3], (part, box(page, part))
            for seat in ("#seat-1", "#seat-3"):
                assert not overlaps(box(page, part), box(page, seat)), (part, seat)

"""Opening Settings over a long history never blocks the page (issue 39, 7d).

The history is read once the table is up, a record at a time (``replays.read_when_idle``,
then the performance mark ``tractor-history-read``), not when Settings opens. A
``PerformanceObserver`` for long tasks runs from the page's start; once the history is
read, Settings is opened and closed twice, and the longest task of each opening is
taken. On an idle machine none is over 200 ms; on a loaded one (this project's test
machine runs several browsers on two cores) drawing the panel itself can take longer,
so the bound is 200 ms or twice the longest task of the same openings with no
history, whichever is more. A history read at opening would block every opening, while
the machine's noise blocks one now and then (CI once saw 63 ms, then 612 ms): the
quickest of three openings is held to the bound. Before the bound, the history was
replayed there at every opening: 9.2 s.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from store.pasthands import MAX_HISTORY_CHARS
from test_history_bound import crafted_history
from web_helpers import ONE_DECK_INSTANT, open_table, page_in, wait_dealt, wait_state

pytestmark = pytest.mark.web

LONG_TASK_MS = 200
LONG_TASKS = (
    "window.__long = []; new PerformanceObserver((list) => { for (const e of list.getEntries())"
    " window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask',"
    " buffered: true});"
)


def longest_tasks_opening_settings(page: Page, site_url: str) -> list[float]:
    """The longest task (ms) of each of three openings of Settings, once the table is up."""
    page.add_init_script(script=LONG_TASKS)
    open_table(page, site_url, settings=ONE_DECK_INSTANT)
    wait_dealt(page)
    wait_state(page, "performance.getEntriesByName('tractor-history-read').length > 0")
    page.wait_for_timeout(500)  # the start's own work is over
    longest = []
    for _ in range(3):
        start = page.evaluate("performance.now()")
        page.get_by_test_id("settings").click()
        expect(page.get_by_test_id("history")).to_be_visible()
        page.wait_for_timeout(500)
        longest.append(page.evaluate(
            "(t) => Math.max(0, ...window.__long.filter(([s]) => s >= t).map(([, d]) => d))",
            start))
        page.get_by_test_id("close-settings").click()
        expect(page.get_by_test_id("settings-panel")).to_have_count(0)
    return longest


@pytest.fixture
def plain_page(browser: Browser) -> Iterator[Page]:
    with page_in(browser) as page:
        yield page


def store_history_once(page: Page, history: str) -> None:
    page.add_init_script(
        script="if (!sessionStorage.getItem('test.history')) {"
        " localStorage.setItem('tractor.history', " + repr(history) + ");"
        " sessionStorage.setItem('test.history', '1'); }"
    )


def test_opening_settings_over_a_4_mb_history_has_no_long_task(
        page: Page, plain_page: Page, site_url: str) -> None:
    store_history_once(page, crafted_history())
    with_history = longest_tasks_opening_settings(page, site_url)
    without = longest_tasks_opening_settings(plain_page, site_url)
    bound = max(LONG_TASK_MS, 2 * max(without))
    assert min(with_history) <= bound, (with_history, without)
    expect(page.get_by_test_id("message")).to_contain_text("tractor.history")


def test_a_history_at_its_bound_is_read_before_settings_opens_and_listed_without_a_long_task(
        page: Page, plain_page: Page, site_url: str) -> None:
    history = crafted_history(entries=8)
    assert len(history) <= MAX_HISTORY_CHARS
    store_history_once(page, history)
    with_history = longest_tasks_opening_settings(page, site_url)
    without = longest_tasks_opening_settings(plain_page, site_url)
    bound = max(LONG_TASK_MS, 2 * max(without))
    assert min(with_history) <= bound, (with_history, without)
    page.get_by_test_id("settings").click()
    expect(page.get_by_test_id("history").locator("[data-hand]")).to_have_count(8)
    expect(page.get_by_test_id("message")).to_have_count(0)

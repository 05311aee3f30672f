"""The built page's fast start in Chromium (issue 27): each preload hint of
``sitebuild/page_start.py`` is the very request PyScript then makes (fetched once, first
visit and repeat visit), so a hint never costs a second download
(``tests/page/built/test_page_start.py`` checks the hints in the built page).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page
from test_page_start import engine_hints, hints

PAINTED = "() => document.querySelector('#table')?.dataset.painted"
FIRST_CARD = "() => document.querySelectorAll('[data-testid=\"hand\"] [data-card]').length > 0"
STARTED_BEFORE_PAINT = (
    "(urls) => { const painted = performance.getEntriesByName('tractor-painted')[0];"
    " return urls.filter(u => performance.getEntriesByName(new URL(u, location.href).href)"
    ".some(e => e.startTime < painted.startTime)); }")
ENTRIES_BEFORE_LIVE = (
    "(urls) => { const live = performance.getEntriesByName('tractor-live')[0];"
    " return urls.map(u => performance.getEntriesByName(new URL(u, location.href).href)"
    ".filter(e => e.startTime < live.startTime).length); }")
ENTRIES = ("(urls) => urls.map(u => performance.getEntriesByName(new URL(u, location.href)"
           ".href).length)")


@pytest.mark.web
def test_each_hinted_file_is_fetched_once_first_visit_and_repeat_visit(
    page: Page, site_url: str, dist_dir: Path, served_paths: list[str]
) -> None:
    urls = [url for _, url in hints(dist_dir)]
    mark = len(served_paths)
    page.goto(f"{site_url}index.html")
    page.wait_for_function(PAINTED)
    served = served_paths[mark:]
    for url in urls:
        assert served.count("/" + url[2:]) == 1, url
    assert not [path for path in served if "py-editor" in path or "py-terminal" in path]
    assert page.evaluate(ENTRIES, urls) == [1] * len(urls)
    page.reload()
    page.wait_for_function(PAINTED)
    assert page.evaluate(ENTRIES, urls) == [1] * len(urls)


@pytest.mark.web
def test_a_first_visit_fetches_the_engine_s_files_during_the_paint_each_once(
    page: Page, site_url: str, dist_dir: Path
) -> None:
    """Pyodide and PyScript, started after the paint, are handed what boot.js fetched
    (or the browser preloaded) while the painter worked: one request for each file."""
    urls = [url for _, url in engine_hints(dist_dir)]
    page.goto(f"{site_url}web/style.css")
    page.evaluate("() => localStorage.clear()")
    page.goto(f"{site_url}index.html")
    page.wait_for_function(FIRST_CARD, timeout=120_000)
    assert page.evaluate(STARTED_BEFORE_PAINT, urls) == urls
    # until the table is live: the computer players' worker starts after (worker.py again)
    counts = page.evaluate(ENTRIES_BEFORE_LIVE, urls)
    assert dict(zip(urls, counts, strict=True)) == dict.fromkeys(urls, 1)


@pytest.mark.web
def test_a_repeat_visit_fetches_nothing_for_the_engine_before_its_paint(
    page: Page, site_url: str, dist_dir: Path
) -> None:
    urls = [url for _, url in engine_hints(dist_dir)]
    page.goto(f"{site_url}index.html?seed=5&speed=instant")
    page.wait_for_function(FIRST_CARD, timeout=120_000)
    page.wait_for_function("() => localStorage.getItem('tractor.paint') !== null")
    page.reload()
    page.wait_for_function(PAINTED)
    assert page.evaluate("() => document.querySelector('#table').dataset.painted") == "view"
    assert page.evaluate(STARTED_BEFORE_PAINT, urls) == []
    page.wait_for_function(FIRST_CARD, timeout=120_000)

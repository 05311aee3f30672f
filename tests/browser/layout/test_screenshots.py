"""Screenshots of a hand in progress on a phone and a desktop, made with the code of
``scripts/screenshots.py`` (which makes the README's ``docs/images/*.png``): the table
shows the whole hand inside the viewport and the trick, with no horizontal overflow.
The PNGs go to ``test-results/`` (look at them)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser
from web_helpers import page_in

pytestmark = pytest.mark.web

ROOT = Path(__file__).resolve().parents[3]
RESULTS = ROOT / "test-results"


def load_script() -> ModuleType:
    script = ROOT / "scripts" / "screenshots.py"
    spec = importlib.util.spec_from_file_location("screenshots", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = load_script()


@pytest.mark.parametrize("shot", SCRIPT.SHOTS, ids=[shot.name for shot in SCRIPT.SHOTS])
def test_a_hand_in_progress_fits_the_screen_in_the_screenshot(
        browser: Browser, site_url: str, shot: Any) -> None:
    path = RESULTS / f"screenshot-{shot.name}.png"
    with page_in(browser, **SCRIPT.context_options(shot)) as page:
        assert SCRIPT.shoot(page, site_url, shot, path) == []
    assert path.stat().st_size > 10_000, "the screenshot is empty"


def test_the_layout_check_reports_overflow_and_a_card_off_screen() -> None:
    measured = {
        "scrollW": 420,
        "hand": [{"x": 10, "y": 700, "r": 60, "b": 800}, {"x": 380, "y": 700, "r": 430, "b": 800}],
        "plays": 2,
    }
    found = SCRIPT.problems(measured, 390, 844, 3)
    assert len(found) == 4
    assert any("420 px wide" in text for text in found)
    assert any("off screen" in text for text in found)

"""The built site loads in Chromium from dist/ alone, runs Python and the engine worker."""

from __future__ import annotations

import json
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

pytestmark = pytest.mark.web

#: Pyodide's first start in CI (2 cores) can take a while; never a timing assertion.
LOAD_TIMEOUT_MS = 120_000


def same_origin(url: str, site_url: str) -> bool:
    """True for URLs served by the test server (blob: URLs it created included)."""
    return url.removeprefix("blob:").startswith(site_url) or url.startswith("data:")


def record_requests(page: Page) -> list[str]:
    """Collect the URL of every request of the page and its workers (context-wide events)."""
    urls: list[str] = []
    on_request: Callable[[Request], None] = lambda request: urls.append(request.url)  # noqa: E731
    page.context.on("request", on_request)
    return urls


def record_page_errors(page: Page) -> list[str]:
    """Collect uncaught JavaScript errors."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_config_points_inside_dist(dist_dir: Path) -> None:
    config = json.loads((dist_dir / "pyscript.json").read_text())
    interpreter = config["interpreter"]
    # The snapshot's wrapper (web/snapshot/), beside the pyodide.mjs it re-exports.
    assert interpreter.startswith("./pyodide/") and interpreter.endswith("/pyodide-snap.mjs")
    assert (dist_dir / interpreter).is_file()
    assert (dist_dir / interpreter).with_name("pyodide.mjs").is_file()
    wheels = [source for source, target in config["files"].items() if target == "./*"]
    assert len(wheels) == 1 and wheels[0].endswith("-py3-none-any.whl")
    assert "?" not in wheels[0]
    with zipfile.ZipFile(dist_dir / wheels[0]) as wheel:
        assert any(name.startswith("tractor/") for name in wheel.namelist())
    for source in config["files"]:
        assert (dist_dir / source).is_file(), source


@pytest.mark.parametrize(
    ("suffix", "mime"),
    [
        ("pyodide.mjs", "text/javascript"),
        ("pyodide.asm.wasm", "application/wasm"),
        ("pyodide-lock.json", "application/json"),
    ],
)
def test_server_mime_types(site_url: str, dist_dir: Path, suffix: str, mime: str) -> None:
    config = json.loads((dist_dir / "pyscript.json").read_text())
    folder = config["interpreter"].removeprefix("./").rsplit("/", 1)[0]
    request = urllib.request.Request(f"{site_url}{folder}/{suffix}", method="HEAD")
    with urllib.request.urlopen(request) as response:
        assert response.headers.get_content_type() == mime


def test_page_runs_python_and_worker_offline(
    page: Page, site_url: str, served_paths: list[str]
) -> None:
    urls = record_requests(page)
    errors = record_page_errors(page)

    page.goto(f"{site_url}index.html?speed=fast")

    # The table deals at once (the main thread does not wait for the worker).
    expect(page.locator('[data-testid="hand"] [data-card]').first).to_be_attached(
        timeout=LOAD_TIMEOUT_MS
    )
    status = page.get_by_test_id("status")
    expect(status).not_to_contain_text("Loading")
    # The computer players' worker imports the engine wheel too.
    page.get_by_test_id("settings").click()
    worker = page.get_by_test_id("worker")
    expect(worker).to_contain_text("Ready: Python 3.", timeout=LOAD_TIMEOUT_MS)
    expect(worker).to_contain_text("tractor")

    assert urls, "no request was recorded"
    foreign = [url for url in urls if not same_origin(url, site_url)]
    assert foreign == [], f"requests to other origins: {foreign}"
    assert errors == []
    # Both interpreters (page and worker) fetched the engine wheel from our server.
    assert sum(path.endswith("-py3-none-any.whl") for path in served_paths) >= 2


def test_bare_benchmark_page_runs_python(page: Page, site_url: str) -> None:
    urls = record_requests(page)
    errors = record_page_errors(page)

    page.goto(f"{site_url}bench/bare.html")

    expect(page.get_by_test_id("bare")).to_contain_text("ran", timeout=LOAD_TIMEOUT_MS)
    assert [url for url in urls if not same_origin(url, site_url)] == []
    assert errors == []


def test_the_same_source_builds_the_same_wheel_bytes(site_build: Any, tmp_path: Path) -> None:
    """An unchanged rebuild keeps the wheel's bytes, so its offline cache name stays."""
    first = site_build.build_wheel(site_build.ROOT, tmp_path / "a")
    second = site_build.build_wheel(site_build.ROOT, tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as archive:
        assert {info.date_time for info in archive.infolist()} == {site_build.WHEEL_TIME}

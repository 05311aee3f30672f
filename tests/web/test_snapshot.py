"""The engine's memory snapshot (web/snapshot/, docs/startup.md):
the first visit makes it in a Worker once the first card is shown, a repeat visit starts
Pyodide from it and plays; another build's snapshot is deleted unused; ``random`` is
reseeded after a restore; a failed or interrupted restore falls back to a plain start;
``?snapshot=off`` never touches IndexedDB; the key follows every file it depends on.
No timing is asserted (scripts/measure_paint.py --route snapshot measures)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tractor.save import dumps
from web_helpers import (
    advance,
    load_position,
    probe,
    seat0_leads,
    select_cards,
    wait_ready,
    wait_state,
)

#: Making the snapshot boots a second Pyodide in a Worker on a busy 2-core machine.
MADE_TIMEOUT_S = 240
SETTINGS = json.dumps({"lang": "en", "speed": "instant", "rules": {"decks": 1}})

DB = """(() => new Promise((resolve, reject) => {
  const r = indexedDB.open("tractor-snapshot", 1);
  r.onupgradeneeded = () => r.result.createObjectStore("snapshots");
  r.onsuccess = () => resolve(r.result);
  r.onerror = () => reject(r.error);
}))"""
KEYS = f"""async () => {{ const db = await {DB}();
  const keys = await new Promise((resolve) => {{
    const r = db.transaction("snapshots").objectStore("snapshots").getAllKeys();
    r.onsuccess = () => resolve(r.result); }});
  db.close(); return keys; }}"""
PUT = f"""async ([key, size]) => {{ const db = await {DB}();
  await new Promise((resolve, reject) => {{
    const tx = db.transaction("snapshots", "readwrite");
    tx.objectStore("snapshots").put(new Uint8Array(size).fill(7), key);
    tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); }});
  db.close(); }}"""
STATE = "() => window.tractorSnapshot"

pytestmark = pytest.mark.web


def snapshot_config(site_build: ModuleType, dist_dir: Path) -> dict[str, Any]:
    interpreter = json.loads((dist_dir / "pyscript.json").read_text())["interpreter"]
    folder = interpreter.removeprefix("./").rsplit("/", 1)[0]
    config: dict[str, Any] = site_build.read_snapshot_config(dist_dir, folder)
    return config


@pytest.fixture(scope="module")
def key(site_build: ModuleType, dist_dir: Path) -> str:
    found: str = snapshot_config(site_build, dist_dir)["key"]
    return found


def keys(page: Page) -> list[str]:
    found: list[str] = page.evaluate(KEYS)
    return found


def wait_made(page: Page, key: str) -> None:
    for _ in range(MADE_TIMEOUT_S * 2):
        if key in keys(page):
            return
        assert page.evaluate(STATE) != "make-failed", page.evaluate(
            "() => window.tractorSnapshotDetail")
        page.wait_for_timeout(500)
    raise AssertionError(f"no snapshot under {key} after {MADE_TIMEOUT_S} s")


def fresh_table(page: Page, site_url: str, query: str = "") -> None:
    """A new match (nothing stored but the settings), loaded once the storage is set."""
    load_position(page, site_url, {"tractor.settings": SETTINGS}, query)


def leading_position() -> dict[str, str]:
    match = advance({"decks": 1}, 4, seat0_leads)
    assert match is not None
    return {"tractor.settings": SETTINGS, "tractor.match": dumps(match)}


@pytest.fixture(scope="module")
def made(browser: Browser, site_url: str, key: str) -> Iterator[BrowserContext]:
    """A browser profile whose first visit has made this build's snapshot."""
    context = browser.new_context()
    page = context.new_page()
    fresh_table(page, site_url)
    assert page.evaluate(STATE) == "plain", page.evaluate("() => window.tractorSnapshotDetail")
    wait_made(page, key)
    assert page.evaluate(STATE) == "made"
    assert keys(page) == [key]
    page.close()
    yield context
    context.close()


def test_a_repeat_visit_restores_the_snapshot_and_plays(
    made: BrowserContext, site_url: str, key: str
) -> None:
    page = made.new_page()
    load_position(page, site_url, leading_position())
    assert page.evaluate(STATE) == "restored"
    assert page.evaluate("() => performance.getEntriesByName('tractor-snapshot-restored').length")
    cards = page.locator('[data-testid="hand"] [data-card]')
    before = cards.count()
    first = cards.first.get_attribute("data-card")
    assert first is not None
    select_cards(page, [first])
    page.get_by_test_id("play").click()
    # Played (at instant speed the trick may be over and gathered already): one card less.
    expect(cards).to_have_count(before - 1)
    # The computer players' worker (which shares pyscript.json) loads plainly, and plays.
    expect(page.get_by_test_id("worker-state")).to_have_text("ready", timeout=90_000)
    page.get_by_test_id("autoplay").click()
    wait_state(page, "phase === 'hand_over'", timeout=180_000)
    assert int(probe(page, "worker-calls")) > 0
    assert keys(page) == [key], "a restored visit neither makes nor leaves other entries"
    page.close()


def test_restored_visits_deal_different_matches(made: BrowserContext, site_url: str) -> None:
    """The snapshot holds one PRNG state: without the reseed every restored visit would
    deal the same new match."""
    seeds = []
    page = made.new_page()
    for _ in range(2):
        fresh_table(page, site_url)
        assert page.evaluate(STATE) == "restored"
        record = page.evaluate("() => localStorage.getItem('tractor.match')")
        seeds.append(json.loads(record)["seed"])
    page.close()
    assert seeds[0] != seeds[1]


def test_an_older_build_s_snapshot_is_deleted_unused(page: Page, site_url: str, key: str) -> None:
    page.goto(f"{site_url}web/style.css")  # the same origin, no Python
    older = "314.0.7-00000000000000000000"
    page.evaluate(PUT, [older, 1024])
    page.evaluate(PUT, ["failed:" + older, 1])
    assert sorted(keys(page)) == sorted([older, "failed:" + older])
    fresh_table(page, site_url)
    assert page.evaluate(STATE) == "plain"
    assert keys(page) == []


def test_a_failed_restore_starts_plainly_and_deletes_the_snapshot(
    page: Page, site_url: str, key: str
) -> None:
    page.goto(f"{site_url}web/style.css")
    page.evaluate(PUT, [key, 4096])  # not a snapshot
    fresh_table(page, site_url)
    assert page.evaluate(STATE) == "restore-failed"
    assert keys(page) == ["failed:" + key], "deleted, and not made again for this build"
    expect(page.get_by_test_id("worker-state")).to_have_text("ready", timeout=90_000)
    page.reload()
    wait_ready(page)
    assert page.evaluate(STATE) == "failed-before"


def test_an_interrupted_restore_is_not_tried_again(page: Page, site_url: str, key: str) -> None:
    page.goto(f"{site_url}web/style.css")
    page.evaluate(PUT, [key, 4096])
    page.evaluate(PUT, ["restoring:" + key, 1])  # a restore that never finished (a crash)
    fresh_table(page, site_url)
    assert page.evaluate(STATE) == "restore-failed"
    assert keys(page) == ["failed:" + key]


def test_snapshot_off_never_touches_indexeddb(page: Page, site_url: str) -> None:
    fresh_table(page, site_url, "?snapshot=off")
    assert page.evaluate(STATE) == "off"
    expect(page.get_by_test_id("worker-state")).to_have_text("ready", timeout=90_000)
    page.wait_for_timeout(6_000)  # past the moment a snapshot would be made
    names = page.evaluate("async () => (await indexedDB.databases()).map((d) => d.name)")
    assert "tractor-snapshot" not in names  # (PyScript keeps its own databases)
    assert page.evaluate(STATE) == "off"


# ---------------------------------------------------------------- the key (CPython)


Tiny = tuple[ModuleType, Path, Any, dict[str, Any]]


@pytest.fixture
def tiny_build(site_build: ModuleType, tmp_path: Path) -> Tiny:
    """A dist/ of two files, a main.py and the snapshot sources, in a temporary folder."""
    dist, sources = tmp_path / "dist", tmp_path / "sources"
    (dist / "web").mkdir(parents=True)
    (dist / "pyodide" / "314.0.7").mkdir(parents=True)
    (dist / "web" / "main.py").write_text("import asyncio\nimport js\nfrom game import Game\n")
    (dist / "web" / "game.py").write_text("class Game: pass\n")
    (dist / "engine.whl").write_bytes(b"wheel")
    (dist / "pyodide" / "314.0.7" / site_build.STDLIB_ZIP).write_bytes(b"stdlib")
    shutil.copytree(site_build.SNAPSHOT_SOURCE, sources)
    runtime = site_build.Runtime("0.7.31", "314.0.7", "0.8.0", "1.0")
    config = {"interpreter": "./pyodide/314.0.7/pyodide-snap.mjs",
              "files": {"./engine.whl": "./*", "./web/game.py": "./game.py",
                        "./web/main.py": "./main.py"}}
    return site_build, dist, runtime, config


@pytest.mark.parametrize("change", ["file", "wrapper", "maker", "pyodide", "stdlib"])
def test_the_key_changes_with_each_file_it_depends_on(
    tiny_build: Tiny, tmp_path: Path, change: str
) -> None:
    build, dist, runtime, config = tiny_build
    sources = tmp_path / "sources"
    before = build.snapshot_key(config, dist, runtime, sources)
    assert build.snapshot_key(config, dist, runtime, sources) == before, "deterministic"
    if change == "file":
        (dist / "web" / "game.py").write_text("class Game: pass  # changed\n")
    elif change == "wrapper":
        (sources / build.SNAPSHOT_WRAPPER).write_text(
            (sources / build.SNAPSHOT_WRAPPER).read_text() + "\n")
    elif change == "maker":
        (sources / build.SNAPSHOT_MAKER).write_text(
            (sources / build.SNAPSHOT_MAKER).read_text() + "\n")
    elif change == "stdlib":
        (dist / runtime.pyodide_dir / build.STDLIB_ZIP).write_bytes(b"stdlib, trimmed anew")
    else:
        stdlib = (dist / runtime.pyodide_dir / build.STDLIB_ZIP).read_bytes()
        runtime = build.Runtime("0.7.31", "314.0.8", "0.8.0", "1.0")
        (dist / runtime.pyodide_dir).mkdir()
        (dist / runtime.pyodide_dir / build.STDLIB_ZIP).write_bytes(stdlib)
    assert build.snapshot_key(config, dist, runtime, sources) != before


def test_the_wrapper_gets_the_key_files_and_imports(
    tiny_build: Tiny, tmp_path: Path
) -> None:
    build, dist, runtime, config = tiny_build
    written = build.place_snapshot(config, dist, runtime, tmp_path / "sources")
    assert build.read_snapshot_config(dist, runtime.pyodide_dir) == written
    assert written["key"] == build.snapshot_key(config, dist, runtime, tmp_path / "sources")
    assert written["files"] == {"../../engine.whl": "./*", "../../web/game.py": "./game.py",
                                "../../web/main.py": "./main.py"}
    assert written["imports"] == "asyncio, game"  # not js, pyscript or pyodide
    wrapper = (dist / runtime.pyodide_dir / build.SNAPSHOT_WRAPPER).read_text()
    assert build.SNAPSHOT_PLACEHOLDER not in wrapper
    assert 'from "./pyodide.mjs"' in wrapper
    assert (dist / runtime.pyodide_dir / build.SNAPSHOT_MAKER).is_file()


def test_the_site_s_snapshot_covers_main_py_s_imports_and_every_file(
    site_build: ModuleType, dist_dir: Path
) -> None:
    config = snapshot_config(site_build, dist_dir)
    page_config = json.loads((dist_dir / "pyscript.json").read_text())
    assert page_config["interpreter"].endswith("/pyodide-snap.mjs")
    assert sorted(config["files"].values()) == sorted(page_config["files"].values())
    assert config["imports"].split(", ")[:1] == ["asyncio"]
    for name in ("controls", "painting", "agents", "game", "links", "screen", "storage"):
        assert name in config["imports"].split(", ")
    sw = (dist_dir / "sw.js").read_text()
    for name in ("pyodide-snap.mjs", "snap-maker.mjs"):
        assert f"/{name}" in sw, f"{name} is cached for offline play"

"""Issue 24 in Chromium: two tabs, a nearly full storage, records crafted to freeze the page.

Two pages of one browser context share localStorage and see each other's
``storage`` events, as two tabs do. No timing assertion: a page that froze
would miss the load timeout.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from matches import system_action
from playwright.sync_api import BrowserContext, Page, expect
from tractor.save import loads
from web_helpers import (
    LOAD_TIMEOUT_MS,
    ONE_DECK_INSTANT,
    open_table,
    prepare_storage,
    probe,
    stored,
    stored_keys,
    wait_dealt,
    wait_ready,
    wait_state,
)

pytestmark = pytest.mark.web

EN_INSTANT = {"speed": "instant", "lang": "en"}


def stored_seed(page: Page) -> int:
    return loads(stored(page, "tractor.match") or "").seed


def play_the_hint(page: Page) -> None:
    """Seat 0 plays what the hint selects (a legal play)."""
    page.get_by_test_id("hint").click()
    expect(page.locator('[data-testid="hand"] [aria-pressed="true"]').first).to_be_visible()
    page.get_by_test_id("play").click()


def open_shared_deal(page: Page, site_url: str, seed: int) -> None:
    page.goto(f"{site_url}index.html?deal={seed}")
    wait_ready(page)
    if page.get_by_test_id("confirm").count():
        page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("confirm")).to_have_count(0)
    wait_dealt(page)


def test_a_tab_whose_match_another_tab_replaced_stops_and_never_overwrites_it(
        context: BrowserContext, site_url: str) -> None:
    a = context.new_page()
    open_table(a, site_url, "?seed=7", settings=EN_INSTANT)
    wait_state(a, "phase === 'play' && toMove === '0'")
    b = context.new_page()
    open_shared_deal(b, site_url, 11)
    assert stored_seed(b) == 11
    expect(a.get_by_test_id("message")).to_contain_text("another tab")
    expect(a.get_by_test_id("take-over")).to_be_visible()
    a.get_by_test_id("hint").click()
    a.keyboard.press("Enter")
    a.wait_for_timeout(300)
    assert stored_seed(a) == 11  # A wrote nothing over B's match
    b.reload()
    wait_ready(b)
    assert stored_seed(b) == 11  # the reloaded tab B resumes its own match


def test_the_first_tab_s_last_card_reaches_the_second_and_continue_here_takes_over(
        context: BrowserContext, site_url: str) -> None:
    a = context.new_page()
    open_table(a, site_url, "?seed=7", settings=EN_INSTANT)
    wait_state(a, "phase === 'play' && toMove === '0'")
    play_the_hint(a)
    played = stored(a, "tractor.match")
    b = context.new_page()
    b.goto(f"{site_url}index.html")
    wait_ready(b)
    assert loads(stored(b, "tractor.match") or "").actions[: len(loads(played or "").actions)] \
        == loads(played or "").actions  # B resumed A's match with A's last card
    expect(a.get_by_test_id("take-over")).to_be_visible()
    a.get_by_test_id("take-over").click()
    expect(a.get_by_test_id("notice")).to_contain_text("Continued here")
    expect(a.get_by_test_id("take-over")).to_have_count(0)
    expect(b.get_by_test_id("take-over")).to_be_visible()
    expect(b.get_by_test_id("message")).to_contain_text("another tab")


FILL = """(free) => {
  // Fill this origin's storage so that about `free` characters are left.
  localStorage.setItem('r', 'x'.repeat(free));
  let n = 0;
  for (let size = 1 << 21; size >= 1; size = Math.floor(size / 2)) {
    for (;;) {
      try { localStorage.setItem('f' + n, 'x'.repeat(size)); n += 1; } catch (e) { break; }
    }
  }
  localStorage.removeItem('r');
  return n;
}"""


@pytest.mark.parametrize("free", [0, 1_500, 6_000])
def test_a_nearly_full_storage_never_counts_a_hand_whose_match_was_not_saved(
        page: Page, site_url: str, free: int) -> None:
    open_table(page, site_url, "?seed=21", settings=ONE_DECK_INSTANT)
    wait_dealt(page)
    page.evaluate(FILL, free)
    page.get_by_test_id("autoplay").click()
    wait_state(page, "phase === 'hand_over' || Number(g('hand-number')) >= 1",
               timeout=LOAD_TIMEOUT_MS)
    page.get_by_test_id("autoplay").click()
    page.wait_for_timeout(300)
    record = loads(stored(page, "tractor.match") or "")
    stats = json.loads(stored(page, "tractor.stats") or '{"hands": 0}')
    meta = json.loads(stored(page, "tractor.meta") or "{}")
    assert stats.get("hands", 0) <= len(record.results)  # counted only what is stored
    if free == 0:
        assert meta.get("unsaved") == 1 and stats.get("hands", 0) == 0
    if meta.get("unsaved") == 1:
        expect(page.get_by_test_id("storage-warning")).to_be_visible()
        page.reload()
        wait_ready(page)
        expect(page.get_by_test_id("message")).to_contain_text("could not be saved")
    else:
        assert record.actions and probe(page, "phase")


def escape_heavy(size: int) -> str:
    """The issue's record: nine brackets, one quote, then escaped quotes (froze the page)."""
    return "[" * 9 + '"' + '\\"' * ((size - 10) // 2)


@pytest.mark.parametrize("key", ["tractor.match", "tractor.history"])
def test_a_crafted_record_in_storage_is_kept_aside_and_the_table_comes_up(
        page: Page, site_url: str, key: str) -> None:
    text = escape_heavy(300_000)  # about 80 minutes for the old scanner
    prepare_storage(page, {key: text, "tractor.settings": json.dumps(EN_INSTANT)})
    page.goto(f"{site_url}index.html")
    wait_ready(page)
    if key == "tractor.history":  # read when the past hands are first shown
        page.get_by_test_id("settings").click()
    expect(page.get_by_test_id("message")).to_contain_text("kept under", timeout=LOAD_TIMEOUT_MS)
    kept = [k for k in stored_keys(page) if k.startswith(key + ".bad.")]
    assert kept and stored(page, kept[0]) == text
    assert not [k for k in stored_keys(page) if k.startswith("tractor.loading")]


def test_a_crafted_record_file_is_refused_at_once(
        page: Page, site_url: str, tmp_path: Path) -> None:
    open_table(page, site_url, "?seed=3", settings=EN_INSTANT)
    wait_dealt(page)
    page.get_by_test_id("settings").click()  # the match waits while the dialog is open
    expect(page.get_by_test_id("settings-panel")).to_be_visible()
    before = stored(page, "tractor.match")
    path = tmp_path / "crafted.json"
    path.write_text(escape_heavy(1_000_000))
    page.get_by_test_id("import").set_input_files(path)
    expect(page.get_by_test_id("panel-message")).to_contain_text("nothing was changed")
    assert stored(page, "tractor.match") == before


def test_an_invalid_shared_deal_is_reported(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?deal=5&decks=9", settings=EN_INSTANT)
    expect(page.get_by_test_id("message")).to_contain_text("could not be read")
    assert "deal=" not in page.url


# ------------------------------------------------------------------ a crash while loading
def crashed_while_loading(tries: int) -> tuple[dict[str, str], str]:
    """Storage as a tab that died ``tries`` times while replaying its match leaves it."""

    from store.keeper import digest, loading_key
    from tractor.match import Match
    from tractor.rules import Rules
    from tractor.save import dumps

    m = Match(Rules(decks=1), 3)
    for _ in range(9):
        m.apply(system_action(m))
    record = dumps(m)
    items = {"tractor.settings": json.dumps(ONE_DECK_INSTANT), "tractor.match": record,
             loading_key("tractor.match"): f"{digest(record)} {tries}"}
    return items, record


def goes_on_from(page: Page, record: str) -> bool:
    """Whether the stored match is ``record``'s match, played on from it (or itself)."""
    mine, stored_now = json.loads(record), json.loads(stored(page, "tractor.match") or "{}")
    return bool(stored_now.get("seed") == mine["seed"]
                and stored_now["actions"][: len(mine["actions"])] == mine["actions"])


def test_a_match_whose_load_a_crash_interrupted_is_resumed_next_visit(
        page: Page, site_url: str) -> None:
    items, record = crashed_while_loading(1)
    prepare_storage(page, items)
    page.goto(f"{site_url}index.html")
    wait_ready(page)
    wait_dealt(page)
    assert goes_on_from(page, record)  # the same match, not a new one
    assert not [k for k in stored_keys(page) if k.startswith("tractor.match.bad.")]
    assert "tractor.loading:tractor.match" not in stored_keys(page)


def test_a_match_kept_aside_after_two_crashed_loads_is_restored_from_settings(
        page: Page, site_url: str) -> None:
    items, record = crashed_while_loading(2)
    prepare_storage(page, items)
    page.goto(f"{site_url}index.html")
    wait_ready(page)
    expect(page.get_by_test_id("message")).to_contain_text("set aside")
    wait_dealt(page)
    (aside,) = [k for k in stored_keys(page) if k.startswith("tractor.match.bad.")]
    assert stored(page, aside) == record and stored(page, "tractor.match") != record
    page.get_by_test_id("settings").click()
    page.get_by_test_id("restore-set-aside").click()
    expect(page.get_by_test_id("confirm")).to_be_visible()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("confirm")).to_have_count(0)
    page.wait_for_function(
        "(seed) => JSON.parse(localStorage.getItem('tractor.match')).seed === seed", arg=3)
    assert goes_on_from(page, record)
    (turn,) = [k for k in stored_keys(page) if k.startswith("tractor.match.bad.")]
    assert turn != aside and loads(stored(page, turn) or "").seed != 3  # set aside in turn
    page.reload()
    wait_ready(page)
    assert goes_on_from(page, record)  # the restored match resumes


# ------------------------------------------------------------------ rapid takeovers
ROLLBACKS = """
window.__rollbacks = [];
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key === 'tractor.match') {
    try {
      const before = JSON.parse(this.getItem(key) || 'null'), after = JSON.parse(value);
      if (before && before.seed === after.seed
          && JSON.stringify(before.rules) === JSON.stringify(after.rules)
          && after.actions.length < before.actions.length) {
        window.__rollbacks.push([before.actions.length, after.actions.length]);
      }
    } catch (e) { /* not JSON: not this test's business */ }
  }
  return realSetItem.call(this, key, value);
};
"""


def test_rapid_continue_here_between_two_tabs_never_rolls_the_match_back(
        context: BrowserContext, site_url: str) -> None:
    context.add_init_script(script=ROLLBACKS)  # every write of both tabs is checked
    a = context.new_page()
    open_table(a, site_url, "?seed=7", settings={"speed": "fast", "lang": "en"})
    b = context.new_page()
    b.goto(f"{site_url}index.html")
    wait_ready(b)
    b.get_by_test_id("autoplay").click()
    for turn in range(12):
        tab_now = a if turn % 2 == 0 else b
        take = tab_now.get_by_test_id("take-over")
        expect(take).to_be_visible()
        take.click()
        expect(take).to_have_count(0)
        tab_now.get_by_test_id("autoplay").click()  # both tabs write as fast as they can
        tab_now.wait_for_timeout(150)
    a.wait_for_timeout(1000)
    assert a.evaluate("window.__rollbacks") == [] and b.evaluate("window.__rollbacks") == []

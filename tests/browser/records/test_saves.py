"""Autosave and resume; bad saves, bad settings and a full storage are handled visibly."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from tractor.save import loads
from web_helpers import (
    ONE_DECK_INSTANT,
    hand_cards,
    open_table,
    prepare_storage,
    probe,
    stored,
    stored_keys,
    trick_plays,
    wait_dealt,
    wait_ready,
    wait_state,
)

pytestmark = pytest.mark.web


def table_state(page: Page) -> dict[str, object]:
    return {
        "phase": probe(page, "phase"),
        "to_move": probe(page, "to-move"),
        "hand_no": probe(page, "hand-number"),
        "hand": hand_cards(page),
        "trick": trick_plays(page),
        "trump": page.get_by_test_id("trump").text_content(),
        "seats": [page.get_by_test_id(f"seat-{s}").text_content() for s in range(4)],
    }


def test_reload_resumes_the_identical_state(page: Page, site_url: str) -> None:
    settings = {"speed": "instant", "lang": "en"}  # two decks
    open_table(page, site_url, "?seed=7", settings=settings)
    wait_state(page, "phase === 'play' && toMove === '0'")
    before = table_state(page)
    assert before["trick"], "seed 7: others have played into the trick before seat 0"
    saved = stored(page, "tractor.match")
    assert saved is not None and loads(saved).phase == "play"

    page.reload()
    wait_ready(page)
    wait_state(page, "phase === 'play' && toMove === '0'")
    assert table_state(page) == before
    assert stored(page, "tractor.match") == saved


def test_saved_after_every_action(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=7", settings={"speed": "slow", "lang": "en"})
    seen: set[int] = set()
    for _ in range(40):
        saved = stored(page, "tractor.match")
        if saved is not None:
            seen.add(loads(saved).dealt)
        page.wait_for_timeout(50)
    # The deal advances one card per 0.18 s at slow speed and each card is saved.
    assert len(seen) >= 5 and max(seen) - min(seen) + 1 <= len(seen) + 2


BAD_SAVES = {
    "damaged": (
        '{"schema": "tractor-match", "version": 2, "rules": {}, "seed": 1, "start_level": 0,'
        ' "actions": ["deal", "0 play AS"]}',
        "damaged",
    ),
    "snapshot": ('{"schema": "tractor-match", "version": 1, "state": {"seed": 1}}', "version"),
    "not_json": ("{this is not json", "damaged"),
    "old_version": ('{"schema": "tractor-match", "version": 0, "state": {}}', "another version"),
    "not_ours": ('{"todo": ["buy milk"]}', "not a Tractor save"),
}


@pytest.mark.parametrize("kind", list(BAD_SAVES))
def test_bad_save_is_kept_and_a_new_match_starts(page: Page, site_url: str, kind: str) -> None:
    text, words = BAD_SAVES[kind]
    open_table(page, site_url, settings={"speed": "instant", "lang": "en"}, save=text)

    message = page.get_by_test_id("message")
    expect(message).to_contain_text(words)
    kept = [key for key in stored_keys(page) if key.startswith("tractor.match.bad.")]
    assert len(kept) == 1 and re.fullmatch(r"tractor\.match\.bad\.\d+", kept[0])
    assert stored(page, kept[0]) == text
    expect(message).to_contain_text(kept[0])
    # A fresh match runs and is saved under the normal key.
    wait_dealt(page)
    assert len(hand_cards(page)) > 0
    fresh = stored(page, "tractor.match")
    assert fresh is not None and loads(fresh).dealt > 0


def test_damaged_settings_fall_back_to_defaults(page: Page, site_url: str) -> None:
    prepare_storage(page, {"tractor.settings": "{oops"})
    page.goto(f"{site_url}index.html?speed=instant")
    wait_ready(page)
    expect(page.get_by_test_id("message")).to_contain_text("设置已损坏")
    kept = [key for key in stored_keys(page) if key.startswith("tractor.settings.bad.")]
    assert len(kept) == 1 and stored(page, kept[0]) == "{oops"
    assert json.loads(stored(page, "tractor.settings") or "")["lang"] == "zh"
    wait_dealt(page)


def test_storage_blocked_by_the_browser_is_reported_as_blocked_not_full(
        page: Page, site_url: str) -> None:
    page.add_init_script(
        script="""
        const realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (String(key).startsWith('tractor.match')) {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          }
          return realSetItem.call(this, key, value);
        };
        """
    )
    open_table(page, site_url, "?speed=instant", settings=ONE_DECK_INSTANT)
    warning = page.get_by_test_id("storage-warning")
    expect(warning).to_contain_text("blocks this site's storage")
    expect(warning).not_to_contain_text("full")
    wait_dealt(page)


def test_full_storage_is_reported(page: Page, site_url: str) -> None:
    page.add_init_script(
        script="""
        const realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (String(key).startsWith('tractor.match')) {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          }
          return realSetItem.call(this, key, value);
        };
        """
    )
    open_table(page, site_url, "?speed=instant", settings=ONE_DECK_INSTANT)
    warning = page.get_by_test_id("storage-warning")
    expect(warning).to_contain_text("storage is full")
    wait_dealt(page)  # the game goes on without saving
    assert stored(page, "tractor.match") is None


def test_new_game_on_demand(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=3", settings={"speed": "instant", "lang": "en"})
    wait_dealt(page)
    first = hand_cards(page)
    seed = loads(stored(page, "tractor.match") or "").seed
    page.get_by_test_id("new-game").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Abandon the current match")
    page.get_by_test_id("confirm-no").click()
    assert hand_cards(page) == first
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("confirm-yes").click()
    wait_dealt(page)
    assert hand_cards(page) != first
    assert loads(stored(page, "tractor.match") or "").seed != seed

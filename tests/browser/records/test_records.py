"""Export and import a match record, and share a deal by link (issue 10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tractor.save import dumps, loads
from web_helpers import (
    advance,
    hand_cards,
    open_table,
    stored,
    wait_dealt,
    wait_ready,
    wait_state,
)

pytestmark = pytest.mark.web


def open_settings(page: Page) -> None:
    page.get_by_test_id("settings").click()
    expect(page.get_by_test_id("settings-panel")).to_be_visible()


def test_two_loads_of_a_shared_link_deal_identical_hands(browser: Browser, site_url: str) -> None:
    page = browser.new_page()
    open_table(page, site_url, "?seed=31&speed=instant", settings={"lang": "en"})
    wait_dealt(page)
    open_settings(page)
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-link").input_value()
    assert "?deal=31" in link
    hands = []
    for _ in range(2):
        friend = browser.new_page()  # a fresh browser profile each time
        friend.add_init_script(
            script="localStorage.setItem('tractor.settings', "
            "JSON.stringify({speed: 'instant', lang: 'en'}))"
        )
        friend.goto(link)
        wait_ready(friend)
        wait_dealt(friend)
        assert "deal=" not in friend.url, "the link is consumed, a reload does not re-deal"
        hands.append(hand_cards(friend))
        assert loads(stored(friend, "tractor.match") or "").seed == 31
        friend.close()
    assert hands[0] == hands[1] == hand_cards(page)
    page.close()


def test_export_then_import_continues_the_identical_match(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    wait_state(page, "phase === 'play' && toMove === '0'")
    saved = stored(page, "tractor.match")
    open_settings(page)
    with page.expect_download() as download:
        page.get_by_test_id("export").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == "tractor-match-7.json" and path.read_text() == saved

    page.get_by_test_id("close-settings").click()
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("confirm-yes").click()
    wait_dealt(page)
    assert stored(page, "tractor.match") != saved
    open_settings(page)
    page.get_by_test_id("import").set_input_files(path)
    expect(page.get_by_test_id("confirm")).to_contain_text("imported match")
    page.get_by_test_id("confirm-yes").click()
    wait_state(page, "phase === 'play' && toMove === '0'")
    assert stored(page, "tractor.match") == saved


def test_a_bad_record_is_refused_and_changes_nothing(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    wait_state(page, "phase === 'play' && toMove === '0'")
    saved = stored(page, "tractor.match")
    record = json.loads(saved or "")
    record["actions"][-1] = "0 play <img src=x onerror=alert(1)>"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    open_settings(page)
    page.get_by_test_id("import").set_input_files(bad)
    expect(page.get_by_test_id("panel-message")).to_contain_text("nothing was changed")
    assert page.locator("img").count() == 0
    assert stored(page, "tractor.match") == saved


def test_undo_takes_back_my_last_play(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en", "undo": True})
    wait_state(page, "phase === 'play' && toMove === '0'")
    before = json.loads(stored(page, "tractor.match") or "")["actions"]
    hand = hand_cards(page)
    page.get_by_test_id("hint").click()
    expect(page.locator('[data-testid="hand"] [aria-pressed="true"]')).not_to_have_count(0)
    page.get_by_test_id("play").click()
    wait_state(page, "toMove === '0' || phase !== 'play'")
    assert len(json.loads(stored(page, "tractor.match") or "")["actions"]) > len(before)
    page.get_by_test_id("undo").click()
    wait_state(page, "phase === 'play' && toMove === '0'")
    assert json.loads(stored(page, "tractor.match") or "")["actions"] == before
    assert hand_cards(page) == hand
    assert json.loads(stored(page, "tractor.meta") or "")["undo"] is True


def test_a_finished_hand_is_kept_and_replayed_trick_by_trick(page: Page, site_url: str) -> None:
    rules = {"decks": 1}
    almost = advance(rules, 6, lambda m: m.phase == "play" and len(m.trick) == 3
                     and m.hand_count(m.to_move or 0) == 1 and m.to_move != 0)
    assert almost is not None
    open_table(page, site_url, settings={"rules": rules, "speed": "instant", "lang": "en"},
               save=dumps(almost))
    expect(page.get_by_test_id("hand-over")).to_be_visible()
    history = json.loads(stored(page, "tractor.history") or "")
    assert [e["hands"] for e in history["entries"]] == [[0]]
    page.get_by_test_id("replay").click()
    panel = page.get_by_test_id("replay-panel")
    expect(panel).to_be_visible()
    caption = page.get_by_test_id("replay-caption")
    expect(caption).to_contain_text("every hand face up")
    assert panel.locator(".replay-seat").nth(1).locator("[data-card]").count() == 12
    for _ in range(3):
        page.get_by_test_id("replay-next").click()
    expect(caption).to_contain_text("Trick 3")
    page.get_by_test_id("replay-back").click()
    expect(caption).to_contain_text("Trick 2")
    page.screenshot(path="test-results/replay.png")
    with page.expect_download() as download:
        page.get_by_test_id("export-hand").click()
    assert download.value.suggested_filename == f"tractor-hand-{almost.seed}-1.json"
    page.get_by_test_id("replay-close").click()
    expect(panel).to_have_count(0)
    page.get_by_test_id("settings").click()
    expect(page.get_by_test_id("history")).to_contain_text("1 hand kept")


def full_history(size: int = 50) -> dict[str, object]:
    """A stored history of ``size`` finished hands of short one-deck matches."""
    from tractor.match import Match
    from tractor.players import make_player
    from tractor.rules import Rules
    from tractor.runner import play_hand, step

    entries: list[dict[str, object]] = []
    kept, seed = 0, 100
    while kept < size:
        seed += 1
        m = Match(Rules(decks=1), seed)
        players = [make_player("random", s) for s in range(4)]
        for _ in range(5):
            play_hand(m, players)
            if m.is_over:
                break
            step(m, players)
        hands = list(range(len(m.results)))[: size - kept]
        kept += len(hands)
        entries.append({"match_id": f"old-{seed}", "record": json.loads(dumps(m)),
                        "hands": hands})
    return {"version": 1, "entries": entries}


def test_the_history_stays_at_its_bound(page: Page, site_url: str) -> None:
    history = full_history()
    rules = {"decks": 1}
    almost = advance(rules, 6, lambda m: m.phase == "play" and len(m.trick) == 3
                     and m.hand_count(m.to_move or 0) == 1 and m.to_move != 0)
    assert almost is not None
    page.add_init_script(
        script=f"localStorage.setItem('tractor.history', {json.dumps(json.dumps(history))});"
    )
    open_table(page, site_url, settings={"rules": rules, "speed": "instant", "lang": "en"},
               save=dumps(almost))
    expect(page.get_by_test_id("hand-over")).to_be_visible()
    kept = json.loads(stored(page, "tractor.history") or "")
    assert sum(len(e["hands"]) for e in kept["entries"]) == 50, "one hand in, the oldest out"
    assert kept["entries"][-1]["hands"] == [0] and kept["entries"][0]["hands"][0] == 1
    page.get_by_test_id("settings").click()
    expect(page.get_by_test_id("history")).to_contain_text("50 hands kept")

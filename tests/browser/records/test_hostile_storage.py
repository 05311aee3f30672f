"""Crafted storage and links cannot run script, freeze the page or load an impossible game.

Each test reproduces a finding of issue 6 in the real page: the data is refused,
kept aside under ``<key>.bad.<timestamp>`` with a message, and the table comes
up playable (cards are dealt).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Dialog, Page, expect
from web_helpers import (
    hand_cards,
    open_table,
    probe,
    stored,
    stored_keys,
    wait_dealt,
    wait_ready,
    wait_state,
)

pytestmark = pytest.mark.web

HOSTILE = "<img src=x onerror=alert(1)>"
ALERTS = "window.__alerts = []; window.alert = (m) => window.__alerts.push(String(m));"


def watch_for_script(page: Page) -> list[str]:
    """Record dialogs and any alert() call (what an injected handler would do)."""
    dialogs: list[str] = []
    def record(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", record)
    page.add_init_script(script=ALERTS)
    return dialogs


def assert_no_injected_markup(page: Page, dialogs: list[str]) -> None:
    page.wait_for_timeout(300)  # an onerror of a broken image would have fired by now
    assert page.locator("img").count() == 0
    assert page.evaluate("window.__alerts") == [] and dialogs == []


def kept_aside(page: Page, key: str) -> list[str]:
    return [k for k in stored_keys(page) if k.startswith(f"{key}.bad.")]


def test_a_crafted_save_with_markup_runs_no_script(page: Page, site_url: str) -> None:
    dialogs = watch_for_script(page)
    state = {
        "phase": "hand_over",
        "hand_result": {"trick_points": HOSTILE, "penalty": HOSTILE, "kitty": [HOSTILE]},
        "last_trick": {"plays": [{"seat": 1, "cards": [HOSTILE]}], "winner": 1},
    }
    save = json.dumps({"schema": "tractor-match", "version": 1, "state": state})
    open_table(page, site_url, settings={"speed": "instant", "lang": "en"}, save=save)
    expect(page.get_by_test_id("message")).to_contain_text("another version")
    (kept,) = kept_aside(page, "tractor.match")
    assert stored(page, kept) == save
    wait_dealt(page)
    assert hand_cards(page)
    assert_no_injected_markup(page, dialogs)


def test_markup_in_a_record_s_actions_is_refused(page: Page, site_url: str) -> None:
    dialogs = watch_for_script(page)
    record = {"schema": "tractor-match", "version": 2, "rules": {}, "seed": 1,
              "start_level": 0, "actions": ["deal", f"0 play {HOSTILE}"]}
    save = json.dumps(record)
    open_table(page, site_url, settings={"speed": "instant", "lang": "en"}, save=save)
    expect(page.get_by_test_id("message")).to_contain_text("damaged")
    assert kept_aside(page, "tractor.match")
    wait_dealt(page)
    assert_no_injected_markup(page, dialogs)


@pytest.mark.parametrize(
    "key", ["tractor.match", "tractor.settings", "tractor.stats", "tractor.meta"]
)
def test_deep_nesting_in_storage_never_kills_the_page(page: Page, site_url: str, key: str) -> None:
    junk = "[" * 20_000
    items = {key: junk, "tractor.settings": json.dumps({"speed": "instant", "lang": "en"})}
    if key == "tractor.settings":
        items[key] = junk
    if key == "tractor.meta":  # meta is read beside a resumable match
        items["tractor.match"] = json.dumps(
            {"schema": "tractor-match", "version": 2, "rules": {"decks": 1}, "seed": 3,
             "start_level": 0, "actions": ["deal"]}
        )
    page.add_init_script(
        script=f"if (!sessionStorage.getItem('seeded')) {{ const items = {json.dumps(items)};"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
        " sessionStorage.setItem('seeded', '1'); }"
    )
    page.goto(f"{site_url}index.html?speed=instant")
    wait_ready(page)
    wait_dealt(page)
    assert hand_cards(page)
    (kept,) = kept_aside(page, key)
    assert stored(page, kept) == junk and stored(page, key) != junk
    expect(page.get_by_test_id("message")).to_contain_text(kept)
    page.reload()  # and the next visit is clean
    wait_ready(page)
    wait_dealt(page)
    assert len(kept_aside(page, key)) == 1


def test_a_stored_match_holding_a_lone_surrogate_is_kept_aside_and_a_new_one_dealt(
        page: Page, site_url: str) -> None:
    record = {"schema": "tractor-match", "version": 2, "rules": {"decks": 1}, "seed": 3,
              "start_level": 0, "actions": ["deal"], "note": "\ud800"}
    save = json.dumps(record, ensure_ascii=False)  # a JavaScript string with half a pair
    open_table(page, site_url, "?speed=instant", settings={"lang": "en"}, save=save)
    expect(page.get_by_test_id("message")).to_contain_text("damaged")
    expect(page.get_by_test_id("status")).not_to_contain_text("could not start")
    (kept,) = kept_aside(page, "tractor.match")
    expect(page.get_by_test_id("message")).to_contain_text(kept)
    assert stored(page, kept) == save
    wait_dealt(page)
    assert hand_cards(page)
    page.reload()  # and the next visit is clean: the new match resumes
    wait_ready(page)
    wait_dealt(page)
    assert len(kept_aside(page, "tractor.match")) == 1
    expect(page.get_by_test_id("status")).not_to_contain_text("could not start")


@pytest.mark.parametrize("seed", ["²", "٣", "9" * 5000, "-4", "1e9", "<b>"])
def test_a_malformed_seed_in_the_link_starts_a_normal_match(
    page: Page, site_url: str, seed: str
) -> None:
    open_table(page, site_url, f"?seed={seed}&speed=instant", settings={"lang": "en"})
    wait_dealt(page)
    assert hand_cards(page)
    expect(page.get_by_test_id("status")).not_to_contain_text("could not start")


def test_a_seed_in_the_link_deals_the_same_cards_twice(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=123456789012345678&speed=instant", settings={"lang": "en"})
    wait_dealt(page)
    first = hand_cards(page)
    page.evaluate("localStorage.clear()")
    page.goto(f"{site_url}index.html?seed=123456789012345678&speed=instant")
    wait_ready(page)
    wait_dealt(page)
    assert hand_cards(page) == first


def test_the_stored_match_is_replayed_and_its_time_shown(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?seed=5&speed=instant", settings={"lang": "en"})
    wait_dealt(page)
    before = json.loads(stored(page, "tractor.match") or "")["actions"]
    page.reload()
    wait_ready(page)
    assert int(probe(page, "load-ms")) >= 0
    after = json.loads(stored(page, "tractor.match") or "")["actions"]
    assert after[: len(before)] == before, "the same match, replayed, goes on"


CSP_WATCH = (
    "window.__csp = []; document.addEventListener('securitypolicyviolation',"
    " (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
)


def test_a_whole_hand_plays_under_the_content_security_policy(page: Page, site_url: str) -> None:
    page.add_init_script(script=CSP_WATCH)
    open_table(page, site_url, "?seed=7&speed=instant", settings={"lang": "en"})
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy is not None and "default-src 'none'" in policy and "'unsafe-inline'" not in policy
    expect(page.get_by_test_id("worker-state")).to_have_text("ready", timeout=60_000)
    page.get_by_test_id("autoplay").click()
    wait_state(page, "phase === 'hand_over'", timeout=120_000)
    assert int(probe(page, "worker-calls")) > 0, "the worker started and answered"
    assert page.evaluate("window.__csp") == []


def test_the_policy_blocks_inline_handlers_even_if_markup_got_in(page: Page, site_url: str) -> None:
    page.add_init_script(script=CSP_WATCH)
    open_table(page, site_url, "?speed=instant", settings={"lang": "en"})
    page.evaluate(
        "() => { const d = document.createElement('div');"
        " d.innerHTML = '<img src=\"data:,x\" onerror=\"window.__pwned = 1\">'"
        " + '<a id=\"js\" href=\"javascript:window.__pwned = 2\">x</a>';"
        " document.body.append(d); document.getElementById('js').click(); }"
    )
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned === undefined")
    assert any("script-src" in v for v in page.evaluate("window.__csp"))

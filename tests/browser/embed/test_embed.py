"""embed.html in Chromium: positions from links and files, steps, quizzes, errors (issue 9).
Inside a host page (the referee, the frame's size, no other origin, sharing a position
from the table): ``test_embed_host.py``, which shares these helpers."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

pytestmark = pytest.mark.web

HOSTILE = "<img src=x onerror=alert(1)>"
ALERTS = "window.__alerts = []; window.alert = (m) => window.__alerts.push(String(m));"
ENGINE_TIMEOUT = 90_000  # the first engine answer starts Pyodide in a worker

#: RULES §4: L = 10, T = H, spades led: on 5S 4S4S, 9H 7H7H trumps, 8H8H 4H over-trumps.
OVER_TRUMP: dict[str, Any] = {
    "schema": "tractor-scenario",
    "version": 1,
    "level": "10",
    "trump": "H",
    "dealer": 1,
    "seats": [
        {"name": {"en": "You", "zh": "你"}, "cards": "AD KD 9H 8H 8H 4H"},
        {"backs": 3},
        {},
        {"backs": 6},
    ],
    "trick": [{"seat": 1, "cards": "5S 4S 4S"}, {"seat": 2, "cards": "9H 7H 7H"}],
    "caption": {"en": "Seat 2 trumps the spade lead.", "zh": "2号位毙了黑桃。"},
    "steps": [
        {"seat": 3, "cards": "6S 3S 2S",
         "caption": {"en": "Seat 3 follows suit.", "zh": "3号位跟牌。"}},
        {"seat": 0, "cards": "8H 8H 4H",
         "caption": {"en": "You over-trump.", "zh": "你盖毙。"}},
    ],
}

def quiz() -> dict[str, Any]:
    """Seat 0 to play after a pair lead; the answer is the pair of queens."""
    return {
        "schema": "tractor-scenario",
        "version": 1,
        "level": "2",
        "trump": "H",
        "seats": [{"cards": "QS QS 9S 3D"}, {"backs": 2}, {"backs": 2}, {"backs": 2}],
        "trick": [{"seat": 1, "cards": "7S 7S"}, {"seat": 2, "cards": "KS KS"},
                  {"seat": 3, "cards": "5S 4S"}],
        "caption": {"en": "A pair was led. What do you play?", "zh": "对子领出。你出什么？"},
        "quiz": {
            "answers": ["QS QS"],
            "explain": {"en": "You hold a pair of spades: follow the pair.",
                        "zh": "你有黑桃对子：必须跟对。"},
        },
    }


#: Show-only (no steps, no quiz: the engine never starts), led by a throw that seat 0's
#: QS QS beats (RULES §4, L = 2, T = H): refused as the CLI refuses it.
FAILED_THROW = {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H",
                "seats": [{"cards": "QS QS 3C"}, {}, {}, {"backs": 0}],
                "trick": [{"seat": 3, "cards": "9S 8S 8S"}]}


def link(scenario: dict[str, Any] | str) -> str:
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def open_embed(page: Page, site_url: str, query: str) -> None:
    page.goto(f"{site_url}embed.html?{query}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=30_000)


def watch_for_script(page: Page) -> list[str]:
    dialogs: list[str] = []
    def record(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", record)
    page.add_init_script(script=ALERTS)
    return dialogs


@pytest.fixture()
def served_file(dist_dir: Path) -> Iterator[Any]:
    """Write files into dist/ for one test (a scenario file, a host page), then remove them."""
    written: list[Path] = []

    def write(name: str, text: str) -> str:
        path = dist_dir / "test-files" / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
        written.append(path)
        return f"test-files/{name}"

    yield write
    for path in written:
        path.unlink(missing_ok=True)


def test_a_position_shows_from_a_link_with_cards_trick_and_caption(
    page: Page, site_url: str
) -> None:
    open_embed(page, site_url, f"s={link(OVER_TRUMP)}&lang=en")
    hand = page.get_by_test_id("hand-0").locator("[data-card]")
    expect(hand).to_have_count(6)
    assert hand.first.get_attribute("data-card") == "AD"
    trick = page.get_by_test_id("trick").locator("[data-card]")
    assert [trick.nth(i).get_attribute("data-card") for i in range(6)] == [
        "5S", "4S", "4S", "9H", "7H", "7H"]
    expect(page.get_by_test_id("caption")).to_have_text("Seat 2 trumps the spade lead.")
    expect(page.get_by_test_id("hand-1")).to_contain_text("3 cards")
    expect(page.get_by_test_id("hand-2")).to_contain_text("hidden")
    expect(page.get_by_test_id("info")).to_contain_text("Level 10")


def test_a_position_shows_from_a_file_of_the_site_in_chinese(
    page: Page, site_url: str, served_file: Any
) -> None:
    path = served_file("over-trump.json", json.dumps(OVER_TRUMP))
    open_embed(page, site_url, f"src={path}&lang=zh")
    expect(page.get_by_test_id("caption")).to_have_text("2号位毙了黑桃。")
    expect(page.get_by_test_id("next")).to_have_text("下一步")
    assert page.evaluate("document.documentElement.lang") == "zh-CN"


@pytest.mark.parametrize("how", ["browser", "param"])
def test_a_traditional_chinese_reader_sees_the_embed_s_words_in_traditional(
    browser: Browser, site_url: str, how: str
) -> None:
    """zh-TW (or ?lang=zh-Hant): the embed's own words in 繁體中文, the scenario's zh text."""
    context = browser.new_context(locale="zh-TW" if how == "browser" else "en-US")
    try:
        page = context.new_page()
        query = "" if how == "browser" else "&lang=zh-Hant"
        open_embed(page, site_url, f"s={link(OVER_TRUMP)}{query}")
        assert page.evaluate("document.documentElement.lang") == "zh-Hant"
        expect(page.get_by_test_id("caption")).to_have_text("2号位毙了黑桃。")
        expect(page.get_by_test_id("next")).to_have_text("下一步")
        expect(page.get_by_test_id("hand-1")).to_contain_text("3 張")
        expect(page.get_by_test_id("hand-2")).to_contain_text("未顯示")
        expect(page.get_by_test_id("info")).to_contain_text("打10")
    finally:
        context.close()


def test_steps_go_forward_and_back_and_the_engine_names_the_winner(
    page: Page, site_url: str
) -> None:
    open_embed(page, site_url, f"s={link(OVER_TRUMP)}&lang=en")
    expect(page.get_by_test_id("back")).to_be_disabled()
    page.get_by_test_id("next").click()
    expect(page.get_by_test_id("caption")).to_have_text(
        "Seat 3 follows suit.", timeout=ENGINE_TIMEOUT)
    expect(page.get_by_test_id("hand-3")).to_contain_text("3 cards")
    page.get_by_test_id("next").click()
    expect(page.get_by_test_id("result")).to_have_text("You win the trick and its 5 points.")
    expect(page.get_by_test_id("info")).to_contain_text("Attackers' points: 5")
    expect(page.get_by_test_id("next")).to_be_disabled()
    expect(page.get_by_test_id("hand-0").locator("[data-card]")).to_have_count(3)
    page.get_by_test_id("back").click()
    expect(page.get_by_test_id("caption")).to_have_text("Seat 3 follows suit.")
    expect(page.get_by_test_id("result")).to_have_text("")
    page.get_by_test_id("back").click()
    expect(page.get_by_test_id("caption")).to_have_text("Seat 2 trumps the spade lead.")
    expect(page.get_by_test_id("hand-0").locator("[data-card]")).to_have_count(6)


def test_the_engine_starts_once_however_eagerly_the_reader_clicks(
    page: Page, site_url: str
) -> None:
    workers: list[str] = []
    page.on("request", lambda r: workers.append(r.url) if "embed_worker.py" in r.url else None)
    open_embed(page, site_url, f"s={link(OVER_TRUMP)}&lang=en")
    page.get_by_test_id("next").hover()  # pointing at the controls starts the engine early
    page.get_by_test_id("next").click()  # and the click does not start a second one
    expect(page.get_by_test_id("caption")).to_have_text(
        "Seat 3 follows suit.", timeout=ENGINE_TIMEOUT)
    page.get_by_test_id("next").click()
    expect(page.get_by_test_id("caption")).to_have_text("You over-trump.")
    assert len(workers) == 1, workers


def pick(page: Page, cards: list[str]) -> None:
    hand = page.get_by_test_id("hand-0")
    taken: list[int] = []
    for card in cards:
        buttons = hand.locator(f'button:has([data-card="{card}"])')
        for i in range(buttons.count()):
            index = int(buttons.nth(i).get_attribute("data-index") or -1)
            if index not in taken:
                taken.append(index)
                buttons.nth(i).click()
                break


def test_a_quiz_answer_that_is_right(page: Page, site_url: str) -> None:
    open_embed(page, site_url, f"s={link(quiz())}&lang=en")
    expect(page.get_by_test_id("submit")).to_be_disabled()
    pick(page, ["QS", "QS"])
    expect(page.locator('[aria-pressed="true"]')).to_have_count(2)
    page.get_by_test_id("submit").click()
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_have_attribute("data-verdict", "right", timeout=ENGINE_TIMEOUT)
    expect(verdict).to_contain_text("You hold a pair of spades: follow the pair.")


def test_a_quiz_answer_that_is_illegal_says_the_rule_then_a_legal_wrong_one(
    page: Page, site_url: str
) -> None:
    open_embed(page, site_url, f"s={link(quiz())}&lang=en")
    pick(page, ["QS", "9S"])
    page.get_by_test_id("submit").click()
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_have_attribute("data-verdict", "illegal", timeout=ENGINE_TIMEOUT)
    expect(verdict).to_contain_text("pair")
    page.get_by_test_id("again").click()
    expect(verdict).to_have_count(0)
    open_embed(page, site_url, f"s={link(quiz())}&lang=zh")
    pick(page, ["QS", "QS"])
    page.get_by_test_id("clear").click()
    expect(page.locator('[aria-pressed="true"]')).to_have_count(0)


def two_pairs_quiz() -> dict[str, Any]:
    """The pair quiz with a second legal pair (9S 9S) that is not the answer."""
    two_pairs = quiz()
    two_pairs["seats"] = [{"cards": "QS QS 9S 9S 3D"}, {"backs": 3}, {"backs": 3}, {"backs": 3}]
    return two_pairs


def test_a_wrong_quiz_answer_says_why_offers_a_second_try_then_the_right_one_wins(
    page: Page, site_url: str
) -> None:
    open_embed(page, site_url, f"s={link(two_pairs_quiz())}&lang=en")
    pick(page, ["9S", "9S"])
    page.get_by_test_id("submit").click()
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_have_attribute("data-verdict", "wrong", timeout=ENGINE_TIMEOUT)
    expect(verdict).to_contain_text("Legal, but not the answer.")
    expect(verdict).to_contain_text("A legal follow.")
    expect(page.get_by_test_id("retry")).to_have_text("Try again, or ask for the answer.")
    expect(page.get_by_test_id("show-answer")).to_be_visible()
    expect(page.get_by_test_id("solution")).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("follow the pair")
    page.get_by_test_id("again").click()
    expect(verdict).to_have_count(0)
    pick(page, ["QS", "QS"])
    page.get_by_test_id("submit").click()
    expect(verdict).to_have_attribute("data-verdict", "right", timeout=ENGINE_TIMEOUT)
    expect(verdict).to_contain_text("You hold a pair of spades: follow the pair.")
    expect(page.get_by_test_id("again")).to_have_count(0)


def test_a_second_wrong_try_shows_the_solution(page: Page, site_url: str) -> None:
    open_embed(page, site_url, f"s={link(two_pairs_quiz())}&lang=zh")
    verdict = page.get_by_test_id("verdict")
    for cards in (["9S", "9S"], ["QS", "9S"]):
        pick(page, cards)
        page.get_by_test_id("submit").click()
        expect(verdict).to_be_visible(timeout=ENGINE_TIMEOUT)
        if cards == ["9S", "9S"]:
            expect(page.get_by_test_id("solution")).to_have_count(0)
            page.get_by_test_id("again").click()
    expect(verdict).to_have_attribute("data-verdict", "illegal")
    solution = page.get_by_test_id("solution")
    expect(solution).to_contain_text("答案：")
    expect(solution).to_contain_text("你有黑桃对子：必须跟对。")
    assert [c.get_attribute("data-card") for c in solution.locator("[data-card]").all()] == [
        "QS", "QS"]
    expect(page.get_by_test_id("retry")).to_have_count(0)
    expect(page.get_by_test_id("show-answer")).to_have_count(0)


def test_the_answer_is_shown_on_request_after_a_wrong_try(page: Page, site_url: str) -> None:
    open_embed(page, site_url, f"s={link(two_pairs_quiz())}&lang=en")
    expect(page.get_by_test_id("show-answer")).to_have_count(0)  # not before a try
    pick(page, ["9S", "9S"])
    page.get_by_test_id("submit").click()
    page.get_by_test_id("show-answer").click(timeout=ENGINE_TIMEOUT)
    expect(page.get_by_test_id("solution")).to_contain_text(
        "You hold a pair of spades: follow the pair.")


def test_a_picture_only_position_has_no_seat_to_play_and_no_hidden_labels(
    page: Page, site_url: str
) -> None:
    picture = {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H",
               "turn": 0, "seats": [{"cards": "BJ SJ 2H"}, {}, {}, {}]}
    open_embed(page, site_url, f"s={link(picture)}&lang=zh")
    expect(page.get_by_test_id("seat-0").locator("[data-card]")).to_have_count(3)
    expect(page.locator(".badge.turn")).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("该出牌")
    expect(page.locator("body")).not_to_contain_text("未显示")
    expect(page.get_by_test_id("seat-2")).to_have_text("对家")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (f"s={link('{not json')}", "not valid JSON"),
        ("s=%%%", "damaged"),
        (f"s={link(dict(quiz(), seats=[{'cards': 'AS AS AS'}, {}, {}, {}], trick=[], turn=0))}",
         "AS is shown 3 times"),
        (f"s={link(dict(OVER_TRUMP, seats=[{'cards': 'AS'}, {'backs': 3}, {}, {}]))}",
         "hand sizes do not fit the trick"),
        (f"s={link(FAILED_THROW)}", "seat 0 holds QS QS, which beats 8S 8S (throw_fails"),
        ("s=" + "A" * 30_000, "too long"),
        ("src=https://example.com/x.json", "not on this site"),
        ("src=missing.json", "the site answered 404"),
        ("", "No position given"),
    ],
    ids=["malformed", "not-base64", "too-many-copies", "wrong-hand-size", "throw-fails",
         "oversized",
         "other-origin", "missing-file", "nothing"],
)
def test_a_bad_scenario_gives_a_clear_message_and_nothing_else(
    page: Page, site_url: str, query: str, message: str
) -> None:
    open_embed(page, site_url, f"{query}&lang=en")
    expect(page.get_by_test_id("error")).to_contain_text(message)
    assert page.locator("[data-card]").count() == 0


@pytest.mark.parametrize(("lang", "sentence", "summary"), [
    ("zh", "局面有误。", "详情"), ("zh-Hant", "局面有誤。", "詳細資訊"),
    ("en", "The position has a mistake.", "Details")])
def test_a_scenario_s_mistake_is_told_in_the_reader_s_language_with_the_checker_s_words_apart(
    page: Page, site_url: str, lang: str, sentence: str, summary: str
) -> None:
    """The checker's (English) reason is only in the collapsed details, never in the
    sentence; a file the site does not have is told in the reader's words only."""
    bad = dict(quiz(), seats=[{"cards": "AS AS AS"}, {}, {}, {}], trick=[], turn=0)
    open_embed(page, site_url, f"s={link(bad)}&lang={lang}")
    error = page.get_by_test_id("error")
    expect(error.locator("p")).to_have_text(sentence)
    details = page.get_by_test_id("error-details")
    expect(details.locator("summary")).to_have_text(summary)
    expect(details).not_to_have_attribute("open", "")
    expect(details.locator("code")).to_contain_text("AS is shown 3 times")
    open_embed(page, site_url, f"src=missing.json&lang={lang}")
    expect(error.locator("p")).to_contain_text("404")
    if lang != "en":
        assert not re.search(r"[A-Za-z]", error.locator("p").inner_text())
        assert not re.search(r"[A-Za-z]", error.locator("h2").inner_text())
    expect(page.get_by_test_id("error-details")).to_have_count(0)


def test_hostile_markup_in_a_scenario_is_only_text(page: Page, site_url: str) -> None:
    dialogs = watch_for_script(page)
    scenario = dict(OVER_TRUMP, caption=HOSTILE + "<script>alert(2)</script>",
                    seats=[{"name": HOSTILE, "cards": "AD KD 9H 8H 8H 4H"}, {"backs": 3},
                           {"name": {"en": "<script>alert(3)</script>"}}, {"backs": 6}])
    open_embed(page, site_url, f"s={link(scenario)}&lang=en")
    expect(page.get_by_test_id("caption")).to_contain_text("<script>alert(2)</script>")
    expect(page.get_by_test_id("seat-0")).to_contain_text(HOSTILE)
    bad_card = dict(OVER_TRUMP, seats=[{"cards": HOSTILE}, {}, {}, {}], trick=[], turn=0)
    open_embed(page, site_url, f"s={link(bad_card)}&lang=en")
    expect(page.get_by_test_id("error")).to_contain_text("not a card")
    page.wait_for_timeout(300)
    assert page.locator("#embed img, #embed script").count() == 0
    assert page.evaluate("window.__alerts") == [] and dialogs == []

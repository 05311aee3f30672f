"""embed.html inside a host page (issue 9): the host page asks the embed's referee and bad
requests are refused, the host snippet sizes the frame, nothing is loaded from another
origin, and the table's "share this position" opens an embed of seat 0's cards only.
The embed on its own (links, files, steps, quizzes, errors): ``test_embed.py``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_embed import ENGINE_TIMEOUT, OVER_TRUMP, link, open_embed, pick, quiz
from test_embed import served_file as served_file  # the fixture, shared

pytestmark = pytest.mark.web


HOST = """<!doctype html><meta charset="utf-8"><title>host</title>
<p>A tutorial page</p>
<iframe id="f" src="../embed.html?{query}" width="100%" height="50"></iframe>
<script src="../embed.js"></script>
"""

ASK = """async ([request, wait]) => {
  const frame = document.getElementById("f");
  return await new Promise((resolve) => {
    const answer = (event) => {
      if (event.data && event.data.type === "tractor.referee.result") {
        window.removeEventListener("message", answer);
        resolve(event.data);
      }
    };
    window.addEventListener("message", answer);
    setTimeout(() => resolve({unanswered: true}), wait);
    frame.contentWindow.postMessage(request, "*");
  });
}"""
"""Post ``request`` to the frame; its answer, or ``{unanswered: true}`` after ``wait`` ms."""

BUILT = """(kind, size) => {
  if (kind === "deep") {
    let nested = "AS";
    for (let i = 0; i < size; i++) nested = [nested];
    return {type: "tractor.referee", id: "deep", fn: "is_tractor", args: [nested, "2", "H"]};
  }
  return {type: "tractor.referee", id: 8, fn: "is_tractor", args: ["A".repeat(size)]};
}"""
ASK_BUILT = f"([kind, size, wait]) => ({ASK})([({BUILT})(kind, size), wait])"
"""``ASK`` with a request built in the page (Playwright's arguments cannot nest 3,000 deep)."""


def open_host(page: Page, site_url: str, served_file: Any, scenario: dict[str, Any]) -> None:
    path = served_file("host.html", HOST.format(query=f"s={link(scenario)}&lang=en"))
    page.goto(site_url + path)
    frame = page.frame_locator("#f")
    expect(frame.get_by_test_id("caption")).to_be_visible(timeout=30_000)


def test_the_host_page_asks_the_referee_and_bad_requests_are_refused(
    page: Page, site_url: str, served_file: Any
) -> None:
    open_host(page, site_url, served_file, OVER_TRUMP)
    def ask(request: dict[str, Any]) -> Any:
        return page.evaluate(ASK, [request, ENGINE_TIMEOUT])

    winner = ask({"type": "tractor.referee", "id": 7, "fn": "trick_winner",
                  "args": [["5S 4S 4S", "9H 7H 7H", "8H 8H 4H"], "10", "H"]})
    assert winner == {"type": "tractor.referee.result", "id": 7, "result": 2}
    assert ask({"type": "tractor.referee", "id": "t", "fn": "is_tractor",
                "args": ["5S 5S 5H 5H", "5", "H"]})["result"] is True
    assert ask({"type": "tractor.referee", "id": 1, "fn": "level_change", "args": [85]})[
        "result"] == ["attackers", 0]
    for bad in (
        {"type": "tractor.referee", "id": 2, "fn": "__import__", "args": ["os"]},
        {"type": "tractor.referee", "id": 3, "fn": "decompose", "args": ["ZZ", "2", "H"]},
        {"type": "tractor.referee", "id": 4, "fn": "trick_winner", "args": [{"x": 1}]},
        {"type": "something else", "id": 5},
    ):
        reply = ask(bad)
        assert "error" in reply and "result" not in reply, reply
    assert ask({"type": "tractor.referee", "id": 6, "fn": "is_tractor",
                "args": ["A" * 9000]})["error"].startswith("the request is longer")


def test_a_long_or_deeply_nested_referee_request_is_refused_with_its_id(
    page: Page, site_url: str, served_file: Any
) -> None:
    open_host(page, site_url, served_file, OVER_TRUMP)
    started = page.evaluate(ASK, [{"type": "tractor.referee", "id": 1, "fn": "level_change",
                                   "args": [85]}, ENGINE_TIMEOUT])
    assert started["result"] == ["attackers", 0]  # the engine runs: a refusal is not a start-up
    long = page.evaluate(ASK_BUILT, ["long", 9000, ENGINE_TIMEOUT])
    assert long["id"] == 8 and long["error"].startswith("the request is longer"), long
    # 3,000 arrays in 6,000 characters: under the length cap, far over any depth a call needs.
    deep = page.evaluate(ASK_BUILT, ["deep", 3000, ENGINE_TIMEOUT])
    assert deep.get("id") == "deep" and "nested more than" in deep.get("error", ""), deep


def test_the_host_snippet_sizes_the_frame_to_its_content(
    page: Page, site_url: str, served_file: Any
) -> None:
    open_host(page, site_url, served_file, OVER_TRUMP)
    page.wait_for_function(
        "document.getElementById('f').getBoundingClientRect().height > 200", timeout=10_000)
    inner = page.frame_locator("#f").locator("html").evaluate(
        "el => el.scrollHeight")
    shown = page.evaluate("document.getElementById('f').clientHeight")  # inside its border
    assert abs(shown - inner) <= 1


def test_an_embed_loads_nothing_from_another_origin(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_embed(page, site_url, f"s={link(quiz())}&lang=en")
    pick(page, ["QS", "QS"])
    page.get_by_test_id("submit").click()
    expect(page.get_by_test_id("verdict")).to_be_visible(timeout=ENGINE_TIMEOUT)
    foreign = [url for url in requests if not url.startswith((site_url, "blob:", "data:"))]
    assert requests and foreign == []


def test_share_this_position_from_the_table_shows_only_your_cards(
    page: Page, site_url: str
) -> None:
    from tractor.save import dumps
    from web_helpers import advance, hand_cards, load_position

    rules: dict[str, Any] = {}
    match = advance(rules, 23, lambda m: m.phase == "play" and m.to_move == 0 and len(m.trick) == 2)
    assert match is not None
    settings = json.dumps({"speed": "instant", "lang": "en", "seat1": "random",
                           "seat2": "random", "seat3": "random"})
    load_position(page, site_url, {"tractor.match": dumps(match), "tractor.settings": settings})
    mine = sorted(hand_cards(page))
    page.get_by_test_id("settings").click()
    page.get_by_test_id("share-position").click()
    url = page.get_by_test_id("position-link").input_value()
    assert url.startswith(site_url + "embed.html?s=")
    assert 'src="' + url.replace("&", "&amp;") + '"' in page.get_by_test_id(
        "position-iframe").input_value()
    page.goto(url + "&lang=en")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=30_000)
    shown = page.get_by_test_id("hand-0").locator("[data-card]")
    cards = [shown.nth(i).get_attribute("data-card") or "" for i in range(shown.count())]
    assert sorted(cards) == mine
    for seat in (1, 2, 3):
        assert page.get_by_test_id(f"hand-{seat}").locator("[data-card]").count() == 0
    trick = page.get_by_test_id("trick").locator("[data-card]")
    assert trick.count() == sum(len(cards) for _, cards in match.trick)
    view = match.observe(0)  # the caption: the catalogs' words for the hand and trick
    expect(page.get_by_test_id("caption")).to_have_text(
        f"Hand {view.hand_no + 1}, trick {view.tricks_played + 1}.")

"""tutorial.html and rules.html, and the way to them from the table (issue 9)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from web_helpers import drawn_embeds, open_table, page_in

pytestmark = pytest.mark.web


AVATARS_DRAWN = """(avatars) => avatars.filter((a) => {
  const r = a.getBoundingClientRect(), use = a.querySelector('use');
  return r.width >= 16 && r.height >= 16 && use
    && document.querySelector(use.getAttribute('href')) !== null;
}).length"""
"""How many seats' avatars are drawn: a visible round box whose figure is in the page."""


def embeds_ready(page: Page) -> list[dict[str, str]]:
    """Scroll every embed of the page into view and wait until each has drawn."""
    return [{
        "ready": inner.locator("html").get_attribute("data-ready") or "",
        "lang": inner.locator("html").get_attribute("lang") or "",
        "caption": inner.get_by_test_id("caption").inner_text(),
        "mode": inner.locator(".embed-root").get_attribute("data-mode") or "",
        "cards": str(inner.locator("[data-card]").count()),
        "avatars": str(inner.locator("[data-seat] .avatar").evaluate_all(AVATARS_DRAWN)),
    } for inner, _ in drawn_embeds(page)]


@pytest.mark.parametrize(("lang", "html_lang"), [("zh", "zh-CN"), ("en", "en")])
def test_every_embed_of_the_tutorial_renders_in_both_languages(
    page: Page, site_url: str, lang: str, html_lang: str
) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site_url}tutorial.html?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == html_lang
    embeds = embeds_ready(page)
    assert len(embeds) >= 12
    for embed in embeds:
        assert embed["ready"] == "1", embed
        assert embed["lang"] == html_lang and embed["caption"].strip(), embed
        assert embed["avatars"] == "4", embed  # each seat's avatar, as at the table
    assert sum(int(embed["cards"]) > 0 for embed in embeds) >= 12
    assert sum(embed["mode"] == "quiz" for embed in embeds) == 3
    foreign = [url for url in requests if not url.startswith((site_url, "blob:", "data:"))]
    assert foreign == []


def test_a_tutorial_quiz_is_answered_by_the_engine(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}tutorial.html?lang=en")
    frames = page.locator("iframe[data-testid=embed]")
    quiz = None
    for i in range(frames.count()):
        frames.nth(i).scroll_into_view_if_needed()
        inner = page.frame_locator("iframe[data-testid=embed]").nth(i)
        inner.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
        if inner.locator(".embed-root[data-mode=quiz]").count():
            quiz = inner
            break
    assert quiz is not None
    quiz.locator("button.pick").first.click()
    quiz.get_by_test_id("submit").click()
    expect(quiz.get_by_test_id("verdict")).to_be_visible(timeout=90_000)


def test_the_table_leads_a_new_player_to_the_tutorial(page: Page, site_url: str) -> None:
    open_table(page, site_url, "?speed=instant")  # nothing stored: a first visit
    expect(page.get_by_test_id("welcome")).to_be_visible()
    how = page.get_by_test_id("how-to-play")
    assert (how.get_attribute("href") or "").startswith("tutorial.html?lang=")
    page.reload()
    page.get_by_test_id("phase").wait_for(state="attached")
    expect(page.get_by_test_id("how-to-play")).to_be_visible()
    expect(page.get_by_test_id("welcome")).to_have_count(0)
    with page.context.expect_page() as opened:
        page.get_by_test_id("how-to-play").click()
    tutorial = opened.value
    tutorial.wait_for_load_state()
    assert "tutorial.html" in tutorial.url
    expect(tutorial.locator("iframe[data-testid=embed]").first).to_be_attached()


def test_the_rules_summary_is_one_page_in_each_language(page: Page, site_url: str) -> None:
    for lang, words in (("en", ("Tractor", "kitty", "80")), ("zh", ("拖拉机", "底牌", "80"))):
        page.goto(f"{site_url}rules.html?lang={lang}")
        text = page.locator("body").inner_text()
        for word in words:
            assert word in text, (lang, word)


def test_the_rules_open_in_chinese_from_the_chinese_table(browser: Any, site_url: str) -> None:
    context = browser.new_context(locale="zh-CN")
    page = context.new_page()
    open_table(page, site_url, "?speed=instant")  # a first visit: the welcome line
    link = page.get_by_test_id("welcome").locator("a[href^='rules.html']")
    assert link.get_attribute("href") == "rules.html?lang=zh"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    expect(rules.locator("#zh")).to_be_visible()
    expect(rules.locator("#en")).to_be_hidden()
    assert rules.evaluate("document.documentElement.lang") == "zh-CN"
    context.close()


@pytest.mark.parametrize(
    ("locale", "own", "foreign"),
    [("zh-CN", ("底牌", "闲家"), ("kitty", "attackers", "Settings", "Tutorial")),
     ("en-US", ("kitty", "attackers"), ("底牌", "闲家", "规则", "教程"))])
@pytest.mark.parametrize("name", ["rules.html", "tutorial.html"])
def test_a_page_in_the_browser_s_language_shows_no_words_of_the_other(
    browser: Any, site_url: str, name: str, locale: str, own: tuple[str, ...],
    foreign: tuple[str, ...]
) -> None:
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(site_url + name)
        text = page.locator("body").inner_text()
        for word in own:
            assert word in text, (name, locale, word)
        for word in foreign:
            assert word not in text, (name, locale, word)
        expect(page.get_by_test_id("lang-toggle").first).to_be_visible()
    finally:
        context.close()


def test_a_tutorial_quiz_in_traditional_chinese_answered_wrong_then_right(
    browser: Browser, site_url: str
) -> None:
    """A zh-TW reader: the wrong answer is refused in 繁體中文 with a second try; the right
    one is confirmed with the position's zh-Hant explanation."""
    with page_in(browser, locale="zh-TW") as page:
        page.goto(site_url + "tutorial.html")
        frame = page.locator("iframe[data-src*='15-quiz-pair']")
        frame.scroll_into_view_if_needed()
        quiz = page.frame_locator("iframe[data-src*='15-quiz-pair']")
        quiz.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
        verdict = quiz.get_by_test_id("verdict")
        for cards, kind in ((["AC", "5C"], "illegal"), (["10C", "10C"], "right")):
            hand = quiz.get_by_test_id("hand-0")
            for i, card in enumerate(cards):
                hand.locator(f'button:has([data-card="{card}"])').nth(
                    i if cards.count(card) > 1 else 0).click()
            quiz.get_by_test_id("submit").click()
            expect(verdict).to_have_attribute("data-verdict", kind, timeout=90_000)
            if kind == "illegal":
                expect(verdict).to_contain_text("這樣出牌不合規則。")
                expect(verdict).to_contain_text("首家出對子時必須跟對子")
                expect(quiz.get_by_test_id("retry")).to_have_text("再試一次，或者看答案。")
                quiz.get_by_test_id("again").click()
                expect(verdict).to_have_count(0)
        expect(verdict).to_contain_text("你唯一的梅花對子是 10♣10♣")
        expect(quiz.get_by_test_id("again")).to_have_count(0)


ROW_BOXES = """cards => {
    const box = el => { const r = el.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height}; };
    return {cards: cards.map(box), names: cards.map(c => c.dataset.card),
            ranks: cards.map(c => box(c.querySelector('.rank'))),
            width: document.documentElement.clientWidth};
}"""
ROW_SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("lang", ["zh", "zh-Hant", "en"])
@pytest.mark.parametrize("size", list(ROW_SIZES))
def test_the_trump_order_row_stays_on_one_line(
    browser: Browser, site_url: str, size: str, lang: str
) -> None:
    """The trump-order position shows your 23 cards, the whole trump order, in one row
    (it once wrapped, leaving 2♦ alone on a second line)."""
    with page_in(browser, viewport=ROW_SIZES[size]) as page:
        page.goto(f"{site_url}tutorial.html?lang={lang}#trumps")
        frame = page.locator("iframe[data-src*='02-trump-order']")
        frame.scroll_into_view_if_needed()
        inner = page.frame_locator("iframe[data-src*='02-trump-order']")
        inner.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
        cards = inner.get_by_test_id("hand-0").locator("[data-card]")
        expect(cards).to_have_count(23)
        # Every box is read in one go inside the embed: read one by one from the tutorial
        # page, a page still settling under load moved between two reads (CI, stop 45).
        row = cards.evaluate_all(ROW_BOXES)
        boxes, ranks, width = row["cards"], row["ranks"], row["width"]
        assert len({round(box["y"]) for box in boxes}) == 1, (size, lang, boxes)
        assert boxes[-1]["x"] + boxes[-1]["width"] <= width
        for card, rank, following in zip(row["names"][2:], ranks[2:], boxes[3:], strict=False):
            # past the jokers (told apart by colour), no rank is under the next card
            assert rank["x"] + rank["width"] <= following["x"] + 1, (
                size, lang, card, rank, following)

"""The table, the tutorial (with its positions), the rules and an embed in each browser
language (zh-CN, zh-TW, en-US) show no string of another language (issue 26).

A page's visible text, outside the language menus (which name every language by its
own name), must hold: in 简体中文 no Traditional-only character, in 繁體中文 no
Simplified-only character, in both no Latin word but card ranks, keys and the rules'
letters; in English no Chinese character at all.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from test_catalogs import SIMPLIFIED_ONLY
from test_page_words import PAGE_LATIN
from web_helpers import drawn_embeds, open_table, page_in

pytestmark = pytest.mark.web

TRADITIONAL_ONLY = ("發這張莊閒級輪對設記錄認說讓頁個後開關門們時為無"
                    "來過還進選擇從當應該網數據檔載動敗贏輸給讀錯誤標籤連導顯換將結擊頭")
LOCALES = {"zh-CN": ("zh", "zh-CN"), "zh-TW": ("zh-Hant", "zh-Hant"), "en-US": ("en", "en")}
"""A browser locale: the site's language for it and the pages' ``<html lang>``."""
CHINESE_LATIN = PAGE_LATIN
"""Latin a Chinese page may show: card ranks, QQ, keys, units, L/T/p/n in the rules."""
VISIBLE_TEXT = """() => {
  document.querySelectorAll("[data-testid=lang-toggle], [data-option=lang]")
    .forEach(e => e.remove());
  return document.body.innerText;
}"""
"""The page's visible text once its language menus are taken out (the page is left so)."""


def foreign_words(locale: str, text: str) -> list[str]:
    """The strings of ``text`` that belong to a language other than ``locale``'s."""
    if locale == "en-US":
        return re.findall(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+", text)
    wrong_script = SIMPLIFIED_ONLY if locale == "zh-TW" else TRADITIONAL_ONLY
    found = [c for c in text if c in wrong_script]
    return found + sorted(set(re.findall(r"[A-Za-z]+", text)) - CHINESE_LATIN)


def test_the_character_lists_tell_the_scripts_apart() -> None:
    assert foreign_words("zh-TW", "莊家贏了") == [] and foreign_words("zh-CN", "庄家赢了") == []
    assert foreign_words("zh-TW", "庄家") == ["庄"] and foreign_words("zh-CN", "莊家") == ["莊"]
    assert foreign_words("zh-CN", "打 10 Hint") == ["Hint"]
    assert foreign_words("en-US", "Across (对家)") == ["对家"]


def expect_own_language(locale: str, where: str, text: str) -> None:
    assert text.strip(), where
    assert not foreign_words(locale, text), (locale, where, foreign_words(locale, text), text)


@pytest.mark.parametrize("locale", list(LOCALES))
def test_the_table_speaks_only_the_browser_s_language(browser: Browser, site_url: str,
                                                      locale: str) -> None:
    with page_in(browser, locale=locale) as page:
        open_table(page, site_url, "?seed=3&speed=instant")
        assert page.evaluate("document.documentElement.lang") == LOCALES[locale][1]
        expect_own_language(locale, "table", page.evaluate(VISIBLE_TEXT))
        expect_own_language(locale, "table title", page.title())


@pytest.mark.parametrize("locale", list(LOCALES))
def test_the_rules_speak_only_the_browser_s_language(browser: Browser, site_url: str,
                                                     locale: str) -> None:
    with page_in(browser, locale=locale) as page:
        page.goto(site_url + "rules.html")
        lang, html_lang = LOCALES[locale]
        assert page.evaluate("document.documentElement.lang") == html_lang
        expect(page.locator(f"section[id='{lang}']")).to_be_visible()
        expect(page.get_by_test_id("lang-toggle").first.locator("[aria-current]")).to_have_attribute(
            "data-lang", lang)
        expect_own_language(locale, "rules", page.evaluate(VISIBLE_TEXT))
        expect_own_language(locale, "rules title", page.title())


@pytest.mark.parametrize("locale", list(LOCALES))
def test_the_tutorial_and_its_positions_speak_only_the_browser_s_language(
    browser: Browser, site_url: str, locale: str
) -> None:
    with page_in(browser, locale=locale) as page:
        page.goto(site_url + "tutorial.html")
        assert page.evaluate("document.documentElement.lang") == LOCALES[locale][1]
        frames = [frame for _, frame in drawn_embeds(page)]
        assert len(frames) >= 12
        for frame in frames:
            assert frame.evaluate("document.documentElement.lang") == LOCALES[locale][1]
            expect_own_language(locale, frame.url, frame.evaluate(VISIBLE_TEXT))
        expect_own_language(locale, "tutorial", page.evaluate(VISIBLE_TEXT))
        expect_own_language(locale, "tutorial title", page.title())


@pytest.mark.parametrize("locale", list(LOCALES))
def test_an_embed_and_the_engine_s_sentences_speak_only_the_browser_s_language(
    browser: Browser, site_url: str, locale: str
) -> None:
    """A position with steps: the engine (in its worker) names the winner of the trick."""
    with page_in(browser, locale=locale) as page:
        page.goto(site_url + "embed.html?src=tutorial/positions/09-trumping.json")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=30_000)
        assert page.evaluate("document.documentElement.lang") == LOCALES[locale][1]
        for step in range(1, 5):  # the first trick, played by the engine step by step
            page.get_by_test_id("next").click()
            expect(page.get_by_test_id("step")).to_have_text(re.compile(rf"^\D*{step}\D"),
                                                             timeout=90_000)
        expect(page.get_by_test_id("result")).not_to_be_empty(timeout=90_000)
        expect_own_language(locale, "embed", page.evaluate(VISIBLE_TEXT))
        expect_own_language(locale, "embed title", page.title())


@pytest.mark.parametrize(("locale", "lang"), [("zh-CN", "zh"), ("zh-TW", "zh-Hant")])
def test_the_rules_open_in_the_chinese_of_the_chinese_table(
    browser: Browser, site_url: str, locale: str, lang: str
) -> None:
    with page_in(browser, locale=locale) as page:
        open_table(page, site_url, "?speed=instant")  # a first visit: the welcome line
        link = page.get_by_test_id("welcome").locator("a[href^='rules.html']")
        assert link.get_attribute("href") == f"rules.html?lang={lang}"
        with page.context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.wait_for_load_state()
        expect(rules.locator(f"section[id='{lang}']")).to_be_visible()
        expect(rules.locator("section.i18n:visible")).to_have_count(1)
        assert rules.evaluate("document.documentElement.lang") == LOCALES[locale][1]


@pytest.mark.parametrize(("locale", "query", "lang"), [
    ("zh-HK", "", "zh-Hant"), ("zh-MO", "", "zh-Hant"), ("zh-Hant-SG", "", "zh-Hant"),
    ("zh-SG", "", "zh"), ("zh-Hans-HK", "", "zh"), ("en-US", "?lang=zh-Hant", "zh-Hant"),
    ("zh-TW", "?lang=en", "en"), ("zh-TW", "?lang=zh", "zh"), ("fr-FR", "", "en"),
])
@pytest.mark.parametrize("name", ["rules.html", "tutorial.html"])
def test_a_page_picks_its_language_as_the_table_does(
    browser: Browser, site_url: str, name: str, locale: str, query: str, lang: str
) -> None:
    """?lang= first, else the browser's language by the table's rule (web/language_of.js)."""
    with page_in(browser, locale=locale) as page:
        page.goto(site_url + name + query)
        assert page.evaluate("document.documentElement.dataset.lang") == lang
        html_lang = {"zh": "zh-CN", "zh-Hant": "zh-Hant", "en": "en"}[lang]
        visible = page.locator(f".i18n[lang='{html_lang}']:visible")
        assert visible.count() > 0
        assert page.locator(f".i18n:not([lang='{html_lang}']):visible").count() == 0
        links = page.locator("main a[href^='rules.html'], main a[href^='tutorial.html']")
        for i in range(links.count()):
            assert (links.nth(i).get_attribute("href") or "").endswith(f"?lang={lang}")

"""The engine's sentences, worded by each reader from the catalogs (issue 35).

The engine says a message key and named parameters (``tractor.positions.saying``); the
sentences are the catalogs' ``scenario_*`` messages. Each reader's words match the
catalog's sentence in every language: the embed's ``embed_text.said`` (CPython here; the
MicroPython run is ``test_micropython_subset.py``'s) and the page's link to a shared
position (its caption). CPython only (no browser).
"""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "web"
sys.path[:0] = [str(WEB), str(WEB / "embed")]
sys.path.append(str(ROOT / "pyengine" / "tractor"))  # rulecore, beside the embed in dist/

import embed_text  # noqa: E402
from fakes import FakeStorage  # noqa: E402
from house import records  # noqa: E402
from micro import cardface  # noqa: E402
from store.settings import Settings  # noqa: E402
from tables import make_game, run_until  # noqa: E402
from text import pofile  # noqa: E402
from tractor.positions import scenario  # noqa: E402
from tractor.positions.position import caption_of  # noqa: E402
from tractor.rules import Rules  # noqa: E402

LANGUAGES = tuple(pofile.LOCALE_DIRS)
CATALOGS = {lang: {e.msgid: e.strings[0] for e in pofile.parse_po(
    pofile.po_path(WEB, lang).read_text(encoding="utf-8")) if e.msgid} for lang in LANGUAGES}
ENGINE_KEYS = sorted(k for k in CATALOGS["en"] if k.startswith(pofile.ENGINE_PREFIX))
SEAT = {"seat": 2}
NAMED = {"name": {"en": "North", "zh": "北家", "zh-Hant": "北邊"}}
CARDS = {"cards": ["10H", "SJ", "BJ"]}
INNER = {"key": "scenario_trick_won_nothing", "params": {"name": SEAT}}


def catalog_words(lang: str, key: str, params: dict[str, Any]) -> str:
    """The catalog's sentence with each placeholder replaced by its words, read from the
    catalog too (the seats' names, the jokers' names), independently of ``embed_text``."""
    text = CATALOGS[lang][key]
    jokers = {"SJ": CATALOGS[lang]["scenario_small_joker"],
              "BJ": CATALOGS[lang]["scenario_big_joker"]}
    for name, value in params.items():
        if isinstance(value, int):
            words = str(value)
        elif "cards" in value:
            words = " ".join(jokers.get(c) or c[:-1] + {"H": "♥", "S": "♠"}[c[-1]]
                             for c in value["cards"])
        elif "seat" in value:
            words = CATALOGS[lang][f"seat{value['seat']}"]
        elif "name" in value:
            words = value["name"][lang]
        else:
            words = catalog_words(lang, value["key"], value["params"])
        text = text.replace("{" + name + "}", words)
    return text


def params_for(key: str, seat: dict[str, Any]) -> dict[str, Any]:
    """A value for every placeholder of ``key``'s English sentence."""
    params: dict[str, Any] = {}
    for name in re.findall(r"{(\w+)}", CATALOGS["en"][key]):
        if name in ("name", "who", "other"):
            params[name] = seat
        elif name in ("tried", "beat", "forced"):
            params[name] = CARDS
        elif name == "text":
            params[name] = INNER
        else:
            params[name] = 15
    return params


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seat", [SEAT, NAMED], ids=["table-s-name", "scenario-s-name"])
def test_the_embed_words_every_engine_sentence_as_its_catalog_does(
        lang: str, seat: dict[str, Any]) -> None:
    for key in ENGINE_KEYS:
        params = params_for(key, seat)
        assert embed_text.said(lang, {"key": key, "params": params}) == catalog_words(
            lang, key, params), key


def test_the_embed_reads_the_seats_the_card_faces_and_the_engine_s_sentences_in_its_table(
) -> None:
    table: Any = pofile.embed_table(WEB, cardface.KEYS)
    for lang in LANGUAGES:
        text = table[lang]["text"]
        assert all(text[key] == CATALOGS[lang][key] for key in ENGINE_KEYS)
        assert [text[s] for s in pofile.SEATS] == [CATALOGS[lang][s] for s in pofile.SEATS]
        assert [text[k] for k in cardface.KEYS] == [CATALOGS[lang][k] for k in cardface.KEYS]
    own = [m[len(pofile.EMBED_PREFIX):] for m in CATALOGS["en"] if
           m.startswith(pofile.EMBED_PREFIX)]
    assert not [m for m in own if m.startswith(pofile.ENGINE_PREFIX) or m in pofile.SEATS
                or m in cardface.KEYS]


def test_a_frame_s_result_and_a_verdict_read_as_before_in_every_language() -> None:
    quiz = scenario.QUIZ
    verdict = scenario.judge(quiz, "AS KS")
    assert {lang: embed_text.verdict_text(lang, verdict) for lang in LANGUAGES} == {
        "en": "You hold a pair in the led suit: a led pair must be followed by a pair. "
              "(you must play 1 pair(s) of the led suit (you hold them))",
        "zh": "你有该花色的对子：对子领出时必须跟对子。",
        "zh-Hant": "你有這門花色的對子：首家出對子時必須跟對子。"}
    asked = '"quiz": {"answers": ["AS AS"], "explain": "Follow the pair with a pair."}'
    steps = quiz.replace(asked, '"steps": [{"seat": 0, "cards": "AS AS"}, '
                                '{"seat": 1, "cards": "5S 5S"}, {"seat": 2, "cards": "6S 6S"}]')
    result = scenario.frames(steps)[-1]["result"]
    assert {lang: embed_text.said(lang, result["text"]) for lang in LANGUAGES} == {
        "en": "You win the trick and its 10 points.", "zh": "你赢得这一轮，得10分。",
        "zh-Hant": "你贏得這一輪，得10分。"}


def test_the_page_s_position_link_holds_the_catalog_s_caption_in_every_language() -> None:
    stored = Settings(rules=Rules(decks=1), speed="instant", lang="en")
    game, _ = make_game(FakeStorage({"tractor.settings": stored.to_json()}), seed=5)
    game.state.seat.autoplay = True
    live = game.state.live
    run_until(game, lambda: live.match.phase == "play" and live.match.to_move == 0
              and not live.match.trick)
    game.state.seat.autoplay = False
    records.share_position(game.state)
    link = game.state.panels.position_link
    assert link is not None
    value = link.split("?s=")[1]
    shared = json.loads(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    said = caption_of(live.match.observe(0)).data()
    hand, trick = said["params"]["hand"], said["params"]["trick"]
    assert shared["caption"] == {lang: catalog_words(lang, "scenario_caption", said["params"])
                                 for lang in LANGUAGES}
    assert shared["caption"] == {"en": f"Hand {hand}, trick {trick}.",
                                 "zh": f"第 {hand} 局，第 {trick} 轮。",
                                 "zh-Hant": f"第 {hand} 局，第 {trick} 輪。"}

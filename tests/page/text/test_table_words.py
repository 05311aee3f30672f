"""What the table says in words: the rules' refusals, declarations, notices and
errors, in every language (CPython, a fake screen and storage drive ``game.Game``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Coroutine
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, cast

import pytest
from fakes import FakeScreen, FakeStorage
from house import core
from matches import advance
from render.table import render
from tables import make_game, run_until
from text import i18n
from text.messages import Msg
from tractor.save import dumps
from tractor.viewdata import ViewData

ROOT = Path(__file__).resolve().parents[3]


BRIEF_CODES = (
    *("wrong_count", "not_in_hand", "follow_suit", "follow_titanic", "follow_triples"),
    *("follow_tractor", "follow_pairs", "lead_one_suit", "empty_play", "not_your_turn"),
    *("wrong_phase", "bad_action", "declare_cards", "declare_once", "declare_own_suit"),
    *("declare_weaker", "bury_count", "friend_joker", "match_over"),
)


def test_every_engine_rule_code_has_a_sentence_in_every_language() -> None:
    codes = set(BRIEF_CODES)
    engine = ROOT / "pyengine" / "tractor"
    files = [*sorted((engine / "match").glob("*.py")), engine / "follow.py", engine / "declare.py"]
    source = "".join(path.read_text() for path in files)
    found = set(re.findall(r'"([a-z]+(?:_[a-z]+)+)",\s*f?"', source))
    assert found
    for lang in i18n.LANGUAGES:
        missing = {code for code in codes | found if not i18n.has(lang, "refused_" + code)}
        assert not missing, (lang, missing)


def test_illegal_action_message_in_both_languages() -> None:
    msg = Msg("illegal", rule="follow_suit", engine="you must follow suit")
    assert msg.text("en") == "Not allowed: You must follow suit"
    assert msg.text("zh").startswith("不能这样出：") and "花色" in msg.text("zh")


def test_strongest_declaration_first_and_what_is_left_after_declaring() -> None:
    """Issue 8: the strongest option leads; after declaring the control says what is left."""
    game, _ = make_game(FakeStorage(), seed=5)
    scene = game.scene()
    scene.lang = "en"
    scene.view = cast(ViewData, dict(scene.view, phase="deal", declaration=None,
                      declaration_options=[["2H"], ["2H", "2H"], ["SJ", "SJ"], ["BJ", "BJ"]]))
    html = render(scene)["controls"]
    order = re.findall(r'data-cards="([^"]+)"', html)
    assert order == ["BJ BJ", "SJ SJ", "2H 2H", "2H"]
    scene.view = {**scene.view, "declaration": {"seat": 0, "cards": ["2H"]},
                  "declaration_options": [["2H", "2H"]]}
    assert "You may still strengthen it" in render(scene)["controls"]
    scene.view = {**scene.view, "declaration_options": []}
    assert "Nothing more to declare" in render(scene)["controls"]
    scene.lang = "zh"
    assert "没有可以再亮的牌" in render(scene)["controls"]


@pytest.mark.parametrize(("lang", "big", "small"), [
    ("zh", "大王", "小王"), ("zh-Hant", "大王", "小王"), ("en", "JOKER", "JOKER")])
def test_jokers_read_as_jokers(lang: str, big: str, small: str) -> None:
    """Issue 36: a joker's corner names it (大王/小王, JOKER), never "BJ"/"SJ", and its face
    is the jester; big and small are told apart by colour (and the title)."""
    from render.faces import card_face

    for card, name, kind in (("BJ", big, "big-joker"), ("SJ", small, "small-joker")):
        face = card_face(lang, card)
        rank = re.search(r'<span class="rank[^"]*">([^<]*)</span>', face)
        assert rank is not None and rank.group(1) == name
        assert f'class="card {kind}"' in face and 'href="#joker"' in face
        text = re.sub(r"<[^>]*>", " ", face) + " " + " ".join(re.findall(r'title="([^"]*)"', face))
        assert "BJ" not in text.split() and "SJ" not in text.split(), text
        assert not re.search(r"\b[BS]J\b", text), text


def test_declaration_notices_last_only_while_true() -> None:
    """Issue 8: overturned by seat 0 or a new hand, a declaration notice goes away."""
    from tractor.actions import Declare, NextHand

    overturn = advance(
        {}, 1, lambda m: m.phase == "deal" and m.declaration is not None
        and m.declaration.seat != 0 and bool(m.declaration_options(0)),
    )
    assert overturn is not None and overturn.declaration is not None
    storage = FakeStorage({"tractor.match": dumps(overturn)})
    game, _ = make_game(storage, seed=None)
    game.state.words.notice = Msg("msg_declared", seat=overturn.declaration.seat, cards=("2H",))
    core.apply(game.state, Declare(0, game.state.live.match.declaration_options(0)[-1]))
    assert game.state.words.notice is None

    over = advance({"decks": 1}, 1, lambda m: m.phase == "hand_over")
    assert over is not None
    game, _ = make_game(FakeStorage({"tractor.match": dumps(over)}), seed=None)
    assert game.state.words.notice == Msg("resumed")
    game.state.words.notice = Msg("msg_declared", seat=1, cards=("2H",))
    core.apply(game.state, NextHand())
    assert game.state.words.notice is None


class MessageParts(HTMLParser):
    """The footer's message: its sentence, and the text of the collapsed details beside it."""

    def __init__(self) -> None:
        super().__init__()
        self.inside: list[str] = []  # the tags open inside the message or its details
        self.part = ""
        self.text = {"message": "", "message-details": ""}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        testid = dict(attrs).get("data-testid") or ""
        if self.part:
            self.inside.append(tag)
        elif testid in self.text:
            self.part = testid

    def handle_endtag(self, tag: str) -> None:
        if self.inside:
            self.inside.pop()
        else:
            self.part = ""

    def handle_data(self, data: str) -> None:
        if self.part:
            self.text[self.part] += data

    @property
    def sentence(self) -> str:
        return self.text["message"]

    @property
    def details(self) -> str:
        return self.text["message-details"]


def footer_message(screen: FakeScreen) -> MessageParts:
    parts = MessageParts()
    parts.feed(screen.regions["footer"])
    return parts


@pytest.mark.parametrize(("lang", "sentence", "summary"), [
    ("zh", "内部错误，游戏无法继续。", "详情"),
    ("zh-Hant", "內部錯誤，遊戲無法繼續。", "詳細資訊"),
    ("en", "Internal error: the game cannot go on.", "Details"),
])
def test_an_engine_error_is_one_sentence_in_the_table_s_language_with_the_details_apart(
    monkeypatch: Any, lang: str, sentence: str, summary: str
) -> None:
    """The exception's own (English) text is only in the collapsed details, never in
    the sentence."""
    from house import flow  # noqa: PLC0415 - the module whose step fails

    def broken(table: Any, flush: Any) -> Coroutine[Any, Any, None]:
        raise ValueError("trick index 7 out of range")

    monkeypatch.setattr(flow, "_step", broken)
    storage = FakeStorage({"tractor.settings": json.dumps({"lang": lang, "speed": "instant"})})
    game, screen = make_game(storage)
    run_until(game, lambda: game.state.words.message is not None)
    game.flush()
    shown = footer_message(screen)
    assert shown.sentence == sentence
    assert shown.details == summary + "ValueError: trick index 7 out of range"


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_a_computer_s_refused_action_is_told_in_chinese_only(monkeypatch: Any, lang: str) -> None:
    """A computer seat's illegal action: a Chinese sentence naming the seat (the game goes
    on with a random legal action); the rule's code and the engine's words in the details."""
    from house import flow  # noqa: PLC0415
    from tractor.match import IllegalAction  # noqa: PLC0415

    storage = FakeStorage({"tractor.settings": json.dumps({"lang": lang, "speed": "instant"})})
    game, screen = make_game(storage)
    refused: list[int] = []

    def refuse_once(table: Any, action: Any) -> None:
        seat = getattr(action, "seat", None)
        if table.live.match.phase == "play" and seat not in (None, 0) and not refused:
            refused.append(seat)
            raise IllegalAction("follow_suit", "you must follow suit")
        core.apply(table, action)

    monkeypatch.setattr(flow, "apply", refuse_once)
    assert flow.IllegalAction is IllegalAction  # type: ignore[attr-defined]  # flow's own name
    game.state.seat.autoplay = True
    run_until(game, lambda: game.state.words.message is not None)
    game.flush()
    shown = footer_message(screen)
    name = i18n.seat_name(lang, refused[0])
    assert shown.sentence.startswith(name), shown.sentence
    assert not re.search(r"[A-Za-z]", shown.sentence), shown.sentence
    assert "follow_suit: you must follow suit" in shown.details


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_the_about_line_names_the_versions_in_the_reader_s_language(lang: str) -> None:
    """Settings → About: the worker's versions (Python, tractor) are labelled in Chinese too
    (issue 36: they stood bare inside the Chinese words)."""
    line = i18n.t(lang, "worker_ready", info="Python 3.14.2 · tractor 0.1.0")
    assert "版本" in line and "Python 3.14.2" in line

"""Play with friends: the messages (``remote.protocol``), the received view's check
(``remote.viewcheck``) and the friend's page without a browser (``remote.client``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from remote import client as friend
from remote.protocol import (
    BURST,
    MAX_FRIEND_TEXT,
    MAX_HOST_TEXT,
    Act,
    AskHint,
    Autoplay,
    Bucket,
    Hint,
    Invite,
    ProtocolError,
    Refused,
    Say,
    ViewMsg,
    clean_name,
    encode_friend,
    encode_host,
    encode_view,
    full_bucket,
    ice_servers,
    invite_info,
    parse_friend,
    parse_host,
    parse_invite_info,
    parse_reply_info,
    reply_info,
    take,
)
from remote.viewcheck import ViewRefused, checked_view, turned
from render.table import render
from tractor.actions import Bury, CallFriend, Declare, Pass, Play
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step


def played_to(stop: Any, decks: int = 2, seed: int = 3) -> Match:
    match = Match(Rules(decks=decks), seed)
    players = [make_player("basic", s) for s in range(4)]
    while not stop(match):
        step(match, players)
    return match


def test_every_message_reads_back_as_it_was_sent() -> None:
    for message in (Act(Play(2, "AS AS")), Act(Declare(1, "5H")), Act(Pass(3)),
                    Act(Bury(1, "3C 4C")), Act(CallFriend(2, "AH")), AskHint(),
                    Autoplay(True), Autoplay(False), Say("thanks")):
        assert parse_friend(encode_friend(message)) == message
    for reply in (Hint(Play(1, "BJ")), Hint(None), Refused("illegal"), Say("hurry", 3)):
        assert parse_host(encode_host(reply)) == reply
    m = played_to(lambda m: m.phase == "play" and m.tricks_played == 3)
    text = encode_view(m.observe(2).to_data(), False, ("Host", "", "Ann", ""))
    read = parse_host(text)
    assert isinstance(read, ViewMsg) and read.names == ("Host", "", "Ann", "")
    assert checked_view(read.view, 2) == m.observe(2).to_data()  # derived keys made again


def test_a_whole_hand_s_view_fits_the_link_s_frame_at_three_decks() -> None:
    m = played_to(lambda m: m.phase == "hand_over", decks=3)
    longest = max(len(encode_view(m.observe(s).to_data(), False, ("x" * 16,) * 4))
                  for s in range(4))
    assert longest < MAX_HOST_TEXT


@pytest.mark.parametrize("text", [
    "x" * (MAX_FRIEND_TEXT + 1), "[" * 50_000, '{"t": "hint"', '{"t": "hint", }',
    '{"t": "hint", "t": "hint"}' + " " * 10, '{"t": "hint", "x": 1}', '{"t": "auto", "on": 1}',
    '{"t": "say", "k": "anything I like"}', '{"t": "act", "a": {"type": "play", "seat": 1}}',
    '{"t": "act", "a": {"type": "play", "seat": 1, "cards": "ZZ"}}', '[{"t": "hint"}]',
    '{"t": NaN}', "\ud800", 12, None, b"{}",
])
def test_a_friend_s_bad_message_is_refused(text: Any) -> None:
    with pytest.raises(ProtocolError):
        parse_friend(text)


def test_a_host_s_bad_message_is_refused() -> None:
    for text in ("x" * (MAX_HOST_TEXT + 1), '{"t": "no", "k": "<b>hi</b>"}',
                 '{"t": "view", "v": {}, "auto": false, "names": ["a"]}',
                 '{"t": "say", "s": 7, "k": "thanks"}', '{"t": "say", "s": true, "k": "thanks"}'):
        with pytest.raises(ProtocolError):
            parse_host(text)


def test_a_name_keeps_no_control_direction_or_invisible_character_and_is_bounded() -> None:
    assert clean_name("  Ann\u202e \u200b\u0000Lee\n ") == "Ann Lee"
    assert clean_name("<img src=x onerror=alert(1)>") == "<img src=x onerror=alert(1)>"[:16]
    assert len(clean_name("好" * 100)) == 16
    assert clean_name(None) == "" and clean_name(["Ann"]) == ""
    assert parse_reply_info(reply_info("\u2067Bob\u2069")) == "Bob"
    assert parse_reply_info('{"n": "Bob", "x": 1}') == "" and parse_reply_info("[" * 999) == ""


def test_an_invite_s_info_is_read_only_when_it_is_whole_and_plausible() -> None:
    assert parse_invite_info(invite_info("Host", 2, "zh")) == Invite("Host", 2, "zh")
    for bad in (None, "", invite_info("Host", 0, "zh"), invite_info("Host", 4, "en"),
                '{"n": "H", "s": true, "l": "en"}', '{"n": "H", "s": 1, "l": "xx"}',
                '{"n": "H", "s": 1}', "x" * 10_000):
        assert parse_invite_info(bad) is None


def test_the_token_bucket_lets_a_burst_through_then_the_rate() -> None:
    bucket: Bucket | None = full_bucket(0.0)
    for _ in range(int(BURST)):
        assert bucket is not None
        bucket = take(bucket, 0.0)
    assert bucket is not None and take(bucket, 0.0) is None
    assert take(bucket, 1.0) is not None


def test_the_connection_servers_as_typed() -> None:
    assert json.loads(ice_servers("none") or "") == []
    assert json.loads(ice_servers("") or "")[0]["urls"][0].startswith("stun:")
    assert json.loads(ice_servers("stun:a.example:3478, turn:b.example:3478 me secret") or "") \
        == [{"urls": "stun:a.example:3478"},
            {"urls": "turn:b.example:3478", "username": "me", "credential": "secret"}]
    assert ice_servers("http://evil.example") is None
    assert ice_servers('stun:"><script>') is None


# ------------------------------------------------------------------ the received view


def test_a_forged_view_is_refused_before_it_is_drawn() -> None:
    m = played_to(lambda m: m.phase == "play" and m.tricks_played == 2)
    good: dict[str, Any] = json.loads(json.dumps(m.observe(1).to_data()))
    forged = [
        {**good, "to_move": 9},
        {**good, "dealer": "0"},
        {**good, "hand": good["hand"] + ["1Z"]},
        {**good, "levels": [0, 0, 0]},
        {**good, "trick": [{"seat": 7, "cards": ["AS"]}]},
        {**good, "hand": ["AS"] * 500},
        {**good, "seat": 2},  # another seat's view
        {k: v for k, v in good.items() if k != "rules"},
        {**good, "rules": {**good["rules"], "decks": 9}},
        {**good, "last_trick": {"leader": 1, "plays": [], "winner": 5, "points": 0,
                                "throw_failure": None}},
    ]
    for view in forged:
        with pytest.raises(ViewRefused):
            checked_view(view, 1)
    assert checked_view(good, 1)["hand"] == good["hand"]


def test_a_turned_view_puts_the_friend_at_the_bottom() -> None:
    m = played_to(lambda m: m.phase == "play" and len(m.trick) == 2)
    view = m.observe(3).to_data()
    seen = turned(view, 3)
    assert seen["seat"] == 0 and seen["hand"] == view["hand"]
    assert seen["hand_sizes"][0] == view["hand_sizes"][3]
    assert [p["seat"] for p in seen["trick"]] == [(p["seat"] - 3) % 4 for p in view["trick"]]
    assert seen["to_move"] == (view["to_move"] - 3) % 4  # type: ignore[operator]
    assert turned(view, 0) == view


# ------------------------------------------------------------------ the friend's page


def test_the_friend_s_page_draws_only_what_the_host_sent_and_asks_the_host_to_act() -> None:
    m = played_to(lambda m: m.phase == "play" and m.to_move == 2 and not m.trick)
    page = friend.start("en", parse_invite_info(invite_info("Host<b>", 2, "zh")))
    assert page.stage == "join" and page.invite is not None and page.invite.name == "Host<b>"
    assert json.loads(friend.answer(page, "Ann\u202e")) == {"n": "Ann"}
    friend.answered(page, "http://127.0.0.1/index.html#reply=xyz")
    assert page.stage == "reply"
    for junk in ("x" * 5_000_000, "{", "[" * 90_000, "<script>", None,
                 encode_view({**m.observe(1).to_data()}, False, ("", "", "", ""))):
        assert not friend.on_host(page, junk)  # another seat's view too
    assert page.view is None and friend.scene_of(page) is None
    assert friend.on_host(page, encode_view(m.observe(2).to_data(), False,
                                            ("Host<i>", "", "", "")))
    scene = friend.scene_of(page)
    assert scene is not None and page.stage == "table"
    regions = render(scene)
    assert "Host&lt;i&gt;" in regions["seat-2"]  # the host sits across from seat 2
    for card in m.observe(2).to_data()["hand"]:
        assert f'data-card="{card}"' in regions["hand"]
    friend.select(page, 0)
    sent = friend.play(page)
    assert sent is not None
    read = parse_friend(sent)
    assert isinstance(read, Act) and read.action == Play(2, [m.observe(2).to_data()["hand"][0]])
    assert friend.on_host(page, encode_host(Refused("illegal")))
    assert "refused" in (friend.scene_of(page).message or "")  # type: ignore[union-attr]
    assert friend.on_host(page, encode_host(Hint(Play(2, [m.observe(2).to_data()["hand"][1]]))))
    assert page.selected == {1}
    assert friend.on_host(page, encode_host(Say("thanks", 0)))
    assert page.notice is not None and page.notice.seat == 2  # the host, across
    regions = render(friend.scene_of(page))  # type: ignore[arg-type]
    assert 'data-testid="bubble-2"' in regions["seat-2"]  # in a bubble at the host's seat
    assert "Thanks, partner!" in regions["seat-2"]
    assert 'data-testid="notice"' not in regions["footer"]  # said once, where it was said


def test_a_friend_sees_the_finished_trick_with_its_last_card_until_the_next_lead() -> None:
    """The host sends the view after a trick's fourth card, where the trick is already
    gathered: the friend's page shows it as the finished trick (as the host's table
    does), with all four plays, until the next lead arrives or its pause ends."""
    m = played_to(lambda m: m.phase == "play" and len(m.trick) == 3, decks=1)
    page = friend.start("en", parse_invite_info(invite_info("Host", 2, "en")))
    names = ("", "", "", "")
    assert friend.on_host(page, encode_view(m.observe(2).to_data(), False, names))
    assert friend.scene_of(page).finished_trick is None  # type: ignore[union-attr]
    players = [make_player("basic", s) for s in range(4)]
    step(m, players)  # the fourth card: the trick is won and gathered
    assert not m.trick
    last_card = m.observe(2).to_data()["last_trick"]["plays"][-1]["cards"][0]  # type: ignore[index]
    assert friend.on_host(page, encode_view(m.observe(2).to_data(), False, names))
    scene = friend.scene_of(page)
    assert scene is not None and scene.finished_trick is not None
    assert len(scene.finished_trick["plays"]) == 4
    assert f'data-card="{last_card}"' in render(scene)["centre"]
    assert friend.on_host(page, encode_view(m.observe(2).to_data(), True, names))  # resent
    assert friend.scene_of(page).finished_trick is not None  # type: ignore[union-attr]
    friend.settle_trick(page)  # its pause is over
    assert friend.scene_of(page).finished_trick is None  # type: ignore[union-attr]
    assert friend.on_host(page, encode_view(m.observe(2).to_data(), False, names))
    assert friend.scene_of(page).finished_trick is None  # type: ignore[union-attr]
    m2 = played_to(lambda m: m.phase == "play" and len(m.trick) == 3, decks=1)
    page2 = friend.start("en", parse_invite_info(invite_info("Host", 2, "en")))
    step(m2, players)
    assert friend.on_host(page2, encode_view(m2.observe(2).to_data(), False, names))
    assert friend.scene_of(page2).finished_trick is not None  # type: ignore[union-attr]
    step(m2, players)  # the next lead
    assert friend.on_host(page2, encode_view(m2.observe(2).to_data(), False, names))
    assert friend.scene_of(page2).finished_trick is None  # type: ignore[union-attr]

"""Play with friends, the host's side (``house.friends``, ``remote.hostseats``) on a fake
transport: whole hands with friends who see only their own seat's view, refusals that
change nothing, a dropped friend's seat played by the computer and taken back."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import Callable
from typing import Any

from fakes import FakeScreen, FakeStorage
from friendfakes import FakeFriend, FakeFriendLink, message_cards
from house import friends
from house.game import Game
from remote.protocol import BURST, CORE_KEYS, Act, ViewMsg, encode_friend, parse_host
from seats.agents import WorkerLink
from store.settings import Settings
from store.storage import Store
from tables import run_async
from tractor.actions import Deal, Declare, Play
from tractor.match import Match
from tractor.rules import Rules

DECK = {f"{r}{s}" for s in "SHCD" for r in
        ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")} | {"SJ", "BJ"}


class CheckingLink(FakeFriendLink):
    """The fake transport that checks, as each view is sent, that it is exactly the seat's
    own view and holds no card of another seat's hand (one deck: every card is unique)."""

    def __init__(self) -> None:
        super().__init__()
        self.match: Callable[[], Match] | None = None
        self.views = 0

    def send(self, seat: int, text: str) -> None:
        super().send(seat, text)
        data = json.loads(text)
        if data["t"] != "view" or self.match is None:
            return
        m = self.match()
        expected = m.observe(seat).to_data()
        assert data["v"] == {key: expected[key] for key in CORE_KEYS}  # type: ignore[literal-required]
        declared = {c for d in m.observe(seat).to_data()["declarations"] for c in d["cards"]}
        hidden = {str(c) for other in range(4) if other != seat for c in m.hand_cards(other)}
        assert not (message_cards(text) & DECK) & (hidden - declared), (seat, m.phase)
        self.views += 1


def ticking() -> Callable[[], float]:
    """A clock a second on at each reading (no friend here is ever too fast)."""
    counter = itertools.count()
    return lambda: float(next(counter))


def friends_game(link: FakeFriendLink, clock: Callable[[], float] | None = None) -> Game:
    stored = Settings(rules=Rules(decks=1), speed="instant", lang="en")
    game = Game(FakeScreen(), Store(FakeStorage({"tractor.settings": stored.to_json()})),
                WorkerLink(), seed=5, clock=clock or ticking())
    game.connect_friends(link)
    return game


async def seat_friends(game: Game, seats: tuple[int, ...]) -> None:
    for seat in seats:
        await friends.invite(game.state, seat)
        await friends.accept_reply(game.state, seat, f"http://x/#reply=Friend{seat}")


async def play(game: Game, friends_at: dict[int, FakeFriend], link: FakeFriendLink,
               done: Callable[[], bool], limit: int = 20_000) -> None:
    """Run the host's loop; between its steps each friend reads what it was sent and
    answers when its view says it is its turn."""
    task = asyncio.ensure_future(game.run())
    for _ in range(limit):
        if done():
            break
        for friend in friends_at.values():
            friend.read(link)
            move = friend.move()
            if move is not None and game.state.friends.playing(friend.seat):
                game.friend_message(friend.seat, move)
        await asyncio.sleep(0)
    task.cancel()


def test_a_whole_hand_with_three_friends_each_sees_only_its_own_seat() -> None:
    link = CheckingLink()
    game = friends_game(link)
    link.match = lambda: game.state.live.match
    game.state.seat.autoplay = True  # the host's helper plays seat 0
    friends_at = {seat: FakeFriend(seat) for seat in (1, 2, 3)}

    async def scenario() -> None:
        await seat_friends(game, (1, 2, 3))
        assert [game.state.friends.playing(s) for s in (1, 2, 3)] == [True] * 3
        await play(game, friends_at, link,
                   lambda: game.state.live.match.phase in ("hand_over", "match_over"))

    run_async(scenario())
    m = game.state.live.match
    assert m.phase in ("hand_over", "match_over")
    assert link.views > 30
    for friend in friends_at.values():
        friend.read(link)
        assert friend.refusals == [] and friend.unreadable == 0
        assert friend.view is not None and friend.view["phase"] == m.phase
    # every action of a friend's seat came from its friend: no computer played for it
    for seat, friend in friends_at.items():
        done = [a for a in m.actions if getattr(a, "seat", None) == seat
                and type(a).__name__ != "Declare"]
        assert len(done) == friend.moves > 0


def test_a_name_is_cleaned_and_the_seat_shows_it() -> None:
    link = FakeFriendLink()
    game = friends_game(link)

    async def scenario() -> None:
        await friends.invite(game.state, 2)
        await friends.accept_reply(game.state, 2, "#reply=<b>Ann\u202e\u0007</b>" + "x" * 40)

    run_async(scenario())
    remote = game.state.friends.at(2)
    assert remote is not None and remote.status == "connected"
    assert remote.name == "<b>Ann</b>xxxxxx"[:16]
    game.refresh()
    seat = game.screen.regions["seat-2"]  # type: ignore[attr-defined]
    assert 'data-remote="connected"' in seat and "&lt;b&gt;Ann" in seat and "<b>" not in seat


def to_turn_of(game: Game, link: FakeFriendLink, seat: int) -> None:
    """Play (every seat a computer) until it is ``seat``'s turn in the play, then seat a
    friend there."""
    game.state.seat.autoplay = True

    def m() -> Match:
        return game.state.live.match

    async def scenario() -> None:
        task = asyncio.ensure_future(game.run())
        while not (m().phase == "play" and m().to_move == seat and m().tricks_played >= 2):
            await asyncio.sleep(0)
        task.cancel()
        game.state.seat.autoplay = False
        await seat_friends(game, (seat,))

    run_async(scenario())


def test_refusals_change_nothing_and_tell_the_friend() -> None:
    link = FakeFriendLink()
    game = friends_game(link)
    to_turn_of(game, link, 1)
    m = game.state.live.match
    before = m.state()
    hand = [str(c) for c in m.hand_cards(1)]
    other = [str(c) for c in m.hand_cards(2)]
    attempts = {
        "x" * 5_000_000: "bad_message",  # refused unread
        '{"t": "act", "a": ': "bad_message",
        "[" * 100_000: "bad_message",
        '{"t":"act","a":{"type":"play","seat":1,"cards":"AS"},"t":"hint"}': "bad_message",
        '{"t": "say", "k": "<script>alert(1)</script>"}': "bad_message",
        encode_friend(Act(Play(2, other[:1]))): "illegal",  # another seat's action
        encode_friend(Act(Play(1, other[:1]))): "illegal",  # a card it does not hold
        encode_friend(Act(Play(1, hand[:1] * 2))): "illegal",
        '{"t": "act", "a": {"type": "next_hand"}}': "illegal",
        "\x00\x01binary": "bad_message",
    }
    for text, why in attempts.items():
        sent = len(link.sent[1])
        assert game.friend_message(1, text) is None
        assert m.state() == before and game.state.live.match is m
        assert [json.loads(t) for t in link.sent[1][sent:]] == [{"t": "no", "k": why}], text[:40]
    # a declaration out of the deal, and a play out of turn, from seat 3's friend
    game.state.friends = game.state.friends.put(3, game.state.friends.at(1))
    game.friend_message(3, encode_friend(Act(Play(3, [str(c) for c in m.hand_cards(3)][:1]))))
    assert json.loads(link.sent[3][-1]) == {"t": "no", "k": "not_your_turn"}
    assert m.state() == before


def test_a_flood_is_refused_unread_once_then_silently() -> None:
    link = FakeFriendLink()
    game = friends_game(link, clock=lambda: 100.0)  # the clock stands still: no refill
    to_turn_of(game, link, 2)
    before = game.state.live.match.state()
    sent = len(link.sent[2])
    for _ in range(200):
        game.friend_message(2, '{"t": "say", "k": "hurry"}')
    answers = [json.loads(t) for t in link.sent[2][sent:]]
    assert answers.count({"t": "no", "k": "too_fast"}) == 1
    said = answers.count({"t": "say", "s": 2, "k": "hurry"})  # echoed to the sayer's page too
    assert said == BURST and len(answers) == BURST + 1
    assert game.state.live.match.state() == before


def test_a_dropped_friend_s_seat_is_played_by_the_computer_then_taken_back() -> None:
    link = FakeFriendLink()
    game = friends_game(link)
    to_turn_of(game, link, 1)
    m = game.state.live.match
    tricks = m.tricks_played
    game.friend_status(1, "dropped")
    remote = game.state.friends.at(1)
    assert remote is not None and remote.status == "dropped"
    assert not game.state.friends.playing(1)
    game.refresh()
    assert 'data-remote="dropped"' in game.screen.regions["seat-1"]  # type: ignore[attr-defined]
    game.state.seat.autoplay = True

    async def on_until_seat_1_again() -> None:
        task = asyncio.ensure_future(game.run())
        while not (m.tricks_played > tricks + 1 and m.to_move == 1 and m.phase == "play"):
            await asyncio.sleep(0)
        task.cancel()
        game.state.seat.autoplay = False
        await seat_friends(game, (1,))  # invited again, mid-hand

    run_async(on_until_seat_1_again())
    assert game.state.friends.playing(1)
    last = parse_host(link.sent[1][-1])
    expected: Any = m.observe(1).to_data()
    assert isinstance(last, ViewMsg) and last.view == {key: expected[key] for key in CORE_KEYS}
    assert link.closed == []  # the dropped link was not open


def test_a_link_that_cannot_be_made_says_so_and_the_seat_stays_a_computer() -> None:
    link = FakeFriendLink(fail=True)
    game = friends_game(link)
    friends.LINK_TIMEOUT, saved = 0.05, friends.LINK_TIMEOUT
    try:
        run_async(friends.invite(game.state, 3))
    finally:
        friends.LINK_TIMEOUT = saved
    remote = game.state.friends.at(3)
    assert remote is not None and remote.problem == "friend_link_failed"
    assert not game.state.friends.playing(3)
    game.open_friends()
    panel = game.screen.regions["overlay"]  # type: ignore[attr-defined]
    assert 'data-testid="invite-problem-3"' in panel


def test_a_bad_reply_is_refused_and_the_seat_stays_a_computer() -> None:
    link = FakeFriendLink()
    game = friends_game(link)

    async def scenario() -> None:
        await friends.invite(game.state, 1)
        await friends.accept_reply(game.state, 1, "no reply here")

    run_async(scenario())
    remote = game.state.friends.at(1)
    assert remote is not None and remote.problem == "friend_reply_bad_reply"
    assert not game.state.friends.playing(1)


def test_a_friend_declares_while_the_cards_are_dealt_and_the_computers_may_answer() -> None:
    link = FakeFriendLink()
    game = friends_game(link)
    run_async(seat_friends(game, (1,)))
    for seed in range(1, 40):  # a deal in which seat 1 can declare
        m = game.state.live.match = Match(Rules(decks=1), seed)
        while m.dealt < m.deal_total and not m.declaration_options(1):
            m.apply(Deal())  # the cards dealt by hand: no computer declares meanwhile
        if m.declaration_options(1):
            break
    option = m.declaration_options(1)[0]
    assert game.state.friends.playing(1)
    game.friend_message(1, encode_friend(Act(Declare(1, [str(c) for c in option]))))
    declared = m.observe(0).to_data()["declaration"]
    assert declared is not None and declared["seat"] == 1
    assert game.state.deal.repoll == 2 or not game.state.deal.final_polled


def test_a_quick_phrase_reaches_every_friend_as_a_key_and_the_host_as_words() -> None:
    link = FakeFriendLink()
    game = friends_game(link)
    run_async(seat_friends(game, (1, 3)))
    game.friend_message(3, '{"t": "say", "k": "thanks"}')
    for seat in (1, 3):
        assert json.loads(link.sent[seat][-1]) == {"t": "say", "s": 3, "k": "thanks"}
    assert link.sent[2] == []
    regions = game.screen.regions  # type: ignore[attr-defined]
    assert 'data-testid="phrases"' in regions["footer"]
    assert 'data-testid="notice"' not in regions["footer"]  # said once, where it was said
    # in a bubble beside the seat that said it, as the 升级 apps show a phrase
    assert 'data-testid="bubble-3"' in regions["seat-3"]
    assert "Thanks, partner!" in regions["seat-3"]
    game.say("good_cards")
    assert json.loads(link.sent[1][-1]) == {"t": "say", "s": 0, "k": "good_cards"}
    regions = game.screen.regions  # type: ignore[attr-defined]
    assert 'data-testid="bubble-0"' in regions["seat-0"]  # the host's own phrase too
    assert "bubble-3" not in regions["seat-3"]  # one phrase at a time
    first = re.findall(r' id="(said-\d+)"', regions["seat-0"])
    game.say("good_cards")  # said again: a new bubble (shown afresh), not the old one kept
    regions = game.screen.regions  # type: ignore[attr-defined]
    again = re.findall(r' id="(said-\d+)"', regions["seat-0"])
    assert len(first) == len(again) == 1 and first != again
    sent = len(link.sent[1])
    game.say("<b>free text</b>")
    assert len(link.sent[1]) == sent


def test_inviting_a_seat_again_hides_the_old_invite_at_once() -> None:
    link = FakeFriendLink()
    game = friends_game(link)

    async def scenario() -> None:
        await friends.invite(game.state, 1)
        remote = game.state.friends.at(1)
        assert remote is not None and remote.invite
        game.invite(1)  # the click: the new link is still being made
        overlay = game.screen.regions["overlay"]  # type: ignore[attr-defined]
        assert 'data-testid="invite-link-1"' not in overlay
        remote = game.state.friends.at(1)
        assert remote is not None and remote.status == "inviting" and not remote.invite
        await asyncio.sleep(0.01)
        assert link.invited[-1][0] == 1 and len(link.invited) == 2

    game.open_friends()
    run_async(scenario())
    assert 'data-testid="invite-link-1"' in game.screen.regions["overlay"]  # type: ignore[attr-defined]


def test_the_connection_servers_are_in_settings_too_one_key_one_check() -> None:
    game = friends_game(FakeFriendLink())
    screen: Any = game.screen
    game.open_settings()
    assert 'data-testid="settings-ice"' in screen.regions["overlay"]
    assert 'data-friends="ice"' in screen.regions["overlay"]  # the friends panel's handler
    game.set_ice("turn:relay.example:3478 ann secret")  # typed in Settings
    assert game.state.keep.store.get(friends.ICE_KEY) == "turn:relay.example:3478 ann secret"
    assert game.state.words.message is None
    assert 'value="turn:relay.example:3478 ann secret"' in screen.regions["overlay"]
    game.close_panel()
    game.open_friends()  # the friends panel shows what Settings holds
    assert 'data-testid="friends-ice"' in screen.regions["overlay"]
    assert 'value="turn:relay.example:3478 ann secret"' in screen.regions["overlay"]
    game.set_ice("<b>not a server")  # the same check: refused in words, kept as typed
    assert game.state.words.message is not None
    assert game.state.words.message.key == "friends_ice_bad"
    assert "<b>not" not in screen.regions["overlay"]

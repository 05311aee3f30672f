"""The table's sounds (issue 36): which sound each applied action calls for (``house.cues``),
and the facade hands them to the page only when the ``sound`` setting is on."""

from __future__ import annotations

import functools

from fakes import FakeScreen, FakeStorage
from house.cues import CUT_CALL, SOUNDS, Cue, cue_of
from house.game import Game
from house.state import Before
from matches import advance
from seats.agents import WorkerLink
from store.settings import Settings
from store.storage import SETTINGS_KEY, Store
from tables import run_until
from tractor.actions import Declare, Play
from tractor.follow import combination
from tractor.players import make_player
from tractor.trump import TRUMP


@functools.cache
def played_hand() -> list[tuple[Play, Cue | None, bool, int | None, str]]:
    """A hand played from its first trick, each play with its cue, whether it closed a
    trick, the lead's suit before it, and the lead's kind once it was led."""
    match = advance({"decks": 1}, 4, lambda m: m.phase == "play")
    assert match is not None
    players = [make_player("basic", seat) for seat in range(4)]
    out = []
    while match.phase == "play":
        mover = match.to_move
        assert mover is not None
        action = players[mover].act(match.observe(mover))
        assert isinstance(action, Play)
        suit = match.lead.suit if match.trick and match.lead is not None else None
        before = Before(friend_known=match.friend_revealed, phase=match.phase)
        tricks = match.tricks_played
        match.apply(action)
        kind = combination(match.lead) if len(match.trick) == 1 and match.lead else ""
        out.append((action, cue_of(match, action, before), match.tricks_played > tricks,
                    suit, kind))
    return out


def test_every_card_laid_ticks_and_every_trick_won_chimes() -> None:
    hand = played_hand()
    assert len(hand) % 4 == 0 and sum(closed for *_, closed, _s, _k in hand) == len(hand) // 4
    for _action, cue, closed, _suit, _kind in hand:
        assert cue is not None and cue.sounds[0] in ("card", "cut")
        assert ("trick" in cue.sounds) == closed
        assert set(cue.sounds) <= set(SOUNDS)


def test_a_trump_on_a_plain_lead_is_a_cut_and_only_that() -> None:
    match = advance({"decks": 1}, 4, lambda m: m.phase == "play")
    assert match is not None and match.trump is not None
    trump = match.trump
    cuts = 0
    for action, cue, _closed, suit, _kind in played_hand():
        assert cue is not None
        is_cut = suit is not None and suit != TRUMP and all(
            trump.suit[c] == TRUMP for c in action.cards)
        assert (cue.sounds[0] == "cut") == is_cut
        assert (cue.call == CUT_CALL) == is_cut
        cuts += is_cut
    assert cuts  # the hand holds a cut (seed 4)


def test_a_led_pair_is_called_and_the_hand_ends_with_its_outcome() -> None:
    hand = played_hand()
    for _action, cue, _closed, _suit, kind in hand:
        assert cue is not None
        if kind:
            assert cue.call == {"pair": "lead_pair", "tractor": "lead_tractor"}.get(kind)
    last = hand[-1][1]
    assert last is not None and last.sounds[-1] in ("won", "lost")
    assert all(cue is not None and not {"won", "lost"} & set(cue.sounds)
               for _a, cue, *_ in hand[:-1])


def test_a_declaration_rises() -> None:
    match = advance({}, 5, lambda m: bool(m.declaration_options(0)))
    assert match is not None
    option = match.declaration_options(0)[0]
    before = Before(friend_known=False, phase=match.phase)
    action = Declare(0, tuple(option))
    match.apply(action)
    assert cue_of(match, action, before) == Cue(("declare",))


def game_with_sounds(sound: bool) -> tuple[Game, list[list[str]]]:
    storage = FakeStorage()
    storage.setItem(SETTINGS_KEY, Settings(lang="en", sound=sound).to_json())
    heard: list[list[str]] = []
    game = Game(FakeScreen(), Store(storage), WorkerLink(), seed=5, speed="instant",
                cue=lambda sounds, _call: heard.append(list(sounds)))
    game.toggle_autoplay()
    return game, heard


def test_the_facade_plays_the_queued_sounds_after_drawing_when_sound_is_on() -> None:
    game, heard = game_with_sounds(True)
    run_until(game, lambda: game.state.live.match.tricks_played >= 2)
    assert heard and any("trick" in sounds for sounds in heard)
    assert all(sounds for sounds in heard)


def test_no_sound_is_queued_when_sound_is_off() -> None:
    game, heard = game_with_sounds(False)
    run_until(game, lambda: game.state.live.match.tricks_played >= 2)
    assert heard == [] and game.state.cues.sounds == []


def calls_heard(speech: bool) -> list[str | None]:
    storage = FakeStorage()
    storage.setItem(SETTINGS_KEY, Settings(lang="zh", speech=speech).to_json())
    calls: list[str | None] = []
    game = Game(FakeScreen(), Store(storage), WorkerLink(), seed=5, speed="instant",
                cue=lambda _sounds, call: calls.append(call))
    game.toggle_autoplay()
    run_until(game, lambda: game.state.live.match.tricks_played >= 8)
    return calls


def test_the_calls_are_spoken_in_chinese_only_when_speech_is_on() -> None:
    spoken = {call for call in calls_heard(True) if call is not None}
    assert spoken and spoken <= {"对子", "拖拉机", "毙了"}
    assert all(call is None for call in calls_heard(False))

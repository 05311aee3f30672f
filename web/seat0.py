"""Seat 0's input: what the player's clicks and keys do to the match and the table.

Seat 0 is the player at this screen. Each function takes the ``Game`` (the
table's shared state, ``game.py``) and is one of its methods there: a card
click selects, a button plays, buries, declares, passes or calls the friend,
the hint asks seat 0's helper for a move and explains it. An action seat 0
takes goes through ``act``: applied at once (the loop wakes), or refused with
the rule's explanation.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from messages import Msg, cards_text
from tractor.actions import Action, Bury, CallFriend, Declare, NextHand, Pass, Play
from tractor.match import IllegalAction
from tractor.players.explain import reason

if TYPE_CHECKING:
    from game import Game

HUMAN = 0
"""Seat 0: the player at this screen (the computer seats are 1 to 3)."""


def act(game: Game, action: Action) -> bool:
    """Apply seat 0's action, or explain in words why it is refused."""
    if game.keeper.elsewhere:  # another tab holds the match: "continue here" first
        game.message = Msg("elsewhere")
        game.refresh()
        return False
    game.show_last = False  # an overlay closes on the next action
    try:
        game._apply(action)
    except IllegalAction as error:
        game.message = Msg("not_allowed", rule=error.rule, engine=error.message)
        game.refresh()
        return False
    game.message = None
    game.selected.clear()
    game.wake.set()
    game.refresh()
    return True


def selected_cards(game: Game) -> list[str]:
    hand = game.view()["hand"]
    return [hand[i] for i in sorted(game.selected) if i < len(hand)]


def select(game: Game, index: int) -> None:
    if index in game.selected:
        game.selected.discard(index)
    elif 0 <= index < len(game.view()["hand"]):
        game.selected.add(index)
    game.message = None
    game.show_last = False  # an overlay closes on the next action
    game.refresh()


def clear_selection(game: Game) -> None:
    game.selected.clear()
    game.refresh()


def play(game: Game) -> None:
    act(game, Play(HUMAN, " ".join(selected_cards(game))))


def bury(game: Game) -> None:
    act(game, Bury(HUMAN, " ".join(selected_cards(game))))


def declare(game: Game, cards: str) -> None:
    phase = game.match.phase
    if act(game, Declare(HUMAN, cards)) and phase == "deal":
        if game.match.dealt < game.match.deal_total:
            game.repoll = 1
        else:
            game.final_polled = False
        game.end_of_deal = False


def pass_turn(game: Game) -> None:
    if game.match.phase == "deal":
        if game.end_of_deal:
            game.deal_declined = True
            game.end_of_deal = False
            game.message = None
            game.wake.set()
            game.refresh()
        return
    act(game, Pass(HUMAN))


def pick_friend(game: Game, which: str, value: str) -> None:
    if which == "rank":
        game.friend_rank = value
    elif which == "suit":
        game.friend_suit = value
    game.refresh()


def call_friend(game: Game) -> None:
    act(game, CallFriend(HUMAN, game.friend_rank + game.friend_suit))


def next_hand(game: Game) -> None:
    if game.match.phase == "hand_over":
        act(game, NextHand())


def primary(game: Game) -> None:
    """Enter/Space: the main action of the moment."""
    if game.panel or game.confirm:
        return
    phase = game.match.phase
    chosen = " ".join(sorted(selected_cards(game)))
    options = {" ".join(sorted(o.split())): o for o in game.view()["declaration_options"]}
    if phase in ("deal", "declare", "theft") and chosen in options:
        declare(game, options[chosen])
    elif phase == "play":
        play(game)
    elif phase == "bury":
        bury(game)
    elif phase == "call":
        call_friend(game)
    elif phase == "hand_over":
        next_hand(game)


def toggle_autoplay(game: Game) -> None:
    game.autoplay = not game.autoplay
    game.end_of_deal = False
    game.wake.set()
    game.refresh()


def toggle_log(game: Game) -> None:
    game.show_log = not game.show_log
    game.refresh()


def note_key(game: Game) -> None:
    """A shortcut key was used: from now on the footer shows the keyboard help."""
    if not game.keys_used:
        game.keys_used = True
        game.refresh()


def close_last_trick(game: Game) -> None:
    """A tap outside the last trick closes it."""
    if game.show_last:
        game.show_last = False
        game.refresh()


def toggle_last_trick(game: Game) -> None:
    game.show_last = not game.show_last
    game.refresh()


def hint(game: Game) -> None:
    asyncio.ensure_future(find_hint(game))


async def find_hint(game: Game) -> None:
    """Ask seat 0's helper for a move: select its cards and say why (or that it passes)."""
    m = game.match
    if m.phase == "deal" and m.declaration_options(HUMAN):
        kind = "declare"
    elif m.to_move == HUMAN and m.phase in ("declare", "theft", "bury", "call", "play"):
        kind = "act"
    else:
        game.notice = Msg("msg_no_hint")
        game.refresh()
        return
    epoch, version = game.epoch, game.version
    action = await game.agents[HUMAN].choose(m, HUMAN, kind)
    if (epoch, version) != (game.epoch, game.version):
        return
    game.message = None
    if action is None or isinstance(action, Pass):
        game.selected.clear()
        game.notice = Msg("msg_hint", what=Msg("hint_pass"))
    elif isinstance(action, CallFriend):
        card = str(action.card)
        game.friend_rank, game.friend_suit = card[:-1], card[-1]
        game.notice = Msg("msg_hint", what=Msg("hint_call", cards=(card,)))
    elif isinstance(action, (Declare, Bury, Play)):
        select_cards(game, cards_text(action.cards))
        code, params = reason(m.observe(HUMAN), action)
        why = Msg(f"why_{code}", params)
        hand = game.view()["hand"]  # the hint names its cards in the hand's order
        shown = tuple(hand[i] for i in sorted(game.selected))
        game.notice = Msg("msg_hint", what=Msg("hint_cards", cards=shown, what=why))
    game.refresh()


def select_cards(game: Game, cards: tuple[str, ...]) -> None:
    """Select these cards of seat 0's hand (each card once, as often as it is named)."""
    hand = game.view()["hand"]
    chosen: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in chosen)
        chosen.add(index)
    game.selected = chosen

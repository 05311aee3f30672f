"""Seat 0's input: what the player's clicks and keys do to the match and the table.

Seat 0 is the player at this screen. Each function takes the ``state.Table``
and none draws (the facade, ``game.Game``, redraws after): a card click
selects, a button plays, buries, declares, passes or calls the friend, the
hint asks seat 0's helper for a move and explains it. An action seat 0 takes
goes through ``act``: applied at once (the loop wakes), or refused with the
rule's explanation, and the cards it concerns flagged (``picking.flagged_cards``).
A tap on a card may pick the whole unit the rules force (``picking``), a double tap
while leading picks the card's pair or tractor, and a drag sets every card it
crosses as the first one was set (``drag_select``). The functions that may change
nothing (``note_key``, ``close_last_trick``, run on every key and click) say whether
they did.
"""

from __future__ import annotations

from text.messages import Msg, cards_text
from tractor.actions import Action, Bury, CallFriend, Declare, NextHand, Pass, Play
from tractor.match import IllegalAction
from tractor.players.explain import reason

from house.core import apply, view
from house.picking import flagged_cards, forced_unit, led_unit
from house.state import HUMAN, Table


def act(table: Table, action: Action) -> bool:
    """Apply seat 0's action, or explain in words why it is refused."""
    words = table.words
    if table.keep.keeper.elsewhere:  # another tab holds the match: "continue here" first
        words.message = Msg("elsewhere")
        return False
    table.seat.show_last = False  # an overlay closes on the next action
    try:
        apply(table, action)
    except IllegalAction as error:
        words.message = Msg("not_allowed", rule=error.rule, engine=error.message)
        table.seat.flag, table.seat.flagged = flagged_cards(
            table.live.match, view(table)["hand"], error.rule, table.seat.selected)
        return False
    words.message = None
    unflag(table)
    table.seat.selected.clear()
    table.loop.wake.set()
    return True


def selected_cards(table: Table) -> list[str]:
    hand = view(table)["hand"]
    return [hand[i] for i in sorted(table.seat.selected) if i < len(hand)]


def unflag(table: Table) -> None:
    """The flagged cards of a refused play go back to normal."""
    table.seat.flag, table.seat.flagged = "", ()


def select(table: Table, index: int, taps: int = 1) -> None:
    """A tap (or click, or Space) on the hand's card ``index``: it toggles, or picks the
    unit the rules force when following; a second tap while leading picks its unit."""
    seat, hand, m = table.seat, view(table)["hand"], table.live.match
    unit = None
    if index not in seat.selected:
        unit = forced_unit(m, hand, index)
    elif taps >= 2:
        unit = led_unit(m, hand, index)
    if unit is not None:
        size = len(m.trick[0][1]) if m.trick else len(hand)
        merged = seat.selected | unit
        seat.selected = merged if len(merged) <= size else set(unit)
    elif index in seat.selected:
        seat.selected.discard(index)
    elif 0 <= index < len(hand):
        seat.selected.add(index)
    table.words.message = None
    unflag(table)
    seat.show_last = False  # an overlay closes on the next action


def drag_select(table: Table, indices: list[int], chosen: bool) -> None:
    """A drag across the hand: every card it crossed is selected (``chosen``) or not."""
    count = len(view(table)["hand"])
    for index in indices:
        if 0 <= index < count:
            if chosen:
                table.seat.selected.add(index)
            else:
                table.seat.selected.discard(index)
    table.words.message = None
    unflag(table)
    table.seat.show_last = False


def clear_selection(table: Table) -> None:
    table.seat.selected.clear()
    unflag(table)


def play(table: Table) -> None:
    act(table, Play(HUMAN, " ".join(selected_cards(table))))


def bury(table: Table) -> None:
    act(table, Bury(HUMAN, " ".join(selected_cards(table))))


def declare(table: Table, cards: str) -> None:
    m, deal = table.live.match, table.deal
    phase = m.phase
    if act(table, Declare(HUMAN, cards)) and phase == "deal":
        if m.dealt < m.deal_total:
            deal.repoll = 1
        else:
            deal.final_polled = False
        deal.end_of_deal = False


def pass_turn(table: Table) -> None:
    if table.live.match.phase == "deal":
        if table.deal.end_of_deal:
            table.deal.deal_declined = True
            table.deal.end_of_deal = False
            table.words.message = None
            table.loop.wake.set()
        return
    act(table, Pass(HUMAN))


def pick_friend(table: Table, which: str, value: str) -> None:
    if which == "rank":
        table.seat.friend_rank = value
    elif which == "suit":
        table.seat.friend_suit = value


def call_friend(table: Table) -> None:
    act(table, CallFriend(HUMAN, table.seat.friend_rank + table.seat.friend_suit))


def next_hand(table: Table) -> None:
    if table.live.match.phase == "hand_over":
        act(table, NextHand())


def primary(table: Table) -> None:
    """Enter/Space: the main action of the moment."""
    if table.panels.panel or table.panels.confirm:
        return
    phase = table.live.match.phase
    chosen = " ".join(sorted(selected_cards(table)))
    options = {" ".join(sorted(o)): " ".join(o) for o in view(table)["declaration_options"]}
    if phase in ("deal", "declare", "theft") and chosen in options:
        declare(table, options[chosen])
    elif phase == "play":
        play(table)
    elif phase == "bury":
        bury(table)
    elif phase == "call":
        call_friend(table)
    elif phase == "hand_over":
        next_hand(table)


def toggle_autoplay(table: Table) -> None:
    table.seat.autoplay = not table.seat.autoplay
    table.deal.end_of_deal = False
    table.loop.wake.set()


def toggle_log(table: Table) -> None:
    table.seat.show_log = not table.seat.show_log


def note_key(table: Table) -> bool:
    """A shortcut key was used: from now on the footer shows the keyboard help
    (True the first time: the table is drawn again)."""
    if table.seat.keys_used:
        return False
    table.seat.keys_used = True
    return True


def close_last_trick(table: Table) -> bool:
    """A tap outside the last trick closes it (True if it was open)."""
    if not table.seat.show_last:
        return False
    table.seat.show_last = False
    return True


def toggle_last_trick(table: Table) -> None:
    table.seat.show_last = not table.seat.show_last


async def find_hint(table: Table) -> None:
    """Ask seat 0's helper for a move: select its cards and say why (or that it passes)."""
    m, live, words = table.live.match, table.live, table.words
    if m.phase == "deal" and m.declaration_options(HUMAN):
        kind = "declare"
    elif m.to_move == HUMAN and m.phase in ("declare", "theft", "bury", "call", "play"):
        kind = "act"
    else:
        words.notice = Msg("msg_no_hint")
        return
    epoch, version = live.epoch, live.version
    action = await table.env.agents[HUMAN].choose(m, HUMAN, kind)
    if (epoch, version) != (live.epoch, live.version):
        return
    words.message = None
    if action is None or isinstance(action, Pass):
        table.seat.selected.clear()
        words.notice = Msg("msg_hint", what=Msg("hint_pass"))
    elif isinstance(action, CallFriend):
        card = str(action.card)
        table.seat.friend_rank, table.seat.friend_suit = card[:-1], card[-1]
        words.notice = Msg("msg_hint", what=Msg("hint_call", cards=(card,)))
    elif isinstance(action, (Declare, Bury, Play)):
        select_cards(table, cards_text(action.cards))
        code, params = reason(m.observe(HUMAN), action)
        why = Msg(f"why_{code}", params)
        hand = view(table)["hand"]  # the hint names its cards in the hand's order
        shown = tuple(hand[i] for i in sorted(table.seat.selected))
        words.notice = Msg("msg_hint", what=Msg("hint_cards", cards=shown, what=why))


def select_cards(table: Table, cards: tuple[str, ...]) -> None:
    """Select these cards of seat 0's hand (each card once, as often as it is named)."""
    hand = view(table)["hand"]
    chosen: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in chosen)
        chosen.add(index)
    table.seat.selected = chosen

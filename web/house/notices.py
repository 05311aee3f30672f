"""The table's one-line notices after an action: what happened, only while it is true.

A notice says what the other seats did that seat 0 should know (a declaration,
a stolen kitty, the friend found) and goes once it is stale: a declaration's
notice once play starts (the bar shows the trump from then on), a hint once
seat 0 has acted, "saved game resumed" once the game moves on. When a seat
plays the friend card but is not the friend (the friend is the first holder
after the dealer at the call, ``tractor.match``), the notice says why nothing
was revealed; when the friend is revealed it says by which rule. A new hand
clears the notice: last hand's declarations and friend are history.
``note_action`` runs after every applied action (a hook of ``core.apply``).
"""

from __future__ import annotations

from text.messages import Msg, cards_text
from tractor.actions import Action, Declare, NextHand, Play

from house.state import HUMAN, Before, Table

UNTIL_SEAT_0_ACTS = ("resumed", "msg_hint")
"""Notices that are stale once seat 0 acts (or the game moves on, for "resumed")."""
UNTIL_PLAY = ("msg_declared", "msg_stole")
"""Declarations: shown during the deal and the bury, stale once the first card is led."""


def note_action(table: Table, action: Action, before: Before) -> None:
    """Update the table's notice after ``action`` was applied to its match."""
    m, words = table.live.match, table.words
    if isinstance(action, NextHand):
        words.notice = None
        return
    friend_known, phase_before = before.friend_known, before.phase
    stale: tuple[str, ...] = ("resumed",)
    if getattr(action, "seat", None) == HUMAN:
        stale = UNTIL_SEAT_0_ACTS
    if isinstance(action, Declare) and action.seat == HUMAN:
        stale = (*UNTIL_SEAT_0_ACTS, *UNTIL_PLAY)  # overturned by seat 0
    if m.phase == "play" and phase_before != "play":
        stale = (*stale, *UNTIL_PLAY)
    if words.notice is not None and words.notice.key in stale:
        words.notice = None
    if isinstance(action, Declare) and action.seat != HUMAN:
        key = "msg_stole" if m.phase == "bury" and m.kitty_holder == action.seat else None
        words.notice = Msg(key or "msg_declared", seat=action.seat, cards=cards_text(action.cards))
        table.deal.deal_declined = False
    card = m.friend_card
    if card is None or not isinstance(action, Play) or card not in action.cards:
        return
    by_copy = m.rules.friend_rule != "nearest_holder"  # the player of that copy joins
    if not friend_known and m.friend_revealed and by_copy:
        key = "msg_dealer_alone" if m.friend is None else "msg_friend_played"
        words.notice = Msg(key, seat=action.seat, cards=(str(card),))
    elif not friend_known and m.friend_revealed and m.friend is not None:
        words.notice = Msg("msg_friend_revealed", seat=m.friend, cards=(str(card),))
    elif not m.friend_revealed and action.seat != m.dealer and not by_copy:
        words.notice = Msg("msg_not_friend", seat=action.seat, cards=(str(card),))

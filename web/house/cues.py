"""The table's sounds and spoken calls: which ones an applied action calls for.

``cue_of`` is a pure function of the match after an action (and what stood
before it, ``state.Before``): a card laid (``card``), a trump cut on a
non-trump lead, 毙了 (``cut``, in place of the card's tick), a trick won
(``trick``), a declaration or an override 反主 (``declare``), the hand's end
for seat 0's side (``won`` or ``lost``). The call spoken, when any, is the
catalog key of its word: a led pair (``lead_pair``, 对子), a led tractor
(``lead_tractor``, 拖拉机), a cut (``call_cut``, 毙了).

``note_cue`` runs after every applied action (a hook of ``core.apply``): when
the ``sound`` setting is on it queues the sounds in ``table.cues``, and the
call's words when ``speech`` is on too; the facade hands the queue to the page
once it has drawn (``game.Game.flush``). The page plays them with Web Audio
(``web/sound.js``), and only after the first gesture and while the page is
visible; the choice of which sound for which event is made here.
"""

from __future__ import annotations

from dataclasses import dataclass

from text.i18n import t
from tractor.actions import Action, Declare, Play
from tractor.cards import Card
from tractor.follow import combination
from tractor.match import Match
from tractor.trump import TRUMP

from house.state import HUMAN, Before, Table

SOUNDS = ("card", "cut", "trick", "declare", "won", "lost")
"""Every sound the table plays (``web/sound.js`` synthesises each)."""
CALLS = {"pair": "lead_pair", "tractor": "lead_tractor"}
"""The leads that are called aloud, and the catalog key of their word."""
CUT_CALL = "call_cut"
"""The word called on a cut (毙了)."""
MAX_QUEUED = 4
"""At most this many sounds wait for the next drawing (the instant speed plays whole
tricks between two drawings: the last few are enough)."""


@dataclass(frozen=True)
class Cue:
    """The sounds of one action, in order, and the call to speak (a catalog key)."""

    sounds: tuple[str, ...]
    call: str | None = None


def is_cut(match: Match, action: Play, lead_suit: int | None) -> bool:
    """Whether ``action`` plays only trumps on a lead that is not trumps (毙了)."""
    trump = match.trump
    if trump is None or lead_suit is None or lead_suit == TRUMP or not action.cards:
        return False
    return all(trump.suit[card] == TRUMP for card in action.cards)


def lead_suit_of(match: Match) -> int | None:
    """The effective suit led in the trick in progress, or in the one just finished."""
    trump = match.trump
    if trump is None:
        return None
    if match.lead is not None:
        return match.lead.suit
    last = match.last_trick
    if last is None or not last["plays"]:
        return None
    first = last["plays"][0]["cards"]
    return trump.suit[Card.parse(first[0])] if first else None


def hand_end(match: Match) -> str | None:
    """``won`` or ``lost`` for seat 0's side once the hand is over, else None."""
    outcome = match.hand_result
    if outcome is None:
        return None
    winners = outcome.defenders if outcome.side == "defenders" else outcome.attackers
    return "won" if HUMAN in winners else "lost"


def cue_of(match: Match, action: Action, before: Before) -> Cue | None:
    """What ``action``, just applied to ``match``, sounds like (None: nothing)."""
    if isinstance(action, Declare):
        return Cue(("declare",))
    if not isinstance(action, Play):
        return None
    cut = len(match.trick) != 1 and is_cut(match, action, lead_suit_of(match))
    sounds = ["cut" if cut else "card"]
    call = CUT_CALL if cut else None
    if len(match.trick) == 1 and match.lead is not None:
        call = CALLS.get(combination(match.lead))
    if not match.trick:  # the fourth play closed the trick
        sounds.append("trick")
    end = hand_end(match) if before.phase == "play" else None
    if end is not None:
        sounds.append(end)
    return Cue(tuple(sounds), call)


def spoken_language(lang: str) -> str:
    """The calls are Chinese words: in traditional characters for a zh_Hant table, else
    in simplified ones (a Chinese voice speaks them whatever the table's language)."""
    return lang if lang.startswith("zh") else "zh"


def note_cue(table: Table, action: Action, before: Before) -> None:
    """Queue the sounds (and the call) of ``action`` if the settings want them."""
    settings = table.prefs.settings
    if not settings.sound:
        return
    cue = cue_of(table.live.match, action, before)
    if cue is None:
        return
    queue = table.cues
    queue.sounds = [*queue.sounds, *cue.sounds][-MAX_QUEUED:]
    if cue.call is not None and settings.speech:
        queue.call = t(spoken_language(table.lang), cue.call)

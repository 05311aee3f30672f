"""Save and restore a whole match as JSON with a schema version.

>>> from tractor.match import Match
>>> from tractor.actions import Deal
>>> m = Match(seed=3)
>>> for _ in range(10): m.apply(Deal())
>>> restored = loads(dumps(m))
>>> restored == m
True
>>> loads('{"schema": "something-else"}')
Traceback (most recent call last):
...
tractor.save.SaveError: not a Tractor save (schema 'something-else')
"""

from __future__ import annotations

import json
from typing import Any

from .cards import CARDS, Card, cards_of, counts_of, format_cards, parse_cards
from .declare import Declaration
from .follow import analyse_lead
from .match import Match
from .rules import Rules
from .trump import trump_for

SCHEMA = "tractor-match"
VERSION = 1


class SaveError(ValueError):
    """A save that is not ours, from another schema version, or corrupted."""


def _text(cards: list[Card] | tuple[Card, ...]) -> str:
    return format_cards(cards)


def state_dict(m: Match) -> dict[str, Any]:
    """Every field of the match as plain JSON data."""
    decl = m.declaration
    return {
        "rules": m.rules.to_dict(),
        "seed": m.seed,
        "levels": list(m.levels),
        "hand_no": m.hand_no,
        "dealer": m.dealer,
        "results": m.results,
        "winners": m.winners,
        "deck": _text(m.deck),
        "dealt": m.dealt,
        "deal_start": m.deal_start,
        "level": m.level,
        "hands": [format_cards(cards_of(h)) for h in m.hands],
        "declaration": list(decl) if decl else None,
        "declarations": [list(d) for d in m.declarations],
        "phase": m.phase,
        "turn": m.turn,
        "passes": m.passes,
        "trump_suit": None if m.trump is None else m.trump.trump_suit,
        "has_trump": m.trump is not None,
        "kitty": _text(m.kitty),
        "kitty_taken": _text(m.kitty_taken),
        "kitty_holder": m.kitty_holder,
        "friend_card": None if m.friend_card is None else str(m.friend_card),
        "friend": m.friend,
        "friend_revealed": m.friend_revealed,
        "leader": m.leader,
        "trick": [[s, _text(cs)] for s, cs in m.trick],
        "last_trick": m.last_trick,
        "tricks_played": m.tricks_played,
        "played": _text(m.played),
        "captured": list(m.captured),
        "penalty": m.penalty,
        "throw_failure": m.throw_failure,
        "hand_result": m.hand_result,
    }


def dumps(m: Match) -> str:
    """The match as a JSON text."""
    return json.dumps({"schema": SCHEMA, "version": VERSION, "state": state_dict(m)})


def loads(text: str) -> Match:
    """Rebuild a match from ``dumps`` output; ``SaveError`` on anything else."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise SaveError(f"the save is not valid JSON ({err})") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        found = data.get("schema") if isinstance(data, dict) else None
        raise SaveError(f"not a Tractor save (schema {found!r})")
    if data.get("version") != VERSION:
        raise SaveError(
            f"this save has schema version {data.get('version')!r}; this version reads {VERSION}"
        )
    try:
        return _restore(data["state"])
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise SaveError(f"the save is damaged ({type(err).__name__}: {err})") from None


def _restore(s: dict[str, Any]) -> Match:
    m = Match.__new__(Match)
    m.rules = Rules.from_dict(s["rules"])
    m.seed = int(s["seed"])
    m.levels = [int(x) for x in s["levels"]]
    m.hand_no = int(s["hand_no"])
    m.dealer = s["dealer"]
    m.results = list(s["results"])
    m.winners = s["winners"]
    m.deck = parse_cards(s["deck"])
    m.dealt = int(s["dealt"])
    m.deal_start = int(s["deal_start"])
    m.level = int(s["level"])
    m.hands = [counts_of(parse_cards(h)) for h in s["hands"]]
    m.declaration = Declaration(*s["declaration"]) if s["declaration"] else None
    m.declarations = [Declaration(*d) for d in s["declarations"]]
    m.phase = s["phase"]
    m.turn = int(s["turn"])
    m.passes = int(s["passes"])
    m.trump = (
        trump_for(m.level, s["trump_suit"], m.rules.twos_always_trump) if s["has_trump"] else None
    )
    m.kitty = parse_cards(s["kitty"])
    m.kitty_taken = parse_cards(s["kitty_taken"])
    m.kitty_holder = s["kitty_holder"]
    m.friend_card = CARDS[0].parse(s["friend_card"]) if s["friend_card"] else None
    m.friend = s["friend"]
    m.friend_revealed = bool(s["friend_revealed"])
    m.leader = int(s["leader"])
    m.trick = [(int(seat), tuple(parse_cards(cs))) for seat, cs in s["trick"]]
    m.lead = analyse_lead(m.trick[0][1], m.trump) if m.trick and m.trump else None
    m.last_trick = s["last_trick"]
    m.tricks_played = int(s["tricks_played"])
    m.played = parse_cards(s["played"])
    m.captured = [int(x) for x in s["captured"]]
    m.penalty = int(s["penalty"])
    m.throw_failure = s["throw_failure"]
    m.hand_result = s["hand_result"]
    _validate(m)
    return m


def _validate(m: Match) -> None:
    """Cheap consistency checks so a tampered save fails loudly, not later."""
    phases = ("deal", "declare", "bury", "theft", "call", "play", "hand_over", "match_over")
    if m.phase not in phases:
        raise SaveError(f"the save is damaged (unknown phase {m.phase!r})")
    if len(m.deck) != 54 * m.rules.decks:
        raise SaveError("the save is damaged (wrong number of cards in the deck)")
    in_play = sum(sum(h) for h in m.hands) + len(m.kitty)
    if in_play > len(m.deck) or not all(0 <= lv <= 12 for lv in m.levels):
        raise SaveError("the save is damaged (card or level counts are impossible)")

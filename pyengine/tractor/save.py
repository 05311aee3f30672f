"""A match saved as its record: the rules, the seed and every action, replayed to load.

A match is fully defined by (rules, seed, start level, actions), so that is all a
save holds.
Loading replays the actions through ``Match.apply``: a save that loads is a
state the rules can reach, by construction, and nothing else in it is trusted.
The same record serves export and import, replays and shared deals.

>>> from tractor.match import Match
>>> from tractor.actions import Deal
>>> m = Match(seed=3)
>>> for _ in range(3): m.apply(Deal())
>>> dumps(m)
'{"schema":"tractor-match","version":2,"rules":{"decks":2,"partners":"fixed",\
"scoring":"standard","declare_window":"during_deal","first_dealer":"declarer",\
"no_declaration":"kitty_third_card","twos_always_trump":false,"kitty_theft":false,\
"throw_penalty":false},"seed":3,"start_level":0,"actions":["deal","deal","deal"]}'
>>> loads(dumps(m)) == m
True
>>> loads('{"schema": "something-else"}')
Traceback (most recent call last):
...
tractor.save.SaveError: not a Tractor save (schema 'something-else')

Text is checked before it is parsed (``MAX_SAVE_CHARS``, nesting depth, no lone
surrogate: ``tractor.jsondata``) and every field is typed and bounded, and no other
field is taken (``FIELDS``); a refused save raises ``SaveError`` whose ``reason`` is
``not_ours``, ``old_version`` or ``damaged``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .actions import Action, ActionError, action_from_text
from .cards import CardError
from .jsondata import DataError, parse_json
from .match import ACE, MAX_SEED, IllegalAction, Match
from .rules import Rules, RulesError

SCHEMA = "tractor-match"
VERSION = 2
"""Version 1 stored a state snapshot; it is not read (it could hold impossible states)."""
MAX_SAVE_CHARS = 8_000_000
"""Longest save text read: several hundred hands (a 40-hand match is about 100 KB)."""
MAX_ACTIONS = 400_000
FIELDS = ("schema", "version", "rules", "seed", "start_level", "actions")
"""A record's fields, all of them: a record with any other field is refused (nothing in a
save goes unchecked)."""
MAX_DEPTH = 8
"""A record nests two levels (the object, its rules and actions); a version 1 snapshot
nests six, and is refused as an old version rather than as damaged."""


class SaveError(ValueError):
    """A save that is not ours, from another schema version, or damaged.

    ``reason`` is ``not_ours``, ``old_version`` or ``damaged``.
    """

    def __init__(self, message: str, reason: str = "damaged"):
        super().__init__(message)
        self.reason = reason


def record(m: Match) -> dict[str, Any]:
    """The match's record as plain JSON data."""
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "rules": m.rules.to_dict(),
        "seed": m.seed,
        "start_level": m.start_level,
        "actions": [str(a) for a in m.actions],
    }


def dumps(m: Match) -> str:
    """The match's record as compact JSON text."""
    return json.dumps(record(m), separators=(",", ":"))


def loads(text: Any) -> Match:
    """Rebuild a match from ``dumps`` output by replaying it; ``SaveError`` on anything else."""
    try:
        data = parse_json(text, max_chars=MAX_SAVE_CHARS, max_depth=MAX_DEPTH)
    except DataError as err:
        raise SaveError(f"the save is damaged ({err})") from None
    return from_record(data)


def from_record(data: Any) -> Match:
    """The match of a record (already parsed JSON data), replayed; ``SaveError`` if refused."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        found = data.get("schema") if isinstance(data, dict) else None
        shown = repr(found[:40]) if isinstance(found, str) else "missing"
        raise SaveError(f"not a Tractor save (schema {shown})", "not_ours")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        shown = str(version) if type(version) is int and abs(version) < 10**6 else "?"
        raise SaveError(
            f"this save has schema version {shown}; this version reads {VERSION}", "old_version"
        )
    unknown = [name for name in data if name not in FIELDS]
    if unknown:
        raise SaveError(f"the save is damaged ({len(unknown)} unknown field(s), such as "
                        f"{ascii(min(unknown))[:40]})")
    rules_data, seed, actions = data.get("rules"), data.get("seed"), data.get("actions")
    start_level = data.get("start_level")
    if not isinstance(rules_data, dict):
        raise SaveError("the save is damaged (no rules)")
    try:
        rules = Rules.from_dict(rules_data)
    except (RulesError, TypeError) as err:
        raise SaveError(f"the save is damaged (rules: {str(err)[:120]})") from None
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise SaveError(f"the save is damaged (the seed is not an int from 0 to {MAX_SEED})")
    if type(start_level) is not int or not 0 <= start_level <= ACE:
        raise SaveError("the save is damaged (the start level is not an int from 0 to 12)")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError(f"the save is damaged (actions: a list of at most {MAX_ACTIONS:,})")
    parsed: list[Action] = []
    for i, text in enumerate(actions, start=1):
        try:
            parsed.append(action_from_text(text))
        except (ActionError, CardError) as err:
            raise SaveError(f"the save is damaged (action {i}: {str(err)[:120]})") from None
    return replay(rules, seed, parsed, start_level)


def replay(rules: Rules, seed: int, actions: Iterable[Action], start_level: int = 0) -> Match:
    """A new match (``rules``, ``seed``, ``start_level``) after ``actions``; ``SaveError`` at
    the first illegal one (naming it and the broken rule)."""
    m = Match(rules, seed, start_level)
    for i, action in enumerate(actions, start=1):
        try:
            m.apply(action)
        except IllegalAction as err:
            raise SaveError(
                f"the save is damaged (action {i}, {str(action)[:60]!r}, is illegal: {err})"
            ) from None
    return m

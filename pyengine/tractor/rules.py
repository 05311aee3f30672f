"""Every rule option of RULES §6 as one frozen value, with presets and JSON form.

>>> Rules().decks, Rules().partners
(2, 'fixed')
>>> Rules.from_json(Rules(decks=3, kitty_theft=True).to_json()) == Rules(decks=3, kitty_theft=True)
True
>>> Rules(first_dealer="seat2").fixed_first_dealer
2
>>> Rules(decks=4)
Traceback (most recent call last):
...
tractor.rules.RulesError: decks must be one of (1, 2, 3), not 4
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NotRequired, TypedDict

from .rulecore import DECK_POINTS, RULE_DEFAULTS, RULE_OPTIONS
from .rulecore import HAND_SIZE as HAND_SIZE
from .rulecore import KITTY_SIZE as KITTY_SIZE
from .rulecore import SEAT_DEALERS as SEAT_DEALERS


class RulesError(ValueError):
    """An unknown rule option or value."""


CHOICES: dict[str, tuple[Any, ...]] = RULE_OPTIONS
"""The options of RULES §6 and their values as the settings offer them (``rulecore``);
``SEAT_DEALERS`` are extra ``first_dealer`` values for tools such as the arena."""

THROW_PENALTY_POINTS = 10


class RulesData(TypedDict):
    """The options as JSON data (``Rules.to_dict``; ``Rules.from_dict`` reads it back)."""

    decks: int
    partners: str
    scoring: str
    declare_window: str
    first_dealer: str
    no_declaration: str
    twos_always_trump: bool
    kitty_theft: bool
    throw_penalty: bool
    friend_rule: NotRequired[str]
    """Only when not the default: a record of the default rules reads as before it existed."""


@dataclass(frozen=True)
class Rules:
    """The options of one match. Each is independent of the others.

    * ``decks``: 1, 2 or 3 full decks with jokers.
    * ``partners``: ``fixed`` (seats 0+2 against 1+3) or ``find_friend`` (the dealer
      calls a card after burying; its holder is the dealer's secret partner).
    * ``scoring``: ``standard`` or ``qq`` level table (RULES §5).
    * ``declare_window``: ``during_deal`` (declare after any dealt card) or
      ``after_deal`` (a round in playing order once all cards are dealt).
    * ``first_dealer``: who deals the first hand, the final ``declarer`` or the
      ``first_declarer``; or a fixed seat, ``seat0``..``seat3`` (``SEAT_DEALERS``:
      for tools like the arena, not a RULES option).
    * ``no_declaration``: when nobody declares, trump is the suit of the kitty's
      third card (``kitty_third_card``) or no trump (``no_trump``).
    * ``twos_always_trump``: 2s are permanent trumps just below the level cards.
    * ``kitty_theft``: 炒地皮, others may overturn after the bury and re-bury.
    * ``throw_penalty``: a failed throw costs the thrower's side 10 points.
    * ``friend_rule`` (find-a-friend, RULES §3.4): who the friend is, the nearest holder
      of the called card after the dealer when it is called (``nearest_holder``), or
      whoever plays the first (``first_copy``) or the second copy (``second_copy``).
    """

    decks: int = RULE_DEFAULTS["decks"]
    partners: str = RULE_DEFAULTS["partners"]
    scoring: str = RULE_DEFAULTS["scoring"]
    declare_window: str = RULE_DEFAULTS["declare_window"]
    first_dealer: str = RULE_DEFAULTS["first_dealer"]
    no_declaration: str = RULE_DEFAULTS["no_declaration"]
    twos_always_trump: bool = RULE_DEFAULTS["twos_always_trump"]
    kitty_theft: bool = RULE_DEFAULTS["kitty_theft"]
    throw_penalty: bool = RULE_DEFAULTS["throw_penalty"]
    friend_rule: str = RULE_DEFAULTS["friend_rule"]

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = values_of(f.name)
            if value not in allowed or type(value) is not type(allowed[0]):
                raise RulesError(f"{f.name} must be one of {allowed}, not {value!r}")

    @property
    def fixed_first_dealer(self) -> int | None:
        """The seat that deals the first hand when ``first_dealer`` names one, else None."""
        if self.first_dealer in SEAT_DEALERS:
            return SEAT_DEALERS.index(self.first_dealer)
        return None

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return HAND_SIZE[self.decks]

    @property
    def kitty_size(self) -> int:
        """Cards in the kitty (底牌)."""
        return KITTY_SIZE[self.decks]

    @property
    def total_points(self) -> int:
        """Points in all the decks (100 per deck)."""
        return DECK_POINTS * self.decks

    def to_dict(self) -> RulesData:
        data: RulesData = {
            "decks": self.decks,
            "partners": self.partners,
            "scoring": self.scoring,
            "declare_window": self.declare_window,
            "first_dealer": self.first_dealer,
            "no_declaration": self.no_declaration,
            "twos_always_trump": self.twos_always_trump,
            "kitty_theft": self.kitty_theft,
            "throw_penalty": self.throw_penalty,
        }
        if self.friend_rule != RULE_DEFAULTS["friend_rule"]:
            data["friend_rule"] = self.friend_rule
        return data

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults (what a link or a scenario carries).

        >>> Rules(decks=3, kitty_theft=True).changed()
        {'decks': 3, 'kitty_theft': True}
        """
        defaults = Rules()
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(defaults, f.name)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Build from a dict; unknown keys are an error, missing keys take defaults."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(f"unknown rule options: {', '.join(sorted(unknown))}")
        return cls(**data)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise RulesError("rules JSON must be an object")
        return cls.from_dict(data)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named preset (see ``PRESETS``)."""
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r}; one of {', '.join(PRESETS)}")
        return PRESETS[name]


def values_of(option: str) -> tuple[Any, ...]:
    """Every accepted value of a rule option (``CHOICES`` plus ``SEAT_DEALERS``)."""
    return CHOICES[option] + (SEAT_DEALERS if option == "first_dealer" else ())


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "find_friend": Rules(partners="find_friend"),
    "find_friend_3_decks": Rules(decks=3, partners="find_friend"),
    "one_deck": Rules(decks=1),
    "three_decks": Rules(decks=3),
    "qq": Rules(scoring="qq", throw_penalty=True),
    "chao_di_pi": Rules(kitty_theft=True),
    "twos_trump": Rules(twos_always_trump=True),
    "after_deal": Rules(declare_window="after_deal", first_dealer="first_declarer"),
}

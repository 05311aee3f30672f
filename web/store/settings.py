"""The player's settings: rule options, speed, language, colours, the computer players.

Each computer seat has its own strength (``seat1`` right, ``seat2`` partner,
``seat3`` left; default ``normal``), and so has the helper behind the hint and
托管 (``helper``); ``auto_declare`` (自动叫主) lets the helper declare for seat 0
during the deal; ``undo`` offers taking back seat 0's last action (a match where
it was used is counted apart in the statistics); ``sound`` (on by default) plays the
table's sounds and ``speech`` (off by default) speaks the calls. Settings saved before this (one
``opponents`` strength for all, ``basic`` for ``easy``) still load.

Stored as JSON in localStorage; ``parse_settings`` never fails: damaged or
unknown data falls back to the defaults (and says so; a field it does not know
is dropped), so a bad value can never keep the page from starting.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from typing import Any

from micro.paintable import DEFAULT_SPEED
from micro.paintable import SPEEDS as SPEEDS  # re-exported: the table reads the speeds here
from text.i18n import DEFAULT_LANGUAGE, LANGUAGES
from tractor.jsondata import DataError
from tractor.players import PLAYER_NAMES, canonical_name
from tractor.rules import CHOICES, Rules, RulesError

from store.storage import read_small

DEFAULT_PLAYER = "normal"
SWITCHES = ("four_color", "auto_declare", "auto_next", "card_counter", "undo", "sound", "speech")
"""The settings that are on or off."""
PLAYER_OPTIONS = ("seat1", "seat2", "seat3", "helper")
"""Settings naming a computer player (the strength of a seat, or of the helper)."""


@dataclass(frozen=True)
class Pace:
    """Delays (seconds) of one animation speed."""

    deal: float  # between two dealt cards
    think: float  # least time a computer player's move is shown as "thinking"
    trick: float  # a finished trick stays in the centre this long
    next_hand: float  # autoplay waits this long on a hand's result


PACES = {
    "slow": Pace(deal=0.18, think=1.6, trick=2.0, next_hand=4.0),
    "normal": Pace(deal=0.06, think=0.7, trick=1.2, next_hand=2.5),
    "fast": Pace(deal=0.015, think=0.25, trick=0.5, next_hand=1.2),
    "instant": Pace(deal=0.0, think=0.0, trick=0.0, next_hand=0.0),
}


@dataclass(frozen=True)
class Settings:
    """Everything the settings panel controls."""

    rules: Rules = field(default_factory=Rules)
    speed: str = DEFAULT_SPEED
    lang: str = DEFAULT_LANGUAGE
    four_color: bool = False
    seat1: str = DEFAULT_PLAYER
    seat2: str = DEFAULT_PLAYER
    seat3: str = DEFAULT_PLAYER
    helper: str = DEFAULT_PLAYER
    auto_declare: bool = False
    auto_next: bool = False  # under 托管, the result closes by itself (else it waits)
    undo: bool = False
    card_counter: bool = False
    sound: bool = True  # the table's sounds (house.cues), also the bar's toggle
    speech: bool = False  # spoken calls (对子, 拖拉机, 毙了) where a Chinese voice exists

    @property
    def pace(self) -> Pace:
        return PACES[self.speed]

    def to_json(self) -> str:
        return json.dumps(
            {
                "rules": self.rules.to_dict(),
                "speed": self.speed,
                "lang": self.lang,
                "four_color": self.four_color,
                "seat1": self.seat1,
                "seat2": self.seat2,
                "seat3": self.seat3,
                "helper": self.helper,
                "auto_declare": self.auto_declare,
                "auto_next": self.auto_next,
                "undo": self.undo,
                "card_counter": self.card_counter,
                "sound": self.sound,
                "speech": self.speech,
            },
            sort_keys=True,
        )

    @property
    def players(self) -> tuple[str, str, str, str]:
        """The player of each seat: seat 0's is the helper (hint and 托管)."""
        return (self.helper, self.seat1, self.seat2, self.seat3)

    def with_option(self, name: str, value: Any) -> Settings:
        """A copy with one display option changed (``speed``, ``lang``, ...)."""
        return replace(self, **{name: value})


SETTINGS_FIELDS = (*(f.name for f in fields(Settings)), "opponents")
"""The fields of stored settings (``opponents``: one strength for all, before): any other
field is dropped, and the stored text kept aside."""


def rule_value(name: str, text: str) -> Any:
    """The typed value of a rule option from a form's text (``"2"`` → 2, ``"true"`` → True)."""
    for choice in CHOICES[name]:
        if str(choice).lower() == text.lower():
            return choice
    raise RulesError(f"{name} cannot be {text!r}")


def parse_settings(text: str | None) -> tuple[Settings, bool]:
    """Settings from stored JSON; the flag is True when the data was damaged and ignored.

    Missing text gives the defaults (not damaged). Unknown or invalid single values
    fall back to their default, the rest is kept.
    """
    try:
        data = read_small(text)
    except DataError:
        return Settings(), True
    if data is None:
        return Settings(), False
    damaged = False
    defaults = Settings()
    try:
        rules_data = data.get("rules", {})
        rules = Rules.from_dict(rules_data) if isinstance(rules_data, dict) else defaults.rules
        damaged = not isinstance(rules_data, dict)
    except (RulesError, TypeError):
        rules, damaged = defaults.rules, True

    def pick(name: str, allowed: tuple[Any, ...], default: Any) -> Any:
        nonlocal damaged
        value = data.get(name, default)
        if value not in allowed or type(value) is not type(default):
            damaged = True
            return default
        return value

    old = pick("opponents", PLAYER_NAMES, DEFAULT_PLAYER)  # one strength for all, before
    players = {
        name: canonical_name(pick(name, PLAYER_NAMES, old if name != "helper" else DEFAULT_PLAYER))
        for name in PLAYER_OPTIONS
    }
    settings = Settings(
        rules=rules,
        speed=pick("speed", SPEEDS, defaults.speed),
        lang=pick("lang", LANGUAGES, defaults.lang),
        four_color=pick("four_color", (False, True), defaults.four_color),
        auto_declare=pick("auto_declare", (False, True), defaults.auto_declare),
        auto_next=pick("auto_next", (False, True), defaults.auto_next),
        undo=pick("undo", (False, True), defaults.undo),
        card_counter=pick("card_counter", (False, True), defaults.card_counter),
        sound=pick("sound", (False, True), defaults.sound),
        speech=pick("speech", (False, True), defaults.speech),
        **players,
    )
    unknown = any(name not in SETTINGS_FIELDS for name in data)  # dropped, and kept aside
    return settings, damaged or unknown

"""What the scenario modules say, as a message key and named parameters (``Say``), never as a
sentence: the sentences are the catalogs' (``web/locale/*/LC_MESSAGES/tractor.po``, the
``scenario_*`` messages, once per language), and each reader translates (the embed's
``embed_text.said``, the page's ``i18n.t``).

A parameter is a number, cards (``Cards``: each reader writes them in its language, the
jokers by name), a seat (``Seat``: the scenario's own name for it, else the catalogs'
``seat0`` to ``seat3``) or another message (``Say``, a sentence the message goes on from).
``data()`` is the JSON form the engine's frames and verdicts carry (``SayData``):

>>> Say.of("scenario_trick_won", name=Seat(2), points=15).data()
{'key': 'scenario_trick_won', 'params': {'name': {'seat': 2}, 'points': 15}}
>>> Say.of("x", cards=Cards(("10H", "SJ")), who=Seat(1, (("en", "North"),))).data()["params"]
{'cards': {'cards': ['10H', 'SJ']}, 'who': {'name': {'en': 'North'}}}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

SayData = dict[str, Any]
"""``{"key": the message key, "params": {name: number, ``{"cards"}``, ``{"seat"}``,
``{"name"}`` or another SayData}}``."""


@dataclass(frozen=True)
class Cards:
    """Cards in a sentence, in RULES notation (``10H``, ``SJ``)."""

    cards: tuple[str, ...]

    def data(self) -> dict[str, list[str]]:
        return {"cards": list(self.cards)}


@dataclass(frozen=True)
class Seat:
    """A seat in a sentence: ``name`` the scenario's own name for it (language, text) pairs,
    or None for the table's name (``seat0`` to ``seat3``: You, Right, Across, Left)."""

    seat: int
    name: tuple[tuple[str, str], ...] | None = None

    def data(self) -> dict[str, Any]:
        return {"seat": self.seat} if self.name is None else {"name": dict(self.name)}


Param = Union[int, Cards, Seat, "Say"]


@dataclass(frozen=True)
class Say:
    """One message: its catalog key and its named parameters."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Param) -> Say:
        return cls(key, tuple(sorted(params.items())))

    def data(self) -> SayData:
        """The JSON form (numbers as they are, the rest by their own ``data``)."""
        return {"key": self.key,
                "params": {name: value if isinstance(value, int) else value.data()
                           for name, value in self.params}}

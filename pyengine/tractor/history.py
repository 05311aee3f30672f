"""The public history of the current hand, as the match records it.

Every finished trick (who led, each seat's cards, the winner, the points, and a
failed throw's attempted cards, the forced unit being what the leader played),
and each bury (seat, cards; only the burier's own view shows it). The match keeps
these as tuples so the class-level empty defaults are safe for a match rebuilt
without them.

``history_state`` gives them as plain JSON data (part of ``Match.state``,
so two matches compare equal only with the same history).

>>> t = TrickRecord(0, ((0, (Card(0),)), (1, (Card(1),))), 1, 0, None)
>>> t.cards_of(1)
(Card('3S'),)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .cards import Card, format_cards, parse_cards
from .viewdata import TrickRecordData


class TrickRecord(NamedTuple):
    """One finished trick."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    """(seat, cards) in playing order, the leader first."""
    winner: int
    points: int
    attempted: tuple[Card, ...] | None
    """The throw the leader attempted when it failed (the lead is the forced unit)."""

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        for s, cards in self.plays:
            if s == seat:
                return cards
        return ()

    def to_dict(self) -> TrickRecordData:
        return {
            "leader": self.leader,
            "plays": [{"seat": s, "cards": [str(c) for c in cs]} for s, cs in self.plays],
            "winner": self.winner,
            "points": self.points,
            "attempted": None if self.attempted is None else [str(c) for c in self.attempted],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TrickRecord:
        attempted = d["attempted"]
        return cls(
            int(d["leader"]),
            tuple((int(p["seat"]), tuple(parse_cards(p["cards"]))) for p in d["plays"]),
            int(d["winner"]),
            int(d["points"]),
            None if attempted is None else tuple(parse_cards(attempted)),
        )


def history_state(
    tricks: Sequence[TrickRecord],
    buries: Sequence[tuple[int, Sequence[Card]]],
    friend_trick: int | None,
) -> dict[str, Any]:
    """The hand's history (a match's ``tricks``, ``buries``, ``friend_trick``) as plain
    JSON data."""
    return {
        "tricks": [t.to_dict() for t in tricks],
        "buries": [[s, format_cards(cs)] for s, cs in buries],
        "friend_trick": friend_trick,
    }

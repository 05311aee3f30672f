"""The types of the painter's stored view (``tractor.paint``), for mypy only.

``paintable`` draws from a ``PaintedView`` (in MicroPython the stored one, checked by
``paint_check``; in Pyodide the live view's, ``render.painted.painted_view``), and
``paint_check`` returns one. It is a storage format, apart from the engine's wire
form of the view (``tractor.viewdata.ViewData``): levels as rank texts, only the keys
the renderers read (``paintable.PAINT_KEYS``, the rules' ``partners`` and ``decks``,
the hand's trump flags), so a view stored by an older page still paints.

MicroPython has no ``typing``: the painter's modules import this one only under
``TYPE_CHECKING`` (never at run time), and the build does not ship it to the painter.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class PaintedPlay(TypedDict):
    """A seat's play in the trick, or the declaration: the seat and its cards (``10H``…)."""

    seat: int
    cards: list[str]


class PaintedFailure(TypedDict):
    """A failed throw: who tried what, what was forced, who beat it with what, the penalty."""

    seat: int
    attempted: list[str]
    forced: list[str]
    beaten_by_seat: int
    beaten_by: list[str]
    penalty: int


class PaintedRules(TypedDict):
    """The two rule options the renderers read."""

    partners: str
    decks: int


class FinishedTrick(TypedDict):
    """The trick just finished, gathering to its winner (the live table only)."""

    plays: list[PaintedPlay]
    winner: int


class PaintedView(TypedDict):
    """Seat 0's view as the painter stores and draws it (``paintable.PAINT_KEYS`` in that
    order, then ``rules`` and ``hand_trump``)."""

    phase: str
    to_move: int | None
    hand_no: int
    level: str
    """The hand's level as a rank's text (``2``…``A``), as is each of ``levels``."""
    levels: list[str]
    trump: str | None
    """A suit letter, ``NT``, or None while undecided."""
    declaration: PaintedPlay | None
    dealer: int | None
    friend: int | None
    friend_card: str | None
    defenders: list[int]
    captured: list[int]
    penalty: int
    hand_sizes: list[int]
    deal_total: int
    dealt: int
    kitty_size: int
    trick: list[PaintedPlay]
    tricks_played: int
    trick_winner: int | None
    lead_kind: str | None
    throw_failure: PaintedFailure | None
    hand: list[str]
    """Seat 0's cards in the order drawn (trumps first)."""
    kitty_taken: list[str] | None
    rules: PaintedRules
    hand_trump: list[bool]
    """Whether each of ``hand`` is a trump."""
    own_side: NotRequired[str | None]
    """Seat 0's side as far as it may know (``defenders``, ``attackers``, None); a view
    stored by an older page has no such key."""


class RecordFacts(TypedDict):
    """What a stored view is checked against, read from its match record (``paint_check``)."""

    decks: int
    partners: str
    throw_penalty: bool
    start_level: int
    hands: int

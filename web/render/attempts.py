"""One attempt at a marked decision, as the page keeps it (``trials`` draws it).

``Trial`` is the state of finding the better play of one decision the coach marked,
in a hand's review or as a drill: the seat's view then (``View.to_data`` as JSON
text: what the coach judges from), its hand in display order, the decision's index
and review seed, the coach's better play and the play made, whether the hand is
open, the cards picked (indices into the hand; at a friend call or a declaring
decision, the index of the one ``choices`` chosen: ``tractor.coach.attempt.choices``,
a pass being the choice of no cards), the verdicts so far
(``tractor.coach.attempt.Verdict``), a verdict under way, whether the answer
was asked for, and (a review's decision) the coach's verdict on the play made,
``known``: its review, so that trying the play made again needs no new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from tractor.coach.attempt import Verdict


@dataclass(frozen=True)
class Trial:
    """One decision to find again (see the module docstring)."""

    view_text: str
    hand: tuple[str, ...]
    index: int
    seed: int
    kind: str
    best: tuple[str, ...]
    played: tuple[str, ...]
    open: bool = False
    selected: tuple[int, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    busy: bool = False
    revealed: bool = False
    choices: tuple[tuple[str, ...], ...] = ()
    known: Verdict | None = None

    @property
    def shown(self) -> bool:
        """Whether the answer may be shown: found, or asked for."""
        return self.revealed or any(v.verdict == "right" for v in self.verdicts)

    @property
    def picked(self) -> list[str]:
        if self.choices:
            return [c for i in self.selected[:1] if 0 <= i < len(self.choices)
                    for c in self.choices[i]]
        return [self.hand[i] for i in self.selected if 0 <= i < len(self.hand)]

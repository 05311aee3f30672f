"""A hand's review by the coach as the replay shows it: its state and its sums.

``Review`` is one review of seat 0's decisions in a kept hand (``coach`` runs it
step by step, ``coachpanel`` draws it): the record sent to the coach, how many
decisions it reviews, those reviewed so far (``tractor.coach.review.DecisionReview``),
where it runs (the ``worker``, or ``page`` steps while the worker is not ready)
and its state: ``running``, ``done``, ``cancelled`` or ``failed``.

A decision belongs to a step of the replay (``pasthands.replay_steps``): the
decisions before the first trick (declaring, the bury, the friend call:
``review.BEFORE_PLAY``)
to the start (step 0), a lead or follow made when ``trick`` tricks were finished to
the step of trick ``trick + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from text.messages import Msg
from tractor.coach.review import BEFORE_PLAY, MARKS, DecisionReview
from tractor.players.explain import Reason

from render.attempts import Trial

MARK_ORDER = ("fine", *reversed([name for name, _ in MARKS]))
"""Marks from the mildest to the worst: fine, inaccuracy, mistake, blunder."""


@dataclass
class Review:
    """One review of seat 0's decisions in hand ``hand`` of match ``match_id``."""

    match_id: str
    hand: int
    record_text: str  # the match record up to the hand's end (``save.dumps``)
    seed: int = 0
    count: int | None = None  # decisions to review, known after the first step
    done: int = 0  # decisions looked at (a decision with one candidate is not listed)
    decisions: list[DecisionReview] = field(default_factory=list)
    state: str = "running"
    where: str = "worker"
    error: str = ""
    times_ms: list[int] = field(default_factory=list)  # each step's time (benchmarks)
    quiz: tuple[int, str, str] | None = None  # a shared decision: its index, link, iframe
    trials: dict[int, Trial] = field(default_factory=dict)  # by the decision's index
    drilled: bool = False  # its marked decisions were made drills (``house.learn.drilling``)
    busy: bool = False  # a step is under way (a cancel waits for it)
    run: int = 0  # how many times it was resumed (a stopped run never goes on)

    def is_of(self, match_id: str, hand: int) -> bool:
        return (self.match_id, self.hand) == (match_id, hand)

    @property
    def marked(self) -> list[DecisionReview]:
        return [d for d in self.decisions if d.mark != "fine"]

    @property
    def worst(self) -> list[DecisionReview]:
        """The three costliest marked decisions (``review.summarise``'s order)."""
        return sorted(self.marked, key=lambda d: (-d.cost, d.index))[:3]

    def cost(self) -> tuple[float, float, float]:
        """The marked decisions' expected cost: value scale, points, levels (≥ 0 is lost)."""
        marked = self.marked
        return (sum(d.cost for d in marked),
                sum(d.best.points - d.played.points for d in marked),
                sum(d.best.levels - d.played.levels for d in marked))

    def at_step(self, step: int) -> list[DecisionReview]:
        """The reviewed decisions of a step of the replay, in the hand's order."""
        return [d for d in self.decisions if step_of(d) == step]

    def step_mark(self, step: int) -> str | None:
        """The worst mark of a step's decisions (None: none reviewed there)."""
        marks = [d.mark for d in self.at_step(step)]
        return max(marks, key=MARK_ORDER.index) if marks else None


def step_of(d: DecisionReview) -> int:
    """The replay step that shows the decision (see the module docstring)."""
    return 0 if d.kind in BEFORE_PLAY else d.trick + 1


def why_message(d: DecisionReview) -> Msg | None:
    """The coach's one line on why the better play is better, in the hint's words."""
    return None if d.why is None else reason_message(d.why)


def reason_message(why: Reason) -> Msg:
    """A reason of the coach (``review.why_better``'s code and parameters) in words."""
    code, params = why
    if code in ("keeps_pair", "call_alone", "call_card"):
        return Msg(f"why_{code}", cards=(str(params.get("card", "")),))
    if code == "declare_better":
        return Msg("why_declare_better", cards=tuple(str(params.get("cards", "")).split()))
    return Msg(f"why_{code}", dict(params))


def coach_line(d: DecisionReview) -> Msg | None:
    """``Better: <cards> — <why>`` (the quiz's explanation, the replay's line); when
    the better declaring decision is to pass, ``Better: pass — <why>``."""
    why = why_message(d)
    if why is None:
        return None
    if not d.best.cards:
        return Msg("coach_line_pass", what=why)
    return Msg("coach_line", cards=d.best.cards, what=why)

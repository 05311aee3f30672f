"""The coach in the replay dialog: the summary at the top, the marks on the trick
timeline, and at a marked step the play made beside the better play, with why.

``review_summary`` is the top of the replay: a Review button, or the review's
progress (and Cancel), then its expected cost and the worst three decisions (each
a button to its step). ``review_timeline`` is a button per step of the replay, a
reviewed step marked with its worst mark (``data-mark``). ``review_details`` shows
the reviewed decisions of the current step that are marked.
"""

from __future__ import annotations

from micro.markup import Child, Markup, el, join
from text.i18n import t
from tractor.coach.review import BEFORE_PLAY, DecisionReview

from render.attempts import Trial
from render.faces import button, details
from render.reviews import Review, coach_line, step_of
from render.scene import Scene
from render.trials import choice_cards, trial_block


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def _decision_label(lang: str, d: DecisionReview) -> str:
    """``Trick 3, follow`` (before the first trick: ``Bury``, ``Friend call``,
    ``Declaring``)."""
    if d.kind in BEFORE_PLAY:
        return t(lang, f"review_kind_{d.kind}")
    return t(lang, f"review_kind_{d.kind}", n=d.trick + 1)


def review_summary(scene: Scene, match_id: str, hand: int) -> Markup:
    lang, r = scene.lang, scene.review
    if r is None or not r.is_of(match_id, hand):
        return el("div", button(t(lang, "review"), "review", "replay-review", data_match=match_id,
                                data_hand=hand), class_="review-summary")
    total = r.count if r.count is not None else 0
    lines: list[Child] = []
    if r.state == "running":
        key = "review_progress_page" if r.where == "page" else "review_progress"
        progress = t(lang, "review_starting") if r.count is None else t(
            lang, key, k=min(r.done + 1, total), n=total)
        lines.append(el("p", progress,
                        " ", button(t(lang, "cancel"), "review-cancel", "review-cancel"),
                        data_testid="review-progress", data_done=r.done, data_count=total,
                        role="status"))
    elif r.state == "cancelled" and r.busy:
        lines.append(el("p", t(lang, "review_stopping"), data_testid="review-stopping"))
    elif r.state in ("cancelled", "failed"):
        failed = r.state == "failed"
        why = t(lang, "review_failed") if failed else t(lang, "review_stopped", k=r.done, n=total)
        lines.append(el("p", why, " ", button(t(lang, "review_resume"), "review", "review-resume",
                                              data_match=match_id, data_hand=hand),
                        details(lang, r.error, "review-error") if failed and r.error else None,
                        data_testid="review-stopped"))
    value, points, levels = r.cost()
    marked = r.marked
    if r.state == "done":
        lines.append(el("p", t(lang, "review_done", n=len(r.decisions), marked=len(marked)),
                        " ", button(t(lang, "drills_title"), "drills", "review-drills")
                        if marked else None,
                        data_testid="review-done"))
    if marked:
        lines.append(el("p", t(lang, "review_cost", points=f"{points:.0f}",
                               levels=f"{levels:.1f}"),
                        el("details", el("summary", t(lang, "details")),
                           t(lang, "review_cost_scale", value=f"{value:.2f}"),
                           class_="review-numbers"),
                        data_testid="review-cost"))
        worst: list[Child] = [
            el("li", button(t(lang, "review_worst_item", what=_decision_label(lang, d),
                              mark=t(lang, f"mark_{d.mark}")),
                            "replay-goto", "review-worst", id=f"b-worst-{i}",
                            data_step=step_of(d)))
            for i, d in enumerate(r.worst)
        ]
        lines.append(el("div", t(lang, "review_worst"), el("ol", worst), class_="review-worst"))
    return el("div", lines, class_="review-summary", data_testid="review-summary",
              data_state=r.state, data_where=r.where,
              data_step_ms=" ".join(str(ms) for ms in r.times_ms))


def review_timeline(lang: str, r: Review, steps: int, index: int) -> Markup:
    """A button per step of the replay; a reviewed step carries its worst mark."""
    marks: list[Child] = []
    for step in range(steps):
        mark = r.step_mark(step)
        label = "0" if step == 0 else str(step)
        if step == steps - 1 and step > 0 and mark is None:
            label = "="
        name = t(lang, f"mark_{mark}") if mark else t(lang, "review_not_reviewed")
        marks.append(button(
            label, "replay-goto", "review-mark" if mark and mark != "fine" else "review-step",
            id=f"b-step-{step}", data_step=step, class_=f"mark {mark or 'none'}",
            data_mark=mark or "none", title=name, aria_label=f"{label}: {name}",
            aria_current="step" if step == index else None,
        ))
    return join(el("div", marks, class_="review-timeline", data_testid="review-timeline"),
                timeline_legend(lang))


def _numbers(lang: str, d: DecisionReview) -> str:
    return t(lang, "review_numbers", played=f"{d.played.points:.0f}",
             better=f"{d.best.points:.0f}", levels_played=_signed(d.played.levels),
             levels_better=_signed(d.best.levels), n=d.deals)


def _plain_cost(lang: str, d: DecisionReview) -> str:
    """What the decision cost in a player's terms: points, and levels where it matters."""
    points = max(0, round(d.best.points - d.played.points))
    levels = d.best.levels - d.played.levels
    if abs(levels) >= 0.1:
        return t(lang, "review_plain_cost_levels", n=points, levels=f"{levels:.1f}")
    return t(lang, "review_plain_cost", n=points)


def timeline_legend(lang: str) -> Markup:
    """What the timeline's boxes mean: the steps, and each mark's colour (the one legend
    of the replay's timeline)."""
    swatches: list[Child] = [
        el("span", el("span", "", class_=f"mark {mark}", aria_hidden="true"), " ",
           t(lang, f"mark_{mark}") if mark != "none" else t(lang, "review_not_reviewed"),
           class_="legend-item")
        for mark in ("fine", "inaccuracy", "mistake", "blunder", "none")
    ]
    return el("p", t(lang, "timeline_steps"), " ", swatches, class_="review-legend",
              data_testid="review-legend")


def _decision(lang: str, r: Review, d: DecisionReview) -> Markup:
    """A marked decision: the play made, the attempt at the better one (``trials``), then,
    once found or asked for, the better play and why; the cost in points; the numbers
    behind it under Details."""
    trial = r.trials.get(d.index) or Trial("", (), d.index, r.seed, d.kind, d.best.cards,
                                           d.played.cards)
    shown = trial.shown
    line = coach_line(d)
    quiz = r.quiz if r.quiz is not None and r.quiz[0] == d.index else None
    key = f"r{d.index}"
    return el(
        "div",
        el("p", el("b", t(lang, f"mark_{d.mark}")), " · ", _decision_label(lang, d)),
        el("div",
           el("span", t(lang, "review_played"), " ",
              choice_cards(lang, d.played.cards), data_testid="played-play"),
           shown and el("span", t(lang, "review_better"), " ",
                        choice_cards(lang, d.best.cards), data_testid="better-play"),
           class_="review-plays"),
        el("p", _plain_cost(lang, d), data_testid="review-plain"),
        shown and line is not None and el("p", line.text(lang), data_testid="review-reason"),
        trial_block(lang, key, trial),
        el("details", el("summary", t(lang, "details")),
           el("p", _numbers(lang, d), class_="muted"),
           el("p", t(lang, "review_noise", cost=f"{d.cost:.2f}", se=f"{d.se:.2f}"),
              class_="muted"),
           class_="review-numbers", data_testid="review-numbers"),
        None if d.kind in BEFORE_PLAY or not shown else button(
            t(lang, "share_review"), "share-review", "share-review", id=f"b-share-{d.index}",
            data_index=d.index),
        quiz and el(
            "p", t(lang, "quiz_hint"), " ",
            el("input", type="text", readonly=True, value=quiz[1],
               data_testid="review-quiz-link", aria_label=t(lang, "share_review")),
            " ", t(lang, "position_iframe"), " ",
            el("input", type="text", readonly=True, value=quiz[2],
               data_testid="review-quiz-iframe", aria_label=t(lang, "position_iframe")),
        ),
        class_=f"review-decision {d.mark}", data_testid="review-decision",
        data_mark=d.mark, data_index=d.index,
    )


def review_details(scene: Scene, index: int) -> Markup | None:
    """The marked decisions of step ``index``: the play beside the better one, and why."""
    lang, r = scene.lang, scene.review
    if r is None:
        return None
    blocks: list[Child] = [_decision(lang, r, d) for d in r.at_step(index) if d.mark != "fine"]
    return el("div", blocks, class_="review-details") if blocks else None

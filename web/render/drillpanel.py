"""The drills panel: the decisions the coach marked in your hands, in the order they
are due, each to find again (``trials.trial_block``) and to share as a quiz."""

from __future__ import annotations

import json

from micro.markup import Child, Markup, el
from store.drills import Drill
from text.i18n import t
from tractor.coach.review import BEFORE_PLAY
from tractor.coach.schedule import DAY_MS

from render.attempts import Trial
from render.faces import button, dialog
from render.scene import Scene
from render.trials import choice_cards, trial_block


def _when(lang: str, drill: Drill, now_ms: int) -> str:
    if drill.due <= now_ms:
        return t(lang, "drill_due")
    return t(lang, "drill_later", n=max(1, -(-(drill.due - now_ms) // DAY_MS)))


def _what(lang: str, drill: Drill) -> str:
    """``Trick 3, follow`` (``Bury``, ``Friend call``...), as the review says it."""
    if drill.kind in BEFORE_PLAY:
        return t(lang, f"review_kind_{drill.kind}")
    return t(lang, f"review_kind_{drill.kind}", n=int(json.loads(drill.view)["tricks_played"]) + 1)


def drill_item(scene: Scene, drill: Drill, trial: Trial) -> Markup:
    lang, key = scene.lang, "d" + drill.id
    quiz = scene.drill_quiz if scene.drill_quiz and scene.drill_quiz[0] == drill.id else None
    return el(
        "li",
        el("p", t(lang, "drill_item", hand=drill.hand + 1, what=_what(lang, drill),
                  mark=t(lang, f"mark_{drill.mark}"), when=_when(lang, drill, scene.now_ms))),
        el("div", el("span", t(lang, "review_played"), " ", choice_cards(lang, drill.played),
                     data_testid="played-play"),
           trial.shown and el("span", t(lang, "review_better"), " ",
                              choice_cards(lang, drill.best), data_testid="better-play"),
           class_="review-plays"),
        trial_block(lang, key, trial),
        None if drill.kind in BEFORE_PLAY else button(
            t(lang, "share_review"), "share-drill", "share-drill", id=f"b-share-{key}",
            data_id=drill.id),
        quiz and el("p", t(lang, "quiz_hint"), " ",
                    el("input", type="text", readonly=True, value=quiz[1],
                       data_testid="drill-quiz-link", aria_label=t(lang, "share_review"))),
        class_=f"drill review-decision {drill.mark}", data_testid="drill", data_id=drill.id,
        data_due=drill.due, data_box=drill.box,
    )


def drills_panel(scene: Scene) -> Markup:
    lang = scene.lang
    items: list[Child] = [drill_item(scene, d, trial) for d, trial in scene.drills]
    return dialog(
        el("h2", t(lang, "drills_title")),
        el("p", t(lang, "drills_intro") if items else t(lang, "drills_empty"), class_="muted"),
        el("ol", items, class_="drills") if items else None,
        el("div", button(t(lang, "close"), "close", "drills-close", class_="primary"),
           class_="panel-buttons"),
        label=t(lang, "drills_title"), testid="drills", classes="drills-panel",
    )

"""The banner of a what-if played on from a replay (``house.learn.branching``): it says the
table is a branch that nothing stores, gives the result beside the real one at the
hand's end, and offers the way back (``branch-exit``)."""

from __future__ import annotations

from micro.markup import Markup, el
from text.i18n import t

from render.faces import button
from render.scene import Scene


def branch_banner(scene: Scene) -> Markup | None:
    if scene.branch is None:
        return None
    lang = scene.lang
    tricks, result = scene.branch
    where = t(lang, "branch_where_trick", n=tricks) if tricks else t(lang, "branch_where_start")
    return el(
        "div",
        el("p", t(lang, "branch_banner", where=where)),
        result and el("p", t(lang, "branch_result", now=result[0], then=result[1]),
                      data_testid="branch-result"),
        button(t(lang, "branch_exit"), "branch-exit", "branch-exit", class_="primary"),
        class_="branch-banner", data_testid="branch", role="status",
        data_tricks=tricks,
    )

"""The middle of the felt: the trick, each play beside the seat that made it.

Each play stands on the side of its seat (``pos-left`` next to 上家 on the left,
``pos-top`` under 对家, ...), captioned with the seat's name; the lead says what
it is (single, pair, tractor, throw…) and the play winning so far is marked.
A play carries a stable ``id`` (trick number and seat), so the morphing redraw
inserts a new play as a new element and its CSS entry animation (from its
seat) runs once; a finished trick gathers toward its winner (``gather-<pos>``).
Motion is CSS only, timed by the speed (root class ``speed-*``) and off under
``prefers-reduced-motion``: it never blocks input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from micro import paintable
from micro.markup import Child, Markup, el
from micro.paintable import POSITIONS
from text.i18n import seat_name, t, words_of

from render.scene import Scene

if TYPE_CHECKING:
    from tractor.viewdata import PlayData, ThrowFailureData

__all__ = ["POSITIONS", "centre", "last_trick", "plays_html", "throw_failure_html"]


def plays_html(lang: str, plays: list[PlayData], winner: int | None = None,
               lead_kind: str | None = None, trick_no: int = 0) -> Markup:
    """Each seat's play in its place, with the seat's name; the lead named, the winner marked."""
    return paintable.plays_html(words_of(lang), plays, winner, lead_kind, trick_no)


def throw_failure_html(lang: str, failure: ThrowFailureData | None) -> Markup | None:
    return paintable.throw_failure_html(words_of(lang), failure)


def last_trick(scene: Scene) -> Markup:
    """The 上一轮 overlay: the last trick, its winner and points."""
    view, lang = scene.view, scene.lang
    last = view["last_trick"]
    if last is None:
        body: Child = el("p", t(lang, "no_last_trick"), class_="centre-note")
    else:
        title = t(lang, "last_trick_title", name=seat_name(lang, last["winner"]),
                  points=last["points"])
        body = [
            el("p", title, class_="centre-note"),
            el("div", plays_html(lang, last["plays"], last["winner"], trick_no=-1),
               class_="trick-grid"),
            throw_failure_html(lang, last["throw_failure"]),
        ]
    return el("div", body, class_="last-trick-view", data_testid="last-trick-view")


def centre(scene: Scene) -> Markup:
    """The last trick when asked for (上一轮), else the deck or the trick (``paintable``)."""
    if scene.show_last:
        return last_trick(scene)
    return paintable.centre(words_of(scene.lang), scene.painted, scene.finished_trick)

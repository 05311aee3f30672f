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

from typing import Any

from faces import mini_cards
from i18n import cards_label, seat_name, t
from markup import Child, Markup, el, join
from scene import Scene

POSITIONS = {0: "bottom", 1: "right", 2: "top", 3: "left"}
"""Where each seat sits, seen from seat 0 (下家 on the right, 上家 on the left)."""
LONG_PLAY = 7
"""A play of this many cards or more (a throw, a 3-deck tractor) overlaps more."""


def plays_html(
    lang: str,
    plays: list[dict[str, Any]],
    winner: int | None = None,
    lead_kind: str | None = None,
    trick_no: int = 0,
) -> Markup:
    """Each seat's play in its place, with the seat's name; the lead named, the winner marked."""
    out: list[Child] = []
    for index, play in enumerate(plays):
        seat = play["seat"]
        classes = ["play", f"pos-{POSITIONS[seat]}"]
        if index == 0:
            classes.append("lead")
        if seat == winner:
            classes.append("won")
        if len(play["cards"]) >= LONG_PLAY:
            classes.append("long")
        caption: list[Child] = [el("span", seat_name(lang, seat), class_="play-name")]
        if index == 0 and lead_kind:
            caption.append(el("span", t(lang, f"lead_{lead_kind}"), class_="lead-kind",
                              data_testid="lead-kind"))
        if seat == winner:
            caption.append(el("span", "★", class_="winning-mark", title=t(lang, "winning"),
                              aria_label=t(lang, "winning")))
        out.append(
            el("div", mini_cards(lang, play["cards"]), el("div", caption, class_="play-caption"),
               class_=" ".join(classes), data_seat=seat, id=f"play-{trick_no}-{seat}")
        )
    return join(out)


def throw_failure_html(lang: str, failure: dict[str, Any] | None) -> Markup | None:
    if not failure:
        return None
    text = t(
        lang,
        "throw_failed_own" if failure["seat"] == 0 else "throw_failed",
        name=seat_name(lang, failure["seat"]),
        attempted=cards_label(lang, failure["attempted"]),
        forced=cards_label(lang, failure["forced"]),
        beater=seat_name(lang, failure["beaten_by_seat"]),
        beaten_by=cards_label(lang, failure["beaten_by"]),
    )
    if failure.get("penalty"):
        text += " · " + t(lang, "throw_penalty_note", n=failure["penalty"])
    return el("div", text, class_="throw-failure", data_testid="throw-failure")


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
            throw_failure_html(lang, last.get("throw_failure")),
        ]
    return el("div", body, class_="last-trick-view", data_testid="last-trick-view")


def centre(scene: Scene) -> Markup:
    view, lang = scene.view, scene.lang
    if scene.show_last:
        return last_trick(scene)
    if view["phase"] == "deal":
        left = view["deal_total"] - view["dealt"] + view["kitty_size"]
        return el(
            "div",
            el("span", class_="back", aria_hidden="true"),
            el("span", t(lang, "cards_left", n=left)),
            class_="deck",
            data_testid="deck",
        )
    current = view["trick"]
    trick_no = view["tricks_played"]
    finished: Child = None
    if not current and scene.finished_trick is not None:
        done = scene.finished_trick
        finished = el(
            "div",
            plays_html(lang, done["plays"], done["winner"], trick_no=trick_no - 1),
            class_=f"trick-grid finished gather-{POSITIONS[done['winner']]}",
            data_testid="finished-trick",
        )
    failure = view["throw_failure"] if view["phase"] == "play" else None
    return join(
        finished,
        el("div", plays_html(lang, current, view.get("trick_winner"), view["lead_kind"],
                             trick_no=trick_no),
           class_="trick-grid", data_testid="trick"),
        throw_failure_html(lang, failure),
    )

"""Render the table as HTML, one fragment per page region, from seat 0's view.

Pure functions of a ``Scene`` (seat 0's view, its wire form ``View.to_data()``, plus
the table's own state): no DOM access here, so the page only morphs the regions that changed.
Every fragment is built with ``markup.el``, which escapes all text and
attribute values: nothing from the engine, storage or a link becomes markup.
Clickable elements carry ``data-action`` (and ``data-index``/``data-cards``/...)
for the single delegated click handler of ``controls``.
"""

from __future__ import annotations

from micro import paintable, paintbar
from micro.markup import Markup, el, join
from text.i18n import seat_name, t, words_of

from render.centre import centre
from render.counter import counter_line
from render.faces import button, details
from render.friendspanel import phrases
from render.handlog import hand_log
from render.handview import controls, hand
from render.panels import overlay
from render.scene import Scene

__all__ = ["REGIONS", "Scene", "render", "root_classes"]

REGIONS = (
    "bar",
    "seat-0",
    "seat-1",
    "seat-2",
    "seat-3",
    "centre",
    "controls",
    "hand",
    "footer",
    "log",
    "overlay",
    "probe",
)


def render(scene: Scene) -> dict[str, Markup]:
    """HTML of every region of the page."""
    return {
        "bar": bar(scene),
        **{f"seat-{seat}": seat_box(scene, seat) for seat in range(4)},
        "centre": centre(scene),
        "controls": controls(scene),
        "hand": hand(scene),
        "footer": footer(scene),
        "log": hand_log(scene),
        "overlay": overlay(scene),
        "probe": probe(scene),
    }


def root_classes(scene: Scene) -> str:
    """Classes of the page root: colour scheme, phase, whose turn (``paintable``)."""
    modal = scene.panel is not None or scene.confirm is not None or scene.replay is not None
    return paintable.root_classes(scene.painted, scene.settings.four_color,
                                  scene.speed or scene.settings.speed, scene.autoplay, modal)


def bar(scene: Scene) -> Markup:
    """The bar (``paintbar.bar``: the painted table draws the same one)."""
    return paintbar.bar(words_of(scene.lang), scene.painted, scene.show_last, scene.show_log,
                         scene.first_visit, scene.settings.sound, scene.friends_on)


def seat_box(scene: Scene, seat: int) -> Markup:
    remote = scene.remote[seat] if seat < len(scene.remote) else None
    name = scene.names[seat] if seat < len(scene.names) else ""
    if remote is not None:
        name = remote.name if remote.status == "connected" else ""
    box = paintable.seat_box(words_of(scene.lang), scene.painted, seat, scene.thinking,
                             "" if remote is None else remote.status, name)
    if scene.said is None or scene.said[0] != seat:
        return box
    # a quick phrase in a bubble beside the seat that said it, until the next action
    # (its own id a phrase: a phrase said again is a new element, shown afresh)
    return join(box, el("p", scene.said[1], id=f"said-{scene.said[2]}", class_="bubble",
                        data_testid=f"bubble-{seat}", role="status"))


def status_text(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    phase, mover = view["phase"], view["to_move"]
    if phase == "match_over":
        return t(lang, "status_match_over")
    if phase == "hand_over":
        return t(lang, "status_hand_over")
    if scene.thinking is not None and scene.thinking != 0:
        return t(lang, "status_thinking", name=seat_name(lang, scene.thinking))
    if scene.autoplay and mover == 0:
        return t(lang, "status_autoplay")
    if phase == "deal":
        if scene.end_of_deal:
            return t(lang, "status_end_of_deal")
        key = "status_can_declare" if view["declaration_options"] else "status_dealing"
        return t(lang, key, dealt=view["dealt"], total=view["deal_total"])
    if mover == 0:
        if phase == "declare":
            return t(lang, "status_declare_turn")
        if phase == "theft":
            return t(lang, "status_theft_turn")
        if phase == "bury":
            return t(lang, "status_bury", n=view["kitty_size"])
        if phase == "call":
            return t(lang, "status_call")
        if not view["trick"]:
            return t(lang, "status_lead")
        return t(lang, "status_follow", n=len(view["trick"][0]["cards"]))
    name = seat_name(lang, mover) if mover is not None and mover >= 0 else ""
    key = {
        "declare": "status_declaring",
        "theft": "status_declaring",
        "bury": "status_burying",
        "call": "status_calling",
    }.get(phase, "status_waiting")
    return t(lang, key, name=name)


def message_details(scene: Scene) -> Markup | None:
    """The message's technical text (an exception's words) collapsed beside it, so the
    sentence stays in the table's language and a bug report can still quote it."""
    if not scene.message_detail:
        return None
    return details(scene.lang, scene.message_detail, "message-details")


def footer(scene: Scene) -> Markup:
    lang = scene.lang
    return join(
        el("p", status_text(scene), class_="status", data_testid="status"),
        counter_line(scene),  # in the line's row: it never covers the hand (issue 36)
        el(
            "div",
            scene.message
            and el("p", scene.message, class_="message error", data_testid="message",
                   role="alert"),
            scene.message and message_details(scene),
            scene.elsewhere
            and button(t(lang, "take_over"), "take-over", "take-over", class_="primary"),
            # its whole text in a title too: a sideways phone may cut it to one line
            scene.notice and el("p", scene.notice, class_="notice", data_testid="notice",
                                title=scene.notice),
            class_="messages",  # a fixed place: a message never moves the hand
        ),
        scene.warning
        and el("p", scene.warning, class_="warning error", data_testid="storage-warning",
               role="alert"),
        scene.keys_used and el("p", t(lang, "help_keys"), class_="help", data_testid="help"),
        scene.phrases and phrases(lang),
    )


# ------------------------------------------------------------------ overlays


def probe(scene: Scene) -> Markup:
    """Hidden state for tests: phase, seat to move, hand number, deal progress."""
    view = scene.view
    mover = view["to_move"]
    values = {
        "phase": view["phase"],
        "to-move": "none" if mover is None else mover,
        "hand-number": view["hand_no"],
        "dealt": view["dealt"],
        "busy": "thinking" if scene.thinking is not None else "idle",
        "end-of-deal": "yes" if scene.end_of_deal else "no",
        "worker-calls": scene.worker_calls,
        "worker-state": scene.worker_state,
        "think-ms": " ".join(str(ms) for ms in scene.think_ms),
        "load-ms": scene.load_ms,
    }
    return join(el("span", value, data_testid=name) for name, value in values.items())

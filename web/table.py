"""Render the table as HTML, one fragment per page region, from seat 0's view.

Pure functions of a ``Scene`` (the view's ``to_dict()`` plus the table's own
state): no DOM access here, so the page only morphs the regions that changed.
Every fragment is built with ``markup.el``, which escapes all text and
attribute values: nothing from the engine, storage or a link becomes markup.
Clickable elements carry ``data-action`` (and ``data-index``/``data-cards``/...)
for the single delegated click handler of ``controls``.
"""

from __future__ import annotations

from typing import Any

from centre import POSITIONS, centre
from faces import button, details, mini_cards
from handlog import hand_log, log_toggle
from handview import controls, hand
from i18n import (
    DEFAULT_LANGUAGE,
    HTML_LANG,
    LANGUAGE_NAMES,
    LANGUAGES,
    SUIT_SYMBOLS,
    card_label,
    seat_name,
    t,
)
from markup import Child, Markup, el, join
from panels import overlay
from scene import Scene

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
MODAL_OPEN = "modal-open"
"""Root class while a blocking dialog (settings, a confirmation, a replay) is open."""


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
    """Classes of the page root: colour scheme, phase, whose turn."""
    view = scene.view
    classes = [f"phase-{view['phase']}", "four-color" if scene.settings.four_color else "two-color",
               f"speed-{scene.speed or scene.settings.speed}"]
    if view["to_move"] == 0:
        classes.append("my-turn")
    if scene.autoplay:
        classes.append("autoplaying")
    if scene.panel is not None or scene.confirm is not None or scene.replay is not None:
        classes.append(MODAL_OPEN)
    return " ".join(classes)


def attackers_points(view: dict[str, Any]) -> int | None:
    """The attackers' points so far, when the sides are known to seat 0."""
    if view["dealer"] is None or view["trump"] is None:
        return None
    rules = view["rules"]
    if rules["partners"] == "find_friend" and view["friend"] is None:
        return None
    defenders = set(view["defenders"])
    captured: list[int] = view["captured"]
    return sum(captured[s] for s in range(4) if s not in defenders) + int(view["penalty"])


def trump_text(scene: Scene) -> Markup:
    view, lang = scene.view, scene.lang
    level = f"{t(lang, 'level_label')} {view['level']}"
    if view["trump"] is None:
        trump: Child = f"{t(lang, 'trump_label')} {t(lang, 'trump_undecided')}"
    elif view["trump"] == "NT":
        trump = t(lang, "no_trump")
    else:
        symbol = el("b", SUIT_SYMBOLS[view["trump"]], class_=f"pip suit-{view['trump']}")
        trump = join(t(lang, "trump_label"), symbol, sep=" ")
    return join(trump, level, sep=" · ")


def bar(scene: Scene) -> Markup:
    view, lang = scene.view, scene.lang
    parts: list[Child] = [
        el("h1", t(lang, "title"), class_="title"),
        el(
            "div",
            trump_text(scene),
            " ",
            el("span", t(lang, "hand_no", n=view["hand_no"] + 1), class_="hand-no"),
            class_="indicator",
            data_testid="trump",
        ),
    ]
    decl = view["declaration"]
    if decl is not None:
        text = t(lang, "declared_by", name=seat_name(lang, decl["seat"]), cards="")
        parts.append(
            el("div", text, mini_cards(lang, decl["cards"], "tiny"), class_="declaration",
               data_testid="declaration")
        )
    elif view["phase"] in ("deal", "declare"):
        parts.append(
            el("div", t(lang, "no_declaration_yet"), class_="declaration",
               data_testid="declaration")
        )
    points = attackers_points(view)
    if points is not None:
        parts.append(
            el("div", t(lang, "attackers_points"), " ", el("b", points), class_="points",
               data_testid="points")
        )
    if view["friend_card"] is not None:
        friend = view["friend"]
        state = (
            t(lang, "friend_hidden")
            if friend is None
            else t(lang, "friend_is", name=seat_name(lang, friend))
        )
        side: Child = None
        if friend is None and view["dealer"] != 0 and view["phase"] == "play":
            side = el("span", t(lang, "your_side_unknown"), class_="side-unknown",
                      data_testid="your-side")
        parts.append(
            el(
                "div",
                t(lang, "friend_card", card=card_label(lang, view["friend_card"])),
                " · ",
                el("span", state, class_="hidden-friend" if friend is None else "known-friend"),
                side and " · ",
                side,
                class_="friend",
                data_testid="friend",
            )
        )
    parts.append(
        el(
            "div",
            button(t(lang, "last_trick"), "last-trick", "last-trick",
                   aria_pressed="true" if scene.show_last else "false"),
            button(t(lang, "new_game"), "new-game", "new-game"),
            log_toggle(scene),
            el("a", el("span", t(lang, "how_to_play"), class_="long"),
               el("span", "?", class_="short", aria_hidden="true"),
               href=tutorial_href(lang), target="_blank", rel="noopener",
               class_="bar-link", data_testid="how-to-play", aria_label=t(lang, "how_to_play")),
            button(t(lang, "settings"), "settings", "settings"),
            language_menu(lang),
            class_="bar-buttons",
        )
    )
    if scene.first_visit:
        parts.append(
            el("p", t(lang, "welcome"), " ",
               el("a", t(lang, "how_to_play"), href=tutorial_href(lang), target="_blank",
                  rel="noopener"),
               " · ", el("a", t(lang, "rules_summary"), href=page_href("rules", lang),
                         target="_blank", rel="noopener"),
               class_="welcome", data_testid="welcome")
        )
    return join(parts)


def language_menu(lang: str) -> Markup:
    """The bar's language menu: every language by its own name (a change sets the option)."""
    options = [el("option", name, value=code, selected=code == lang, lang=HTML_LANG[code])
               for code, name in LANGUAGE_NAMES.items()]
    return el("select", options, id="lang-menu", class_="lang-toggle", data_option="lang",
              data_testid="lang-toggle", aria_label=t(lang, "language"))


def page_href(page: str, lang: str) -> str:
    """A page of the site (``tutorial``, ``rules``) in the table's language (relative: the
    site may live in a sub-path); both pages are written in each of ``LANGUAGES``.

    >>> page_href("rules", "zh-Hant"), page_href("tutorial", "en")
    ('rules.html?lang=zh-Hant', 'tutorial.html?lang=en')
    """
    return f"{page}.html?lang=" + (lang if lang in LANGUAGES else DEFAULT_LANGUAGE)


def tutorial_href(lang: str) -> str:
    return page_href("tutorial", lang)


def seat_box(scene: Scene, seat: int) -> Markup:
    view, lang = scene.view, scene.lang
    badges: list[Child] = []
    if view["dealer"] == seat:
        badges.append(el("span", t(lang, "dealer_mark"), class_="badge dealer"))
    if view["friend"] == seat and view["friend"] != view["dealer"]:
        badges.append(el("span", t(lang, "friend_mark"), class_="badge friend"))
    meta = [
        t(lang, "level_of", rank=view["levels"][seat]),
        t(lang, "cards_left", n=view["hand_sizes"][seat]),
    ]
    if view["phase"] in ("play", "hand_over", "match_over") or view["captured"][seat]:
        meta.append(t(lang, "seat_points", n=view["captured"][seat]))
    classes = ["seat-box", POSITIONS[seat]]
    if view["to_move"] == seat:
        classes.append("turn")
    state: Child = None
    if scene.thinking == seat:
        classes.append("thinking")
        state = el("span", t(lang, "thinking"), class_="state")
    back = None if seat == 0 else el("span", class_="back", aria_hidden="true")
    return el(
        "div",
        back,
        el(
            "div",
            el("div", seat_name(lang, seat), " ", badges, class_="seat-name"),
            el("div", [el("span", item) for item in meta], class_="seat-meta"),
            state,
            class_="seat-text",
        ),
        class_=" ".join(classes),
        data_seat=seat,
        data_testid=f"seat-{seat}",
    )


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
        el(
            "div",
            scene.message
            and el("p", scene.message, class_="message error", data_testid="message",
                   role="alert"),
            scene.message and message_details(scene),
            scene.elsewhere
            and button(t(lang, "take_over"), "take-over", "take-over", class_="primary"),
            scene.notice and el("p", scene.notice, class_="notice", data_testid="notice"),
            class_="messages",  # a fixed place: a message never moves the hand
        ),
        scene.warning
        and el("p", scene.warning, class_="warning error", data_testid="storage-warning",
               role="alert"),
        scene.keys_used and el("p", t(lang, "help_keys"), class_="help", data_testid="help"),
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

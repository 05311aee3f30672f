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

from faces import button, card_face, mini_cards, order_of
from handlog import hand_log, log_toggle
from i18n import SUIT_SYMBOLS, card_label, cards_label, seat_name, t
from markup import Child, Markup, el, join
from panels import overlay
from scene import Scene
from tractor.cards import RANKS, Card
from tractor.trump import TRUMP

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
POSITIONS = {0: "bottom", 1: "right", 2: "top", 3: "left"}
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
    classes = [f"phase-{view['phase']}", "four-color" if scene.settings.four_color else "two-color"]
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
            el("div", text, mini_cards(lang, decl["cards"]), class_="declaration",
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
        parts.append(
            el(
                "div",
                t(lang, "friend_card", card=card_label(lang, view["friend_card"])),
                " · ",
                el("span", state, class_="hidden-friend" if friend is None else "known-friend"),
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
            button(t(lang, "other_language"), "toggle-lang", "lang-toggle",
                   aria_label=t(lang, "switch_language"), class_="lang-toggle"),
            class_="bar-buttons",
        )
    )
    if scene.first_visit:
        parts.append(
            el("p", t(lang, "welcome"), " ",
               el("a", t(lang, "how_to_play"), href=tutorial_href(lang), target="_blank",
                  rel="noopener"),
               " · ", el("a", t(lang, "rules_summary"), href="rules.html", target="_blank",
                         rel="noopener"),
               class_="welcome", data_testid="welcome")
        )
    return join(parts)


def tutorial_href(lang: str) -> str:
    """The tutorial in the table's language (relative: the site may live in a sub-path)."""
    return "tutorial.html?lang=" + ("zh" if lang == "zh" else "en")


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
            el("div", " · ".join(meta), class_="seat-meta"),
            state,
            class_="seat-text",
        ),
        class_=" ".join(classes),
        data_seat=seat,
        data_testid=f"seat-{seat}",
    )


def plays_html(
    lang: str, plays: list[dict[str, Any]], winner: int | None = None, lead_kind: str | None = None
) -> Markup:
    """Each seat's play in its place; the lead named (single, pair, tractor, throw…)."""
    return join(
        el(
            "div",
            mini_cards(lang, play["cards"]),
            lead_kind
            and index == 0
            and el("span", t(lang, f"lead_{lead_kind}"), class_="lead-kind",
                   data_testid="lead-kind"),
            class_=" ".join(
                ["play", f"pos-{POSITIONS[play['seat']]}"]
                + (["won"] if play["seat"] == winner else [])
                + (["long"] if len(play["cards"]) >= 7 else [])  # throws, 3-deck tractors
            ),
            data_seat=play["seat"],
        )
        for index, play in enumerate(plays)
    )


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


def centre(scene: Scene) -> Markup:
    view, lang = scene.view, scene.lang
    if scene.show_last:
        last = view["last_trick"]
        if last is None:
            body: Child = el("p", t(lang, "no_last_trick"), class_="centre-note")
        else:
            title = t(
                lang,
                "last_trick_title",
                name=seat_name(lang, last["winner"]),
                points=last["points"],
            )
            body = [
                el("p", title, class_="centre-note"),
                el("div", plays_html(lang, last["plays"], last["winner"]), class_="trick-grid"),
                throw_failure_html(lang, last.get("throw_failure")),
            ]
        return el("div", body, class_="last-trick-view", data_testid="last-trick-view")
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
    finished: Child = None
    if not current and scene.finished_trick is not None:
        done = scene.finished_trick
        finished = el(
            "div",
            plays_html(lang, done["plays"], done["winner"]),
            class_="trick-grid finished",
            data_testid="finished-trick",
        )
    failure = view["throw_failure"] if view["phase"] == "play" else None
    return join(
        finished,
        el("div", plays_html(lang, current, lead_kind=view["lead_kind"]), class_="trick-grid",
           data_testid="trick"),
        throw_failure_html(lang, failure),
    )


def declaration_strength(option: str) -> tuple[int, int]:
    """Stronger declarations first: more cards, then jokers (big over small) over suits."""
    cards = option.split()
    return len(cards), {"BJ": 2, "SJ": 1}.get(cards[0], 0)


def can_play(view: dict[str, Any], count: int) -> bool:
    """Whether ``count`` selected cards could be seat 0's play (the engine judges the rest)."""
    if view["to_move"] != 0 or count == 0:
        return False
    trick = view["trick"]
    return not trick or count == len(trick[0]["cards"])


def declare_html(scene: Scene, show_pass: bool, pass_key: str) -> Markup:
    view, lang = scene.view, scene.lang
    options = sorted(view["declaration_options"], key=declaration_strength, reverse=True)
    chosen = sorted(view["hand"][i] for i in scene.selected if i < len(view["hand"]))
    buttons: list[Child] = []
    for option in options:
        cards = option.split()
        note = f" {t(lang, 'nt_suffix')}" if cards[0] in ("BJ", "SJ") else None
        suggested = " suggested" if sorted(cards) == chosen else ""
        buttons.append(
            button([mini_cards(lang, cards), note], "declare", class_=f"declare-option{suggested}",
                   data_cards=option, id=f"declare-{'-'.join(cards)}")
        )
    mine = view["declaration"] is not None and view["declaration"]["seat"] == 0
    if mine:  # seat 0 has declared: say what is left to do
        key = "declared_strengthen" if buttons else "declared_nothing_more"
        buttons.insert(0, el("span", t(lang, key), class_="muted", data_testid="declare-state"))
    elif not buttons:
        buttons.append(el("span", t(lang, "no_options"), class_="muted"))
    return el(
        "div",
        el("span", t(lang, "declare_label"), class_="label"),
        buttons,
        button(t(lang, pass_key), "pass", "pass") if show_pass else None,
        class_="declare",
        data_testid="declare",
    )


def friend_picker(scene: Scene) -> Markup:
    lang = scene.lang
    ranks = [el("option", r, value=r, selected=r == scene.friend_rank) for r in RANKS]
    suits = [
        el("option", SUIT_SYMBOLS[s], value=s, selected=s == scene.friend_suit) for s in "SHCD"
    ]
    return el(
        "div",
        el("label", t(lang, "rank"), " ",
           el("select", ranks, data_pick="rank", data_testid="friend-rank")),
        el("label", t(lang, "suit"), " ",
           el("select", suits, data_pick="suit", data_testid="friend-suit")),
        button(t(lang, "call_friend"), "call-friend", "call-friend", class_="primary"),
        class_="friend-picker",
    )


def controls(scene: Scene) -> Markup:
    view, lang = scene.view, scene.lang
    phase, mine = view["phase"], view["to_move"] == 0
    parts: list[Child] = []
    if phase == "deal" and view["rules"]["declare_window"] == "during_deal":
        parts.append(declare_html(scene, scene.end_of_deal, "pass"))
    elif phase in ("declare", "theft") and mine:
        parts.append(declare_html(scene, True, "pass" if phase == "declare" else "pass_theft"))
    elif phase == "bury" and mine:
        n, k = view["kitty_size"], len(scene.selected)
        parts.append(button(t(lang, "bury_n", k=k, n=n), "bury", "bury", class_="primary",
                            disabled=k != n))
    elif phase == "call" and mine:
        parts.append(friend_picker(scene))
    elif phase == "play":
        label = t(lang, "play_n", n=len(scene.selected)) if scene.selected else t(lang, "play")
        parts.append(button(label, "play", "play", class_="primary",
                            disabled=not can_play(view, len(scene.selected))))
    auto_label = t(lang, "autoplay_on") if scene.autoplay else t(lang, "autoplay")
    if scene.can_undo:
        parts.append(button(t(lang, "undo"), "undo", "undo"))
    parts.append(button(t(lang, "hint"), "hint", "hint"))
    parts.append(
        button(auto_label, "autoplay", "autoplay", class_="toggle",
               aria_pressed="true" if scene.autoplay else "false")
    )
    return join(parts)


def hand(scene: Scene) -> Markup:
    view, lang = scene.view, scene.lang
    cards = view["hand"]
    order = order_of(view)
    marks = list(view.get("kitty_taken") or [])  # the kitty's cards, while seat 0 buries
    new = scene.just_dealt if view["phase"] == "deal" else None
    out: list[Child] = []
    previous_suit = None
    for index, card in enumerate(cards):
        suit = order.suit[Card.parse(card)]
        classes = []
        if suit == TRUMP:
            classes.append("trump")
        if previous_suit is not None and suit != previous_suit:
            classes.append("gap")
        previous_suit = suit
        if card in marks:
            marks.remove(card)
            classes.append("from-kitty")
        if card == new:
            new = None
            classes.append("dealt")
        selected = index in scene.selected
        if selected:
            classes.append("sel")
        out.append(
            card_face(lang, card, " ".join(classes), tag="button", type="button",
                      data_action="select", data_index=index, id=f"card-{index}",
                      aria_pressed="true" if selected else "false")
        )
    return join(out)


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


def footer(scene: Scene) -> Markup:
    lang = scene.lang
    return join(
        el("p", status_text(scene), class_="status", data_testid="status"),
        el(
            "div",
            scene.message
            and el("p", scene.message, class_="message error", data_testid="message",
                   role="alert"),
            scene.elsewhere
            and button(t(lang, "take_over"), "take-over", "take-over", class_="primary"),
            scene.notice and el("p", scene.notice, class_="notice", data_testid="notice"),
            class_="messages",  # a fixed place: a message never moves the hand
        ),
        scene.warning
        and el("p", scene.warning, class_="warning error", data_testid="storage-warning",
               role="alert"),
        el("p", t(lang, "help_keys"), class_="help", data_testid="help"),
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

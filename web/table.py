"""Render the table as HTML strings, one per page region, from seat 0's view.

Pure functions of a ``Scene`` (the view's ``to_dict()`` plus the table's own
state): no DOM access here, so the page only swaps the regions that changed.
Clickable elements carry ``data-action`` (and ``data-index``/``data-cards``/...)
for the single delegated click handler of ``controls``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from faces import card_face, mini_cards, order_of
from i18n import SUIT_SYMBOLS, card_label, cards_label, seat_name, t
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
    "overlay",
    "probe",
)
POSITIONS = {0: "bottom", 1: "right", 2: "top", 3: "left"}


def render(scene: Scene) -> dict[str, str]:
    """HTML of every region of the page."""
    return {
        "bar": bar(scene),
        **{f"seat-{seat}": seat_box(scene, seat) for seat in range(4)},
        "centre": centre(scene),
        "controls": controls(scene),
        "hand": hand(scene),
        "footer": footer(scene),
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


def trump_text(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    level = f"{t(lang, 'level_label')} {view['level']}"
    if view["trump"] is None:
        trump = f"{t(lang, 'trump_label')} {t(lang, 'trump_undecided')}"
    elif view["trump"] == "NT":
        trump = t(lang, "no_trump")
    else:
        symbol = SUIT_SYMBOLS[view["trump"]]
        trump = f'{t(lang, "trump_label")} <b class="pip suit-{view["trump"]}">{symbol}</b>'
    return f"{trump} · {level}"


def bar(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    parts = [
        f'<h1 class="title">{t(lang, "title")}</h1>',
        f'<div class="indicator" data-testid="trump">{trump_text(scene)}'
        f' <span class="hand-no">{t(lang, "hand_no", n=view["hand_no"] + 1)}</span></div>',
    ]
    decl = view["declaration"]
    if decl is not None:
        text = t(lang, "declared_by", name=seat_name(lang, decl["seat"]), cards="")
        parts.append(
            f'<div class="declaration" data-testid="declaration">{escape(text)}'
            f"{mini_cards(lang, decl['cards'])}</div>"
        )
    elif view["phase"] in ("deal", "declare"):
        parts.append(
            f'<div class="declaration" data-testid="declaration">'
            f"{t(lang, 'no_declaration_yet')}</div>"
        )
    points = attackers_points(view)
    if points is not None:
        parts.append(
            f'<div class="points" data-testid="points">{t(lang, "attackers_points")} '
            f"<b>{points}</b></div>"
        )
    if view["friend_card"] is not None:
        friend = view["friend"]
        state = (
            t(lang, "friend_hidden")
            if friend is None
            else t(lang, "friend_is", name=seat_name(lang, friend))
        )
        parts.append(
            f'<div class="friend" data-testid="friend">'
            f"{t(lang, 'friend_card', card=card_label(lang, view['friend_card']))} · "
            f'<span class="{"hidden-friend" if friend is None else "known-friend"}">'
            f"{escape(state)}</span></div>"
        )
    last_pressed = "true" if scene.show_last else "false"
    parts.append(
        '<div class="bar-buttons">'
        f'<button type="button" data-action="last-trick" data-testid="last-trick" '
        f'aria-pressed="{last_pressed}">{t(lang, "last_trick")}</button>'
        f'<button type="button" data-action="new-game" data-testid="new-game">'
        f"{t(lang, 'new_game')}</button>"
        f'<button type="button" data-action="settings" data-testid="settings">'
        f"{t(lang, 'settings')}</button></div>"
    )
    return "".join(parts)


def seat_box(scene: Scene, seat: int) -> str:
    view, lang = scene.view, scene.lang
    badges = []
    if view["dealer"] == seat:
        badges.append(f'<span class="badge dealer">{t(lang, "dealer_mark")}</span>')
    if view["friend"] == seat and view["friend"] != view["dealer"]:
        badges.append(f'<span class="badge friend">{t(lang, "friend_mark")}</span>')
    meta = [
        t(lang, "level_of", rank=view["levels"][seat]),
        t(lang, "cards_left", n=view["hand_sizes"][seat]),
    ]
    if view["phase"] in ("play", "hand_over", "match_over") or view["captured"][seat]:
        meta.append(t(lang, "seat_points", n=view["captured"][seat]))
    classes = ["seat-box", POSITIONS[seat]]
    if view["to_move"] == seat:
        classes.append("turn")
    state = ""
    if scene.thinking == seat:
        classes.append("thinking")
        state = f'<span class="state">{t(lang, "thinking")}</span>'
    back = "" if seat == 0 else '<span class="back" aria-hidden="true"></span>'
    return (
        f'<div class="{" ".join(classes)}" data-seat="{seat}" data-testid="seat-{seat}">'
        f'{back}<div class="seat-text"><div class="seat-name">{seat_name(lang, seat)} '
        f'{"".join(badges)}</div><div class="seat-meta">{" · ".join(meta)}</div>{state}</div>'
        "</div>"
    )


def plays_html(lang: str, plays: list[dict[str, Any]], winner: int | None = None) -> str:
    out = []
    for play in plays:
        seat = play["seat"]
        won = " won" if seat == winner else ""
        out.append(
            f'<div class="play pos-{POSITIONS[seat]}{won}" data-seat="{seat}">'
            f"{mini_cards(lang, play['cards'])}</div>"
        )
    return "".join(out)


def throw_failure_html(lang: str, failure: dict[str, Any] | None) -> str:
    if not failure:
        return ""
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
    return f'<div class="throw-failure" data-testid="throw-failure">{escape(text)}</div>'


def centre(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    if scene.show_last:
        last = view["last_trick"]
        if last is None:
            body = f'<p class="centre-note">{t(lang, "no_last_trick")}</p>'
        else:
            title = t(
                lang,
                "last_trick_title",
                name=seat_name(lang, last["winner"]),
                points=last["points"],
            )
            body = (
                f'<p class="centre-note">{escape(title)}</p>'
                f'<div class="trick-grid">{plays_html(lang, last["plays"], last["winner"])}</div>'
                f"{throw_failure_html(lang, last.get('throw_failure'))}"
            )
        return f'<div class="last-trick-view" data-testid="last-trick-view">{body}</div>'
    if view["phase"] == "deal":
        left = view["deal_total"] - view["dealt"] + view["kitty_size"]
        return (
            f'<div class="deck" data-testid="deck"><span class="back" aria-hidden="true"></span>'
            f"<span>{t(lang, 'cards_left', n=left)}</span></div>"
        )
    current = view["trick"]
    finished = ""
    if not current and scene.finished_trick is not None:
        done = scene.finished_trick
        finished = (
            f'<div class="trick-grid finished" data-testid="finished-trick">'
            f"{plays_html(lang, done['plays'], done['winner'])}</div>"
        )
    failure = view["throw_failure"] if view["phase"] == "play" else None
    return (
        f'{finished}<div class="trick-grid" data-testid="trick">{plays_html(lang, current)}</div>'
        f"{throw_failure_html(lang, failure)}"
    )


def declare_html(scene: Scene, show_pass: bool, pass_key: str) -> str:
    view, lang = scene.view, scene.lang
    options = view["declaration_options"]
    chosen = sorted(view["hand"][i] for i in scene.selected if i < len(view["hand"]))
    buttons = []
    for option in options:
        cards = option.split()
        note = f" {t(lang, 'nt_suffix')}" if cards[0] in ("BJ", "SJ") else ""
        suggested = " suggested" if sorted(cards) == chosen else ""
        buttons.append(
            f'<button type="button" class="declare-option{suggested}" data-action="declare" '
            f'data-cards="{option}">{mini_cards(lang, cards)}{note}</button>'
        )
    if not buttons:
        buttons.append(f'<span class="muted">{t(lang, "no_options")}</span>')
    pass_button = (
        f'<button type="button" data-action="pass" data-testid="pass">{t(lang, pass_key)}</button>'
        if show_pass
        else ""
    )
    return (
        f'<div class="declare" data-testid="declare"><span class="label">'
        f"{t(lang, 'declare_label')}</span>{''.join(buttons)}{pass_button}</div>"
    )


def friend_picker(scene: Scene) -> str:
    lang = scene.lang
    ranks = "".join(
        f'<option value="{r}"{" selected" if r == scene.friend_rank else ""}>{r}</option>'
        for r in RANKS
    )
    suits = "".join(
        f'<option value="{s}"{" selected" if s == scene.friend_suit else ""}>'
        f"{SUIT_SYMBOLS[s]}</option>"
        for s in "SHCD"
    )
    return (
        '<div class="friend-picker">'
        f'<label>{t(lang, "rank")} <select data-pick="rank" data-testid="friend-rank">'
        f"{ranks}</select></label>"
        f'<label>{t(lang, "suit")} <select data-pick="suit" data-testid="friend-suit">'
        f"{suits}</select></label>"
        f'<button type="button" class="primary" data-action="call-friend" '
        f'data-testid="call-friend">{t(lang, "call_friend")}</button></div>'
    )


def controls(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    phase, mine = view["phase"], view["to_move"] == 0
    parts = []
    if phase == "deal" and view["rules"]["declare_window"] == "during_deal":
        parts.append(declare_html(scene, scene.end_of_deal, "pass"))
    elif phase in ("declare", "theft") and mine:
        parts.append(declare_html(scene, True, "pass" if phase == "declare" else "pass_theft"))
    elif phase == "bury" and mine:
        n, k = view["kitty_size"], len(scene.selected)
        parts.append(
            f'<button type="button" class="primary" data-action="bury" data-testid="bury">'
            f"{t(lang, 'bury_n', k=k, n=n)}</button>"
        )
    elif phase == "call" and mine:
        parts.append(friend_picker(scene))
    elif phase == "play":
        disabled = "" if mine else " disabled"
        label = t(lang, "play_n", n=len(scene.selected)) if scene.selected else t(lang, "play")
        parts.append(
            f'<button type="button" class="primary" data-action="play" data-testid="play"'
            f"{disabled}>{label}</button>"
        )
    pressed = "true" if scene.autoplay else "false"
    auto_label = t(lang, "autoplay_on") if scene.autoplay else t(lang, "autoplay")
    parts.append(
        f'<button type="button" data-action="hint" data-testid="hint">{t(lang, "hint")}</button>'
        f'<button type="button" class="toggle" data-action="autoplay" data-testid="autoplay" '
        f'aria-pressed="{pressed}">{auto_label}</button>'
    )
    return "".join(parts)


def hand(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    cards = view["hand"]
    order = order_of(view)
    marks = list(view.get("kitty_taken") or [])  # the kitty's cards, while seat 0 buries
    new = scene.just_dealt if view["phase"] == "deal" else None
    out = []
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
        attrs = (
            f'type="button" data-action="select" data-index="{index}" '
            f'aria-pressed="{"true" if selected else "false"}"'
        )
        out.append(card_face(lang, card, " ".join(classes), attrs, tag="button"))
    return "".join(out)


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


def footer(scene: Scene) -> str:
    lang = scene.lang
    parts = [f'<p class="status" data-testid="status">{escape(status_text(scene))}</p>']
    if scene.message:
        parts.append(
            f'<p class="message error" data-testid="message" role="alert">'
            f"{escape(scene.message)}</p>"
        )
    if scene.notice:
        parts.append(f'<p class="notice" data-testid="notice">{escape(scene.notice)}</p>')
    if scene.warning:
        parts.append(
            f'<p class="warning error" data-testid="storage-warning" role="alert">'
            f"{escape(scene.warning)}</p>"
        )
    parts.append(f'<p class="help" data-testid="help">{t(lang, "help_keys")}</p>')
    return "".join(parts)


# ------------------------------------------------------------------ overlays


def probe(scene: Scene) -> str:
    """Hidden state for tests: phase, seat to move, hand number, deal progress."""
    view = scene.view
    mover = view["to_move"]
    busy = "thinking" if scene.thinking is not None else "idle"
    return (
        f'<span data-testid="phase">{view["phase"]}</span>'
        f'<span data-testid="to-move">{"none" if mover is None else mover}</span>'
        f'<span data-testid="hand-number">{view["hand_no"]}</span>'
        f'<span data-testid="dealt">{view["dealt"]}</span>'
        f'<span data-testid="busy">{busy}</span>'
        f'<span data-testid="end-of-deal">{"yes" if scene.end_of_deal else "no"}</span>'
        f'<span data-testid="worker-calls">{scene.worker_calls}</span>'
    )

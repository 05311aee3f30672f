"""The dialogs over the table: a hand's result (and the match's), settings, confirmation."""

from __future__ import annotations

import time
from collections.abc import Sequence

from micro.markup import Child, Markup, el, join
from store.settings import SPEEDS, SWITCHES
from store.stats import human_side_won
from text.i18n import LANGUAGE_MENU, is_chinese, option_label, seat_name, seat_names, t
from text.messages import hand_outcome
from tractor.cards import RANKS
from tractor.outcome import HandOutcome
from tractor.players import PLAYER_NAMES
from tractor.rules import CHOICES

from render.branchbanner import branch_banner
from render.drillpanel import drills_panel
from render.faces import button, dialog, mini_cards
from render.friendspanel import friends_panel, ice_field, join_panel
from render.replaypanel import history_list, replay_panel
from render.scene import Scene

RULE_OPTIONS = tuple(CHOICES)
SWITCH_LABELS = {"undo": "undo_setting"}
"""Label keys of the on/off settings whose key is not the setting's own name."""


def hand_result(scene: Scene) -> Markup | None:
    view, lang = scene.view, scene.lang
    if view["hand_result"] is None:
        return None
    result = HandOutcome.from_data(dict(view["hand_result"]))
    last = view["last_trick"]
    bonus_won = last is not None and last["winner"] in result.attackers
    if bonus_won:
        kitty_line = t(
            lang,
            "kitty_line",
            points=result.kitty_points,
            mult=result.multiplier,
            bonus=result.kitty_bonus,
        )
    else:
        kitty_line = t(lang, "kitty_not_won", points=result.kitty_points)
    lines: list[Child] = [
        el("div", el("span", t(lang, "kitty")), mini_cards(lang, [str(c) for c in result.kitty]),
           class_="result-kitty"),
        el("p", kitty_line, data_testid="kitty-line"),
        el("p", t(lang, "trick_points", n=result.trick_points)),
    ]
    if result.penalty:
        lines.append(el("p", t(lang, "penalty_line", n=result.penalty)))
    lines.append(
        el("p", t(lang, "attackers_total", n=result.attackers_points), class_="total",
           data_testid="attackers-total")
    )
    outcome = hand_outcome(lang, result)
    won = human_side_won(result)
    verdict = t(lang, "your_side_won" if won else "your_side_lost")
    lines.append(
        el("p", f"{outcome} — {verdict}", class_=f"outcome {'won' if won else 'lost'}",
           data_testid="outcome")
    )
    defenders = result.defenders
    if view["rules"]["partners"] == "find_friend" and len(defenders) == 1:
        lines.append(el("p", t(lang, "plays_alone", name=seat_name(lang, defenders[0]))))
    else:
        lines.append(el("p", t(lang, "defenders_were", names=seat_names(lang, list(defenders)))))
    after = result.levels
    before = scene.levels_before or after
    ours = list(defenders) if 0 in defenders else list(result.attackers)
    theirs = [seat for seat in range(4) if seat not in ours]
    levels = [
        el("li", t(lang, key), side_levels(seats, before, after), data_side=side)
        for key, side, seats in (("result_ours", "ours", ours), ("result_theirs", "theirs", theirs))
    ]
    lines.append(el("div", t(lang, "levels_now"), el("ul", levels), class_="levels",
                    data_testid="result-levels"))
    if view["phase"] == "match_over":
        winners = view["winners"] or []
        headline = t(lang, "you_win_match" if 0 in winners else "you_lose_match")
        lines.append(
            el(
                "p",
                t(lang, "match_winner", names=seat_names(lang, winners))
                + ("" if is_chinese(lang) else " ") + headline,  # no space after a 全角！
                class_="match-winner",
                data_testid="match-winner",
            )
        )
        action = button(t(lang, "new_match"), "new-match", "new-match", class_="primary",
                        data_autofocus=True)
        testid = "match-over"
    else:
        lines.append(el("p", t(lang, "next_dealer", name=seat_name(lang, result.next_dealer))))
        action = button(t(lang, "next_hand"), "next-hand", "next-hand", class_="primary",
                        data_autofocus=True)
        testid = "hand-over"
    title = t(lang, "result_title", n=result.hand_no + 1)
    collapsed = scene.show_last  # the last trick is shown: the result steps aside
    last_trick = button(
        t(lang, "show_result" if collapsed else "last_trick"), "last-trick", "result-last-trick",
        aria_pressed="true" if collapsed else "false",
    )
    replay = button(t(lang, "replay"), "replay", "replay", data_match=scene.match_id,
                    data_hand=result.hand_no)
    coach = button(t(lang, "review"), "review", "review", data_match=scene.match_id,
                   data_hand=result.hand_no)
    return dialog(
        el("div", el("h2", title), None if collapsed else lines,
           el("div", last_trick, replay, coach, action, class_="panel-buttons"),
           data_testid=testid),
        label=title, testid="hand-result",
        classes="result collapsed" if collapsed else "result",
    )


def side_levels(seats: list[int], before: Sequence[int], after: Sequence[int]) -> Markup:
    """A side's levels in the result: ``2 → 3`` when it went up, each of its players' levels
    once (with find-a-friend each player has their own)."""
    shown: list[tuple[int, int]] = []
    for seat in seats:
        if (before[seat], after[seat]) not in shown:
            shown.append((before[seat], after[seat]))
    return join(*[join(RANKS[old], el("b", RANKS[new]), sep=" → ") if old != new else RANKS[new]
                  for old, new in shown], sep=" / ")


def select_html(attr: str, name: str, choices: list[tuple[str, str]], current: str) -> Markup:
    options = [el("option", label, value=value, selected=value == current)
               for value, label in choices]
    return el("select", options, {attr: name}, data_testid=f"{attr[5:]}-{name}")


def settings_panel(scene: Scene) -> Markup:
    lang, settings = scene.lang, scene.settings
    rules = scene.pending_rules or settings.rules
    rows = []
    for name in RULE_OPTIONS:
        current = getattr(rules, name)
        choices = [(str(v).lower(), option_label(lang, name, v)) for v in CHOICES[name]]
        rows.append(
            el("label", el("span", t(lang, f"rule_{name}")),
               select_html("data-rule", name, choices, str(current).lower()))
        )
    display = [
        (
            "speed",
            t(lang, "speed"),
            [(s, t(lang, f"speed_{s}")) for s in SPEEDS],
            settings.speed,
        ),
        ("lang", t(lang, "language"), list(LANGUAGE_MENU), settings.lang),
        *(
            (
                name,
                t(lang, SWITCH_LABELS.get(name, name)),
                [("false", t(lang, "opt_bool_False")), ("true", t(lang, "opt_bool_True"))],
                str(getattr(settings, name)).lower(),
            )
            for name in SWITCHES
        ),
        *(
            (
                name,
                t(lang, "strength_of", name=seat_name(lang, seat)) if seat else t(lang, "helper"),
                [(p, t(lang, f"player_{p}")) for p in PLAYER_NAMES],
                getattr(settings, name),
            )
            for seat, name in ((1, "seat1"), (2, "seat2"), (3, "seat3"), (0, "helper"))
        ),
    ]
    display_rows = [
        el("label", el("span", label), select_html("data-option", name, choices, current))
        for name, label, choices, current in display
    ]
    return dialog(
        el("h2", t(lang, "settings_title")),
        el("h3", t(lang, "display_title")),
        el("div", display_rows, ice_field(scene, "settings-ice"), class_="form"),
        el("h3", t(lang, "rules_title")),
        el("div", rows, class_="form"),
        el("div", button(t(lang, "apply_rules"), "apply-rules", "apply-rules",
                         disabled=rules == settings.rules), class_="panel-buttons"),
        el("h3", t(lang, "match_title")),
        match_buttons(scene),
        scene.message
        and el("p", scene.message, class_="message error", data_testid="panel-message",
               role="alert"),
        links(scene),
        records(scene),
        el("h3", t(lang, "about")),
        el("p", scene.worker, class_="muted", data_testid="worker"),
        el("div", button(t(lang, "close"), "close", "close-settings", class_="primary"),
           class_="panel-buttons"),
        label=t(lang, "settings_title"), testid="settings-panel", classes="settings",
    )


def records(scene: Scene) -> Markup:
    """Past hands and the statistics (in Settings, and on their own from the bar)."""
    lang = scene.lang
    stats = scene.stats
    stats_line = t(
        lang,
        "stats_line",
        hands=stats.hands,
        hands_won=stats.hands_won,
        matches=stats.matches,
        matches_won=stats.matches_won,
    )
    if stats.matches_with_undo:
        stats_line += " · " + t(lang, "stats_undo", n=stats.matches_with_undo)
    return join([
        el("h3", t(lang, "history_title")),
        history_list(scene),
        el("h3", t(lang, "stats_title")),
        el("p", stats_line, data_testid="stats"),
    ])


def records_panel(scene: Scene) -> Markup:
    """The bar's Records: past hands and the statistics in a dialog of their own."""
    lang = scene.lang
    return dialog(
        el("h2", t(lang, "records")),
        records(scene),
        el("div", button(t(lang, "close"), "close", "close-records", class_="primary"),
           class_="panel-buttons"),
        label=t(lang, "records"), testid="records-panel", classes="settings",
    )


def match_buttons(scene: Scene) -> Markup:
    """Settings → This match: share, share the position, export, import, restore."""
    lang = scene.lang
    return el(
        "div",
        button(t(lang, "share"), "share", "share"),
        button(t(lang, "share_position"), "share-position", "share-position",
               disabled=scene.view["phase"] != "play"),
        button(t(lang, "export"), "export", "export"),
        el("label", t(lang, "import"),
           el("input", type="file", accept=".json,application/json", data_testid="import",
              data_import="record", class_="file-input"),
           class_="file-button"),
        scene.set_aside_at is not None and button(
            t(lang, "restore_set_aside", at=time.strftime(
                "%Y-%m-%d %H:%M", time.localtime(scene.set_aside_at / 1000))),
            "restore-set-aside", "restore-set-aside"),
        class_="panel-buttons",
    )


def links(scene: Scene) -> list[Child]:
    """The share link and the position's links, once asked for."""
    lang = scene.lang
    return [
        scene.share_link and el(
            "p", t(lang, "share_hint"), " ",
            el("input", type="text", readonly=True, value=scene.share_link,
               data_testid="share-link", aria_label=t(lang, "share")),
        ),
        scene.position_link and el(
            "p", t(lang, "position_hint"), " ",
            el("input", type="text", readonly=True, value=scene.position_link,
               data_testid="position-link", aria_label=t(lang, "share_position")),
            " ", t(lang, "position_iframe"), " ",
            el("input", type="text", readonly=True, value=scene.position_iframe or "",
               data_testid="position-iframe", aria_label=t(lang, "position_iframe")),
        ),
    ]


def confirm_dialog(scene: Scene) -> Markup:
    lang = scene.lang
    key = f"confirm_{scene.confirm}"
    return dialog(
        el("p", t(lang, key)),
        el(
            "div",
            button(t(lang, "no"), "confirm-no", "confirm-no"),
            button(t(lang, "yes"), "confirm-yes", "confirm-yes", class_="primary"),
            class_="panel-buttons",
        ),
        label=t(lang, key), testid="confirm", classes="confirm", role="alertdialog",
    )


def overlay(scene: Scene) -> Markup:
    """Dialogs: the hand's result (the bar's buttons stay usable), settings, confirmation."""
    panels: list[Child] = []
    if scene.view["hand_result"] is not None and scene.view["phase"] in (
        "hand_over",
        "match_over",
    ):
        panels.append(el("div", hand_result(scene), class_="backdrop passive"))
    if scene.panel == "settings":
        panels.append(el("div", settings_panel(scene), class_="backdrop"))
    if scene.panel == "records":
        panels.append(el("div", records_panel(scene), class_="backdrop"))
    if scene.confirm is not None:
        panels.append(el("div", confirm_dialog(scene), class_="backdrop"))
    if scene.replay is not None:
        panels.append(el("div", replay_panel(scene), class_="backdrop"))
    # learn from your mistakes (issue 38): the drills panel, a what-if's banner
    if scene.panel == "drills":
        panels.append(el("div", drills_panel(scene), class_="backdrop"))
    if scene.panel == "friends":
        panels.append(el("div", friends_panel(scene), class_="backdrop"))
    if scene.join is not None and scene.join.stage != "table":
        panels.append(el("div", join_panel(scene.lang, scene.join), class_="backdrop"))
    panels.append(branch_banner(scene))
    return join(panels)

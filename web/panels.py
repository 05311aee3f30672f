"""The dialogs over the table: a hand's result (and the match's), settings, confirmation."""

from __future__ import annotations

from html import escape

from faces import mini_cards
from i18n import option_label, seat_name, seat_names, t
from scene import Scene
from settings import SPEEDS
from stats import human_side_won
from tractor.cards import RANKS
from tractor.players import PLAYER_NAMES
from tractor.rules import CHOICES

RULE_OPTIONS = tuple(CHOICES)


def hand_result(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    result = view["hand_result"]
    if result is None:
        return ""
    lines = []
    last = view["last_trick"]
    bonus_won = last is not None and last["winner"] in result["attackers"]
    if bonus_won:
        kitty_line = t(
            lang,
            "kitty_line",
            points=result["kitty_points"],
            mult=result["multiplier"],
            bonus=result["kitty_bonus"],
        )
    else:
        kitty_line = t(
            lang, "kitty_not_won", points=result["kitty_points"], mult=result["multiplier"]
        )
    lines.append(
        f'<div class="result-kitty"><span>{t(lang, "kitty")}</span>'
        f"{mini_cards(lang, result['kitty'])}</div>"
    )
    lines.append(f'<p data-testid="kitty-line">{escape(kitty_line)}</p>')
    lines.append(f"<p>{t(lang, 'trick_points', n=result['trick_points'])}</p>")
    if result["penalty"]:
        lines.append(f"<p>{t(lang, 'penalty_line', n=result['penalty'])}</p>")
    lines.append(
        f'<p class="total" data-testid="attackers-total">'
        f"{t(lang, 'attackers_total', n=result['attackers_points'])}</p>"
    )
    gained = result["levels_gained"]
    if result["side"] == "defenders":
        outcome = t(lang, "defenders_up", n=gained)
    elif gained:
        outcome = t(lang, "attackers_up", n=gained)
    else:
        outcome = t(lang, "attackers_take")
    won = human_side_won(result)
    verdict = t(lang, "your_side_won" if won else "your_side_lost")
    lines.append(
        f'<p class="outcome {"won" if won else "lost"}" data-testid="outcome">'
        f"{escape(outcome)} — {escape(verdict)}</p>"
    )
    defenders = result["defenders"]
    if view["rules"]["partners"] == "find_friend" and len(defenders) == 1:
        lines.append(f"<p>{t(lang, 'plays_alone', name=seat_name(lang, defenders[0]))}</p>")
    else:
        lines.append(f"<p>{t(lang, 'defenders_were', names=seat_names(lang, defenders))}</p>")
    after = result["levels"]
    before = scene.levels_before or after
    levels = "".join(
        f"<li>{seat_name(lang, seat)}: "
        + (
            f"{RANKS[before[seat]]} → <b>{RANKS[after[seat]]}</b>"
            if before[seat] != after[seat]
            else RANKS[after[seat]]
        )
        + "</li>"
        for seat in range(4)
    )
    lines.append(f'<div class="levels">{t(lang, "levels_now")}<ul>{levels}</ul></div>')
    if view["phase"] == "match_over":
        winners = view["winners"] or []
        headline = t(lang, "you_win_match" if 0 in winners else "you_lose_match")
        lines.append(
            f'<p class="match-winner" data-testid="match-winner">'
            f"{escape(t(lang, 'match_winner', names=seat_names(lang, winners)))} "
            f"{escape(headline)}</p>"
        )
        button = (
            f'<button type="button" class="primary" data-action="new-match" '
            f'data-testid="new-match">{t(lang, "new_match")}</button>'
        )
        testid = "match-over"
    else:
        lines.append(
            f"<p>{t(lang, 'next_dealer', name=seat_name(lang, result['next_dealer']))}</p>"
        )
        button = (
            f'<button type="button" class="primary" data-action="next-hand" '
            f'data-testid="next-hand">{t(lang, "next_hand")}</button>'
        )
        testid = "hand-over"
    title = t(lang, "result_title", n=result["hand_no"] + 1)
    return (
        f'<section class="panel result" data-testid="hand-result" role="dialog">'
        f'<div data-testid="{testid}"><h2>{escape(title)}</h2>{"".join(lines)}'
        f'<div class="panel-buttons">{button}</div></div></section>'
    )


def select_html(attr: str, name: str, choices: list[tuple[str, str]], current: str) -> str:
    options = "".join(
        f'<option value="{escape(value)}"{" selected" if value == current else ""}>'
        f"{escape(label)}</option>"
        for value, label in choices
    )
    return f'<select {attr}="{name}" data-testid="{attr[5:]}-{name}">{options}</select>'


def settings_panel(scene: Scene) -> str:
    lang, settings = scene.lang, scene.settings
    rules = scene.pending_rules or settings.rules
    rows = []
    for name in RULE_OPTIONS:
        current = getattr(rules, name)
        choices = [(str(v).lower(), option_label(lang, name, v)) for v in CHOICES[name]]
        rows.append(
            f"<label><span>{t(lang, f'rule_{name}')}</span>"
            f"{select_html('data-rule', name, choices, str(current).lower())}</label>"
        )
    changed = rules != settings.rules
    apply_disabled = "" if changed else " disabled"
    display = [
        (
            "speed",
            t(lang, "speed"),
            [(s, t(lang, f"speed_{s}")) for s in SPEEDS],
            settings.speed,
        ),
        ("lang", t(lang, "language"), [("zh", "中文"), ("en", "English")], settings.lang),
        (
            "four_color",
            t(lang, "four_color"),
            [("false", t(lang, "opt_bool_False")), ("true", t(lang, "opt_bool_True"))],
            str(settings.four_color).lower(),
        ),
        (
            "opponents",
            t(lang, "opponents"),
            [(p, t(lang, f"player_{p}")) for p in PLAYER_NAMES],
            settings.opponents,
        ),
    ]
    display_rows = "".join(
        f"<label><span>{label}</span>{select_html('data-option', name, choices, current)}</label>"
        for name, label, choices, current in display
    )
    stats = scene.stats
    stats_line = t(
        lang,
        "stats_line",
        hands=stats.hands,
        hands_won=stats.hands_won,
        matches=stats.matches,
        matches_won=stats.matches_won,
    )
    return (
        '<section class="panel settings" data-testid="settings-panel" role="dialog">'
        f"<h2>{t(lang, 'settings_title')}</h2>"
        f'<h3>{t(lang, "display_title")}</h3><div class="form">{display_rows}</div>'
        f'<h3>{t(lang, "rules_title")}</h3><div class="form">{"".join(rows)}</div>'
        f'<div class="panel-buttons"><button type="button" data-action="apply-rules" '
        f'data-testid="apply-rules"{apply_disabled}>{t(lang, "apply_rules")}</button></div>'
        f'<h3>{t(lang, "stats_title")}</h3><p data-testid="stats">{escape(stats_line)}</p>'
        f'<h3>{t(lang, "about")}</h3><p class="muted" data-testid="worker">'
        f"{escape(scene.worker)}</p>"
        f'<div class="panel-buttons"><button type="button" class="primary" '
        f'data-action="close" data-testid="close-settings">{t(lang, "close")}</button></div>'
        "</section>"
    )


def confirm_dialog(scene: Scene) -> str:
    lang = scene.lang
    key = "confirm_new_game" if scene.confirm == "new_game" else "confirm_rules"
    return (
        '<section class="panel confirm" data-testid="confirm" role="alertdialog">'
        f'<p>{t(lang, key)}</p><div class="panel-buttons">'
        f'<button type="button" data-action="confirm-no" data-testid="confirm-no">'
        f"{t(lang, 'no')}</button>"
        f'<button type="button" class="primary" data-action="confirm-yes" '
        f'data-testid="confirm-yes">{t(lang, "yes")}</button></div></section>'
    )


def overlay(scene: Scene) -> str:
    """Dialogs: the hand's result (the bar's buttons stay usable), settings, confirmation."""
    panels = []
    if scene.view["hand_result"] is not None and scene.view["phase"] in (
        "hand_over",
        "match_over",
    ):
        panels.append(f'<div class="backdrop passive">{hand_result(scene)}</div>')
    if scene.panel == "settings":
        panels.append(f'<div class="backdrop">{settings_panel(scene)}</div>')
    if scene.confirm is not None:
        panels.append(f'<div class="backdrop">{confirm_dialog(scene)}</div>')
    return "".join(panels)

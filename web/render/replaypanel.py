"""The replay dialog (a finished hand, trick by trick, all hands face up) and the
history list of the settings panel."""

from __future__ import annotations

import time
from typing import Any

from micro.markup import Child, Markup, el
from store.pasthands import HandLine
from text.i18n import option_label, seat_name, t
from text.messages import hand_outcome

from render.coachpanel import review_details, review_summary, review_timeline
from render.faces import button, dialog, mini_cards
from render.mistakes import mistakes_summary
from render.playon import can_play_on
from render.scene import Scene

FIT_CARDS = (13, 26, 40, 54)
"""Hand lengths the replay's cards are sized for (web/panels.css ``.fit-<n>``): one deck's
hand (12 or 13 cards), two decks' (25), three decks' (39), more."""


def fit_class(steps: list[Any]) -> str:
    """The class sizing the replay's cards for its longest hand (at the start of play), so
    that where the dialog is wide a hand fits one row (web/panels.css, ``--fit-n``)."""
    longest = max(len(hand) for hand in steps[0].hands)
    return next((f"fit-{n}" for n in FIT_CARDS if longest <= n), f"fit-{FIT_CARDS[-1]}")


def replay_table(lang: str, steps: list[Any], index: int) -> Markup:
    """The four hands of step ``index`` face up, each seat with its play of the step's
    trick, and the kitty (the one buried, at every step): all in view at every size."""
    step = steps[index]
    played = {seat: cards for seat, cards in step.plays}
    rows: list[Child] = [
        el(
            "div",
            el("span", seat_name(lang, seat), class_="replay-name"),
            mini_cards(lang, list(step.hands[seat]), "replay-hand"),
            el("div", t(lang, "replay_played"), " ", mini_cards(lang, list(played[seat])),
               class_="replay-play") if seat in played else None,
            class_="replay-seat" + (" won" if step.winner == seat else ""),
            data_seat=seat,
        )
        for seat in range(4)
    ]
    kitty = step.kitty or steps[0].kitty
    if kitty:
        rows.append(el("div", el("span", t(lang, "kitty"), class_="replay-name"),
                       mini_cards(lang, list(kitty), "replay-kitty-cards"),
                       class_="replay-kitty", data_testid="replay-kitty"))
    return el("div", rows, class_=f"replay-table {fit_class(steps)}",
              data_testid="replay-table")


def replay_panel(scene: Scene) -> Markup | None:
    """The replay dialog: its title and the step's caption; the table (``replay_table``);
    the coach (a Review button, or the review's timeline, legend, the step's marked
    decisions and the summary, these last scrolling); the buttons, which never move."""
    if scene.replay is None:
        return None
    lang = scene.lang
    steps, index = scene.replay
    step = steps[index]
    if step.title == "start":
        caption = t(lang, "replay_start")
    elif step.title == "trick":
        caption = t(lang, "replay_trick", n=step.trick_no, name=seat_name(lang, step.winner or 0),
                    points=step.points)
    else:
        caption = t(lang, "replay_result", n=step.result.attackers_points if step.result else 0)
    title = t(lang, "replay_title")
    tricks = sum(1 for s in steps if s.title == "trick")
    count = f"{step.trick_no}/{tricks}" if step.title == "trick" else None
    match_id, hand = scene.replayed
    review = scene.review if scene.review and scene.review.is_of(match_id, hand) else None
    summary = review_summary(scene, match_id, hand)
    coach: list[Child] = [summary] if review is None else [
        review_timeline(lang, review, len(steps), index),
        el("div", review_details(scene, index), summary, class_="replay-notes",
           data_testid="replay-notes"),
    ]
    return dialog(
        el("div",
           el("h2", title),
           el("p", caption, " ", count and el("span", count, class_="muted"),
              data_testid="replay-caption"),
           class_="replay-head"),
        replay_table(lang, steps, index),
        el("div", coach, class_="replay-coach"),
        el(
            "div",
            button(t(lang, "replay_back"), "replay-back", "replay-back", disabled=index == 0),
            button(t(lang, "replay_next"), "replay-next", "replay-next",
                   disabled=index == len(steps) - 1),
            button(t(lang, "export_hand"), "export-hand", "export-hand"),
            button(t(lang, "play_from_here"), "play-from-here", "play-from-here",
                   disabled=not can_play_on(steps, index)),
            button(t(lang, "close"), "replay-close", "replay-close", class_="primary"),
            class_="panel-buttons",
        ),
        label=title, testid="replay-panel",
        classes="replay reviewing" if review is not None else "replay",
    )


def hand_line_text(lang: str, line: HandLine) -> str:
    """A kept hand in words: when its match began, the outcome and points, the rules."""
    date = "—"
    if line.started_ms is not None:
        when = time.localtime(line.started_ms / 1000)
        date = time.strftime("%m-%d %H:%M", when)
    result = line.result
    outcome = t(lang, "attackers_take") if result is None else hand_outcome(lang, result)
    rules = " · ".join(
        option_label(lang, name, line.rules[name])
        for name in ("decks", "partners") if name in line.rules
    )
    return t(lang, "history_item", date=date, n=line.hand + 1, outcome=outcome,
             points=0 if result is None else result.attackers_points, rules=rules)


def history_list(scene: Scene) -> Markup:
    """The kept hands, newest first: date, outcome, points and rules, each with a replay
    button; the storage they use."""
    lang = scene.lang
    lines, size = scene.history
    items: list[Child] = [
        el("li", el("span", hand_line_text(lang, line), class_="history-text"),
           button(t(lang, "replay"), "replay", None, data_match=line.match_id,
                  data_hand=line.hand))
        for line in lines
    ]
    return el(
        "div",
        el("p", t(lang, "history_line", n=len(lines), kb=round(size / 1024))),
        el("ul", items) if items else None,
        mistakes_summary(lang, scene.kept_drills),
        class_="history",
        data_testid="history",
    )

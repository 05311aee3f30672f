"""The replay dialog (a finished hand, trick by trick, all hands face up) and the
history list of the settings panel."""

from __future__ import annotations

import time

from micro.markup import Child, Markup, el
from store.pasthands import HandLine
from text.i18n import option_label, seat_name, t
from text.messages import hand_outcome

from render.coachpanel import review_details, review_summary, review_timeline
from render.faces import button, dialog, mini_cards
from render.mistakes import mistakes_summary
from render.playon import can_play_on
from render.scene import Scene


def replay_panel(scene: Scene) -> Markup | None:
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
    played = {seat: cards for seat, cards in step.plays}
    seats: list[Child] = [
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
    title = t(lang, "replay_title")
    tricks = sum(1 for s in steps if s.title == "trick")
    count = f"{step.trick_no}/{tricks}" if step.title == "trick" else None
    match_id, hand = scene.replayed
    review = scene.review if scene.review and scene.review.is_of(match_id, hand) else None
    return dialog(
        el("h2", title),
        review_summary(scene, match_id, hand),
        None if review is None else review_timeline(lang, review, len(steps), index),
        el("p", caption, " ", count and el("span", count, class_="muted"),
           data_testid="replay-caption"),
        None if review is None else review_details(scene, index),
        el("div", seats, class_="replay-seats"),
        step.kitty and el("div", t(lang, "kitty"), " ", mini_cards(lang, list(step.kitty)),
                          class_="result-kitty"),
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
        label=title, testid="replay-panel", classes="replay",
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

"""The hand log beside the table: declarations, every trick, failed throws, the friend.

Drawn from seat 0's view (its public history, ``View.tricks``), so it shows only
what the table has shown. Collapsed until the player opens it (the bar's Log
button); each card carries ``data-card`` like the table's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from micro import paintbar
from micro.markup import Child, Markup, el
from text.i18n import cards_label, seat_name, t, words_of

from render.faces import card_points, mini_cards
from render.scene import Scene

if TYPE_CHECKING:
    from tractor.viewdata import TrickData


def log_toggle(scene: Scene) -> Markup:
    """The bar's button that opens and closes the log."""
    return paintbar.log_toggle(words_of(scene.lang), scene.show_log)


def hand_log(scene: Scene) -> Markup:
    """The log region: the log (empty while collapsed)."""
    if not scene.show_log:
        return Markup("")
    view, lang = scene.view, scene.lang
    rows: list[Child] = []
    for decl in view["declarations"]:
        rows.append(el("li", t(lang, "log_declared", name=seat_name(lang, decl["seat"])), " ",
                       mini_cards(lang, decl["cards"], "tiny"),
                       class_="log-declaration"))
    for number, trick in enumerate(view["tricks"], start=1):
        rows.append(trick_row(scene, number, trick))
    if not rows:
        rows.append(el("li", t(lang, "log_empty"), class_="muted"))
    return el(
        "section",
        el("h2", t(lang, "log_title", n=len(view["tricks"]))),
        point_cards(scene),
        el("ul", rows),
        class_="hand-log",
        data_testid="log",
        aria_label=t(lang, "log"),
    )


def point_cards(scene: Scene) -> Markup:
    """The point cards (5s, 10s, Ks) each side has captured; each seat's while the sides
    are not known (an unrevealed friend)."""
    view, lang = scene.view, scene.lang
    won: dict[int, list[str]] = {seat: [] for seat in range(4)}
    for trick in view["tricks"]:
        won[trick["winner"]] += [c for play in trick["plays"] for c in play["cards"]
                                 if card_points(c)]
    rules = view["rules"]
    sides_known = view["dealer"] is not None and (
        rules["partners"] == "fixed" or view["friend"] is not None
    )
    groups: list[tuple[str, list[str]]]
    if sides_known:
        defenders = set(view["defenders"])
        groups = [
            (t(lang, "log_defenders"), [c for s in range(4) if s in defenders for c in won[s]]),
            (t(lang, "log_attackers"), [c for s in range(4) if s not in defenders for c in won[s]]),
        ]
    else:
        groups = [(seat_name(lang, seat), won[seat]) for seat in range(4)]
    return el(
        "div",
        el("p", t(lang, "log_points"), class_="log-points-title"),
        [el("div", el("span", name, class_="log-points-name"),
            mini_cards(lang, cards) if cards else "—", class_="log-points")
         for name, cards in groups],
        class_="log-point-cards",
        data_testid="point-cards",
    )


def trick_row(scene: Scene, number: int, trick: TrickData) -> Markup:
    view, lang = scene.view, scene.lang
    kind = t(lang, f"lead_{trick['lead_kind']}")
    head: list[Child] = [
        el("b", t(lang, "log_trick", n=number)),
        " ",
        t(lang, "log_led", name=seat_name(lang, trick["leader"]), kind=kind),
    ]
    if trick["attempted"]:
        head += [" · ", t(lang, "log_throw_failed", cards=cards_label(lang, trick["attempted"]))]
    plays = [
        el("span", el("span", seat_name(lang, play["seat"]), class_="log-play-name"),
           mini_cards(lang, play["cards"]),
           class_="log-play" + (" won" if play["seat"] == trick["winner"] else ""),
           data_seat=play["seat"])
        for play in trick["plays"]
    ]
    tail: list[Child] = [t(lang, "log_won", name=seat_name(lang, trick["winner"]),
                           n=trick["points"])]
    friend = view["friend"]
    if view["friend_trick"] == number - 1 and friend is not None:
        tail += [" · ", t(lang, "log_friend", name=seat_name(lang, friend))]
    return el("li", el("div", head), el("div", plays, class_="log-plays"), el("div", tail),
              class_="log-trick", data_trick=number)

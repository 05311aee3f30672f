"""The scoreboard (记分牌): our side and theirs at a glance, from seat 0's view alone.

One small element in the bar, ``data-testid="scoreboard"``: a ``data-side="ours"`` part
and a ``data-side="theirs"`` part, each naming its level (the defending side's is the
hand's level, marked 庄; an attacking side's are its players' levels), the attackers'
points toward the points that take the deal (``rulecore.TAKE_DEAL_POINTS``) and the
match's goal (``rulecore.TOP_LEVEL``, RULES §5).

Our side is the sides as seat 0 knows them: with find-a-friend, before its side is
known (``own_side``, the engine's ``View.own_side``; a view stored by an older page
has no such key, and is read as knowing what its friend and defenders say), ours shows
seat 0's own level and theirs says the sides are not known yet.

Drawn by ``paintbar.bar`` in both interpreters (the painted table's bar is the live
one). Runs unchanged in MicroPython: no ``typing`` at run time, annotations in quotes.
"""

try:
    from tractor.rulecore import TAKE_DEAL_POINTS, TOP_LEVEL
except ImportError:  # MicroPython: the painter loads the rule core as a top-level module
    from rulecore import (  # type: ignore[no-redef,import-not-found,unused-ignore]
        TAKE_DEAL_POINTS,
        TOP_LEVEL,
    )

from micro.markup import Markup, el

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from micro.paintdata import PaintedView
    from micro.words import Words

KEYS = ("score_ours", "score_theirs", "score_unknown", "score_defending", "score_defending_title",
        "score_goal", "score_title", "attackers_points")
"""The messages the scoreboard uses (the painter's words too)."""
UNKNOWN_POINTS = "–"
"""The attackers' points while seat 0 cannot tell who the attackers are."""


def settled(view: "PaintedView") -> bool:
    """Whether the view's ``defenders`` are the whole defending side, as seat 0 knows it."""
    return (view["rules"]["partners"] == "fixed" or view["friend"] is not None
            or view["phase"] in ("hand_over", "match_over"))


def own_side(view: "PaintedView") -> "str | None":
    """Seat 0's side (``defenders``, ``attackers``) as far as it may know, else None."""
    if view["dealer"] is None:
        return None
    if settled(view) or view["dealer"] == 0:
        return "defenders" if 0 in view["defenders"] else "attackers"
    return view.get("own_side")


def sides(view: "PaintedView") -> "tuple[list[int], list[int] | None, bool]":
    """Seat 0's side and the other one as seat 0 knows them (the other None: not known),
    and whether both are whole (then who attacks, and their points, are known)."""
    dealer = view["dealer"]
    if dealer is None:
        if view["rules"]["partners"] == "fixed":
            return [0, 2], [1, 3], False  # no dealer yet: nobody defends
        return [0], None, False
    defenders = list(view["defenders"])
    if settled(view):
        ours = defenders if 0 in defenders else [s for s in range(4) if s not in defenders]
        return ours, [s for s in range(4) if s not in ours], True
    mine = own_side(view)
    if mine == "defenders" and dealer != 0:  # seat 0 is the friend: the side is whole
        ours = sorted([dealer, 0])
        return ours, [s for s in range(4) if s not in ours], True
    if mine == "attackers":
        return [0], [dealer], False  # the friend, among the others, is not known
    return [0], None, False


def side_rank(view: "PaintedView", seats: "list[int]", defending: bool) -> str:
    """A side's level: the hand's when it defends, else its players' (distinct, in seat
    order: with find-a-friend each player has their own)."""
    if defending:
        return view["level"]
    ranks = []  # type: list[str]
    for seat in seats:
        rank = view["levels"][seat]
        if rank not in ranks:
            ranks.append(rank)
    return "/".join(ranks)


def attackers_points(view: "PaintedView", attackers: "list[int]") -> int:
    """The attackers' points so far (a throw penalty in)."""
    total = view["penalty"]
    for seat in attackers:
        total += int(view["captured"][seat])
    return total


def side_part(words: "Words", view: "PaintedView", key: str, side: str,
              seats: "list[int] | None") -> Markup:
    """One side's part: its name and level, and the defenders' mark when it defends."""
    if seats is None:
        return el("span", words("score_unknown"), class_="score-side " + side, data_side=side)
    dealer = view["dealer"]
    defending = dealer is not None and dealer in seats
    mark = None
    if defending:
        mark = el("span", words("score_defending"), class_="score-mark",
                  title=words("score_defending_title"))
    return el("span", words(key, rank=side_rank(view, seats, defending)), mark,
              class_="score-side " + side + (" defending" if defending else ""),
              data_side=side)


def scoreboard(words: "Words", view: "PaintedView") -> Markup:
    """The scoreboard: our side, theirs, the attackers' points toward the deal, the goal."""
    ours, theirs, whole = sides(view)
    points = None
    if whole and theirs is not None:
        points = attackers_points(view, theirs if view["dealer"] in ours else ours)
    shown = UNKNOWN_POINTS if points is None else str(points)
    goal = TAKE_DEAL_POINTS[view["rules"]["decks"]]
    return el(
        "div",
        side_part(words, view, "score_ours", "ours", ours),
        side_part(words, view, "score_theirs", "theirs", theirs),
        el("span", shown + "/" + str(goal), class_="score-points", data_testid="points",
           title=words("attackers_points")),
        el("span", words("score_goal", rank=TOP_LEVEL), class_="score-goal"),
        class_="scoreboard", data_testid="scoreboard", title=words("score_title"),
    )

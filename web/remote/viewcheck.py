"""A friend's page: the host's view checked before it is drawn, and turned to the friend.

The view comes from another browser, so it is hostile as stored data is
(``micro.paint_check`` for the painter's): ``checked_view`` rebuilds it with the
engine (``View.from_data``: rules, cards of the deck, the hand's counts), derives the
table's keys again from what it rebuilt (``View.to_data``: nothing derived is taken
from the sender), and checks what the engine passes through as it came: every seat
is 0–3, every per-seat list has four entries, levels are ranks, counts are bounded
by what the decks deal. The view must be of the seat the friend sits at. Anything
else is ``ViewRefused`` and nothing is drawn from it.

``turned`` renumbers the seats so that the friend's seat is 0: the table's drawing
(``render``) shows seat 0 at the bottom and names the others from there.
"""

from __future__ import annotations

from typing import Any, cast

from tractor.rulecore import RANKS
from tractor.view import View
from tractor.viewdata import ViewData

MAX_CARDS = 200
"""More cards than any list of a view holds (three decks are 162)."""
MAX_ITEMS = 80
"""More entries than any list of plays or tricks holds."""
MAX_NUMBER = 10_000


class ViewRefused(ValueError):
    """The host's view cannot be drawn."""


def _fail(why: str) -> None:
    raise ViewRefused(why)


def _seat(value: object, none: bool = True, chance: bool = False) -> None:
    if value is None and none:
        return
    if value == -1 and chance and type(value) is int:
        return
    if type(value) is not int or not 0 <= value <= 3:
        _fail(f"not a seat: {value!r}"[:80])


def _number(value: object, high: int = MAX_NUMBER, low: int = 0) -> None:
    if type(value) is not int or not low <= value <= high:
        _fail(f"out of range: {value!r}"[:80])


def _four(values: object, high: int = MAX_NUMBER) -> None:
    if not isinstance(values, list) or len(values) != 4:
        _fail("not four values")
    for value in cast(list[Any], values):
        _number(value, high, -MAX_NUMBER)


def _seats(values: object) -> None:
    if not isinstance(values, list) or len(values) > 4:
        _fail("not a list of seats")
    for value in cast(list[Any], values):
        _seat(value, none=False)


def _sized(values: object, most: int) -> list[Any]:
    if not isinstance(values, list) or len(values) > most:
        _fail("too long a list")
    return cast(list[Any], values)


def _plays(values: object) -> None:
    for play in _sized(values, MAX_ITEMS):
        _seat(play["seat"], none=False)
        _sized(play["cards"], MAX_CARDS)


def _trick(value: object) -> None:
    if value is None:
        return
    trick = cast(dict[str, Any], value)
    _seat(trick["leader"], none=False)
    _seat(trick["winner"], none=False)
    _plays(trick["plays"])
    _sized(trick["plays"], 4)
    _failure(trick.get("throw_failure"))


def _failure(value: object) -> None:
    if value is not None:
        failure = cast(dict[str, Any], value)
        _seat(failure["seat"], none=False)
        _seat(failure["beaten_by_seat"], none=False)


def _check(view: ViewData) -> None:
    top = len(RANKS) - 1
    _seat(view["seat"], none=False)
    _seat(view["to_move"], chance=True)
    _seat(view["dealer"])
    _seat(view["friend"])
    _seat(view["leader"], none=False)
    _seat(view["trick_winner"])
    _four(view["levels"], top)
    _number(view["level"], top)
    _four(view["hand_sizes"], MAX_CARDS)
    _four(view["captured"])
    for key in ("hand", "played"):
        _sized(view[key], MAX_CARDS)
    _plays(view["trick"])
    _sized(view["trick"], 4)
    _plays(view["declarations"])
    if view["declaration"] is not None:
        _plays([view["declaration"]])
    _seats(view["defenders"])
    if view["winners"] is not None:
        _seats(view["winners"])
    _number(view["dealt"], MAX_CARDS)
    _number(view["tricks_played"], MAX_ITEMS)
    _number(view["penalty"])
    if view["friend_trick"] is not None:
        _number(view["friend_trick"], MAX_ITEMS)
    _trick(view["last_trick"])
    _failure(view["throw_failure"])
    for trick in _sized(view["tricks"], MAX_ITEMS):
        _trick({**trick, "throw_failure": None})
    result = view["hand_result"]
    if result is not None:
        _seat(result["dealer"], none=False)
        _seat(result["next_dealer"], none=False)
        _seat(result["friend"])
        _seats(result["defenders"])
        _seats(result["attackers"])
        _four(result["levels"], top)


def checked_view(data: object, seat: int) -> ViewData:
    """The view of ``seat`` the host sent, rebuilt by the engine and checked; else
    ``ViewRefused``."""
    if not isinstance(data, dict):
        raise ViewRefused("a view is an object")
    try:
        again = View.from_data(cast(ViewData, data)).to_data()
        _check(again)
    except ViewRefused:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as error:
        raise ViewRefused(f"{type(error).__name__}: {error}"[:120]) from None
    if again["seat"] != seat:
        raise ViewRefused("the view of another seat")
    return again


# ------------------------------------------------------------------ turning the table


def turned(view: ViewData, by: int) -> ViewData:
    """``view`` with every seat renumbered so that seat ``by`` is seat 0 (a checked view)."""

    def s(seat: Any) -> Any:
        return seat if seat is None or seat == -1 else (seat - by) % 4

    def four(values: list[Any]) -> list[Any]:
        return [values[(i + by) % 4] for i in range(4)]

    def plays(items: list[Any]) -> list[Any]:
        return [{**play, "seat": s(play["seat"])} for play in items]

    def trick(value: Any) -> Any:
        if value is None:
            return None
        out = {**value, "leader": s(value["leader"]), "winner": s(value["winner"]),
               "plays": plays(value["plays"])}
        if value.get("throw_failure") is not None:
            failure = value["throw_failure"]
            out["throw_failure"] = {**failure, "seat": s(failure["seat"]),
                                    "beaten_by_seat": s(failure["beaten_by_seat"])}
        return out

    def seats(values: list[Any]) -> list[Any]:
        return [s(x) for x in values]

    out: dict[str, Any] = dict(view)
    for key in ("seat", "to_move", "dealer", "friend", "leader", "trick_winner"):
        out[key] = s(out[key])
    for key in ("levels", "hand_sizes", "captured"):
        out[key] = four(out[key])
    out["trick"] = plays(view["trick"])
    out["declarations"] = plays(view["declarations"])
    declaration = view["declaration"]
    out["declaration"] = None if declaration is None else plays([declaration])[0]
    out["defenders"] = seats(view["defenders"])
    out["winners"] = None if view["winners"] is None else seats(view["winners"])
    out["last_trick"] = trick(view["last_trick"])
    out["throw_failure"] = trick({"leader": 0, "winner": 0, "plays": [],
                                  "throw_failure": view["throw_failure"]})["throw_failure"]
    out["tricks"] = [trick(t) for t in view["tricks"]]
    result = view["hand_result"]
    if result is not None:
        out["hand_result"] = {
            **result, "dealer": s(result["dealer"]), "next_dealer": s(result["next_dealer"]),
            "friend": s(result["friend"]), "defenders": seats(result["defenders"]),
            "attackers": seats(result["attackers"]), "levels": four(result["levels"]),
        }
    return cast(ViewData, out)

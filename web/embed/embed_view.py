"""Draw one scenario frame as HTML, built only with ``markup.el`` (escaped).

Runs in MicroPython (the embed's first paint) and in CPython (tests). The state
drawn is a plain dict (``embed.py`` keeps it):

* ``lang`` ``"en"``/``"zh"``/``"zh-Hant"``; ``scenario``: the checked scenario
  (``scenario_check.check``); ``frame``: the position on screen (``seats``,
  ``trick``, ``turn``, ``points``, ``caption``, ``result``);
* ``mode`` ``"show"`` or ``"quiz"``; ``step`` and ``steps``: the frame's index and
  the number of steps; ``selected``: indexes of the quiz seat's selected cards;
  ``verdict``: the engine's judgement of a quiz answer, or None; ``tries``: the
  quiz's wrong answers so far; ``solution``: whether the answer is shown (on
  request, or after a second wrong try); ``notice``: a line such as "Starting the
  rules engine…", or None.

A position with no steps and no quiz is a picture: no seat is "to play" and a
seat whose hand is not given shows only its name.

Seat 0 is drawn at the bottom, seat 1 on the right (the next player, 下家),
seat 2 opposite and seat 3 on the left, as at the table.

>>> from scenario_check import check, MINIMAL
>>> s = check(MINIMAL)
>>> html = render(initial_state(s, "en"))
>>> 'data-card="AS"' in html, 'data-testid="caption"' in html
(True, True)
>>> [html.count('<use href="#av' + str(seat) + '">') for seat in range(4)]  # avatars
[1, 1, 1, 1]
>>> "<script" in render(error_state("<script>alert(1)</script>", "en"))
False
"""

from embed_text import local, said, say, seat_text, verdict_text, words
from micro.avatar import avatar
from micro.cardface import card_face, mini_cards
from micro.markup import el, join
from micro.words import SUIT_SYMBOLS
from scenario_check import initial_frame

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

    from micro.markup import Markup

POSITIONS = ("bottom", "right", "top", "left")
"""Where each seat sits on screen (seat 0 is the reader's)."""
MAX_BACKS_DRAWN = 8
"""More backs than this are drawn as this many (beside the count)."""


def initial_state(s: "dict[str, Any]", lang: str) -> "dict[str, Any]":
    """What the embed shows first for a checked scenario."""
    return {"lang": lang, "scenario": s, "frame": initial_frame(s),
            "mode": "quiz" if s["quiz"] is not None else "show",
            "step": 0, "steps": len(s["steps"]), "selected": [], "verdict": None,
            "tries": 0, "solution": False, "notice": None, "error": None}


def picture(state: "dict[str, Any]") -> bool:
    """Whether the position is only a picture (nothing to step through or to answer)."""
    return state["mode"] != "quiz" and not state["steps"]


def error_state(message: str, lang: str, detail: str = "") -> "dict[str, Any]":
    """A frame that shows only a message (a refused scenario): ``message`` in the reader's
    language; ``detail``, the checker's or the engine's own words (English), apart in a
    collapsed "Details" element, so a Chinese sentence never holds English text."""
    return {"lang": lang, "error": message, "detail": detail}


def seat_name(state: "dict[str, Any]", seat: int) -> str:
    return seat_text(state["lang"], seat, state["scenario"]["seats"][seat]["name"])


def _hand(state: "dict[str, Any]", seat: int) -> "Markup":
    lang, frame = state["lang"], state["frame"]
    held = frame["seats"][seat]
    quiz_seat = state["mode"] == "quiz" and seat == frame["turn"] and state["verdict"] is None
    if held["cards"] is not None:
        if quiz_seat:
            buttons = []
            for i, text in enumerate(held["cards"]):
                chosen = i in state["selected"]
                face = card_face(words(lang), text)
                buttons.append(el("button", face, type="button", class_="pick",
                                  data_action="pick", data_index=str(i),
                                  aria_pressed="true" if chosen else "false",
                                  id="pick-" + str(i)))
            return el("div", buttons, class_="hand picking", data_testid="hand-" + str(seat))
        return el("div", mini_cards(words(lang), held["cards"]), class_="hand",
                  data_testid="hand-" + str(seat))
    if held["backs"] is not None:
        shown = min(held["backs"], MAX_BACKS_DRAWN)
        backs = [el("span", class_="card back") for _ in range(shown)]
        return el("div", el("span", backs, class_="cards"),
                  el("span", say(lang, "backs", n=held["backs"]), class_="count"),
                  class_="hand backs", data_testid="hand-" + str(seat))
    label = "" if picture(state) else say(lang, "hidden")
    return el("div", label, class_="hand hidden", data_testid="hand-" + str(seat))


def _seat(state: "dict[str, Any]", seat: int) -> "Markup":
    lang, s, frame = state["lang"], state["scenario"], state["frame"]
    badges = []
    if s["dealer"] == seat:
        badges.append(el("span", say(lang, "dealer"), class_="badge dealer"))
    if frame["turn"] == seat and not picture(state):
        badges.append(el("span", say(lang, "turn"), class_="badge turn"))
    return el("section", el("h2", avatar(seat), seat_name(state, seat), badges, class_="name"),
              _hand(state, seat), class_="seat pos-" + POSITIONS[seat],
              data_seat=str(seat), data_testid="seat-" + str(seat))


def _trick(state: "dict[str, Any]") -> "Markup":
    lang = state["lang"]
    plays = [el("div", mini_cards(words(lang), play["cards"]),
                class_="play pos-" + POSITIONS[play["seat"]], data_seat=str(play["seat"]),
                title=seat_name(state, play["seat"]))
             for play in state["frame"]["trick"]]
    return el("section", plays, class_="trick", data_testid="trick",
              aria_label=say(lang, "trick"))


def _info(state: "dict[str, Any]") -> "Markup":
    lang, s, frame = state["lang"], state["scenario"], state["frame"]
    if s["trump"] == "NT":
        trump = say(lang, "no_trump")
    else:
        trump = say(lang, "trump", suit=SUIT_SYMBOLS[s["trump"]])
    parts = [say(lang, "level", rank=s["level"]), trump]
    if s.get("friend_card"):
        friend = mini_cards(words(lang), [s["friend_card"]], "inline")
        parts.append(join(say(lang, "friend"), " ", friend))
    if frame["points"] is not None:
        parts.append(say(lang, "points", points=frame["points"]))
    return el("p", join(*parts, sep=" · "), class_="info", data_testid="info")


def _controls(state: "dict[str, Any]") -> "Markup":
    lang = state["lang"]
    if state["mode"] == "quiz":
        offer = _show_answer(state) if state["tries"] and not state["solution"] else None
        if state["verdict"] is not None:
            if state["verdict"]["correct"]:
                return join()
            return el("div", el("button", say(lang, "again"), type="button", id="b-again",
                                data_action="again", data_testid="again"),
                      offer, class_="controls")
        return el("div",
                  el("button", say(lang, "submit"), type="button", id="b-submit",
                     data_action="submit", data_testid="submit",
                     disabled=not state["selected"]),
                  el("button", say(lang, "clear"), type="button", id="b-clear",
                     data_action="clear", data_testid="clear", disabled=not state["selected"]),
                  offer, class_="controls")
    if not state["steps"]:
        return join()
    return el("div",
              el("button", say(lang, "back"), type="button", id="b-back", data_action="back",
                 data_testid="back", disabled=state["step"] == 0),
              el("span", say(lang, "step", step=state["step"], steps=state["steps"]),
                 class_="counter", data_testid="step"),
              el("button", say(lang, "next"), type="button", id="b-next", data_action="next",
                 data_testid="next", disabled=state["step"] >= state["steps"]),
              class_="controls")


def _show_answer(state: "dict[str, Any]") -> "Markup":
    return el("button", say(state["lang"], "show_answer"), type="button", id="b-answer",
              data_action="answer", data_testid="show-answer")


def _prompt(state: "dict[str, Any]") -> "Markup":
    lang, frame = state["lang"], state["frame"]
    if state["mode"] != "quiz" or state["verdict"] is not None:
        return join()
    who = seat_name(state, frame["turn"])
    if frame["trick"]:
        text = say(lang, "pick", n=len(frame["trick"][0]["cards"]), name=who)
    else:
        text = say(lang, "pick_lead", name=who)
    return el("p", text, class_="prompt", data_testid="prompt")


def _verdict(state: "dict[str, Any]") -> "Markup":
    lang, verdict = state["lang"], state["verdict"]
    if verdict is None:
        return join()
    if not verdict["legal"]:
        head, kind = say(lang, "illegal"), "illegal"
    elif verdict["correct"]:
        head, kind = say(lang, "legal_right"), "right"
    else:
        head, kind = say(lang, "legal_wrong"), "wrong"
    explain = local(lang, verdict.get("explain")) if kind == "right" else ""
    return el("div",
              el("p", el("strong", head), " ", verdict_text(lang, verdict)),
              el("p", explain, class_="explain") if explain else None,
              el("p", say(lang, "try_again"), class_="retry", data_testid="retry")
              if kind != "right" and not state["solution"] else None,
              class_="verdict " + kind, data_testid="verdict", data_verdict=kind)


def _solution(state: "dict[str, Any]") -> "Markup":
    """The quiz's answer and explanation, once asked for or after a second wrong try."""
    verdict = state["verdict"]
    if not state["solution"] or (verdict is not None and verdict["correct"]):
        return join()
    lang, quiz = state["lang"], state["scenario"]["quiz"]
    answers = [mini_cards(words(lang), answer, "inline") for answer in quiz["answers"]]
    explain = local(lang, quiz.get("explain"))
    return el("div",
              el("p", el("strong", say(lang, "answer")), " ", join(*answers, sep=say(lang, "or"))),
              el("p", explain, class_="explain") if explain else None,
              class_="solution", data_testid="solution")


def render(state: "dict[str, Any]") -> "Markup":
    """The whole embed for ``state`` (see the module's docstring)."""
    lang = state["lang"]
    if state.get("error") is not None:
        detail = state.get("detail") and el(
            "details", el("summary", say(lang, "details")), el("code", state["detail"]),
            data_testid="error-details")
        return el("div", el("h2", say(lang, "error")), el("p", state["error"]), detail,
                  class_="embed-error", data_testid="error", role="alert")
    s, frame = state["scenario"], state["frame"]
    kitty = s["kitty"]
    result = frame["result"]
    return el(
        "div",
        _info(state),
        el("div", [_seat(state, seat) for seat in (2, 3, 1)], _trick(state), _seat(state, 0),
           class_="board", role="group", aria_label=say(lang, "board")),
        el("p", say(lang, "kitty"), " ", mini_cards(words(lang), kitty), class_="kitty",
           data_testid="kitty") if kitty else None,
        el("p", local(lang, frame["caption"]), class_="caption", data_testid="caption"),
        el("p", said(lang, result["text"]) if result else "", class_="result",
           data_testid="result", aria_live="polite"),
        _prompt(state),
        _controls(state),
        _verdict(state),
        _solution(state),
        el("p", state["notice"] or "", class_="notice", data_testid="notice", role="status"),
        class_="embed-root", data_mode=state["mode"], data_step=str(state["step"]),
    )

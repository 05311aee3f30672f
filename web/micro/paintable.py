"""The table's look from seat 0's view alone: one renderer for the live and the painted table.

The live table (Pyodide, ``table.py``) draws its bar, seats, trick and hand with these
functions; before Pyodide is up, ``paint.py`` (MicroPython) draws the same regions
with them from the view stored beside the match record (``paint_check``). So a
painted hand is the live hand, markup for markup (tested for many positions), and a
test cannot tell them apart except by trying to play.

Everything is a pure function of seat 0's view as the painter stores it (a
``paintdata.PaintedView``: the keys in ``PAINT_KEYS``; the live table's is
``render.painted.painted_view`` of the engine's wire form) and a few table states
passed in (the selection, the seat thinking, the last trick shown...). Every text
goes through ``markup.el`` (escaped) and every word through ``words.Words``
(``KEYS`` lists those the painter may need; ``build.py`` writes them to
``paint_text.json``). Its cards are ``cardface``'s, as the embed's are.

Runs unchanged in MicroPython: no ``typing``, ``dataclasses`` or ``__future__`` at run
time, annotations in quotes, no ``str`` subclass handed to ``str.join``.
"""

from micro.avatar import avatar
from micro.cardface import KEYS as CARD_KEYS
from micro.cardface import card_face, mini_cards
from micro.markup import Markup, el, join
from micro.paintbar import bar, bar_buttons, button, welcome
from micro.scoreboard import KEYS as SCORE_KEYS
from micro.words import Words, cards_label, seat_name

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

    from micro.markup import Child
    from micro.paintdata import FinishedTrick, PaintedFailure, PaintedPlay, PaintedView

POSITIONS = {0: "bottom", 1: "right", 2: "top", 3: "left"}
"""Where each seat sits, seen from seat 0 (下家 on the right, 上家 on the left)."""
LONG_PLAY = 7
"""A play of this many cards or more (a throw, a 3-deck tractor) overlaps more."""
MANY_CARDS = 30
"""A hand of more cards (3 decks, or 2 with the kitty) takes two rows where the screen
is tall enough (``web/style/screens.css``; the page marks it ``many``)."""
ROW_SPLIT_FROM = 13
"""A hand of this many cards or more is drawn as two rows where the screen is narrow."""
MODAL_OPEN = "modal-open"
"""Root class while a blocking dialog (settings, a confirmation, a replay) is open."""
SPEEDS = ("slow", "normal", "fast", "instant")
"""The animation speeds (root class ``speed-*``)."""
DEFAULT_SPEED = "normal"
LEAD_KINDS = ("single", "pair", "triple", "tractor", "titanic", "throw")
PAINT_KEYS = (
    "phase", "to_move", "hand_no", "level", "levels", "trump", "declaration", "dealer",
    "friend", "friend_card", "defenders", "captured", "penalty", "hand_sizes", "deal_total",
    "dealt", "kitty_size", "trick", "tricks_played", "trick_winner", "lead_kind",
    "throw_failure", "hand", "kitty_taken",
)
"""The view's keys these renderers read (with ``rules``' ``partners`` and ``decks``, and
``hand_trump``: which of the hand's cards are trumps), in the order stored
(``paintdata.PaintedView``). Nothing else of the view, and never another seat's cards,
is stored for the painter."""
KEYS = (
    "title", "level_label", "trump_label", "trump_undecided", "no_trump", "hand_no",
    "declared_by", "no_declaration_yet", "attackers_points", "friend_hidden", "friend_is",
    "your_side_unknown", "friend_card", "last_trick", "new_game", "log", "menu", "how_to_play",
    "settings", "drills", "records", "language", "sound", "welcome", "rules_summary", "dealer_mark",
    "friend_mark",
    "level_of", "cards_left", "seat_points", "thinking", "seat0", "seat1", "seat2", "seat3",
    "winning", "throw_failed_own", "throw_failed", "throw_penalty_note", "hand_name",
    "painted_starting", "play", "play_n", "undo", "hint", "autoplay", "autoplay_on",
    "your_side_defenders", "your_side_attackers",
) + tuple("lead_" + kind for kind in LEAD_KINDS) + CARD_KEYS + SCORE_KEYS
"""Every message these renderers use (the painter's words, ``paint_text.json``), the card
faces' (``cardface.KEYS``: the jokers' names, which ``card_label`` says too) and the
scoreboard's (``scoreboard.KEYS``) among them."""


# ------------------------------------------------------------------ the root


def root_classes(view: "PaintedView | None", four_color: bool, speed: str,
                 autoplay: bool = False, modal: bool = False) -> str:
    """Classes of the page root: phase, colour scheme, speed, whose turn (no phase and
    no turn for the bare table, ``view`` None)."""
    classes = ["four-color" if four_color else "two-color", "speed-" + speed]
    if view is not None:
        classes.insert(0, "phase-" + str(view["phase"]))
    if view is not None and view["to_move"] == 0:
        classes.append("my-turn")
    if autoplay:
        classes.append("autoplaying")
    if modal:
        classes.append(MODAL_OPEN)
    return " ".join(classes)


# ------------------------------------------------------------------ the seats


def seat_box(words: Words, view: "PaintedView", seat: int,
             thinking: "int | None" = None, remote: str = "", name: str = "") -> Markup:
    """One seat's box: name, dealer/friend badges, level, cards left, points; a seat
    offered to a friend says how its link stands (``remote``, ``data-remote``) and who
    plays it (``name``, text)."""
    badges = []  # type: list[Child]
    if view["dealer"] == seat:
        badges.append(el("span", words("dealer_mark"), class_="badge dealer"))
    if view["friend"] == seat and view["friend"] != view["dealer"]:
        badges.append(el("span", words("friend_mark"), class_="badge friend"))
    meta = [words("level_of", rank=view["levels"][seat]),
            words("cards_left", n=view["hand_sizes"][seat])]
    if view["phase"] in ("play", "hand_over", "match_over") or view["captured"][seat]:
        meta.append(words("seat_points", n=view["captured"][seat]))
    classes = ["seat-box", POSITIONS[seat]]
    if view["to_move"] == seat:
        classes.append("turn")
    state = None
    if thinking == seat:
        classes.append("thinking")
        state = el("span", words("thinking"), class_="state")
    if name:
        badges.append(el("span", name, class_="badge remote-name", data_testid="remote-name"))
    if remote:
        classes.append("remote-" + remote)
    return seat_shell(words, seat, " ".join(classes), badges,
                      el("div", [el("span", item) for item in meta], class_="seat-meta"), state,
                      remote)


def seat_shell(words: Words, seat: int, classes: str, badges: "list[Child]",
               meta: "Markup | None" = None, state: "Markup | None" = None,
               remote: str = "") -> Markup:
    """A seat's box around its name (and badges), with what is known of it."""
    return el(
        "div",
        avatar(seat),
        el("div",
           el("div", seat_name(words, seat), " ", badges, class_="seat-name"),
           meta,
           state,
           class_="seat-text"),
        class_=classes,
        data_seat=seat,
        data_testid="seat-" + str(seat),
        data_remote=remote or None,
    )


# ------------------------------------------------------------------ the middle of the felt


def plays_html(words: Words, plays: "list[PaintedPlay]", winner: "int | None" = None,
               lead_kind: "str | None" = None, trick_no: int = 0,
               failed: "int | None" = None) -> Markup:
    """Each seat's play in its place, with the seat's name; the lead named, the winner marked.

    A play carries a stable ``id`` (trick number and seat), so the morphing redraw
    inserts a new play as a new element and its CSS entry animation runs once. The lead of
    ``failed`` (the seat whose throw failed: its play is the unit it was forced to) is
    marked ``failed-throw``: it shakes, then the forced unit stays outlined."""
    out = []  # type: list[Child]
    for index, play in enumerate(plays):
        seat = play["seat"]
        classes = ["play", "pos-" + POSITIONS[seat]]
        if index == 0:
            classes.append("lead")
            if seat == failed:
                classes.append("failed-throw")
        if seat == winner:
            classes.append("won")
        if len(play["cards"]) >= LONG_PLAY:
            classes.append("long")
        caption = [el("span", seat_name(words, seat), class_="play-name")]  # type: list[Child]
        if index == 0 and lead_kind:
            caption.append(el("span", words("lead_" + lead_kind), class_="lead-kind",
                              data_testid="lead-kind"))
        if seat == winner:
            caption.append(el("span", "★", class_="winning-mark", title=words("winning"),
                              aria_label=words("winning")))
        out.append(
            el("div", mini_cards(words, play["cards"]), el("div", caption, class_="play-caption"),
               class_=" ".join(classes), data_seat=seat,
               id="play-" + str(trick_no) + "-" + str(seat))
        )
    return join(out)


def throw_failure_html(words: Words, failure: "PaintedFailure | None") -> "Markup | None":
    """The line under a failed throw: what was tried, what was forced, who beat it."""
    if not failure:
        return None
    text = words(
        "throw_failed_own" if failure["seat"] == 0 else "throw_failed",
        name=seat_name(words, failure["seat"]),
        attempted=cards_label(words, failure["attempted"]),
        forced=cards_label(words, failure["forced"]),
        beater=seat_name(words, failure["beaten_by_seat"]),
        beaten_by=cards_label(words, failure["beaten_by"]),
    )
    if failure["penalty"]:
        text += " · " + words("throw_penalty_note", n=failure["penalty"])
    return el("div", text, class_="throw-failure", data_testid="throw-failure")


def centre(words: Words, view: "PaintedView",
           finished_trick: "FinishedTrick | None" = None) -> Markup:
    """The deck while dealing; else the trick (and the one just finished, gathering to its
    winner), each play beside its seat, and a failed throw's line."""
    if view["phase"] == "deal":
        left = view["deal_total"] - view["dealt"] + view["kitty_size"]
        return el("div", el("span", class_="back", aria_hidden="true"),
                  el("span", words("cards_left", n=left)), class_="deck", data_testid="deck")
    trick_no = view["tricks_played"]
    finished = None
    if not view["trick"] and finished_trick is not None:
        done = finished_trick
        finished = el("div", plays_html(words, done["plays"], done["winner"],
                                        trick_no=trick_no - 1),
                      class_="trick-grid finished gather-" + POSITIONS[done["winner"]],
                      data_testid="finished-trick")
    failure = view["throw_failure"] if view["phase"] == "play" else None
    return join(
        finished,
        el("div", plays_html(words, view["trick"], view["trick_winner"], view["lead_kind"],
                             trick_no=trick_no, failed=failure["seat"] if failure else None),
           class_="trick-grid", data_testid="trick"),
        throw_failure_html(words, failure),
    )


# ------------------------------------------------------------------ the controls


def can_play(view: "PaintedView", count: int) -> bool:
    """Whether ``count`` selected cards could be seat 0's play (the engine judges the rest)."""
    if view["to_move"] != 0 or count == 0:
        return False
    trick = view["trick"]
    return not trick or count == len(trick[0]["cards"])


def play_button(words: Words, view: "PaintedView", count: int, off: bool = False) -> Markup:
    """*Play* (with the number of cards selected), pressable when they could be a play."""
    label = words("play_n", n=count) if count else words("play")
    return button(label, "play", "play", class_="primary",
                  disabled=off or not can_play(view, count))


def common_controls(words: Words, autoplay: bool = False, can_undo: bool = False,
                    off: bool = False) -> "list[Child]":
    """The controls of every phase: undo (when allowed), the hint and 托管 (autoplay)."""
    parts = []  # type: list[Child]
    if can_undo:
        parts.append(button(words("undo"), "undo", "undo", disabled=off))
    parts.append(button(words("hint"), "hint", "hint", disabled=off))
    parts.append(button(words("autoplay_on") if autoplay else words("autoplay"), "autoplay",
                        "autoplay", class_="toggle", aria_pressed="true" if autoplay else "false",
                        disabled=off))
    return parts


def waiting_controls(words: Words, view: "PaintedView") -> "Markup | None":
    """The painter's controls while the engine starts: those of a trick (or of the hand's
    end), in their place but not yet pressable (None in the other phases)."""
    if view["phase"] == "play":
        return join(play_button(words, view, 0, off=True), common_controls(words, off=True))
    if view["phase"] in ("hand_over", "match_over"):
        return join(common_controls(words, off=True))
    return None


# ------------------------------------------------------------------ the hand


def split_point(suits: "list[Any]") -> int:
    """Where a hand splits into two rows: the suit boundary nearest the middle
    (never more than a quarter of the hand off it), else the middle itself.

    >>> split_point([0] * 6 + [1] * 7), split_point([0] * 13)
    (6, 7)
    """
    n = len(suits)
    middle = (n + 1) // 2
    bounds = [i for i in range(1, n) if suits[i] != suits[i - 1]]
    near = min(bounds, key=lambda i: abs(i - middle)) if bounds else middle
    return near if abs(near - middle) <= n // 4 else middle


def hand(words: Words, view: "PaintedView", selected: "Any" = (),
         just_dealt: "str | None" = None, flag: str = "", flagged: "Any" = ()) -> Markup:
    """Seat 0's cards, sorted trumps first (``view["hand_trump"]`` says which are trumps);
    two ``hand-row``s that CSS lays out as one fanned row on a wide screen and as two
    rows on a narrow one. The kitty's cards are marked while seat 0 buries; after a
    refused play the cards it concerns carry ``data-flag`` (``flag``: ``must`` or
    ``refused``)."""
    cards = view["hand"]
    trumps = view["hand_trump"]
    suits = ["T" if trumps[i] else card[-1:] for i, card in enumerate(cards)]
    marks = list(view["kitty_taken"] or [])
    new = just_dealt if view["phase"] == "deal" else None
    split = split_point(suits) if len(cards) >= ROW_SPLIT_FROM else len(cards)
    rows = [[], []]  # type: list[list[Child]]
    for index, card in enumerate(cards):
        classes = []
        if trumps[index]:
            classes.append("trump")
        if index and suits[index] != suits[index - 1] and index != split:
            classes.append("gap")
        if card in marks:
            marks.remove(card)
            classes.append("from-kitty")
        if card == new:
            new = None
            classes.append("dealt")
        chosen = index in selected
        if chosen:
            classes.append("sel")
        rows[1 if index >= split else 0].append(
            card_face(words, card, " ".join(classes), tag="button", type="button",
                      data_action="select", data_index=index, id="card-" + str(index),
                      aria_pressed="true" if chosen else "false",
                      data_flag=flag if flag and index in flagged else None)
        )
    return join(el("div", row, class_="hand-row") for row in rows if row)


def bare_regions(words: Words, first_visit: bool = False,
                 sound: bool = True) -> "dict[str, Markup]":
    """The table without a view (none stored, or refused): the bar's title and buttons (and a
    first visit's welcome), the seats by name; nothing that claims a hand, a level, a
    trump, points or cards (the engine draws them from the record)."""
    parts = [el("h1", words("title"), class_="title"),
             bar_buttons(words, sound=sound)]  # type: list[Child]
    if first_visit:
        parts.append(welcome(words))
    out = {"bar": join(parts)}  # type: dict[str, Markup]
    for seat in range(4):
        out["seat-" + str(seat)] = seat_shell(words, seat, "seat-box " + POSITIONS[seat], [])
    return out


def regions(words: Words, view: "PaintedView", first_visit: bool = False,
            sound: bool = True) -> "dict[str, Markup]":
    """The regions the painter draws from a stored view: the bar, the seats, the middle and
    the hand, as the live table draws them with nothing selected, and the controls of a
    trick, not yet pressable (``waiting_controls``)."""
    out = {"bar": bar(words, view, first_visit=first_visit, sound=sound),
           "centre": centre(words, view),
           "hand": hand(words, view)}  # type: dict[str, Markup]
    waiting = waiting_controls(words, view)
    if waiting is not None:
        out["controls"] = waiting
    for seat in range(4):
        out["seat-" + str(seat)] = seat_box(words, view, seat)
    return out

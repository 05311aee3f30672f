"""The stored view the painter draws (``tractor.paint``): written by the table, checked here.

Before Pyodide is up, ``paint.py`` (MicroPython) draws the table from seat 0's last
view, kept in localStorage beside the match record. Any site of the same origin can
write that key, so the text is hostile until checked, as every stored value:

* bounded before it is parsed: at most ``MAX_CHARS`` characters, nesting at most
  ``MAX_DEPTH`` (``jsonscan``, linear in the text), strict JSON;
* typed: exactly the keys of ``paintable.PAINT_KEYS`` (and ``rules``,
  ``hand_trump``), each of its type and range: phases, seats 0–3, ranks, suits,
  cards of the deck (``2S``…``AD``, ``SJ``, ``BJ``), no card more often than the
  decks hold, a hand of the size the seats' counts say, plays of one to
  ``MAX_PLAY`` cards, numbers within the decks' points;
* tied to the match record: ``record`` is the fingerprint of the stored match text
  it was taken from (``fingerprint``: its length and SHA-256); a view of another
  (older, newer, replaced) match is refused.

Only seat 0's view is stored: its own hand, the trick on the table, the public
counts. What it paints is checked data drawn through ``markup.el``, so a text in a
field is text; and what the painter shows is only a first look: the engine replays
the record and, when its own view differs, redraws (``main.py``).

Runs unchanged in MicroPython and CPython (tested in both).
"""

import binascii
import hashlib
import json

try:
    from tractor.jsonscan import depth_within, strict_error
except ImportError:  # MicroPython: the painter loads the scanner as a top-level module
    from jsonscan import (  # type: ignore[no-redef,import-not-found,unused-ignore]
        depth_within,
        strict_error,
    )

from paintable import LEAD_KINDS, PAINT_KEYS

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

KEY = "tractor.paint"
"""Where the table keeps seat 0's view for the painter (localStorage)."""
SCHEMA = "tractor-paint"
VERSION = 1
MAX_CHARS = 16000
"""The longest stored view read (a 3-deck hand with the kitty and a long trick is under 4 KB)."""
MAX_DEPTH = 5
"""``{"view": {"trick": [{"cards": [...]}]}}`` nests 5 deep."""
MAX_PLAY = 45
MAX_HAND = 45
"""The largest play and hand: 3 decks' hand of 33 cards plus a 12-card kitty... is 45."""
PHASES = ("deal", "declare", "theft", "bury", "call", "play", "hand_over", "match_over")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "C", "D")
CARDS = tuple(r + s for s in SUITS for r in RANKS) + ("SJ", "BJ")
MAX_NUMBER = 1000
"""Points, counts and the hand number are small: anything larger is not a view."""


class PaintError(ValueError):
    """The stored view is refused (the painter then draws nothing from it)."""


def fingerprint(record: str) -> str:
    """The match record's fingerprint: its length and the start of its SHA-256.

    >>> fingerprint("{}")
    '2-44136fa355b3678a'
    """
    digest = hashlib.sha256(record.encode("utf-8", "surrogatepass")).digest()  # any text
    return str(len(record)) + "-" + binascii.hexlify(digest[:8]).decode()


def _fail(why: str) -> None:
    raise PaintError(why)


def _keys(value: "Any", names: "tuple[str, ...]", what: str) -> "dict[str, Any]":
    if not isinstance(value, dict) or sorted(value) != sorted(names):
        _fail(what + ": not the expected fields")
    return value  # type: ignore[no-any-return]


def _int(value: "Any", low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        _fail(what + ": not a number from " + str(low) + " to " + str(high))
    return value  # type: ignore[no-any-return]


def _seat(value: "Any", what: str, none: bool = True) -> None:
    if value is None and none:
        return
    _int(value, 0, 3, what)


def _choice(value: "Any", choices: "tuple[Any, ...]", what: str) -> None:
    if not isinstance(value, str) or value not in choices:
        _fail(what + ": not one of its values")


def _cards(value: "Any", low: int, high: int, what: str) -> "list[str]":
    if not isinstance(value, list) or not low <= len(value) <= high:
        _fail(what + ": not a list of " + str(low) + " to " + str(high) + " cards")
    for card in value:
        _choice(card, CARDS, what)
    return value  # type: ignore[no-any-return]


def _ints(value: "Any", what: str) -> "list[int]":
    if not isinstance(value, list) or len(value) != 4:
        _fail(what + ": not four numbers")
    return [_int(v, -MAX_NUMBER, MAX_NUMBER, what) for v in value]


def _play(value: "Any", what: str) -> "dict[str, Any]":
    play = _keys(value, ("seat", "cards"), what)
    _seat(play["seat"], what, none=False)
    _cards(play["cards"], 1, MAX_PLAY, what)
    return play


def _failure(value: "Any") -> None:
    if value is None:
        return
    f = _keys(value, ("seat", "attempted", "forced", "beaten_by_seat", "beaten_by", "penalty"),
              "throw_failure")
    _seat(f["seat"], "throw_failure", none=False)
    _seat(f["beaten_by_seat"], "throw_failure", none=False)
    for name in ("attempted", "forced", "beaten_by"):
        _cards(f[name], 1, MAX_PLAY, "throw_failure")
    _int(f["penalty"], 0, MAX_NUMBER, "throw_failure")


VIEW_KEYS = PAINT_KEYS + ("rules", "hand_trump")
"""What the renderer reads (``paintable.PAINT_KEYS``), the rules it needs and the trump flags."""


def check_view(value: "Any") -> "dict[str, Any]":
    """Seat 0's stored view, typed and bounded (``PaintError`` otherwise)."""
    view = _keys(value, VIEW_KEYS, "view")
    rules = _keys(view["rules"], ("partners", "decks"), "rules")
    _choice(rules["partners"], ("fixed", "find_friend"), "rules")
    decks = _int(rules["decks"], 1, 3, "decks")
    _choice(view["phase"], PHASES, "phase")
    mover = view["to_move"]
    if mover is not None:
        _int(mover, -1, 3, "to_move")
    _int(view["hand_no"], 0, MAX_NUMBER, "hand_no")
    _choice(view["level"], RANKS, "level")
    levels = view["levels"]
    if not isinstance(levels, list) or len(levels) != 4:
        _fail("levels: not four ranks")
    for rank in levels:
        _choice(rank, RANKS, "levels")
    if view["trump"] is not None:
        _choice(view["trump"], SUITS + ("NT",), "trump")
    decl = view["declaration"]
    if decl is not None:
        _keys(decl, ("seat", "cards"), "declaration")
        _seat(decl["seat"], "declaration", none=False)
        _cards(decl["cards"], 1, 2 * decks, "declaration")
    for name in ("dealer", "friend", "trick_winner"):
        _seat(view[name], name)
    if view["friend_card"] is not None:
        _choice(view["friend_card"], CARDS, "friend_card")
    defenders = view["defenders"]
    if not isinstance(defenders, list) or len(defenders) > 4:
        _fail("defenders: not a list of seats")
    for seat in defenders:
        _seat(seat, "defenders", none=False)
    _ints(view["captured"], "captured")
    _int(view["penalty"], -MAX_NUMBER, MAX_NUMBER, "penalty")
    sizes = _ints(view["hand_sizes"], "hand_sizes")
    for name in ("deal_total", "dealt", "kitty_size", "tricks_played"):
        _int(view[name], 0, 54 * decks, name)
    trick = view["trick"]
    if not isinstance(trick, list) or len(trick) > 4:
        _fail("trick: not a list of plays")
    for play in trick:
        _play(play, "trick")
    if view["lead_kind"] is not None:
        _choice(view["lead_kind"], LEAD_KINDS, "lead_kind")
    _failure(view["throw_failure"])
    hand = _cards(view["hand"], 0, MAX_HAND, "hand")
    if len(hand) != sizes[0]:
        _fail("hand: not as many cards as seat 0 holds")
    for card in hand:
        if hand.count(card) > decks:
            _fail("hand: a card more often than the decks hold")
    if view["kitty_taken"] is not None:
        _cards(view["kitty_taken"], 0, MAX_HAND, "kitty_taken")
    trumps = view["hand_trump"]
    if not isinstance(trumps, list) or len(trumps) != len(hand):
        _fail("hand_trump: not one flag a card")
    for flag in trumps:
        if not isinstance(flag, bool):
            _fail("hand_trump: not a flag")
    return view


def parse(text: "str | None", record: "str | None") -> "dict[str, Any]":
    """The checked view of a stored paint ``text`` taken from the match record ``record``
    (the stored match text); ``PaintError`` for anything else."""
    if not isinstance(text, str) or not isinstance(record, str):
        _fail("nothing stored")
        raise AssertionError  # unreachable: for mypy
    if len(text) > MAX_CHARS:
        _fail("too long")
    if not depth_within(text, MAX_DEPTH) or strict_error(text) >= 0:
        _fail("not strict JSON of the expected depth")
    data = _keys(json.loads(text), ("schema", "version", "record", "view"), "paint")
    if data["schema"] != SCHEMA or data["version"] != VERSION:
        _fail("another format")
    if data["record"] != fingerprint(record):
        _fail("taken from another match record")
    return check_view(data["view"])


def dumps(view: "dict[str, Any]", record: str) -> str:
    """The stored text of ``view`` (``paintable.paint_view``) taken from ``record``."""
    return json.dumps({"schema": SCHEMA, "version": VERSION, "record": fingerprint(record),
                       "view": view}, separators=(",", ":"))

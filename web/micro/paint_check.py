"""The stored view the painter draws (``tractor.paint``): written by the table, checked here.

Before Pyodide is up, ``paint.py`` (MicroPython) draws the table from seat 0's last
view, kept in localStorage beside the match record. Any site of the same origin can
write that key, so the text is hostile until checked, as every stored value:

* bounded before it is parsed: at most ``MAX_CHARS`` characters, nesting at most
  ``MAX_DEPTH`` (``jsonscan``, linear in the text), strict JSON;
* typed: exactly the keys of ``paintable.PAINT_KEYS`` (and ``rules``,
  ``hand_trump``, and ``own_side`` unless stored by an older page: a
  ``paintdata.PaintedView``), no key twice, each of its type and
  range: phases, seats 0–3, ranks, suits, cards of the deck (``2S``…``AD``, ``SJ``,
  ``BJ``), a hand of the size the seats' counts say;
* tied to the match record: ``record`` is the fingerprint of the stored match text
  it was taken from (``fingerprint``: its length and SHA-256); a view of another
  (older, newer, replaced) match is refused;
* plausible for that record (``record_facts``: its rules and start level, read from
  its header, and its number of hands): the record's decks and partners, its last
  hand, levels on the ladder from the start level (the hand's level the dealer's),
  points from 0 to the decks' total (``DECK_POINTS`` a deck) and a throw penalty
  only under that rule, hands and plays no larger than the decks deal, a trick of
  at most four plays, seat after seat, each of the lead's size, and no card more
  often than the decks hold across the hand and the trick.

So a view is either one the rules can reach, as far as seat 0 can see, or nothing
is painted from it. The rules' numbers and the phases come from ``tractor.rulecore``
(the rule core the engine and the MicroPython pages share).

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
    from tractor import jsonscan, rulecore
except ImportError:  # MicroPython: the painter loads both as top-level modules
    import jsonscan  # type: ignore[no-redef,import-not-found,unused-ignore]
    import rulecore  # type: ignore[no-redef,import-not-found,unused-ignore]

from micro.paintable import LEAD_KINDS, PAINT_KEYS

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

    from micro.paintdata import PaintedView, RecordFacts

KEY = "tractor.paint"
"""Where the table keeps seat 0's view for the painter (localStorage)."""
SCHEMA = "tractor-paint"
VERSION = 1
MAX_CHARS = 16000
"""The longest stored view read (a 3-deck hand with the kitty and a long trick is under 4 KB)."""
MAX_DEPTH = 5
"""``{"view": {"trick": [{"cards": [...]}]}}`` nests 5 deep."""
ENDED = ("hand_over", "match_over")
"""The phases after a hand's scoring: the seats' levels are the next hand's."""
CARDS = tuple(r + s for s in rulecore.SUITS for r in rulecore.RANKS) + ("SJ", "BJ")
MAX_HEADER = 1000
"""The longest header of a match record read: its fields before the actions (schema,
version, rules, seed, start level: about 300 characters as ``tractor.save.dumps`` writes it)."""
ACTIONS_FIELD = ',"actions":['
"""Where a record's header ends (``tractor.save.dumps``: compact JSON, the actions last)."""
NEXT_HAND = '"next_hand"'
"""The action that starts each hand after the first, as the record writes it."""


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


def _ints(value: "Any", low: int, high: int, what: str) -> "list[int]":
    if not isinstance(value, list) or len(value) != 4:
        _fail(what + ": not four numbers")
    return [_int(v, low, high, what) for v in value]


def _play(value: "Any", most: int, what: str) -> "dict[str, Any]":
    play = _keys(value, ("seat", "cards"), what)
    _seat(play["seat"], what, none=False)
    _cards(play["cards"], 1, most, what)
    return play


def _failure(value: "Any", most: int, total: int) -> None:
    if value is None:
        return
    f = _keys(value, ("seat", "attempted", "forced", "beaten_by_seat", "beaten_by", "penalty"),
              "throw_failure")
    _seat(f["seat"], "throw_failure", none=False)
    _seat(f["beaten_by_seat"], "throw_failure", none=False)
    for name in ("attempted", "forced", "beaten_by"):
        _cards(f[name], 1, most, "throw_failure")
    _int(f["penalty"], 0, total, "throw_failure")


def record_facts(record: str) -> "RecordFacts":
    """What a view is checked against, read cheaply from the match record it is tied to:
    the rules' ``decks``, ``partners`` and ``throw_penalty`` and the ``start_level`` (from
    the record's header, at most ``MAX_HEADER`` characters, strict JSON), and ``hands``,
    how many hands it has begun (its ``next_hand`` actions, and the first).

    >>> record_facts('{"rules":{"decks":1,"partners":"fixed","throw_penalty":false},'
    ...              '"start_level":3,"actions":["deal","next_hand","deal"]}')["hands"]
    2
    """
    end = record[:MAX_HEADER].find(ACTIONS_FIELD)
    if end < 0:
        _fail("record: no header before its actions")
    header = record[:end] + "}"
    if not jsonscan.depth_within(header, 2) or jsonscan.strict_error(header) >= 0:
        _fail("record: a header not of strict JSON")
    data = json.loads(header)
    if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
        _fail("record: no rules")
    rules = data["rules"]
    decks = _int(rules.get("decks"), 1, max(rulecore.HAND_SIZE), "record's decks")
    if decks not in rulecore.RULE_CHOICES["decks"]:
        _fail("record's decks: not a rule's value")
    _choice(rules.get("partners"), rulecore.RULE_CHOICES["partners"], "record's partners")
    penalty = rules.get("throw_penalty")
    if not isinstance(penalty, bool):
        _fail("record's throw penalty: not a flag")
    start = _int(data.get("start_level"), 0, len(rulecore.RANKS) - 1, "record's start level")
    return {"decks": decks, "partners": rules["partners"], "throw_penalty": penalty,
            "start_level": start, "hands": record.count(NEXT_HAND) + 1}


def _levels(view: "dict[str, Any]", facts: "RecordFacts") -> None:
    """The seats' levels and the hand's on the ladder: never below the start level, all
    of it in the first hand until it is scored, the hand's level the dealer's."""
    _choice(view["level"], rulecore.RANKS, "level")
    levels = view["levels"]
    if not isinstance(levels, list) or len(levels) != 4:
        _fail("levels: not four ranks")
    for rank in levels:
        _choice(rank, rulecore.RANKS, "levels")
    start = facts["start_level"]
    steps = [rulecore.RANKS.index(rank) for rank in levels + [view["level"]]]
    if min(steps) < start:
        _fail("levels: a level below the record's start level")
    if view["phase"] in ENDED:
        return
    if view["hand_no"] == 0 and max(steps) != start:
        _fail("levels: a level past the start level in the first hand")
    dealer = view["dealer"]
    if view["level"] != levels[0 if dealer is None else dealer]:
        _fail("level: not the dealer's level")


def _points(view: "dict[str, Any]", facts: "RecordFacts", total: int) -> None:
    """Points from 0 to the decks' total; a throw penalty only under that rule."""
    captured = _ints(view["captured"], 0, total, "captured")
    if sum(captured) > total:
        _fail("captured: more points than the decks hold")
    penalty = _int(view["penalty"], -total, total, "penalty")
    if penalty and not facts["throw_penalty"]:
        _fail("penalty: a throw penalty the record's rules do not have")


def _trick(view: "dict[str, Any]", most: int, decks: int) -> None:
    """At most four plays, seat after seat, each of the lead's size; with the hand, no card
    more often than the decks hold."""
    trick = view["trick"]
    if not isinstance(trick, list) or len(trick) > 4:
        _fail("trick: not a list of at most four plays")
    for index, play in enumerate(trick):
        _play(play, most, "trick")
        if play["seat"] != (trick[0]["seat"] + index) % 4:
            _fail("trick: a play out of turn")
        if len(play["cards"]) != len(trick[0]["cards"]):
            _fail("trick: a play not of the lead's size")
    seen = list(view["hand"])
    for play in trick:
        seen += play["cards"]
    for card in seen:
        if seen.count(card) > decks:
            _fail("hand and trick: a card more often than the decks hold")


def _key_count(value: "Any") -> int:
    """How many keys the objects in ``value`` have, all told."""
    if isinstance(value, dict):
        return len(value) + sum(_key_count(item) for item in value.values())
    if isinstance(value, list):
        return sum(_key_count(item) for item in value)
    return 0


VIEW_KEYS = PAINT_KEYS + ("rules", "hand_trump")
"""What the renderer reads (``paintable.PAINT_KEYS``), the rules it needs and the trump flags."""
LATER_KEYS = ("own_side",)
"""Keys a newer page stores after ``VIEW_KEYS`` (seat 0's own side, ``scoreboard``): a view
stored before them has none and still paints."""
SIDES = ("defenders", "attackers")


def check_view(value: "Any", facts: "RecordFacts") -> "PaintedView":
    """Seat 0's stored view, typed, bounded and plausible for the record ``facts`` are of
    (``record_facts``); ``PaintError`` otherwise."""
    later = tuple(k for k in LATER_KEYS if isinstance(value, dict) and k in value)
    view = _keys(value, VIEW_KEYS + later, "view")
    if "own_side" in view and view["own_side"] is not None:
        _choice(view["own_side"], SIDES, "own_side")
    rules = _keys(view["rules"], ("partners", "decks"), "rules")
    decks = facts["decks"]
    if rules["decks"] != decks or isinstance(rules["decks"], bool):
        _fail("decks: not the record's")
    if rules["partners"] != facts["partners"]:
        _fail("partners: not the record's")
    total = rulecore.DECK_POINTS * decks
    # the dealer's hand with the kitty:
    most = rulecore.HAND_SIZE[decks] + rulecore.KITTY_SIZE[decks]
    _choice(view["phase"], rulecore.PHASES, "phase")
    mover = view["to_move"]
    if mover is not None:
        _int(mover, -1, 3, "to_move")
    _int(view["hand_no"], facts["hands"] - 1, facts["hands"] - 1, "hand_no")
    for name in ("dealer", "friend", "trick_winner"):
        _seat(view[name], name)
    _levels(view, facts)
    if view["trump"] is not None:
        _choice(view["trump"], rulecore.TRUMPS, "trump")
    decl = view["declaration"]
    if decl is not None:
        _keys(decl, ("seat", "cards"), "declaration")
        _seat(decl["seat"], "declaration", none=False)
        _cards(decl["cards"], 1, 2 * decks, "declaration")
    if view["friend_card"] is not None:
        _choice(view["friend_card"], CARDS, "friend_card")
    defenders = view["defenders"]
    if not isinstance(defenders, list) or len(defenders) > 4:
        _fail("defenders: not a list of seats")
    for seat in defenders:
        _seat(seat, "defenders", none=False)
    _points(view, facts, total)
    sizes = _ints(view["hand_sizes"], 0, most, "hand_sizes")
    for name in ("deal_total", "dealt"):
        _int(view[name], 0, 4 * rulecore.HAND_SIZE[decks], name)
    _int(view["kitty_size"], 0, rulecore.KITTY_SIZE[decks], "kitty_size")
    _int(view["tricks_played"], 0, rulecore.HAND_SIZE[decks], "tricks_played")
    hand = _cards(view["hand"], 0, most, "hand")
    if len(hand) != sizes[0]:
        _fail("hand: not as many cards as seat 0 holds")
    _trick(view, rulecore.HAND_SIZE[decks], decks)
    if view["lead_kind"] is not None:
        _choice(view["lead_kind"], LEAD_KINDS, "lead_kind")
    _failure(view["throw_failure"], rulecore.HAND_SIZE[decks], total)
    if view["kitty_taken"] is not None:
        _cards(view["kitty_taken"], 0, rulecore.KITTY_SIZE[decks], "kitty_taken")
    trumps = view["hand_trump"]
    if not isinstance(trumps, list) or len(trumps) != len(hand):
        _fail("hand_trump: not one flag a card")
    for flag in trumps:
        if not isinstance(flag, bool):
            _fail("hand_trump: not a flag")
    return view  # type: ignore[return-value]  # checked, key by key, above


def parse(text: "str | None", record: "str | None") -> "PaintedView":
    """The checked view of a stored paint ``text`` taken from the match record ``record``
    (the stored match text); ``PaintError`` for anything else."""
    if not isinstance(text, str) or not isinstance(record, str):
        _fail("nothing stored")
        raise AssertionError  # unreachable: for mypy
    if len(text) > MAX_CHARS:
        _fail("too long")
    if not jsonscan.depth_within(text, MAX_DEPTH) or jsonscan.strict_error(text) >= 0:
        _fail("not strict JSON of the expected depth")
    data = _keys(json.loads(text), ("schema", "version", "record", "view"), "paint")
    if data["schema"] != SCHEMA or data["version"] != VERSION:
        _fail("another format")
    if data["record"] != fingerprint(record):
        _fail("taken from another match record")
    view = check_view(data["view"], record_facts(record))
    if text.count(":") != _key_count(data):  # every string checked holds no ":"
        _fail("a key twice")
    return view


def dumps(view: "PaintedView", record: str) -> str:
    """The stored text of ``view`` (``render.painted.painted_view``) taken from ``record``."""
    return json.dumps({"schema": SCHEMA, "version": VERSION, "record": fingerprint(record),
                       "view": view}, separators=(",", ":"))

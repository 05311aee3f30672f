"""Check a scenario (one position for ``embed.html``) before anything draws it.

A scenario is hostile data: it arrives in a link (``?s=``) or a file. This module
turns its JSON text into a plain, normalised ``dict`` or raises ``ScenarioError``
with a message saying what is wrong. It checks the format (``scenario.schema.json``)
and what makes a position impossible without knowing the rules' finer points:

* the text is strict JSON (``jsonscan.strict_error``: MicroPython's ``json`` reads
  trailing commas and more that CPython's refuses), and no string in it holds a
  control character or a direction mark (``_check_texts``), so a scenario reads
  the same in both interpreters;
* every card is RULES notation (ASCII letters or suit symbols, separated by
  spaces), and no card is held more often than the decks
  hold (hands, kitty, the trick, and the steps of seats whose hands are not shown);
* hand sizes fit the trick: before the trick every seat whose size is shown held
  the same number of cards, at most the hand size; a seat that has played in
  the trick holds the lead's size fewer;
* the trick is played seat after seat, every play as large as the lead, the lead
  of one effective suit; a shown follower followed suit as far as it could;
* the seat to move is the one after the trick's last play (``turn``);
* steps are played by the seat to move from the cards it holds; a quiz's seat
  has its cards face up and every answer comes from them;
* a throw leading the trick stands against every face-up hand (``throw_failure``,
  rule ``throw_fails``, RULES §4): a show-only embed never starts the engine, so the
  few rules this needs (``ladder``, ``decompose``, ``forced_unit``) come from the
  rule core, ``rulecore``, which the engine's ``trump``, ``units`` and ``trick`` use too.

What needs the full rules (follow shapes, trick winners, throws played as steps) is
checked by the engine (``tractor.positions.scenario``), which starts on the page only when needed.

This file runs unchanged in CPython and in MicroPython (the embed draws a
position before the Python engine has loaded): it imports nothing but ``json``, the
shared scanner ``jsonscan`` and the rule core ``rulecore``,
uses no ``dataclasses``, ``typing``, ``re`` or ``__future__``, and its
annotations are never evaluated there.

>>> s = check(MINIMAL)
>>> s["seats"][0]["cards"], s["turn"], s["rules"]["decks"]
(['AS', 'AS', 'KS'], 0, 2)
>>> check('{"schema": "tractor-scenario"}')
Traceback (most recent call last):
...
tractor.scenario_check.ScenarioError: version: missing
"""

import json

try:
    from .jsonscan import depth_within, nesting_depth, strict_error
    from .rulecore import (
        DECK_POINTS,
        HAND_SIZE,
        KITTY_SIZE,
        RANKS,
        RULE_CHOICES,
        SUIT_SYMBOLS,
        SUITS,
        TRUMPS,
        count,
        decompose,
        effective_suit,
        forced_unit,
        ladder,
        orders,
    )
except ImportError:  # MicroPython: the embed loads the three files as top-level modules
    from jsonscan import (  # type: ignore[no-redef,import-not-found,unused-ignore]
        depth_within,
        nesting_depth,
        strict_error,
    )
    from rulecore import (  # type: ignore[no-redef,import-not-found,unused-ignore]
        DECK_POINTS,
        HAND_SIZE,
        KITTY_SIZE,
        RANKS,
        RULE_CHOICES,
        SUIT_SYMBOLS,
        SUITS,
        TRUMPS,
        count,
        decompose,
        effective_suit,
        forced_unit,
        ladder,
        orders,
    )

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

SCHEMA = "tractor-scenario"
VERSION = 1
MAX_CHARS = 20000
"""The longest scenario JSON read (a full three-deck deal with captions fits)."""
MAX_DEPTH = 6
MAX_TEXT = 600
"""The longest caption, name or card list (characters)."""
MAX_STEPS = 200
MAX_ANSWERS = 20


FIELDS = ("schema", "version", "rules", "level", "trump", "dealer", "seats", "kitty",
          "trick", "turn", "points", "caption", "steps", "quiz", "friend_card")

MINIMAL = ('{"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H",'
           ' "turn": 0, "seats": [{"cards": "AS AS KS"}, {"backs": 3}, {}, {"backs": 3}]}')
"""The smallest useful scenario: seat 0 face up, two seats as backs, one hidden."""


class ScenarioError(ValueError):
    """A scenario that is malformed, impossible or too large; the message says why."""


# ------------------------------------------------------------------ reading


def _quote(text: str) -> str:
    """``text`` in double quotes (``repr`` differs: MicroPython escapes non-ASCII)."""
    return '"' + text + '"'


def depth_of(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (``jsonscan``, linear).

    >>> depth_of('{"a": [[1], "]]\\\\"["]}')
    3
    """
    return int(nesting_depth(text))


def read(text: object) -> "dict[str, Any]":
    """The scenario object from JSON text, size- and depth-capped before parsing."""
    if not isinstance(text, str):
        raise ScenarioError("a scenario is JSON text")
    if len(text) > MAX_CHARS:
        raise ScenarioError("the scenario is longer than " + str(MAX_CHARS) + " characters")
    if not depth_within(text, MAX_DEPTH):
        raise ScenarioError("the scenario is nested more than " + str(MAX_DEPTH) + " levels deep")
    wrong = strict_error(text)  # MicroPython's json accepts [1,] and more that CPython's refuses
    if wrong >= 0:
        raise ScenarioError("the scenario is not valid JSON (strict JSON; see character "
                            + str(wrong + 1) + ")")
    try:
        data = json.loads(text)
    except Exception:  # noqa: BLE001 - MicroPython raises ValueError; anything is "not JSON"
        raise ScenarioError("the scenario is not valid JSON") from None
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    _check_texts(data, "")
    return data


DIRECTION_MARKS = (0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                   0x2066, 0x2067, 0x2068, 0x2069)
"""Bidi controls: they reorder the text drawn around them (a name could pass for another)."""


def _bad_character(text: str) -> str:
    """Why ``text`` may not be shown, or "": a control character (C0, DEL, C1: MicroPython
    and the page cut or hide text at them) or a direction mark (visual spoofing)."""
    for ch in text:
        code = ord(ch)
        if code < 0x20 or 0x7F <= code < 0xA0:
            return "a control character (" + _code(code) + ")"
        if code in DIRECTION_MARKS:
            return "a direction mark (" + _code(code) + ")"
    return ""


def _code(code: int) -> str:
    return f"U+{code:04X}"


def _check_texts(value: object, where: str) -> None:
    """Every string of the scenario, names of fields too, is plain text (``_bad_character``).

    Choice: such characters are refused, not stripped, so a scenario shows exactly
    what its author wrote, the same in CPython and MicroPython.
    """
    if isinstance(value, str):
        problem = _bad_character(value)
        if problem:
            raise ScenarioError((where or "the scenario") + ": " + problem
                                + " is not allowed in a text")
    elif isinstance(value, dict):
        for key in value:
            problem = _bad_character(key)
            if problem:
                raise ScenarioError((where or "the scenario") + ": " + problem
                                    + " is not allowed in a field name")
            _check_texts(value[key], (where + "." if where else "") + key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_texts(item, where + "[" + str(i) + "]")


def _int(data: "dict[str, Any]", key: str, low: int, high: int, where: str = "") -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ScenarioError(where + key + ": an integer from " + str(low) + " to " + str(high))
    return int(value)


def _text(value: object, where: str) -> "dict[str, Any]":
    """A caption or name: a string, or {"en": ..., "zh": ..., "zh-Hant": ...}; normalised to
    the dict with all three (a missing language takes the other script's or the English text:
    zh-Hant falls back to zh)."""
    if isinstance(value, str):
        value = {"en": value, "zh": value}
    if not isinstance(value, dict) or not value:
        raise ScenarioError(where + ": text, or an object with en, zh and zh-Hant texts")
    out = {}
    for lang, text in value.items():
        if lang not in TEXT_LANGUAGES or not isinstance(text, str):
            raise ScenarioError(where + ": only en, zh and zh-Hant texts")
        if len(text) > MAX_TEXT:
            raise ScenarioError(where + ": longer than " + str(MAX_TEXT) + " characters")
        out[lang] = text
    out.setdefault("zh", out.get("zh-Hant", out.get("en", "")))
    out.setdefault("en", out["zh"])
    out.setdefault("zh-Hant", out["zh"])
    return out


TEXT_LANGUAGES = ("en", "zh", "zh-Hant")


def parse_card(token: str) -> str:
    """One card in RULES notation, normalised (``t♠`` → ``10S``).

    Letters are ASCII only: CPython's ``upper()`` turns ``ſ`` (long s) into ``S``,
    MicroPython's changes ASCII letters only, so any other letter is not a card
    (the suit symbols ``♠♥♣♦♤♡♧♢`` are).

    >>> parse_card("t♠"), parse_card("bj")
    ('10S', 'BJ')
    """
    key = token
    for symbol in SUIT_SYMBOLS:
        key = key.replace(symbol, SUIT_SYMBOLS[symbol])
    key = key.upper() if all(ord(ch) < 0x80 for ch in key) else ""
    if key.startswith("T"):
        key = "10" + key[1:]
    if key in ("SJ", "BJ") or (key[-1:] in SUITS and key[:-1] in RANKS):
        return key
    shown = token if len(token) <= 12 else token[:12] + "…"
    raise ScenarioError("not a card: " + _quote(shown) + " (write rank then suit: AS, 10H, SJ, BJ)")


def parse_cards(value: object, where: str) -> "list[Any]":
    """Space-separated card text → list of normalised card texts.

    Only the space separates cards (CPython's ``split()`` also splits at no-break
    and ideographic spaces, MicroPython's does not; control characters, tabs
    too, are refused with every text).
    """
    if not isinstance(value, str):
        raise ScenarioError(where + ": cards are text such as \"AS AS 10H\"")
    if len(value) > MAX_TEXT:
        raise ScenarioError(where + ": longer than " + str(MAX_TEXT) + " characters")
    return [parse_card(token) for token in value.split(" ") if token]


# ------------------------------------------------------------------ the throw


def throw_failure(s: "dict[str, Any]") -> str:
    """Why the trick's lead, a throw, fails against a face-up hand, or "" (RULES §4).

    The engine's ``trick.check_throw`` on card texts (both are ``rulecore.forced_unit``):
    a follower's hand counts as it was before its play (shown cards plus its play);
    hidden hands are unknown, so they refute nothing.
    """
    lead, leader = s["trick"][0]["cards"], s["trick"][0]["seat"]
    rungs = ladder(effective_suit(lead[0], s["level"], s["trump"],
                                  s["rules"]["twos_always_trump"]),
                   s["level"], s["trump"], s["rules"]["twos_always_trump"])
    order = orders(rungs)
    units = decompose(lead, rungs, order)
    if len(units) < 2:
        return ""
    played = {}
    for play in s["trick"]:
        played[play["seat"]] = play["cards"]
    hands = []
    for k in (1, 2, 3):
        seat = (leader + k) % 4
        shown = s["seats"][seat]["cards"]
        if shown is not None:
            hands.append((seat, count(shown + played.get(seat, []))))
    forced = forced_unit(units, hands, rungs, order)
    if forced is None:
        return ""
    (width, cards), seat, beat = forced
    return ("trick[0]: seat " + str(leader) + "'s throw " + " ".join(lead) + " fails: seat "
            + str(seat) + " holds " + " ".join(beat) + ", which beats "
            + " ".join(card for card in cards for _ in range(width))
            + " (throw_fails: RULES §4, a throw stands only if no other hand beats any of "
            "its units); show only the unit it forces, or the throw as a step")


# ------------------------------------------------------------------ the check


def check(text: object) -> "dict[str, Any]":
    """The normalised scenario from JSON text, or ``ScenarioError``.

    Normalised: ``rules`` with every option; ``seats`` as four dicts with ``name``
    (``{"en", "zh", "zh-Hant"}`` or None), ``cards`` (a list of card texts, or None) and
    ``backs`` (an int, or None; both None: hidden); ``kitty`` a list or None;
    ``trick`` a list of ``{"seat", "cards"}``; ``turn``; ``dealer`` and ``points``
    (or None); ``caption`` (or None); ``steps`` (``{"seat", "cards", "caption"}``);
    ``quiz`` (``{"answers": [lists], "explain"}``, or None).
    """
    data = read(text)
    for key in data:
        if key not in FIELDS:
            shown = key if len(key) <= 20 else key[:20] + "…"
            raise ScenarioError("unknown field " + _quote(shown))
    for key in ("schema", "version", "level", "trump", "seats"):
        if key not in data:
            raise ScenarioError(key + ": missing")
    if data["schema"] != SCHEMA:
        raise ScenarioError("schema: not a Tractor scenario (expected \"" + SCHEMA + "\")")
    if data["version"] != VERSION or type(data["version"]) is not int:
        raise ScenarioError("version: this page reads version " + str(VERSION))
    rules = _rules(data.get("rules", {}))
    decks = rules["decks"]
    level, trump = data["level"], data["trump"]
    if level not in RANKS:
        raise ScenarioError("level: a rank from 2 to A")
    if trump not in TRUMPS:
        raise ScenarioError("trump: S, H, C, D or NT")
    s = {"rules": rules, "level": level, "trump": trump}
    s["dealer"] = _int(data, "dealer", 0, 3) if "dealer" in data else None
    s["points"] = _int(data, "points", 0, DECK_POINTS * decks) if "points" in data else None
    s["caption"] = _text(data["caption"], "caption") if "caption" in data else None
    s["seats"] = _seats(data["seats"], decks)
    s["kitty"] = parse_cards(data["kitty"], "kitty") if "kitty" in data else None
    s["friend_card"] = _friend_card(data, rules) if "friend_card" in data else None
    s["trick"] = _plays(data.get("trick", []), "trick", 3, False)
    s["turn"] = _turn(data, s["trick"])
    s["steps"] = _plays(data.get("steps", []), "steps", MAX_STEPS, True)
    if "steps" in data and "quiz" in data:
        raise ScenarioError("a scenario has steps or a quiz, not both")
    s["quiz"] = _quiz(data["quiz"]) if "quiz" in data else None
    if s["kitty"] is not None and len(s["kitty"]) > KITTY_SIZE[decks]:
        raise ScenarioError("kitty: more than " + str(KITTY_SIZE[decks]) + " cards")
    _check_trick(s)
    _check_sizes(s)
    _check_steps(s)
    _check_copies(s)
    _check_throw(s)
    return s


def _rules(value: object) -> "dict[str, Any]":
    if not isinstance(value, dict):
        raise ScenarioError("rules: an object of rule options")
    rules = {}
    for key in RULE_CHOICES:
        rules[key] = RULE_CHOICES[key][0]
    for key, option in value.items():
        if key not in RULE_CHOICES:
            shown = key if len(key) <= 20 else key[:20] + "…"
            raise ScenarioError("rules: unknown option " + _quote(shown))
        if type(option) not in (int, bool, str) or option not in RULE_CHOICES[key] or (
            type(option) is not type(RULE_CHOICES[key][0])
        ):
            raise ScenarioError("rules: " + key + " is one of "
                                + ", ".join(str(v) for v in RULE_CHOICES[key]))
        rules[key] = option
    return rules


def _seats(value: object, decks: int) -> "list[Any]":
    if not isinstance(value, list) or len(value) != 4:
        raise ScenarioError("seats: a list of exactly four seats")
    seats = []
    most = HAND_SIZE[decks]
    for i, seat in enumerate(value):
        where = "seats[" + str(i) + "]"
        if not isinstance(seat, dict):
            raise ScenarioError(where + ": an object")
        for key in seat:
            if key not in ("name", "cards", "backs"):
                raise ScenarioError(where + ": name, cards or backs only")
        if "cards" in seat and "backs" in seat:
            raise ScenarioError(where + ": cards or backs, not both")
        cards = parse_cards(seat["cards"], where + ".cards") if "cards" in seat else None
        backs = _int(seat, "backs", 0, most, where + ".") if "backs" in seat else None
        if cards is not None and len(cards) > most:
            raise ScenarioError(where + ": more than " + str(most) + " cards (the hand size)")
        name = _text(seat["name"], where + ".name") if "name" in seat else None
        seats.append({"name": name, "cards": cards, "backs": backs})
    return seats


def _plays(value: object, where: str, most: int, captions: bool) -> "list[Any]":
    if not isinstance(value, list) or len(value) > most:
        raise ScenarioError(where + ": a list of at most " + str(most) + " plays")
    plays = []
    for i, play in enumerate(value):
        here = where + "[" + str(i) + "]"
        if not isinstance(play, dict):
            raise ScenarioError(here + ": an object with seat and cards")
        for key in play:
            if key not in ("seat", "cards") and not (captions and key == "caption"):
                raise ScenarioError(here + ": unknown field")
        seat = _int(play, "seat", 0, 3, here + ".")
        cards = parse_cards(play.get("cards"), here + ".cards")
        if not cards:
            raise ScenarioError(here + ": a play has at least one card")
        out = {"seat": seat, "cards": cards}
        if captions:
            caption = play.get("caption")
            out["caption"] = None if caption is None else _text(caption, here + ".caption")
        plays.append(out)
    return plays


def _turn(data: "dict[str, Any]", trick: "list[Any]") -> int:
    if not trick:
        if "turn" not in data:
            raise ScenarioError("turn: missing (whose turn it is, when the trick is empty)")
        return _int(data, "turn", 0, 3)
    after = (int(trick[-1]["seat"]) + 1) % 4
    if "turn" in data and _int(data, "turn", 0, 3) != after:
        raise ScenarioError("turn: seat " + str(after) + " plays after the trick's last play")
    return after


def _friend_card(data: "dict[str, Any]", rules: "dict[str, Any]") -> str:
    """The card the dealer called (find-a-friend only; never a joker)."""
    if rules["partners"] != "find_friend":
        raise ScenarioError("friend_card: only with rules.partners = find_friend")
    cards = parse_cards(data["friend_card"], "friend_card")
    if len(cards) != 1 or cards[0] in ("SJ", "BJ"):
        raise ScenarioError("friend_card: one card, not a joker")
    return str(cards[0])


def _quiz(value: object) -> "dict[str, Any]":
    if not isinstance(value, dict):
        raise ScenarioError("quiz: an object with answers and explain")
    for key in value:
        if key not in ("answers", "explain"):
            raise ScenarioError("quiz: answers and explain only")
    answers = value.get("answers")
    if not isinstance(answers, list) or not 1 <= len(answers) <= MAX_ANSWERS:
        raise ScenarioError("quiz.answers: a list of 1 to " + str(MAX_ANSWERS) + " plays")
    parsed = [parse_cards(a, "quiz.answers[" + str(i) + "]") for i, a in enumerate(answers)]
    explain = _text(value["explain"], "quiz.explain") if "explain" in value else None
    return {"answers": parsed, "explain": explain}


def _check_trick(s: "dict[str, Any]") -> None:
    trick = s["trick"]
    if not trick:
        return
    twos = s["rules"]["twos_always_trump"]
    lead = trick[0]["cards"]
    suits = [effective_suit(c, s["level"], s["trump"], twos) for c in lead]
    if any(x != suits[0] for x in suits):
        raise ScenarioError("trick: the lead is of several suits (a lead is one suit, or trumps)")
    for i, play in enumerate(trick):
        if i and play["seat"] != (trick[i - 1]["seat"] + 1) % 4:
            raise ScenarioError("trick[" + str(i) + "]: seat " + str((trick[i - 1]["seat"] + 1) % 4)
                                + " plays after seat " + str(trick[i - 1]["seat"]))
        if len(play["cards"]) != len(lead):
            raise ScenarioError("trick[" + str(i) + "]: every play has as many cards as the lead ("
                                + str(len(lead)) + ")")
        hand = s["seats"][play["seat"]]["cards"]
        if i and hand is not None:
            before = hand + play["cards"]
            led = [c for c in before if effective_suit(c, s["level"], s["trump"], twos) == suits[0]]
            played = [c for c in play["cards"]
                      if effective_suit(c, s["level"], s["trump"], twos) == suits[0]]
            if len(played) < min(len(led), len(lead)):
                raise ScenarioError("trick[" + str(i) + "]: seat " + str(play["seat"])
                                    + " had cards of the led suit and did not follow suit")


def _size(seat: "dict[str, Any]") -> "int | None":
    if seat["cards"] is not None:
        return len(seat["cards"])
    return None if seat["backs"] is None else int(seat["backs"])


def _check_sizes(s: "dict[str, Any]") -> None:
    n = len(s["trick"][0]["cards"]) if s["trick"] else 0
    played = [p["seat"] for p in s["trick"]]
    before = {}
    for i, seat in enumerate(s["seats"]):
        size = _size(seat)
        if size is not None:
            before[i] = size + (n if i in played else 0)
    sizes = sorted(set(before.values()))
    if len(sizes) > 1:
        raise ScenarioError("seats: hand sizes do not fit the trick (before it, every seat "
                            "holds as many cards; one that has played holds the lead's size fewer)")
    most = HAND_SIZE[s["rules"]["decks"]]
    if sizes and sizes[0] > most:
        raise ScenarioError("seats: more than " + str(most) + " cards in a hand before the trick")
    if sizes and sizes[0] < n:
        raise ScenarioError("seats: a seat still to play holds fewer cards than the lead")


def _check_steps(s: "dict[str, Any]") -> None:
    """Steps come from the cards the seat holds, by the seat to move within a trick."""
    held = [None if seat["cards"] is None else count(seat["cards"]) for seat in s["seats"]]
    backs = [seat["backs"] for seat in s["seats"]]
    in_trick = len(s["trick"])
    size = len(s["trick"][0]["cards"]) if s["trick"] else 0
    turn = s["turn"]
    for i, step in enumerate(s["steps"]):
        where = "steps[" + str(i) + "]"
        seat = step["seat"]
        if seat != turn and turn >= 0:
            raise ScenarioError(where + ": seat " + str(turn) + " is to play, not " + str(seat))
        if in_trick and size and len(step["cards"]) != size:
            raise ScenarioError(where + ": every play has as many cards as the lead ("
                                + str(size) + ")")
        hand = held[seat]
        if hand is not None:
            for card, n in count(step["cards"]).items():
                if hand.get(card, 0) < n:
                    raise ScenarioError(where + ": seat " + str(seat) + " does not hold "
                                        + " ".join([card] * n))
                hand[card] -= n
        elif backs[seat] is not None:
            if backs[seat] < len(step["cards"]):
                raise ScenarioError(where + ": seat " + str(seat) + " has not that many cards left")
            backs[seat] -= len(step["cards"])
        if in_trick == 0:
            # A lead of several units may be a throw that fails (the engine knows):
            # then only its forced unit is played and the rest stays in the hand.
            # Copies of one card (single, pair, triple) are one unit: never a throw.
            one_unit = len(set(step["cards"])) == 1
            size = len(step["cards"]) if one_unit else 0
            if not one_unit and hand is not None:
                for card in step["cards"]:
                    hand[card] += 1
            elif not one_unit and backs[seat] is not None:
                backs[seat] += len(step["cards"])
        in_trick += 1
        turn = (seat + 1) % 4
        if in_trick == 4:
            in_trick, turn = 0, -1  # the winner (known to the engine) leads next


def _check_copies(s: "dict[str, Any]") -> None:
    cards: list[str] = []
    for seat in s["seats"]:
        cards += seat["cards"] or []
    cards += s["kitty"] or []
    for play in s["trick"]:
        cards += play["cards"]
    for step in s["steps"]:
        if s["seats"][step["seat"]]["cards"] is None:
            cards += step["cards"]
    decks = s["rules"]["decks"]
    for card, n in count(cards).items():
        if n > decks:
            raise ScenarioError(card + " is shown " + str(n) + " times, but " + str(decks)
                                + " deck(s) hold only " + str(decks))
    quiz = s["quiz"]
    if quiz is not None:
        hand = s["seats"][s["turn"]]["cards"]
        if hand is None:
            raise ScenarioError("quiz: the seat to move (" + str(s["turn"]) + ") shows its cards")
        held = count(hand)
        for i, answer in enumerate(quiz["answers"]):
            if not answer or any(held.get(c, 0) < n for c, n in count(answer).items()):
                raise ScenarioError("quiz.answers[" + str(i) + "]: not cards the seat to move has")


def _check_throw(s: "dict[str, Any]") -> None:
    """The trick's lead stands against every face-up hand (``throw_failure``): a page
    that never starts the engine draws it, so it is refused here, as the engine does."""
    if s["trick"]:
        problem = throw_failure(s)
        if problem:
            raise ScenarioError(problem)


def initial_frame(s: "dict[str, Any]") -> "dict[str, Any]":
    """The position before any step: the first of the engine's frames (``scenario.frames``)."""
    return {"seats": s["seats"], "trick": s["trick"], "turn": s["turn"], "points": s["points"],
            "caption": s["caption"], "result": None}

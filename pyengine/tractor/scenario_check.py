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
tractor.scenario_read.ScenarioError: version: missing
"""

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

    # As MicroPython runs it: the embed's mypy check (scripts/test.sh) finds them beside
    # this file; the engine's leaves them unresolved (the three would be found twice)
    import rulecore  # type: ignore[import-not-found,unused-ignore]
    import scenario_read  # type: ignore[import-not-found,unused-ignore]
else:
    try:
        from . import rulecore, scenario_read
    except ImportError:  # MicroPython: the embed loads these files as top-level modules
        import rulecore
        import scenario_read

SCHEMA = "tractor-scenario"
VERSION = 1
MAX_STEPS = 200
MAX_ANSWERS = 20

ScenarioError = scenario_read.ScenarioError
"""A scenario that is malformed, impossible or too large (``scenario_read``)."""
read = scenario_read.read
depth_of = scenario_read.depth_of
parse_card = scenario_read.parse_card
parse_cards = scenario_read.parse_cards
MAX_CHARS = scenario_read.MAX_CHARS
quote = scenario_read.quote
int_field = scenario_read.int_field
text_field = scenario_read.text_field


FIELDS = ("schema", "version", "rules", "level", "trump", "dealer", "seats", "kitty",
          "trick", "turn", "points", "caption", "steps", "quiz", "friend_card")

MINIMAL = ('{"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H",'
           ' "turn": 0, "seats": [{"cards": "AS AS KS"}, {"backs": 3}, {}, {"backs": 3}]}')
"""The smallest useful scenario: seat 0 face up, two seats as backs, one hidden."""


# ------------------------------------------------------------------ the throw


def throw_failure(s: "dict[str, Any]") -> str:
    """Why the trick's lead, a throw, fails against a face-up hand, or "" (RULES §4).

    The engine's ``trick.check_throw`` on card texts (both are ``rulecore.forced_unit``):
    a follower's hand counts as it was before its play (shown cards plus its play);
    hidden hands are unknown, so they refute nothing.
    """
    lead, leader = s["trick"][0]["cards"], s["trick"][0]["seat"]
    rungs = rulecore.ladder(rulecore.effective_suit(lead[0], s["level"], s["trump"],
                                  s["rules"]["twos_always_trump"]),
                   s["level"], s["trump"], s["rules"]["twos_always_trump"])
    order = rulecore.orders(rungs)
    units = rulecore.decompose(lead, rungs, order)
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
            hands.append((seat, rulecore.count(shown + played.get(seat, []))))
    forced = rulecore.forced_unit(units, hands, rungs, order)
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
            raise ScenarioError("unknown field " + quote(shown))
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
    if level not in rulecore.RANKS:
        raise ScenarioError("level: a rank from 2 to A")
    if trump not in rulecore.TRUMPS:
        raise ScenarioError("trump: S, H, C, D or NT")
    s = {"rules": rules, "level": level, "trump": trump}
    s["dealer"] = int_field(data, "dealer", 0, 3) if "dealer" in data else None
    most_points = rulecore.DECK_POINTS * decks
    s["points"] = int_field(data, "points", 0, most_points) if "points" in data else None
    s["caption"] = text_field(data["caption"], "caption") if "caption" in data else None
    s["seats"] = _seats(data["seats"], decks)
    s["kitty"] = parse_cards(data["kitty"], "kitty") if "kitty" in data else None
    s["friend_card"] = _friend_card(data, rules) if "friend_card" in data else None
    s["trick"] = _plays(data.get("trick", []), "trick", 3, False)
    s["turn"] = _turn(data, s["trick"])
    s["steps"] = _plays(data.get("steps", []), "steps", MAX_STEPS, True)
    if "steps" in data and "quiz" in data:
        raise ScenarioError("a scenario has steps or a quiz, not both")
    s["quiz"] = _quiz(data["quiz"]) if "quiz" in data else None
    if s["kitty"] is not None and len(s["kitty"]) > rulecore.KITTY_SIZE[decks]:
        raise ScenarioError("kitty: more than " + str(rulecore.KITTY_SIZE[decks]) + " cards")
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
    for key in rulecore.RULE_CHOICES:
        rules[key] = rulecore.RULE_CHOICES[key][0]
    for key, option in value.items():
        if key not in rulecore.RULE_CHOICES:
            shown = key if len(key) <= 20 else key[:20] + "…"
            raise ScenarioError("rules: unknown option " + quote(shown))
        if type(option) not in (int, bool, str) or option not in rulecore.RULE_CHOICES[key] or (
            type(option) is not type(rulecore.RULE_CHOICES[key][0])
        ):
            raise ScenarioError("rules: " + key + " is one of "
                                + ", ".join(str(v) for v in rulecore.RULE_CHOICES[key]))
        rules[key] = option
    return rules


def _seats(value: object, decks: int) -> "list[Any]":
    if not isinstance(value, list) or len(value) != 4:
        raise ScenarioError("seats: a list of exactly four seats")
    seats = []
    most = rulecore.HAND_SIZE[decks]
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
        backs = int_field(seat, "backs", 0, most, where + ".") if "backs" in seat else None
        if cards is not None and len(cards) > most:
            raise ScenarioError(where + ": more than " + str(most) + " cards (the hand size)")
        name = text_field(seat["name"], where + ".name") if "name" in seat else None
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
        seat = int_field(play, "seat", 0, 3, here + ".")
        cards = parse_cards(play.get("cards"), here + ".cards")
        if not cards:
            raise ScenarioError(here + ": a play has at least one card")
        out = {"seat": seat, "cards": cards}
        if captions:
            caption = play.get("caption")
            out["caption"] = None if caption is None else text_field(caption, here + ".caption")
        plays.append(out)
    return plays


def _turn(data: "dict[str, Any]", trick: "list[Any]") -> int:
    if not trick:
        if "turn" not in data:
            raise ScenarioError("turn: missing (whose turn it is, when the trick is empty)")
        turn: int = int_field(data, "turn", 0, 3)
        return turn
    after = (int(trick[-1]["seat"]) + 1) % 4
    if "turn" in data and int_field(data, "turn", 0, 3) != after:
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
    explain = text_field(value["explain"], "quiz.explain") if "explain" in value else None
    return {"answers": parsed, "explain": explain}


def _check_trick(s: "dict[str, Any]") -> None:
    trick = s["trick"]
    if not trick:
        return
    twos = s["rules"]["twos_always_trump"]
    lead = trick[0]["cards"]
    suits = [rulecore.effective_suit(c, s["level"], s["trump"], twos) for c in lead]
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
            led = [c for c in before
                   if rulecore.effective_suit(c, s["level"], s["trump"], twos) == suits[0]]
            played = [c for c in play["cards"]
                      if rulecore.effective_suit(c, s["level"], s["trump"], twos) == suits[0]]
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
    most = rulecore.HAND_SIZE[s["rules"]["decks"]]
    if sizes and sizes[0] > most:
        raise ScenarioError("seats: more than " + str(most) + " cards in a hand before the trick")
    if sizes and sizes[0] < n:
        raise ScenarioError("seats: a seat still to play holds fewer cards than the lead")


def _check_steps(s: "dict[str, Any]") -> None:
    """Steps come from the cards the seat holds, by the seat to move within a trick."""
    held = [None if seat["cards"] is None else rulecore.count(seat["cards"]) for seat in s["seats"]]
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
            for card, n in rulecore.count(step["cards"]).items():
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
    for card, n in rulecore.count(cards).items():
        if n > decks:
            raise ScenarioError(card + " is shown " + str(n) + " times, but " + str(decks)
                                + " deck(s) hold only " + str(decks))
    quiz = s["quiz"]
    if quiz is not None:
        hand = s["seats"][s["turn"]]["cards"]
        if hand is None:
            raise ScenarioError("quiz: the seat to move (" + str(s["turn"]) + ") shows its cards")
        held = rulecore.count(hand)
        for i, answer in enumerate(quiz["answers"]):
            if not answer or any(held.get(c, 0) < n for c, n in rulecore.count(answer).items()):
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

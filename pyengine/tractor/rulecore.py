"""The rule core: every constant of the rules and the few rules both interpreters need.

One copy, so the CPython engine and the MicroPython checkers cannot drift apart:

* the constants: suits, ranks, suit symbols, trumps, hand and kitty sizes, a deck's
  points, every rule option (RULES §6) and the phases of a match (RULES §3);
* the rank ladder of an effective suit (RULES §1), runs of adjacent orders,
  decomposition into units (RULES §2), the unit that beats another and the unit a
  failed throw forces (RULES §4).

The engine builds on it (``cards``, ``rules``, ``trump``, ``units``, ``trick``), with
card ids; the embed's checker (``scenario_check``) and the painter's checker of the
stored view (``web/micro/paint_check.py``) use it in MicroPython, with card texts: a card is
any hashable value here, and a ladder (a list of rungs, lowest first, each the cards
of one order) says how they rank.

This file runs unchanged in CPython and in MicroPython (the build ships it beside
``scenario_check.py`` and ``jsonscan.py``, where MicroPython imports it as the
top-level module ``rulecore``): it imports nothing, uses no ``dataclasses``,
``typing``, ``enum`` or ``functools``, and its annotations are never evaluated there.

>>> ladder("S", "5", "H", False)[2:4], ladder("T", "A", "NT", True)
([['4S'], ['6S']], [['2S', '2H', '2C', '2D'], ['AS', 'AH', 'AC', 'AD'], ['SJ'], ['BJ']])
"""

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from collections.abc import Sequence
    from typing import Any

SUITS = ("S", "H", "C", "D")
"""The suit letters in suit order (a card's id is ``suit * 13 + rank``, ``tractor.cards``)."""
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D", "♤": "S", "♡": "H", "♧": "C", "♢": "D"}
"""The suit symbols a card may be written with, and their letters."""
SYMBOL_OF = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
"""The symbol drawn for each suit letter."""
TRUMPS = ("S", "H", "C", "D", "NT")
"""A hand's trump: a suit letter or no trump."""
HAND_SIZE = {1: 12, 2: 25, 3: 39}
"""Cards dealt to each seat, by the number of decks."""
KITTY_SIZE = {1: 6, 2: 8, 3: 6}
"""Cards in the kitty (底牌), by the number of decks."""
DECK_POINTS = 100
"""The points of one deck (RULES §1: its 5s, 10s and Ks)."""
TAKE_DEAL_POINTS = {1: 40, 2: 80, 3: 120}
"""The attackers' points that take the deal (RULES §5's first attacking row), by decks."""
TOP_LEVEL = RANKS[-1]
"""The last level (RULES §5): the match is won by keeping the deal as defenders at it."""

RULE_OPTIONS = {  # type: dict[str, tuple[Any, ...]]
    "decks": (1, 2, 3),
    "partners": ("fixed", "find_friend"),
    "scoring": ("standard", "qq"),
    "declare_window": ("during_deal", "after_deal"),
    "first_dealer": ("declarer", "first_declarer"),
    "no_declaration": ("kitty_third_card", "no_trump"),
    "twos_always_trump": (False, True),
    "kitty_theft": (False, True),
    "throw_penalty": (False, True),
    "friend_rule": ("nearest_holder", "first_copy", "second_copy"),
}
"""The rule options of RULES §6 and their values, as the table's settings offer them."""
RULE_DEFAULTS = {  # type: dict[str, Any]
    "decks": 2,
    "partners": "fixed",
    "scoring": "standard",
    "declare_window": "during_deal",
    "first_dealer": "declarer",
    "no_declaration": "kitty_third_card",
    "twos_always_trump": False,
    "kitty_theft": False,
    "throw_penalty": False,
    "friend_rule": "nearest_holder",
}
"""Each option's value when none is given."""
SEAT_DEALERS = ("seat0", "seat1", "seat2", "seat3")
"""Extra ``first_dealer`` values: that seat deals the first hand, whoever declares.

Not in ``RULE_OPTIONS`` (the table's settings offer the two RULES options only); tools
such as the arena use them to start every duplicate deal with the same dealer.
"""


def _choices() -> "dict[str, tuple[Any, ...]]":
    out = {}
    for key in RULE_OPTIONS:
        default = RULE_DEFAULTS[key]
        others = RULE_OPTIONS[key] + (SEAT_DEALERS if key == "first_dealer" else ())
        out[key] = (default,) + tuple(v for v in others if v != default)
    return out


RULE_CHOICES = _choices()
"""Every accepted value of each rule option, the default first (``SEAT_DEALERS`` too)."""

PHASES = ("deal", "declare", "theft", "bury", "call", "play", "hand_over", "match_over")
"""The phases of a match, in the order a hand goes through them (``tractor.match``)."""


def count(cards: "Sequence[Any]") -> "dict[Any, int]":
    """A multiset: each card and how many times it is in ``cards``."""
    out: dict[Any, int] = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


def effective_suit(card: str, level: str, trump: str, twos: bool) -> str:
    """``T`` for a trump, else the printed suit of a card text (RULES §1).

    >>> [effective_suit(c, "5", "H", False) for c in ("5S", "AH", "AS", "BJ")]
    ['T', 'T', 'S', 'T']
    """
    if card in ("SJ", "BJ"):
        return "T"
    rank, suit = card[:-1], card[-1:]
    if rank == level or suit == trump or (twos and rank == "2" and level != "2"):
        return "T"
    return suit


def ladder(suit: str, level: str, trump: str, twos: bool) -> "list[list[str]]":
    """The orders of effective suit ``suit`` (a letter or ``T``), lowest first (RULES §1).

    Each rung lists the card texts of one order: the off-suit level cards (and 2s
    under ``twos_always_trump``) share one, in suit order S H C D. The engine's
    ``trump.Trump`` is built from these ladders.

    >>> [r[0] for r in ladder("T", "5", "H", True)[-6:]]
    ['2S', '2H', '5S', '5H', 'SJ', 'BJ']
    """
    twos = twos and level != "2"
    plain = [r for r in RANKS if r != level and not (twos and r == "2")]
    if suit != "T":
        return [[r + suit] for r in plain]
    rungs = [] if trump == "NT" else [[r + trump] for r in plain]
    for rank in (["2", level] if twos else [level]):
        rungs.append([rank + x for x in SUITS if x != trump])
        if trump != "NT":
            rungs.append([rank + trump])
    return rungs + [["SJ"], ["BJ"]]


def runs(held: "dict[Any, int]", rungs: "Sequence[Sequence[Any]]", width: int) -> "list[Any]":
    """Maximal runs of adjacent orders holding ``width`` copies of a card, one card per
    order (the first in its rung that has them), lowest first.

    >>> runs({"3S": 2, "4S": 3, "6S": 2, "8S": 1}, ladder("S", "5", "H", False), 2)
    [['3S', '4S', '6S']]
    """
    out = []
    current = []
    for rung in rungs:
        pick = None
        for card in rung:
            if held.get(card, 0) >= width:
                pick = card
                break
        if pick is not None:
            current.append(pick)
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def orders(rungs: "Sequence[Sequence[Any]]") -> "dict[Any, int]":
    """Each card of the ladder and its order (its rung's index; higher is stronger)."""
    out = {}
    for i, rung in enumerate(rungs):
        for card in rung:
            out[card] = i
    return out


def decompose(cards: "Sequence[Any]", rungs: "Sequence[Sequence[Any]]",
              order: "Any" = None) -> "list[Any]":
    """A one-suit play's units as ``(width, cards low to high)`` (RULES §2): Titanics,
    triples, tractors (each time the longest, lowest run), pairs, singles; sorted
    widest, longest, highest first. ``order`` maps a card to its order (``orders``
    of the rungs when None).

    >>> decompose("9S 9S 10S 10S JS JS JS".split(), ladder("S", "2", "H", False))
    [(3, ['JS']), (2, ['9S', '10S'])]
    """
    if order is None:
        order = orders(rungs)
    held = count(cards)
    first: dict[Any, int] = {}
    for i, card in enumerate(cards):
        first[card] = first.get(card, i)
    # equal orders in the order first played (MicroPython's sort is not stable)
    ranked = sorted(first, key=lambda c: (order[c], first[c]))
    found: list[Any] = []
    for width in (3, 2):
        while True:  # the longest run (the lowest of equals), again and again
            best: list[Any] = []
            for run in runs(held, rungs, width):
                best = run if len(run) > len(best) else best
            if len(best) < 2:
                break
            for card in best:
                held[card] -= width
            found.append((width, best))
        for size in (3,) if width == 3 else (2, 1):
            for card in ranked:
                while held[card] >= size:
                    held[card] -= size
                    found.append((size, [card]))
    places = list(range(len(found)))
    places.sort(key=lambda i: (-found[i][0], -len(found[i][1]), -order[found[i][1][-1]], i))
    return [found[i] for i in places]


def beating(unit: "Any", held: "dict[Any, int]", rungs: "Sequence[Sequence[Any]]",
            order: "Any") -> "list[Any]":
    """The lowest unit of ``unit``'s kind and size (``(width, cards low to high)``) in
    ``held`` that beats it, as its cards, or []: a pair inside a held tractor or triple
    counts, and so does a single inside a pair (RULES §4)."""
    width, cards = unit
    n = len(cards)
    for run in runs(held, rungs, width):
        for start in range(len(run) - n + 1):
            if order[run[start + n - 1]] > order[cards[-1]]:
                return [card for card in run[start:start + n] for _ in range(width)]
    return []


def forced_unit(units: "Sequence[Any]", hands: "Sequence[Any]", rungs: "Sequence[Sequence[Any]]",
                order: "Any") -> "Any":
    """The unit a throw of ``units`` is cut to, as ``(unit, seat, beating cards)``, or None
    when the throw stands (RULES §4, ``throw_fails``).

    ``hands`` lists ``(seat, held)`` of the hands known, in playing order after the
    leader. A unit is beaten by the first hand holding a unit of its kind and size
    that beats it (``beating``); of the beaten units the throw keeps the one with the
    lowest top (ties: the smaller).

    >>> rungs = ladder("S", "2", "H", False)
    >>> units = decompose("KS QS QS".split(), rungs)
    >>> forced_unit(units, [(1, {"AS": 1}), (2, {"AS": 2})], rungs, orders(rungs))
    ((2, ['QS']), 2, ['AS', 'AS'])
    """
    worst: Any = None
    for unit in units:
        for seat, held in hands:
            beat = beating(unit, held, rungs, order)
            if beat:
                key = (order[unit[1][-1]], unit[0] * len(unit[1]))
                if worst is None or key < worst[0]:
                    worst = (key, unit, seat, beat)
                break
    return None if worst is None else worst[1:]

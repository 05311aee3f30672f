"""The stable referee API: rule questions asked and answered as card text.

Every function takes cards as text in the notation of RULES §1 (``AS``, ``10H``,
``SJ``, ``BJ``; ``T`` for 10 and the suit symbols are accepted; a list of cards
is separated by spaces, and a run written without spaces such as ``3S3S4S4S``
is read card by card too), a level rank as text (``"2"`` … ``"A"``) and a trump
suit letter or ``"NT"``. ``decks`` is 1, 2 or 3 (default 2).

The functions are thin: the rules live in ``tractor.units``, ``tractor.follow``,
``tractor.trick`` and ``tractor.scoring``; this module parses, validates and
formats. Malformed input raises ``ValueError`` with a message that names the
problem: bad card text, a bad level, trump suit or deck count, more copies of a
card than the decks hold, a lead of several effective suits, a play that is not
in the hand, follows of the wrong size in a trick.

>>> is_tractor("5S 5S 5H 5H", "5", "H")
True
>>> decompose("3S3S3S4S4S", "2", "H", decks=3)
['3S 3S 3S', '4S 4S']
>>> throw_result("9S 8S 8S 4S 4S", ["QS QS", "", ""], "2", "H")
'4S 4S'
>>> level_change(85)
('attackers', 0)
>>> is_tractor("AS AS AS", "2", "H")
Traceback (most recent call last):
...
ValueError: 'AS AS AS' has 3 copies of AS but 2 decks hold only 2
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .. import trick, units
from ..cards import CARDS, Card, CardError, counts_of, format_cards, parse_cards, rank_index
from ..follow import Lead, LeadError, analyse_lead, check_follow
from ..scoring import level_change as _level_change
from ..trump import Trump, parse_trump_suit, trump_for

__all__ = [
    "is_tractor",
    "decompose",
    "is_legal_follow",
    "trick_winner",
    "throw_result",
    "kitty_multiplier",
    "level_change",
]

MAX_CARDS = 162
"""The most cards any argument may hold: every card of three decks (3 × 54)."""
MAX_TEXT = 1200
"""The longest card text read: 162 cards written ``10♠`` with a space each fit easily."""
MAX_POINTS = 10**9
"""Beyond any hand: the largest kitty bonus, a 60-point kitty under a 13-triple Titanic,
is 60·2·3¹³ ≈ 1.9·10⁸."""

_TOKEN = re.compile(r"SJ|BJ|(?:10|[2-9TJQKA])[SHCD♠♥♣♦♤♡♧♢]", re.IGNORECASE)


# ------------------------------------------------------------------ parsing
def _check_decks(decks: int) -> int:
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in (1, 2, 3):
        raise ValueError(f"decks must be 1, 2 or 3, not {decks!r}")
    return decks


def _trump(level: str, trump: str, twos_always_trump: bool = False) -> Trump:
    if not isinstance(level, str):
        raise ValueError(f"level must be a rank text '2'..'A', not {level!r}")
    if not isinstance(trump, str):
        raise ValueError(f"trump must be a suit letter S, H, C, D or 'NT', not {trump!r}")
    try:
        return trump_for(rank_index(level), parse_trump_suit(trump), bool(twos_always_trump))
    except CardError as err:
        raise ValueError(str(err)) from None


def _split(chunk: str) -> list[str]:
    """One whitespace-free chunk as card texts (``3S3S`` is two cards)."""
    try:
        Card.parse(chunk)
        return [chunk]
    except CardError:
        pass
    out: list[str] = []
    pos = 0
    while pos < len(chunk):
        found = _TOKEN.match(chunk, pos)
        if found is None:
            raise ValueError(
                f"not a card: {chunk[pos:]!r} in {chunk!r} "
                "(write rank then suit, e.g. AS, 10H, SJ, BJ)"
            )
        out.append(found.group())
        pos = found.end()
    return out


def _parse(text: str, decks: int, what: str = "cards") -> list[Card]:
    """Card text to cards, checking that ``decks`` decks can hold them."""
    if not isinstance(text, str):
        raise ValueError(f"{what} must be card text such as 'AS AS 10H', not {text!r:.60}")
    if len(text) > MAX_TEXT:
        raise ValueError(
            f"{what} is {len(text):,} characters long; the largest legal hand ({MAX_CARDS} "
            f"cards) is written in fewer than {MAX_TEXT}"
        )
    parts = [p for chunk in text.replace(",", " ").split() for p in _split(chunk)]
    try:
        cards = parse_cards(parts)
    except CardError as err:
        raise ValueError(str(err)) from None
    _check_copies(cards, decks, repr(text))
    return cards


def _check_copies(cards: Sequence[int], decks: int, where: str) -> None:
    for card, n in enumerate(counts_of(cards)):
        if n > decks:
            raise ValueError(
                f"{where} has {n} copies of {CARDS[card]} but "
                + ("1 deck holds only 1" if decks == 1 else f"{decks} decks hold only {decks}")
            )


def _nonempty(cards: list[Card], what: str) -> list[Card]:
    if not cards:
        raise ValueError(f"{what} needs at least one card")
    return cards


def _lead(cards: list[Card], order: Trump) -> Lead:
    try:
        return analyse_lead(cards, order)
    except LeadError as err:
        suits = sorted({order.suit_name(c) for c in cards})
        raise ValueError(f"{err}: {format_cards(cards)!r} mixes {', '.join(suits)}") from None


# --------------------------------------------------------------------- API
def is_tractor(
    cards: str, level: str, trump: str, decks: int = 2, twos_always_trump: bool = False
) -> bool:
    """Whether ``cards`` are exactly one tractor: two or more adjacent pairs (RULES §2).

    >>> is_tractor("4S 4S 6S 6S", "5", "H"), is_tractor("5S 5S 6S 6S", "5", "H")
    (True, False)
    >>> is_tractor("5S 5S 5H 5H", "5", "NT"), is_tractor("KH KH AS AS", "A", "H")
    (False, True)
    >>> is_tractor("AH AH 2S 2S", "5", "H", twos_always_trump=True)
    True
    """
    d = _check_decks(decks)
    order = _trump(level, trump, twos_always_trump)
    return units.is_tractor(_parse(cards, d), order)


def decompose(cards: str, level: str, trump: str, decks: int = 2) -> list[str]:
    """The units of a play in priority order (RULES §2), each as card text.

    Titanics (longest first), triples, tractors (longest first), pairs, singles;
    cards within a unit run from low to high.

    >>> decompose("9S9S10S10SJSJSJS", "2", "H", decks=3)
    ['JS JS JS', '9S 9S 10S 10S']
    >>> decompose("9S 9S 9S 10S 10S JS JS JS", "2", "H", decks=3)
    ['JS JS JS', '9S 9S 9S', '10S 10S']
    >>> decompose("AS KS 5S 5S 4S 4S", "10", "H")
    ['4S 4S 5S 5S', 'AS', 'KS']
    """
    d = _check_decks(decks)
    order = _trump(level, trump)
    return [u.text() for u in units.decompose(_parse(cards, d), order)]


def is_legal_follow(
    hand: str, lead: str, play: str, level: str, trump: str, decks: int = 2
) -> bool:
    """Whether ``play`` is a legal follow to ``lead`` from ``hand`` (RULES §4, *Following*).

    ``hand`` is the follower's whole hand before playing, so it includes the
    play's cards. A play of the wrong number of cards is not legal (False); a
    play that is not in the hand is malformed (``ValueError``).

    >>> is_legal_follow("7S 7S 8S 8S 5S 5S AH", "3S 3S 4S 4S", "7S 7S 8S 8S", "2", "H")
    True
    >>> is_legal_follow("7S 7S 8S 8S 5S 5S AH", "3S 3S 4S 4S", "7S 7S 5S 5S", "2", "H")
    False
    >>> is_legal_follow("7S AH", "3S 3S", "7S AH", "2", "H")
    True
    >>> is_legal_follow("7S AH", "3S 3S", "7S 7S", "2", "H")
    Traceback (most recent call last):
    ...
    ValueError: the play '7S 7S' is not in the hand: it has 2 × 7S, the hand 1
    """
    d = _check_decks(decks)
    order = _trump(level, trump)
    hand_cards = _parse(hand, d, "hand")
    lead_cards = _nonempty(_parse(lead, d, "lead"), "a lead")
    play_cards = _parse(play, d, "play")
    _check_copies(hand_cards + lead_cards, d, "the hand and the lead together")
    held = counts_of(hand_cards)
    for card, n in enumerate(counts_of(play_cards)):
        if n > held[card]:
            raise ValueError(
                f"the play {play!r} is not in the hand: it has {n} × {CARDS[card]}, "
                f"the hand {held[card]}"
            )
    analysed = _lead(lead_cards, order)
    return check_follow(held, analysed, play_cards, order) is None


def trick_winner(plays: list[str], level: str, trump: str, decks: int = 2) -> int:
    """Index of the play that wins the trick; ``plays[0]`` is the lead (RULES §4).

    The lead must be one effective suit and every follow as many cards as the
    lead. Equal plays: the earliest wins.

    >>> trick_winner(["5S 4S 4S", "9H 7H 7H", "8H 8H 4H"], "10", "H")
    2
    >>> trick_winner(["5S 6S 7S", "9H 7H 7H", "8H 8H 4H"], "10", "H")
    1
    >>> trick_winner(["AS AS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H"], "10", "H")
    0
    """
    d = _check_decks(decks)
    order = _trump(level, trump)
    if isinstance(plays, str) or not isinstance(plays, Sequence):
        raise ValueError("plays must be a list of card texts, the lead first")
    if not 1 <= len(plays) <= 4:
        raise ValueError(f"a trick has 1 to 4 plays, not {len(plays)}")
    parsed = [_parse(p, d, f"play {i}") for i, p in enumerate(plays)]
    lead = _lead(_nonempty(parsed[0], "a lead"), order)
    for i, p in enumerate(parsed[1:], start=1):
        if len(p) != lead.size:
            raise ValueError(
                f"play {i} ({plays[i]!r}) has {len(p)} card(s); every follow has as many "
                f"as the lead ({lead.size})"
            )
    _check_copies([c for p in parsed for c in p], d, "the trick")
    return trick.winner(lead, parsed, order)


def throw_result(lead: str, others: list[str], level: str, trump: str, decks: int = 2) -> str:
    """The cards actually led when ``lead`` is tried against the other hands (RULES §4).

    ``others`` are the hands of the other players (up to three, in playing order
    after the leader; a missing hand holds nothing). A single unit always stands;
    a throw stands when nobody holds a beating unit of the same kind and size in
    the led suit, else only its failing unit with the lowest top card is played.
    The result is the lead itself (as normalised card text) when it stands.

    >>> throw_result("9S 8S 8S 4S 4S", ["JS"], "2", "H")
    '9S'
    >>> throw_result("9S 8S 8S 4S 4S", ["5S 5S", "", "AH"], "2", "H")
    '4S 4S'
    >>> throw_result("9S 8S 8S 4S 4S", ["7S 6S", "3S 3S"], "2", "H")
    '9S 8S 8S 4S 4S'
    """
    d = _check_decks(decks)
    order = _trump(level, trump)
    cards = _nonempty(_parse(lead, d, "lead"), "a lead")
    if isinstance(others, str) or not isinstance(others, Sequence):
        raise ValueError("others must be a list of hands (card texts), one per other player")
    if len(others) > 3:
        raise ValueError(f"there are only three other players, not {len(others)}")
    hands = [_parse(h, d, f"hand {i}") for i, h in enumerate(others)]
    _check_copies(cards + [c for h in hands for c in h], d, "the lead and the other hands together")
    analysed = _lead(cards, order)
    failure = trick.check_throw(
        analysed, [(i + 1, counts_of(h)) for i, h in enumerate(hands)], order
    )
    if failure is None:
        return format_cards(cards)
    return failure.forced.text()


def kitty_multiplier(winning_play: str, level: str, trump: str, decks: int = 2) -> int:
    """The kitty bonus multiplier of the last trick's winning play (RULES §3.6).

    The first of these the play contains: a Titanic of n triples → 2·3ⁿ; a triple
    → 6; a tractor of n pairs (the longest) → 2·2ⁿ; a pair → 4; else 2.

    >>> kitty_multiplier("9S9S10S10SJSJSJS", "2", "H", decks=3)
    6
    >>> kitty_multiplier("3S 3S 4S 4S 5S 5S", "2", "H"), kitty_multiplier("AS KS", "2", "H")
    (16, 2)
    """
    d = _check_decks(decks)
    order = _trump(level, trump)
    cards = _nonempty(_parse(winning_play, d, "winning play"), "a winning play")
    return trick.kitty_multiplier(cards, order)


def level_change(points: int, decks: int = 2, scoring: str = "standard") -> tuple[str, int]:
    """Who moves up and by how much for the attackers' ``points`` (RULES §5).

    ``("defenders", n)``: the defenders keep the deal and go up n levels;
    ``("attackers", n)``: the attackers take the deal and go up n (0: no level).
    ``scoring`` is ``"standard"`` or ``"qq"``.

    >>> level_change(0), level_change(75), level_change(120), level_change(80, scoring="qq")
    (('defenders', 3), ('defenders', 1), ('attackers', 1), ('attackers', 1))
    >>> level_change(45, decks=1), level_change(180, decks=3)
    (('attackers', 0), ('attackers', 1))
    """
    if isinstance(points, bool) or not isinstance(points, int):
        raise ValueError(f"points must be an int, not {points!r:.60}")
    if not -MAX_POINTS <= points <= MAX_POINTS:
        raise ValueError(f"points must be between -{MAX_POINTS:,} and {MAX_POINTS:,}")
    d = _check_decks(decks)
    if scoring not in ("standard", "qq"):
        raise ValueError(f"scoring must be 'standard' or 'qq', not {scoring!r}")
    return _level_change(points, d, scoring)

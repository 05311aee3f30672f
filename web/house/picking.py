"""Smart selection: the cards one tap picks, and the cards a refused play concerns.

Pure functions of seat 0's match and hand (the view's ``hand``, its cards' texts in
display order, so a selection is a set of its indices). The rules are the engine's
(``tractor.follow``): nothing here says what is legal, it only asks.

* **Following** a led pair or tractor (or triple, or Titanic: one unit of matched
  cards): a tap on a card of the led suit that seat 0 holds as a pair (or more)
  picks the whole unit the rules force, the pair, or the run of pairs as long as
  the lead's (``forced_unit``). A unit is picked only if some legal follow holds it
  (``check_follow`` on the unit completed with the cards the engine says a best
  follow uses, ``required_cards``); else the tap toggles the one card.
* **Leading**: a tap toggles one card; a second tap at once (a double click or a
  double tap) picks the card's pair, or the longest tractor it is part of
  (``led_unit``).
* **A refused play** flags cards of the hand (``flagged_cards``): when the lead
  must be followed in suit, the led suit's cards; when its shape must be
  matched, the cards of the engine's best-matching follow (``must``); else the
  cards that were refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tractor.cards import CARDS, Card
from tractor.follow import Lead, check_follow, required_cards
from tractor.match import Match
from tractor.trump import Trump
from tractor.units import runs

from house.state import HUMAN

FOLLOW_RULES = ("follow_suit", "follow_pairs", "follow_tractor", "follow_triples",
                "follow_titanic")
"""The refusals that say which cards must be played (flagged ``must``)."""


def suit_counts(counts: Sequence[int], trump: Trump, suit: int) -> dict[int, int]:
    """Seat 0's cards of one effective suit, as counts per card id."""
    return {c: counts[c] for c in trump.by_suit[suit] if counts[c]}


def indices_of(hand: Sequence[str], cards: Iterable[int], first: int | None = None) -> set[int]:
    """Indices of the hand holding ``cards`` (each as often as named; ``first`` first)."""
    chosen: set[int] = set()
    for card in cards:
        text = str(CARDS[card])
        if first is not None and first not in chosen and hand[first] == text:
            chosen.add(first)
            continue
        index = next((i for i, c in enumerate(hand) if c == text and i not in chosen), None)
        if index is not None:
            chosen.add(index)
    return chosen


def windows(run: list[int], card: int, length: int) -> list[list[int]]:
    """The stretches of ``length`` consecutive ids of ``run`` that hold ``card``, the one
    starting at it first."""
    at = run.index(card)
    starts = range(max(0, at - length + 1), min(at, len(run) - length) + 1)
    return [run[s:s + length] for s in sorted(starts, key=lambda s: (s != at, abs(s - at)))]


def completed(unit: list[int], counts: Sequence[int], lead: Lead, trump: Trump) -> list[int]:
    """``unit`` made up to the lead's size: the cards a best follow uses first, then the
    led suit's others, then any (the engine's check then says if it could be played)."""
    play, left = list(unit), list(counts)
    for c in unit:
        left[c] -= 1
    best = required_cards(counts, lead, trump)
    in_suit = [c for c in trump.by_suit[lead.suit] for _ in range(left[c])]
    others = [c for c in range(len(left)) if trump.suit[c] != lead.suit
              for _ in range(left[c])]
    for c in [*best, *in_suit, *others]:
        if len(play) == lead.size:
            break
        if left[c] > 0:
            play.append(c)
            left[c] -= 1
    return play


def candidate_units(counts: Sequence[int], lead: Lead, trump: Trump, card: int) -> list[list[int]]:
    """The units holding ``card`` that could answer the lead's one unit, longest first:
    runs of its width as long as the lead's (or shorter), then the card's pair."""
    unit = lead.units[0]
    width, length = min(unit.width, counts[card]), unit.length
    out: list[list[int]] = []
    if width == unit.width:
        for run in runs(suit_counts(counts, trump, lead.suit), trump, lead.suit, width):
            if card in run:
                for size in range(min(length, len(run)), 0, -1):
                    out += [[c for c in w for _ in range(width)] for w in windows(run, card, size)]
    out.append([card, card])
    return out


def forced_unit(match: Match, hand: Sequence[str], index: int) -> set[int] | None:
    """When seat 0 follows a led unit of matched cards and the tapped card is part of
    one it must play: the hand's indices of that unit (None: the tap toggles one card)."""
    lead, trump = match.lead, match.trump
    if (match.phase != "play" or match.to_move != HUMAN or lead is None or trump is None
            or lead.is_throw or not lead.has_structure or not 0 <= index < len(hand)):
        return None
    card = Card.parse(hand[index])
    counts = match.hands[HUMAN]
    if trump.suit[card] != lead.suit or counts[card] < 2:
        return None
    for unit in candidate_units(counts, lead, trump, card):
        if check_follow(counts, lead, completed(unit, counts, lead, trump), trump) is None:
            return indices_of(hand, unit, index)
    return None


def led_unit(match: Match, hand: Sequence[str], index: int) -> set[int] | None:
    """When seat 0 leads: the tapped card's pair, or the longest tractor it is part of
    (None: the card is held once)."""
    trump = match.trump
    if (match.phase != "play" or match.to_move != HUMAN or match.trick or trump is None
            or not 0 <= index < len(hand)):
        return None
    card = Card.parse(hand[index])
    counts = match.hands[HUMAN]
    if counts[card] < 2:
        return None
    suit = trump.suit[card]
    for run in runs(suit_counts(counts, trump, suit), trump, suit, 2):
        if card in run:
            return indices_of(hand, [c for c in run for _ in range(2)], index)
    return indices_of(hand, [card, card], index)


def flagged_cards(match: Match, hand: Sequence[str], rule: str,
                  refused: Iterable[int]) -> tuple[str, tuple[int, ...]]:
    """After a refused play: the flag (``must`` or ``refused``) and the hand's indices it
    marks: the cards that must be played, else those that were refused."""
    lead, trump = match.lead, match.trump
    if rule in FOLLOW_RULES and lead is not None and trump is not None:
        counts = match.hands[HUMAN]
        if rule == "follow_suit":
            cards = [c for c, k in suit_counts(counts, trump, lead.suit).items()
                     for _ in range(k)]
        else:
            cards = required_cards(counts, lead, trump)
        return "must", tuple(sorted(indices_of(hand, cards)))
    return "refused", tuple(sorted(i for i in refused if 0 <= i < len(hand)))

"""What the page reads from its address, typed and bounded; and the links it makes.

* ``?seed=N`` seeds the first new match (tutorials, tests); ``?speed=instant`` sets
  the speed for this visit.
* A shared deal, ``?deal=N`` with the rule options that differ from the defaults
  (``&decks=3&partners=find_friend``…), opens a new match with those rules and
  that seed, so two people play the same cards.

>>> parse_query("?seed=42&speed=instant")
Query(seed=42, speed='instant', deal=None, deal_refused=False)
>>> parse_query("?deal=7&decks=9").deal_refused
True
>>> parse_query("?seed=²&speed=<b>") == parse_query("?seed=" + "9" * 5000) == Query()
True
>>> from tractor.rules import Rules
>>> share_query(Rules(decks=3, kitty_theft=True), 7)
'?deal=7&decks=3&kitty_theft=true'
>>> parse_query(share_query(Rules(decks=3, kitty_theft=True), 7)).deal
(Rules(decks=3, partners='fixed', scoring='standard', declare_window='during_deal', \
first_dealer='declarer', no_declaration='kitty_third_card', twos_always_trump=False, \
kitty_theft=True, throw_penalty=False, friend_rule='nearest_holder'), 7)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from tractor.match import MAX_SEED
from tractor.rules import CHOICES, Rules, RulesError

from store.settings import SPEEDS, rule_value

MAX_QUERY = 2000
"""Longer query strings are ignored whole (nothing we read is that long)."""
_SEED = re.compile(r"[0-9]{1,19}", re.ASCII)


@dataclass(frozen=True)
class Query:
    """What the address asks for; None where it asks nothing (or nothing valid)."""

    seed: int | None = None
    speed: str | None = None
    deal: tuple[Rules, int] | None = None
    deal_refused: bool = False  # the address had a shared deal that is not valid


def parse_seed(text: str) -> int | None:
    """A seed written in ASCII digits, 0 to ``MAX_SEED``; anything else None."""
    if not _SEED.fullmatch(text):
        return None
    seed = int(text)
    return seed if seed <= MAX_SEED else None


def parse_query(search: str) -> Query:
    """The seed, speed and shared deal of a query string (each None when absent or bad)."""
    named_deal = "deal=" in search
    if len(search) > MAX_QUERY:
        return Query(deal_refused=named_deal)
    try:
        query = parse_qs(search.lstrip("?"), max_num_fields=20)
    except ValueError:  # too many fields
        return Query(deal_refused=named_deal)

    def first(name: str) -> str:
        return query.get(name, [""])[0]

    speed = first("speed")
    deal = parse_deal(query)
    return Query(
        seed=parse_seed(first("seed")),
        speed=speed if speed in SPEEDS else None,
        deal=deal,
        deal_refused=deal is None and named_deal,
    )


def parse_deal(query: dict[str, list[str]]) -> tuple[Rules, int] | None:
    """The shared deal of a parsed query: every rule option must be valid, or none is used."""
    seed = parse_seed(query.get("deal", [""])[0])
    if seed is None:
        return None
    options = {}
    for name in CHOICES:
        if name in query:
            try:
                options[name] = rule_value(name, query[name][0])
            except RulesError:
                return None
    return Rules(**options), seed


def share_query(rules: Rules, seed: int) -> str:
    """The query of a link to this deal: the seed and the rule options not at their default."""
    changed = {name: str(value).lower() for name, value in rules.changed().items()}
    return "?" + urlencode({"deal": seed, **changed})


def embed_address(address: str) -> str:
    """The embed page beside the page at ``address`` (where position and quiz links point).

    >>> embed_address("https://example.org/tractor/index.html")
    'https://example.org/tractor/embed.html'
    """
    return address[: address.rfind("/") + 1] + "embed.html"

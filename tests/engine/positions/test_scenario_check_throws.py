"""``scenario_check`` refuses a throw lead that a face-up hand beats exactly as the engine does.

A show-only embed never starts the engine, so ``scenario_check`` (MicroPython too)
carries a small copy of the ``throw_fails`` rule (RULES §4). Seeded random scenarios
whose trick is led by a throw (plain suits and trumps, 1/2/3 decks, NT,
``twos_always_trump``, shown, backed and hidden hands, followers in the trick) are
checked twice: by ``scenario_check.check`` and by ``tractor.positions.scenario.load`` with
``scenario_check``'s own throw check switched off (so the engine's ``check_throw``
decides). The two refuse the same scenarios with the same message.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from tractor import scenario_check
from tractor.cards import CARD_KINDS, TEXT, counts_of, parse_cards
from tractor.follow import analyse_lead, legal_follows
from tractor.positions import scenario
from tractor.rulecore import HAND_SIZE, RANKS
from tractor.scenario_check import ScenarioError
from tractor.trump import TRUMP, Trump

CASES = 2000
SEEDS = range(0, CASES, 100)


def _lead(rng: random.Random, trump: Trump, suit: int, decks: int) -> list[int]:
    """Two to six orders of ``suit``, often adjacent and high, 1 (or 2) to ``decks`` copies each."""
    rungs = trump.rungs[suit]
    if len(rungs) < 2:
        return []
    want = rng.randint(2, min(6, len(rungs)))
    if rng.random() < 0.5:  # a block of adjacent orders (tractors), often near the top
        start = rng.randint(max(0, len(rungs) - want - 3), len(rungs) - want)
        picked = list(rungs[start:start + want])
    else:
        picked = rng.sample(rungs, want)
    least = 2 if decks > 1 and rng.random() < 0.4 else 1  # no singles: pairs, tractors beaten
    lead: list[int] = []
    for rung in picked:  # off-suit level cards share a rung: sometimes two of them
        for card in rng.sample(rung, 2 if len(rung) > 1 and rng.random() < 0.4 else 1):
            lead += [card] * rng.randint(least, decks)
    rng.shuffle(lead)  # equal cards are ranked in the order first played
    return lead


def _block(rng: random.Random, deck: list[int], trump: Trump, suit: int, decks: int,
           most: int) -> list[int]:
    """Often a pair, triple or tractor of ``suit`` taken from ``deck`` (random hands
    seldom hold one that could beat a throw's pair)."""
    rungs = trump.rungs[suit]
    width, length = rng.randint(2, max(2, decks)), rng.randint(1, 3)
    if decks == 1 or rng.random() < 0.5 or width * length > most or length > len(rungs):
        return []
    start = rng.randrange(len(rungs) - length + 1)
    block = [rng.choice(rung) for rung in rungs[start:start + length]]
    taken = [c for c in block for _ in range(width)]
    if any(deck.count(c) < taken.count(c) for c in block):
        return []
    for c in taken:
        deck.remove(c)
    return taken


def random_scenario(rng: random.Random) -> str | None:
    """A scenario whose trick is led by a multi-unit lead (None: nothing to lead)."""
    decks = rng.choice((1, 2, 3))
    level, trump_text = rng.choice(RANKS), rng.choice(("S", "H", "C", "D", "NT"))
    twos = rng.random() < 0.5
    trump = Trump.of(level, trump_text, twos)
    deck = [c for c in range(CARD_KINDS) for _ in range(decks)]
    suit = rng.choice([s for s in range(5) if trump.by_suit[s]])
    lead = _lead(rng, trump, suit, decks)
    if not lead or len(analyse_lead(lead, trump).units) < 2:
        return None
    for c in lead:
        deck.remove(c)
    rng.shuffle(deck)
    size = rng.randint(len(lead), min(HAND_SIZE[decks], len(lead) + rng.choice((0, 2, 6, 12))))
    leader = rng.randrange(4)
    hands: dict[int, list[int]] = {leader: lead + [deck.pop() for _ in range(size - len(lead))]}
    for k in (1, 2, 3):
        hands[(leader + k) % 4] = hand = _block(rng, deck, trump, suit, decks, size)
        hand += [deck.pop() for _ in range(size - len(hand))]
    shows = {seat: rng.choice(("cards", "cards", "backs", "hidden")) for seat in range(4)}
    trick = [{"seat": leader, "cards": " ".join(TEXT[c] for c in lead)}]
    played = {leader: lead}
    led = analyse_lead(lead, trump)
    for k in range(1, rng.randint(1, 3)):  # a trick holds at most 3 plays
        seat = (leader + k) % 4
        if shows[seat] == "cards":
            play = list(rng.choice(list(itertools.islice(
                legal_follows(counts_of(hands[seat]), led, trump), 40))))
        else:
            play = rng.sample(hands[seat], len(lead))
        played[seat] = play
        trick.append({"seat": seat, "cards": " ".join(TEXT[c] for c in play)})
    seats: list[dict[str, Any]] = []
    for seat in range(4):
        left = list(hands[seat])
        for c in played.get(seat, []):
            left.remove(c)
        if shows[seat] == "cards":
            seats.append({"cards": " ".join(TEXT[c] for c in left)})
        else:
            seats.append({"backs": len(left)} if shows[seat] == "backs" else {})
    return json.dumps({"schema": "tractor-scenario", "version": 1, "level": level,
                       "trump": trump_text, "seats": seats, "trick": trick,
                       "rules": {"decks": decks, "twos_always_trump": twos}})


def refusal(read: Any, text: str) -> str | None:
    try:
        read(text)
    except ScenarioError as err:
        return str(err)
    return None


@pytest.mark.parametrize("first", SEEDS)
def test_scenario_check_refuses_exactly_the_throw_leads_the_engine_refuses(
    first: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    verdicts = {"fails": 0, "stands": 0}
    trumps = 0
    for seed in range(first, first + 100):
        text = random_scenario(random.Random(seed))
        if text is None:
            continue
        mine = refusal(scenario_check.check, text)
        with monkeypatch.context() as patched:
            patched.setattr(scenario_check, "_check_throw", lambda s: None)
            engine = refusal(scenario.load, text)
        assert refusal(scenario_check.check, text) == mine  # the patch is gone again
        if "throw_fails" in (mine or "") + (engine or ""):
            assert mine == engine, (seed, text)
            verdicts["fails"] += 1
        else:
            assert mine is None or mine == engine, (seed, text)
            verdicts["stands"] += 1
        data = json.loads(text)
        lead = parse_cards(data["trick"][0]["cards"])
        t = Trump.of(data["level"], data["trump"], data["rules"]["twos_always_trump"])
        trumps += t.suit[lead[0]] == TRUMP
    assert verdicts["fails"] >= 15 and verdicts["stands"] >= 15, verdicts  # both are exercised
    assert trumps >= 5


def test_the_rules_source_case_and_a_follower_s_hand_before_its_play() -> None:
    # RULES §4, L = 2, T = H: 9S 8S8S 4S4S; JS beats 9S, QS QS or 5S 5S beat 4S 4S.
    base: dict[str, Any] = {"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H",
            "trick": [{"seat": 3, "cards": "9S 8S 8S 4S 4S"}]}
    for held, beaten in (("JS 3C 3C 3D 3D", "which beats 9S"),
                         ("QS QS 3C 3D 3D", "holds QS QS, which beats 4S 4S"),
                         ("5S 5S 3C 3D 3D", "holds 5S 5S, which beats 4S 4S")):
        text = json.dumps(base | {"seats": [{"cards": held}, {}, {}, {"backs": 0}]})
        with pytest.raises(ScenarioError, match="seat 3's throw 9S 8S 8S 4S 4S fails: seat 0 "):
            scenario_check.check(text)
        assert beaten in str(refusal(scenario_check.check, text))
    followed = base | {"seats": [{"cards": "3C 3D"}, {}, {}, {"backs": 0}],
                       "trick": base["trick"] + [{"seat": 0, "cards": "QS QS 3S 3C 3D"}]}
    followed["seats"][3] = {"backs": 2}
    assert "seat 0 holds QS QS" in str(refusal(scenario_check.check, json.dumps(followed)))
    standing = base | {"seats": [{"cards": "3S 3S 3C 3D 3D"}, {}, {}, {"backs": 0}]}
    assert scenario_check.check(json.dumps(standing))["trick"][0]["seat"] == 3

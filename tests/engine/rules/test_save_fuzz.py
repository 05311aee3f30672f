"""Seeded fuzz of saved records: every mutation is refused cleanly or loads a reachable state.

Records of short matches under several rule sets (throwers included, so failed
throws and penalties are in them) are mutated 2,400 ways a run: actions dropped,
repeated, swapped, re-seated, re-carded, replaced by junk or markup; fields
retyped; nesting and truncation of the text. Each mutant either raises
``SaveError`` or loads into a match that replaying its own record reproduces,
with every card accounted for. Any other exception fails the test.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from tractor.cards import TEXT
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import SaveError, dumps, loads, record
from tractor.tools.simulate import check_cards

MUTANTS = 2400
HOSTILE = "<img src=x onerror=alert(1)>"
BASES = [
    (Rules(decks=1, partners="find_friend", kitty_theft=True, throw_penalty=True), 120),
    (Rules(decks=2, throw_penalty=True), 200),
    (Rules(decks=3, partners="find_friend"), 260),
    (Rules(decks=1, declare_window="after_deal", twos_always_trump=True), 150),
]


def base_record(rules: Rules, length: int, seed: int) -> dict[str, Any]:
    m = Match(rules, seed)
    players = [make_player(name, seed + s) for s, name in enumerate(["thrower", "basic"] * 2)]
    while len(m.actions) < length and not m.is_over:
        step(m, players)
    return record(m)


JUNK: list[Any] = [None, 7, 1.5, True, [], {}, "", HOSTILE, "0 play " + HOSTILE, "deal" * 300]


def mutate(data: dict[str, Any], rng: random.Random) -> str:
    """One mutant of a record, as text."""
    data = json.loads(json.dumps(data))
    actions: list[Any] = data["actions"]
    i = rng.randrange(len(actions))
    kind = rng.randrange(14)
    if kind == 0:
        del actions[i]
    elif kind == 1:
        actions.insert(i, actions[i])
    elif kind == 2 and i + 1 < len(actions):
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif kind == 3:
        seat_actions = [k for k, a in enumerate(actions) if a[0].isdigit()]
        k = rng.choice(seat_actions)
        actions[k] = str(rng.randrange(5)) + actions[k][1:]
    elif kind == 4:
        k = rng.choice([k for k, a in enumerate(actions) if a[0].isdigit()])
        words = actions[k].split(" ")
        if len(words) > 2:
            words[rng.randrange(2, len(words))] = rng.choice(TEXT + ("ZZ", HOSTILE, "1S"))
        actions[k] = " ".join(words)
    elif kind == 5:
        actions[i] = rng.choice(JUNK)
    elif kind == 6:
        del actions[i:]  # a prefix of a legal record: must load
    elif kind == 7:
        data["seed"] = rng.choice([-1, 2**63, 1.5, "7", None, True, 10**30, data["seed"] + 1])
    elif kind == 8:
        data["version"] = rng.choice([1, "2", True, 2.0, 3, None])
    elif kind == 9:
        data["rules"][rng.choice([*data["rules"], "cheat"])] = rng.choice(JUNK + [4, 3, "qq"])
    elif kind == 10:
        data["start_level"] = rng.choice([-1, 13, "2", None, 12, 5])
    elif kind == 11:
        actions.append(rng.choice(["deal", "end_deal", "next_hand", "0 pass", "1 play AS"]))
    elif kind == 12:
        depth = rng.choice([3, 50, 5000])
        return json.dumps(data).replace('"actions":', '"actions":' + "[" * depth, 1)
    else:
        text = json.dumps(data)
        cut = rng.randrange(len(text))
        if rng.random() < 0.5:
            return text[:cut]
        return text[:cut] + rng.choice('{}[]",:x') + text[cut:]
    return json.dumps(data)


@pytest.mark.parametrize("part", range(4))
def test_mutated_records_are_refused_or_load_a_reachable_state(part: int) -> None:
    rng = random.Random(f"save-fuzz/{part}")
    outcomes: Counter[str] = Counter()
    bases = [base_record(rules, length, part * 10 + k) for k, (rules, length) in enumerate(BASES)]
    for _ in range(MUTANTS // 4):
        text = mutate(rng.choice(bases), rng)
        try:
            m = loads(text)
        except SaveError as err:
            assert err.reason in ("not_ours", "old_version", "damaged")
            assert len(str(err)) < 400, "messages stay short whatever the input"
            outcomes[err.reason] += 1
            continue
        again = loads(dumps(m))
        assert again.state() == m.state() and again.actions == m.actions
        assert check_cards(m) == []
        outcomes["loaded"] += 1
    assert outcomes["loaded"] >= 60 and outcomes["damaged"] >= 200, outcomes
    assert outcomes["old_version"] > 0, outcomes

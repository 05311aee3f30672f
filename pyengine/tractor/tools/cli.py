"""Command line: ``python -m tractor simulate|arena|bench …``.

``simulate`` plays hands between computer players under any rule options and
checks the engine's invariants after every hand (exit code 1 if one broke);
``arena A B`` plays duplicate deals between two players (``tractor.tools.arena``);
``bench`` reports hands per second of random players with the default rules
(``--rollout``: of the hard player's fast rollout policy); ``scenario FILE.json``
checks a tutorial scenario (``tractor.positions.scenario``) and prints its link and ``<iframe>``;
``review RECORD.json --seat S`` prints the coach's marks for one hand (``tractor.coach.review``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..players import ALL_PLAYERS, PLAYER_NAMES
from ..rules import CHOICES, PRESETS, Rules, values_of
from .arena import arena
from .bench import bench, rollout_bench
from .simulate import simulate

FLAGS = ("twos_always_trump", "kitty_theft", "throw_penalty")
"""On/off rule options: ``--twos-always-trump`` turns one on, ``--no-…`` off."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tractor", description="Tractor rules engine: simulations and benchmarks"
    )
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play hands between computer players, check invariants")
    sim.add_argument("--hands", type=int, default=100, help="hands to play (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first match (default 0)")
    _add_rule_options(sim)
    sim.add_argument("--players", default="random,random,random,random",
                     help="comma-separated player per seat 0..3 (" + ", ".join(PLAYER_NAMES)
                          + ", or thrower: a random player that tries throws, many of which"
                          " fail)")
    for seat in range(4):
        sim.add_argument(f"--seat{seat}", choices=ALL_PLAYERS,
                         help=f"player of seat {seat}")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")

    ar = sub.add_parser("arena", help="duplicate deals: player A's team against player B's")
    ar.add_argument("a", choices=PLAYER_NAMES, help="player A")
    ar.add_argument("b", choices=PLAYER_NAMES, help="player B")
    ar.add_argument("--deals", type=int, default=100, help="duplicate deals (default 100)")
    ar.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    ar.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ar.add_argument("--declaring", action="store_true",
                    help="keep the dealer from declaring (default: a fixed first dealer per deal)")
    ar.add_argument("--json", action="store_true", help="print the result as JSON")
    _add_rule_options(ar)

    b = sub.add_parser("bench", help="hands per second: random players, 2 decks, one process")
    b.add_argument("--hands", type=int, default=200, help="timed hands (default 200)")
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--rollout", action="store_true",
                   help="time the search's fast rollout policy instead (whole hands from the "
                        "start of play, default rules)")

    sc = sub.add_parser("scenario", help="check a scenario file; print its link and iframe")
    sc.add_argument("file", help="the scenario's JSON file")
    sc.add_argument("--base", default="embed.html",
                    help="the embed page's address (default embed.html)")

    rv = sub.add_parser("review", help="the coach: mark one seat's decisions in one hand")
    rv.add_argument("record", help="a match record (JSON, as exported)")
    rv.add_argument("--seat", type=int, choices=range(4), required=True, help="seat 0..3")
    rv.add_argument("--hand", type=int, default=0, help="hand number, 0 the first (default 0)")
    rv.add_argument("--seed", type=int, default=0, help="seed of the sampled deals (default 0)")
    return parser


def review_command(path: str, seat: int, hand: int, seed: int) -> int:
    """Print the coach's review of ``seat`` in hand ``hand`` of the record in ``path``."""
    from ..coach.review import BEFORE_PLAY, DecisionReview, review_hand
    from ..save import MAX_SAVE_CHARS, SaveError, loads

    def place(d: DecisionReview) -> str:
        return f"before play, {d.kind}" if d.kind in BEFORE_PLAY else f"trick {d.trick + 1}"

    def line(d: DecisionReview) -> str:
        why = "" if d.why is None else f": {d.why[0]}" + "".join(
            f" {k}={v}" for k, v in sorted(d.why[1].items()))
        where = place(d) if d.kind in BEFORE_PLAY else f"{place(d)} {d.kind}"
        return (f"{where}: played {' '.join(d.played.cards) or 'pass'}, better "
                f"{' '.join(d.best.cards) or 'pass'} ({d.mark}, cost {d.cost:.2f} ± "
                f"{d.se:.2f}, {d.deals} deals){why}")

    try:
        with open(path, encoding="utf-8") as f:
            record = loads(f.read(MAX_SAVE_CHARS + 1))
    except (OSError, UnicodeDecodeError, SaveError) as err:
        print(f"{path}: {err}", file=sys.stderr)
        return 1
    review = review_hand(record, seat, hand, seed)
    marked = [d for d in review.decisions if d.mark != "fine"]
    print(f"hand {hand}, seat {seat}: {len(review.decisions)} decisions reviewed, "
          f"{len(marked)} marked, total cost {review.total_cost:.2f}")
    for d in marked:
        print(line(d))
    if review.worst:
        print("worst: " + "; ".join(f"{place(d)} ({d.cost:.2f})" for d in review.worst))
    return 0


def scenario_command(path: str, base: str) -> int:
    """Check the scenario in ``path``; print a summary, its link and iframe (exit code)."""
    from ..positions import scenario
    from ..scenario_check import MAX_CHARS

    try:
        with open(path, "rb") as f:
            data = f.read(4 * MAX_CHARS + 1)
        if len(data) > 4 * MAX_CHARS:
            raise scenario.ScenarioError(f"the file is larger than {4 * MAX_CHARS:,} bytes")
        text = data.decode("utf-8")
        s = scenario.load(text)
        shown = scenario.frames(text)
        if s["quiz"] is not None:  # load checked its answers, as the embed's worker does
            summary = f"quiz with {len(s['quiz']['answers'])} answers"
            mode = "quiz"
        else:
            mode = "steps" if s["steps"] else "position"
            summary = f"{len(shown) - 1} steps"
        print(f"ok: {mode} ({summary})")
        print(scenario.link(text, base))
        print(scenario.iframe(text, base))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        print(f"{path}: {err}", file=sys.stderr)
        return 1
    return 0


def _add_rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", choices=sorted(PRESETS), help="start from a named rule preset")
    for name in CHOICES:
        values = values_of(name)
        option = "--" + name.replace("_", "-")
        if name in FLAGS:
            p.add_argument(option, dest=name, action="store_true", default=None,
                           help=f"turn {name} on")
            p.add_argument("--no-" + name.replace("_", "-"), dest=name,
                           action="store_false", help=f"turn {name} off")
        else:
            kind = int if isinstance(values[0], int) else str
            p.add_argument(option, dest=name, type=kind, choices=values, default=None)


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The preset (or defaults) with every option given on the command line applied."""
    base = Rules.preset(args.preset) if args.preset else Rules()
    changes: dict[str, Any] = {
        name: getattr(args, name) for name in CHOICES if getattr(args, name) is not None
    }
    return replace(base, **changes)


def players_from_args(args: argparse.Namespace, parser: argparse.ArgumentParser) -> list[str]:
    names = [n.strip() for n in args.players.split(",")]
    if len(names) == 1:
        names *= 4
    if len(names) != 4 or any(n not in ALL_PLAYERS for n in names):
        parser.error(f"--players needs 4 names (or 1 for all) from {', '.join(ALL_PLAYERS)}")
    for seat in range(4):
        chosen = getattr(args, f"seat{seat}")
        if chosen:
            names[seat] = chosen
    return names


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "bench":
        if args.hands < 1:
            parser.error("--hands must be at least 1")
        if args.rollout:
            n, wall, cpu = rollout_bench(args.hands, args.seed)
            print(f"bench: {n} hands played out by the rollout policy, 2 decks, one process: "
                  f"{n / wall:.1f} hands/s ({wall:.2f} s wall), "
                  f"{n / cpu:.1f} hands/s of CPU time ({cpu:.2f} s)")
            return 0
        print(bench(args.hands, args.seed).report())
        return 0
    if args.command == "review":
        if args.hand < 0:
            parser.error("--hand must be at least 0")
        return review_command(args.record, args.seat, args.hand, args.seed)
    if args.command == "scenario":
        return scenario_command(args.file, args.base)
    if args.command == "arena":
        if args.deals < 1 or args.jobs < 1:
            parser.error("--deals and --jobs must be at least 1")
        res = arena(rules_from_args(args), args.a, args.b, args.deals, args.seed, args.jobs,
                    args.declaring)
        print(json.dumps(res.to_dict(), indent=2) if args.json else res.report())
        return 0
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    result = simulate(rules_from_args(args), players_from_args(args, parser), args.hands, args.seed)
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.report())
    return 0 if result.ok else 1



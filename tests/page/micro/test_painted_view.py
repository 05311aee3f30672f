"""The painted table (paint.py, MicroPython) is the live table, and only checked data paints it.

* The regions the painter draws from a stored view (``paintable.regions``, words from
  ``paint_text.json``) are the live table's regions for the same view, markup for
  markup, over many positions, rules and the three languages.
* The stored view (``tractor.paint``) is refused when it is tampered with, too large
  or too deep, of another format, or taken from another match record.
* The table's side (it stores seat 0's view after every action; the engine keeps the
  painted selection only when its view is the painted one): ``test_painted_view_stored.py``.
* MicroPython (the vendored build, in Node.js) checks and draws exactly as CPython.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from house import painting
from micro import paint_check, paintable, paintbar
from micro.words import LANGUAGES, Words, seat_name, table_say
from render.table import Scene, render
from store.settings import Settings
from text import pofile
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import dumps
from tractor.viewdata import ViewData

from sitebuild import painter

ROOT = Path(__file__).resolve().parents[3]


HOSTILE = "<img src=x onerror=alert(1)>"
PAINTED = ("bar", "seat-0", "seat-1", "seat-2", "seat-3", "centre", "hand")
SAY = table_say(pofile.paint_table(ROOT / "web", paintable.KEYS))


def positions() -> Iterator[tuple[str, Match]]:
    """Matches stopped at many moments: the deal, declaring, burying, calling, tricks
    (empty, half played, with a failed throw), the hand's end; 1, 2 and 3 decks, both
    kinds of partners, a later hand at another level."""
    cases = [("fixed", 2, 1), ("find_friend", 2, 2), ("fixed", 1, 3), ("fixed", 3, 4),
             ("find_friend", 3, 5)]
    for partners, decks, seed in cases:
        rules = Rules(decks=decks, partners=partners)
        m = Match(rules, seed=seed)
        players = [make_player("thrower" if s == 1 else "easy", seed + s) for s in range(4)]
        rng = random.Random(seed)
        last_phase, moves = "", 0
        while m.to_move is not None and m.hand_no < 2 and moves < 900:
            step(m, players)
            moves += 1
            changed = m.phase != last_phase
            last_phase = m.phase
            if changed or rng.random() < 0.02 or (m.throw_failure and rng.random() < 0.3):
                yield f"{partners}-{decks}-{seed}-{moves}-{m.phase}", m  # drawn before the next


def stored_text(m: Match) -> tuple[str, str, ViewData]:
    record = dumps(m)
    view = m.observe(0).to_data()
    return painting.paint_text(view, record), record, view


POSITIONS = [(name, *stored_text(m)) for name, m in positions()]


@pytest.mark.parametrize(("name", "text", "record", "view"), POSITIONS,
                         ids=[p[0] for p in POSITIONS])
def test_the_painted_regions_are_the_live_regions(name: str, text: str, record: str,
                                                  view: ViewData) -> None:
    painted_view = paint_check.parse(text, record)
    for lang in LANGUAGES:
        live = render(Scene(view=view, settings=Settings(lang=lang), lang=lang))
        painted = paintable.regions(Words(lang, SAY), painted_view)
        assert {key: str(painted[key]) for key in PAINTED} == {
            key: str(live[key]) for key in PAINTED}


def test_the_painted_controls_are_the_live_ones_not_yet_pressable() -> None:
    checked = 0
    for _, text, record, view in POSITIONS:
        painted = paintable.regions(Words("en", SAY), paint_check.parse(text, record))
        if view["phase"] not in ("play", "hand_over", "match_over"):
            assert "controls" not in painted
            continue
        live = render(Scene(view=view, settings=Settings(lang="en"), lang="en"))["controls"]
        assert str(painted["controls"]).count(" disabled") == str(painted["controls"]).count(
            "<button")
        assert str(painted["controls"]).replace(" disabled", "") == str(live).replace(
            " disabled", "")
        checked += 1
    assert checked >= 10


def test_the_positions_cover_every_phase_and_a_failed_throw() -> None:
    phases = {json.loads(text)["view"]["phase"] for _, text, _, _ in POSITIONS}
    assert {"deal", "bury", "call", "play", "hand_over"} <= phases
    assert any(json.loads(text)["view"]["throw_failure"] for _, text, _, _ in POSITIONS)
    assert any(json.loads(text)["view"]["trick"] for _, text, _, _ in POSITIONS)


def test_the_first_visit_s_welcome_is_the_live_one() -> None:
    m = Match(Rules(), seed=3)
    view = m.observe(0).to_data()
    text, record, _ = stored_text(m)
    live = render(Scene(view=view, settings=Settings(lang="en"), lang="en", first_visit=True))
    painted = paintable.regions(Words("en", SAY), paint_check.parse(text, record), True)
    assert str(painted["bar"]) == str(live["bar"])
    assert 'data-testid="welcome"' in str(painted["bar"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bare_table_claims_no_hand_level_trump_or_points(lang: str) -> None:
    words = Words(lang, SAY)
    live = render(Scene(view=Match(Rules(), seed=3).observe(0).to_data(),
                        settings=Settings(lang=lang), lang=lang))
    for first_visit in (False, True):
        bare = paintable.bare_regions(words, first_visit)
        assert set(bare) == {"bar", "seat-0", "seat-1", "seat-2", "seat-3"}
        html = "".join(str(region) for region in bare.values())
        for claim in ('data-testid="trump"', "hand-no", "seat-meta", 'data-testid="points"',
                      'data-testid="declaration"', "data-card", words("level_label"),
                      words("hand_no", n=1), words("trump_undecided")):
            assert claim not in html
        assert ('data-testid="welcome"' in html) == first_visit
        assert str(paintbar.bar_buttons(words)) in str(live["bar"])  # the live bar's buttons
        for seat in range(4):
            assert seat_name(words, seat) in str(bare["seat-" + str(seat)])


def test_the_stored_view_holds_the_keys_the_renderer_reads() -> None:
    assert set(paint_check.VIEW_KEYS) == {*paintable.PAINT_KEYS, "rules", "hand_trump"}
    assert paint_check.LEAD_KINDS == paintable.LEAD_KINDS  # type: ignore[attr-defined]


def test_the_stored_view_holds_no_other_seat_s_cards() -> None:
    _, text, _, _ = next(p for p in POSITIONS if "play" in p[0])
    m = Match(Rules(), seed=1)
    view = json.loads(text)["view"]
    assert set(view) == {*paint_check.VIEW_KEYS, *paint_check.LATER_KEYS}
    assert "kitty" not in view and "hands" not in view and "deck" not in view
    assert m.seed != 0 and "seed" not in json.dumps(view)


# ------------------------------------------------------------------ refused views

GOOD_TEXT, GOOD_RECORD = next(p[1:3] for p in POSITIONS if p[0].endswith("-play")
                              and json.loads(p[1])["view"]["trick"])


def tampered(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(GOOD_TEXT)
    change(data)
    return json.dumps(data, ensure_ascii=False)


def _set(path: str, value: object) -> Callable[[dict[str, Any]], object]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value
    return change


REFUSED = {
    "markup as a card": tampered(_set("view.hand.0", HOSTILE)),
    "markup as the phase": tampered(_set("view.phase", HOSTILE)),
    "markup as a lead kind": tampered(_set("view.lead_kind", HOSTILE)),
    "markup as a level": tampered(_set("view.levels.1", HOSTILE)),
    "markup as the trump": tampered(_set("view.trump", "<b>")),
    "a card the decks do not hold twice over": tampered(
        lambda d: d["view"].update(hand=["AS"] * 3, hand_trump=[False] * 3,
                                   hand_sizes=[3, *d["view"]["hand_sizes"][1:]])),
    "a hand of another size than seat 0 holds": tampered(
        lambda d: d["view"]["hand"].pop()),
    "a trump flag missing": tampered(lambda d: d["view"]["hand_trump"].pop()),
    "a seat 7": tampered(_set("view.dealer", 7)),
    "a huge number": tampered(_set("view.captured.0", 10**30)),
    "a flag as a number": tampered(_set("view.hand_no", True)),
    "an unknown field": tampered(_set("view.extra", 1)),
    "a missing field": tampered(lambda d: d["view"].pop("trick")),
    "another schema": tampered(_set("schema", "tractor-scenario")),
    "another version": tampered(_set("version", 2)),
    "another match record": tampered(_set("record", "12-0000000000000000")),
    "a deep value": GOOD_TEXT.replace('"penalty":0', '"penalty":' + "[" * 40 + "]" * 40),
    "a huge value": GOOD_TEXT[:-2] + ',"pad":"' + "x" * 20000 + '"}}',
    "not strict JSON": GOOD_TEXT[:-1] + ",}",
    "not JSON": "<script>alert(1)</script>",
    "a trick of five plays": tampered(
        lambda d: d["view"].update(trick=[{"seat": 0, "cards": ["AS"]}] * 5)),
}


@pytest.mark.parametrize("why", sorted(REFUSED))
def test_a_tampered_stored_view_is_refused(why: str) -> None:
    with pytest.raises(paint_check.PaintError):
        paint_check.parse(REFUSED[why], GOOD_RECORD)


# ------------------------------------------------------------------ views that cannot be true
# Issue 39, finding 5: each passed the checker and was painted for seconds.

GOOD_VIEW: dict[str, Any] = json.loads(GOOD_TEXT)["view"]
ONE_DECK = next(p for p in POSITIONS if p[0].startswith("fixed-1-") and p[0].endswith("-play"))
DECK_TOTAL = 100  # the test's own reading of RULES §1 (5s, 10s and Ks of four suits)


def crafted(change: Callable[[dict[str, Any]], object], text: str = GOOD_TEXT) -> str:
    """``text`` (a stored view) with its view changed by ``change`` (the fingerprint kept)."""
    data = json.loads(text)
    change(data["view"])
    return json.dumps(data, ensure_ascii=False)


def _three_deck_hand(view: dict[str, Any]) -> None:
    cards = [card for card in sorted(paint_check.CARDS) for _ in range(3)][:45]
    view.update(rules={"partners": "fixed", "decks": 3}, hand=cards, hand_trump=[False] * 45,
                hand_sizes=[45, 45, 45, 45])


def _more_copies_than_the_decks_hold(view: dict[str, Any]) -> None:
    card = view["hand"][0]  # seat 0 holds one copy at least; the trick shows two more
    lead = view["trick"][0]
    view["trick"] = [{"seat": lead["seat"], "cards": [card, card]}]


def _started_at(level: int) -> tuple[str, str]:
    """A view and its record of a match whose seats all started at ``level``."""
    m = Match(Rules(), seed=4, start_level=level)
    players = [make_player("easy", seat) for seat in range(4)]
    while m.phase != "play":
        step(m, players)
    text, record, _ = stored_text(m)
    return text, record


STARTED_AT_5 = _started_at(5)
IMPOSSIBLE = {
    "the attackers' points below zero": (
        crafted(lambda v: v.update(penalty=-1000)), GOOD_RECORD, "penalty"),
    "a seat's points below zero": (
        crafted(lambda v: v["captured"].__setitem__(1, -1000)), GOOD_RECORD, "captured"),
    "more points than the decks hold": (
        crafted(lambda v: v.update(captured=[0, 2 * DECK_TOTAL, 0, 2 * DECK_TOTAL])),
        GOOD_RECORD, "captured"),
    "hand 1000": (crafted(lambda v: v.update(hand_no=999)), GOOD_RECORD, "hand_no"),
    "a hand past the record's hands": (
        crafted(lambda v: v.update(hand_no=v["hand_no"] + 1)), GOOD_RECORD, "hand_no"),
    "180 big jokers in the trick": (
        crafted(lambda v: v.update(trick=[{"seat": s, "cards": ["BJ"] * 45} for s in range(4)])),
        GOOD_RECORD, "trick"),
    "a trick of five plays": (
        crafted(lambda v: v.update(trick=[{"seat": s % 4, "cards": ["AS"]} for s in range(5)])),
        GOOD_RECORD, "trick"),
    "a trick of plays of mixed sizes": (
        crafted(lambda v: v.update(trick=[{"seat": 1, "cards": ["3S"]},
                                          {"seat": 2, "cards": ["4S", "4S"]}])),
        GOOD_RECORD, "trick"),
    "a trick played out of turn": (
        crafted(lambda v: v.update(trick=[{"seat": 1, "cards": ["3S"]},
                                          {"seat": 3, "cards": ["4S"]}])),
        GOOD_RECORD, "trick"),
    "a 45-card three-deck hand over a one-deck record": (
        crafted(_three_deck_hand, ONE_DECK[1]), ONE_DECK[2], "decks"),
    "a hand larger than the record's decks deal": (
        crafted(lambda v: v.update(hand=v["hand"] * 2, hand_trump=v["hand_trump"] * 2,
                                   hand_sizes=[2 * len(v["hand"])] * 4), ONE_DECK[1]),
        ONE_DECK[2], "hand"),
    "more copies across the hand and the trick than the decks hold": (
        crafted(_more_copies_than_the_decks_hold), GOOD_RECORD, "more often"),
    "a key twice (the view's values as the last one says)": (
        GOOD_TEXT.replace('"view":{', '"view":{"captured":[0,0,0,-1000],', 1),
        GOOD_RECORD, "twice"),
    "a key twice in a play": (
        GOOD_TEXT.replace('"trick":[{', '"trick":[{"seat":3,', 1), GOOD_RECORD, "twice"),
    "a level not the dealer's": (
        crafted(lambda v: v.update(level="A")), GOOD_RECORD, "level"),
    "a seat's level past the start in the first hand": (
        crafted(lambda v: v["levels"].__setitem__(1, "K")), GOOD_RECORD, "level"),
    "a level below the record's start": (
        crafted(lambda v: v["levels"].__setitem__(1, "2"), STARTED_AT_5[0]), STARTED_AT_5[1],
        "level"),
    "a record without its header": (paint_check.dumps(cast(Any, GOOD_VIEW), "{}"), "{}", "record"),
}
"""Crafted views of issue 39 (finding 5): (stored text, its record, what the refusal names)."""


def test_the_crafted_views_are_tied_to_their_records() -> None:
    for why, (text, record, _) in IMPOSSIBLE.items():
        assert json.loads(text)["record"] == paint_check.fingerprint(record), why


@pytest.mark.parametrize("why", sorted(IMPOSSIBLE))
def test_a_view_that_cannot_be_true_is_refused(why: str) -> None:
    text, record, named = IMPOSSIBLE[why]
    with pytest.raises(paint_check.PaintError, match=named):
        paint_check.parse(text, record)


def test_a_view_of_a_match_started_at_another_level_passes() -> None:
    assert paint_check.parse(*STARTED_AT_5)["levels"] == ["7"] * 4


def every_view(rules: Rules, seed: int, hands: int, start_level: int = 0) -> Iterator[
        tuple[str, str]]:
    """Seat 0's stored view and its record after every few actions of ``hands`` hands."""
    m = Match(rules, seed=seed, start_level=start_level)
    players = [make_player("thrower" if s % 2 else "easy", seed + s) for s in range(4)]
    moves = 0
    while m.to_move is not None and m.hand_no < hands:
        step(m, players)
        moves += 1
        if moves % 3 == 0 or m.phase != "play" or m.throw_failure:
            text, record, _ = stored_text(m)
            yield text, record


@pytest.mark.parametrize(("rules", "start_level"), [
    (Rules(decks=1, throw_penalty=True), 0), (Rules(decks=2, partners="find_friend"), 11),
    (Rules(decks=3, throw_penalty=True, kitty_theft=True), 3),
    (Rules(decks=2, scoring="qq", declare_window="after_deal"), 0)],
    ids=["1-deck-penalty", "2-deck-friend-from-K", "3-deck-penalty-theft", "2-deck-qq"])
def test_every_view_of_a_played_match_passes(rules: Rules, start_level: int) -> None:
    seen, penalties = set(), set()
    for text, record in every_view(rules, 7, 3, start_level):
        view = paint_check.parse(text, record)
        seen.add((view["hand_no"], view["phase"]))
        penalties.add(view["penalty"] != 0)
    assert {(hand, phase) for hand in range(3) for phase in ("deal", "bury", "play")} <= seen
    assert {phase for _, phase in seen} & {"hand_over", "match_over"}
    assert (True in penalties) == rules.throw_penalty  # a failed throw's penalty, when a rule


def test_the_checker_s_numbers_are_the_rules_numbers() -> None:
    """paint_check takes them from rulecore (MicroPython runs it): they are the engine's."""
    from tractor import cards, rulecore, rules

    assert rulecore.RANKS == cards.RANKS and "".join(rulecore.SUITS) == cards.SUITS
    assert rulecore.HAND_SIZE == rules.HAND_SIZE
    assert rulecore.KITTY_SIZE == rules.KITTY_SIZE
    assert set(rulecore.RULE_CHOICES["decks"]) == set(rules.CHOICES["decks"])
    assert rulecore.RULE_CHOICES["partners"] == rules.CHOICES["partners"]
    assert sum(cards.POINTS) == rulecore.DECK_POINTS
    for decks in rules.CHOICES["decks"]:
        assert Rules(decks=decks).total_points == rulecore.DECK_POINTS * decks
    assert sorted(paint_check.CARDS) == sorted(cards.TEXT)


def test_a_view_of_another_record_is_refused() -> None:
    assert paint_check.parse(GOOD_TEXT, GOOD_RECORD)["hand"]
    with pytest.raises(paint_check.PaintError, match="another match record"):
        paint_check.parse(GOOD_TEXT, GOOD_RECORD + " ")
    with pytest.raises(paint_check.PaintError):
        paint_check.parse(GOOD_TEXT, None)


# ------------------------------------------------------------------ MicroPython agrees

PROGRAM = """
import json
from micro import paint_check
from micro import paintable
from micro.words import Words, table_say
say = table_say(json.loads(WORDS))
out = []
for text, record in json.loads(CASES):
    try:
        view = paint_check.parse(text, record)
        out.append({"ok": [{k: str(v) for k, v in paintable.regions(Words(lang, say), view).items()}
                           for lang in ("zh", "zh-Hant", "en")]})
    except paint_check.PaintError as error:
        out.append({"error": str(error)})
print("RESULT" + json.dumps(out))
"""
RUNNER = """
import { loadMicroPython } from "MJS";
import { readFileSync } from "fs";
const files = JSON.parse(readFileSync(0, "utf8"));
const lines = [];
const mp = await loadMicroPython({stdout: (line) => lines.push(line), heapsize: 64 * 1024 * 1024});
for (const [name, text] of Object.entries(files.modules)) {
  if (name.includes("/")) mp.FS.mkdirTree(name.slice(0, name.lastIndexOf("/")));
  mp.FS.writeFile(name, text);
}
mp.globals.set("CASES", files.cases);
mp.globals.set("WORDS", files.words);
mp.runPython(files.program);
process.stdout.write(lines.join("\\n"));
"""
MODULES = {
    **{name: ROOT / "web" / name for name in painter.PAINT_MODULES},
    **{name: ROOT / "pyengine" / "tractor" / name for name in painter.PAINT_ENGINE},
}
"""The painter's modules by the paths it imports them from: the build's own list."""


def run(program: str, cases: list[tuple[str, str]]) -> list[Any]:
    """``program`` in CPython (``exec``) and its printed result."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(program, {"CASES": json.dumps(cases),  # noqa: S102 - our own program
                       "WORDS": json.dumps(pofile.paint_table(ROOT / "web", paintable.KEYS))})
    text = out.getvalue()
    result: list[Any] = json.loads(text[text.rindex("RESULT") + len("RESULT"):])
    return result


def run_micropython(dist_dir: Path, tmp_path: Path, program: str,
                    cases: list[tuple[str, str]]) -> list[Any]:
    """``program`` in the page's MicroPython (Node.js) and its printed result."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed (build.py needs it too)")
    mjs = next(dist_dir.glob("micropython/*/micropython.mjs"))
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER.replace("MJS", mjs.as_uri()))
    payload = {"modules": {name: path.read_text() for name, path in MODULES.items()},
               "cases": json.dumps(cases, ensure_ascii=False),
               "words": (dist_dir / "web" / "paint_text.json").read_text(), "program": program}
    done = subprocess.run([node, str(runner)], input=json.dumps(payload, ensure_ascii=False),
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    result: list[Any] = json.loads(done.stdout[done.stdout.rindex("RESULT") + len("RESULT"):])
    return result


@pytest.mark.web
def test_micropython_checks_and_paints_as_cpython(dist_dir: Path, tmp_path: Path) -> None:
    cases = [(text, record) for _, text, record, _ in POSITIONS[::4]]
    cases += [(REFUSED[why], GOOD_RECORD) for why in sorted(REFUSED)]
    cases += [IMPOSSIBLE[why][:2] for why in sorted(IMPOSSIBLE)]
    mine = run_micropython(dist_dir, tmp_path, PROGRAM, cases)
    theirs = run(PROGRAM, cases)
    assert len(mine) == len(theirs) == len(cases)
    assert sum("ok" in r for r in mine) == len(POSITIONS[::4])
    for a, b in zip(mine, theirs, strict=True):
        if "error" in b:
            assert a == b  # refused, for the same reason
        else:
            assert [{k: same_attributes(v) for k, v in r.items()} for r in a["ok"]] == [
                {k: same_attributes(v) for k, v in r.items()} for r in b["ok"]]


def same_attributes(html: str) -> str:
    """``html`` with each tag's attributes in one order (MicroPython keeps keyword arguments
    in no order: the attributes of one element may come in another order, not the elements)."""
    def tag(found: re.Match[str]) -> str:
        attributes = re.findall(r'[^\s=]+(?:="[^"]*")?', found.group(2))
        return "<" + " ".join([found.group(1), *sorted(attributes)]) + ">"
    return re.sub(r"<([a-z]+)([^>]*)>", tag, html)


MENUS = """
import json
from micro import paintable, paintbar
from micro.words import LANGUAGES, Words, table_say
say = table_say(json.loads(WORDS))
out = []
for lang in LANGUAGES:
    words = Words(lang, say)
    out.append([str(paintbar.language_menu(words))]
               + [{k: str(v) for k, v in paintable.bare_regions(words, first).items()}
                  for first in (False, True)])
print("RESULT" + json.dumps(out))
"""


@pytest.mark.web
def test_the_painted_language_menu_lists_the_languages_in_the_live_menu_s_order(
        dist_dir: Path, tmp_path: Path) -> None:
    """And MicroPython draws the bare table as CPython does."""
    painted = run_micropython(dist_dir, tmp_path, MENUS, [])
    live = [str(paintbar.language_menu(Words(lang, SAY))) for lang in LANGUAGES]
    assert [same_attributes(menus[0]) for menus in painted] == [
        same_attributes(menu) for menu in live]
    assert [[{k: same_attributes(v) for k, v in bare.items()} for bare in menus[1:]]
            for menus in painted] == [
        [{k: same_attributes(str(v)) for k, v in paintable.bare_regions(
            Words(lang, SAY), first).items()} for first in (False, True)] for lang in LANGUAGES]
    order = [menu.split('value="')[1:] for menu in live]
    assert [[code.split('"')[0] for code in menu] for menu in order] == [list(LANGUAGES)] * 3

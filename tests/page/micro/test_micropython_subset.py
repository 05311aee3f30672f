"""The files embed.html runs in MicroPython give the same results there as in CPython.

``tractor/scenario_check.py`` (with ``tractor/scenario_read.py`` and ``tractor/rulecore.py``),
``web/micro/markup.py``, ``web/embed/embed_text.py`` and ``web/embed/embed_view.py`` are written
in the subset both interpreters share. This runs them in the vendored MicroPython (Node.js, as
build.py already needs) on good, impossible and hostile scenarios and compares the
checked data, the errors and the
drawn HTML with CPython's.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.web

ROOT = Path(__file__).resolve().parents[3]
FILES = {
    "scenario_check.py": ROOT / "pyengine" / "tractor" / "scenario_check.py",
    "scenario_read.py": ROOT / "pyengine" / "tractor" / "scenario_read.py",
    "jsonscan.py": ROOT / "pyengine" / "tractor" / "jsonscan.py",
    "rulecore.py": ROOT / "pyengine" / "tractor" / "rulecore.py",
    "micro/__init__.py": ROOT / "web" / "micro" / "__init__.py",
    "micro/markup.py": ROOT / "web" / "micro" / "markup.py",
    "micro/words.py": ROOT / "web" / "micro" / "words.py",
    "micro/cardface.py": ROOT / "web" / "micro" / "cardface.py",
    "micro/avatar.py": ROOT / "web" / "micro" / "avatar.py",
    "embed_text.py": ROOT / "web" / "embed" / "embed_text.py",
    "embed_view.py": ROOT / "web" / "embed" / "embed_view.py",
}
HOSTILE = "<img src=x onerror=alert(1)>"
SCENARIOS = [
    json.dumps({"schema": "tractor-scenario", "version": 1, "level": "10", "trump": "H",
                "dealer": 1, "caption": {"en": HOSTILE, "zh": "<script>x</script>"},
                "seats": [{"name": HOSTILE, "cards": "AD KD 9H 8H 8H 4H"}, {"backs": 3}, {},
                          {"backs": 6}],
                "trick": [{"seat": 1, "cards": "5S 4S 4S"}, {"seat": 2, "cards": "9H 7H 7H"}],
                "steps": [{"seat": 3, "cards": "6S 3S 2S"}, {"seat": 0, "cards": "8H 8H 4H"}]}),
    json.dumps({"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "NT",
                "turn": 0, "seats": [{"cards": "AS AS AS"}, {}, {}, {}]}),
    json.dumps({"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "S",
                "turn": 0, "seats": [{"cards": HOSTILE}, {}, {}, {}]}),
    "[" * 5000,
    '{"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "turn": 0,'
    ' "seats": [{"cards": "BJ SJ ♠10 t♥"}, {"backs": 4}, {"backs": 4}, {"backs": 4}],'
    ' "quiz": {"answers": ["BJ"], "explain": "x"}}',
    "not json",
]
PROGRAM = """
import json
import scenario_check
import embed_view
out = []
for text in json.loads(SCENARIOS):
    try:
        s = scenario_check.check(text)
        out.append({"ok": s, "html": [str(embed_view.render(embed_view.initial_state(s, lang)))
                                      for lang in ("en", "zh")]})
    except scenario_check.ScenarioError as error:
        out.append({"error": str(error)})
print("RESULT" + json.dumps(out))
"""
RUNNER = """
import { loadMicroPython } from "MJS";
import { readFileSync } from "fs";
const files = JSON.parse(readFileSync(0, "utf8"));
const lines = [];
const mp = await loadMicroPython({stdout: (line) => lines.push(line), heapsize: 16 * 1024 * 1024});
for (const [name, text] of Object.entries(files.modules)) {
  if (name.includes("/")) mp.FS.mkdirTree(name.slice(0, name.lastIndexOf("/")));
  mp.FS.writeFile(name, text);
}
mp.globals.set("SCENARIOS", files.scenarios);
mp.runPython(files.program);
process.stdout.write(lines.join("\\n"));
"""


def run_cpython(scenarios: list[str], program: str = PROGRAM) -> list[Any]:
    """The same program in this interpreter, each file importable by the name MicroPython
    imports it by (``micro/markup.py`` as ``micro.markup``: its folder's parent on the path)."""
    sys.path[:0] = [str(path.parents[name.count("/")]) for name, path in FILES.items()]
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(program, {"SCENARIOS": json.dumps(scenarios)})  # noqa: S102 - our own program
    finally:
        del sys.path[: len(FILES)]
    text = out.getvalue()
    result: list[Any] = json.loads(text[text.rindex("RESULT") + len("RESULT"):])
    return result


def run_micropython(dist_dir: Path, tmp_path: Path, scenarios: list[str],
                    program: str = PROGRAM) -> list[Any]:
    """The program in the vendored MicroPython (Node.js)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed (build.py needs it too)")
    mjs = next(dist_dir.glob("micropython/*/micropython.mjs"))
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER.replace("MJS", mjs.as_uri()))
    modules = {name: path.read_text() for name, path in FILES.items()}
    modules["embed_text.json"] = (dist_dir / "web" / "embed" / "embed_text.json").read_text()
    payload = {"modules": modules,
               "scenarios": json.dumps(scenarios, ensure_ascii=False), "program": program}
    done = subprocess.run([node, str(runner)], input=json.dumps(payload, ensure_ascii=False),
                          capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    marker = done.stdout.rindex("RESULT")
    result: list[Any] = json.loads(done.stdout[marker + len("RESULT"):])
    return result


def test_the_embed_s_micropython_files_agree_with_cpython(dist_dir: Path, tmp_path: Path) -> None:
    in_micropython = run_micropython(dist_dir, tmp_path, SCENARIOS)
    in_cpython = run_cpython(SCENARIOS)
    assert [sorted(r) for r in in_micropython] == [sorted(r) for r in in_cpython]  # same keys
    for mine, theirs in zip(in_micropython, in_cpython, strict=True):
        assert mine == theirs or _same_html(mine, theirs)
    assert "error" in in_micropython[1] and "AS is shown 3 times" in in_micropython[1]["error"]
    assert "&lt;img src=x" in in_micropython[0]["html"][0]
    assert "<img" not in json.dumps(in_micropython[0]["html"])


def with_(**fields: object) -> str:
    """The minimal scenario (seat 0 to lead AS AS KS) with ``fields`` replacing its own."""
    data: dict[str, object] = {"schema": "tractor-scenario", "version": 1, "level": "2",
                               "trump": "H", "turn": 0,
                               "seats": [{"cards": "AS AS KS"}, {"backs": 3}, {}, {"backs": 3}]}
    data.update(fields)
    return json.dumps(data, ensure_ascii=False)


def seat0(cards: str) -> str:
    return with_(seats=[{"cards": cards}, {"backs": 3}, {}, {"backs": 3}])


GOOD = with_(caption={"en": "Plain é, 对子 and 😀 are text", "zh": "对子"})
#: Texts CPython and MicroPython used to read differently (issue 24): each is refused by both,
#: with the same message.
READ_DIFFERENTLY = [
    (seat0("AS A\u017f KS"), "not a card"),  # CPython: "ſ".upper() == "S"
    (seat0("AS AS \u017fj"), "not a card"),  # CPython: SJ
    (seat0("AS AS K\u0131"), "not a card"),  # Turkish dotless ı: "I" in CPython
    (seat0("AS AS \uff21S"), "not a card"),  # fullwidth Ａ
    (seat0("AS\u00a0AS KS"), "not a card"),  # CPython's split() splits at a no-break space
    (seat0("AS AS\u3000KS"), "not a card"),  # and at an ideographic space
    (seat0("AS AS\u001cKS"), "control"),  # and at U+001C
    (with_(caption="a\u0000b"), "control"),  # MicroPython cuts the text at a NUL
    (with_(caption={"en": "x", "zh": "\u0007"}), "control"),
    (with_(caption="\u009b31m"), "control"),  # C1
    (with_(seats=[{"cards": "AS AS KS", "name": "\u202eouY"}, {"backs": 3}, {},
                  {"backs": 3}]), "direction"),
    (with_(caption="1\u2066x\u2069"), "direction"),
    (with_(caption="\u200fx"), "direction"),
    (with_(caption="\u061cx"), "direction"),
    (with_(caption="x").replace('"x"', '"\\ud83d\\ude00"'), "not valid JSON"),  # 1 char or 2
    (with_()[:-1] + ",}", "not valid JSON"),  # a trailing comma in an object
    (with_().replace('{"backs": 3}]', '{"backs": 3},]'), "not valid JSON"),  # in an array
    (with_().replace('"turn": 0,', '"turn": 0'), "not valid JSON"),  # a missing comma
    (with_().replace('"turn": 0', '"turn" 0'), "not valid JSON"),  # a missing colon
    (with_().replace('{"backs": 3}, {}', '{"backs": 3},, {}'), "not valid JSON"),
    (with_().replace('"turn": 0', '"turn": 00'), "not valid JSON"),
    (with_().replace('"turn": 0', '"turn": 0.'), "not valid JSON"),
    (with_(caption="x").replace('"x"', '"a\tb"'), "not valid JSON"),  # a raw tab in a string
    (with_().replace('"turn": 0', '"points": NaN, "turn": 0'), "not valid JSON"),
    (with_() + " x", "not valid JSON"),
]


def test_texts_read_differently_by_cpython_and_micropython_are_refused_by_both(
    dist_dir: Path, tmp_path: Path
) -> None:
    texts = [GOOD] + [text for text, _ in READ_DIFFERENTLY]
    in_micropython = run_micropython(dist_dir, tmp_path, texts)
    in_cpython = run_cpython(texts)
    assert "ok" in in_micropython[0] and in_micropython[0]["ok"] == in_cpython[0]["ok"]
    assert in_micropython[0]["ok"]["caption"]["en"] == "Plain é, 对子 and 😀 are text"
    for (text, message), mine, theirs in zip(READ_DIFFERENTLY, in_micropython[1:],
                                             in_cpython[1:], strict=True):
        assert mine == theirs, text
        assert message in mine.get("error", ""), (text, mine)


def throw_lead(level: str, trump: str, seats: list[dict[str, object]],
               trick: list[dict[str, object]], **rules: object) -> str:
    return json.dumps({"schema": "tractor-scenario", "version": 1, "level": level,
                       "trump": trump, "rules": rules, "seats": seats, "trick": trick})


#: Throws led in the trick (scenario_check's copy of the engine's throw_fails rule), and
#: what each is refused for ("" where the throw stands).
THROWS = [
    # RULES §4, L = 2, T = H: QS QS beats the throw's 4S 4S
    (throw_lead("2", "H", [{"cards": "QS QS 3C 3D 3D"}, {}, {}, {"backs": 0}],
                [{"seat": 3, "cards": "9S 8S 8S 4S 4S"}]),
     "trick[0]: seat 3's throw 9S 8S 8S 4S 4S fails: seat 0 holds QS QS, which beats 4S 4S "
     "(throw_fails"),
    # trumps, 3 decks, twos always trump: seat 1 followed with the tractor that beats
    (throw_lead("5", "S", [{"backs": 1}, {"cards": "4D"}, {}, {}],
                [{"seat": 0, "cards": "2H 2H 2S 2S BJ"}, {"seat": 1, "cards": "5C 5C 5S 5S 3D"}],
                decks=3, twos_always_trump=True),
     "seat 1 holds 5C 5C 5S 5S, which beats 2H 2H 2S 2S (throw_fails"),
    # no trump, L = A: KS is the top spade, nobody shown beats QS QS; seat 2 is hidden
    (throw_lead("A", "NT", [{"backs": 0}, {"cards": "AS 3C 3C"}, {}, {"backs": 3}],
                [{"seat": 0, "cards": "KS QS QS"}]), ""),
    # one deck: singles
    (throw_lead("2", "H", [{}, {}, {"backs": 0}, {"cards": "KD 3C"}],
                [{"seat": 2, "cards": "AD QD"}], decks=1),
     "seat 2's throw AD QD fails: seat 3 holds KD, which beats QD (throw_fails"),
]


def test_a_throw_lead_a_shown_hand_beats_is_refused_in_micropython_too(
    dist_dir: Path, tmp_path: Path
) -> None:
    texts = [text for text, _ in THROWS]
    in_micropython = run_micropython(dist_dir, tmp_path, texts)
    in_cpython = run_cpython(texts)
    for (text, message), mine, theirs in zip(THROWS, in_micropython, in_cpython, strict=True):
        assert mine == theirs or _same_html(mine, theirs), text
        if message:
            assert message in mine.get("error", ""), (text, mine)
        else:
            assert "ok" in mine, (text, mine)


def _same_html(a: object, b: object) -> bool:
    """Equal but for the order of attributes inside tags (dict order may differ)."""
    if not (isinstance(a, dict) and isinstance(b, dict)) or a.get("ok") != b.get("ok"):
        return False
    return [sorted(h) for h in a["html"]] == [sorted(h) for h in b["html"]]


SAID = """
import json
import embed_text
import embed_view
import scenario_check
out = []
for item in json.loads(SCENARIOS):
    shown = json.loads(item)
    s = scenario_check.check(shown["scenario"])
    for lang in ("en", "zh", "zh-Hant"):
        state = embed_view.initial_state(s, lang)
        state["frame"], state["verdict"] = shown["frame"], shown["verdict"]
        out.append({"result": embed_text.said(lang, shown["frame"]["result"]["text"]),
                    "why": embed_text.verdict_text(lang, shown["verdict"]),
                    "html": str(embed_view.render(state))})
print("RESULT" + json.dumps(out))
"""
"""The engine's frames and verdicts (from CPython's engine) worded and drawn by the embed."""


def test_the_engine_s_sentences_read_the_same_in_micropython(
    dist_dir: Path, tmp_path: Path
) -> None:
    from tractor.positions import scenario  # noqa: PLC0415 - the engine, CPython only

    throw = with_(seats=[{"cards": "9S 8S 8S 4S 4S"}, {"cards": "JS 3C 3C 5D 6D"},
                         {"name": {"en": "North", "zh": "北家"}, "cards": "3D 4D SJ 6D 7D"},
                         {"cards": "7C 8C 9C 10C JC"}], dealer=0, rules={"throw_penalty": True},
                  steps=[{"seat": 0, "cards": "9S 8S 8S 4S 4S"}, {"seat": 1, "cards": "JS"},
                         {"seat": 2, "cards": "SJ"}, {"seat": 3, "cards": "7C"}])
    quiz = with_(turn=1, trick=[{"seat": 0, "cards": "AS AS"}],
                 seats=[{"backs": 1}, {"cards": "KS KS 3S"}, {"backs": 3}, {"backs": 3}],
                 quiz={"answers": ["KS KS"]})
    frames = scenario.frames(throw)
    shown = [json.dumps({"scenario": throw, "frame": frames[1],
                         "verdict": scenario.judge(quiz, "KS 3S")}, ensure_ascii=False),
             json.dumps({"scenario": throw, "frame": frames[4],
                         "verdict": scenario.judge(quiz, "KS KS")}, ensure_ascii=False)]
    in_micropython = run_micropython(dist_dir, tmp_path, shown, SAID)
    in_cpython = run_cpython(shown, SAID)
    assert [r["result"] for r in in_micropython] == [r["result"] for r in in_cpython]
    assert [r["why"] for r in in_micropython] == [r["why"] for r in in_cpython]
    assert [sorted(r["html"]) for r in in_micropython] == [sorted(r["html"]) for r in in_cpython]
    first = in_micropython[:3]
    assert [r["result"] for r in first] == [
        "You try to throw 9♠ 8♠ 8♠ 4♠ 4♠, but Right holds J♠, which beats 9♠: the throw fails "
        "and only 9♠ is played. Penalty: 10 points to the attackers.",
        "你想甩9♠ 8♠ 8♠ 4♠ 4♠，但下家有J♠，大过9♠：甩牌失败，只出9♠。罚10分（加给闲家）。",
        "你想甩9♠ 8♠ 8♠ 4♠ 4♠，但下家有J♠，大過9♠：甩牌失敗，只出9♠。罰10分（加給閒家）。"]
    assert [r["why"] for r in first] == [
        "You hold a pair in the led suit: a led pair must be followed by a pair. "
        "(you must play 1 pair(s) of the led suit (you hold them))",
        "你有该花色的对子：对子领出时必须跟对子。", "你有這門花色的對子：首家出對子時必須跟對子。"]
    assert [r["result"] for r in in_micropython[3:]] == [
        "North wins the trick (no points in it).", "北家赢得这一轮（没有分）。",
        "北家贏得這一輪（沒有分）。"]
    assert all(r["result"] in r["html"] and r["why"] in r["html"] for r in in_micropython)

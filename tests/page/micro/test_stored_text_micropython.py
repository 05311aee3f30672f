"""The painter's checker in MicroPython takes any stored text, a lone surrogate too.

``paint.py`` reads the stored match and view in MicroPython before Pyodide is up. A
JavaScript string holding half of a UTF-16 pair reaches MicroPython as some bytes
(ED A0 80 for U+D800 before a character, as CPython's ``surrogatepass`` gives; other
bytes for a pair's half at the end or a low half alone): ``paint_check.fingerprint``
hashes whatever it gets, and a view over such a record is refused (``PaintError``),
never a crash (issue 39, finding 1). The table never ties a view to such a record:
``storage.Store`` keeps it aside first.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, cast

import pytest
from micro import paint_check
from test_painted_view import MODULES  # the painter's modules, listed once

pytestmark = pytest.mark.web


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
mp.globals.set("RECORDS", files.records);  // JavaScript strings, lone surrogates and all
mp.globals.set("VIEW", files.view);
mp.runPython(files.program);
process.stdout.write(lines.join("\\n"));
"""
PROGRAM = """
import json
from micro import paint_check
out = []
for i in range(int(RECORDS.length)):
    record = RECORDS[i]  # a JavaScript string, converted as the painter's stored() gets it
    try:
        paint_check.parse(VIEW, record)
        refused = "painted"
    except paint_check.PaintError as error:
        refused = "refused"
    out.append([paint_check.fingerprint(record), refused])
print("RESULT" + json.dumps(out))
"""
RECORDS = ['{"schema": "tractor-match", "note": "\ud800"}', "\udfff", "a\ud83d", "ok 拖拉机"]


def test_the_painter_fingerprints_a_lone_surrogate_as_cpython_and_paints_nothing(
        dist_dir: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed (build.py needs it too)")
    mjs = next(dist_dir.glob("micropython/*/micropython.mjs"))
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER.replace("MJS", mjs.as_uri()))
    # tied to the record, not a view
    view = paint_check.dumps(cast(Any, {"note": "\ud800"}), RECORDS[0])
    payload = {"modules": {name: path.read_text() for name, path in MODULES.items()},
               "records": RECORDS, "view": view, "program": PROGRAM}
    done = subprocess.run([node, str(runner)], input=json.dumps(payload),  # \\ud800 escapes
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    mine = json.loads(done.stdout[done.stdout.rindex("RESULT") + len("RESULT"):])
    assert [m[1] for m in mine] == ["refused"] * len(RECORDS)
    assert mine[0][0] == paint_check.fingerprint(RECORDS[0])  # the record
    assert all(re.fullmatch(r"[0-9]+-[0-9a-f]{16}", m[0]) for m in mine)

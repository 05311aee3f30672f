"""dist/bench/: bare PyScript pages, with Pyodide and with MicroPython, the baselines of
the load figures."""

from __future__ import annotations

import json
from pathlib import Path

from sitebuild.configs import CONFIG_NAME
from sitebuild.vendor import Runtime

BARE_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript + Pyodide (benchmark)</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="../{pyscript}/core.css">
  <script type="module" src="../{pyscript}/core.js"></script>
</head>
<body>
  <p>Bare PyScript {pyscript_version} + Pyodide {pyodide_version}, no engine wheel.</p>
  <p data-testid="bare" id="bare">Loading Python&hellip;</p>
  <script type="py" config="./pyscript.json">
import sys
from pyscript import document
document.getElementById("bare").textContent = "Python " + sys.version.split()[0] + " ran"
  </script>
</body>
</html>
"""


BARE_MPY_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript + MicroPython (benchmark)</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="../{pyscript}/core.css">
  <script type="module" src="../{pyscript}/core.js"></script>
</head>
<body>
  <p data-testid="bare" id="bare">Loading MicroPython {micropython_version}&hellip;</p>
  <script type="mpy" config="./mpy.json">
from pyscript import document
document.getElementById("bare").textContent = "MicroPython ran"
  </script>
</body>
</html>
"""


def write_bench(runtime: Runtime, dist: Path) -> None:
    """Write dist/bench/: bare PyScript pages with Pyodide (no wheel) and with MicroPython,
    the baselines of the load figures (scripts/measure_load.py, measure_embed.py)."""
    bench = dist / "bench"
    bench.mkdir()
    page = BARE_PAGE.format(
        pyscript=runtime.pyscript_dir,
        pyscript_version=runtime.pyscript_version,
        pyodide_version=runtime.pyodide_version,
    )
    (bench / "bare.html").write_text(page)
    config = {"interpreter": f"../{runtime.pyodide_dir}/pyodide.mjs"}
    (bench / CONFIG_NAME).write_text(json.dumps(config, indent=2) + "\n")
    (bench / "bare-mpy.html").write_text(
        BARE_MPY_PAGE.format(
            pyscript=runtime.pyscript_dir, micropython_version=runtime.micropython_version
        )
    )
    mpy_config = {"interpreter": f"../{runtime.micropython_dir}/micropython.mjs"}
    (bench / "mpy.json").write_text(json.dumps(mpy_config, indent=2) + "\n")

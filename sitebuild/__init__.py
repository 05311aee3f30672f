"""The build of the static Tractor site into ``dist/``, a step a module; ``build.py`` is
its command line (``cli``). This package is a build tool, not part of the engine's wheel.

The site is fully self-contained: nothing is loaded from another origin at run
time.  Layout of ``dist/`` (all paths relative, so the site also works under a
GitHub Pages sub-path)::

    index.html                      copied from the top level (layout)
    web/...                         copied from web/ (css, Python glue, ...)
    pyscript.json                   generated PyScript config used by index.html (configs)
    pyodide/<ver>/pyodide-snap.mjs, snap-maker.mjs   the engine's memory snapshot
                                    (web/snapshot/, with this build's key and files: snapshot)
    wheels/<ver>-<hash>/tractor-<ver>-py3-none-any.whl   the engine wheel (wheel)
    pyscript/<pyscript ver>/...     @pyscript/core dist/ (no source maps; vendor)
    pyodide/<pyodide ver>/...       the five Pyodide runtime files (python_stdlib.zip
                                    trimmed to stdlib_keep.txt: stdlib_trim, stdlib_keep)
    idiomorph/<ver>/idiomorph.min.js  the DOM morphing library (global ``Idiomorph``)
    paint-mpy.json, web/mpy/        the painter's config and bytecode (painter, page_start,
                                    build_venv)
    bench/bare.html, bench/pyscript.json   bare PyScript+Pyodide page (benchmark: bench)
    sw.js, manifest.webmanifest, icons/   offline play and install (offline)

``site.build`` runs the steps in order and ``checks`` checks the result; ``serve``
serves it. The names the command, the tests and the scripts use are imported here.
"""

from __future__ import annotations

from sitebuild.base import DIST, ROOT, VENDOR, WEB, BuildError, log
from sitebuild.cli import main, parse_args
from sitebuild.offline import write_service_worker
from sitebuild.serve import QuietSiteHandler, SiteHandler, make_server, serve
from sitebuild.site import BuildResult, build
from sitebuild.snapshot import (
    SNAPSHOT_MAKER,
    SNAPSHOT_MAX_BYTES,
    SNAPSHOT_PLACEHOLDER,
    SNAPSHOT_SOURCE,
    SNAPSHOT_WRAPPER,
    place_snapshot,
    read_snapshot_config,
    snapshot_imports,
    snapshot_key,
)
from sitebuild.vendor import STDLIB_ZIP, Runtime, install_vendor
from sitebuild.wheel import WHEEL_TIME, build_wheel

__all__ = [
    "DIST", "ROOT", "SNAPSHOT_MAKER", "SNAPSHOT_MAX_BYTES", "SNAPSHOT_PLACEHOLDER",
    "SNAPSHOT_SOURCE", "SNAPSHOT_WRAPPER", "STDLIB_ZIP", "VENDOR", "WEB", "WHEEL_TIME",
    "BuildError", "BuildResult", "QuietSiteHandler", "Runtime", "SiteHandler", "build",
    "build_wheel", "install_vendor", "log", "main", "make_server", "parse_args",
    "place_snapshot", "read_snapshot_config", "serve", "snapshot_imports", "snapshot_key",
    "write_service_worker",
]

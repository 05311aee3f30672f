"""The modules the site's ``python_stdlib.zip`` keeps, and how that list is made (issue 34).

The list is ``KEEP_FILE`` (under version control), which ``stdlib_trim.py`` trims the
zip to. It is what :func:`needed` finds, and a safety set (``SAFETY``): every import
statement (at any depth, in functions too: lazy imports count) in the page's and the
worker's Python (``web/``, the engine ``pyengine/tractor``), in the Python that
PyScript and Pyodide carry in their JavaScript, in Pyodide's own packages (``pyodide``,
``_pyodide``) and what Python imports at start (``STARTUP``), then, within the zip,
everything those modules import, until nothing new comes (whole packages: a package
kept is kept entire). ``tests/page/built/test_stdlib_trim.py`` fails when the code imports a
module the list lacks; ``python3 -m sitebuild.stdlib_keep --write`` writes the list anew.
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

from sitebuild.base import ROOT
from sitebuild.stdlib_trim import KEEP_FILE, module_of

CODE_DIRS = ("web", "pyengine/tractor")
"""The repository's Python that runs in Pyodide (the page, its workers, the engine)."""
RUNTIME_SCRIPTS = ("*.js", "*.mjs")
"""The runtime's JavaScript files whose Python snippets (import lines) count."""
STARTUP = ("site", "_sitebuiltins", "codecs", "io", "abc", "os", "stat", "posixpath",
           "genericpath", "_collections_abc", "_sysconfigdata__emscripten_wasm32-emscripten",
           "sysconfig", "pyodide.*", "_pyodide.*", "encodings", "encodings.aliases",
           *(f"encodings.{codec}" for codec in (
               "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le",
               "utf_32", "utf_32_be", "utf_32_le", "unicode_escape", "raw_unicode_escape",
               "charmap", "cp437", "idna", "punycode", "base64_codec", "hex_codec")))
"""What Python and Pyodide import before any script or may look up by name: the
interpreter's start (``site``, the codecs a name finds through ``encodings``' search
function: the Unicode ones, ASCII, Latin-1, zip's cp437, IDNA) and all of Pyodide's
own packages."""
SAFETY = ("asyncio", "base64", "binascii", "bisect", "calendar", "collections", "contextlib",
          "copy", "csv", "dataclasses", "datetime", "decimal", "difflib", "enum", "fnmatch",
          "fractions", "functools", "gettext", "hashlib", "heapq", "hmac", "html", "inspect",
          "io", "itertools", "json", "linecache", "locale", "logging", "math", "numbers",
          "operator", "pathlib", "pickle", "pprint", "random", "re", "secrets", "shlex",
          "statistics", "string", "struct", "textwrap", "tempfile", "threading", "time",
          "traceback", "types", "typing", "unicodedata", "urllib", "uuid", "warnings",
          "weakref", "zipfile", "zlib")
"""Kept whatever the scan finds: modules a Python program is likely to reach for (a
future change, a traceback on an error), cheap beside what is left out."""
_IMPORT = re.compile(r"(?:^|\\n|[\n;:])[ \t]*import[ \t]+([\w., \t]+)")
_FROM = re.compile(r"(?:^|\\n|[\n;:])[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+"
                   r"(\([^)]*\)|[\w.,* \t\\]+)")


def imported(text: str) -> set[str]:
    """The dotted names ``text`` imports (``import a.b, c`` and ``from a import b``: both
    ``a`` and ``a.b``), in Python or in Python held by a JavaScript string; relative
    imports as ``.name``. Generous: a line of a docstring that reads as an import counts."""
    found: set[str] = set()
    for match in _IMPORT.finditer(text):
        for part in match.group(1).split(","):
            words = part.split()
            if words:
                found.add(words[0])
    for match in _FROM.finditer(text):
        module = match.group(1)
        found.add(module)
        for part in match.group(2).strip("()").replace("\\", " ").split(","):
            words = part.split()
            if words and words[0] != "*":
                found.add(f"{module}.{words[0]}" if not module.endswith(".") else
                          module + words[0])
    return found


def eager(text: str, functions: bool = True) -> str:
    """``text`` less the bodies of its functions (unless not ``functions``) and of
    ``if __name__ == "__main__"``: what runs when the module is imported (or may run
    when it is used, but not as a script)."""
    kept: list[str] = []
    inside: int | None = None  # the indent of the ``def`` whose body is being skipped
    for line in text.splitlines():
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if inside is not None:
            if not stripped or stripped.startswith("#") or indent > inside:
                continue
            inside = None
        if re.match(r"if[ \t]+__name__[ \t]*==" + (r"|(async[ \t]+)?def[ \t]" if functions
                                                   else ""), stripped):
            inside = indent
        kept.append(line)
    return "\n".join(kept)


def resolve(found: str, module: str, is_package: bool) -> str:
    """``found`` (an imported name of ``module``) made absolute."""
    if not found.startswith("."):
        return found
    dots = len(found) - len(found.lstrip("."))
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - dots + 1]
    rest = found[dots:]
    return ".".join([*base, rest] if rest else base)


Graph = dict[str, tuple[set[str], set[str]]]
"""Each module of the zip: the modules it imports when imported, and those it imports
anywhere (in its functions too); with their packages (``import a.b``: ``a``, ``a.b``)."""


def zip_imports(zip_path: Path) -> Graph:
    """The zip's import graph (:data:`Graph`)."""
    graph: Graph = {}
    with zipfile.ZipFile(zip_path) as archive:
        for entry in archive.namelist():
            module = module_of(entry)
            at_import, anywhere = graph.setdefault(module, (set(), set()))
            if "." in module:
                at_import.add(module.rsplit(".", 1)[0])
            if entry.endswith(".py"):
                text = archive.read(entry).decode("utf-8", "replace")
                package = entry.endswith("/__init__.py")
                for found in imported(eager(text)):
                    at_import |= with_parents(resolve(found, module, package))
                for found in imported(eager(text, functions=False)):
                    anywhere |= with_parents(resolve(found, module, package))
    return graph


def with_parents(name: str) -> set[str]:
    """``a.b.c``, ``a.b`` and ``a``."""
    parts = name.split(".")
    return {".".join(parts[:end]) for end in range(1, len(parts) + 1) if parts[end - 1]}


def our_modules(root: Path) -> dict[str, Path]:
    """The repository's modules that run in Pyodide, by the name they are imported by:
    ``web/``'s (each file where the page's config puts it: ``web/ui/x.py`` is ``ui.x``,
    the embed's ``web/embed/x.py`` is ``x``) and the engine's (``tractor.x``)."""
    found: dict[str, Path] = {}
    web = root / CODE_DIRS[0]
    for path in sorted(web.rglob("*.py")):
        relative = path.relative_to(web).with_suffix("").parts
        found[".".join(relative[1:] if relative[0] == "embed" else relative)] = path
    engine = root / CODE_DIRS[1]
    for path in sorted(engine.rglob("*.py")):
        parts = [engine.name, *path.relative_to(engine).with_suffix("").parts]
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def code_imports(root: Path, runtime_dirs: Iterable[Path]) -> set[str]:
    """The modules imported anywhere (in functions too) by the repository's Python that
    the page, its workers and the embed's run (every module of ``web/`` and the engine's
    modules they reach) and by the Python in the runtime's JavaScript (``runtime_dirs``)."""
    ours = our_modules(root)
    todo = [name for name, path in ours.items() if not name.startswith("tractor")]
    seen: set[str] = set()
    found: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        path = ours[module]
        for name in imported(path.read_text()):
            for part in with_parents(resolve(name, module, path.name == "__init__.py")):
                if part in ours:
                    todo.append(part)
                else:
                    found.add(part)
    for folder in runtime_dirs:
        for pattern in RUNTIME_SCRIPTS:
            for path in sorted(folder.rglob(pattern)):
                found |= {part for name in imported(path.read_text("utf-8", "replace"))
                          if not name.startswith(".") for part in with_parents(name)}
    return found


def needed(zip_path: Path, roots: Iterable[str]) -> set[str]:
    """The zip's modules reached from ``roots`` (a name ending in ``.*``: the package
    and all its modules): through what each imports when imported, and what it imports
    anywhere from its own package (``importlib.metadata`` imports ``_adapters`` when
    asked for a version). Other imports inside the standard library's functions are
    not followed (they would bring most of it: ``pathlib`` imports ``urllib.request`` to
    make a URI, ``email`` with it); ``SAFETY`` names those the site was found to need."""
    graph = zip_imports(zip_path)
    todo: list[str] = []
    for root in roots:
        if root.endswith(".*"):
            package = root.removesuffix(".*")
            todo.extend(name for name in graph if name == package
                        or name.startswith(package + "."))
        elif root in graph:
            todo.append(root)
    kept: set[str] = set()
    while todo:
        name = todo.pop()
        if name in kept:
            continue
        kept.add(name)
        at_import, anywhere = graph[name]
        top = name.split(".")[0]
        later = {found for found in anywhere if found.split(".")[0] == top}
        todo.extend(sorted((at_import | later) - kept & graph.keys()))
    return kept


def keep_list(zip_path: Path, root: Path, runtime_dirs: Iterable[Path]) -> list[str]:
    """The modules to keep: those needed by the code, the start and ``SAFETY``."""
    roots = {*code_imports(root, runtime_dirs), *STARTUP, *SAFETY}
    return sorted(needed(zip_path, roots))


def main(argv: list[str] | None = None) -> int:
    """``--write``: write ``KEEP_FILE`` from the vendored runtime (after ``npm ci``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {KEEP_FILE.name}")
    args = parser.parse_args(argv)
    modules = ROOT / "vendor" / "node_modules"
    names = keep_list(modules / "pyodide" / "python_stdlib.zip", ROOT,
                      [modules / "pyodide", modules / "@pyscript" / "core" / "dist"])
    text = ("# The top-level modules build.py keeps in python_stdlib.zip"
            " (sitebuild/stdlib_trim.py;\n"
            "# written by `python3 -m sitebuild.stdlib_keep --write`).\n"
            + "\n".join(names) + "\n")
    if args.write:
        KEEP_FILE.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

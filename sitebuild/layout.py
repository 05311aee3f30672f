"""dist/'s own files: the pages, web/ (its catalogs compiled), the embed's and the
tutorial's files, and the runtime's size stamped into index.html for its progress bar."""

from __future__ import annotations

import shutil
from pathlib import Path

from sitebuild.base import BuildError, log
from sitebuild.painter import micro_keys, paint_keys
from sitebuild.vendor import Runtime
from web.text import pofile  # web/text/pofile.py, the catalogs' msgfmt

PAGES = ("index.html", "embed.html", "rules.html")
"""The site's pages at the top of the repo, copied to the top of dist/."""

CARD_SPRITE_MARK = ("<!-- card faces: the shapes every card draws with"
                    " (web/cards.svg, written here by the build) -->")
CARD_SPRITE_PAGES = ("index.html", "embed.html")
"""The pages that draw cards (web/micro/cardface.py): the build writes the card shapes
(``web/cards.svg``) into each in place of ``CARD_SPRITE_MARK``, so every card's
``<use href="#...">`` finds them in its own page, the painted table's first frame too."""


def write_card_sprite(root: Path, dist: Path) -> None:
    """Put ``web/cards.svg`` into the copied pages that draw cards, once each."""
    sprite = (root / "web" / "cards.svg").read_text().strip()
    for name in CARD_SPRITE_PAGES:
        page = dist / name
        if not page.is_file():
            continue
        text = page.read_text()
        if text.count(CARD_SPRITE_MARK) != 1:
            raise BuildError(f"{name} has no single card sprite mark {CARD_SPRITE_MARK!r}")
        page.write_text(text.replace(CARD_SPRITE_MARK, sprite))


STYLE_PARTS = ("base", "grid", "bar", "seats", "cards", "hand", "trick", "controls", "screens",
               "sizes", "friends")
"""The table's stylesheet in parts, ``web/style/<part>.css``, a region of the table each,
in the order the build joins them into ``dist/web/style.css`` (one file: the first paint
waits for one request): the cascade's order, later parts overriding earlier ones (the
sizes, then the friends' phrases on phones, last)."""


def write_style(root: Path, dist: Path) -> None:
    """Join ``web/style/``'s parts, in ``STYLE_PARTS``' order, into ``dist/web/style.css``;
    a part missing or a file not listed is an error (never a rule left out unseen)."""
    folder = root / "web" / "style"
    found = {path.name for path in folder.glob("*")}
    wanted = {f"{part}.css" for part in STYLE_PARTS}
    if found != wanted:
        raise BuildError(f"web/style/ should hold exactly {sorted(wanted)}: missing "
                         f"{sorted(wanted - found)}, not listed {sorted(found - wanted)}")
    (dist / "web" / "style.css").write_text(
        "".join((folder / f"{part}.css").read_text() for part in STYLE_PARTS))


def copy_site(root: Path, dist: Path) -> None:
    """Copy the pages, the web/ folder (its stylesheet joined: ``write_style``), the
    embed's and the tutorial's files into dist/.

    ``web/tutorial/tutorial.html`` becomes ``tutorial.html`` and the rest of
    ``web/tutorial/`` the folder ``tutorial/``; the embed's host-page script
    ``embed.js`` and the scenario format ``scenario.schema.json`` go to the top;
    the scenario checker (``tractor/scenario_check.py`` and its reader
    ``tractor/scenario_read.py``, which MicroPython runs before the engine loads), its
    rule core (``tractor/rulecore.py``) and its scanner (``tractor/jsonscan.py``) beside
    the embed's Python.
    """
    if not (root / "index.html").is_file():
        raise BuildError(f"{root / 'index.html'} is missing")
    for page in PAGES:
        if (root / page).is_file():
            shutil.copy2(root / page, dist / page)
    write_card_sprite(root, dist)
    web = root / "web"
    if web.is_dir():
        shutil.copytree(
            web,
            dist / "web",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "tutorial", "snapshot",
                                          "style"),
        )
        write_style(root, dist)
    embed = web / "embed"
    if embed.is_dir():
        for name in ("embed.js", "scenario.schema.json"):
            shutil.copy2(embed / name, dist / name)
        for name in ("scenario_check.py", "scenario_read.py", "jsonscan.py", "rulecore.py"):
            shutil.copy2(root / "pyengine" / "tractor" / name, dist / "web" / "embed" / name)
    tutorial = web / "tutorial"
    if tutorial.is_dir():
        shutil.copytree(
            tutorial, dist / "tutorial", ignore=shutil.ignore_patterns("tutorial.html")
        )
        shutil.copy2(tutorial / "tutorial.html", dist / "tutorial.html")
    (dist / ".nojekyll").write_text("")


BOOT_WATCHED = ("pyodide.asm.wasm", "python_stdlib.zip")
"""The runtime files whose download web/boot.js shows as a progress bar."""
BOOT_PLACEHOLDER = 'data-runtime-bytes="0"'


def stamp_runtime_size(dist: Path, runtime: Runtime) -> int:
    """Write the watched runtime files' total size into dist/index.html (for web/boot.js)."""
    total = sum((dist / runtime.pyodide_dir / name).stat().st_size for name in BOOT_WATCHED)
    index = dist / "index.html"
    text = index.read_text()
    if BOOT_PLACEHOLDER not in text:
        raise BuildError(f"index.html has no {BOOT_PLACEHOLDER} for the loading progress")
    index.write_text(text.replace(BOOT_PLACEHOLDER, f'data-runtime-bytes="{total}"', 1))
    return total


def compile_catalogs(dist: Path) -> list[Path]:
    """Compile dist/web/locale's gettext catalogs: ``tractor.mo`` each and the embed's JSON.

    The ``.po`` files (the sources) are not served: only what the page reads stays.
    """
    web = dist / "web"
    if not (web / "locale").is_dir():
        return []
    written = pofile.compile_all(web, micro_keys("cardface"))  # the embed's card faces
    written.append(pofile.compile_paint(web, paint_keys()))
    for po in sorted((web / "locale").rglob("*.po")):
        po.unlink()
    log(f"catalogs: {len(written)} files compiled")
    return written

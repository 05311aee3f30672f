"""Offline play and install: the service worker (dist/sw.js, from offline/sw.js) with this
build's files and their digests, the web app manifest and its icons."""

from __future__ import annotations

import base64
import hashlib
import json
import struct
import zlib
from pathlib import Path
from typing import Any

from sitebuild.base import ROOT, log

APP_NAME = "Tractor 拖拉机"
THEME_COLOUR = "#1f5d3a"
ICON_SIZES = (192, 512)
SERVICE_WORKER = "sw.js"
OFFLINE_TEMPLATE = ROOT / "offline" / SERVICE_WORKER
#: Not cached for offline play: the benchmark page, and the service worker itself.
OFFLINE_SKIP = ("bench/", SERVICE_WORKER, ".nojekyll")


def png(size: int, pixel: Any) -> bytes:
    """A square RGB PNG of ``size`` pixels; ``pixel(x, y)`` gives an (r, g, b) triple."""
    rows = b"".join(
        b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(size)) for y in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def icon_pixel(size: int) -> Any:
    """The app icon: a white card with a red diamond on the table's green."""
    green, white, red = (0x1F, 0x5D, 0x3A), (0xFA, 0xFA, 0xF5), (0xC6, 0x28, 0x28)
    left, right, top, bottom = 0.24 * size, 0.76 * size, 0.14 * size, 0.86 * size
    middle_x, middle_y, reach = size / 2, size / 2, 0.2 * size

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        if not (left <= x <= right and top <= y <= bottom):
            return green
        if abs(x - middle_x) / (0.75 * reach) + abs(y - middle_y) / reach <= 1:
            return red
        return white

    return pixel


def write_app_files(dist: Path) -> None:
    """The web app manifest and its icons (the site can be installed on a phone)."""
    icons = dist / "icons"
    icons.mkdir()
    for size in ICON_SIZES:
        (icons / f"icon-{size}.png").write_bytes(png(size, icon_pixel(size)))
    manifest = {
        "name": APP_NAME,
        "short_name": "Tractor",
        "description": "Tractor (拖拉机 / 升级 / Shengji) against computer players",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": f"./icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
            for size in ICON_SIZES
        ],
    }
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, ensure_ascii=False, indent=2))


def offline_files(dist: Path) -> list[str]:
    """Every file the site needs offline, as ./-relative URLs (and ./ itself)."""
    files = sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file()
    )
    return ["./"] + [f"./{name}" for name in files if not name.startswith(OFFLINE_SKIP)]


def write_service_worker(dist: Path, template: Path = OFFLINE_TEMPLATE) -> str:
    """dist/sw.js from the template: this build's files under a cache named by their digest.

    Each file comes with its SHA-256 as a Subresource Integrity value (``./`` is
    ``index.html``), so the worker (offline/sw.js, which says more) keeps every page on
    one build: it fills its cache with files of this digest only (asked of the server,
    not the HTTP cache), and it waits, installed, until no page of the older build is
    open before it takes over (the older worker serves those pages from the older
    cache meanwhile). A file missing from the cache is fetched again, if the server
    still has this build's copy, and put back (the cache heals). The worker serves
    nothing from its cache whose SHA-256 is not the one listed here (a page of the same
    origin can write the cache): such an entry is deleted and fetched again.
    Returns the cache name (``tractor-`` and 16 hex digits of the files' digest).
    """
    files: dict[str, str] = {}
    digest = hashlib.sha256()
    for name in offline_files(dist):
        data = (dist / (name[2:] or "index.html")).read_bytes()
        files[name] = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
        if name != "./":
            digest.update(name.encode() + b"\0" + data + b"\0")
    cache = f"tractor-{digest.hexdigest()[:16]}"
    source = template.read_text()
    source = source.replace("__CACHE_NAME__", cache).replace(
        "__FILE_LIST__", json.dumps(files, indent=2)
    )
    (dist / SERVICE_WORKER).write_text(source)
    log(f"service worker: {len(files)} files in cache {cache}")
    return cache

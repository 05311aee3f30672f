"""The local server of dist/ (``python3 build.py serve``): the MIME types PyScript and
Pyodide need, no caching, and quiet when tests or benchmarks ask."""

from __future__ import annotations

from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from sitebuild.base import DIST, BuildError

#: MIME types the browser needs to see (Python 3.11's table lacks some of them).
MIME_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".toml": "application/toml",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static file handler with the MIME types PyScript/Pyodide need and no caching."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    #: Every answer's Cache-Control (GitHub Pages sends ``max-age=600``).
    cache_control = "no-cache"

    def handle(self) -> None:
        """Handle requests, ignoring browsers that cancel a download midway."""
        try:
            super().handle()
        except ConnectionError as error:  # BrokenPipeError, ConnectionResetError, ...
            self.log_message("client went away: %s (%s)", self.requestline, error)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib name)
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    """:class:`SiteHandler` that logs nothing (for tests and benchmarks)."""

    quiet = True


def make_server(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 8000,
    handler: type[SiteHandler] = SiteHandler,
) -> ThreadingHTTPServer:
    """A threaded HTTP server for ``directory`` (port 0 picks a free port)."""
    return ThreadingHTTPServer((host, port), partial(handler, directory=str(directory)))


def serve(directory: Path, port: int) -> None:
    """Serve ``directory`` on 127.0.0.1 until interrupted."""
    try:
        server = make_server(directory, port=port)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {error}") from error
    host, bound_port = server.server_address[:2]
    print(f"Open http://{host!s}:{bound_port}/ in a browser to play (serving {directory}; "
          "Ctrl-C stops)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped", flush=True)

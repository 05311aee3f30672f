"""The command line of ``build.py``: ``build`` (the default) or ``serve``, and
``--own-origin``; errors as one ``build.py: error:`` line and exit code 1."""

from __future__ import annotations

import argparse
import sys

from sitebuild.base import DIST, BuildError
from sitebuild.serve import serve
from sitebuild.site import build


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line arguments."""
    parser = argparse.ArgumentParser(description="Build (and serve) the static Tractor site.")
    own_help = ("the site has its origin to itself (not *.github.io, nothing else served"
                " there): keep the engine's memory snapshot on even under a sub-path")
    parser.add_argument("--own-origin", action="store_true", help=own_help)
    own_origin = argparse.ArgumentParser(add_help=False)  # also after the command
    own_origin.add_argument(
        "--own-origin", action="store_true", default=argparse.SUPPRESS, help=own_help)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build dist/ (the default)", parents=[own_origin])
    serve_parser = commands.add_parser(
        "serve", help="build dist/, then serve it on 127.0.0.1", parents=[own_origin])
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve_parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if not (args.command == "serve" and args.no_build):
            build(own_origin=args.own_origin)
        if args.command == "serve":
            serve(DIST, args.port)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    return 0

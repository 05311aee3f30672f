"""The last step of the build: every local reference of dist/'s pages and PyScript configs
resolves inside dist/, and none points to another origin."""

from __future__ import annotations

import html.parser
import json
from pathlib import Path
from urllib.parse import urlsplit

from sitebuild.base import BuildError
from sitebuild.configs import CONFIG_NAME, EMBED_CONFIG, EMBED_WORKER_CONFIG
from sitebuild.painter import PAINT_CONFIG


class _References(html.parser.HTMLParser):
    """Collect src/href/config attribute values from an HTML document."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href", "config") and value:
                self.found.append(value)


def check_reference(base: Path, reference: str, dist: Path, origin: str) -> str | None:
    """Problem with one local reference (relative to folder ``base``), or None if fine."""
    parts = urlsplit(reference)
    if parts.scheme in ("data", "blob", "mailto", "javascript") or reference.startswith("#"):
        return None
    if parts.scheme or parts.netloc:
        return f"{origin}: '{reference}' points to another origin (no CDN allowed)"
    if reference.lstrip().startswith(("{", "[")):  # inline JSON/TOML config
        return None
    if parts.path.startswith("/"):
        return f"{origin}: '{reference}' is absolute; use a relative path (GitHub Pages sub-path)"
    target = (base / parts.path).resolve()
    if not target.is_relative_to(dist.resolve()) or not target.exists():
        return f"{origin}: '{reference}' does not exist in dist/"
    return None


def config_problems(config_path: Path, dist: Path) -> list[str]:
    """Problems with a PyScript JSON config: missing interpreter or files targets."""
    config = json.loads(config_path.read_text())
    origin = str(config_path.relative_to(dist))
    references = [str(config.get("interpreter", ""))] + list(config.get("files", {}))
    if not config.get("interpreter"):
        return [f"{origin}: no 'interpreter' key (PyScript would fetch Pyodide from a CDN)"]
    problems = [check_reference(config_path.parent, ref, dist, origin) for ref in references]
    return [problem for problem in problems if problem]


def check_dist(dist: Path) -> None:
    """Fail unless every local reference in dist/*.html and configs resolves inside dist/."""
    problems: list[str] = []
    for page in sorted(dist.rglob("*.html")):
        if page.is_relative_to(dist / "pyscript"):
            continue  # vendored files are not ours to check
        parser = _References()
        parser.feed(page.read_text())
        origin = str(page.relative_to(dist))
        for reference in parser.found:
            problem = check_reference(page.parent, reference, dist, origin)
            if problem:
                problems.append(problem)
    configs = [*dist.rglob(CONFIG_NAME), dist / EMBED_CONFIG, dist / EMBED_WORKER_CONFIG,
               dist / PAINT_CONFIG]
    for config_path in sorted(path for path in configs if path.is_file()):
        problems.extend(config_problems(config_path, dist))
    if problems:
        raise BuildError("broken references in dist/:\n  " + "\n  ".join(problems))

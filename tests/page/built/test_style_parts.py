"""The table's stylesheet is kept a region a file in ``web/style/`` and served as one
``web/style.css`` (the first paint waits for one request), joined in the cascade's order
(``sitebuild.layout.STYLE_PARTS``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sitebuild.base import BuildError
from sitebuild.layout import STYLE_PARTS, write_style

ROOT = Path(__file__).resolve().parents[3]
PARTS = ROOT / "web" / "style"


def test_the_served_stylesheet_is_every_part_joined_in_order(dist_dir: Path) -> None:
    joined = "".join((PARTS / f"{part}.css").read_text() for part in STYLE_PARTS)
    assert (dist_dir / "web" / "style.css").read_text() == joined
    assert not (dist_dir / "web" / "style").exists()  # the parts are not served


def test_a_part_left_out_or_missing_stops_the_build(tmp_path: Path) -> None:
    root, dist = tmp_path / "root", tmp_path / "dist"
    shutil.copytree(PARTS, root / "web" / "style")
    (dist / "web").mkdir(parents=True)
    write_style(root, dist)
    (root / "web" / "style" / "extra.css").write_text("#hand { color: red; }\n")
    with pytest.raises(BuildError, match="extra.css"):
        write_style(root, dist)
    (root / "web" / "style" / "extra.css").unlink()
    (root / "web" / "style" / "sizes.css").unlink()
    with pytest.raises(BuildError, match="sizes.css"):
        write_style(root, dist)


def test_each_part_reads_in_one_sitting() -> None:
    long = {part: n for part in STYLE_PARTS
            if (n := len((PARTS / f"{part}.css").read_text().splitlines())) > 500}
    assert not long, long

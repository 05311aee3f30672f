"""The whole build: every step, in order, lays out the static site in dist/ (:func:`build`)."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitebuild.base import DIST, ROOT, VENDOR, BuildError, log
from sitebuild.bench import write_bench
from sitebuild.checks import check_dist
from sitebuild.configs import CONFIG_NAME, embed_configs, site_config
from sitebuild.layout import compile_catalogs, copy_site, stamp_runtime_size
from sitebuild.offline import write_app_files, write_service_worker
from sitebuild.page_start import PageStartError, fast_start
from sitebuild.painter import PAINT_CONFIG, bytecode_compiler, paint_config
from sitebuild.snapshot import place_snapshot
from sitebuild.stdlib_trim import trim_stdlib
from sitebuild.vendor import PYODIDE_RUNTIME_FILES, Runtime, copy_runtime, install_vendor
from sitebuild.wheel import place_wheel


@dataclass(frozen=True)
class BuildResult:
    """What :func:`build` produced."""

    dist: Path
    runtime: Runtime
    wheel: str  # dist/-relative path of the engine wheel
    config: dict[str, Any]  # the PyScript config written to dist/pyscript.json


def build(
    dist: Path = DIST, root: Path = ROOT, vendor: Path = VENDOR, own_origin: bool = False
) -> BuildResult:
    """Lay out the complete static site in ``dist`` and return what was built
    (``own_origin``: the site has its origin to itself, see :func:`place_snapshot`)."""
    install_vendor(vendor)
    mpy_cross = bytecode_compiler(root)
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_site(root, dist)
    compile_catalogs(dist)
    runtime = copy_runtime(vendor, dist)
    trim_stdlib(dist, runtime)
    stamp_runtime_size(dist, runtime)
    wheel = place_wheel(root, dist)
    config = site_config(runtime, wheel, dist)
    (dist / CONFIG_NAME).write_text(json.dumps(config, indent=2) + "\n")
    place_snapshot(config, dist, runtime, own_origin=own_origin)
    if (dist / "embed.html").is_file():
        for name, embed_config in embed_configs(runtime, wheel).items():
            (dist / name).write_text(json.dumps(embed_config, indent=2) + "\n")
    painter = paint_config(runtime, dist, mpy_cross)
    (dist / PAINT_CONFIG).write_text(json.dumps(painter, indent=2) + "\n")
    try:  # page_start.py: preload hints and the painter inline, so it starts soon
        fast_start(dist, runtime.pyscript_dir,
                   {f"./{CONFIG_NAME}": config, f"./{PAINT_CONFIG}": painter}, PAINT_CONFIG,
                   CONFIG_NAME, PYODIDE_RUNTIME_FILES)
    except PageStartError as error:
        raise BuildError(str(error)) from error
    write_bench(runtime, dist)
    write_app_files(dist)
    write_service_worker(dist)
    check_dist(dist)
    log(f"site ready in {dist}")
    return BuildResult(dist=dist, runtime=runtime, wheel=wheel, config=config)

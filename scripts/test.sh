#!/usr/bin/env bash
# The project's single test command, for a fresh machine or a developer's:
#   1. create .venv and install the package with its `test` extra (again only when
#      pyproject.toml changed since the last install);
#   2. make sure a Chromium exists for the browser tests: /usr/bin/chromium or
#      $TRACTOR_CHROMIUM if set; else Debian's package when root, else Playwright's;
#   3. run ruff, mypy --strict (engine, the page's Python in web/, build.py and sitebuild/,
#      the tests) and pytest (the whole tests/ folder; the tests marked `web` build dist/
#      with build.py, which needs Node.js + npm).
# Extra arguments go to pytest, e.g. `scripts/test.sh -m "not web"`. pytest runs the
# test files on $TRACTOR_TEST_WORKERS processes (pytest-xdist, a file's tests stay on one
# worker: default the machine's cores, at most 4; 0 runs them in this process, e.g. for -s).
# Exits non-zero when any step fails (all checks run even if an early one fails).
set -uo pipefail
cd "$(dirname "$0")/.."

VENV=.venv
PY="$VENV/bin/python"
export DEBIAN_FRONTEND=noninteractive
export PIP_DISABLE_PIP_VERSION_CHECK=1

say() { printf '\n==> %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }
die() { printf 'scripts/test.sh: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }

setup_venv() {
    if [ ! -x "$PY" ]; then
        say "creating $VENV"
        python3 -m venv "$VENV" || die "python3 -m venv failed"
    fi
    local stamp="$VENV/.tractor-install-stamp" want
    want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
        return
    fi
    say "pip install -e '.[test]'"
    "$PY" -m pip install -q -e '.[test]' || die "pip install failed"
    echo "$want" >"$stamp"
}

setup_node() {
    command -v npm >/dev/null && return
    if is_root && command -v apt-get >/dev/null; then
        say "installing Node.js and npm (apt-get)"
        apt-get update -q && apt-get install -y -q nodejs npm || die "apt-get install npm failed"
    else
        die "build.py needs Node.js and npm on PATH; please install them"
    fi
}

setup_chromium() {
    if [ -n "${TRACTOR_CHROMIUM:-}" ] || [ -x /usr/bin/chromium ]; then
        return
    fi
    if is_root && command -v apt-get >/dev/null; then
        say "installing Chromium (apt-get)"
        apt-get update -q && apt-get install -y -q chromium || die "apt-get install chromium failed"
    else
        say "installing Playwright's Chromium"
        "$PY" -m playwright install chromium || die "playwright install chromium failed"
    fi
}

run_checks() {
    local failed=0
    say "ruff check"
    "$VENV/bin/ruff" check pyengine build.py sitebuild tests scripts web || failed=1
    say "mypy --strict pyengine"
    "$VENV/bin/mypy" --strict pyengine || failed=1
    say "lint-imports (the layers of the engine and of web/, no import circle: pyproject.toml [tool.importlinter])"
    PYTHONPATH=web "$VENV/bin/lint-imports" --no-cache || failed=1
    say "mypy --strict web (the page's Python; js/pyscript/pyodide exist only in the browser)"
    "$VENV/bin/mypy" --strict --ignore-missing-imports web/*.py web/{page,house,remote,seats,render,store,text,micro}/*.py web/house/learn/*.py || failed=1
    say "mypy --strict web/embed (MicroPython draws with scenario_check; the worker uses tractor)"
    # The embed's MicroPython files see the engine's as top-level modules (rulecore, as in
    # dist/), never the installed tractor package: one file, one module name.
    MYPYPATH=web:pyengine/tractor:web/embed "$VENV/bin/mypy" --strict --ignore-missing-imports \
        --no-site-packages web/embed/embed.py web/embed/embed_view.py web/embed/embed_text.py ||
        failed=1
    MYPYPATH=pyengine "$VENV/bin/mypy" --strict web/embed/embed_worker.py || failed=1
    say "mypy --strict build.py sitebuild (the build) and the scripts"
    "$VENV/bin/mypy" --strict build.py sitebuild scripts/measure_load.py scripts/measure_replay.py scripts/measure_players.py scripts/measure_embed.py scripts/measure_oracle.py scripts/measure_review.py scripts/measure_review_page.py scripts/measure_paint.py scripts/bench_try_check.py scripts/screenshots.py || failed=1
    # The friends' link's benchmark shares tests/browser/friend_pages.py with its test.
    MYPYPATH=scripts:tests/browser "$VENV/bin/mypy" --strict scripts/bench_friend_link.py || failed=1
    MYPYPATH=scripts:tests/browser:tests/browser/friends:tests/page:web:pyengine "$VENV/bin/mypy" --strict scripts/bench_friends_play.py || failed=1
    say "mypy --strict tests (a folder at a time with its subfolders, each has its conftest.py; web/ and the engine on the path as in the tests)"
    local folder page_tests
    for folder in tests/conftest.py tests/engine tests/page; do
        MYPYPATH=web:pyengine "$VENV/bin/mypy" --strict "$folder" || failed=1
    done
    # The browser tests import the page tests' helpers and lists by their bare names, as
    # tests/browser/conftest.py puts tests/page and its subfolders on sys.path.
    page_tests="tests/page$(printf ':%s' tests/page/*/)"
    MYPYPATH="web:pyengine:$page_tests" "$VENV/bin/mypy" --strict tests/browser || failed=1
    say "pytest"
    local workers="${TRACTOR_TEST_WORKERS:-$(nproc 2>/dev/null || echo 2)}" parallel=()
    [ "$workers" -gt 4 ] && workers=4
    [ "$workers" -gt 0 ] && parallel=(-n "$workers" --dist loadfile)
    # A failed test is run once more (pytest-rerunfailures) and fails only if it fails
    # twice: on a loaded 2-core machine a renderer may die ("Target crashed") or a page be
    # read mid-layout. Each rerun is listed under "rerun test summary info" (-rR) and in
    # the last line ("1 rerun"): it is a defect of that test to fix, not a pass to keep.
    "$VENV/bin/pytest" "${parallel[@]}" --durations=30 --reruns 1 -rR "$@"
    local code=$?
    case "$code" in
        0) ;;
        5) echo "pytest collected no tests: treated as a failure" >&2; failed=1 ;;
        *) failed=1 ;;
    esac
    return "$failed"
}

setup_cjk_font() {
    # Chinese text needs a CJK font for its real metrics (layout tests of the zh tables).
    # The bar's icons (📜 log, 👥 friends) want a colour emoji font, as phones have, for the
    # screenshots in test-results/ to show them: best effort, no test depends on it.
    if ! { command -v fc-list >/dev/null && fc-list 2>/dev/null | grep -qi "color emoji"; } &&
        is_root && command -v apt-get >/dev/null; then
        say "installing a colour emoji font (apt-get fonts-noto-color-emoji)"
        apt-get install -y -q fonts-noto-color-emoji >/dev/null 2>&1 ||
            say "no colour emoji font: the screenshots show the bar's emoji as boxes"
    fi
    command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh 2>/dev/null | head -n 1)" ] && return
    if is_root && command -v apt-get >/dev/null; then
        say "installing a CJK font (apt-get fonts-noto-cjk)"
        apt-get install -y -q fonts-noto-cjk >/dev/null ||
            { apt-get update -q && apt-get install -y -q fonts-noto-cjk; } ||
            die "apt-get install fonts-noto-cjk failed"
    else
        say "no CJK font: the Chinese layout tests may fail (install fonts-noto-cjk)"
    fi
}

setup_venv
setup_node
setup_chromium
setup_cjk_font
if run_checks "$@"; then
    say "all checks passed"
else
    say "FAILED"
    exit 1
fi

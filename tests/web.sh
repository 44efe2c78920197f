#!/bin/sh
# tests/web.sh [PACKAGE_DIR] - the JavaScript package's tests (web/test)
# under node's own test runner, against the WebAssembly build in
# PACKAGE_DIR (default build-wasm/sudokit, made by `make wasm`) and the
# native tool of $B (default build) as the reference.
#
# Without emscripten (emcc) or node the layer says it is skipped and ends
# with "0 passed, 0 failed"; .ci/run installs emscripten, so CI runs it.
# Prints "ok TEST" or "FAIL TEST" per test and "N passed, N failed".

B=${B:-build}
PKG=${1:-build-wasm/sudokit}
if ! command -v node >/dev/null 2>&1; then
    echo "web: skipped: node not installed (apt-get install nodejs)"
    echo "0 passed, 0 failed"
    exit 0
fi
if ! command -v emcc >/dev/null 2>&1; then
    echo "web: skipped: emscripten not installed (apt-get install emscripten)"
    echo "0 passed, 0 failed"
    exit 0
fi
# brought up to date (make rebuilds what changed)
make -s wasm WASM_DIR="$PKG" >/dev/null || { echo "FAIL make wasm"; echo "0 passed, 1 failed"; exit 1; }
log=$(mktemp "${TMPDIR:-/tmp}/sudokit-web.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT INT TERM
SUDOKIT_WASM=$PKG SUDOKIT_TOOL=$B/sudokit node --test --test-reporter=tap web/test/ >"$log" 2>&1
rc=$?
. tests/tap.sh
tap_report "$log" "$rc"

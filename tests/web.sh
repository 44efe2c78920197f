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
# TAP: "ok 3 - name" / "not ok 3 - name" at the top level (4 spaces of
# indentation are subtests of node's own file wrapper)
sed -n -E 's/^(    )?ok [0-9]+ - (.*)$/ok \2/p; s/^(    )?not ok [0-9]+ - (.*)$/FAIL \2/p' "$log" |
    grep -v '\.test\.mjs$'
passed=$(grep -E '^# pass [0-9]+' "$log" | tail -n 1 | sed 's/# pass //')
failed=$(grep -E '^# fail [0-9]+' "$log" | tail -n 1 | sed 's/# fail //')
passed=${passed:-0}
failed=${failed:-0}
if [ "$failed" -gt 0 ] || [ "$rc" -ne 0 ]; then
    grep -v -E '^(    )*ok ' "$log" | head -n 80
fi
[ "$rc" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/sh
# tests/browser.sh - the web page (web/page, built by `make web`) in a real
# browser: headless Chromium driven by puppeteer-core (installed from the
# npm registry into build-wasm/browser on first use), the tests of
# web/test-browser under node's test runner, with the native tool of $B
# (default build) judging the answers.
#
# Without Chromium, emscripten, node or npm, the layer says it is skipped
# and ends with "0 passed, 0 failed"; .ci/run installs Chromium and
# emscripten, so CI runs it.  Prints "ok TEST" / "FAIL TEST" and
# "N passed, N failed".

B=${B:-build}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
skip() {
    echo "browser: skipped: $1"
    echo "0 passed, 0 failed"
    exit 0
}
[ -n "$CHROMIUM" ] || skip "Chromium not installed (apt-get install chromium)"
command -v emcc >/dev/null 2>&1 || skip "emscripten not installed (apt-get install emscripten)"
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || skip "node or npm not installed"
PUP=build-wasm/browser
if [ ! -d "$PUP/node_modules/puppeteer-core" ]; then
    mkdir -p "$PUP"
    npm install --prefix "$PUP" --no-save --no-audit --no-fund --silent puppeteer-core@21 \
        >/dev/null 2>&1 || skip "could not install puppeteer-core from the npm registry"
fi
make -s web >/dev/null || { echo "FAIL make web"; echo "0 passed, 1 failed"; exit 1; }
log=$(mktemp "${TMPDIR:-/tmp}/sudokit-browser.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT INT TERM
SUDOKIT_SITE=build-wasm/site SUDOKIT_TOOL=$B/sudokit CHROMIUM=$CHROMIUM PUPPETEER_DIR=$PUP \
    node --test --test-reporter=tap web/test-browser/ >"$log" 2>&1
rc=$?
. tests/tap.sh
tap_report "$log" "$rc"

#!/bin/sh
# tests/run.sh - runs every test layer and adds up their results.
#
# Called by `make test` (B names the build directory: build or build-san).
# Each layer prints its own "N passed, N failed" line last; this script
# shows each layer's output (but its "ok" lines) and the seconds it took,
# then prints the grand total in the same form and exits non-zero when
# anything failed.

B=${B:-build}
total_passed=0
total_failed=0
log=$(mktemp "${TMPDIR:-/tmp}/sudokit-test.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT INT TERM

# layer NAME COMMAND...: runs one layer and adds its summary line.
layer() {
    name=$1
    shift
    echo "== $name"
    t0=$(date +%s)
    "$@" >"$log" 2>&1
    rc=$?
    grep -v '^ok ' "$log"
    echo "   ($(($(date +%s) - t0)) s)"
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$summary" ]; then
        echo "$name: no summary line (exit $rc)"
        total_failed=$((total_failed + 1))
        return
    fi
    p=${summary%% passed*}
    f=${summary#*passed, }
    f=${f%% failed*}
    # A layer that exits non-zero without counting a failure still fails.
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
    fi
    total_passed=$((total_passed + p))
    total_failed=$((total_failed + f))
}

for t in "$B"/tests/test_*; do
    [ -x "$t" ] || continue
    layer "unit: ${t##*/}" "$t"
done
layer "command line" sh tests/cli/run.sh "$B/sudokit"
layer "command line: variants" sh tests/cli/variants.sh "$B/sudokit"
layer "command line: terminals and pipes" sh tests/cli/terminal.sh "$B/sudokit"
layer "command line: pasted forms" sh tests/cli/paste.sh "$B/sudokit"
layer "command line: answers" sh tests/cli/answers.sh "$B/sudokit"
layer "command line: rate, explain, hint" sh tests/cli/logic.sh "$B/sudokit"
layer "command line: pencil marks" sh tests/cli/pencil.sh "$B/sudokit"
layer "command line: generate, minimize, redundant" sh tests/cli/generate.sh "$B/sudokit"
# README, man page and --help name every command, option, exit code...
layer "documentation" sh tests/docs.sh "$B/sudokit"
# 2 s a puzzle, 1 s under the sanitizers (a slower build: fewer answers,
# each still checked)
vlimit=2
[ "$SAN" = 1 ] && vlimit=1
layer "published variant puzzles" env VARIANT_TIMEOUT=$vlimit sh tests/variants/run.sh "$B/sudokit"
layer "examples" sh tests/examples.sh "$B"
layer "SAT cross-check" sh tests/sat_crosscheck.sh "$B/sudokit"
layer "best score: CBC cross-check" sh tests/best_cbc.sh "$B/sudokit"
layer "Python package" env SAN=$SAN sh tests/python.sh "$B"
# the WebAssembly build is not sanitized (and the sanitizer lane of CI runs
# beside the plain one): the plain run covers it
if [ "$SAN" = 1 ]; then
    layer "JavaScript package (WebAssembly)" sh -c 'echo "web: skipped under the sanitizers (the plain run builds and tests it)"; echo "0 passed, 0 failed"'
    layer "web page in Chromium" sh -c 'echo "browser: skipped under the sanitizers (the plain run tests it)"; echo "0 passed, 0 failed"'
else
    layer "JavaScript package (WebAssembly)" env B="$B" sh tests/web.sh
    layer "web page in Chromium" env B="$B" sh tests/browser.sh
fi
# Robustness: the committed fuzz corpus replayed through every fuzz target,
# the catalogue of bad inputs, allocation failure in the tool, streaming.
for t in "$B"/fuzz/fuzz_*; do
    [ -x "$t" ] || continue
    layer "fuzz corpus: ${t##*/}" "$t" "fuzz/corpus/${t##*/fuzz_}"
done
layer "bad inputs" sh tests/bad/run.sh "$B/sudokit"
layer "allocation failure (tool)" sh tests/alloc_cli.sh "$B/tests/sudokit-alloc"
layer "streaming (50000 puzzles)" env BIG_MB=20 sh tests/stress.sh "$B/sudokit" 50000

echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]

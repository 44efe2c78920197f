#!/bin/sh
# bench/wasm.sh TOOL [PACKAGE_DIR] [EVERY] - the WebAssembly package under
# node against the native tool, one thread each, on every EVERY-th puzzle
# (default 10) of forum_hardest_11plus: CPU seconds of the solving (the
# package: its loop of one call per puzzle after loading; the tool: the
# whole process, reading and writing included), the ratio, and a digest of
# the solutions, which must be the same.  `make bench-wasm` runs it.
set -u
TOOL=${1:?usage: bench/wasm.sh path/to/sudokit [package-dir] [every]}
PKG=${2:-build-wasm/sudokit}
EVERY=${3:-10}
DATA=${DATA:-../shared/data}
CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-wasmbench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
$CC -std=c11 -D_XOPEN_SOURCE=700 -O2 -o "$tmp/timed" bench/timed.c || exit 2
grep -v '^#' "$DATA/forum_hardest_11plus.txt" | grep . | awk -v k="$EVERY" '(NR - 1) % k == 0' >"$tmp/p.txt"
set -- $("$tmp/timed" -i "$tmp/p.txt" -o "$tmp/native.txt" "$TOOL" solve -j 1)
native_cpu=$2
native_sum=$(sha256sum <"$tmp/native.txt" | cut -d' ' -f1)
set -- $(node bench/wasm/solve.mjs "$PKG" "$tmp/p.txt")
n=$1 wasm_cpu=$2 wasm_sum=$3
echo "# WebAssembly against native, forum_hardest_11plus every ${EVERY}th ($n puzzles), one thread"
echo
echo "| | CPU s | puzzles/s |"
echo "|---|---|---|"
echo "| native \`sudokit solve -j 1\` | $native_cpu | $(awk -v n="$n" -v t="$native_cpu" 'BEGIN{printf "%.0f", n/t}') |"
echo "| WebAssembly under node $(node --version), one call per puzzle | $wasm_cpu | $(awk -v n="$n" -v t="$wasm_cpu" 'BEGIN{printf "%.0f", n/t}') |"
echo
echo "WebAssembly / native: $(awk -v a="$wasm_cpu" -v b="$native_cpu" 'BEGIN{printf "%.2fx", a/b}')"
if [ "$native_sum" = "$wasm_sum" ]; then
    echo "Solutions identical (sha256 $native_sum)."
else
    echo "SOLUTIONS DIFFER: native $native_sum, WebAssembly $wasm_sum"
    exit 1
fi

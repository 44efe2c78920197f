#!/bin/sh
# tests/variants/run.sh - the published variant puzzles of iss_examples.txt
# (the Interactive Sudoku Solver's example collections, in f-puzzles JSON,
# each with its name and source), solved with a time limit.
#
#   sh tests/variants/run.sh [path/to/sudokit]   (default: $B/sudokit, B=build)
#
# Every answer the tool gives within VARIANT_TIMEOUT seconds (default 2) must
# be right:
#   - the verdict must be the one in expected.txt (unique, multiple, none:
#     the count of solutions to two that ISS's own solver gives);
#   - a unique solution must equal the puzzle's known solution when the file
#     gives one, and in every case keep every rule: the puzzle is written in
#     the text form (`sudokit convert`), its grid replaced by the solution,
#     and `sudokit check` must find it complete and unbroken;
#   - `multiple`: two solutions from `sudokit enumerate --limit 2`, each kept
#     by every rule, and different.
# A puzzle not answered in time is listed, not failed: how many are answered
# is a matter for the benchmark (bench/variants/run.py), not for this test.
# Ends with "N passed, N failed".

T=${1:-${B:-build}/sudokit}
D=$(dirname "$0")
LIMIT=${VARIANT_TIMEOUT:-2}
passed=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-variants.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1${2:+: $2}"; failed=$((failed + 1)); }

# keeps_rules FILE_JSON SOLUTION NAME: the solution written into the text
# form of the puzzle, checked against every rule.
keeps_rules() {
    "$T" convert "$1" >"$tmp/text" 2>/dev/null || { fail "$3" "convert failed"; return 1; }
    # the first field of the first line is the grid (a jigsaw's region ids follow)
    awk -v sol="$2" 'NR == 1 { sub(/^[^ \t]+/, sol) } { print }' "$tmp/text" >"$tmp/filled"
    out=$("$T" check "$tmp/filled" 2>&1)
    [ "$out" = "ok (complete)" ] || { fail "$3" "check: $out"; return 1; }
    return 0
}

[ -x "$T" ] || { echo "FAIL no tool at $T"; echo "0 passed, 1 failed"; exit 1; }
"$T" solve --json -q --timeout "$LIMIT" "$D/iss_examples.txt" >"$tmp/out.json"
# each puzzle's name is on the comment line just above it
awk '/^\{/ { n = prev; sub(/^# /, "", n); sub(/ \| .*/, "", n); print n } { prev = $0 }' \
    "$D/iss_examples.txt" >"$tmp/names"
grep '^{' "$D/iss_examples.txt" >"$tmp/puzzles"
n=$(wc -l <"$tmp/puzzles")
[ "$(wc -l <"$tmp/out.json")" = "$n" ] && [ "$(wc -l <"$tmp/names")" = "$n" ] &&
    ok "one-record-per-puzzle" || fail "one-record-per-puzzle" "$n puzzles"

unanswered=
k=0
while [ "$k" -lt "$n" ]; do
    k=$((k + 1))
    name=$(sed -n "${k}p" "$tmp/names")
    sed -n "${k}p" "$tmp/puzzles" >"$tmp/p.json"
    rec=$(sed -n "${k}p" "$tmp/out.json")
    status=$(echo "$rec" | sed -n 's/.*"status":"\([a-z]*\)".*/\1/p')
    want=$(awk -F'\t' -v name="$name" '$1 == name { print $2 }' "$D/expected.txt")
    [ -n "$want" ] || { fail "$name" "not in expected.txt"; continue; }
    if [ "$status" = timeout ]; then
        unanswered="$unanswered
#   $name"
        continue
    fi
    [ "$status" = "$want" ] || { fail "$name" "$status, expected $want"; continue; }
    case $status in
    unique)
        sol=$(echo "$rec" | sed -n 's/.*"solution":"\([^"]*\)".*/\1/p')
        known=$(sed -n 's/.*"solution":\[\([0-9,]*\)\].*/\1/p' "$tmp/p.json" | tr -d ',')
        if [ -n "$known" ] && [ "$known" != "$sol" ]; then
            fail "$name" "solution $sol, known $known"
            continue
        fi
        keeps_rules "$tmp/p.json" "$sol" "$name" && ok "$name"
        ;;
    multiple)
        "$T" enumerate --limit 2 "$tmp/p.json" 2>/dev/null | grep -v '^#' >"$tmp/two"
        a=$(sed -n 1p "$tmp/two")
        b=$(sed -n 2p "$tmp/two")
        if [ -z "$a" ] || [ -z "$b" ] || [ "$a" = "$b" ]; then
            fail "$name" "enumerate did not give two solutions"
            continue
        fi
        keeps_rules "$tmp/p.json" "$a" "$name" && keeps_rules "$tmp/p.json" "$b" "$name" &&
            ok "$name"
        ;;
    none) ok "$name" ;;
    *) fail "$name" "status '$status'" ;;
    esac
done
if [ -n "$unanswered" ]; then
    echo "# not answered within $LIMIT s:$unanswered"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

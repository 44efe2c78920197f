#!/bin/sh
# tests/sat_crosscheck.sh - `sudokit cnf` checked against a SAT solver, and
# the solver's answers checked against `sudokit solve`.
#
#   sh tests/sat_crosscheck.sh [path/to/sudokit]   (default: $B/sudokit, B=build;
#                                                   run from the repository root)
#
# For each puzzle: write its CNF, solve it with CaDiCaL (or MiniSat), decode
# the model into a grid and compare it with `sudokit solve`; then add the
# clause that forbids that solution and solve again: the solver must say
# UNSAT exactly when sudokit says the solution is unique.  A puzzle without
# solution must be UNSAT at once.  The cases cover boxes, rectangular boxes,
# a jigsaw, X-Sudoku, Hyper, 16x16, 25x25, several solutions and none.
#
# SAT=minisat picks MiniSat when both are installed.
# Without a SAT solver on PATH the script says how to install one and ends
# with "0 passed, 0 failed".  Otherwise it prints "ok NAME" or "FAIL NAME"
# per check, ends with "N passed, N failed" and exits non-zero on a failure.

T=${1:-${B:-build}/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
D=tests/cli/data
S=../shared/data
passed=0
failed=0

if [ -n "$SAT" ]; then
    : # SAT=cadical or SAT=minisat from the environment
elif command -v cadical >/dev/null 2>&1; then
    SAT=cadical
elif command -v minisat >/dev/null 2>&1; then
    SAT=minisat
else
    echo "sat: no SAT solver on PATH, cross-check skipped (apt-get install cadical minisat)"
    echo "0 passed, 0 failed"
    exit 0
fi
[ -x "$T" ] || { echo "FAIL no tool at $T"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-sat.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1${2:+: $2}"; failed=$((failed + 1)); }

# sat CNF: runs the solver; prints the true variables, one per line, on
# stdout; returns 10 (SAT), 20 (UNSAT) or something else on failure.
sat() {
    case $SAT in
    cadical)
        cadical -q "$1" >"$tmp/sat.out"
        rc=$?
        sed -n 's/^v //p' "$tmp/sat.out" | tr ' ' '\n' | grep -E '^[1-9][0-9]*$'
        ;;
    minisat)
        minisat -verb=0 "$1" "$tmp/sat.out" >/dev/null 2>&1
        rc=$?
        sed -n '2p' "$tmp/sat.out" | tr ' ' '\n' | grep -E '^[1-9][0-9]*$'
        ;;
    esac
    return $rc
}

# decode N: true variables on stdin -> the grid as one line of symbols
# (1-9 then A-Z); a cell with no true variable or two shows as '?'.
decode() {
    awk -v n="$1" 'BEGIN { sym = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" }
        { v = $1 - 1; c = int(v / n); d = v % n + 1
          if (c in g) g[c] = "?"; else g[c] = substr(sym, d, 1) }
        END { s = ""; for (i = 0; i < n * n; i++) s = s ((i in g) ? g[i] : "?"); print s }'
}

# check NAME FILE [OPTIONS...]: the first puzzle of FILE (line form) checked
# both ways.
check() {
    name=$1 file=$2
    shift 2
    if [ ! -f "$file" ]; then
        echo "sat: $file missing, $name skipped"
        return
    fi
    grep -v '^#' "$file" | grep . | head -n 1 >"$tmp/p.txt"
    cells=$(cut -d' ' -f1 "$tmp/p.txt")
    regions=$(sed -n 's/^[^ ]* //p' "$tmp/p.txt")
    "$T" cnf "$@" "$tmp/p.txt" >"$tmp/p.cnf" || { fail "$name-cnf" "sudokit cnf failed"; return; }
    header=$(grep '^p cnf ' "$tmp/p.cnf")
    vars=$(echo "$header" | cut -d' ' -f3)
    clauses=$(echo "$header" | cut -d' ' -f4)
    n=1
    while [ $((n * n * n)) -lt "$vars" ]; do n=$((n + 1)); done
    [ "$(grep -c ' 0$' "$tmp/p.cnf")" = "$clauses" ] || fail "$name-count" "header says $clauses"

    "$T" solve --json "$@" "$tmp/p.txt" >"$tmp/s.json"
    status=$(sed -n 's/.*"status":"\([a-z]*\)".*/\1/p' "$tmp/s.json")
    solution=$(sed -n 's/.*"solution":"\([^"]*\)".*/\1/p' "$tmp/s.json")

    sat "$tmp/p.cnf" >"$tmp/model"
    rc=$?
    if [ $rc = 20 ]; then
        [ "$status" = none ] && ok "$name-unsat-none" || fail "$name" "SAT says UNSAT, sudokit says $status"
        return
    fi
    [ $rc = 10 ] || { fail "$name" "$SAT exit $rc"; return; }
    grid=$(decode "$n" <"$tmp/model")
    # the SAT answer is a solution: complete, no conflict, agrees with the givens
    printf '%s%s\n' "$grid" "${regions:+ $regions}" >"$tmp/g.txt"
    agree=$(awk -v p="$cells" -v g="$grid" 'BEGIN { for (i = 1; i <= length(p); i++) {
        c = substr(p, i, 1); if (c != "." && c != "0" && c != substr(g, i, 1)) { print "no"; exit } }
        print "yes" }')
    if [ "$("$T" check "$@" "$tmp/g.txt" 2>&1)" = "ok (complete)" ] && [ "$agree" = yes ]; then
        ok "$name-model-is-solution"
    else
        fail "$name-model-is-solution" "$grid"
    fi
    case $status in
    unique)
        [ "$grid" = "$solution" ] && ok "$name-same-solution" ||
            fail "$name-same-solution" "SAT $grid, sudokit $solution" ;;
    multiple) ok "$name-multiple-has-model" ;;
    *) fail "$name" "SAT found a model, sudokit says $status"; return ;;
    esac

    # block the solution: UNSAT exactly when sudokit says unique
    block=$(awk -v n="$n" -v g="$grid" 'BEGIN { sym = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for (i = 0; i < n * n; i++) printf "-%d ", i * n + index(sym, substr(g, i + 1, 1)); print "0" }')
    {
        echo "p cnf $vars $((clauses + 1))"
        echo "$block"
        grep -v '^[cp]' "$tmp/p.cnf"
    } >"$tmp/b.cnf"
    sat "$tmp/b.cnf" >/dev/null
    rc=$?
    if { [ $rc = 20 ] && [ "$status" = unique ]; } || { [ $rc = 10 ] && [ "$status" = multiple ]; }; then
        ok "$name-blocked-$status"
    else
        fail "$name-blocked" "$SAT exit $rc after blocking, sudokit says $status"
    fi
}

# nth FILE K NAME: puzzle K (from 1, comments left out) of FILE in a file of
# its own; prints that file's name (a missing FILE gives a missing name).
nth() {
    [ -f "$1" ] || { echo "$1"; return; }
    grep -v '^#' "$1" | sed -n "$2p" >"$tmp/$3.txt"
    echo "$tmp/$3.txt"
}
printf '%081d\n' 0 >"$tmp/empty81.txt"

check classic $D/classic.txt
check four-multiple $D/four.txt
check six-box2x3 $D/six.txt --box 2x3
check jigsaw5 $D/jigsaw5.txt
check nine-multiple "$(nth $D/batch.txt 2 multiple)"
check nine-none "$(nth $D/batch.txt 3 none)"
check jigsaw9 $S/jigsaw_9x9.txt
check jigsaw9-b "$(nth $S/jigsaw_9x9.txt 7 jigsaw9b)"
check jigsaw6 "$(nth $S/jigsaw_6x6.txt 11 jigsaw6)"
check x-sudoku $S/x9_janko_odd.txt --diagonals
check x-sudoku-b "$(nth $S/x9_janko_odd.txt 5 x9b)" --diagonals
check x-puzzle-without-diagonals $S/x9_janko_odd.txt
check hyper-empty $tmp/empty81.txt --hyper
check rect-12x12 $S/rect_12x12_box3x4.txt --box 3x4
check tarek16 $S/16x16_tarek20.txt
# a hard 25x25 puzzle (a uniqueness proof by the cdcl engine after some
# thousand conflicts), and the same without its first three givens
f25=$(nth $S/25x25_frisch6.txt 3 frisch25)
check frisch25 "$f25"
if [ -f "$f25" ]; then
    awk '{ s = $0; k = 0
           for (i = 1; i <= length(s) && k < 3; i++)
               if (substr(s, i, 1) != ".") { s = substr(s, 1, i - 1) "." substr(s, i + 1); k++ }
           print s }' "$f25" >"$tmp/frisch25m.txt"
    check frisch25-multiple "$tmp/frisch25m.txt"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

#!/bin/sh
# tests/best_cbc.sh - `sudokit best` checked against CBC on the standard
# 0-1 model.
#
#   sh tests/best_cbc.sh [path/to/sudokit]   (default: $B/sudokit, B=build;
#                                             run from the repository root)
#
# For each case: a random puzzle (a random full grid from `sudokit solve
# --first` on a random first row, then K random givens kept), a weight
# table, maximise or minimise.  tests/best_lp.awk writes the 0-1 model
# (x[cell][digit] binary; one digit per cell, each digit once per house,
# givens fixed) in CPLEX LP form, written without sudokit, `cbc MODEL solve
# solu FILE` proves its optimum, and `sudokit best --json` must report the
# same value (or none exactly when CBC says infeasible).  Cases: 4x4, 6x6,
# sparse 9x9, X-Sudoku, a jigsaw, random and negative weights, minimise,
# the empty grid, no solution.  SEED=K changes the puzzles.
#
# Without cbc on PATH the script says how to install it and ends with
# "0 passed, 0 failed".  Otherwise it prints "ok NAME" or "FAIL NAME" per
# case, ends with "N passed, N failed" and exits non-zero on a failure.

T=${1:-${B:-build}/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
LPAWK=$(pwd)/tests/best_lp.awk
passed=0
failed=0
seed=${SEED:-2009}

if ! command -v cbc >/dev/null 2>&1; then
    echo "best: cbc not on PATH, cross-check skipped (apt-get install coinor-cbc)"
    echo "0 passed, 0 failed"
    exit 0
fi
[ -x "$T" ] || { echo "FAIL no tool at $T"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-cbc.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1${2:+: $2}"; failed=$((failed + 1)); }

# rnd: a fresh pseudo-random seed for awk.
rnd() { seed=$(((seed * 1103515245 + 12345) % 2147483647)); }

# puzzle N KEEP [sudokit options...]: a random puzzle of N x N (line form,
# 1-9A-Z, '.' empty) with KEEP givens on stdout; JIGSAW=regions adds them.
puzzle() {
    n=$1 keep=$2
    shift 2
    rnd
    row=$(awk -v n="$n" -v s="$seed" 'BEGIN { srand(s); sym = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for (i = 1; i <= n; i++) p[i] = i
        for (i = n; i > 1; i--) { j = int(rand() * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t }
        for (i = 1; i <= n; i++) printf "%s", substr(sym, p[i], 1)
        for (i = n; i < n * n; i++) printf "."; print "" }')
    full=$(echo "$row${JIGSAW:+ $JIGSAW}" | "$T" solve --first --timeout 5 "$@" 2>/dev/null |
        cut -d' ' -f1)
    echo "$full" | awk -v k="$keep" -v s="$((seed + 1))" '{ srand(s); nn = length($1)
        for (i = 1; i <= nn; i++) p[i] = i
        for (i = nn; i > 1; i--) { j = int(rand() * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t }
        for (i = 1; i <= nn; i++) keep[i] = 0
        for (i = 1; i <= k && i <= nn; i++) keep[p[i]] = 1
        s2 = ""; for (i = 1; i <= nn; i++) s2 = s2 (keep[i] ? substr($1, i, 1) : ".")
        print s2 }'
}

# mk N KEEP [options...]: P = a new puzzle (puzzle() run in this shell, so
# that the seed moves on).
mk() { puzzle "$@" >"$tmp/pz"; P=$(cat "$tmp/pz"); }

# weights N LO HI: N*N random integers in [LO, HI], N per line.
weights() {
    rnd
    awk -v n="$1" -v lo="$2" -v hi="$3" -v s="$seed" 'BEGIN { srand(s)
        for (r = 0; r < n; r++) { l = ""
            for (c = 0; c < n; c++) l = l (c ? " " : "") (lo + int(rand() * (hi - lo + 1)))
            print l } }'
}

# case NAME N PUZZLE WFILE SENSE [sudokit options...]: WFILE "" = target.
# LPOPTS (awk -v settings) and JIGSAW describe the geometry for the LP.
check() {
    name=$1 n=$2 p=$3 wf=$4 sense=$5
    shift 5
    if [ "${#p}" -ne $((n * n)) ]; then
        fail "$name" "no puzzle generated"
        return
    fi
    wlist=
    [ -n "$wf" ] && wlist=$(tr '\n' ' ' <"$wf")
    # shellcheck disable=SC2086
    awk -v n="$n" -v puzzle="$p" -v weights="$wlist" -v sense="$sense" \
        -v regions="$JIGSAW" $LPOPTS -f "$LPAWK" >"$tmp/m.lp"
    rm -f "$tmp/sol.txt"
    cbc "$tmp/m.lp" solve solu "$tmp/sol.txt" >"$tmp/cbc.log" 2>&1
    first=$(head -n 1 "$tmp/sol.txt" 2>/dev/null)
    case $first in
    Optimal*) want=$(echo "$first" | awk '{ printf "%.0f", $NF }') ;;
    Infeasible*|*infeasible*) want=none ;;
    *) fail "$name" "cbc gave no answer: $first"; return ;;
    esac
    set -- "$@"
    [ -n "$wf" ] && set -- "$@" --weights "$wf"
    [ "$sense" = min ] && set -- "$@" --minimize
    got=$(echo "$p${JIGSAW:+ $JIGSAW}" | "$T" best --json "$@" 2>"$tmp/err" |
        sed -n 's/.*"score":\(-\{0,1\}[0-9]*\).*/\1/p')
    [ -z "$got" ] && got=none
    if [ "$got" = "$want" ]; then
        ok "$name"
    else
        fail "$name" "sudokit $got, cbc $want (puzzle $p)"
    fi
}

JIGSAW= LPOPTS=
mk 4 3
check "4x4 target" 4 "$P" "" max
weights 4 -20 50 >"$tmp/w4"
mk 4 2
check "4x4 random weights, minimise" 4 "$P" "$tmp/w4" min
LPOPTS="-v br=2 -v bc=3"
mk 6 8 --box 2x3
check "6x6 2x3 target" 6 "$P" "" max --box 2x3
LPOPTS=
for k in 1 2 3; do
    mk 9 20
    check "9x9 20 givens target #$k" 9 "$P" "" max
done
weights 9 -20 50 >"$tmp/w9"
mk 9 22
check "9x9 22 givens random weights" 9 "$P" "$tmp/w9" max
mk 9 22
check "9x9 22 givens random weights, minimise" 9 "$P" "$tmp/w9" min
weights 9 -100 0 >"$tmp/wneg"
mk 9 24
check "9x9 negative weights, minimise" 9 "$P" "$tmp/wneg" min
mk 9 24
check "9x9 negative weights" 9 "$P" "$tmp/wneg" max
LPOPTS="-v diag=1"
mk 9 18 --diagonals
check "X 9x9 18 givens target" 9 "$P" "" max --diagonals
LPOPTS=
JIGSAW=111222233114442233114552333114522633444555666774885699777855699778866699778888999
mk 9 20
check "jigsaw 9x9 20 givens target" 9 "$P" "" max
mk 9 22
check "jigsaw 9x9 random weights, minimise" 9 "$P" "$tmp/w9" min
JIGSAW=
check "empty 9x9 target" 9 "$(printf '%081d' 0 | tr 0 .)" "" max
check "no solution" 9 "11$(printf '%079d' 0 | tr 0 .)" "" max

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

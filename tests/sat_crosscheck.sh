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
# a jigsaw, X-Sudoku, Hyper, 16x16, 25x25, several solutions and none,
# then variant puzzles: ISS examples in f-puzzles JSON (checked against
# their known solutions too) and random puzzles in the text form of rules.
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
# Variables above N^3 (auxiliary ones of variant rules) are left out.
decode() {
    awk -v n="$1" 'BEGIN { sym = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" }
        $1 > n * n * n { next }   # variables of variant rules come after the cells
        { v = $1 - 1; c = int(v / n); d = v % n + 1
          if (c in g) g[c] = "?"; else g[c] = substr(sym, d, 1) }
        END { s = ""; for (i = 0; i < n * n; i++) s = s ((i in g) ? g[i] : "?"); print s }'
}

# same_then_blocked: after a model $grid was found for $tmp/p.cnf ($n, $vars,
# $clauses set), compares it with sudokit's $status and $solution, then
# blocks it: the formula must become UNSAT exactly when sudokit says unique.
same_then_blocked() {
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
    same_then_blocked
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


# ---------------------------------------------------------------- variants
# vcheck NAME FILE [SOLUTION]: FILE holds one variant puzzle in any form
# the tool reads (f-puzzles JSON, text rules).  The CNF's model must keep
# every rule (`check` on the model's grid with the puzzle's rules, written
# by `convert`), agree with `sudokit solve` and with SOLUTION when given
# (the collection's answer), and be the only one exactly when sudokit says
# unique.  Auxiliary variables of the rules are kept out of the blocking
# clause: it forbids the grid, whatever they hold.
vcheck() {
    name=$1 file=$2 known=$3
    "$T" cnf "$file" >"$tmp/p.cnf" 2>"$tmp/p.err" || { fail "$name-cnf" "$(head -n 1 "$tmp/p.err")"; return; }
    header=$(grep '^p cnf ' "$tmp/p.cnf")
    vars=$(echo "$header" | cut -d' ' -f3)
    clauses=$(echo "$header" | cut -d' ' -f4)
    n=$(sed -n 's/^c sudokit .* CNF of a \([0-9]*\)x[0-9]*.*/\1/p' "$tmp/p.cnf")
    [ -n "$n" ] || { fail "$name-cnf" "no size in the CNF comments"; return; }
    [ "$(grep -c ' 0$' "$tmp/p.cnf")" = "$clauses" ] || fail "$name-count" "header says $clauses"
    # the puzzle as a line and its rules, for `check`
    "$T" convert --output line "$file" >"$tmp/v.txt" 2>/dev/null
    cells=$(head -n 1 "$tmp/v.txt")

    "$T" solve --json --timeout 10 "$file" >"$tmp/s.json" 2>/dev/null
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
    { echo "$grid"; sed 1d "$tmp/v.txt"; } >"$tmp/g.txt"
    agree=$(awk -v p="$cells" -v g="$grid" 'BEGIN { for (i = 1; i <= length(p); i++) {
        c = substr(p, i, 1); if (c != "." && c != "0" && c != substr(g, i, 1)) { print "no"; exit } }
        print "yes" }')
    if [ ${#cells} = $((n * n)) ] && [ "$("$T" check "$tmp/g.txt" 2>&1)" = "ok (complete)" ] && [ "$agree" = yes ]; then
        ok "$name-model-keeps-rules"
    else
        fail "$name-model-keeps-rules" "$grid"
    fi
    if [ -n "$known" ]; then
        [ "$grid" = "$known" ] && ok "$name-known-solution" ||
            fail "$name-known-solution" "SAT $grid, collection $known"
    fi
    same_then_blocked
}

# ISS examples (tests/variants/iss_examples.txt), puzzle K counting from 0
# over the JSON lines; each that `sudokit solve` answers in well under a
# second.  Between them: killer cages (with and without sums, a 0 cage),
# little killers, arrows, thermometers, renban, between and region-sum
# lines, XV, kropki dots, negative constraints, sandwiches, quadruples,
# odd/even cells, anti-knight, anti-king, nonconsecutive, diagonals, extra
# regions and given pencil marks.
ISS=tests/variants/iss_examples.txt
if [ -f $ISS ]; then
    for k in 5 6 8 9 11 12 13 14 15 16 17 20 21 22 24 26 27 35 37 47 55 56 64; do
        grep -v '^#' $ISS | sed -n "$((k + 1))p" >"$tmp/iss.json"
        known=$(sed -n 's/.*"solution":\[\([0-9,]*\)\].*/\1/p' "$tmp/iss.json" | tr -d ',')
        vcheck "iss$k" "$tmp/iss.json" "$known"
    done
else
    echo "sat: $ISS missing, variant puzzles skipped"
fi

# Random puzzles in the text form: a few givens of a known grid and rules
# drawn at random among those the grid keeps (fixed seeds).  The SAT
# solver then checks sudokit's answer, unique or not.
# randpuzzle SEED N GRID GIVENS: writes the puzzle on stdout.
randpuzzle() {
    awk -v seed="$1" -v n="$2" -v g="$3" -v ng="$4" '
    function d(r, c) { return substr(g, r * n + c + 1, 1) + 0 }
    function nm(r, c) { return "r" (r + 1) "c" (c + 1) }
    function rnd(k) { return int(rand() * k) }
    function ok(r, c) { return r >= 0 && r < n && c >= 0 && c < n }
    # a random path of len cells (king steps, or orthogonal) in PR, PC
    function path(len, ortho,   k, t, dr, dc, r, c, j, used) {
        r = rnd(n); c = rnd(n); PR[0] = r; PC[0] = c; split("", used); used[r, c] = 1
        for (k = 1; k < len; k++) {
            for (t = 0; t < 20; t++) {
                if (ortho) { j = rnd(4); dr = (j == 0) - (j == 1); dc = (j == 2) - (j == 3) }
                else { dr = rnd(3) - 1; dc = rnd(3) - 1 }
                if (ok(r + dr, c + dc) && !((r + dr, c + dc) in used)) break
            }
            if (t == 20) return 0
            r += dr; c += dc; PR[k] = r; PC[k] = c; used[r, c] = 1
        }
        return 1
    }
    function cells(len,   k, s) { s = ""; for (k = 0; k < len; k++) s = s " " nm(PR[k], PC[k]); return s }
    function v(k) { return d(PR[k], PC[k]) }
    BEGIN {
        srand(seed)
        s = ""; for (i = 0; i < n * n; i++) s = s (rand() < ng / (n * n) ? substr(g, i + 1, 1) : ".")
        print s
        for (m = 0; m < 40 && cages < 4; m++) {        # killer cages
            len = 2 + rnd(3); if (!path(len, 1)) continue
            split("", seen); sum = 0; good = 1
            for (k = 0; k < len; k++) { if (v(k) in seen) good = 0; seen[v(k)]; sum += v(k) }
            if (good) { print "cage " sum ":" cells(len); cages++ }
        }
        for (m = 0; m < 200 && th < 2; m++)             # thermometers
            if (path(3, 0) && v(0) < v(1) && v(1) < v(2)) { print "thermo:" cells(3); th++ }
        for (m = 0; m < 400 && ar < 1; m++)             # arrows
            if (path(3, 0) && v(0) == v(1) + v(2)) {
                print "arrow: " nm(PR[0], PC[0]) " > " nm(PR[1], PC[1]) " " nm(PR[2], PC[2]); ar++ }
        w = int((n + 1) / 2)                            # whispers
        for (m = 0; m < 400 && wh < 1; m++)
            if (path(3, 0) && (v(0) - v(1)) ^ 2 >= w * w && (v(1) - v(2)) ^ 2 >= w * w) {
                print "whisper:" cells(3); wh++ }
        for (m = 0; m < 200 && be < 1; m++)             # between lines
            if (path(3, 0) && ((v(0) < v(1) && v(1) < v(2)) || (v(2) < v(1) && v(1) < v(0)))) {
                print "between:" cells(3); be++ }
        for (m = 0; m < 400 && rb < 1; m++) {           # renban
            if (!path(3, 0)) continue
            lo = v(0); hi = v(0)
            for (k = 1; k < 3; k++) { if (v(k) < lo) lo = v(k); if (v(k) > hi) hi = v(k) }
            if (hi - lo == 2 && v(0) != v(1) && v(1) != v(2) && v(0) != v(2)) { print "renban:" cells(3); rb++ }
        }
        for (m = 0; m < 2000 && pa < 1; m++)            # palindromes
            if (path(3, 0) && v(0) == v(2)) { print "palindrome:" cells(3); pa++ }
        for (m = 0; m < 400 && (wd < 2 || bd < 2 || xv < 2); m++) {   # dots, X, V
            if (!path(2, 1)) continue
            a = v(0); b = v(1)
            if ((a - b == 1 || b - a == 1) && wd < 2) { print "white:" cells(2); wd++ }
            else if ((a == 2 * b || b == 2 * a) && bd < 2) { print "black:" cells(2); bd++ }
            else if (a + b == 10 && xv < 2) { print "x:" cells(2); xv++ }
            else if (a + b == 5 && xv < 2) { print "v:" cells(2); xv++ }
        }
        for (m = 0; m < 400 && mm < 2; m++) {           # minimum and maximum cells
            r = rnd(n); c = rnd(n); lt = 1; gt = 1
            for (j = 0; j < 4; j++) {
                dr = (j == 0) - (j == 1); dc = (j == 2) - (j == 3)
                if (!ok(r + dr, c + dc)) continue
                if (d(r + dr, c + dc) <= d(r, c)) lt = 0
                if (d(r + dr, c + dc) >= d(r, c)) gt = 0
            }
            if (lt) { print "minimum: " nm(r, c); mm++ } else if (gt) { print "maximum: " nm(r, c); mm++ }
        }
        c = 1 + rnd(n - 2); sum = 0; s = ""             # a little killer
        for (k = 0; c + k < n; k++) { sum += d(k, c + k); s = s " " nm(k, c + k) }
        print "little-killer " sum ":" s
        r = rnd(n); c = rnd(n); print (d(r, c) % 2 ? "odd: " : "even: ") nm(r, c)
    }'
}
# the grids: ISS puzzle 0's solution (classic), puzzle 8's (anti-knight
# and anti-king), puzzle 55's (6x6), and one that keeps disjoint groups
G0=812753649943682175675491283154237896369845721287169534521974368438526917796318452
G8=$(grep -v '^#' $ISS 2>/dev/null | sed -n 9p | sed -n 's/.*"solution":\[\([0-9,]*\)\].*/\1/p' | tr -d ',')
G6=314625526314163542452136235461641253
printf '%081d\ndisjoint-groups\n' 0 >"$tmp/dj.txt"
GD=$("$T" solve --first "$tmp/dj.txt")
for sg in 1:14 2:22 3:30; do
    randpuzzle ${sg%:*} 9 $G0 ${sg#*:} >"$tmp/r.txt"
    vcheck "random9-${sg%:*}" "$tmp/r.txt"
done
if [ ${#G8} = 81 ]; then
    { randpuzzle 4 9 "$G8" 10; echo anti-knight; echo anti-king; } >"$tmp/r.txt"
    vcheck random9-anti-knight-king "$tmp/r.txt" "$G8"
fi
{ randpuzzle 5 9 "$GD" 12; echo disjoint-groups; } >"$tmp/r.txt"
vcheck random9-disjoint "$tmp/r.txt"
{ randpuzzle 6 6 $G6 4; echo box 2x3; } >"$tmp/r.txt"
vcheck random6 "$tmp/r.txt"
{ randpuzzle 7 6 $G6 0; echo box 2x3; } >"$tmp/r.txt"
vcheck random6-no-givens "$tmp/r.txt"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

#!/bin/sh
# tests/cli/generate.sh - making puzzles on the command line: `generate`
# (shape, difficulty, geometries, layouts with rules, -j, --json, usage
# errors, --timeout), `minimize` and `redundant`.
#
#   sh tests/cli/generate.sh build/sudokit      (run from the repository root)
#
# Every puzzle made is judged by other commands of the tool, never against
# stored puzzles: `count` with an engine other than the generator's (dlx
# on 9x9, cdcl on the other models) proves it unique, `redundant` that it
# is minimal, `rate --json` and `explain --json` its difficulty; symmetry,
# patterns and givens are checked here in awk.  Prints "ok NAME" or "FAIL
# NAME" per case and ends with "N passed, N failed".

T=${1:?usage: tests/cli/generate.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
E=examples/puzzles
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-generate.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/cli/lib.sh

# counts FILE ARGS...: the solution count of each puzzle of FILE, up to 2,
# one per line (2 means two or more).
counts() {
    f=$1
    shift
    "$T" count --limit 2 "$@" "$f" 2>/dev/null | awk '{ print $1 }'
}

# all_unique FILE K ARGS...: FILE holds K puzzles, each with one solution.
all_unique() {
    f=$1 k=$2
    shift 2
    counts "$f" "$@" >"$tmp/counts"
    [ "$(wc -l <"$tmp/counts")" -eq "$k" ] && [ "$(grep -cx 1 "$tmp/counts")" -eq "$k" ]
}

# all_minimal FILE K ARGS...: `redundant` calls each of the K puzzles minimal.
all_minimal() {
    f=$1 k=$2
    shift 2
    "$T" redundant "$@" "$f" >"$tmp/red" 2>&1
    [ "$(grep -c '^minimal: ' "$tmp/red")" -eq "$k" ] && [ "$(wc -l <"$tmp/red")" -eq "$k" ]
}

# lines81 FILE K: K lines of 81 digits or dots.
lines_of() {
    awk -v k="$2" -v len="$3" '
        { if (length($0) != len || $0 !~ /^[1-9A-G.]+$/) bad++ }
        END { exit !(NR == k && !bad) }' "$1"
}

# nonempty cells of a line: 1 for a given, 0 for a dot
# sym_ok FILE N KIND: every line is symmetric (rot180, rot90), in awk.
sym_ok() {
    awk -v n="$2" -v kind="$3" '
        {
            for (r = 0; r < n; r++)
                for (c = 0; c < n; c++) {
                    a = substr($0, r * n + c + 1, 1) != "."
                    if (kind == "rot180") j = (n - 1 - r) * n + (n - 1 - c)
                    else if (kind == "rot90") j = c * n + (n - 1 - r)
                    else if (kind == "mirror") j = r * n + (n - 1 - c)
                    b = substr($0, j + 1, 1) != "."
                    if (a != b) bad++
                }
        }
        END { exit !(NR > 0 && !bad) }' "$1"
}

# givens of each line, one number per line
givens_per_line() {
    awk '{ g = 0; for (i = 1; i <= length($0); i++) if (substr($0, i, 1) != ".") g++; print g }' "$1"
}

# ------------------------------------------------------------------ 20 puzzles
"$T" generate -n 20 --seed 5 >"$tmp/g20" 2>"$tmp/g20.err"
[ $? = 0 ] && [ ! -s "$tmp/g20.err" ] && lines_of "$tmp/g20" 20 81
verdict gen-20-lines $?
all_unique "$tmp/g20" 20 --engine dlx
verdict gen-20-unique $?
all_minimal "$tmp/g20" 20
verdict gen-20-minimal $?
[ "$(sort -u "$tmp/g20" | wc -l)" -eq 20 ]
verdict gen-20-distinct $?
# the solution the puzzle has is the one `solve` finds with another engine
# (and so the givens are a subset of it): checked through --json below

# The same seed: the same puzzles, whatever -j.
for j in 1 2 3; do
    "$T" generate -n 20 --seed 5 -j $j >"$tmp/g20.j$j" 2>&1
    same gen-threads-j$j "$tmp/g20" "$tmp/g20.j$j"
done
# ... also with a rating and a symmetry (each worker rates with its own solver)
"$T" generate -n 8 --seed 9 --rating 3.0-4.5 --symmetry rot180 -j 1 >"$tmp/gr.j1" 2>&1
"$T" generate -n 8 --seed 9 --rating 3.0-4.5 --symmetry rot180 -j 3 >"$tmp/gr.j3" 2>&1
lines_of "$tmp/gr.j1" 8 81
verdict gen-threads-rated-lines $?
same gen-threads-rated "$tmp/gr.j1" "$tmp/gr.j3"
"$T" generate -n 3 --seed 6 >"$tmp/g3" 2>&1
sed -n '2,4p' "$tmp/g20" >"$tmp/g20.tail"
same gen-seed-offset "$tmp/g20.tail" "$tmp/g3"
"$T" generate -n 3 --seed 1000 >"$tmp/g3b" 2>&1
! cmp -s "$tmp/g3" "$tmp/g3b"
verdict gen-seed-differs $?

# ------------------------------------------------------------------ --json
"$T" generate -n 6 --seed 5 --json -j 2 >"$tmp/j6" 2>"$tmp/j6.err"
[ $? = 0 ] && [ ! -s "$tmp/j6.err" ] && [ "$(wc -l <"$tmp/j6")" -eq 6 ] &&
    awk '
        {
            k = NR - 1
            if ($0 !~ "^\\{\"index\":" k ",\"status\":\"unique\",\"seed\":" (5 + k) ",\"givens\":[0-9]+,\"puzzle\":\"[1-9.]+\",\"solution\":\"[1-9]+\",") bad++
            if ($0 !~ /"tries":[1-9][0-9]*,/ || $0 !~ /"er":[0-9]+\.[0-9],/ || $0 !~ /"searches":[0-9]+/) bad++
            if ($0 ~ /"symmetry"/) bad++
            match($0, /"givens":[0-9]+/); g = substr($0, RSTART + 9, RLENGTH - 9) + 0
            match($0, /"puzzle":"[^"]*"/); p = substr($0, RSTART + 10, 81)
            match($0, /"solution":"[^"]*"/); s = substr($0, RSTART + 12, 81)
            if (length(p) != 81 || p ~ /"/ || length(s) != 81 || s ~ /"/) bad++
            n = 0
            for (i = 1; i <= 81; i++) {
                ch = substr(p, i, 1)
                if (ch != ".") { n++; if (ch != substr(s, i, 1)) bad++ }
            }
            if (n != g) bad++
            print p >"'"$tmp"'/j6.puzzles"
            print s >"'"$tmp"'/j6.solutions"
        }
        END { exit bad ? 1 : 0 }' "$tmp/j6"
verdict gen-json-fields $?
# the JSON puzzles are the text puzzles of the same seeds
sed -n '1,6p' "$tmp/g20" >"$tmp/g20.head"
same gen-json-same-puzzles "$tmp/g20.head" "$tmp/j6.puzzles"
# the solution is the puzzle's one solution, as another engine finds it
"$T" solve --engine dlx "$tmp/j6.puzzles" >"$tmp/j6.solved" 2>&1
same gen-json-solution "$tmp/j6.solutions" "$tmp/j6.solved"
# the er field is what `rate` says
"$T" rate --json "$tmp/j6.puzzles" | sed 's/.*"er":\([0-9.]*\),.*/\1/' >"$tmp/j6.er.rate"
sed 's/.*"er":\([0-9.]*\),.*/\1/' "$tmp/j6" >"$tmp/j6.er.gen"
same gen-json-er "$tmp/j6.er.rate" "$tmp/j6.er.gen"
# a record's seed, given back with --count 1, makes its puzzle again
seed=$(sed -n '4s/.*"seed":\([0-9]*\),.*/\1/p' "$tmp/j6")
sed -n 4p "$tmp/j6.puzzles" >"$tmp/j6.4"
"$T" generate --seed "$seed" --count 1 >"$tmp/again" 2>&1
same gen-json-reseed "$tmp/j6.4" "$tmp/again"

# ------------------------------------------------------------------ shape
"$T" generate -n 5 --seed 2 --symmetry rot180 --minimal >"$tmp/rot" 2>&1
lines_of "$tmp/rot" 5 81 && sym_ok "$tmp/rot" 9 rot180
verdict gen-rot180-symmetric $?
all_unique "$tmp/rot" 5 --engine dlx
verdict gen-rot180-unique $?
all_minimal "$tmp/rot" 5
verdict gen-rot180-minimal $?
"$T" generate -n 3 --seed 2 --symmetry rotate180 --minimal >"$tmp/rot.alias" 2>&1
sed -n '1,3p' "$tmp/rot" >"$tmp/rot.head"
same gen-rotate180-alias "$tmp/rot.head" "$tmp/rot.alias"
"$T" generate -n 3 --seed 4 --symmetry rot90 --json >"$tmp/r90.json" 2>&1
sed 's/.*"puzzle":"\([^"]*\)".*/\1/' "$tmp/r90.json" >"$tmp/r90"
grep -c '"symmetry":"rot90"' "$tmp/r90.json" | grep -qx 3 && sym_ok "$tmp/r90" 9 rot90 &&
    all_unique "$tmp/r90" 3 --engine dlx
verdict gen-rot90 $?
"$T" generate -n 3 --seed 4 --symmetry mirror >"$tmp/mir" 2>&1
sym_ok "$tmp/mir" 9 mirror && all_unique "$tmp/mir" 3 --engine dlx && ! sym_ok "$tmp/mir" 9 rot180
verdict gen-mirror $?

"$T" generate -n 5 --seed 3 --givens 30 >"$tmp/g30" 2>&1
lines_of "$tmp/g30" 5 81 && [ "$(givens_per_line "$tmp/g30" | sort -u)" = 30 ] &&
    all_unique "$tmp/g30" 5 --engine dlx
verdict gen-givens-30 $?
"$T" generate -n 6 --seed 3 --givens 24-26 >"$tmp/g2426" 2>&1
lines_of "$tmp/g2426" 6 81 &&
    givens_per_line "$tmp/g2426" | awk '$1 < 24 || $1 > 26 { bad++ } END { exit NR != 6 || bad }' &&
    all_unique "$tmp/g2426" 6 --engine dlx
verdict gen-givens-range $?
"$T" generate -n 3 --seed 3 --givens 34- >"$tmp/g34" 2>&1
givens_per_line "$tmp/g34" | awk '$1 < 34 { bad++ } END { exit NR != 3 || bad }' &&
    all_unique "$tmp/g34" 3 --engine dlx
verdict gen-givens-at-least $?

# --pattern: the positions of a symmetric 30-given puzzle made here, written
# with several kinds of marks; the puzzles made have givens exactly there.
"$T" generate --seed 11 --symmetry rot180 --givens 30 >"$tmp/base" 2>&1
awk '{
        for (r = 0; r < 9; r++) {
            row = ""
            for (c = 1; c <= 9; c++) {
                ch = substr($0, r * 9 + c, 1)
                row = row (ch == "." ? (c % 2 ? "." : "0") : (r % 2 ? "x" : "#")) (c % 3 == 0 && c < 9 ? " " : "")
            }
            print row
        }
    }' "$tmp/base" >"$tmp/pattern"
tr '1-9' 'xxxxxxxxx' <"$tmp/base" >"$tmp/base.marks"
"$T" generate -n 4 --seed 20 --pattern "$tmp/pattern" >"$tmp/pat" 2>"$tmp/pat.err"
[ $? = 0 ] && lines_of "$tmp/pat" 4 81 &&
    [ "$(tr '1-9' 'xxxxxxxxx' <"$tmp/pat" | sort -u)" = "$(cat "$tmp/base.marks")" ] &&
    [ "$(givens_per_line "$tmp/pat" | sort -u)" = 30 ] && all_unique "$tmp/pat" 4 --engine dlx &&
    [ "$(sort -u "$tmp/pat" | wc -l)" -eq 4 ]
verdict gen-pattern $?

# ------------------------------------------------------------------ difficulty
"$T" generate -n 3 --seed 1 --rating 3.0-4.5 >"$tmp/rated" 2>&1
lines_of "$tmp/rated" 3 81 && all_unique "$tmp/rated" 3 --engine dlx &&
    "$T" rate --json "$tmp/rated" |
    awk '{ if (!match($0, /"er":[0-9.]+/)) bad++; er = substr($0, RSTART + 5, RLENGTH - 5) + 0
           if (er < 3.0 || er > 4.5) bad++ } END { exit NR != 3 || bad }'
verdict gen-rating-range $?
"$T" generate -n 2 --seed 1 --rating 2.0 --json >"$tmp/r20" 2>&1
grep -c '"er":2.0,' "$tmp/r20" | grep -qx 2
verdict gen-rating-exact $?

"$T" generate -n 2 --seed 1 --needs x-wing >"$tmp/xw" 2>&1
lines_of "$tmp/xw" 2 81 && all_unique "$tmp/xw" 2 --engine dlx &&
    [ "$("$T" explain --json "$tmp/xw" | grep -c '"technique":"x-wing"')" -eq 2 ]
verdict gen-needs-x-wing $?

"$T" generate -n 3 --seed 1 --no-guess --json >"$tmp/ng" 2>&1
sed 's/.*"puzzle":"\([^"]*\)".*/\1/' "$tmp/ng" >"$tmp/ng.p"
"$T" explain --json "$tmp/ng.p" >"$tmp/ng.x" 2>&1
[ "$(wc -l <"$tmp/ng.x")" -eq 3 ] && ! grep -q '"stuck":true' "$tmp/ng.x" &&
    ! grep -Eq '"technique":"(nishio|contradiction-forcing-chain|double-forcing-chain|dynamic-cell-forcing-chains|dynamic-region-forcing-chains)"' "$tmp/ng.x"
verdict gen-no-guess $?

# ------------------------------------------------------------------ geometries
"$T" generate --size 16 --seed 7 >"$tmp/s16" 2>&1
lines_of "$tmp/s16" 1 256 && all_unique "$tmp/s16" 1 --engine cdcl
verdict gen-size-16 $?
"$T" generate -n 5 --box 2x3 --seed 1 >"$tmp/b23" 2>&1
lines_of "$tmp/b23" 5 36 && all_unique "$tmp/b23" 5 --box 2x3 --engine dlx &&
    all_minimal "$tmp/b23" 5 --box 2x3
verdict gen-box-2x3 $?
"$T" generate -n 5 --size 4 --seed 1 >"$tmp/s4" 2>&1
lines_of "$tmp/s4" 5 16 && all_unique "$tmp/s4" 5 --engine dlx
verdict gen-size-4 $?
"$T" generate -n 4 --diagonals --seed 1 >"$tmp/x" 2>&1
lines_of "$tmp/x" 4 81 && all_unique "$tmp/x" 4 --diagonals --engine dlx &&
    all_minimal "$tmp/x" 4 --diagonals
verdict gen-diagonals $?
# the diagonals matter: without them some of those puzzles have several
counts "$tmp/x" --engine dlx | grep -qx 2
verdict gen-diagonals-needed $?

# A LAYOUT: an empty jigsaw (grid then regions) and an empty grid with a rule.
{
    for i in 1 2 3 4 5 6 7 8 9; do echo .........; done
    sed -n '/^[1-9]\{9\}$/p' "$E/jigsaw9_grid.txt" | tail -n 9
} >"$tmp/jig.layout"
"$T" generate -n 2 --seed 1 --output grid "$tmp/jig.layout" >"$tmp/jig" 2>"$tmp/jig.err"
[ $? = 0 ] && [ ! -s "$tmp/jig.err" ] && all_unique "$tmp/jig" 2 --engine dlx &&
    [ "$(grep -c '^[1-9]\{9\}$' "$tmp/jig")" -ge 18 ]
verdict gen-layout-jigsaw $?

printf '.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\nanti-knight\n' >"$tmp/ak.layout"
"$T" generate -n 3 --seed 1 "$tmp/ak.layout" >"$tmp/ak" 2>"$tmp/ak.err"
[ $? = 0 ] && [ ! -s "$tmp/ak.err" ] && [ "$(grep -cx anti-knight "$tmp/ak")" -eq 3 ] &&
    [ "$(grep -c '^[1-9.]\{81\}$' "$tmp/ak")" -eq 3 ] && all_unique "$tmp/ak" 3 --engine dlx &&
    all_minimal "$tmp/ak" 3
verdict gen-layout-rule $?
# without the rule those puzzles have several solutions
grep -v anti-knight "$tmp/ak" | grep . >"$tmp/ak.plain"
[ "$(counts "$tmp/ak.plain" --engine dlx | grep -cx 2)" -eq 3 ]
verdict gen-layout-rule-needed $?
printf '......\n......\n......\n......\n......\n......\nbox 2x3\ncage 3: r1c1 r1c2\ncage 11: r6c5 r6c6\n' >"$tmp/cage.layout"
"$T" generate -n 2 --seed 1 "$tmp/cage.layout" >"$tmp/cage" 2>&1
all_unique "$tmp/cage" 2 --engine cdcl && [ "$(grep -c '^cage ' "$tmp/cage")" -eq 4 ] &&
    [ "$(grep -cx 'box 2x3' "$tmp/cage")" -eq 2 ]
verdict gen-layout-cages $?
# --no-guess on a layout with a rule and no bound: ends, and the search
# solves each puzzle without a guess
"$T" generate -n 2 --seed 3 --no-guess --timeout 20 "$tmp/ak.layout" >"$tmp/akng" 2>"$tmp/akng.err"
[ $? = 0 ] && [ "$(grep -c '^[1-9.]\{81\}$' "$tmp/akng")" -eq 2 ] && all_unique "$tmp/akng" 2 --engine dlx &&
    [ "$("$T" solve --json "$tmp/akng" | grep -c '"guesses":0')" -eq 2 ]
verdict gen-layout-no-guess $?
# --jigsaw: a layout of its own per puzzle, written after the grid; each
# reads back unique, with 9 connected-looking regions of 9 cells
"$T" generate --jigsaw -n 4 --seed 2 >"$tmp/jw" 2>"$tmp/jw.err"
[ $? = 0 ] && [ ! -s "$tmp/jw.err" ] && [ "$(wc -l <"$tmp/jw")" -eq 4 ] &&
    [ "$(counts "$tmp/jw" --engine dlx | grep -cx 1)" -eq 4 ] &&
    awk '{ r = $2; if (length(r) != 81) exit 1; for (d = 1; d <= 9; d++) { n = gsub(d, "", r); if (n != 9) exit 1 } }' "$tmp/jw"
verdict gen-jigsaw $?
"$T" generate --jigsaw -n 2 --seed 2 --json >"$tmp/jwj"
[ "$(grep -c '"regions":"[1-9]\{81\}"' "$tmp/jwj")" -eq 2 ]
verdict gen-jigsaw-json $?
"$T" generate --jigsaw --box 3x3 >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ] && [ ! -s "$tmp/o" ]
verdict gen-jigsaw-box-refused $?
# --killer: cages of 2 to 5 cells with their sums, no digit twice, the
# solution unique (a second engine), the cages cover the grid; --givens 0:
# the cages alone
"$T" generate --killer -n 3 --seed 4 >"$tmp/kl" 2>"$tmp/kl.err"
[ $? = 0 ] && [ ! -s "$tmp/kl.err" ] && [ "$("$T" count --engine cdcl "$tmp/kl" | grep -cx 1)" -eq 3 ] &&
    [ "$(grep '^cage ' "$tmp/kl" | awk '{ n += NF - 2 } END { print n }')" -eq 243 ] &&
    "$T" solve "$tmp/kl" >"$tmp/kl.sol" && "$T" check "$tmp/kl.sol" >/dev/null
verdict gen-killer $?
awk '/^cage / { sum = $2 + 0; cells = NF - 2; if (cells < 2 || cells > 5 || sum < 3 || sum > 35) bad = 1 } END { exit bad }' "$tmp/kl"
verdict gen-killer-cage-sizes $?
"$T" generate --killer --givens 0 -n 2 --seed 4 --timeout 60 >"$tmp/k0" 2>&1
[ $? = 0 ] && [ "$(grep -cx '\.\{81\}' "$tmp/k0")" -eq 2 ] &&
    [ "$("$T" count --engine cdcl "$tmp/k0" | grep -cx 1)" -eq 2 ]
verdict gen-killer-no-givens $?
# killer records carry their cages and no rating (--rating and --needs
# are for puzzles without rules)
"$T" generate --killer --json -n 2 --seed 4 >"$tmp/kj"
[ "$(grep -c '"rules":"cage ' "$tmp/kj")" -eq 2 ] && ! grep -q '"er":' "$tmp/kj"
verdict gen-killer-json $?
"$T" generate --givens 0 >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ] && [ ! -s "$tmp/o" ]
verdict gen-no-givens-needs-killer $?
"$T" generate --killer --rating 3.0-4.0 >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ] && [ ! -s "$tmp/o" ]
verdict gen-killer-rating-refused $?
# --add: rules added to a puzzle with many solutions until it has one; the
# givens kept; each added rule needed (redundant lists none of them); the
# solution obeys every rule (check reads the rules with the grid)
echo '4...3.......6..8...............5..9..8....6...7.2..............5.3....4.9........' >"$tmp/sparse"
[ "$("$T" count --limit 2 "$tmp/sparse")" = "2 (incomplete: limit)" ]
verdict gen-add-start-not-unique $?
"$T" generate --add thermo,white,black,arrow,cage --seed 1 -n 3 "$tmp/sparse" >"$tmp/add" 2>"$tmp/add.err"
[ $? = 0 ] && [ ! -s "$tmp/add.err" ] &&
    [ "$(grep -cx '4...3.......6..8...............5..9..8....6...7.2..............5.3....4.9........' "$tmp/add")" -eq 3 ] &&
    [ "$("$T" count --engine cdcl "$tmp/add" | grep -cx 1)" -eq 3 ] &&
    ! grep -v '^[1-9.]\{81\}$' "$tmp/add" | grep . | grep -qv '^\(thermo\|white\|black\|arrow\|cage [0-9]*\):'
verdict gen-add $?
"$T" redundant "$tmp/add" >"$tmp/add.red"
[ "$(grep -c 'rules could go' "$tmp/add.red")" -eq 0 ]
verdict gen-add-rules-needed $?
# the solution, written back as givens with the rules, breaks nothing
awk 'BEGIN { RS = ""; FS = "\n" } NR == 1 { for (i = 2; i <= NF; i++) print $i }' "$tmp/add" >"$tmp/add.rules"
sol=$("$T" solve "$tmp/add" | head -n 1)
{ echo "$sol"; cat "$tmp/add.rules"; } >"$tmp/add.full"
"$T" check "$tmp/add.full" >/dev/null
verdict gen-add-solution-obeys $?
"$T" generate --add all --seed 2 --json "$tmp/sparse" >"$tmp/addj"
[ $? = 0 ] && grep -q '"rules_added":[1-9]' "$tmp/addj" && grep -q '"rules":"' "$tmp/addj" &&
    ! grep -q '"er":' "$tmp/addj"
verdict gen-add-json $?
"$T" generate --add sandwich,quadruple,odd,even,minimum,maximum,whisper,renban,between,palindrome,xv --seed 3 "$tmp/sparse" >"$tmp/add2"
[ $? = 0 ] && [ "$("$T" count --engine cdcl "$tmp/add2")" = 1 ]
verdict gen-add-other-kinds $?
"$T" generate --add thermo --seed 1 "$tmp/sparse" >"$tmp/a1" && "$T" generate --add thermo --seed 1 -j 3 "$tmp/sparse" >"$tmp/a2" && cmp -s "$tmp/a1" "$tmp/a2"
verdict gen-add-deterministic $?
for bad in "--add nonsense" "--add thermo,bogus" "--add thermo --symmetry rot180" "--add thermo --killer"; do
    "$T" generate $bad "$tmp/sparse" >"$tmp/o" 2>"$tmp/e"
    [ $? = 2 ] && [ ! -s "$tmp/o" ] || break
done
verdict gen-add-usage $?
"$T" generate --add thermo >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ]
verdict gen-add-needs-file $?
"$T" generate --add white examples/puzzles/none.txt >"$tmp/o" 2>"$tmp/e"
[ $? = 1 ] && grep -q 'no solution' "$tmp/e"
verdict gen-add-no-solution $?
# a rule of the whole grid with local ones: the solution obeys it
# (14 givens of an anti-knight solution grid made by sudokit generate)
echo '.4......3.......4.......1....48..2.............2............3........4.1..32...9.' >"$tmp/aks"
"$T" generate --add anti-knight,thermo,white,cage --seed 2 "$tmp/aks" >"$tmp/akadd" 2>&1
[ $? = 0 ] && [ "$("$T" count --engine cdcl "$tmp/akadd")" = 1 ] &&
    { "$T" solve "$tmp/akadd" | head -n 1; echo anti-knight; } >"$tmp/aksol" &&
    "$T" check "$tmp/aksol" >/dev/null
verdict gen-add-global-rule $?
# extra regions cannot make an empty grid unique: said so, exit 1
printf '.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n' >"$tmp/empty9"
"$T" generate --add region --timeout 30 "$tmp/empty9" >"$tmp/o" 2>"$tmp/e"
[ $? = 1 ] && grep -q 'tells' "$tmp/e"
verdict gen-add-region-cannot $?
# givens that whole orbits cannot make: refused at once
"$T" generate --symmetry rot90 --givens 30 >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ] && [ ! -s "$tmp/o" ] && grep -q 'whole orbits' "$tmp/e"
verdict gen-orbit-count-refused $?
# rating a model with rules: a usage error
"$T" generate --rating 3.0-4.0 "$tmp/ak.layout" >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ] && [ ! -s "$tmp/o" ] && grep -q '^sudokit: ' "$tmp/e"
verdict gen-layout-rating-refused $?

# ------------------------------------------------------------------ usage errors
# usage ARGS...: exit 2, nothing on stdout, a message on stderr.
usage() {
    name=$1
    shift
    "$T" generate "$@" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    [ $rc = 2 ] && [ ! -s "$tmp/o" ] && grep -q '^sudokit: ' "$tmp/e" &&
        grep -q "Try 'sudokit generate --help'" "$tmp/e"
    st=$?
    [ $st = 0 ] || echo "  exit $rc: $(head -n 1 "$tmp/e")"
    verdict "$name" $st
}
printf 'x...\n.x..\n..x.\n...x\n' >"$tmp/pat4"
printf 'xx.\nx..\n' >"$tmp/pat.rect"
usage gen-usage-symmetry --symmetry spiral
usage gen-usage-givens-order --givens 5-3
usage gen-usage-givens-text --givens many
usage gen-usage-givens-too-many --givens 82
usage gen-usage-rating --rating abc
usage gen-usage-rating-order --rating 5.0-3.0
usage gen-usage-needs --needs nonsense
usage gen-usage-needs-variant-rule --needs variant-rule
usage gen-usage-pattern-symmetry --pattern "$tmp/pattern" --symmetry rot180
usage gen-usage-pattern-givens --pattern "$tmp/pattern" --givens 30
usage gen-usage-pattern-size --pattern "$tmp/pat4" --size 9
usage gen-usage-two-layouts "$tmp/ak.layout" "$tmp/ak.layout"
usage gen-usage-size-layout --size 16 "$tmp/ak.layout"
usage gen-usage-count --count -1
usage gen-usage-seed --seed x
usage gen-usage-size --size 65
usage gen-usage-size-text --size nine
usage gen-usage-jigsaw-layout --jigsaw "$tmp/ak.layout"
usage gen-usage-killer-symmetry --killer --symmetry rot180
usage gen-usage-keep-rules --keep-rules
"$T" generate --pattern "$tmp/pat.rect" >"$tmp/o" 2>"$tmp/e"
[ $? = 3 ] && [ ! -s "$tmp/o" ] && grep -q "^sudokit: $tmp/pat.rect" "$tmp/e"
verdict gen-pattern-not-square $?
printf 'x.?\n...\n...\n' >"$tmp/pat.bad"
"$T" generate --pattern "$tmp/pat.bad" >"$tmp/o" 2>"$tmp/e"
[ $? = 3 ] && [ ! -s "$tmp/o" ] && grep -q "^sudokit: $tmp/pat.bad" "$tmp/e"
verdict gen-pattern-bad-mark $?
"$T" generate --pattern "$tmp/no-such-file" >"$tmp/o" 2>"$tmp/e"
[ $? = 3 ] && [ -s "$tmp/e" ]
verdict gen-pattern-missing $?
# a LAYOUT with givens: input error, pointing at the given
"$T" generate "$E/jigsaw9_grid.txt" >"$tmp/o" 2>"$tmp/e"
[ $? = 3 ] && [ ! -s "$tmp/o" ] && grep -q "^sudokit: $E/jigsaw9_grid.txt:4:" "$tmp/e"
verdict gen-layout-with-givens $?
"$T" candidates "$tmp/ak.plain" 2>/dev/null | head -n 11 >"$tmp/marks.layout"
"$T" generate "$tmp/marks.layout" >"$tmp/o" 2>"$tmp/e"
[ $? = 3 ] && [ ! -s "$tmp/o" ]
verdict gen-layout-pencil-marks $?

# ------------------------------------------------------------------ timeout
# eight givens never make a unique 9x9 puzzle
printf 'x........\n.x.......\n..x......\n...x.....\n....x....\n.....x...\n......x..\n.......x.\n.........\n' >"$tmp/eight"
start=$(date +%s)
"$T" generate --timeout 0.2 --pattern "$tmp/eight" --json >"$tmp/o" 2>"$tmp/e"
rc=$?
end=$(date +%s)
[ $rc = 1 ] && grep -q '^{"index":0,"status":"timeout","seed":[0-9]*,"tries":[1-9]' "$tmp/o" &&
    grep -q '"error":"time limit reached"}$' "$tmp/o" && grep -q '^sudokit: puzzle 0' "$tmp/e" &&
    [ $((end - start)) -le 3 ]
verdict gen-timeout-json $?
"$T" generate -n 2 --timeout 0.1 --pattern "$tmp/eight" >"$tmp/o" 2>"$tmp/e"
[ $? = 1 ] && [ ! -s "$tmp/o" ] && [ "$(grep -c '^sudokit: puzzle [01] ' "$tmp/e")" -eq 2 ]
verdict gen-timeout-text $?

# ------------------------------------------------------------------ minimize
# A puzzle with givens to spare: a minimal one plus cells of its solution.
sed -n 1p "$tmp/j6.puzzles" >"$tmp/p0"
sed -n 1p "$tmp/j6.solutions" >"$tmp/s0"
awk -v s="$(cat "$tmp/s0")" '{
        out = ""
        for (i = 1; i <= 81; i++) {
            ch = substr($0, i, 1)
            out = out ((ch == "." && i % 7 == 3) ? substr(s, i, 1) : ch)
        }
        print out
    }' "$tmp/p0" >"$tmp/fat"
# subset_of A B: every given of line A is the same given in line B
subset_of() {
    awk -v b="$(cat "$2")" '{
            for (i = 1; i <= length($0); i++) {
                ch = substr($0, i, 1)
                if (ch != "." && ch != substr(b, i, 1)) bad++
            }
        } END { exit NR != 1 || bad }' "$1"
}
"$T" redundant "$tmp/fat" >"$tmp/o" 2>&1
grep -q '^[0-9]* of [0-9]* givens could go: r' "$tmp/o"
verdict red-not-minimal $?
"$T" minimize "$tmp/fat" >"$tmp/min" 2>"$tmp/min.err"
[ $? = 0 ] && [ ! -s "$tmp/min.err" ] && lines_of "$tmp/min" 1 81 && subset_of "$tmp/min" "$tmp/fat" &&
    all_unique "$tmp/min" 1 --engine dlx && all_minimal "$tmp/min" 1 &&
    [ "$("$T" solve --engine dlx "$tmp/min")" = "$(cat "$tmp/s0")" ]
verdict min-unique-minimal-subset $?
"$T" minimize "$tmp/fat" >"$tmp/min2" 2>&1
same min-deterministic "$tmp/min" "$tmp/min2"
# the full solution grid: a minimal puzzle of it
"$T" minimize "$tmp/s0" >"$tmp/mins" 2>&1
subset_of "$tmp/mins" "$tmp/s0" && all_unique "$tmp/mins" 1 --engine dlx && all_minimal "$tmp/mins" 1
verdict min-from-solution $?

"$T" minimize --json "$tmp/fat" >"$tmp/mj" 2>&1
before=$(givens_per_line "$tmp/fat")
after=$(givens_per_line "$tmp/min")
grep -q "^{\"index\":0,\"status\":\"unique\",\"givens\":$after,\"removed\":$((before - after)),\"puzzle\":\"$(cat "$tmp/min")\"" "$tmp/mj" &&
    ! grep -q rules_removed "$tmp/mj"
verdict min-json $?

"$T" minimize --seed 3 "$tmp/s0" >"$tmp/m3" 2>&1
"$T" minimize --seed 3 "$tmp/s0" >"$tmp/m3b" 2>&1
same min-seed-deterministic "$tmp/m3" "$tmp/m3b"
subset_of "$tmp/m3" "$tmp/s0" && all_unique "$tmp/m3" 1 --engine dlx && all_minimal "$tmp/m3" 1 &&
    ! cmp -s "$tmp/m3" "$tmp/mins"
verdict min-seed $?

# killer6: no givens, 17 cages; minimize drops cages and the rest reads back
"$T" minimize "$E/killer6.txt" >"$tmp/k6" 2>"$tmp/k6.err"
rc=$?
ncages=$(grep -c '^cage ' "$tmp/k6")
[ $rc = 0 ] && [ ! -s "$tmp/k6.err" ] && [ "$ncages" -lt 17 ] && [ "$ncages" -ge 1 ] &&
    grep -qx 'box 2x3' "$tmp/k6" && all_unique "$tmp/k6" 1 --engine cdcl && all_minimal "$tmp/k6" 1 &&
    grep -q '^minimal: each of the 0 givens and each rule is needed' "$tmp/red"
verdict min-killer-rules $?
# every cage kept is one of the file's
grep '^cage ' "$tmp/k6" | while read -r line; do grep -qxF "$line" "$E/killer6.txt" || echo "$line"; done >"$tmp/k6.extra"
[ ! -s "$tmp/k6.extra" ]
verdict min-killer-cages-subset $?
# each cage kept is needed: the minimized puzzle without it has several
ok=0
k=0
while [ "$k" -lt "$ncages" ]; do
    awk -v k="$k" '/^cage / { if (n++ == k) next } { print }' "$tmp/k6" >"$tmp/k6-less"
    [ "$(counts "$tmp/k6-less" --engine cdcl)" = 2 ] || { echo "  cage $k of the minimized puzzle is not needed"; ok=1; }
    k=$((k + 1))
done
verdict min-killer-cages-needed $ok
# same solution as the original
[ "$("$T" solve --engine cdcl "$tmp/k6")" = "$("$T" solve --engine cdcl "$E/killer6.txt")" ]
verdict min-killer-same-solution $?
"$T" minimize --json "$E/killer6.txt" >"$tmp/k6j" 2>&1
removed=$(sed 's/.*"rules_removed":\[\(.*\)\].*/\1/' "$tmp/k6j" | tr ',' '\n' | grep -c 'killer cage')
[ "$removed" -eq $((17 - ncages)) ] && grep -q '"givens":0,"removed":0,' "$tmp/k6j"
verdict min-killer-json $?
"$T" minimize --keep-rules "$E/killer6.txt" >"$tmp/k6k" 2>&1
[ "$(grep -c '^cage ' "$tmp/k6k")" -eq 17 ] && all_unique "$tmp/k6k" 1 --engine cdcl
verdict min-keep-rules $?
"$T" minimize --seed 9 "$E/killer6.txt" >"$tmp/k6s" 2>&1
all_unique "$tmp/k6s" 1 --engine cdcl && all_minimal "$tmp/k6s" 1
verdict min-killer-seed $?

# ------------------------------------------------------------------ redundant
# The cells listed are exactly those that could each go alone: each listed
# one blanked leaves one solution, each other given blanked leaves several.
"$T" redundant "$tmp/fat" >"$tmp/red.fat" 2>&1
cells=$(sed -n 's/^[0-9]* of [0-9]* givens could go: //p' "$tmp/red.fat")
# blank LINEFILE rRcC: the line with that cell emptied
blank() {
    awk -v cell="$2" '{
            split(substr(cell, 2), rc, "c")
            i = (rc[1] - 1) * 9 + rc[2]
            print substr($0, 1, i - 1) "." substr($0, i + 1)
        }' "$1"
}
ok=0
nlisted=0
for c in $cells; do
    nlisted=$((nlisted + 1))
    blank "$tmp/fat" "$c" >"$tmp/b"
    [ "$(counts "$tmp/b" --engine dlx)" = 1 ] || { echo "  $c: listed, not removable"; ok=1; }
done
[ "$nlisted" -ge 1 ] || ok=1
# every given not listed is needed
nneeded=0
for i in $(awk '{ for (i = 1; i <= 81; i++) if (substr($0, i, 1) != ".") print i }' "$tmp/fat"); do
    c="r$(((i - 1) / 9 + 1))c$(((i - 1) % 9 + 1))"
    case " $cells " in *" $c "*) continue ;; esac
    blank "$tmp/fat" "$c" >"$tmp/b"
    [ "$(counts "$tmp/b" --engine dlx)" = 2 ] || { echo "  $c: not listed, removable"; ok=1; }
    nneeded=$((nneeded + 1))
done
[ "$nneeded" -ge 1 ] || ok=1
grep -q "^$nlisted of $(givens_per_line "$tmp/fat") givens could go: " "$tmp/red.fat" || ok=1
verdict red-exact-cells $ok

"$T" redundant --json "$tmp/fat" >"$tmp/rj" 2>&1
jcells=$(sed 's/.*"givens":\[\([^]]*\)\].*/\1/' "$tmp/rj" | tr -d '"' | tr ',' ' ')
grep -q '^{"index":0,"status":"unique","minimal":false,"givens":\["r' "$tmp/rj" &&
    [ "$jcells" = "$cells" ] && ! grep -q '"rules"' "$tmp/rj"
verdict red-json $?
"$T" redundant --json "$tmp/min" >"$tmp/rj" 2>&1
grep -q '^{"index":0,"status":"unique","minimal":true,"givens":\[\],' "$tmp/rj"
verdict red-json-minimal $?

# rules: every cage killer6 calls free can go (the file without it counted)
"$T" redundant "$E/killer6.txt" >"$tmp/rk" 2>&1
"$T" redundant --json "$E/killer6.txt" >"$tmp/rkj" 2>&1
ok=0
nfree=0
for r in $(sed 's/"rule":/\n/g' "$tmp/rkj" | sed -n 's/^\([0-9]*\),.*/\1/p'); do
    nfree=$((nfree + 1))
    # rule r is the (r+1)-th cage line of the file
    awk -v k="$r" '/^cage / { if (n++ == k) next } { print }' "$E/killer6.txt" >"$tmp/k6-$r.txt"
    [ "$(counts "$tmp/k6-$r.txt" --engine cdcl)" = 1 ] || { echo "  rule $r: listed, not removable"; ok=1; }
done
[ "$nfree" -ge 1 ] && grep -q "^$nfree of 17 rules could go: killer cage" "$tmp/rk" || ok=1
# and a cage not listed is needed
for r in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    grep -q "\"rule\":$r," "$tmp/rkj" && continue
    awk -v k="$r" '/^cage / { if (n++ == k) next } { print }' "$E/killer6.txt" >"$tmp/k6-$r.txt"
    [ "$(counts "$tmp/k6-$r.txt" --engine cdcl)" = 2 ] || { echo "  rule $r: not listed, removable"; ok=1; }
done
verdict red-rules $ok

# ------------------------------------------------------------------ none, several, marks
for cmd in minimize redundant; do
    "$T" $cmd "$E/none.txt" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    [ $rc = 1 ] && grep -q '^none: ' "$tmp/o"
    verdict $cmd-none $?
    "$T" $cmd "$E/multiple.txt" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    [ $rc = 1 ] && grep -q '^multiple: ' "$tmp/o"
    verdict $cmd-multiple $?
    "$T" $cmd --json "$E/multiple.txt" >"$tmp/o" 2>"$tmp/e"
    [ $? = 1 ] && grep -q '^{"index":0,"status":"multiple"' "$tmp/o"
    verdict $cmd-multiple-json $?
    # the puzzle as a sukaku line: every digit a candidate of an empty cell
    awk '{ out = ""
           for (i = 1; i <= 81; i++) {
               ch = substr($0, i, 1)
               if (ch == ".") out = out "123456789"
               else out = out substr(".........", 1, ch - 1) ch substr(".........", ch + 1)
           }
           print out }' "$tmp/p0" >"$tmp/marks"
    "$T" $cmd "$tmp/marks" >"$tmp/o" 2>"$tmp/e"
    [ $? = 3 ] && grep -q 'pencil marks' "$tmp/o" "$tmp/e"
    verdict $cmd-pencil-refused $?
done
# several puzzles in one file: answered in order
cat "$tmp/fat" "$E/multiple.txt" "$tmp/min" >"$tmp/three"
"$T" redundant "$tmp/three" >"$tmp/o" 2>&1
[ $? = 1 ] && sed -n 1p "$tmp/o" | grep -q ' givens could go: ' &&
    sed -n 2p "$tmp/o" | grep -q '^multiple: ' && sed -n 3p "$tmp/o" | grep -q '^minimal: '
verdict red-several-in-order $?

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

#!/bin/sh
# tests/cli/pencil.sh - pencil marks on the command line: puzzles given as
# candidates (the sukaku line, the candidate grid) through every command,
# `candidates --basic`, and the candidate output read back as input.
#
#   sh tests/cli/pencil.sh build/sudokit        (run from the repository root)
#
# The marks --basic leaves are judged against the solutions the solver
# finds in the same run, never against stored answers: every cell must
# keep its solution's digit.  Prints "ok NAME" or "FAIL NAME" per case and
# ends with "N passed, N failed".

T=${1:?usage: tests/cli/pencil.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
E=examples/puzzles
S=../shared/data
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-pencil.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/cli/lib.sh

# Arto Inkala's puzzle: singles and locked candidates leave it open.
INKALA=8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
INKALA_SOL=812753649943682175675491283154237896369845721287169534521974368438526917796318452
echo "$INKALA" >"$tmp/inkala.txt"

# ------------------------------------------------------------------ --basic
cat >"$tmp/inkala.pm" <<'EOF'
8       1246    24569   | 2347    12357   1234    | 13569   4579    1345679
12459   124     3       | 6       12578   1248    | 1589    45789   14579
1456    7       456     | 348     9       1348    | 2       458     13456
------------------------+-------------------------+------------------------
123469  5       2469    | 2389    2368    7       | 1689    2489    12469
12369   12368   269     | 2389    4       5       | 7       289     1269
24679   2468    24679   | 1       268     2689    | 5689    3       24569
------------------------+-------------------------+------------------------
23457   234     1       | 23479   237     2349    | 359     6       8
23467   2346    8       | 5       2367    23469   | 39      1       2379
23567   9       2567    | 2378    123678  12368   | 4       257     2357
EOF
out <"$tmp/inkala.pm"
run basic-grid 0 candidates --basic "$tmp/inkala.txt"

# The JSON record: status open (the techniques leave cells open), the
# steps applied (none for this one: no single at the start), no searches.
"$T" candidates --basic --json "$tmp/inkala.txt" >"$tmp/j" 2>&1
grep -q '^{"index":0,"status":"open","steps":0,"candidates":\["8","1246","24569",' "$tmp/j" &&
    ! grep -q searches "$tmp/j"
verdict basic-json $?
"$T" candidates --basic --json "$E/multiple.txt" | grep -q '^{"index":0,"status":"open","steps":13,'
verdict basic-json-steps $?
# Starting from marks, singles are steps too (a sukaku has no givens).
"$T" candidates --basic --output sukaku "$tmp/inkala.txt" |
    "$T" candidates --basic --json | grep -q '^{"index":0,"status":"open","steps":21,'
verdict basic-json-sukaku-steps $?

# A puzzle the simple techniques finish is unique, and says so.
echo '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' >"$tmp/easy.txt"
"$T" candidates --basic --json "$tmp/easy.txt" | grep -q '"status":"unique"'
verdict basic-solved-unique $?

# Every remaining candidate set holds the solution's digit: puzzles of
# several geometries and alphabets, each solution found by `solve`.
# keep PUZZLES ARGS...: checks the marks of every puzzle of a file.
keep() {
    f=$1
    shift
    "$T" solve --json "$@" "$f" >"$tmp/sol.json" 2>/dev/null
    "$T" candidates --basic --json "$@" "$f" >"$tmp/cand.json" 2>/dev/null
    awk '
        FNR == NR {
            if (match($0, /"solution":"[^"]*"/)) sol[FNR] = substr($0, RSTART + 12, RLENGTH - 13)
            next
        }
        {
            records++
            if (!(FNR in sol)) { missing++; next }
            if (!match($0, /"candidates":\[[^]]*\]/)) { bad++; next }
            list = substr($0, RSTART + 15, RLENGTH - 17)
            n = split(list, c, "\",\"")
            s = sol[FNR]
            if (n != length(s)) { bad++; next }
            for (i = 1; i <= n; i++)
                if (index(c[i], substr(s, i, 1)) == 0) {
                    printf "record %d: cell %d lost %s (%s)\n", FNR, i, substr(s, i, 1), c[i]
                    bad++
                }
            checked++
        }
        END {
            if (records == 0 || missing || bad) {
                printf "%d records, %d without a solution, %d bad\n", records, missing, bad
                exit 1
            }
        }' "$tmp/sol.json" "$tmp/cand.json"
}
keep "$E/classic.txt"
verdict basic-keeps-solution-classic $?
keep "$E/hex16.txt" --alphabet hex
verdict basic-keeps-solution-hex16 $?
keep "$E/rect6x6_box2x3.txt" --box 2x3
verdict basic-keeps-solution-6x6 $?
keep "$E/jigsaw9_grid.txt"
verdict basic-keeps-solution-jigsaw $?
keep "$E/x_sudoku.txt" --diagonals
verdict basic-keeps-solution-x $?
keep "$E/hyper.txt" --hyper
verdict basic-keeps-solution-hyper $?
keep "$tmp/inkala.txt"
verdict basic-keeps-solution-inkala $?
if [ -f "$S/top1465.txt" ]; then
    grep -v '^#' "$S/top1465.txt" | head -n 150 >"$tmp/top.txt"
    keep "$tmp/top.txt"
    verdict basic-keeps-solution-top1465 $?
    grep -v '^#' "$S/17clue.txt" | head -n 150 >"$tmp/17.txt"
    keep "$tmp/17.txt"
    verdict basic-keeps-solution-17clue $?
else
    echo "ok basic-keeps-solution-shared (skipped: no $S)"
    passed=$((passed + 1))
fi

# Starting from marks: the same fixpoint, whatever the form they come in.
"$T" candidates --basic "$tmp/inkala.pm" >"$tmp/again" 2>&1
same basic-fixpoint "$tmp/inkala.pm" "$tmp/again"
"$T" candidates --basic --output sukaku "$tmp/inkala.txt" >"$tmp/inkala.suk" 2>&1
[ "$(wc -c <"$tmp/inkala.suk")" -eq 730 ] && [ "$(wc -l <"$tmp/inkala.suk")" -eq 1 ]
verdict basic-sukaku-line $?
"$T" candidates --basic "$tmp/inkala.suk" >"$tmp/again" 2>&1
same basic-from-sukaku "$tmp/inkala.pm" "$tmp/again"
# In hex (0 a value) or letters the line's symbols stand at their places
# in that alphabet, which tells it without --alphabet: a hex 16x16 line of
# 4096 characters is not a 64x64 puzzle.
"$T" candidates --basic --alphabet hex "$E/hex16.txt" >"$tmp/hex.pm" 2>&1
"$T" candidates --basic --alphabet hex --output sukaku "$E/hex16.txt" >"$tmp/hex.suk" 2>&1
"$T" candidates --basic "$tmp/hex.suk" >"$tmp/again" 2>&1
same basic-from-sukaku-hex "$tmp/hex.pm" "$tmp/again"
"$T" candidates --basic --format sukaku "$tmp/hex.suk" >"$tmp/again" 2>&1
same basic-from-sukaku-hex-forced "$tmp/hex.pm" "$tmp/again"
tr '123456789' 'ABCDEFGHI' <"$tmp/inkala.txt" >"$tmp/inkala.let"
"$T" candidates --basic --alphabet letters "$tmp/inkala.let" >"$tmp/let.pm" 2>&1
"$T" candidates --basic --alphabet letters --output sukaku "$tmp/inkala.let" >"$tmp/let.suk" 2>&1
"$T" candidates --basic "$tmp/let.suk" >"$tmp/again" 2>&1
same basic-from-sukaku-letters "$tmp/let.pm" "$tmp/again"

# A contradiction reached by the techniques: none (exit 0: the marks are
# known).  So are marks that a given leaves nothing (r1c2 only 7, which
# r3c2 holds).  Variant rules: their own steps too (the cage leaves 1 and 2;
# the rest of row 1 and of box 1 sums to 18 in four different digits).
echo none | out
run basic-none 0 candidates --basic "$E/none.txt"
sed '1s/^\(8 *\)1246   /\1......7.. /' "$tmp/inkala.pm" >"$tmp/broken.pm"
echo none | out
run basic-none-marks 0 candidates --basic "$tmp/broken.pm"
printf '......\n......\n......\n......\n......\n......\nbox 2x3\ncage 3: r1c1 r1c2\n' >"$tmp/cage.txt"
out <<'EOF'
12     12     3456   | 3456   3456   3456
3456   3456   3456   | 123456 123456 123456
---------------------+---------------------
123456 123456 123456 | 123456 123456 123456
123456 123456 123456 | 123456 123456 123456
---------------------+---------------------
123456 123456 123456 | 123456 123456 123456
123456 123456 123456 | 123456 123456 123456
box 2x3
cage 3: r1c1 r1c2
EOF
run basic-rules 0 candidates --basic "$tmp/cage.txt"
# ... which the shape and the rule after the grid let read back as the
# same puzzle within these marks
"$T" candidates --basic "$tmp/cage.txt" >"$tmp/cage.pm"
out <"$tmp/cage.pm"
run basic-rules-read-back 0 candidates --basic "$tmp/cage.pm"

err <<'EOF'
sudokit: error: --basic counts no solutions: leave out --limit
Try 'sudokit candidates --help'.
EOF
run basic-limit 2 candidates --basic --limit 5 "$tmp/inkala.txt"
err <<'EOF'
sudokit: error: --basic runs no search engine: leave out --engine
Try 'sudokit candidates --help'.
EOF
run basic-engine 2 candidates --basic --engine general "$tmp/inkala.txt"
err <<'EOF'
sudokit: error: candidates writes pencil marks: --output pencil or sukaku, not line
Try 'sudokit candidates --help'.
EOF
run candidates-output-line 2 candidates --output line "$tmp/inkala.txt"

# ------------------------------------------------------------------ reading back
# The true candidates of a puzzle with several solutions read back as the
# same marks, in both forms; and their solutions are the puzzle's.
"$T" candidates "$E/multiple.txt" >"$tmp/m.pm" 2>&1
"$T" candidates "$tmp/m.pm" >"$tmp/m2.pm" 2>&1
same candidates-read-back "$tmp/m.pm" "$tmp/m2.pm"
"$T" convert "$tmp/m.pm" >"$tmp/m3.pm" 2>&1
same convert-pencil-as-read "$tmp/m.pm" "$tmp/m3.pm"
"$T" candidates --output sukaku "$E/multiple.txt" >"$tmp/m.suk" 2>&1
"$T" convert --output pencil "$tmp/m.suk" >"$tmp/m4.pm" 2>&1
same sukaku-to-pencil "$tmp/m.pm" "$tmp/m4.pm"
"$T" convert "$tmp/m.suk" >"$tmp/m2.suk" 2>&1
same convert-sukaku-as-read "$tmp/m.suk" "$tmp/m2.suk"
"$T" enumerate "$E/multiple.txt" | sort >"$tmp/e1" 2>&1
"$T" enumerate --output line "$tmp/m.pm" | sort >"$tmp/e2" 2>&1
same enumerate-within-marks "$tmp/e1" "$tmp/e2"
"$T" count "$tmp/m.suk" | grep -qx 7
verdict count-sukaku $?
# A jigsaw's marks carry its regions, in both forms.
"$T" candidates --basic "$E/jigsaw9_grid.txt" >"$tmp/jig.pm" 2>&1
"$T" candidates --basic "$tmp/jig.pm" >"$tmp/jig2.pm" 2>&1
same jigsaw-read-back "$tmp/jig.pm" "$tmp/jig2.pm"
"$T" candidates --basic --output sukaku "$E/jigsaw9_grid.txt" >"$tmp/jig.suk" 2>&1
"$T" convert --output pencil "$tmp/jig.suk" >"$tmp/jig3.pm" 2>&1
same jigsaw-sukaku-read-back "$tmp/jig.pm" "$tmp/jig3.pm"
"$T" solve --output line "$E/jigsaw9_grid.txt" >"$tmp/js1" 2>&1
"$T" solve --output line "$tmp/jig.suk" >"$tmp/js2" 2>&1
same jigsaw-solve-marks "$tmp/js1" "$tmp/js2"
# A solved grid printed by candidates reads back as that grid.
"$T" candidates "$tmp/easy.txt" >"$tmp/easy.pm" 2>&1
"$T" solve --output pretty "$tmp/easy.pm" >"$tmp/easy.sol" 2>&1
same solved-grid-read-back "$tmp/easy.pm" "$tmp/easy.sol"

# ------------------------------------------------------------------ other commands
# solve: a sukaku's solution in line form, a pencil grid's as a grid.
echo "$INKALA_SOL" | out
run solve-sukaku 0 solve "$tmp/inkala.suk"
"$T" solve --output line "$tmp/inkala.pm" >"$tmp/s" 2>&1
echo "$INKALA_SOL" >"$tmp/s.want"
same solve-pencil "$tmp/s.want" "$tmp/s"
"$T" solve --json "$tmp/inkala.pm" | grep -q "\"status\":\"unique\",\"solution\":\"$INKALA_SOL\""
verdict solve-pencil-json $?
# Marks that exclude the solution: no solution, and the reason names them.
sed '2s/^12459  /1.3....../' "$tmp/inkala.pm" >"$tmp/r2c1.pm"
"$T" solve "$tmp/r2c1.pm" >"$tmp/none" 2>&1
[ $? = 1 ] && grep -q '^none: .*pencil marks' "$tmp/none"
verdict solve-none-marks $?
awk 'NR == 1 { $2 = "4"; $3 = "4" } { print }' "$tmp/inkala.pm" >"$tmp/two4.pm"
echo 'invalid' | out
err <<EOF
sudokit: $tmp/two4.pm:1:5: row 1 has 4 twice (columns 2 and 3)
EOF
run solve-pencil-givens-clash 3 solve "$tmp/two4.pm"
# an engine that takes no marks is named as such
echo invalid | out
err <<EOF
sudokit: $tmp/inkala.suk:1: engine 9x9 takes no pencil marks (9x9, boxes 3x3): choose one that does (see 'sudokit engines'), or no --engine
EOF
run engine-no-marks 3 solve --engine 9x9 "$tmp/inkala.suk"
echo "$INKALA_SOL" | out
run engine-with-marks 0 solve --engine cdcl --output line "$tmp/inkala.suk"

# best within the marks: the one solution, so its value.
"$T" best "$tmp/inkala.suk" >"$tmp/b" 2>&1 &&
    [ "$(sed -n 2p "$tmp/b")" = "$INKALA_SOL" ] &&
    [ "$(sed -n 1p "$tmp/b")" = "$("$T" best "$tmp/inkala.txt" | sed -n 1p)" ]
verdict best-marks $?

# verify: a digit the marks rule out is named.
printf '%s\n' "$INKALA_SOL" >"$tmp/ok.txt"
echo ok | out
run verify-marks-ok 0 verify "$tmp/inkala.pm" --solution "$tmp/ok.txt"
echo "$INKALA_SOL" | sed 's/^8/7/' >"$tmp/wrong.txt"
"$T" verify "$tmp/inkala.pm" --solution "$tmp/wrong.txt" >"$tmp/out" 2>&1
grep -q 'r1c1 holds 7, but the puzzle gives 8' "$tmp/out"
verdict verify-marks-given $?
"$T" verify "$tmp/inkala.suk" --solution "$tmp/wrong.txt" >"$tmp/out" 2>&1
grep -q "^$tmp/wrong.txt:1:1: r1c1 holds 7, but the puzzle's pencil marks allow only 8\$" "$tmp/out"
verdict verify-marks-sukaku $?
"$T" verify --json "$tmp/inkala.suk" --solution "$tmp/wrong.txt" | grep -q '"kind":"marks","cell":"r1c1"'
verdict verify-marks-json $?

# check: the filled cells of a pencil grid.
echo 'ok (60 empty cells)' | out
run check-pencil 0 check "$tmp/inkala.pm"
echo 'ok (81 empty cells)' | out
run check-sukaku 0 check "$tmp/inkala.suk"

# cnf: one unit clause per digit the marks rule out.
"$T" cnf "$tmp/inkala.txt" >"$tmp/plain.cnf" 2>&1
"$T" cnf "$tmp/inkala.suk" >"$tmp/marks.cnf" 2>&1
c1=$(sed -n 's/^p cnf 729 //p' "$tmp/plain.cnf")
c2=$(sed -n 's/^p cnf 729 //p' "$tmp/marks.cnf")
removed=$(awk '{ for (i = 1; i <= 729; i++) if (substr($0, i, 1) == ".") k++ } END { print k }' "$tmp/inkala.suk")
givens=$(echo "$INKALA" | tr -d '.\n' | wc -c)
[ -n "$c1" ] && [ $((c2)) -eq $((c1 - givens + removed)) ] &&
    [ "$(grep -c ' 0$' "$tmp/marks.cnf")" -eq "$c2" ]
verdict cnf-marks $?

# convert: marks only go where they can be written.
echo '# not written: line form cannot hold pencil marks' | out
err <<EOF
sudokit: $tmp/inkala.pm:1: the puzzle is given as pencil marks, which line form cannot hold: write it with --output pencil or sukaku
EOF
run convert-marks-to-line 3 convert --output line "$tmp/inkala.pm"
printf '1...1234..3....4..3....41....2...2..1......4..3....4..3..2..1234\n' | out
printf '1.34\n3412\n2143\n432.\n' >"$tmp/four.txt"
run convert-grid-to-sukaku 0 convert --output sukaku "$tmp/four.txt"
cat <<'EOF' | out
1    1234 | 3    4
3    4    | 1    2
----------+----------
2    1    | 4    3
4    3    | 2    1234
EOF
run convert-grid-to-pencil 0 convert --output pencil "$tmp/four.txt"

# --format names the form: a plain grid read as pencil marks.
printf '1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n' | "$T" check --format pencil >"$tmp/out" 2>&1
[ "$(cat "$tmp/out")" = "ok (complete)" ]
verdict format-pencil $?
"$T" solve --format sukaku "$tmp/inkala.suk" | grep -qx "$INKALA_SOL"
verdict format-sukaku $?

# threads: the same output with one and two workers
cat "$tmp/inkala.pm" "$tmp/m.pm" "$tmp/inkala.suk" "$tmp/m.suk" >"$tmp/batch"
"$T" candidates --basic -j 1 "$tmp/batch" >"$tmp/b1" 2>&1
"$T" candidates --basic -j 2 "$tmp/batch" >"$tmp/b2" 2>&1
same basic-threads "$tmp/b1" "$tmp/b2"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

#!/bin/sh
# tests/cli/answers.sh - command-line tests of answers that explain
# themselves: why `solve` finds no solution, the two solutions it shows
# for several and where they differ (--diff, JSON), an incomplete count,
# `verify` (a grid against its puzzle) and `cnf` on several puzzles.
#
#   sh tests/cli/answers.sh build/sudokit     (run from the repository root)
#
# Same helpers and output as tests/cli/run.sh: "ok NAME" or "FAIL NAME"
# with a diff per case, then "N passed, N failed"; exits non-zero on a
# failure.  JSON records are parsed with python3 when it is there.
#
# Expected reasons were worked out by hand where the comment says how;
# the others are checked from outside: a puzzle said to have several
# solutions must have both shown solutions pass `verify` and differ
# exactly in the cells listed, and `verify` itself is fed grids broken in
# one known way each.

T=${1:?usage: tests/cli/answers.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
D=tests/cli/data
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-ans.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/cli/lib.sh

CLASSIC=534678912672195348198342567859761423426853791713924856961537284287419635345286179
JIGSAW_REGIONS=1112211322433324435544555
# nrec: JSON records with the run-dependent numbers replaced by N.
nrec() { sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g'; }
# py NAME SCRIPT FILE: a case passes when python3 runs SCRIPT on FILE
# (the JSON records, one per line, in `recs`) without an exception.
if command -v python3 >/dev/null 2>&1; then
    py() {
        python3 -c "import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
$2" "$3" 2>"$tmp/py.err"
        verdict "$1" $? || sed -n 1,10p "$tmp/py.err"
    }
else
    py() { echo "ok $1 (python3 missing: not checked)"; passed=$((passed + 1)); }
fi

# A 16x16 grid in letters: the pattern grid (r*4 + r/4 + c) % 16, A = 1.
awk 'BEGIN { for (r = 0; r < 16; r++) { s = ""
    for (c = 0; c < 16; c++) s = s substr("ABCDEFGHIJKLMNOP", (r * 4 + int(r / 4) + c) % 16 + 1, 1)
    print s } }' >"$tmp/full16.txt"

# ------------------------------------------------------------------ none
# r1c1 sees 1-8 in its row and 9 in its column.
echo '.12345678...............................................................9........' >"$tmp/cell.txt"
echo 'none: the givens leave r1c1 no candidate' | out
run none-cell 1 solve "$tmp/cell.txt"

# The 5s of row 1 and column 1 and givens in r2c2 r2c3 r3c2 r3c3 leave
# box 1 no place for 5.
echo '....5.....12.......34...............5............................................' >"$tmp/house.txt"
echo 'none: the givens leave box 1 no place for 5' | out
run none-house 1 solve "$tmp/house.txt"

# Classic grid, givens thinned out, one wrong given: propagation from the
# givens settles 5 cells, then r1c1 keeps 1 and 5, and each fails.
BRANCH=.34.7...26...5..4..9.3....78.......3.......9...392..5...15...8.2.....63......61..
echo 'none: r1c1 can only hold 1 or 5 after propagation from the givens (5 cells forced), and neither works: with 1, r9c9 has no candidate left; with 5, r8c4 has no candidate left' | out
echo $BRANCH >"$tmp/branch.txt"
run none-branch 1 solve "$tmp/branch.txt"
# ... and each of those two digits really leaves no solution
echo 1$BRANCH | cut -c1,3- >"$tmp/b1.txt"
echo 5$BRANCH | cut -c1,3- >"$tmp/b5.txt"
printf '0\n0\n' | out
run none-branch-digits 0 count "$tmp/b1.txt" "$tmp/b5.txt"

# No short reason: the search says so, with its guesses.
echo ..46...1.67.........8..2...85......3.26........3..4....6.53..8.2..4.93.5...2.6..9 >"$tmp/search.txt"
"$T" solve "$tmp/search.txt" >"$tmp/o"
[ $? = 1 ] && grep -Eq '^none: every branch of the search ends in a contradiction \([0-9]+ guesse?s?\); no shorter reason was found: propagation from the givens leaves 45 cells open$' "$tmp/o"
verdict none-search $? || cat "$tmp/o"

# A jigsaw: the 5x5 puzzle with a wrong 2 in r1c1 (its solution has 1).
echo "2...5..1.......5.23...... $JIGSAW_REGIONS" >"$tmp/jig-none.txt"
echo 'none: row 3 has no place left for 2 after propagation from the givens (5 cells forced)' | out
run none-jigsaw 1 solve "$tmp/jig-none.txt"

# A killer cage: 1 in r2c1 and in r3c2 keep 1 out of the cage of 3 in
# r1c1-r1c2, whose sum needs 1 and 2.
printf '....\n1...\n.1..\n....\ncage 3: r1c1 r1c2\n' >"$tmp/killer-none.txt"
echo 'none: the givens leave the killer cage 3 at r1c1 no way to hold' | out
run none-killer 1 solve "$tmp/killer-none.txt"

# 16x16 in letters: row 1 holds E-P in c5-c16, and A in r2c1 keeps A out
# of r1c1-r1c4 (box 1): row 1 has no place for A.
{
    echo '....EFGHIJKLMNOP'
    echo 'A...............'
    i=0
    while [ $i -lt 14 ]; do echo '................'; i=$((i + 1)); done
} >"$tmp/none16.txt"
echo 'none: the givens leave row 1 no place for A' | out
run none-16x16-letters 1 solve --alphabet letters "$tmp/none16.txt"

# JSON: the reason's fields, for every kind above.
# (the killer puzzle is a grid with rules: a blank line before it)
{
    cat "$tmp/cell.txt" "$tmp/house.txt" "$tmp/branch.txt" "$tmp/search.txt" "$tmp/jig-none.txt"
    echo
    cat "$tmp/killer-none.txt"
} >"$tmp/nones.txt"
"$T" solve --json "$tmp/nones.txt" >"$tmp/nones.json"
verdict none-json-exit $(($? != 1))
py none-json "
want = [('cell', {'cell': 'r1c1', 'forced': 0}),
        ('house', {'house': 'box 1', 'digit': '5', 'forced': 0}),
        ('branch', {'cell': 'r1c1', 'digits': ['1', '5'], 'forced': 5, 'open': 51}),
        ('search', {'open': 45}),
        ('house', {'house': 'row 3', 'digit': '2', 'forced': 5}),
        ('rule', {'rule': 'killer cage 3 at r1c1', 'cell': 'r1c1'})]
assert len(recs) == len(want), len(recs)
for k, (r, (kind, fields)) in enumerate(zip(recs, want)):
    assert r['index'] == k and r['status'] == 'none', r
    w = r['reason']
    assert w['kind'] == kind, w
    for key, v in fields.items():
        assert w[key] == v, (key, w)
    assert w['message'] and 'solution' not in r and 'solutions' not in r
assert recs[3]['reason']['message'].startswith('every branch of the search')
" "$tmp/nones.json"
"$T" solve --json --alphabet letters "$tmp/none16.txt" | nrec >"$tmp/o"
echo '{"index":0,"status":"none","reason":{"kind":"house","house":"row 1","digit":"A","forced":0,"message":"the givens leave row 1 no place for A"},"nodes":N,"guesses":N,"time_us":N}' | out
same none-json-16x16-letters "$tmp/eout" "$tmp/o"
reset

# Every engine gives the same reason (it does not depend on the search).
for e in $("$T" engines --json | sed 's/^{"name":"\([^"]*\)".*/\1/'); do
    "$T" solve --engine $e "$tmp/branch.txt" >"$tmp/o" 2>&1
    grep -q '^none: r1c1 can only hold 1 or 5 ' "$tmp/o"
    verdict "none-engine-$e" $?
done

# ------------------------------------------------------------------ multiple
sed -n 3p $D/batch.txt >"$tmp/multi.txt"
out <<'EOF'
multiple: two solutions differ in 4 cells: r1c4 2/6, r1c6 6/2, r9c4 6/2, r9c6 2/6
534276918678195342192348567859761423426853791713924856961537284287419635345682179
534672918678195342192348567859761423426853791713924856961537284287419635345286179
EOF
run multiple-diff 1 solve --diff "$tmp/multi.txt"
echo multiple | out
run multiple-no-diff 1 solve "$tmp/multi.txt"

# grid form: the line, the first grid, a blank line, the second grid
out <<'EOF'
multiple: two solutions differ in 4 cells: r3c1 2/4, r3c3 4/2, r4c1 4/2, r4c3 2/4
1234
3412
2143
4321

1234
3412
4123
2341
EOF
run multiple-diff-grid 1 solve --diff --output grid $D/four.txt

# A batch: unique, multiple, invalid, multiple; --diff touches only the
# multiple records, one line each plus the two solutions.
{ cat $D/classic.txt; cat "$tmp/multi.txt"; echo 12345; cat $D/four.txt; } >"$tmp/mix.txt"
out <<EOF
$CLASSIC
multiple: two solutions differ in 4 cells: r1c4 2/6, r1c6 6/2, r9c4 6/2, r9c6 2/6
534276918678195342192348567859761423426853791713924856961537284287419635345682179
534672918678195342192348567859761423426853791713924856961537284287419635345286179
invalid
multiple: two solutions differ in 4 cells: r3c1 2/4, r3c3 4/2, r4c1 4/2, r4c3 2/4
1234341221434321
1234341241232341
EOF
echo "sudokit: $tmp/mix.txt:3:1: line has 5 cells, expected a square number of at least 16 (4x4)" | err
run multiple-diff-batch 3 solve --diff "$tmp/mix.txt"

# JSON, always: two solutions and the cells where they differ.  Checked
# from outside for a jigsaw, a killer puzzle and a 16x16 one: both
# solutions pass verify, they differ exactly where "differ" says, and
# they keep the givens.
echo "......................... $JIGSAW_REGIONS" >"$tmp/jig-multi.txt"
awk 'NR <= 2 { print "................"; next } { print }' "$tmp/full16.txt" |
    sed 's/^\(....\)\(.*\)/....\2/' >"$tmp/multi16.txt"
for case in classic:"$tmp/multi.txt": jigsaw:"$tmp/jig-multi.txt": killer:$D/rules4m.txt: \
    16x16:"$tmp/multi16.txt":--alphabet=letters; do
    name=${case%%:*}
    rest=${case#*:}
    f=${rest%%:*}
    opt=${rest#*:}
    "$T" solve --json $opt "$f" >"$tmp/m.json"
    verdict "multiple-json-$name-exit" $(($? != 1))
    py "multiple-json-$name" "
r = recs[0]
assert r['status'] == 'multiple' and 'solution' not in r, r
a, b = r['solutions']
assert a != b
n = int(len(a) ** 0.5)
names = ['r%dc%d' % (i // n + 1, i % n + 1) for i in range(n * n)]
assert r['differ'] == [names[i] for i in range(n * n) if a[i] != b[i]], r['differ']
open(sys.argv[1] + '.sol', 'w').write(a + '\n' + b + '\n')
" "$tmp/m.json"
    # both are solutions of the puzzle (verify reads the puzzle twice)
    printf 'ok\nok\n' | out
    run "multiple-json-$name-verify" 0 verify $opt "$f" "$f" --solution "$tmp/m.json.sol"
done

# ------------------------------------------------------------------ count
# The count reached so far, marked incomplete, in text as in JSON.
sed -n 3p $D/batch.txt >"$tmp/eight.txt"
echo '5 (incomplete: limit)' | out
run count-limit-marked 1 count --limit 5 "$tmp/eight.txt"
echo '{"index":0,"status":"multiple","count":5,"complete":false,"nodes":N,"guesses":N,"time_us":N}' | out
"$T" count --json --limit 5 "$tmp/eight.txt" | nrec >"$tmp/o"
same count-limit-json "$tmp/eout" "$tmp/o"
reset
echo 8 | out
run count-complete-unmarked 0 count "$tmp/eight.txt"
# a timeout: an empty 16x16 grid cannot be counted; a batch goes on
printf '%0256d\n' 0 >"$tmp/e16.txt"
cat "$tmp/e16.txt" "$tmp/eight.txt" >"$tmp/c2.txt"
"$T" count --timeout 0.1 "$tmp/c2.txt" >"$tmp/o"
rc=$?
[ $rc = 1 ] && sed -n 1p "$tmp/o" | grep -Eq '^[0-9]+ \(incomplete: timeout\)$' && [ "$(sed -n 2p "$tmp/o")" = 8 ]
verdict count-timeout-marked $?
"$T" count --json --timeout 0.1 "$tmp/c2.txt" >"$tmp/c.json"
py count-timeout-json "
t, m = recs
assert t['status'] == 'timeout' and t['complete'] is False and t['count'] >= 0, t
assert m['status'] == 'multiple' and m['complete'] is True and m['count'] == 8, m
" "$tmp/c.json"

# ------------------------------------------------------------------ verify
echo $CLASSIC >"$tmp/sol.txt"
echo ok | out
run verify-ok 0 verify $D/classic.txt --solution "$tmp/sol.txt"
# the grid form and a solve output read the same
"$T" solve --output grid $D/classic.txt >"$tmp/solgrid.txt"
echo ok | out
run verify-ok-grid-form 0 verify $D/classic.txt --solution "$tmp/solgrid.txt"
echo ok | out
input="$tmp/sol.txt"
run verify-solution-stdin 0 verify $D/classic.txt --solution -

# each kind of error, one grid each
{
    echo 1234341221434321                                   # wrong size
    echo $CLASSIC | sed 's/^5346/5.4./'                     # two empty cells
    echo $CLASSIC | tr 12 21                                # 1 and 2 swapped: givens changed
    echo $CLASSIC | sed 's/^534/535/'                       # r1c3 4 -> 5: repeats
} >"$tmp/bad.txt"
for i in 1 2 3 4; do cat $D/classic.txt; done >"$tmp/p4.txt"
out <<EOF
$tmp/bad.txt:1: the solution is 4x4, the puzzle 9x9
$tmp/bad.txt:2:2: 2 cells are empty: r1c2, r1c4
$tmp/bad.txt:3:13: r2c4 holds 2, but the puzzle gives 1
$tmp/bad.txt:3:45: r5c9 holds 2, but the puzzle gives 1
$tmp/bad.txt:3:50: r6c5 holds 1, but the puzzle gives 2
$tmp/bad.txt:3:61: r7c7 holds 1, but the puzzle gives 2
$tmp/bad.txt:3:68: r8c5 holds 2, but the puzzle gives 1
$tmp/bad.txt:4:3: row 1 has 5 twice (columns 1 and 3)
$tmp/bad.txt:4:75: column 3 has 5 twice (rows 1 and 9)
$tmp/bad.txt:4:3: box 1 has 5 twice (r1c1 and r1c3)
EOF
run verify-each-error 1 verify "$tmp/p4.txt" --solution "$tmp/bad.txt"

# many empty cells: ten are named
printf '%081d\n' 0 >"$tmp/empty.txt"
echo "$tmp/empty.txt:1:1: 81 cells are empty: r1c1, r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9, r2c1 and 71 more" | out
run verify-empty-grid 1 verify $D/classic.txt --solution "$tmp/empty.txt"

# a rule broken (the houses kept): the killer puzzle of rules4.txt
printf '3214\n4123\n2341\n1432\n' >"$tmp/k-ok.txt"
echo ok | out
run verify-killer-ok 0 verify $D/rules4.txt --solution "$tmp/k-ok.txt"
printf '3214142323414132\n' >"$tmp/k-bad.txt"
echo "$tmp/k-bad.txt:1:1: killer cage 7 at r1c1 sums to 4, expected 7" | out
run verify-killer-cage 1 verify $D/rules4.txt --solution "$tmp/k-bad.txt"
printf '3214412324311342\n' >"$tmp/k-bad2.txt"
out <<EOF
$tmp/k-bad2.txt:1:10: thermometer from r3c2: r3c2 = 4 leaves no room for the cells after it
$tmp/k-bad2.txt:1:15: white dot r4c3-r4c4: 4 and 2
EOF
run verify-killer-thermo-dot 1 verify $D/rules4.txt --solution "$tmp/k-bad2.txt"

# jigsaw: the solution (with or without its region ids), and a grid that
# is right for boxes but not for the regions
echo "1234545123234515123434512 $JIGSAW_REGIONS" >"$tmp/j-ok.txt"
echo 1234545123234515123434512 >"$tmp/j-ok2.txt"
printf 'ok\nok\n' | out
cat "$tmp/j-ok.txt" "$tmp/j-ok2.txt" >"$tmp/j2.txt"
run verify-jigsaw-ok 0 verify $D/jigsaw5.txt $D/jigsaw5.txt --solution "$tmp/j2.txt"
echo 1234525123234515123434512 >"$tmp/j-bad.txt" # r2c1 4 -> 2
out <<EOF
$tmp/j-bad.txt:1:9: row 2 has 2 twice (columns 1 and 4)
$tmp/j-bad.txt:1:11: column 1 has 2 twice (rows 2 and 3)
$tmp/j-bad.txt:1:6: region 1 has 2 twice (r1c2 and r2c1)
EOF
run verify-jigsaw-region 1 verify $D/jigsaw5.txt --solution "$tmp/j-bad.txt"

# 16x16 in letters
awk 'NR <= 8 { print "................"; next } { print }' "$tmp/full16.txt" >"$tmp/p16.txt"
echo ok | out
run verify-16x16 0 verify --alphabet letters "$tmp/p16.txt" --solution "$tmp/full16.txt"
sed '16s/^P/O/' "$tmp/full16.txt" >"$tmp/bad16.txt" # r16c1 is a given
"$T" verify --alphabet letters "$tmp/p16.txt" --solution "$tmp/bad16.txt" >"$tmp/o"
[ $? = 1 ] && grep -q "^$tmp/bad16.txt:16:1: r16c1 holds O, but the puzzle gives P$" "$tmp/o"
verdict verify-16x16-letters $?

# A batch with a bad puzzle in the middle: reported, and the grids stay
# paired with their puzzles (the bad puzzle's grid is skipped).
{ cat $D/classic.txt; echo 12345; cat $D/classic.txt; } >"$tmp/pb.txt"
{ echo $CLASSIC; echo $CLASSIC; echo $CLASSIC | sed 's/^5/6/'; } >"$tmp/sb.txt"
out <<EOF
ok
invalid
$tmp/sb.txt:3:1: r1c1 holds 6, but the puzzle gives 5
$tmp/sb.txt:3:4: row 1 has 6 twice (columns 1 and 4)
$tmp/sb.txt:3:10: column 1 has 6 twice (rows 1 and 2)
$tmp/sb.txt:3:10: box 1 has 6 twice (r1c1 and r2c1)
EOF
echo "sudokit: $tmp/pb.txt:2:1: line has 5 cells, expected a square number of at least 16 (4x4)" | err
run verify-batch-bad-puzzle 3 verify "$tmp/pb.txt" --solution "$tmp/sb.txt"
# a bad grid in the middle
{ echo $CLASSIC; echo 1234x; echo $CLASSIC; } >"$tmp/sb2.txt"
printf 'ok\ninvalid\nok\n' | out
echo "sudokit: $tmp/sb2.txt:2:1: line has 5 cells, expected a square number of at least 16 (4x4)" | err
run verify-batch-bad-grid 3 verify $D/classic.txt $D/classic.txt $D/classic.txt --solution "$tmp/sb2.txt"
# too few grids, too many grids
printf 'ok\ninvalid\n' | out
echo "sudokit: $D/classic.txt:1: no solution grid for this puzzle: $tmp/sol.txt ends after 1" | err
run verify-too-few-grids 3 verify $D/classic.txt $D/classic.txt --solution "$tmp/sol.txt"
echo ok | out
echo "sudokit: $tmp/sb.txt:2: grid 2 has no puzzle: the puzzles end after 1" | err
run verify-too-many-grids 3 verify $D/classic.txt --solution "$tmp/sb.txt"

# f-puzzles: the solution the puzzle carries; a wrong one; none at all
echo ok | out
run verify-fpuzzles-carried 0 verify $D/fp6.json
sed 's/"solution":\[\([0-9]\),\([0-9]\),/"solution":[\2,\1,/' $D/fp6.json >"$tmp/fp6-bad.json"
"$T" verify "$tmp/fp6-bad.json" >"$tmp/o"
[ $? = 1 ] && grep -q "^$tmp/fp6-bad.json:1: column 1 has 1 twice (rows 1 and 3)$" "$tmp/o"
verdict verify-fpuzzles-carried-wrong $? || cat "$tmp/o"
echo invalid | out
echo "sudokit: $D/classic.txt:1: no solution to verify: give the grids with --solution FILE" | err
run verify-no-solution 3 verify $D/classic.txt

# JSON: every kind, with positions
cat "$tmp/bad.txt" "$tmp/k-bad2.txt" >"$tmp/bad5.txt"
"$T" verify --json "$tmp/p4.txt" $D/rules4.txt --solution "$tmp/bad5.txt" >"$tmp/v.json"
verdict verify-json-exit $(($? != 1))
py verify-json "
kinds = [[e['kind'] for e in r['errors']] for r in recs]
assert kinds == [['size'], ['empty'], ['given'] * 5, ['house'] * 3, ['rule', 'rule']], kinds
assert all(r['status'] == 'wrong' for r in recs)
e = recs[1]['errors'][0]
assert e['cells'] == ['r1c2', 'r1c4'] and e['line'] == 2 and e['column'] == 2, e
e = recs[2]['errors'][0]
assert e['cell'] == 'r2c4' and e['message'] == 'r2c4 holds 2, but the puzzle gives 1', e
e = recs[3]['errors'][0]
assert (e['house'], e['digit'], e['cells']) == ('row 1', '5', ['r1c1', 'r1c3']), e
e = recs[4]['errors'][0]
assert e['rule'] == 'thermometer from r3c2' and e['cell'] == 'r3c2', e
assert e['file'].endswith('bad5.txt') and e['line'] == 5 and e['column'] == 10, e
" "$tmp/v.json"
"$T" verify --json $D/classic.txt $D/classic.txt $D/classic.txt --solution "$tmp/sb2.txt" 2>/dev/null >"$tmp/v2.json"
py verify-json-invalid "
assert [r['status'] for r in recs] == ['ok', 'invalid', 'ok'], recs
assert recs[1]['error']['line'] == 2 and recs[1]['error']['file'].endswith('sb2.txt'), recs[1]
" "$tmp/v2.json"

# the round trip of the help: solve, then verify the answers
"$T" solve $D/classic.txt $D/jigsaw5.txt $D/rules4.txt >"$tmp/answers.txt"
printf 'ok\nok\nok\n' | out
run verify-solve-round-trip 0 verify $D/classic.txt $D/jigsaw5.txt $D/rules4.txt --solution "$tmp/answers.txt"

err <<'EOF'
sudokit: error: the puzzles and --solution cannot both be standard input
Try 'sudokit verify --help'.
EOF
run usage-verify-both-stdin 2 verify --solution -
echo "sudokit: $tmp/missing.txt: No such file or directory" | err
run verify-missing-solution-file 3 verify $D/classic.txt --solution "$tmp/missing.txt"

# ------------------------------------------------------------------ cnf
# several puzzles and no choice: refused, nothing written
err <<'EOF'
sudokit: error: the input holds 7 puzzles and a CNF file holds one formula: write one with --index K (0 to 6), or each to its own file with --prefix PREFIX
Try 'sudokit cnf --help'.
EOF
run cnf-several-refused 2 cnf $D/batch.txt
err <<'EOF'
sudokit: error: the input holds 2 puzzles and a CNF file holds one formula: write one with --index K (0 to 1), or each to its own file with --prefix PREFIX
Try 'sudokit cnf --help'.
EOF
run cnf-several-over-files 2 cnf $D/four.txt $D/classic.txt
# one puzzle, over several files, is written
"$T" cnf $D/four.txt /dev/null >"$tmp/one.cnf" && "$T" cnf --index 0 $D/four.txt | cmp -s - "$tmp/one.cnf"
verdict cnf-one-puzzle $?
# a single bad puzzle still says why
err <<'EOF'
sudokit: tests/cli/data/six.txt:1: a 6x6 grid needs a box shape (such as --box RxC) or --box none: 6 is not a square
EOF
run cnf-one-bad-puzzle 3 cnf $D/six.txt

# --prefix: one file per puzzle, the bad ones reported and skipped
mkdir "$tmp/cnf"
out <<EOF
$tmp/cnf/p-0.cnf
$tmp/cnf/p-1.cnf
$tmp/cnf/p-2.cnf
$tmp/cnf/p-3.cnf
invalid
invalid
$tmp/cnf/p-6.cnf
EOF
err <<'EOF'
sudokit: tests/cli/data/batch.txt:6:1: line has 80 cells, expected a square number (81 for 9x9)
sudokit: tests/cli/data/batch.txt:7:81: unknown symbol '?' for a 9x9 puzzle (digits alphabet)
EOF
run cnf-prefix 3 cnf --prefix "$tmp/cnf/p" $D/batch.txt
ok=0
for k in 0 1 2 3 6; do
    "$T" cnf --index $k $D/batch.txt | cmp -s - "$tmp/cnf/p-$k.cnf" || ok=1
done
[ ! -e "$tmp/cnf/p-4.cnf" ] && [ ! -e "$tmp/cnf/p-5.cnf" ]
verdict cnf-prefix-files-equal-index $((ok | $?))
# 16x16, jigsaw and killer puzzles each get their formula
"$T" cnf --prefix "$tmp/cnf/v" --alphabet letters "$tmp/p16.txt" >/dev/null &&
    "$T" cnf --prefix "$tmp/cnf/w" $D/jigsaw5.txt $D/rules4.txt >/dev/null &&
    grep -q '^p cnf 4096 ' "$tmp/cnf/v-0.cnf" && grep -q '^p cnf 125 ' "$tmp/cnf/w-0.cnf" &&
    grep -q '^p cnf ' "$tmp/cnf/w-1.cnf"
verdict cnf-prefix-geometries $?
echo "sudokit: $tmp/nodir/p-0.cnf: No such file or directory" | err
run cnf-prefix-unwritable 4 cnf --prefix "$tmp/nodir/p" $D/four.txt
err <<'EOF'
sudokit: error: --index and --prefix do not go together
Try 'sudokit cnf --help'.
EOF
run usage-cnf-index-prefix 2 cnf --index 1 --prefix p $D/batch.txt

# ------------------------------------------------------------------ help
"$T" solve --help >"$tmp/h" && grep -q '^      --diff ' "$tmp/h" && grep -q '"reason"' "$tmp/h" &&
    grep -q '"differ"' "$tmp/h"
verdict help-solve-diff $?
"$T" verify --help >"$tmp/h" && grep -q '^usage: sudokit verify ' "$tmp/h" &&
    grep -q '^      --solution FILE ' "$tmp/h" && "$T" help verify | cmp -s - "$tmp/h"
verdict help-verify $?
"$T" --help | grep -q '^  verify ' 
verdict help-main-lists-verify $?
"$T" cnf --help >"$tmp/h" && grep -q '^      --prefix PREFIX ' "$tmp/h"
verdict help-cnf-prefix $?
"$T" count --help | grep -q '(incomplete: timeout)'
verdict help-count-incomplete $?

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

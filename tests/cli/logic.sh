#!/bin/sh
# tests/cli/logic.sh - command-line tests of the logical solver's
# commands: rate, explain and hint.
#
#   sh tests/cli/logic.sh build/sudokit     (run from the repository root)
#
# Same helpers and output as tests/cli/run.sh: "ok NAME" or "FAIL NAME"
# with a diff per case, then "N passed, N failed"; exits non-zero on a
# failure.  JSON records are parsed with python3 when it is there.
#
# The ratings are Sudoku Explainer's: tests/cli/data/rated.txt holds
# puzzles of the 17-clue collection with the figures SE gives them, and
# `rate` must give the same.  `explain` is checked for its shape and
# against `rate` (the same figures, the hardest step's rating is ER, one
# line per step), and for the links of its chains on two puzzles; `hint`
# against the first line of `explain`.  Puzzles that must come out stuck
# are made so with --max-rating, or have no digit at all, so that they
# stay stuck whatever techniques are added.

T=${1:?usage: tests/cli/logic.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
D=tests/cli/data
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-logic.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/cli/lib.sh

CLASSIC=534678912672195348198342567859761423426853791713924856961537284287419635345286179
EMPTY=.................................................................................
# nrec: JSON records with the run-dependent numbers replaced by N.
nrec() { sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g'; }
if command -v python3 >/dev/null 2>&1; then
    py() {
        python3 -c "import json, re, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
$2" "$3" 2>"$tmp/py.err"
        verdict "$1" $? || sed -n 1,10p "$tmp/py.err"
    }
else
    py() { echo "ok $1 (python3 missing: not checked)"; passed=$((passed + 1)); }
fi

# The rated puzzles alone, and SE's figures for each.
grep -v '^#' $D/rated.txt >"$tmp/rated.txt"
awk '{print $2}' "$tmp/rated.txt" >"$tmp/se.txt"

# ------------------------------------------------------------------ rate
out <<'EOF'
2.6/1.5/1.5 Pointing
2.0/1.2/1.2 Direct Hidden Pair
2.3/1.2/1.2 Naked Single
3.4/1.2/1.2 Hidden Pair
4.2/1.2/1.2 XY-Wing
EOF
run rate-text 0 rate $D/rated.txt
# ... the figures are SE's, read from the file itself
"$T" rate $D/rated.txt | awk '{print $1}' >"$tmp/ours.txt"
same rate-equals-se "$tmp/se.txt" "$tmp/ours.txt"

"$T" rate --json $D/rated.txt >"$tmp/rate.json"
verdict rate-json-exit $?
py rate-json "
se = [l.split()[1].split('/') for l in open('$tmp/rated.txt')]
tech = ['pointing', 'direct-hidden-pair', 'naked-single', 'hidden-pair', 'xy-wing']
assert len(recs) == 5, len(recs)
for k, (r, fig, t) in enumerate(zip(recs, se, tech)):
    assert r['index'] == k and r['status'] == 'unique', r
    assert [r['er'], r['ep'], r['ed']] == [float(x) for x in fig], (r, fig)
    assert isinstance(r['er'], float)
    assert r['er_technique'] == t, r
    assert r['ep_technique'] in ('hidden-single', 'full-house'), r
    assert r['stuck'] is False and r['steps'] > 20, r
    assert r['nodes'] >= 1 and r['time_us'] >= 0, r
" "$tmp/rate.json"
# the numbers are written with one decimal, as SE writes them
grep -q '"er":2.0,"ep":1.2,"ed":1.2,' "$tmp/rate.json"
verdict rate-json-decimals $?

# A puzzle read in another form rates the same: the first one as a grid.
head -n 1 "$tmp/rated.txt" | cut -c1-81 | fold -w 9 >"$tmp/grid.txt"
echo '2.6/1.5/1.5 Pointing' | out
run rate-grid 0 rate "$tmp/grid.txt"

# --max-rating: the XY-wing puzzle is stuck below 4.2, rated at 4.2.
tail -n 1 "$tmp/rated.txt" >"$tmp/xy.txt"
echo '20.0/1.2/1.2 stuck' | out
run rate-max-rating-stuck 0 rate --max-rating 4.1 "$tmp/xy.txt"
echo '4.2/1.2/1.2 XY-Wing' | out
run rate-max-rating-enough 0 rate --max-rating=4.2 "$tmp/xy.txt"
"$T" rate --json --max-rating 4 "$tmp/xy.txt" | nrec >"$tmp/o"
echo '{"index":0,"status":"unique","er":20.0,"ep":1.2,"ed":1.2,"er_technique":null,"ep_technique":"hidden-single","ed_technique":"hidden-single","stuck":true,"steps":STEPS,"nodes":N,"guesses":N,"time_us":N}' >"$tmp/e"
sed -E 's/"steps":[0-9]+/"steps":STEPS/' "$tmp/o" >"$tmp/o2"
same rate-json-stuck "$tmp/e" "$tmp/o2"

# BUG types 2 to 4 rate 5.7: not given under --max-rating 5.6 (they were).
# Pencil marks one step before a BUG type 2 and a type 4
# (tests/unit/test_logic_adv.c, bug2 and bug4).
cat >"$tmp/bug2.txt" <<'EOF'
6   289 7   | 3   28  1   | 89  5   4
4   5   89  | 89  6   7   | 3   1   2
1   28  3   | 289 4   5   | 6   89  7
7   3   89  | 5   28  29  | 4   6   1
28  4   1   | 6   3   89  | 7   29  5
29  6   5   | 7   1   4   | 29  3   8
89  89  2   | 1   7   3   | 5   4   6
3   1   6   | 4   5   28  | 28  7   9
5   7   4   | 28  9   6   | 1   28  3
EOF
cat >"$tmp/bug4.txt" <<'EOF'
69  2   56  | 8   4   3   | 79  57  1
15  18  458 | 2   7   9   | 45  6   3
49  7   3   | 1   6   5   | 2   48  89
15  14  79  | 3   8   47  | 6   2   59
2   6   45  | 47  9   1   | 8   3   57
8   3   79  | 5   2   6   | 79  1   4
46  5   468 | 47  1   2   | 3   9   78
7   9   1   | 6   3   8   | 45  45  2
3   48  2   | 9   5   47  | 1   78  6
EOF
echo 'BUG type 2: r1c2, r3c4 hold 8 beyond the bivalue grave, removes 8 from r1c5, r3c2 (rating 5.7)' | out
run hint-bug2 0 hint --max-rating 5.7 "$tmp/bug2.txt"
echo 'stuck: no technique up to 5.6 applies' | out
run hint-bug2-limit 0 hint --max-rating 5.6 "$tmp/bug2.txt"
echo 'BUG type 4: r2c3, r7c3 hold 4,5 beyond the bivalue grave, removes 4 from r2c3; 6 from r7c3 (rating 5.7)' | out
run hint-bug4 0 hint --max-rating 5.7 "$tmp/bug4.txt"
echo 'stuck: no technique up to 5.6 applies' | out
run hint-bug4-limit 0 hint --max-rating 5.6 "$tmp/bug4.txt"

# Nothing to start from: stuck at once, EP and ED 0.0 as in SE.
echo $EMPTY >"$tmp/empty.txt"
echo '20.0/0.0/0.0 stuck' | out
run rate-no-check-empty 0 rate --no-check --max-rating 9 "$tmp/empty.txt"
"$T" rate --no-check --max-rating 9 --json "$tmp/empty.txt" >"$tmp/o"
echo '{"index":0,"status":"unchecked","er":20.0,"ep":0.0,"ed":0.0,"er_technique":null,"ep_technique":null,"ed_technique":null,"stuck":true,"steps":0}' | out
same rate-no-check-json "$tmp/eout" "$tmp/o"

# A position that shows it has no solution stops the logical solver, and
# --no-check then says so, naming where (without it the search says none
# first).  r1c1 sees 1-8 in its row and 9 in its column: no candidate.
echo '.12345678..................9.....................................................' >"$tmp/nocand.txt"
for cmd in rate hint explain; do
    echo 'none: the puzzle has no solution: r1c1 has no candidate left' | out
    run $cmd-no-check-no-candidate 1 $cmd --no-check "$tmp/nocand.txt"
done
echo '{"index":0,"status":"none","reason":{"kind":"cell","message":"r1c1 has no candidate left"}}' | out
run rate-no-check-no-candidate-json 1 rate --no-check --json "$tmp/nocand.txt"
echo 'none: the puzzle has no solution' | out
run rate-no-candidate-checked 1 rate "$tmp/nocand.txt"
# Pencil marks with no 5 in row 1: every cell has candidates, the row has
# no place for 5.
python3 -c "print(''.join(''.join('.' if r == 0 and d == 5 else str(d) for d in range(1, 10)) for r in range(9) for c in range(9)))" >"$tmp/no5.txt" 2>/dev/null ||
    awk 'BEGIN { for (i = 0; i < 81; i++) printf "%s", (i < 9 ? "1234.6789" : "123456789"); print "" }' >"$tmp/no5.txt"
echo '{"index":0,"status":"none","reason":{"kind":"house","message":"row 1 has no place left for 5"}}' | out
run explain-no-check-no-place-json 1 explain --no-check --json "$tmp/no5.txt"
# A wrong given (r1c2 is 5 in the only solution of this 17-clue puzzle,
# line 26 of 17clue.txt, not 1): the singles run into a cell without
# candidate, and rate and explain stop at the same step.
echo '.1...............1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3' >"$tmp/wrong.txt"
"$T" rate --no-check "$tmp/wrong.txt" >"$tmp/r1"
"$T" explain --no-check "$tmp/wrong.txt" >"$tmp/r2"
grep -q '^none: the puzzle has no solution: r[1-9]c[1-9] has no candidate left after [0-9]* logical steps$' "$tmp/r1"
verdict rate-no-check-wrong-given $?
same explain-no-check-wrong-given "$tmp/r1" "$tmp/r2"

# Two solutions: unique rectangles and BUG (which assume one) remove both,
# and the path runs into a cell without candidate; that proves nothing,
# and the search says what the puzzle has.
echo '.54....72..9....6...175.43.8..6....7.465........32...........4..7...1...9.2.4...5' >"$tmp/two.txt"
for cmd in rate explain; do
    echo 'multiple: the puzzle has several solutions' | out
    run $cmd-no-check-two-solutions 1 $cmd --no-check "$tmp/two.txt"
done
# candidates --basic: a house without place for a digit from the start
echo '.1.84.....8..65......17...4....1....1..5...73...987.1.9....1...2614..7..7.36.9..8' >"$tmp/box9.txt"
echo none | out
run candidates-basic-no-place 0 candidates --basic "$tmp/box9.txt"

# --max-rating below claiming (2.8) keeps claiming out even where
# pointing (2.6) is allowed: 17clue.txt line 49 needs a claiming.
echo '.................1....23.4.........5..2..6.3...71.........37.6..5...8...91.......' >"$tmp/claim.txt"
echo '2.8/1.2/1.2 Claiming' | out
run rate-claiming 0 rate "$tmp/claim.txt"
for lim in 2.6 2.7; do
    echo '20.0/1.2/1.2 stuck' | out
    run rate-claiming-above-$lim 0 rate --max-rating $lim "$tmp/claim.txt"
done

# A cell left with one candidate (--max-rating 2.0 keeps naked singles
# out) is written by place in the stuck grid, so that hint reads back the
# same position: stuck too, not a step the filled cell would allow.
echo '.................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3' >"$tmp/ns.txt"
"$T" explain --max-rating 2.0 "$tmp/ns.txt" | sed -n '/^stuck/,$p' | sed 1d >"$tmp/marks.txt"
grep -q '\.2\.\.\.\.\.\.\.' "$tmp/marks.txt"
verdict explain-stuck-single-by-place $?
echo 'stuck: no technique up to 2.0 applies' | out
run hint-stuck-marks-read-back 0 hint --max-rating 2.0 "$tmp/marks.txt"
# In JSON, "grid" tells the filled cells from those open with one candidate:
# the givens and the placements, '.' elsewhere, single candidates included.
"$T" explain --json --max-rating 2.0 "$tmp/ns.txt" >"$tmp/ns.json"
py explain-json-stuck-grid "r = recs[0]; g = r['grid']; c = r['candidates']
given = open('$tmp/ns.txt').read().split()[0]
placed = {s['cell']: s['digit'] for s in r['steps'] if 'cell' in s}
want = ''.join(placed.get('r%dc%d' % (i // 9 + 1, i % 9 + 1), ch) for i, ch in enumerate(given))
assert r['stuck'] and g == want, (g, want)
assert all(c[i] == ch for i, ch in enumerate(g) if ch != '.')
assert any(ch == '.' and len(c[i]) == 1 for i, ch in enumerate(g)), 'no open single'" "$tmp/ns.json"
# The stuck grid carries the puzzle's shape and rules after it, so that
# hint reads back the same puzzle: boxes of 2x3, killer cages.
echo '..6.3..1......5..21..4......2..5.1..' >"$tmp/r6.txt"
"$T" explain --box 2x3 --max-rating 1.0 "$tmp/r6.txt" | sed -n '/^stuck/,$p' | sed 1d >"$tmp/r6s.txt"
"$T" hint --box 2x3 "$tmp/r6.txt" | out
run explain-stuck-shape-read-back 0 hint "$tmp/r6s.txt"
"$T" explain --max-rating 1.5 examples/puzzles/killer6.txt | sed -n '/^stuck/,$p' | sed 1d >"$tmp/ks.txt"
"$T" hint examples/puzzles/killer6.txt | out
run explain-stuck-rules-read-back 0 hint "$tmp/ks.txt"
# ... and one such field is enough to tell a pencil grid from a plain one
printf '%s\n' '4 6 8 9 3 1 5 2 7' '7 5 1 6 2 4 8 3 9' '3 9 2 5 7 8 4 6 1' '1 3 4 7 5 6 2 9 8' \
    '2 8 9 4 1 3 6 7 5' '6 7 5 2 8 9 3 1 4' '8 4 6 1 9 2 7 5 ..3......' '5 1 3 8 6 7 9 4 2' \
    '9 2 7 3 4 5 1 8 6' >"$tmp/one.txt"
echo 'r7c9 = 3: full house in box 9 (rating 1.0)' | out
run hint-one-field-by-place 0 hint "$tmp/one.txt"
# Without a limit every technique is tried on it, the nested chains at
# great length: --timeout ends it.
echo 'timeout' | out
run rate-timeout 1 rate --no-check --timeout 0.5 "$tmp/empty.txt"
reset

# A full grid needs no step.
echo $CLASSIC >"$tmp/full.txt"
echo '0.0/0.0/0.0' | out
run rate-full-grid 0 rate "$tmp/full.txt"

# ------------------------------------------------------------------ not rated
# Several solutions, no solution: not rated, exit 1, and the batch goes on.
sed -n 3p $D/batch.txt >"$tmp/multi.txt"
# (the classic grid thinned out, with one wrong given: tests/cli/answers.sh)
echo .34.7...26...5..4..9.3....78.......3.......9...392..5...15...8.2.....63......61.. >"$tmp/none.txt"
"$T" solve "$tmp/none.txt" >/dev/null
verdict none-puzzle-has-none $(($? != 1))
cat "$tmp/multi.txt" "$tmp/none.txt" "$tmp/xy.txt" >"$tmp/refused.txt"
out <<'EOF'
multiple: the puzzle has several solutions
none: the puzzle has no solution
4.2/1.2/1.2 XY-Wing
EOF
run rate-refused 1 rate "$tmp/refused.txt"
"$T" rate --json "$tmp/refused.txt" | nrec >"$tmp/o"
out <<'EOF'
{"index":0,"status":"multiple","nodes":N,"guesses":N,"time_us":N}
{"index":1,"status":"none","nodes":N,"guesses":N,"time_us":N}
EOF
head -n 2 "$tmp/o" >"$tmp/o2"
same rate-refused-json "$tmp/eout" "$tmp/o2"
reset
out <<'EOF'
multiple: the puzzle has several solutions

none: the puzzle has no solution
EOF
run explain-refused 1 explain "$tmp/multi.txt" "$tmp/none.txt"
out <<'EOF'
multiple: the puzzle has several solutions
none: the puzzle has no solution
EOF
run hint-refused 1 hint "$tmp/multi.txt" "$tmp/none.txt"
# --no-check rates them anyway (status unchecked)
"$T" rate --no-check --json "$tmp/multi.txt" >"$tmp/o"
verdict rate-no-check-multiple-exit $?
grep -q '^{"index":0,"status":"unchecked","er":' "$tmp/o"
verdict rate-no-check-multiple $?

# Bad input: the messages of every command that reads, and the batch goes on.
out <<'EOF'
1.2/1.2/1.2 Hidden Single
multiple: the puzzle has several solutions
none: the puzzle has no solution
invalid
invalid
invalid
multiple: the puzzle has several solutions
EOF
err <<EOF
sudokit: $D/batch.txt:5:3: row 1 has 5 twice (columns 1 and 3)
sudokit: $D/batch.txt:6:1: line has 80 cells, expected a square number (81 for 9x9)
sudokit: $D/batch.txt:7:81: unknown symbol '?' for a 9x9 puzzle (digits alphabet)
EOF
run rate-bad-input 3 rate $D/batch.txt

# Variant rules: each narrowing by a rule is a step of its own ("variant
# rule", rated 1.6 for cages, thermometers and dots), with the rule named.
out <<'EOF'
1.6/1.2/1.2 Variant Rule
EOF
run rate-rules 0 rate $D/rules4.txt
"$T" explain $D/rules4.txt >"$tmp/o"
verdict explain-rules-exit $?
grep -qx '7. variant rule: killer cage 7 at r1c1 removes 1 from r2c1 (rating 1.6)' "$tmp/o" &&
    grep -qx '11. variant rule: thermometer from r3c2 removes 4 from r3c2; 3 from r3c3 (rating 1.6)' "$tmp/o" &&
    tail -n 1 "$tmp/o" | grep -qx 'rating 1.6/1.2/1.2, 15 steps, hardest: Variant Rule'
verdict explain-rules $?
out <<'EOF'
variant rule: killer cage 3 at r1c1 removes 3,4,5,6 from r1c1, r1c2 (rating 1.6)
EOF
run hint-rules 0 hint examples/puzzles/killer6.txt
"$T" explain --json $D/rules4.txt >"$tmp/rules.json"
verdict explain-rules-json-exit $?
py explain-rules-json "
r = recs[0]
assert r['status'] == 'unique' and r['er'] == 1.6 and not r['stuck'], r
vr = [s for s in r['steps'] if s['technique'] == 'variant-rule']
assert [s['rule'] for s in vr] == ['killer cage 7 at r1c1', 'thermometer from r3c2'], vr
assert vr[1]['cells'] == ['r3c2', 'r3c3'] and vr[1]['digits'] == ['3', '4'], vr[1]
assert vr[1]['eliminations'] == [{'cell': 'r3c2', 'digit': '4'}, {'cell': 'r3c3', 'digit': '3'}], vr[1]
assert all('rule' not in s for s in r['steps'] if s['technique'] != 'variant-rule')
" "$tmp/rules.json"

# A sum the cages and houses imply together (the law of the leftover), on
# HS_KILLERS#0 of the published variant puzzles: its cells, minus signs
# and total in the sentence with where it comes from, "implied", the total
# and the source in JSON.
sed -n '/^# HS_KILLERS#0 /{n;p;}' tests/variants/iss_examples.txt >"$tmp/hsk.txt"
"$T" explain "$tmp/hsk.txt" >"$tmp/o"
verdict explain-implied-exit $?
grep -qx '9. variant rule: r9c2 - r4c1 = 2 (innies and outies of column 1) removes 1,2 from r9c2 (rating 2.7)' "$tmp/o"
verdict explain-implied $?
# a digit the cage must hold, its places in one row: it leaves the row
grep -qx '31. variant rule: killer cage 30 at r1c2 must hold 2, locked in row 1, removes 2 from r1c1, r1c8, r1c9 (rating 2.6)' "$tmp/o"
verdict explain-rule-locked $?
"$T" explain --json "$tmp/hsk.txt" >"$tmp/hsk.json"
py explain-implied-json "
s = recs[0]['steps'][4]
assert s['rule'] == 'implied' and s['total'] == 11 and s['rating'] == 2.7, s
assert s['cells'] == ['r1c2', 'r2c2', 'r9c2'] and s['eliminations'][0] == {'cell': 'r1c2', 'digit': '9'}, s
assert s['source'] == 'innies of column 2' and '(innies of column 2)' in s['text'], s
s = recs[0]['steps'][8]
assert s['source'] == 'innies and outies of column 1' and s['subtype'] == 1 and s['total'] == -2, s
assert all('source' in x for x in recs[0]['steps'] if x.get('rule') == 'implied')
assert not any('source' in x for x in recs[0]['steps'] if x.get('rule') != 'implied')
s = recs[0]['steps'][30]
assert s['rule'] == 'killer cage 30 at r1c2' and s['houses'] == ['row 1'] and s['digits'] == ['2'], s
assert [e['cell'] for e in s['eliminations']] == ['r1c1', 'r1c8', 'r1c9'], s
" "$tmp/hsk.json"

# A digit a rule's cells in a house must hold, asked of the rule's filter:
# a little killer of LITTLE_KILLER_SNIPES#6 cannot make 18 without a 1 in
# box 3 (subtype 1 in JSON; a cage's locked digit above has none).
sed -n '/^# LITTLE_KILLER_SNIPES#6 /{n;p;}' tests/variants/iss_examples.txt >"$tmp/lks.txt"
"$T" explain --max-rating 2.8 "$tmp/lks.txt" >"$tmp/o"
verdict explain-rule-needs-exit $?
grep -qx '17. variant rule: little killer 18 from r1c8 must hold 1 in box 3, removes 1 from r1c7, r1c9, r2c8, r2c9, r3c7, r3c8, r3c9 (rating 2.8)' "$tmp/o"
verdict explain-rule-needs $?
"$T" explain --json --max-rating 2.8 "$tmp/lks.txt" >"$tmp/lks.json"
py explain-rule-needs-json "
s = recs[0]['steps'][16]
assert s['rule'] == 'little killer 18 from r1c8' and s['houses'] == ['box 3'] and s['digits'] == ['1'], s
assert s['subtype'] == 1 and s['rating'] == 2.8 and len(s['cells']) == 8, s
assert 'subtype' not in recs[0]['steps'][0], recs[0]['steps'][0]
" "$tmp/lks.json"

# Rules as links of the static chains: on HS_KILLERS#2 a forcing chain
# (7.0) goes through a cage, which its link names.
sed -n '/^# HS_KILLERS#2 /{n;p;}' tests/variants/iss_examples.txt >"$tmp/hs2.txt"
"$T" explain -j 1 "$tmp/hs2.txt" >"$tmp/o"
verdict explain-rule-link-exit $?
grep -Eq '^[0-9]+\. forcing chain removes [1-9] from r[1-9]c[1-9]: .* -> r[1-9]c[1-9]=[1-9] \(killer cage [0-9]+ at r[1-9]c[1-9]\) -> .* \(rating 7\.[0-9]\)$' "$tmp/o"
verdict explain-rule-link $?
"$T" explain --json -j 1 "$tmp/hs2.txt" >"$tmp/hs2.json"
py explain-rule-link-json "
fc = [s for s in recs[0]['steps'] if s['technique'] == 'forcing-chain' and '(killer cage' in s['text']]
assert fc and all(s['rating'] < 8 for s in fc), len(fc)
# a sum the cages and houses imply is written out where a link follows it
assert any(re.search(r'=[1-9] \\((innies|outies|innies and outies) of (row|column|box)s? [1-9](-[1-9])?: r[1-9]c[1-9]( [-+] r[1-9]c[1-9])+ = [0-9]+\\)', s['text']) for s in fc)
" "$tmp/hs2.json"

# ... and the JSON says what each link of a branch follows from, in
# "branch_rules" beside "branches" (null: a cell or a house), the same
# names the text gives in parentheses; a vanilla chain has no such array.
py explain-branch-rules-json "
steps = recs[0]['steps']
ruled = [s for s in steps if 'branch_rules' in s]
assert ruled and all('(' in s['text'] for s in ruled), len(ruled)
for s in ruled:
    assert [len(b) for b in s['branch_rules']] == [len(b) for b in s['branches']], s
    assert all(b[0] is None for b in s['branch_rules']), s
    # rebuild each branch as the text writes it, from the two arrays
    parts = [' -> '.join(l + (' (' + r + ')' if r else '') for l, r in zip(b, rb))
             for b, rb in zip(s['branches'], s['branch_rules'])]
    assert s['text'].endswith('; '.join(parts)), (s['text'], parts)
names = {r for s in ruled for b in s['branch_rules'] for r in b if r}
assert any(r.startswith('killer cage ') for r in names), names
assert any(re.match(r'(innies|outies|innies and outies) of ', r) for r in names), names
plain = [s for s in steps if 'branches' in s and 'branch_rules' not in s]
assert all(' (' not in s['text'].split(': ', 1)[1] for s in plain), plain[:1]
" "$tmp/hs2.json"

# Two rules whose cells meet narrow together (3.5): on HS_KILLERS#2 the
# 15 in two cells of row 1 is 6+9 or 7+8, so the 13 beside it is not 6+7.
grep -qx '[0-9]*\. variant rule: killer cage 15 at r1c3 and killer cage 13 at r1c6 together remove 6,7 from r1c6, r1c7 (rating 3\.5)' "$tmp/o"
verdict explain-two-rules-together $?
py explain-two-rules-together-json "
s = [s for s in recs[0]['steps'] if s.get('subtype') == 3]
assert s and all(x['technique'] == 'variant-rule' and x['rating'] == 3.5 for x in s), s[:1]
assert s[0]['rule'] == 'killer cage 15 at r1c3' and s[0]['rule2'] == 'killer cage 13 at r1c6', s[0]
assert s[0]['cells'] == ['r1c3', 'r1c4', 'r1c6', 'r1c7'], s[0]
" "$tmp/hs2.json"

# ... also through a cage some of whose cells are filled (HS_KILLERS#5,
# step 140: r3c6=4 -> r2c6<>7 through the cage of r1c6, r2c6, r2c7, r2c8,
# r3c6, r4c7, three of them filled by then)
sed -n '/^# HS_KILLERS#5 /{n;p;}' tests/variants/iss_examples.txt >"$tmp/hs5.txt"
"$T" explain -j 1 "$tmp/hs5.txt" >"$tmp/o"
grep -Eq '^[0-9]+\. forcing chain .*=[1-9] -> r[1-9]c[1-9]<>[1-9] \(killer cage 24 at r1c6\)' "$tmp/o"
verdict explain-rule-link-filled $?

# ... and two rules that share the relation of two cells are named
# together (Strict kropki: nonconsecutive, and no dot means neither ratio)
sed -n '/^# Strict kropki /{n;p;}' tests/variants/iss_examples.txt >"$tmp/kropki.txt"
"$T" explain -j 1 "$tmp/kropki.txt" >"$tmp/o"
grep -Eq -- '-> r[1-9]c[1-9]<>[1-9] \(nonconsecutive and negative black dots\)' "$tmp/o"
verdict explain-rule-link-two-rules $?

# A step not found within --timeout: the steps before it are kept, with
# the position they reach.  MATHEMAGIC_KILLERS#0 (empty grid, cages of
# five) gives a naked single, then its third step takes minutes;
# --no-check leaves the uniqueness proof out of the second.
sed -n '/^# MATHEMAGIC_KILLERS#0 /{n;p;}' tests/variants/iss_examples.txt >"$tmp/mk0.txt"
"$T" explain -j 1 --no-check --timeout 1 "$tmp/mk0.txt" >"$tmp/o"
verdict explain-timeout-exit $(($? == 1 ? 0 : 1))
sed -n 1p "$tmp/o" | grep -qx '1. r5c5 = 5: naked single (rating 2.3)' &&
    grep -Eq '^timeout after [12] steps?: no next step found within 1 s; rating so far [0-9.]+/2.3/2.3$' "$tmp/o" &&
    [ "$(grep -c '^[1-9 ]* | [1-9 ]* | [1-9 ]*$' "$tmp/o")" = 9 ] &&
    grep -q '^12346789  12346789  12346789  | 12346789  5  ' "$tmp/o"
verdict explain-timeout-partial $?
"$T" explain --json -j 1 --no-check --timeout 1 "$tmp/mk0.txt" >"$tmp/mk0.json"
py explain-timeout-json "
r = recs[0]
assert r['status'] == 'timeout' and 'er' not in r, r
assert 1 <= len(r['steps']) <= 2 and r['steps'][0]['technique'] == 'naked-single', r['steps']
assert len(r['candidates']) == 81 and r['candidates'][40] == '5', r['candidates']
" "$tmp/mk0.json"

# Usage errors.
err <<'EOF'
sudokit: error: --max-rating wants a rating from 1.0 to 20.0 (such as 4.4), not 'hard'
Try 'sudokit rate --help'.
EOF
run rate-max-rating-word 2 rate --max-rating hard
err <<'EOF'
sudokit: error: --max-rating wants a rating from 1.0 to 20.0 (such as 4.4), not '0.5'
Try 'sudokit explain --help'.
EOF
run explain-max-rating-low 2 explain --max-rating 0.5
err <<'EOF'
sudokit: error: --max-rating wants a rating from 1.0 to 20.0 (such as 4.4), not '-3'
Try 'sudokit hint --help'.
EOF
run hint-max-rating-negative 2 hint --max-rating -3
err <<'EOF'
sudokit: error: unknown option '--first' for 'rate'
Try 'sudokit rate --help'.
EOF
run rate-unknown-option 2 rate --first
err <<'EOF'
sudokit: error: unknown option '--no-chek' for 'explain'; did you mean '--no-check'?
Try 'sudokit explain --help'.
EOF
run explain-option-typo 2 explain --no-chek

# ------------------------------------------------------------------ explain
# A few holes in the classic grid: full houses and one hidden single.
echo "....78912..2195348198342567859761423426853791713924856961537284287419635345286179" >"$tmp/holes.txt"
out <<'EOF'
1. r1c4 = 6: full house in box 2 (rating 1.0)
2. r1c3 = 4: full house in column 3 (rating 1.0)
3. r1c2 = 3: hidden single in box 1 (rating 1.2)
4. r2c2 = 7: full house in column 2 (rating 1.0)
5. r1c1 = 5: full house in row 1 (rating 1.0)
6. r2c1 = 6: full house in box 1 (rating 1.0)
rating 1.2/1.0/1.0, 6 steps, hardest: Hidden Single
EOF
run explain-holes 0 explain "$tmp/holes.txt"
"$T" explain --json "$tmp/holes.txt" | nrec >"$tmp/o"
echo '{"index":0,"status":"unique","er":1.2,"ep":1.0,"ed":1.0,"er_technique":"hidden-single","ep_technique":"full-house","ed_technique":"full-house","stuck":false,"steps":[{"technique":"full-house","name":"Full House","rating":1.0,"text":"r1c4 = 6: full house in box 2","cell":"r1c4","digit":"6","houses":["box 2"],"digits":["6"]},{"technique":"full-house","name":"Full House","rating":1.0,"text":"r1c3 = 4: full house in column 3","cell":"r1c3","digit":"4","houses":["column 3"],"digits":["4"]},{"technique":"hidden-single","name":"Hidden Single","rating":1.2,"text":"r1c2 = 3: hidden single in box 1","cell":"r1c2","digit":"3","houses":["box 1"],"digits":["3"]},{"technique":"full-house","name":"Full House","rating":1.0,"text":"r2c2 = 7: full house in column 2","cell":"r2c2","digit":"7","houses":["column 2"],"digits":["7"]},{"technique":"full-house","name":"Full House","rating":1.0,"text":"r1c1 = 5: full house in row 1","cell":"r1c1","digit":"5","houses":["row 1"],"digits":["5"]},{"technique":"full-house","name":"Full House","rating":1.0,"text":"r2c1 = 6: full house in box 1","cell":"r2c1","digit":"6","houses":["box 1"],"digits":["6"]}],"nodes":N,"guesses":N,"time_us":N}' | out
same explain-holes-json "$tmp/eout" "$tmp/o"
reset

# The shape of explain on the rated puzzles: numbered steps, each with its
# rating, then the figures of rate; the hardest step's rating is ER;
# puzzles separated by one blank line.
"$T" explain $D/rated.txt >"$tmp/explain.txt"
verdict explain-exit $?
awk -v se="$tmp/se.txt" '
    function fail(why) { print "line " NR ": " why ": " $0; bad = 1; exit 1 }
    BEGIN { k = 0; want = 1 }
    /^$/ { if (!summary) fail("blank line before the summary"); want = 1; summary = 0; next }
    /^[0-9]+\. / {
        if ($1 != want ".") fail("step " want " expected")
        if ($0 !~ / \(rating [0-9]+\.[0-9]\)$/) fail("no rating at the end")
        r = $NF; sub(/\)$/, "", r); if (r + 0 > max) max = r + 0
        want++; next
    }
    /^rating / {
        getline fig < se; k++
        split($2, f, ","); if (f[1] != fig) fail("figures " f[1] ", SE " fig)
        split(fig, e, "/"); if (max != e[1] + 0) fail("hardest step " max ", ER " e[1])
        if ($3 != want - 1) fail("steps counted " $3 ", shown " want - 1)
        if ($0 !~ /, hardest: [A-Z]/) fail("no hardest technique")
        summary = 1; max = 0; next
    }
    { fail("unexpected line") }
    END { if (!bad && (k != 5 || !summary)) { print "puzzles: " k; exit 1 } }' "$tmp/explain.txt"
verdict explain-shape $?
# a pointing step, as the README shows it
grep -q -x -F '33. pointing: 1 in box 6 is locked in column 7, removes 1 from r9c7 (rating 2.6)' "$tmp/explain.txt"
verdict explain-pointing $?
grep -q -x -F '7. r4c1 = 7: direct hidden pair: 2,3 in box 4 only fit in r5c1, r6c1, so 7 has one place left in box 4 (rating 2.0)' "$tmp/explain.txt"
verdict explain-direct-hidden-pair $?

# JSON: one record per puzzle, its steps agree with the text and with rate.
"$T" explain --json $D/rated.txt >"$tmp/explain.json"
verdict explain-json-exit $?
py explain-json "
import re
text = open('$tmp/explain.txt').read().split('\n\n')
rates = [json.loads(l) for l in open('$tmp/rate.json')]
assert len(recs) == 5
for k, (r, t, rr) in enumerate(zip(recs, text, rates)):
    assert r['index'] == k and r['status'] == 'unique'
    for f in ('er', 'ep', 'ed', 'er_technique', 'ep_technique', 'ed_technique', 'stuck'):
        assert r[f] == rr[f], (f, r[f], rr[f])
    steps = r['steps']
    assert len(steps) == rr['steps'], (len(steps), rr['steps'])
    assert max(s['rating'] for s in steps) == r['er']
    lines = t.strip().split('\n')[:-1]
    for s, line in zip(steps, lines):
        m = re.match(r'(\d+)\. (.*) \(rating (\d+\.\d)\)$', line)
        assert m and m.group(2) == s['text'] and float(m.group(3)) == s['rating'], (line, s)
        assert s['technique'] and s['name'] and isinstance(s['rating'], float)
        if 'cell' in s:
            assert s['text'].startswith(s['cell'] + ' = ' + s['digit'] + ': '), s
        else:
            assert 'eliminations' in s and s['eliminations'], s
            for e in s['eliminations']:
                assert re.match(r'r\dc\d$', e['cell']) and e['digit'] in '123456789', e
    kinds = set(s['technique'] for s in steps)
    assert rr['er_technique'] in kinds
" "$tmp/explain.json"

# Stuck below the XY-wing: the last line says so, the pencil marks follow.
"$T" explain --max-rating 4.1 "$tmp/xy.txt" >"$tmp/o"
verdict explain-stuck-exit $?
grep -E -q '^stuck after [0-9]+ steps: no technique up to 4\.1 applies; rating 20\.0/1\.2/1\.2$' "$tmp/o"
verdict explain-stuck-line $?
sed -n '/^stuck after/,$p' "$tmp/o" | tail -n +2 >"$tmp/grid"
awk 'END { exit NR != 11 } NR == 4 || NR == 8 { if ($0 !~ /^-+\+-+\+-+$/) exit 1; next }
    { if (NF != 11 || $4 != "|" || $8 != "|") exit 1 }' "$tmp/grid"
verdict explain-stuck-grid $? || cat "$tmp/grid"
"$T" explain --json --max-rating 4.1 "$tmp/xy.txt" >"$tmp/o"
py explain-stuck-json "
r = recs[0]
assert r['stuck'] is True and r['er'] == 20.0 and r['er_technique'] is None
assert len(r['candidates']) == 81 and all(c for c in r['candidates'])
assert all(s['rating'] <= 4.1 for s in r['steps'])
assert any(len(c) > 1 for c in r['candidates'])
" "$tmp/o"
# the pencil marks of the text are those of the JSON record
py explain-stuck-candidates "
rows = [l.replace('|', ' ').split() for l in open('$tmp/grid') if not l.startswith('-')]
assert [c for row in rows for c in row] == recs[0]['candidates']
" "$tmp/o"

# The empty grid with --no-check: stuck before the first step.
out <<'EOF'
stuck after 0 steps: no technique up to 9.0 applies; rating 20.0/0.0/0.0
123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789
EOF
"$T" explain --no-check --max-rating 9 "$tmp/empty.txt" | sed -n 1,2p >"$tmp/o"
same explain-empty "$tmp/eout" "$tmp/o"
reset

# A full grid: no step.
echo 'rating 0.0/0.0/0.0, 0 steps' | out
run explain-full-grid 0 explain "$tmp/full.txt"

# Chains, link by link (CELL=D true, CELL<>D false, " -> " between links,
# "; " between branches), where Sudoku Explainer takes them, and SE's
# figures: a forcing chain that places a digit (17clue.txt line 46005,
# SE's step 28 "Forcing Chain: r1c1.4 on") and region forcing chains of
# three branches (top1465.txt line 1311, SE's step 3 "Region Forcing
# Chains: 5 in column ==> r3c9.5 off").
echo "........1.....2.....3....45......2...1..5....6..7..8......13...7.......38.....6.." >"$tmp/chains.txt"
echo ".9...6...5....7..6..2...3....6..5..48.....79.7....2.......5..1....62...8.3...1.4." >>"$tmp/chains.txt"
"$T" explain "$tmp/chains.txt" >"$tmp/o"
verdict explain-chains-exit $?
grep -q -x -F '28. r1c1 = 4: forcing chain: r1c1<>4 -> r1c1=5 -> r2c1<>5 -> r2c4=5 -> r9c4<>5 -> r9c4=4 -> r9c9<>4 -> r7c9=4 -> r7c1<>4 -> r1c1=4 (rating 7.2)' "$tmp/o"
verdict explain-forcing-chain $?
grep -q -x -F '3. region forcing chains remove 5 from r3c9: r1c8=5 -> r3c9<>5; r3c8=5 -> r3c9<>5; r8c8=5 -> r8c7<>5 -> r8c7=9 -> r2c7<>9 -> r3c9=9 -> r3c9<>5 (rating 8.2)' "$tmp/o"
verdict explain-region-chains $?
sed -n 's/^\(rating [^,]*\),.*/\1/p' "$tmp/o" >"$tmp/o2"
printf 'rating 7.2/1.2/1.2\nrating 8.7/1.5/1.5\n' | out
same explain-chains-figures "$tmp/eout" "$tmp/o2"
reset
# JSON: each branch as its links, which the text joins
"$T" explain --json "$tmp/chains.txt" >"$tmp/o"
py explain-chains-json "
fc = recs[0]['steps'][27]
assert fc['technique'] == 'forcing-chain' and fc['cell'] == 'r1c1' and fc['digit'] == '4', fc
b = fc['branches']
assert len(b) == 1 and len(b[0]) == 10 and b[0][0] == 'r1c1<>4' and b[0][-1] == 'r1c1=4', b
rc = recs[1]['steps'][2]
assert rc['technique'] == 'region-forcing-chains' and rc['rating'] == 8.2, rc
b = rc['branches']
assert [x[0] for x in b] == ['r1c8=5', 'r3c8=5', 'r8c8=5'], b
assert all(x[-1] == 'r3c9<>5' for x in b), b
for s in (fc, rc):
    assert s['text'].endswith('; '.join(' -> '.join(x) for x in s['branches'])), s
" "$tmp/o"

# ------------------------------------------------------------------ hint
# The first step of each puzzle, as explain writes it.
sed -n 's/^1\. //p' "$tmp/explain.txt" >"$tmp/first.txt"
"$T" hint $D/rated.txt >"$tmp/o"
verdict hint-exit $?
same hint-is-first-step "$tmp/first.txt" "$tmp/o"
echo 'r1c9 = 2: hidden single in column 9 (rating 1.5)' | out
run hint-one 0 hint "$tmp/grid.txt"
# the position after that step: the next one
printf '%s\n' "........2........1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..." >"$tmp/next.txt"
echo 'r2c3 = 2: hidden single in column 3 (rating 1.5)' | out
run hint-next 0 hint "$tmp/next.txt"
echo 'solved: every cell is filled' | out
run hint-solved 0 hint "$tmp/full.txt"
echo 'stuck: no technique up to 9.0 applies' | out
run hint-stuck 0 hint --no-check --max-rating 9 "$tmp/empty.txt"
echo 'stuck: no technique up to 2.8 applies' | out
run hint-stuck-max 0 hint --no-check --max-rating 2.8 "$tmp/empty.txt"
"$T" hint --json "$tmp/grid.txt" "$tmp/full.txt" | nrec >"$tmp/o"
out <<'EOF'
{"index":0,"status":"unique","solved":false,"stuck":false,"step":{"technique":"hidden-single","name":"Hidden Single","rating":1.5,"text":"r1c9 = 2: hidden single in column 9","cell":"r1c9","digit":"2","houses":["column 9"],"digits":["2"]},"nodes":N,"guesses":N,"time_us":N}
{"index":1,"status":"unique","solved":true,"stuck":false,"nodes":N,"guesses":N,"time_us":N}
EOF
same hint-json "$tmp/eout" "$tmp/o"
reset
"$T" hint --json --no-check --max-rating 9 "$tmp/empty.txt" >"$tmp/o"
echo '{"index":0,"status":"unchecked","solved":false,"stuck":true}' | out
same hint-json-stuck "$tmp/eout" "$tmp/o"
reset
# --reveal: the technique alone, or where to look, never the answer
echo 'Hidden Single (rating 1.5)' | out
run hint-reveal-technique 0 hint --reveal technique "$tmp/grid.txt"
echo 'Hidden Single in column 9 (rating 1.5)' | out
run hint-reveal-where 0 hint --reveal where "$tmp/grid.txt"
echo 'r1c9 = 2: hidden single in column 9 (rating 1.5)' | out
run hint-reveal-all 0 hint --reveal all "$tmp/grid.txt"
"$T" hint --json --reveal where "$tmp/grid.txt" | nrec >"$tmp/o"
echo '{"index":0,"status":"unique","solved":false,"stuck":false,"step":{"technique":"hidden-single","name":"Hidden Single","rating":1.5,"houses":["column 9"]},"nodes":N,"guesses":N,"time_us":N}' | out
same hint-reveal-json "$tmp/eout" "$tmp/o"
reset
# A variant rule's step: its cells and digits are what it removes, so
# 'where' names the rule instead.
echo 'Variant Rule from killer cage 3 at r1c1 (rating 1.6)' | out
run hint-reveal-where-rule 0 hint --reveal where examples/puzzles/killer6.txt
"$T" hint --json --reveal where examples/puzzles/killer6.txt | nrec >"$tmp/o"
echo '{"index":0,"status":"unique","solved":false,"stuck":false,"step":{"technique":"variant-rule","name":"Variant Rule","rating":1.6,"rule":"killer cage 3 at r1c1"},"nodes":N,"guesses":N,"time_us":N}' | out
same hint-reveal-json-rule "$tmp/eout" "$tmp/o"
reset
# BUG type 1 removes all but one candidate of a cell: that digit is what
# it places, so 'where' leaves it out (from puzzle 38 of top1465).
printf '%s\n' '5 9 8 6 1 3 47 47 2' '1 2 6 45 47 57 9 8 3' '3 47 47 89 2 89 1 6 5' \
    '6 1 45 58 9 47 3 2 78' '8 45 2 3 47 1 57 9 6' '7 3 9 2 6 58 58 1 4' \
    '9 67 3 14 8 46 2 5 17' '4 8 1 7 5 2 6 3 9' '2 567 57 19 3 69 48 47 18' >"$tmp/bug1.txt"
echo 'BUG type 1 at r9c2 (rating 5.6)' | out
run hint-reveal-where-bug 0 hint --reveal where "$tmp/bug1.txt"
# Along a whole path with pointing, pairs, an XYZ-wing, a turbot fish...
# (a puzzle of the 17-clue collection), each position written as a grid
# of pencil marks (a filled cell as its digit, an open one with one
# candidate by place): hint there is explain's next step, and the vague
# step is the full one cut down, field for field.
echo '.................1..2..3.4.........5..3..4....1..6...7....7......4...23.6...1..8.' >"$tmp/walk.txt"
"$T" explain --json "$tmp/walk.txt" >"$tmp/walk.json"
py hint-reveal-along-a-path "import subprocess
r = recs[0]
givens = open('$tmp/walk.txt').read().strip()
filled = {i: int(ch) for i, ch in enumerate(givens) if ch != '.'}
def peers(i):
    return [j for j in range(81) if j != i and (j // 9 == i // 9 or j % 9 == i % 9 or
            (j // 27 == i // 27 and j % 9 // 3 == i % 9 // 3))]
cand = [[filled[i]] if i in filled else
        [d for d in range(1, 10) if all(filled.get(j) != d for j in peers(i))] for i in range(81)]
def rc(name):
    row, col = name[1:].split('c')
    return (int(row) - 1) * 9 + int(col) - 1
def field(i):
    if i in filled:
        return str(filled[i])
    if len(cand[i]) == 1:
        return ''.join(str(d) if d in cand[i] else '.' for d in range(1, 10))
    return ''.join(map(str, cand[i]))
def hint(*opts):
    grid = chr(10).join(' '.join(field(9 * row + col) for col in range(9)) for row in range(9))
    out = subprocess.run(['$T', 'hint', '--json', '--no-check'] + list(opts), input=grid + chr(10),
                         capture_output=True, text=True).stdout
    return json.loads(out)['step']
kinds = set()
for s in r['steps']:
    full, tech, where = hint(), hint('--reveal', 'technique'), hint('--reveal', 'where')
    assert full == s, (full, s)
    kinds.add(s['technique'])
    assert tech == {k: s[k] for k in ('technique', 'name', 'rating')}, tech
    # where: the step's own houses (else some of its cells) and digits ...
    assert set(where) <= {'technique', 'name', 'rating', 'houses', 'cells', 'digits'}, where
    assert {k: where[k] for k in tech} == tech, where
    assert where.get('houses', s.get('houses', [])[:8]) == s.get('houses', [])[:8], where
    assert set(where.get('cells', [])) <= set(s.get('cells', []) + [s.get('cell')]), where
    assert set(where.get('digits', [])) <= set(s.get('digits', [])), where
    # ... never the answer: not the digit placed, nor one that a named
    # cell is left alone with
    named = where.get('digits', [])
    assert s.get('digit') not in named, (where, s)
    for c in where.get('cells', []):
        left = set(cand[rc(c)]) - {int(e['digit']) for e in s.get('eliminations', [])
                                  if e['cell'] == c and not s.get('direct')}
        assert not (len(left) == 1 and str(left.pop()) in named), (where, s)
    if 'cell' in s:
        i, d = rc(s['cell']), int(s['digit'])
        filled[i], cand[i] = d, [d]
        for j in peers(i):
            if d in cand[j] and j not in filled:
                cand[j].remove(d)
    for e in [] if s.get('direct') else s.get('eliminations', []):  # (direct: they only
        cand[rc(e['cell'])].remove(int(e['digit']))                   # lead to the placement)
assert {'pointing', 'naked-pair', 'xyz-wing', 'naked-single', 'hidden-pair'} <= kinds, kinds" "$tmp/walk.json"
# hint's step is explain's first step, field for field
"$T" hint --json $D/rated.txt >"$tmp/hint.json"
py hint-json-is-first-step "
ex = [json.loads(l) for l in open('$tmp/explain.json')]
assert len(recs) == 5
for h, e in zip(recs, ex):
    assert h['step'] == e['steps'][0], (h['step'], e['steps'][0])
" "$tmp/hint.json"

# ------------------------------------------------------------------ 16x16
# A 16x16 puzzle in letters (janko.at's first easy 16x16, A-P for 1-16):
# digits are letters everywhere, cells run to r16c16.
L16=MIB.....P...DC..DLO.....IM.B.FNK.N.A....O.HKL..JPEF.....JCL....A.GPEJH....FA....B...L....KG.......JN.IFD..P......OI.E.G.D............BI....J.L..........FDEM.A......M....A.L.KGO.....N.LBP...HJIK..I.PEB.....NOF.BEF..O.....M.K.NAC.F.M........GJ...HKLC....IED.
echo $L16 >"$tmp/l16.txt"
echo '2.3/1.2/1.2 Naked Single' | out
run rate-16x16 0 rate "$tmp/l16.txt"
echo 'r1c6 = L: hidden single in box 2 (rating 1.2)' | out
run hint-16x16 0 hint "$tmp/l16.txt"
"$T" explain "$tmp/l16.txt" >"$tmp/o"
verdict explain-16x16-exit $?
tail -n 1 "$tmp/o" | grep -E -q '^rating 2\.3/1\.2/1\.2, [0-9]+ steps, hardest: Naked Single$'
verdict explain-16x16-summary $?
# every placement names a letter, every cell is inside the grid
awk '/^[0-9]+\. / && / = / { if ($0 !~ /^[0-9]+\. r([1-9]|1[0-6])c([1-9]|1[0-6]) = [A-P]: /) { print; exit 1 } }
    /r(1[7-9]|[2-9][0-9])c|c(1[7-9]|[2-9][0-9])[^0-9]/ { print; exit 1 }' "$tmp/o"
verdict explain-16x16-letters $?
grep -q -x -F '12. r7c2 = K: direct pointing: K in box 1 is locked in column 4; without it in r8c4, r9c4, r10c4, r12c4, box 5 has one place left for K (rating 1.7)' "$tmp/o"
verdict explain-16x16-direct-pointing $?
"$T" explain --json "$tmp/l16.txt" >"$tmp/o"
py explain-16x16-json "
r = recs[0]
for s in r['steps']:
    assert 'digit' not in s or s['digit'] in 'ABCDEFGHIJKLMNOP', s
    for e in s.get('eliminations', []):
        assert e['digit'] in 'ABCDEFGHIJKLMNOP', e
" "$tmp/o"

# A 16x16 puzzle that needs chains (the fourth of tarek's tough 16x16s in
# 16x16_tarek20.txt, enjoysudoku forum): the chain searches of larger
# grids, from the first potential (one without links) on; the sanitizer
# build runs it too.
echo '..B..56.......7.4.C.A..8G.....B9.28........7..1.....7...316D5.....3..9.4...A1.57F..95....4.B6..86.........8...2A...5...7E..1....3..4..1...9..B8.....8..37.C4..9.81..27.6..5.3.........A5...3..42..6BD.52.........8.7....9.A...6.....6.3..2.8A..4..5....1..4.....' >"$tmp/c16.txt"
echo '8.9/1.2/1.2 Dynamic Region Forcing Chains' | out
run rate-16x16-chains 0 rate "$tmp/c16.txt"

# ------------------------------------------------------------------ threads
# A batch of every kind above, good and bad: -j 2 and -j 3 print what -j 1
# prints, byte for byte (timings left out of the JSON).
cat "$tmp/rated.txt" $D/batch.txt "$tmp/refused.txt" "$tmp/l16.txt" "$tmp/holes.txt" >"$tmp/batch1.txt"
i=0
while [ $i -lt 6 ]; do cat "$tmp/batch1.txt"; i=$((i + 1)); done >"$tmp/batch.txt"
for cmd in rate explain hint; do
    "$T" $cmd -q -j 1 "$tmp/batch.txt" >"$tmp/j1" 2>"$tmp/j1.err"
    rc1=$?
    for j in 2 3; do
        "$T" $cmd -q -j $j "$tmp/batch.txt" >"$tmp/jn" 2>"$tmp/jn.err"
        rcn=$?
        cmp -s "$tmp/j1" "$tmp/jn" && cmp -s "$tmp/j1.err" "$tmp/jn.err" && [ $rc1 = $rcn ] && [ $rc1 = 3 ]
        verdict "$cmd-threads-$j" $?
        "$T" $cmd -q --json -j $j "$tmp/batch.txt" | nrec >"$tmp/jn"
        "$T" $cmd -q --json -j 1 "$tmp/batch.txt" | nrec >"$tmp/j1j"
        same "$cmd-threads-$j-json" "$tmp/j1j" "$tmp/jn"
    done
done
# one record per puzzle, in input order
"$T" rate -q --json -j 2 "$tmp/batch.txt" >"$tmp/o"
py rate-threads-order "
assert [r['index'] for r in recs] == list(range(len(recs)))
assert len(recs) == 6 * 17, len(recs)
" "$tmp/o"

# Standard input, and a file that cannot be opened.
echo '4.2/1.2/1.2 XY-Wing' | out
input=$tmp/xy.txt
run rate-stdin 0 rate
echo '4.2/1.2/1.2 XY-Wing' | out
echo "sudokit: $tmp/missing.txt: No such file or directory" | err
input=$tmp/xy.txt
run rate-missing-file 3 rate "$tmp/missing.txt" -

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/sh
# tests/cli/variants.sh - command-line tests of variant puzzles: f-puzzles
# input (JSON, lz-string, links), the text form of rules, `convert`,
# `candidates`, `check` on broken rules, JSON records, engine refusals and
# mixed batches.
#
#   sh tests/cli/variants.sh build/sudokit      (run from the repository root)
#
# Same helpers and output as tests/cli/run.sh: "ok NAME" or "FAIL NAME" with
# a diff per case, then "N passed, N failed"; exits non-zero on a failure.
#
# Expected answers come from outside the tool wherever possible: the
# "solution" fields of tests/variants/iss_examples.txt, solutions worked out
# by hand (in the comments), and `enumerate` for candidates and counts.
# Data: tests/cli/data/fp6.json is "6x6: Between Odd and Even" from the ISS
# examples; fp6.lz is that JSON compressed with lz-string compressToBase64 by
# an implementation written apart from the tool's (the tool only reads it).

T=${1:?usage: tests/cli/variants.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
D=tests/cli/data
ISS=tests/variants/iss_examples.txt
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-var.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/cli/lib.sh

# iss K: puzzle K (from 0, comments left out) of the ISS examples, one
# JSON line, in $tmp/issK.json; prints that name.
iss() {
    grep -v '^#' $ISS | sed -n "$(($1 + 1))p" >"$tmp/iss$1.json"
    echo "$tmp/iss$1.json"
}
# solfield FILE: the "solution" array of an f-puzzles JSON line as one
# string of digits (N <= 9), empty when there is none.
solfield() {
    sed -n 's/.*"solution":\[\([0-9,]*\)\].*/\1/p' "$1" | tr -d ',\n'
}
# link NAME: the f-puzzles link given in the comment of ISS puzzle NAME.
link() {
    grep "^# $1 |" $ISS | grep -o 'https://www.f-puzzles.com/?load=[^ ]*'
}
# nrec: JSON records with the run-dependent numbers replaced by N.
nrec() { sed -E 's/"(nodes|guesses|time_us|searches)":[0-9]+/"\1":N/g'; }

# The solution of fp6.json, from its own "solution" field (the collection's
# answer), not from the tool.
FP6=$(solfield $D/fp6.json)
[ ${#FP6} = 36 ]
verdict fp6-has-solution-field $?

# ------------------------------------------------------------------ f-puzzles input
echo "$FP6" | out
run fp-json 0 solve $D/fp6.json
echo "$FP6" | out
run fp-json-forced-format 0 solve --format fpuzzles $D/fp6.json
echo "$FP6" | out
run fp-lz-string 0 solve $D/fp6.lz
echo "https://www.f-puzzles.com/?load=$(cat $D/fp6.lz)" >"$tmp/link.txt"
echo "$FP6" | out
run fp-link 0 solve "$tmp/link.txt"
echo "https://sudokupad.app/fpuzzles$(cat $D/fp6.lz)" >"$tmp/pad.txt"
echo "$FP6" | out
run fp-sudokupad-link 0 solve "$tmp/pad.txt"
# the three forms in one stream (stdin): three identical answers
cat $D/fp6.json $D/fp6.lz "$tmp/link.txt" >"$tmp/three.txt"
printf '%s\n%s\n%s\n' "$FP6" "$FP6" "$FP6" | out
input=$tmp/three.txt
run fp-three-forms-stdin 0 solve -
# every form converts to the same text
"$T" convert $D/fp6.json >"$tmp/c1" 2>&1
"$T" convert $D/fp6.lz >"$tmp/c2" 2>&1
"$T" convert "$tmp/link.txt" >"$tmp/c3" 2>&1
same fp-convert-json-equals-lz "$tmp/c1" "$tmp/c2"
same fp-convert-json-equals-link "$tmp/c1" "$tmp/c3"

# Links made by f-puzzles itself (in the comments of the ISS file) and the
# JSON that ISS made of the same puzzles: the same rules, maybe in another
# order (these puzzles are slow to solve, so only their rules are compared).
for name in 'Sandwich snipe 18' 'I want to break free' 'A kind of magic' 'Bicycle race'; do
    tag=$(echo "$name" | tr ' ' '-')
    link "$name" >"$tmp/l.txt"
    grep -A1 "^# $name |" $ISS | tail -n 1 >"$tmp/j.json"
    "$T" convert "$tmp/l.txt" 2>&1 | sort >"$tmp/cl"
    "$T" convert "$tmp/j.json" 2>&1 | sort >"$tmp/cj"
    [ -s "$tmp/l.txt" ] && [ "$(wc -l <"$tmp/cj")" -gt 2 ]
    verdict "fp-real-link-found-$tag" $? && same "fp-real-link-rules-$tag" "$tmp/cj" "$tmp/cl"
done

# Elements that are not rules are reported once per puzzle, and -q hides it.
sed 's/}$/,"line":[{"lines":[["R1C1","R1C2"]]}],"circle":[{"cells":["R1C1"]},{"cells":["R2C2"]}],"text":[{"cells":["R2C2"],"value":"hi"}]}/' \
    $D/fp6.json >"$tmp/deco.json"
echo "$FP6" | out
err <<EOF
sudokit: $tmp/deco.json:1: warning: left out what is not a rule: line, circle, text
EOF
run fp-ignored-elements-warning 0 solve "$tmp/deco.json"
cat "$tmp/deco.json" "$tmp/deco.json" >"$tmp/deco2.json"
printf '%s\n%s\n' "$FP6" "$FP6" | out
err <<EOF
sudokit: $tmp/deco2.json:1: warning: left out what is not a rule: line, circle, text
sudokit: $tmp/deco2.json:2: warning: left out what is not a rule: line, circle, text
EOF
run fp-ignored-elements-once-per-puzzle 0 solve "$tmp/deco2.json"
echo "$FP6" | out
run fp-ignored-elements-quiet 0 solve -q "$tmp/deco.json"

# ------------------------------------------------------------------ text form of rules
# rules4.txt, by hand: the cage gives r1c1+r2c1 = 3+4, so r2c1 = 4,
# r1c2 = 2, r1c4 = 4, r2c2 = 1; column 2 leaves 3 and 4 for r3c2 < r3c3,
# so r3c2 = 3, r4c2 = 4, r3c3 = 4; r4c4 = 2 and the white dot make r4c3 = 3,
# and the rest follows.
out <<'EOF'
3214
4123
2341
1432
EOF
run rules-grid-form 0 solve $D/rules4.txt
# the same puzzle in line form, rules after the line
{ echo '3.1............2'; sed -n '6,$p' $D/rules4.txt; } >"$tmp/r4l.txt"
echo 3214412323411432 | out
run rules-line-form 0 solve "$tmp/r4l.txt"
# the givens alone have several solutions: the rules are what makes it unique
echo '3.1............2' >"$tmp/r4bare.txt"
echo multiple | out
run rules-needed 1 solve -q "$tmp/r4bare.txt"
# keywords in other spellings (aliases, upper case cells, commas)
{ echo '3.1............2'; echo 'killer-cage 7: r1c1,R2C1'; echo 'thermometer: r3c2 r3c3'
  echo 'white-dot: r4c3 r4c4'; } >"$tmp/r4a.txt"
echo 3214412323411432 | out
run rules-aliases 0 solve "$tmp/r4a.txt"

# ------------------------------------------------------------------ convert round trips
# ISS puzzles that solve at once and carry their solution: f-puzzles ->
# text -> solve gives the collection's solution, and text -> convert -> text
# is identical.  Together they hold every rule kind but a few (see
# sat_crosscheck.sh for those).
for k in 5 6 8 12 13 15 16 17 20 21 22 24 26 27 55; do
    f=$(iss $k)
    sol=$(solfield "$f")
    "$T" solve "$f" >"$tmp/s1" 2>&1
    "$T" convert "$f" >"$tmp/t1.txt" 2>"$tmp/t1.err"
    "$T" solve "$tmp/t1.txt" >"$tmp/s2" 2>&1
    "$T" convert "$tmp/t1.txt" >"$tmp/t2.txt" 2>&1
    [ -n "$sol" ] && [ "$(cat "$tmp/s1")" = "$sol" ]
    verdict "convert-iss$k-json-solution" $?
    [ "$(cat "$tmp/s2")" = "$sol" ] && [ ! -s "$tmp/t1.err" ]
    verdict "convert-iss$k-text-solution" $?
    same "convert-iss$k-text-roundtrip" "$tmp/t1.txt" "$tmp/t2.txt"
done
# every keyword of the text form reads back and writes out the same
grep -v '^#' $D/rules_all.txt >"$tmp/all.txt"
"$T" convert $D/rules_all.txt >"$tmp/all2.txt" 2>&1
same convert-every-keyword "$tmp/all.txt" "$tmp/all2.txt"
# a sandwich given by its cells is written as its row or column
printf '%081d\nsandwich 7: r4c1 r4c2 r4c3 r4c4 r4c5 r4c6 r4c7 r4c8 r4c9\nsandwich 0: r1c2 r2c2 r3c2 r4c2 r5c2 r6c2 r7c2 r8c2 r9c2\n' 0 >"$tmp/sw.txt"
printf '%081d\nsandwich 7: row 4\nsandwich 0: column 2\n' 0 | tr 0 . | sed 's/sandwich \./sandwich 0/' | out
run convert-sandwich-cells 0 convert "$tmp/sw.txt"
# grid output form reads back as the same puzzle
"$T" convert --output grid $D/fp6.json >"$tmp/g.txt" 2>&1
"$T" solve --output line "$tmp/g.txt" >"$tmp/s" 2>&1
[ "$(cat "$tmp/s")" = "$FP6" ] && [ "$(sed -n 7p "$tmp/g.txt")" = "box 2x3" ]
verdict convert-grid-output-solves $?
# the text of fp6, checked by reading the JSON (between lines, odd/even)
out <<'EOF'
....................................
box 2x3
between: r6c3 r5c2 r4c2
between: r3c1 r2c2 r3c3 r3c4
between: r1c3 r2c4 r3c3 r4c3
between: r4c6 r4c5 r5c4 r5c3 r6c4
even: r4c3 r1c3 r6c4 r4c6 r2c2 r2c3
odd: r3c1 r3c4 r2c4 r2c5 r4c2 r6c3
EOF
run convert-fp6-text 0 convert $D/fp6.json

# ------------------------------------------------------------------ candidates
# rules4m.txt has several solutions; its candidates must be the union of
# the solutions `enumerate` lists, and its --limit counts their counts.
"$T" enumerate $D/rules4m.txt >"$tmp/en" 2>&1
grep -v '^#' "$tmp/en" >"$tmp/sols"
[ "$(tail -n 1 "$tmp/en")" = "# multiple: 6 solutions" ] && [ "$(wc -l <"$tmp/sols")" = 6 ]
verdict cand-enumerate-6 $?
# expected JSON fields from the solutions: candidates, and counts capped at L
expect_cand() {
    awk -v cap="$1" '{ for (i = 1; i <= length($0); i++) k[i, substr($0, i, 1)]++; n = length($0) }
        END { c = ""; s = ""
              for (i = 1; i <= n; i++) {
                  d = ""; o = ""
                  for (v = 1; v <= 9; v++) if ((i, v) in k) {
                      d = d v; x = k[i, v] > cap ? cap : k[i, v]
                      o = o (o == "" ? "" : ",") "\"" v "\":" x }
                  c = c (i > 1 ? "," : "") "\"" d "\""; s = s (i > 1 ? "," : "") "{" o "}" }
              printf "\"candidates\":[%s]", c
              if (cap > 1) printf ",\"counts\":[%s],\"cap\":%d", s, cap
              print "" }' "$tmp/sols"
}
# expected text lines with --limit L: "rRcC: d (k), ..." for cells with several
expect_lines() {
    awk -v cap="$1" '{ for (i = 1; i <= length($0); i++) k[i, substr($0, i, 1)]++; n = length($0) }
        END { w = int(sqrt(n) + 0.5)
              for (i = 1; i <= n; i++) {
                  o = ""; m = 0
                  for (v = 1; v <= 9; v++) if ((i, v) in k) {
                      m++; x = k[i, v] >= cap ? cap "+" : k[i, v]
                      o = o (o == "" ? "" : ", ") v " (" x ")" }
                  if (m > 1) printf "r%dc%d: %s\n", int((i - 1) / w) + 1, (i - 1) % w + 1, o } }' "$tmp/sols"
}
for cap in 1 2 3 6 100; do
    opt=
    [ $cap -gt 1 ] && opt="--limit $cap"
    "$T" candidates --json $opt $D/rules4m.txt >"$tmp/cj" 2>&1
    echo "{\"index\":0,\"status\":\"multiple\",\"complete\":true,$(expect_cand $cap)" >"$tmp/ce"
    sed 's/,"searches".*//' "$tmp/cj" >"$tmp/cg"
    same "cand-json-limit$cap-from-enumerate" "$tmp/ce" "$tmp/cg"
done
for cap in 2 3 4; do
    "$T" candidates --limit $cap $D/rules4m.txt >"$tmp/ct" 2>&1
    expect_lines $cap >"$tmp/ce"
    sed -n '6,$p' "$tmp/ct" >"$tmp/cg" # (right after the grid: no rule lines with counts)
    same "cand-text-limit$cap-from-enumerate" "$tmp/ce" "$tmp/cg"
done
# the text grid, read against the six solutions, and the rules after it
out <<'EOF'
34  12  | 123 234
34  12  | 123 234
--------+--------
2   3   | 4   1
1   4   | 23  23
cage 7: r1c1 r2c1
thermo: r3c2 r3c3
white: r4c3 r4c4
EOF
run cand-text 0 candidates $D/rules4m.txt
# a unique variant puzzle: one candidate per cell, its solution
echo "$FP6" | sed 's/./"&",/g; s/,$//; s/^/{"index":0,"status":"unique","complete":true,"candidates":[/; s/$/]/' >"$tmp/ce"
"$T" candidates --json $D/fp6.json | sed 's/,"searches".*//' >"$tmp/cg"
same cand-json-unique "$tmp/ce" "$tmp/cg"
# no solution: the rules contradict (r1c1, r1c2 = 1, 2 leave 3, 4 for
# r2c1 < r2c2 < r2c3 in the same box)
printf '................\ncage 3: r1c1 r1c2\nthermo: r2c1 r2c2 r2c3\n' >"$tmp/none4.txt"
echo none | out
run cand-none 0 candidates "$tmp/none4.txt"
"$T" count "$tmp/none4.txt" >"$tmp/n" 2>&1
[ "$(cat "$tmp/n")" = 0 ]
verdict cand-none-count-agrees $?

# ------------------------------------------------------------------ check: broken rules
# G4 is the solution of rules4.txt; each case adds one rule it breaks.
G4='3214\n4123\n2341\n1432\n'
chk() { printf "$G4$1\n" >"$tmp/c.txt"; }
chk 'cage 6: r1c1 r1c2'
echo "$tmp/c.txt:1:1: killer cage 6 at r1c1 sums to 5, expected 6" | out
run check-cage-sum 1 check "$tmp/c.txt"
printf '3.14\n4123\n2341\n1432\ncage 3: r1c1 r1c2\n' >"$tmp/c.txt"
echo "$tmp/c.txt:1:1: killer cage 3 at r1c1: its filled cells sum to 3 and the empty cell adds at least 1" | out
run check-cage-partial 1 check "$tmp/c.txt"
chk 'cage: r1c1 r2c2 r3c2'
echo "$tmp/c.txt:3:2: killer cage at r1c1 has 3 twice (r1c1 and r3c2)" | out
run check-cage-repeat 1 check "$tmp/c.txt"
chk 'thermo: r3c3 r3c2'
echo "$tmp/c.txt:3:3: thermometer from r3c3: r3c3 = 4 leaves no room for the cells after it" | out
run check-thermo 1 check "$tmp/c.txt"
chk 'arrow: r1c1 > r1c2'
echo "$tmp/c.txt:1:1: arrow from r1c1: the shaft sums to 2, the circle holds 3" | out
run check-arrow 1 check "$tmp/c.txt"
chk 'white: r2c1 r2c2'
echo "$tmp/c.txt:2:1: white dot r2c1-r2c2: 4 and 1" | out
run check-white-dot 1 check "$tmp/c.txt"
chk 'black: r1c4 r2c4'
echo "$tmp/c.txt:1:4: black dot r1c4-r2c4: 4 and 3" | out
run check-black-dot 1 check "$tmp/c.txt"
chk 'anti-king'
out <<EOF
$tmp/c.txt:2:3: anti-king pair r1c2-r2c3 has 2 twice (r1c2 and r2c3)
$tmp/c.txt:2:2: anti-king pair r1c3-r2c2 has 1 twice (r1c3 and r2c2)
$tmp/c.txt:4:3: anti-king pair r3c2-r4c3 has 3 twice (r3c2 and r4c3)
$tmp/c.txt:4:2: anti-king pair r3c3-r4c2 has 4 twice (r3c3 and r4c2)
EOF
run check-anti-king 1 check "$tmp/c.txt"
chk 'even: r1c3'
echo "$tmp/c.txt:1:3: even cell at r1c3: r1c3 holds 1" | out
run check-even 1 check "$tmp/c.txt"
chk 'little-killer 5: r1c1 r2c2'
echo "$tmp/c.txt:1:1: little killer 5 from r1c1 sums to 4, expected 5" | out
run check-little-killer 1 check "$tmp/c.txt"
chk 'whisper: r1c1 r1c2'
echo "$tmp/c.txt:1:1: whisper line from r1c1: r1c1 = 3 and r1c2 = 2 differ by less than 2" | out
run check-whisper 1 check "$tmp/c.txt"
chk 'between: r1c2 r1c1 r1c3'
echo "$tmp/c.txt:1:2: between line r1c2-r1c3: its ends 2 and 1 leave no digit between them" | out
run check-between 1 check "$tmp/c.txt"
chk 'region-sum: r1c2 r2c2 r2c3'
echo "$tmp/c.txt:2:3: region-sum line from r1c2: the run at r1c2 sums to 3, the run at r2c3 to 2" | out
run check-region-sum 1 check "$tmp/c.txt"
chk 'minimum: r1c1'
echo "$tmp/c.txt:1:1: minimum cell at r1c1: r1c1 = 3 is not smaller than r1c2 = 2" | out
run check-minimum 1 check "$tmp/c.txt"
chk 'maximum: r1c1'
echo "$tmp/c.txt:1:1: maximum cell at r1c1: r1c1 = 3 is not larger than r2c1 = 4" | out
run check-maximum 1 check "$tmp/c.txt"
chk 'sandwich 5: row 1'
echo "$tmp/c.txt:1:3: sandwich 5 in row 1: the digits between 1 and 4 sum to 0" | out
run check-sandwich 1 check "$tmp/c.txt"
chk 'region: r1c1 r1c2 r3c1 r3c3'
echo "$tmp/c.txt:3:1: extra region at r1c1 has 2 twice (r1c2 and r3c1)" | out
run check-extra-region 1 check "$tmp/c.txt"
chk 'quadruple 1 1: r3c3 r3c4 r4c3 r4c4'
echo "$tmp/c.txt:3:3: quadruple 1 1 at r3c3: 1 required digit missing and 0 empty cells" | out
run check-quadruple 1 check "$tmp/c.txt"
chk 'nonconsecutive\nwhite: r1c1 r1c2\nwhite: r1c1 r2c1\nwhite: r1c2 r1c3\nwhite: r1c2 r2c2\nwhite: r1c3 r2c3\nwhite: r1c4 r2c4\nwhite: r2c2 r2c3\nwhite: r2c3 r2c4\nwhite: r3c1 r3c2\nwhite: r3c1 r4c1\nwhite: r3c2 r3c3\nwhite: r3c2 r4c2\nwhite: r3c3 r4c3\nwhite: r3c4 r4c4\nwhite: r4c2 r4c3'
echo "$tmp/c.txt:4:3: nonconsecutive: r4c3 = 3 and r4c4 = 2 with no mark between them" | out
run check-nonconsecutive 1 check "$tmp/c.txt"
# 9x9: the classic solution against X/V marks and disjoint groups
C9=534678912672195348198342567859761423426853791713924856961537284287419635345286179
printf '%s\nx: r1c1 r1c2\nv: r1c3 r1c4\nx: r1c7 r1c8\n' $C9 >"$tmp/c.txt"
out <<EOF
$tmp/c.txt:1:1: X r1c1-r1c2: 5 and 3
$tmp/c.txt:1:3: V r1c3-r1c4: 4 and 6
EOF
run check-xv 1 check "$tmp/c.txt"
# column 1 is 5 6 1 8 4 7 9 2 3: between the 1 and the 9, 8 + 4 + 7 = 19
printf '%s\nsandwich 19: column 1\nsandwich 18: column 1\n' $C9 >"$tmp/c.txt"
echo "$tmp/c.txt:1:19: sandwich 18 in column 1: the digits between 1 and 9 sum to 19" | out
run check-sandwich-9x9 1 check "$tmp/c.txt"
printf '%s\ndiagonal-down\n' $C9 >"$tmp/c.txt"
"$T" check "$tmp/c.txt" >"$tmp/o" 2>&1
# the main diagonal of the classic solution: 5 7 8 7 5 4 2 3 9
[ $? = 1 ] && grep -q 'has 7 twice' "$tmp/o" && grep -q 'has 5 twice' "$tmp/o"
verdict check-diagonal $?
# a grid that keeps every rule
printf '%s\n' '3214' '4132' '2341' '1423' 'cage 7: r1c1 r2c1' 'thermo: r3c2 r3c3' 'white: r4c3 r4c4' >"$tmp/c.txt"
echo 'ok (complete)' | out
run check-ok-with-rules 0 check "$tmp/c.txt"
# JSON: the conflicts and the violations of one grid
printf '3214\n4123\n2341\n1431\ncage 6: r1c1 r1c2\nthermo: r3c3 r3c2\n' >"$tmp/c.txt"
out <<EOF
{"index":0,"status":"conflict","complete":true,"empty":0,"conflicts":[{"house":"row 4","digit":"1","cells":[[4,1],[4,4]],"line":4,"column":4,"message":"row 4 has 1 twice (columns 1 and 4)"},{"house":"column 4","digit":"1","cells":[[3,4],[4,4]],"line":4,"column":4,"message":"column 4 has 1 twice (rows 3 and 4)"},{"house":"box 4","digit":"1","cells":[[3,4],[4,4]],"line":4,"column":4,"message":"box 4 has 1 twice (r3c4 and r4c4)"}],"violations":[{"rule":"killer cage 6 at r1c1","cell":[1,1],"line":1,"column":1,"message":"killer cage 6 at r1c1 sums to 5, expected 6"},{"rule":"thermometer from r3c3","cell":[3,3],"line":3,"column":3,"message":"thermometer from r3c3: r3c3 = 4 leaves no room for the cells after it"}]}
EOF
run check-json-violations 1 check --json "$tmp/c.txt"

# ------------------------------------------------------------------ JSON records
echo "{\"index\":0,\"status\":\"unique\",\"solution\":\"$FP6\",\"nodes\":N,\"guesses\":N,\"time_us\":N}" >"$tmp/e"
"$T" solve --json $D/fp6.lz | nrec >"$tmp/g"
same json-solve-fp-lz "$tmp/e" "$tmp/g"
# enumerate --json lists the same solutions as the text form
sols=$(sed 's/.*/"&"/' "$tmp/sols" | paste -sd, -)
echo "{\"index\":0,\"solutions\":[$sols],\"status\":\"multiple\",\"count\":6,\"complete\":true,\"nodes\":N,\"guesses\":N,\"time_us\":N}" >"$tmp/e"
"$T" enumerate --json $D/rules4m.txt | nrec >"$tmp/g"
same json-enumerate-rules "$tmp/e" "$tmp/g"
echo '{"index":0,"status":"multiple","count":6,"complete":true,"nodes":N,"guesses":N,"time_us":N}' >"$tmp/e"
"$T" count --json $D/rules4m.txt | nrec >"$tmp/g"
same json-count-rules "$tmp/e" "$tmp/g"
# an invalid f-puzzles record names the file and the place
echo '{"size":6,"grid":[[{}]]}' >"$tmp/bad.json"
out <<EOF
{"index":0,"status":"invalid","error":{"file":"$tmp/bad.json","line":1,"column":18,"message":"\"grid\" must hold 6 rows"}}
EOF
run json-invalid-fpuzzles 3 solve --json -q "$tmp/bad.json"

# ------------------------------------------------------------------ engines
err <<EOF
sudokit: $D/fp6.json:1: engine 9x9 does not support this puzzle (6x6, boxes 2x3, 6 rules)
EOF
echo invalid | out
run engine-9x9-refuses-rules 3 solve --engine 9x9 $D/fp6.json
f5=$(iss 5)
err <<EOF
sudokit: $f5:1: engine 9x9 does not support this puzzle (9x9, boxes 3x3, 1 rule)
EOF
echo invalid | out
run engine-9x9-refuses-anti-knight 3 solve --engine 9x9 "$f5"
err <<EOF
sudokit: $D/rules4.txt:2: engine dlx does not support this puzzle (4x4, boxes 2x2, 3 rules)
EOF
out <<'EOF'
invalid
EOF
run engine-dlx-refuses-sums 3 solve --engine dlx $D/rules4.txt
# dlx takes rules that are houses: the anti-knight puzzle, same answer
echo "$(solfield "$f5")" | out
run engine-dlx-anti-knight 0 solve --engine dlx "$f5"
for e in general cdcl; do
    echo "$FP6" | out
    run "engine-$e-rules" 0 solve --engine $e $D/fp6.json
done
# givens that break a rule: the same record with every engine, also one
# that refuses rules (solve looks at the givens after a search that finds
# nothing, or that cannot run)
printf '3.1.\n4...\n....\n...2\ncage 6: R1C1, r2c1\n' >"$tmp/cage_broken.txt"
for e in default general cdcl dlx; do
    err <<EOF
sudokit: $tmp/cage_broken.txt:1:1: killer cage 6 at r1c1 sums to 7, expected 6
EOF
    echo invalid | out
    if [ $e = default ]; then
        run "givens-break-rule-$e" 3 solve "$tmp/cage_broken.txt"
    else
        run "givens-break-rule-$e" 3 solve --engine $e "$tmp/cage_broken.txt"
    fi
done
"$T" engines >"$tmp/en" 2>&1
grep -A1 '^9x9 ' "$tmp/en" | grep -q 'no .*variant rules' &&
    grep -A1 '^dlx ' "$tmp/en" | grep -q 'anti-knight'
verdict engines-name-rule-support $?

# ------------------------------------------------------------------ batches
# valid variant puzzles around a bad one: the rest are still answered, and
# -j 2 gives what -j 1 gives
{
    cat $D/fp6.json
    echo '{"size":6,"grid":[[{}]]}'
    cat "$tmp/r4l.txt"
    echo
    cat "$tmp/link.txt"
    sed 's/^{/{"frobnicate":[],/' $D/fp6.json
    cat $D/rules4.txt
    echo
    cat "$f5"
} >"$tmp/batch.txt"
out <<EOF
$FP6
invalid
3214412323411432
$FP6
invalid

3214
4123
2341
1432

$(solfield "$f5")
EOF
err <<EOF
sudokit: $tmp/batch.txt:2:18: "grid" must hold 6 rows
sudokit: $tmp/batch.txt:9:15: f-puzzles rule "frobnicate" is not supported
EOF
run batch-mixed-j1 3 solve -j 1 "$tmp/batch.txt"
"$T" solve -j 1 "$tmp/batch.txt" >"$tmp/b1" 2>"$tmp/b1e"
"$T" solve -j 2 "$tmp/batch.txt" >"$tmp/b2" 2>"$tmp/b2e"
same batch-mixed-j2-stdout "$tmp/b1" "$tmp/b2"
same batch-mixed-j2-stderr "$tmp/b1e" "$tmp/b2e"
"$T" solve --json -j 1 "$tmp/batch.txt" 2>/dev/null | nrec >"$tmp/b1"
"$T" solve --json -j 2 "$tmp/batch.txt" 2>/dev/null | nrec >"$tmp/b2"
same batch-mixed-json-j2 "$tmp/b1" "$tmp/b2"
[ "$(grep -c '"status":"unique"' "$tmp/b1")" = 5 ] && [ "$(grep -c '"status":"invalid"' "$tmp/b1")" = 2 ]
verdict batch-mixed-json-statuses $?
"$T" candidates -j 2 "$tmp/batch.txt" >"$tmp/b2" 2>&1
"$T" candidates -j 1 "$tmp/batch.txt" >"$tmp/b1" 2>&1
same batch-candidates-j2 "$tmp/b1" "$tmp/b2"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

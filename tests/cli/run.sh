#!/bin/sh
# tests/cli/run.sh - command-line tests of the sudokit tool.
#
#   sh tests/cli/run.sh build/sudokit        (run from the repository root)
#
# Each case runs the tool once and compares its exact stdout, stderr and
# exit status with the expected ones.  Prints "ok NAME" or "FAIL NAME" with
# a diff per case and ends with "N passed, N failed"; exits non-zero when
# a case failed.

T=${1:?usage: tests/cli/run.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
D=tests/cli/data
P=../shared/problems
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/cli/lib.sh

CLASSIC=534678912672195348198342567859761423426853791713924856961537284287419635345286179

# ------------------------------------------------------------------ version, help
echo "sudokit $(sed -n 's/^#define SK_VERSION "\(.*\)"/\1/p' include/sudokit.h)" | out
run version 0 --version

"$T" --help >"$tmp/help" 2>"$tmp/help.err"
[ $? = 0 ] && [ ! -s "$tmp/help.err" ] && grep -q '^usage: sudokit COMMAND' "$tmp/help" &&
    grep -q '^  judge ' "$tmp/help" && grep -q '^  enumerate ' "$tmp/help" &&
    grep -q '^    3  some input was invalid' "$tmp/help"
verdict help-main $?
"$T" help >"$tmp/help2"
verdict help-command-equals-option $? && same help-command-text "$tmp/help" "$tmp/help2"

# Every command of the table (help --list), each help the same both ways.
for c in $("$T" help --list | sed -n 's/^command //p'); do
    "$T" $c --help >"$tmp/h1" 2>"$tmp/h1.err"
    rc=$?
    "$T" help $c >"$tmp/h2" 2>&1
    if [ $rc = 0 ] && [ ! -s "$tmp/h1.err" ] && grep -q "^usage: sudokit $c " "$tmp/h1" &&
        cmp -s "$tmp/h1" "$tmp/h2"; then
        echo "ok help-$c"
        passed=$((passed + 1))
    else
        echo "FAIL help-$c (exit $rc)"
        failed=$((failed + 1))
    fi
done
# The option table drives the help: an option is listed only where accepted.
"$T" solve -h >"$tmp/h" && grep -q '^      --first ' "$tmp/h" && ! grep -q '^      --limit' "$tmp/h"
verdict help-table-solve $?
"$T" count -h >"$tmp/h" && grep -q '^      --limit N ' "$tmp/h" && ! grep -q '^      --first' "$tmp/h"
verdict help-table-count $?

# The man page comes from the tool: roff with the version in its title.
"$T" help --man >"$tmp/man" 2>"$tmp/man.err"
[ $? = 0 ] && [ ! -s "$tmp/man.err" ] && head -n 1 "$tmp/man" | grep -q '^\.\\" ' &&
    grep -q "^\.TH SUDOKIT 1 \"\" \"sudokit $("$T" --version | cut -d' ' -f2)\"" "$tmp/man" &&
    grep -q '^\.SH EXIT STATUS$' "$tmp/man"
verdict help-man $?
"$T" help --list >"$tmp/list" 2>"$tmp/list.err"
[ $? = 0 ] && [ ! -s "$tmp/list.err" ] && grep -q '^command judge$' "$tmp/list" &&
    grep -q '^option best --weights$' "$tmp/list" && grep -q '^option solve --threads -j$' "$tmp/list" &&
    grep -q '^value --output pretty$' "$tmp/list" && grep -q '^exit 4$' "$tmp/list" &&
    grep -q '^entry judge noip2009$' "$tmp/list" && ! grep -q -v -E '^(command|option|value|exit|entry) ' "$tmp/list"
verdict help-list $?

# ------------------------------------------------------------------ usage errors
err <<'EOF'
sudokit: error: --man takes no COMMAND
Try 'sudokit help --help'.
EOF
run usage-help-man-command 2 help --man solve

err <<'EOF'
sudokit: error: --man and --list do not go together
Try 'sudokit help --help'.
EOF
run usage-help-man-list 2 help --list --man

err <<'EOF'
sudokit: error: unknown option '--man' for 'solve'
Try 'sudokit solve --help'.
EOF
run usage-man-not-solve 2 solve --man

err <<'EOF'
sudokit: error: unknown output format 'fpuzzles' (line, grid, board, pretty, pencil, sukaku)
Try 'sudokit convert --help'.
EOF
run usage-output-not-listed 2 convert --output fpuzzles

# The library's other names for a listed form or alphabet still work.
echo '[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]' >"$tmp/board.json"
echo "$CLASSIC" | out
run format-alias 0 solve --format leetcode --alphabet 1-9 --output line "$tmp/board.json"

err <<'EOF'
sudokit: error: unknown command 'frobnicate'
Try 'sudokit --help'.
EOF
run usage-unknown-command 2 frobnicate

err <<'EOF'
sudokit: error: unknown option '--limit' for 'solve'
Try 'sudokit solve --help'.
EOF
run usage-option-other-command 2 solve --limit 3 $D/classic.txt

err <<'EOF'
sudokit: error: --box wants RxC (e.g. 3x3, 2x3) or none, not '2y3'
Try 'sudokit solve --help'.
EOF
run usage-bad-box 2 solve --box 2y3 $D/six.txt

err <<'EOF'
sudokit: error: option '--threads' needs an argument N
Try 'sudokit count --help'.
EOF
run usage-missing-argument 2 count --threads

err <<'EOF'
sudokit: error: --threads wants a number from 1 to 1024, not '0'
Try 'sudokit solve --help'.
EOF
run usage-bad-threads 2 solve -j0 $D/classic.txt

err <<'EOF'
sudokit: error: unknown engine 'warp' (see 'sudokit engines')
Try 'sudokit solve --help'.
EOF
run usage-unknown-engine 2 solve --engine=warp $D/classic.txt

err <<'EOF'
sudokit: error: unknown output format 'fancy' (line, grid, board, pretty, pencil, sukaku)
Try 'sudokit solve --help'.
EOF
run usage-bad-output 2 solve --output fancy $D/classic.txt

err <<'EOF'
sudokit: error: unknown problem 'noip1999' (poj3076, hdu4069, leetcode37, noip2009)
Try 'sudokit judge --help'.
EOF
run usage-unknown-problem 2 judge noip1999

err <<'EOF'
sudokit: error: judge needs a PROBLEM: poj3076, hdu4069, leetcode37 or noip2009
Try 'sudokit judge --help'.
EOF
run usage-judge-no-problem 2 judge

err <<'EOF'
sudokit: error: --timeout wants a positive number of seconds, at most 1e9, not 'soon'
Try 'sudokit count --help'.
EOF
run usage-bad-timeout 2 count --timeout soon

err <<'EOF'
sudokit: error: unknown command 'nope'
Try 'sudokit help --help'.
EOF
run usage-help-unknown 2 help nope

err <<'EOF'
sudokit: error: no command given (solve, count, enumerate, candidates, check, verify, best, rate, explain, hint, generate, minimize, redundant, convert, judge, cnf, engines, help)
Try 'sudokit --help'.
EOF
run usage-no-command 2

err <<'EOF'
sudokit: error: unknown option '--frobnicate'
Try 'sudokit --help'.
EOF
run usage-unknown-top-option 2 --frobnicate

err <<'EOF'
sudokit: error: option '--json' takes no argument
Try 'sudokit solve --help'.
EOF
run usage-flag-with-value 2 solve --json=yes

# ------------------------------------------------------------------ solve
echo $CLASSIC | out
run solve-line 0 solve $D/classic.txt

echo $CLASSIC | out
input=$D/classic.txt
run solve-stdin 0 solve

echo $CLASSIC | out
input=$D/classic.txt
run solve-dash 0 solve -

printf '%s\n' $CLASSIC $CLASSIC | out
input=$D/classic.txt
run solve-file-and-stdin 0 solve $D/classic.txt -

out <<'EOF'
534678912
672195348
198342567
859761423
426853791
713924856
961537284
287419635
345286179
EOF
run solve-grid 0 solve $D/grid.txt

echo $CLASSIC | out
run solve-grid-to-line 0 solve --output=line $D/grid.txt

out <<'EOF'
534678912
672195348
198342567
859761423
426853791
713924856
961537284
287419635
345286179

534678912
672195348
198342567
859761423
426853791
713924856
961537284
287419635
345286179
EOF
run solve-grid-blank-line-between 0 solve $D/grid.txt $D/grid.txt

out <<'EOF'
[["5","3","4","6","7","8","9","1","2"],["6","7","2","1","9","5","3","4","8"],["1","9","8","3","4","2","5","6","7"],["8","5","9","7","6","1","4","2","3"],["4","2","6","8","5","3","7","9","1"],["7","1","3","9","2","4","8","5","6"],["9","6","1","5","3","7","2","8","4"],["2","8","7","4","1","9","6","3","5"],["3","4","5","2","8","6","1","7","9"]]
EOF
run solve-output-board 0 solve --output board $D/classic.txt

echo 123456456123261534345612612345534261 | out
run solve-6x6-box 0 solve --box 2x3 $D/six.txt

echo 'invalid' | out
err <<'EOF'
sudokit: tests/cli/data/six.txt:1: a 6x6 grid needs a box shape (such as --box RxC) or --box none: 6 is not a square
EOF
run solve-6x6-without-box 3 solve $D/six.txt

echo 'invalid' | out
err <<'EOF'
sudokit: tests/cli/data/six.txt:1:17: box 3 has 3 twice (r2c6 and r3c5)
EOF
run solve-6x6-wrong-box 3 solve --box 3x2 $D/six.txt

echo '1234545123234515123434512 1112211322433324435544555' | out
run solve-jigsaw-5x5 0 solve $D/jigsaw5.txt

echo 'invalid' | out
err <<'EOF'
sudokit: tests/cli/data/jigsaw_bad.txt:1: region 1 has 8 cells, expected 9
EOF
run solve-jigsaw-bad-region 3 solve $D/jigsaw_bad.txt

out <<EOF
$CLASSIC
multiple
none: the givens leave column 8 no place for 1
invalid
invalid
invalid
multiple
EOF
# what batch.txt's three bad puzzles print, with or without --first
BATCH_ERR="sudokit: tests/cli/data/batch.txt:5:3: row 1 has 5 twice (columns 1 and 3)
sudokit: tests/cli/data/batch.txt:6:1: line has 80 cells, expected a square number (81 for 9x9)
sudokit: tests/cli/data/batch.txt:7:81: unknown symbol '?' for a 9x9 puzzle (digits alphabet)"
echo "$BATCH_ERR" | err
run solve-batch 3 solve $D/batch.txt

# --first: the clash is found after the search as well
out <<EOF
$CLASSIC
534276918678195342192348567859761423426853791713924856961537284287419635345682179
none: the givens leave column 8 no place for 1
invalid
invalid
invalid
$CLASSIC
EOF
echo "$BATCH_ERR" | err
run solve-first-batch 3 solve --first $D/batch.txt

out <<EOF
{"index":0,"status":"unique","solution":"$CLASSIC","nodes":N,"guesses":N,"time_us":N}
{"index":1,"status":"multiple","solutions":["534276918678195342192348567859761423426853791713924856961537284287419635345682179","534672918678195342192348567859761423426853791713924856961537284287419635345286179"],"differ":["r1c4","r1c6","r9c4","r9c6"],"nodes":N,"guesses":N,"time_us":N}
{"index":2,"status":"none","reason":{"kind":"house","house":"column 8","digit":"1","forced":0,"message":"the givens leave column 8 no place for 1"},"nodes":N,"guesses":N,"time_us":N}
{"index":3,"status":"invalid","error":{"file":"tests/cli/data/batch.txt","line":5,"column":3,"message":"row 1 has 5 twice (columns 1 and 3)"}}
{"index":4,"status":"invalid","error":{"file":"tests/cli/data/batch.txt","line":6,"column":1,"message":"line has 80 cells, expected a square number (81 for 9x9)"}}
{"index":5,"status":"invalid","error":{"file":"tests/cli/data/batch.txt","line":7,"column":81,"message":"unknown symbol '?' for a 9x9 puzzle (digits alphabet)"}}
{"index":6,"status":"multiple","solutions":["534678912672195348198342567859761423426853791713924856961537284287419635345286179","534678912672195348198342567859763421426851793713924856961537284287419635345286179"],"differ":["r4c6","r4c9","r5c6","r5c9"],"nodes":N,"guesses":N,"time_us":N}
EOF
"$T" solve --json --quiet $D/batch.txt >"$tmp/j" 2>"$tmp/je"
echo "exit $?" >>"$tmp/j"
echo "exit 3" >>"$tmp/eout"
sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g' "$tmp/j" >"$tmp/j2"
same solve-json "$tmp/eout" "$tmp/j2"
same solve-json-quiet-stderr /dev/null "$tmp/je"
reset

out <<EOF
{"index":0,"status":"solved","solution":"$CLASSIC","nodes":N,"guesses":N,"time_us":N}
EOF
"$T" solve --first --json $D/classic.txt | sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g' >"$tmp/j"
same solve-first-json "$tmp/eout" "$tmp/j"
reset

out <<EOF
$CLASSIC
534678912672195348198342567859761423426853791713924856961537284287419635345286179
EOF
sed -n 8p $D/batch.txt >"$tmp/two.txt"
"$T" solve --first "$tmp/two.txt" >"$tmp/f" 2>&1
# --first on a puzzle with 2 solutions prints one of them
if [ $? = 0 ] && grep -Eq '^53467891267219534819834256785976[0-9]42[0-9]42685[0-9]79[0-9]713924856961537284287419635345286179$' "$tmp/f"; then
    echo "ok solve-first-multiple"
    passed=$((passed + 1))
else
    echo "FAIL solve-first-multiple"
    cat "$tmp/f"
    failed=$((failed + 1))
fi
reset

out <<EOF
$CLASSIC
$CLASSIC
EOF
err <<'EOF'
sudokit: tests/cli/data/missing.txt: No such file or directory
EOF
run solve-missing-file 3 solve $D/classic.txt $D/missing.txt $D/classic.txt

# -j 2 gives the same records in the same order as -j 1
i=0
while [ $i -lt 300 ]; do cat $D/batch.txt; i=$((i + 1)); done >"$tmp/big.txt"
"$T" solve -j 1 -q "$tmp/big.txt" >"$tmp/j1"
rc1=$?
"$T" solve -j 2 -q "$tmp/big.txt" >"$tmp/j2"
rc2=$?
"$T" solve --threads=4 -q "$tmp/big.txt" >"$tmp/j4"
same threads-2-equals-1 "$tmp/j1" "$tmp/j2"
same threads-4-equals-1 "$tmp/j1" "$tmp/j4"
[ "$(wc -l <"$tmp/j1")" = 2100 ] && [ $rc1 = 3 ] && [ $rc2 = 3 ] &&
    { echo "ok threads-record-count"; passed=$((passed + 1)); } ||
    { echo "FAIL threads-record-count ($rc1 $rc2 $(wc -l <"$tmp/j1"))"; failed=$((failed + 1)); }
"$T" solve -j 3 --json -q "$tmp/big.txt" | sed -n 's/^{"index":\([0-9]*\),.*/\1/p' >"$tmp/idx"
seq 0 2099 >"$tmp/seq"
same threads-json-index-order "$tmp/seq" "$tmp/idx"

# Mixed batches: valid, invalid and timed-out puzzles, and an unreadable
# file between two readable ones.  Every -j gives the records, the
# messages on stderr and the exit status of -j 1, byte for byte; so does
# the default (one thread per core).
# (a timed-out search stops after a number of nodes that depends on time)
norm_times() {
    sed -E -e 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g' \
        -e 's/"status":"timeout","count":[0-9]+/"status":"timeout","count":N/' \
        -e 's/^[0-9]+ \(incomplete: timeout\)$/N (incomplete: timeout)/' "$1"
}
printf '%0256d\n' 0 >"$tmp/e16.txt"
i=0
while [ $i -lt 40 ]; do
    cat $D/batch.txt
    [ $((i % 8)) = 3 ] && cat "$tmp/e16.txt"
    cat $D/classic.txt
    i=$((i + 1))
done >"$tmp/mixed.txt"
# threads_same NAME ARGS...: runs ARGS with -j 1, -j 2, -j 3 and no -j;
# stdout, stderr and the exit status must be the same every time
threads_same() {
    name=$1
    shift
    "$T" "$@" -j 1 >"$tmp/t1.raw" 2>"$tmp/t1.err"
    echo "exit $?" >>"$tmp/t1.err"
    norm_times "$tmp/t1.raw" | cat - "$tmp/t1.err" >"$tmp/t1"
    for j in 2 3 default; do
        if [ $j = default ]; then
            "$T" "$@" >"$tmp/tj.raw" 2>"$tmp/tj.err"
        else
            "$T" "$@" -j $j >"$tmp/tj.raw" 2>"$tmp/tj.err"
        fi
        echo "exit $?" >>"$tmp/tj.err"
        norm_times "$tmp/tj.raw" | cat - "$tmp/tj.err" >"$tmp/tj"
        same "$name-j$j" "$tmp/t1" "$tmp/tj"
    done
}
threads_same threads-mixed-count count --timeout 0.2 "$tmp/mixed.txt" $D/missing.txt "$tmp/mixed.txt"
threads_same threads-mixed-count-json count --json --timeout 0.2 "$tmp/mixed.txt"
threads_same threads-mixed-solve solve "$tmp/mixed.txt" $D/missing.txt $D/grid.txt "$tmp/mixed.txt"
threads_same threads-mixed-solve-json solve --json "$tmp/mixed.txt"
# the records themselves: 40 x (7 + 1) puzzles and 5 empty grids, in order
"$T" count --json --timeout 0.2 -j 3 "$tmp/mixed.txt" 2>/dev/null |
    sed -n 's/^{"index":\([0-9]*\),"status":"\([a-z]*\)".*/\1 \2/p' >"$tmp/st"
awk '{ print NR - 1 }' "$tmp/st" >"$tmp/seq"
cut -d' ' -f1 "$tmp/st" >"$tmp/idx"
[ "$(wc -l <"$tmp/st")" = 325 ] && [ "$(grep -c ' timeout$' "$tmp/st")" = 5 ] &&
    [ "$(grep -c ' invalid$' "$tmp/st")" = 120 ] && cmp -s "$tmp/seq" "$tmp/idx" &&
    [ "$(sed -n 32p "$tmp/st")" = "31 timeout" ] && [ "$(sed -n 33p "$tmp/st")" = "32 unique" ]
verdict threads-mixed-records $?
# a puzzle that cannot be proven in time, between quick ones (solve)
if [ -f ../shared/data/25x25_frisch6.txt ]; then
    {
        cat $D/batch.txt
        grep -v '^#' ../shared/data/25x25_frisch6.txt | head -n 1
        cat $D/classic.txt $D/batch.txt
    } >"$tmp/slow.txt"
    threads_same threads-solve-timeout solve --timeout 0.2 "$tmp/slow.txt" "$tmp/slow.txt"
    "$T" solve --timeout 0.2 -j 2 "$tmp/slow.txt" 2>/dev/null | sed -n '8p;9p' >"$tmp/st"
    printf 'timeout\n%s\n' $CLASSIC | cmp -s - "$tmp/st"
    verdict threads-solve-timeout-record $?
fi
# --stats counts every record with threads too
"$T" count --timeout 0.2 --stats -q -j 3 "$tmp/mixed.txt" 2>&1 >/dev/null |
    sed -E 's/[0-9]+\.[0-9]+/X/g' >"$tmp/st"
echo 'sudokit: stats: 325 puzzles (unique 80, multiple 80, none 40, timeout 5, invalid 120), X s, X puzzles/s, X guesses/puzzle' |
    cmp -s - "$tmp/st"
verdict threads-stats $?
# -j 1 starts no thread, -j 3 three workers (and ThreadSanitizer's runtime
# a thread of its own once a thread starts)
# (polled: under valgrind or a loaded machine the workers start late)
if [ -r /proc/self/status ]; then
    "$T" count --timeout 20 -j 1 "$tmp/e16.txt" >/dev/null 2>&1 &
    pid1=$!
    "$T" count --timeout 20 -j 3 "$tmp/e16.txt" >/dev/null 2>&1 &
    pid3=$!
    ok=1 seen3=0 k=0
    while [ $k -lt 75 ] && [ $seen3 = 0 ]; do
        sleep 0.2
        th1=$(sed -n 's/^Threads:[[:space:]]*//p' /proc/$pid1/status 2>/dev/null)
        th3=$(sed -n 's/^Threads:[[:space:]]*//p' /proc/$pid3/status 2>/dev/null)
        [ -z "$th1" ] || [ "$th1" = 1 ] || ok=0
        [ -n "$th3" ] && [ "$th3" -ge 4 ] && [ "$th3" -le 5 ] && seen3=1
        k=$((k + 1))
    done
    kill $pid1 $pid3 2>/dev/null
    wait $pid1 $pid3 2>/dev/null
    [ $ok = 1 ] && [ $seen3 = 1 ]
    verdict threads-j1-no-thread $?
fi
# a closed pipe stops a threaded batch early and quietly (no hang)
i=0
while [ $i -lt 20 ]; do cat "$tmp/big.txt"; i=$((i + 1)); done >"$tmp/huge.txt"
{ "$T" solve -q -j 2 "$tmp/huge.txt" 2>"$tmp/pe"; echo $? >"$tmp/pe.rc"; } | head -n 1 >/dev/null
[ "$(cat "$tmp/pe.rc")" = 141 ] && [ ! -s "$tmp/pe" ]
verdict threads-closed-pipe $?

# --stats
echo $CLASSIC | out
echo 'sudokit: stats: 1 puzzle (unique 1), X s, X puzzles/s, X guesses/puzzle' | err
filter="sed -E s/[0-9]+\.[0-9]+/X/g"
run solve-stats 0 solve --stats $D/classic.txt

out <<EOF
$CLASSIC
multiple
none: the givens leave column 8 no place for 1
invalid
invalid
invalid
multiple
EOF
echo 'sudokit: stats: 7 puzzles (unique 1, multiple 2, none 1, invalid 3), X s, X puzzles/s, X guesses/puzzle' | err
filter="sed -E s/[0-9]+\.[0-9]+/X/g"
run solve-stats-batch 3 solve --stats -q $D/batch.txt

# ------------------------------------------------------------------ count
out <<'EOF'
1
8
0
invalid
invalid
invalid
2
EOF
run count-batch 3 count -q $D/batch.txt

echo 2 | out
run count-4x4 0 count $D/four.txt

echo '3 (incomplete: limit)' | out
sed -n 3p $D/batch.txt | "$T" count --limit 3 >"$tmp/c"
echo "exit $?" >>"$tmp/c"
echo "exit 1" >>"$tmp/eout"
same count-limit "$tmp/eout" "$tmp/c"
reset

out <<'EOF'
{"index":0,"status":"multiple","count":3,"complete":false,"nodes":N,"guesses":N,"time_us":N}
{"index":0,"status":"multiple","count":8,"complete":true,"nodes":N,"guesses":N,"time_us":N}
EOF
sed -n 3p $D/batch.txt >"$tmp/m.txt"
"$T" count --json --limit 3 "$tmp/m.txt" | sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g' >"$tmp/c"
"$T" count --json "$tmp/m.txt" | sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g' >>"$tmp/c"
same count-json "$tmp/eout" "$tmp/c"
reset

# --timeout: counting the solutions of an empty 16x16 grid cannot finish
printf '%0256d\n' 0 >"$tmp/e16.txt"
echo 'N (incomplete: timeout)' | out
"$T" count --timeout 0.05 "$tmp/e16.txt" >"$tmp/c.raw"
echo "exit $?" >>"$tmp/c.raw"
sed -E 's/^[0-9]+ /N /' "$tmp/c.raw" >"$tmp/c"
echo "exit 1" >>"$tmp/eout"
same count-timeout "$tmp/eout" "$tmp/c"
reset

"$T" count --json --timeout=0.05 "$tmp/e16.txt" >"$tmp/c"
echo "exit $?" >>"$tmp/c"
grep -Eq '^\{"index":0,"status":"timeout","count":[0-9]+,"complete":false,"nodes":[0-9]+,"guesses":[0-9]+,"time_us":[0-9]+\}$' "$tmp/c" &&
    grep -q '^exit 1$' "$tmp/c"
verdict count-timeout-json $?

# ------------------------------------------------------------------ enumerate
out <<'EOF'
1234341221434321
1234341241232341
# multiple: 2 solutions
EOF
run enumerate-4x4 0 enumerate $D/four.txt

out <<'EOF'
1234341221434321
# solved: 1 solution, limit reached
EOF
run enumerate-limit 1 enumerate --limit 1 $D/four.txt

out <<'EOF'
12 34
34 12
21 43
43 21

12 34
34 12
41 23
23 41

# multiple: 2 solutions
EOF
"$T" enumerate --output pretty $D/four.txt >"$tmp/pretty"
if [ $? = 0 ] && [ "$(grep -c '^# multiple: 2 solutions$' "$tmp/pretty")" = 1 ] &&
    [ "$(grep -c '^$' "$tmp/pretty")" = 2 ]; then
    echo "ok enumerate-pretty"
    passed=$((passed + 1))
else
    echo "FAIL enumerate-pretty"
    cat "$tmp/pretty"
    failed=$((failed + 1))
fi
reset

out <<'EOF'
{"index":0,"solutions":["1234341221434321","1234341241232341"],"status":"multiple","count":2,"complete":true,"nodes":N,"guesses":N,"time_us":N}
{"index":1,"status":"invalid","error":{"file":"<stdin>","line":2,"column":1,"message":"line has 15 cells, expected a square number (16 for 4x4)"}}
{"index":2,"solutions":[],"status":"none","count":0,"complete":true,"nodes":N,"guesses":N,"time_us":N}
EOF
printf '12343412.1.3.3.1\n12343412.1.3.3.\n.13..3..2.......\n' >"$tmp/e.txt"
"$T" enumerate --json -q <"$tmp/e.txt" | sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g' >"$tmp/ej"
same enumerate-json "$tmp/eout" "$tmp/ej"
reset

# ------------------------------------------------------------------ check
out <<'EOF'
ok (complete)
ok (51 empty cells)
tests/cli/data/check.txt:3:80: column 8 has 9 twice (rows 5 and 9)
tests/cli/data/check.txt:3:81: column 9 has 7 twice (rows 3 and 9)
EOF
run check 1 check $D/check.txt

echo 'ok (51 empty cells)' | out
input=$D/classic.txt
run check-stdin 0 check -

out <<'EOF'
{"index":0,"status":"ok","complete":true,"empty":0}
{"index":1,"status":"conflict","complete":false,"empty":50,"conflicts":[{"house":"row 1","digit":"5","cells":[[1,1],[1,3]],"line":2,"column":3,"message":"row 1 has 5 twice (columns 1 and 3)"},{"house":"box 1","digit":"5","cells":[[1,1],[1,3]],"line":2,"column":3,"message":"box 1 has 5 twice (r1c1 and r1c3)"}]}
EOF
(sed -n 1p $D/check.txt; sed -n 5p $D/batch.txt) >"$tmp/c.txt"
run check-json 1 check --json "$tmp/c.txt"

# ------------------------------------------------------------------ cnf
# 4x4, 12 givens: 16*(1+6) cell clauses + 12 houses*(4+4*6) + 12 units = 460
out <<'EOF'
c sudokit VERSION CNF of a 4x4, boxes 2x2 puzzle
c variable (r*4 + c)*4 + d: the cell at row r, column c (from 0) holds digit d (1..4)
p cnf 64 460
1 2 3 4 0
-1 -2 0
EOF
"$T" cnf $D/four.txt >"$tmp/cnf"
echo "exit $?" >"$tmp/cnf.rc"
sed -n 1,5p "$tmp/cnf" | sed 's/^c sudokit [0-9.]* /c sudokit VERSION /' >"$tmp/cnf5"
same cnf-header "$tmp/eout" "$tmp/cnf5"
reset
# 460 clauses; the last ones are the givens' units (cell 15 holds 1: variable 61)
[ "$(grep -c ' 0$' "$tmp/cnf")" = 460 ] && [ "$(tail -n 1 "$tmp/cnf")" = '61 0' ] &&
    grep -q '^exit 0$' "$tmp/cnf.rc"
verdict cnf-clauses $?

"$T" cnf --help >"$tmp/h" && grep -q 'variable (r\*N + c)\*N + d is true when the cell at row r,' "$tmp/h" &&
    grep -q '^      --index K ' "$tmp/h" && grep -q '^      --diagonals ' "$tmp/h" &&
    ! grep -q '^      --json' "$tmp/h"
verdict cnf-help-numbering $?

# --index counts over every file; the puzzles before it are not judged
"$T" cnf $D/classic.txt $D/batch.txt $D/four.txt --index 8 >"$tmp/c8" &&
    "$T" cnf $D/four.txt | cmp -s - "$tmp/c8"
verdict cnf-index-over-files $?

# X-Sudoku: 11988 + 2 diagonals * (9 + 9*36) + 30 givens
printf '%s\n' 'c sudokit VERSION CNF of a 9x9, boxes 3x3, diagonals puzzle' 'p cnf 729 12684' | out
"$T" cnf --diagonals $D/classic.txt | sed -n '1p;3p' | sed 's/^c sudokit [0-9.]* /c sudokit VERSION /' >"$tmp/cx"
same cnf-diagonals-header "$tmp/eout" "$tmp/cx"
reset

err <<'EOF'
sudokit: error: the input has 1 puzzle, so there is no puzzle 1 (--index counts from 0)
EOF
run cnf-index-out-of-range 3 cnf --index 1 $D/four.txt

err <<'EOF'
sudokit: error: no puzzle in the input
EOF
run cnf-empty-input 3 cnf

err <<'EOF'
sudokit: tests/cli/data/batch.txt:6:1: line has 80 cells, expected a square number (81 for 9x9)
EOF
run cnf-malformed 3 cnf --index 4 $D/batch.txt

err <<'EOF'
sudokit: tests/cli/data/six.txt:1: a 6x6 grid needs a box shape (such as --box RxC) or --box none: 6 is not a square
EOF
run cnf-bad-geometry 3 cnf $D/six.txt

err <<'EOF'
sudokit: error: --index wants a number from 0, not 'x'
Try 'sudokit cnf --help'.
EOF
run usage-cnf-bad-index 2 cnf --index x $D/four.txt

err <<'EOF'
sudokit: error: unknown option '--json' for 'cnf'
Try 'sudokit cnf --help'.
EOF
run usage-cnf-json 2 cnf --json $D/four.txt

# ------------------------------------------------------------------ engines
"$T" engines >"$tmp/eng" 2>&1 && [ -s "$tmp/eng" ] && grep -q 'supports: ' "$tmp/eng" &&
    { echo "ok engines"; passed=$((passed + 1)); } || { echo "FAIL engines"; failed=$((failed + 1)); }
"$T" engines --json >"$tmp/eng" && grep -q '^{"name":"[a-z0-9_-]*","summary":".*","supports":".*"}$' "$tmp/eng" &&
    { echo "ok engines-json"; passed=$((passed + 1)); } || { echo "FAIL engines-json"; failed=$((failed + 1)); }
for e in $("$T" engines --json | sed 's/^{"name":"\([^"]*\)".*/\1/'); do
    echo $CLASSIC | out
    run "solve-engine-$e" 0 solve --engine $e $D/classic.txt
    # An engine either solves the 5x5 jigsaw or refuses it with a message.
    "$T" solve --engine $e $D/jigsaw5.txt >"$tmp/o" 2>"$tmp/e"
    rc=$?
    if [ $rc = 0 ]; then
        echo '1234545123234515123434512 1112211322433324435544555' | cmp -s - "$tmp/o"
    else
        [ $rc = 3 ] && echo invalid | cmp -s - "$tmp/o" &&
            grep -q "^sudokit: $D/jigsaw5.txt:1: engine $e does not support this puzzle (5x5" "$tmp/e"
    fi
    verdict "solve-engine-$e-jigsaw" $?
done

# ------------------------------------------------------------------ judge
cp $P/poj3076_acwing169/sample.out "$tmp/eout"
input=$P/poj3076_acwing169/sample.in
run judge-poj3076 0 judge poj3076

cp $P/hdu4069/sample.out "$tmp/eout"
input=$P/hdu4069/sample.in
run judge-hdu4069 0 judge hdu4069

cp $P/leetcode37/sample.out "$tmp/eout"
input=$P/leetcode37/sample.in
run judge-leetcode37 0 judge leetcode37

(cat $P/poj3076_acwing169/sample.out; echo; cat $P/poj3076_acwing169/sample.out) >"$tmp/eout"
(cat $P/poj3076_acwing169/sample.in; echo; cat $P/poj3076_acwing169/sample.in) >"$tmp/in2"
input=$tmp/in2
run judge-poj3076-two 0 judge poj3076 -j 2

# ------------------------------------------------------------------ output errors
if [ -w /dev/full ]; then
    "$T" solve $D/classic.txt >/dev/full 2>"$tmp/e"
    echo "exit $?" >>"$tmp/e"
    printf '%s\n' 'sudokit: error: write error: No space left on device' 'exit 4' >"$tmp/eerr"
    same write-error-full-disk "$tmp/eerr" "$tmp/e"
    reset
fi

# A closed pipe: the search stops at once, quietly, with the status of a
# tool killed by SIGPIPE (141), as `yes | head` does.
printf '%081d\n' 0 >"$tmp/empty.txt"
{
    "$T" enumerate --limit 1000000 "$tmp/empty.txt" 2>"$tmp/e"
    echo "exit $?" >>"$tmp/e"
} | head -c 100 >/dev/null
printf '%s\n' 'exit 141' >"$tmp/eerr"
same write-error-closed-pipe "$tmp/eerr" "$tmp/e"
reset

# ------------------------------------------------------------------ dlx engine
# Listed with a summary and what it supports; the automatic choice is not it.
"$T" engines | grep -A1 '^dlx ' | grep -q '^ *supports: every model' &&
    ! "$T" engines --json | head -n 1 | grep -q '"name":"dlx"'
verdict engines-dlx $?

# Its answers are the general engine's: counts, statuses, enumerations.
cmp_engines() {
    name=$1
    shift
    "$T" "$@" --engine general >"$tmp/g.out" 2>"$tmp/g.err"
    echo "exit $?" >>"$tmp/g.out"
    "$T" "$@" --engine dlx >"$tmp/d.out" 2>"$tmp/d.err"
    echo "exit $?" >>"$tmp/d.out"
    same "$name" "$tmp/g.out" "$tmp/d.out"
}
cmp_engines dlx-count-batch count -q $D/batch.txt
cmp_engines dlx-count-six count --box 2x3 $D/six.txt
cmp_engines dlx-count-jigsaw count $D/jigsaw5.txt
cmp_engines dlx-count-latin count --box none $D/four.txt
cmp_engines dlx-count-limit count --limit 5 --box 3x2 $D/six.txt
cmp_engines dlx-solve-batch solve -q $D/batch.txt
cmp_engines dlx-solve-first solve --first -q $D/batch.txt
cmp_engines dlx-enumerate-4x4 enumerate $D/four.txt

"$T" enumerate --box 2x3 --engine general $D/six.txt | sort >"$tmp/g.out"
"$T" enumerate --box 2x3 --engine dlx $D/six.txt | sort >"$tmp/d.out"
same dlx-enumerate-set "$tmp/g.out" "$tmp/d.out"

# Statistics: a node per row tried; the classic puzzle needs no guess.
out <<'EOF'
{"index":0,"status":"unique","solution":"534678912672195348198342567859761423426853791713924856961537284287419635345286179","nodes":52,"guesses":0,"time_us":N}
EOF
"$T" solve --json --engine dlx $D/classic.txt | sed -E 's/"time_us":[0-9]+/"time_us":N/' >"$tmp/c"
same dlx-solve-json "$tmp/eout" "$tmp/c"
reset

# Limits: a timeout ends an endless count.
"$T" count --engine dlx --timeout 0.05 "$tmp/e16.txt" >"$tmp/c"
[ $? = 1 ] && grep -Eq '^[0-9]+ \(incomplete: timeout\)$' "$tmp/c"
verdict dlx-count-timeout $?

# X-Sudoku and Hyper: the extra houses are columns like any other; a grid
# filled from nothing obeys them.
printf '%081d\n' 0 >"$tmp/e9.txt"
for x in diagonals hyper; do
    "$T" solve --first --engine dlx --$x "$tmp/e9.txt" >"$tmp/x.txt" &&
        [ "$("$T" check --$x "$tmp/x.txt")" = "ok (complete)" ]
    verdict dlx-fill-$x $?
done

# ---- best: best-score search (sudokit best, judge noip2009) ------------

# NOIP 2009 samples, byte for byte (ignoring a trailing newline).
for k in sample sample2; do
    "$T" judge noip2009 "$P/noip2009_target/$k.in" >"$tmp/n.out"
    verdict "best-judge-noip2009-$k" $?
    printf '%s\n' "$(cat "$P/noip2009_target/$k.out")" >"$tmp/n.exp"
    same "best-judge-noip2009-$k-output" "$tmp/n.exp" "$tmp/n.out"
done

# Text: the value, then the solution in the form read; none; --minimize.
out <<'EOF'
2852
0 0 0 7 0 2 4 5 3
EOF
"$T" best "$P/noip2009_target/sample2.in" | sed -n '1p' >"$tmp/b1"
head -n 1 "$P/noip2009_target/sample2.in" | tr -d '\n' >/dev/null
[ "$(sed -n 1p "$tmp/b1")" = 2852 ]
verdict best-text-value $?
"$T" best "$P/noip2009_target/sample2.in" | sed -n '2,10p' >"$tmp/b2"
"$T" check "$tmp/b2" >/dev/null
verdict best-text-solution-complete $?
reset
[ "$("$T" best --minimize "$P/noip2009_target/sample2.in" | head -n 1)" = 2842 ]
verdict best-minimize $?

printf '11%079d\n' 0 >"$tmp/clash.txt"
printf '%081d\n' 0 | sed 's/^0000000000/1234567800/; s/^\(.\{44\}\)0/\19/' >"$tmp/nosol.txt"
echo none | out
run best-none 1 best "$tmp/nosol.txt"

# JSON: score, solution, complete; an invalid puzzle has none of them.
out <<'EOF'
{"index":0,"status":"solved","score":2852,"solution":"681792453952418637743365918195286374876134925234579168428651793567943281319827546","complete":true,"nodes":N,"guesses":N,"time_us":N}
EOF
"$T" best --json "$P/noip2009_target/sample2.in" |
    sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g; s/"solution":"[1-9]{81}"/"solution":"681792453952418637743365918195286374876134925234579168428651793567943281319827546"/' >"$tmp/c"
same best-json "$tmp/eout" "$tmp/c"
reset

# --weights FILE: all ones makes every solution worth 405 on 9x9; a
# negative table with --minimize (each column holds 1-4: -100 for every
# solution); wrong shapes are input errors.
awk 'BEGIN { for (r = 0; r < 9; r++) print "1 1 1 1 1 1 1 1 1  # row" }' >"$tmp/ones.w"
[ "$("$T" best --weights "$tmp/ones.w" "$P/noip2009_target/sample2.in" | head -n 1)" = 405 ]
verdict best-weights-file $?
awk 'BEGIN { for (r = 0; r < 4; r++) print "-1 -2 -3 -4" }' >"$tmp/neg4.w"
echo '1...............' >"$tmp/four1.txt"
[ "$("$T" best --weights "$tmp/neg4.w" --minimize "$tmp/four1.txt" | head -n 1)" = -100 ]
verdict best-weights-negative-minimize $?
printf '1 2 3\n4 5\n6 7 8\n' >"$tmp/bad.w"
err <<EOF
sudokit: $tmp/bad.w:2: 2 weights in this row, 3 in the first (line 1)
EOF
run best-weights-ragged 3 best --weights "$tmp/bad.w" "$tmp/four1.txt"
printf '1 2 x\n' >"$tmp/bad2.w"
err <<EOF
sudokit: $tmp/bad2.w:1:5: weight 'x' is not an integer of 32 bits
EOF
run best-weights-not-integer 3 best --weights "$tmp/bad2.w" "$tmp/four1.txt"
printf '1 2\n3 4\n5 6\n' >"$tmp/bad3.w"
err <<EOF
sudokit: $tmp/bad3.w: 3 rows of 2 weights: expected N rows of N integers, one per cell
EOF
run best-weights-not-square 3 best --weights "$tmp/bad3.w" "$tmp/four1.txt"
echo invalid | out
err <<EOF
sudokit: $tmp/four1.txt:1: the weights are for a 9x9 grid, the puzzle is 4x4
EOF
run best-weights-wrong-size 3 best --weights "$tmp/ones.w" "$tmp/four1.txt"

# X-Sudoku: a sparse puzzle (every third cell of a filled grid kept) has
# a valid optimum.
"$T" solve --first --diagonals "$tmp/e9.txt" | awk '{ s = ""
    for (i = 1; i <= 81; i++) s = s (i % 3 ? "." : substr($0, i, 1)); print s }' >"$tmp/xp.txt"
"$T" best --diagonals "$tmp/xp.txt" | sed -n 2p >"$tmp/x.txt" &&
    [ "$("$T" check --diagonals "$tmp/x.txt")" = "ok (complete)" ]
verdict best-x-sudoku $?

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

#!/bin/sh
# tests/alloc_cli.sh TOOL - allocation failure in the command-line tool.
#
# TOOL is a build of sudokit linked with tests/alloc_tool.c (make builds
# it as B/tests/sudokit-alloc).  Each case runs once normally, then with
# allocation call N failing for N = 1, 2, ... until a run no longer
# reaches call N (it must then give the normal output).  Every run that
# had a failure must exit 4 with a message naming the cause, without a
# crash, a sanitizer report or a leak (the wrapper exits 99 on a leak);
# the records before the failure are not checked.  Each case is run again
# with every call from N on failing.  Ends with "N passed, N failed".
T=${1:?usage: tests/alloc_cli.sh path/to/sudokit-alloc}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
D=tests/cli/data
P=../shared/problems
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-alloc.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
# The wrapper counts the blocks left at exit itself (exit 99), so the
# sanitizers' leak check would only repeat it: without it each run of a
# sanitized build takes half the time (the layer: 134 -> 79 s).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

# The inputs: every form, some of them bad, a jigsaw, a long line.
cat $D/batch.txt $D/jigsaw5.txt >"$tmp/mixed.txt"
printf '\n' >>"$tmp/mixed.txt"
cat $D/grid.txt >>"$tmp/mixed.txt"
printf '\n[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]\n' >>"$tmp/mixed.txt"
awk 'BEGIN { s = ""; for (i = 0; i < 9000; i++) s = s "."; print s }' >>"$tmp/mixed.txt"
# A small input for the other cases: a good, a bad and a jigsaw puzzle.
cat $D/classic.txt $D/jigsaw5.txt >"$tmp/small.txt"
echo 12345 >>"$tmp/small.txt"
input=$tmp/mixed.txt

# Records carry times and node counts: compare them without those.
norm() { sed -E 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g' "$1"; }

# one NAME ARGS...: runs one case as described above, input from $input
# (also on stdin); persist=0 set by the caller skips the second pass.
one() {
    name=$1
    shift
    SUDOKIT_ALLOC_FAIL= "$T" "$@" <"$input" >"$tmp/base.out" 2>"$tmp/base.err"
    base=$?
    if [ $base -ge 4 ]; then
        echo "FAIL $name: exit $base without any failure"
        sed -n 1,10p "$tmp/base.err"
        failed=$((failed + 1))
        return
    fi
    norm "$tmp/base.out" >"$tmp/base.norm"
    for persist in 0 ${persist-1}; do
        n=1
        while :; do
            rm -f "$tmp/mark"
            SUDOKIT_ALLOC_FAIL=$n SUDOKIT_ALLOC_PERSIST=$persist SUDOKIT_ALLOC_MARK="$tmp/mark" \
                "$T" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
            rc=$?
            if [ ! -f "$tmp/mark" ]; then
                # call n was never reached: a normal run
                norm "$tmp/out" >"$tmp/out.norm"
                if [ $rc -ne $base ] || ! cmp -s "$tmp/out.norm" "$tmp/base.norm"; then
                    echo "FAIL $name: run with no failure differs (exit $rc, expected $base)"
                    failed=$((failed + 1))
                    return
                fi
                break
            fi
            if [ $rc -ne 4 ] || ! grep -q 'out of memory' "$tmp/err"; then
                echo "FAIL $name: allocation $n failed (persist $persist): exit $rc, expected 4 and 'out of memory'"
                sed -n 1,12p "$tmp/err"
                failed=$((failed + 1))
                return
            fi
            n=$((n + 1))
        done
        [ $persist = 1 ] || calls=$((n - 1))
    done
    echo "ok $name ($calls allocations, each failed in turn)"
    passed=$((passed + 1))
    unset persist
}

one solve solve "$tmp/mixed.txt"
input=$tmp/small.txt
persist=0 one solve-stdin solve
persist=0 one solve-json solve --json -
one solve-threads solve -j 3 "$input" "$input"
persist=0 one solve-output-pretty solve --output pretty "$input"
persist=0 one count count --limit 5 "$input"
persist=0 one enumerate enumerate --limit 2 --output grid "$input"
one check check "$input" $D/check.txt
persist=0 one check-json check --json "$input"
one cnf cnf --index 1 "$input"
persist=0 one cnf-several cnf "$input"
mkdir "$tmp/cnf"
one cnf-prefix cnf --prefix "$tmp/cnf/p" "$input"
SUDOKIT_ALLOC_FAIL= "$T" solve "$input" >"$tmp/small.sol" 2>/dev/null
one verify verify "$input" --solution "$tmp/small.sol"
persist=0 one verify-json verify --json "$tmp/mixed.txt" --solution "$tmp/small.sol"
persist=0 one solve-diff solve --diff "$tmp/mixed.txt"
# pencil marks read, searched within, reduced by --basic, written
cat fuzz/corpus/pencil/grid9 fuzz/corpus/pencil/sukaku9 >"$tmp/marks.txt"
persist=0 one candidates-basic candidates --basic "$input" "$tmp/marks.txt"
persist=0 one candidates-marks candidates "$tmp/marks.txt"
persist=0 one convert-marks convert --output sukaku "$tmp/marks.txt"
persist=0 one engines engines --json
persist=0 one rate rate "$tmp/mixed.txt"
one rate-threads rate -j 3 --json "$input" $D/rated.txt
one explain explain "$input" $D/rated.txt
persist=0 one explain-json explain --json "$input" $D/rated.txt
# one thread: the allocations come in one order, the stuck grid's among them
persist=0 one explain-stuck explain -j 1 --max-rating 4.1 $D/rated.txt
persist=0 one hint hint --json "$input" $D/rated.txt
for e in $("$T" engines --json | sed -n 's/.*"name":"\([a-z0-9_-]*\)".*/\1/p'); do
    persist=0 one "solve-engine-$e" solve --engine "$e" "$input"
done
if [ -d $P ]; then
    persist=0 one judge-poj3076 judge poj3076 -j 2 $P/poj3076_acwing169/sample.in
    persist=0 one judge-hdu4069 judge hdu4069 $P/hdu4069/sample.in
    persist=0 one judge-leetcode37 judge leetcode37 $P/leetcode37/sample.in
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

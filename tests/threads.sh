#!/bin/sh
# tests/threads.sh - the tests that start threads, for a ThreadSanitizer
# build (`make TSAN=1 test-threads`, B=build-tsan): the engine unit tests
# (concurrent solvers on one shared model, cancellation from another
# thread), the command-line tests (several use -j), -j runs of every
# threaded command over a few thousand puzzles of every kind, and mixed
# batches of valid, invalid and timed-out puzzles with -j 2, -j 3 and the
# default, each compared with -j 1.  A data race makes TSan report and
# exit 66.  Ends with "N passed, N failed".
B=${B:-build-tsan}
T=$B/sudokit
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-threads.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 exitcode=66}"

# layer NAME COMMAND...: adds up a layer's summary line.
layer() {
    name=$1
    shift
    echo "# $name"
    "$@" >"$tmp/log" 2>&1
    rc=$?
    grep -v '^ok ' "$tmp/log" | sed -n 1,40p
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/log" | tail -n 1)
    p=${summary%% passed*}
    f=${summary#*passed, }
    f=${f%% failed*}
    [ -n "$summary" ] || { p=0 f=1; }
    [ "$rc" -eq 0 ] || [ "$f" -ne 0 ] || f=1
    passed=$((passed + p))
    failed=$((failed + f))
}

for t in "$B"/tests/test_engine; do
    [ -x "$t" ] && layer "${t##*/}" "$t"
done
layer "command line" sh tests/cli/run.sh "$T"

# -j N against one thread
same() {
    if [ "$2" = 0 ] && cmp -s "$3" "$4"; then
        echo "ok $1"
        passed=$((passed + 1))
    else
        echo "FAIL $1 (exit $2)"
        sed -n 1,20p "$tmp/err"
        failed=$((failed + 1))
    fi
}
src=../shared/data
{
    [ -f $src/17clue.txt ] && grep -v '^#' $src/17clue.txt | head -n 3000
    cat tests/cli/data/batch.txt tests/cli/data/classic.txt
} >"$tmp/nine.txt"
[ -f $src/jigsaw_9x9.txt ] && grep -v '^#' $src/jigsaw_9x9.txt | head -n 200 >"$tmp/jig.txt"
[ -f $src/16x16_janko.txt ] && grep -v '^#' $src/16x16_janko.txt | head -n 60 >"$tmp/sixteen.txt"
for f in "$tmp"/nine.txt "$tmp"/jig.txt "$tmp"/sixteen.txt; do
    [ -s "$f" ] || continue
    b=$(basename "$f" .txt)
    for cmd in "solve" "count --limit 3" "solve --json"; do
        "$T" $cmd -q -j 1 "$f" 2>"$tmp/err" | sed -E 's/"(time_us)":[0-9]+/"\1":N/g' >"$tmp/one"
        "$T" $cmd -q -j 4 "$f" 2>"$tmp/err" | sed -E 's/"(time_us)":[0-9]+/"\1":N/g' >"$tmp/four"
        rc=$?
        grep -q 'ThreadSanitizer' "$tmp/err" && rc=66
        same "$b-$(echo $cmd | tr ' ' '-')-j4" $rc "$tmp/one" "$tmp/four"
    done
done
# a mixed batch (valid, invalid, timed out, an unreadable file) with -j 2,
# -j 3 and the default: same records, messages and exit status as -j 1
printf '%0256d\n' 0 >"$tmp/e16.txt"
i=0
while [ $i -lt 30 ]; do
    cat tests/cli/data/batch.txt
    [ $((i % 10)) = 4 ] && cat "$tmp/e16.txt"
    head -n 20 "$tmp/nine.txt"
    i=$((i + 1))
done >"$tmp/mixed.txt"
norm() {
    sed -E -e 's/"(nodes|guesses|time_us)":[0-9]+/"\1":N/g' \
        -e 's/"status":"timeout","count":[0-9]+/"status":"timeout","count":N/'
}
for cmd in "count --timeout 0.2" "count --json --timeout 0.2" "solve --json" \
    "best --timeout 0.2"; do
    args="$cmd $tmp/mixed.txt $tmp/missing.txt $tmp/mixed.txt"
    "$T" $args -j 1 2>"$tmp/err1" | norm >"$tmp/one"
    echo "exit $?" >>"$tmp/err1"
    for j in 2 3 default; do
        if [ $j = default ]; then
            "$T" $args 2>"$tmp/err" | norm >"$tmp/four"
        else
            "$T" $args -j $j 2>"$tmp/err" | norm >"$tmp/four"
        fi
        echo "exit $?" >>"$tmp/err"
        rc=0
        grep -q 'ThreadSanitizer' "$tmp/err" && rc=66
        cmp -s "$tmp/err" "$tmp/err1" || rc=1
        same "mixed-$(echo $cmd | tr ' ' '-')-j$j" $rc "$tmp/one" "$tmp/four"
    done
done

P=../shared/problems
if [ -d $P ]; then
    "$T" judge poj3076 -j 3 $P/poj3076_acwing169/sample.in $P/poj3076_acwing169/sample.in \
        >"$tmp/four" 2>"$tmp/err"
    rc=$?
    "$T" judge poj3076 $P/poj3076_acwing169/sample.in $P/poj3076_acwing169/sample.in >"$tmp/one"
    same judge-poj3076-j3 $rc "$tmp/one" "$tmp/four"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

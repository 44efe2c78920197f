#!/bin/sh
# tests/stress.sh TOOL [COUNT] - streaming in bounded memory.
#
# Builds a file of COUNT puzzles (default 1000000: the 17-clue collection
# repeated) in $TMPDIR and solves it with one thread (-j 1), with -j 2 and
# with the default number of threads (one per core): every record must
# come back, in input order, with the right solution, and the peak memory
# (measured with /usr/bin/time) must stay under LIMIT_MB (default 64)
# whatever COUNT is; the same for a pipe, where nothing tells how long the
# input is.  Then a line of 200 MB without a newline
# must be refused with a message, in bounded memory too.  `make stress`
# runs it with a million puzzles; `make test` with 100000.  Ends with
# "N passed, N failed".
T=${1:?usage: tests/stress.sh path/to/sudokit [COUNT]}
COUNT=${2:-1000000}
LIMIT_MB=${LIMIT_MB:-64}
BIG_MB=${BIG_MB:-200}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-stress.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

mb() { awk -v kb="$1" 'BEGIN { printf "%.1f MB", kb / 1024 }'; }

verdict() {
    if [ "$2" = 0 ]; then
        echo "ok $1"
        passed=$((passed + 1))
    else
        echo "FAIL $1"
        failed=$((failed + 1))
    fi
}

if [ ! -x /usr/bin/time ]; then
    echo "stress: /usr/bin/time is missing (apt-get install time)"
    echo "0 passed, 1 failed"
    exit 1
fi

# base.txt: the puzzles repeated; ref.txt: their solutions, solved once.
src=../shared/data/17clue.txt
if [ -f $src ]; then
    grep -v '^#' $src >"$tmp/base.txt"
else
    cat tests/cli/data/classic.txt >"$tmp/base.txt"
fi
"$T" solve -q "$tmp/base.txt" >"$tmp/ref.txt"
awk -v count="$COUNT" -v input="$tmp/base.txt" -v ref="$tmp/ref.txt" \
    -v p="$tmp/puzzles.txt" -v e="$tmp/expected.txt" '
    BEGIN {
        while ((getline line < input) > 0) base[nb++] = line
        while ((getline line < ref) > 0) sol[ns++] = line
        for (i = 0; i < count; i++) {
            print base[i % nb] > p
            print sol[i % ns] > e
        }
    }'
echo "# $COUNT puzzles, $(wc -c <"$tmp/puzzles.txt") bytes"

# run NAME ARGS...: solves the big file, checks records and peak memory.
run() {
    name=$1
    shift
    /usr/bin/time -f '%M %e' -o "$tmp/time" "$T" "$@" "$tmp/puzzles.txt" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -- $(tail -n 1 "$tmp/time")
    kb=$1 secs=$2
    echo "# $name: exit $rc, $(wc -l <"$tmp/out") records, peak $(mb "$kb"), $secs s"
    cmp -s "$tmp/out" "$tmp/expected.txt"
    verdict "$name-records-in-order" $?
    [ "$rc" = 0 ] && [ "$kb" -lt $((LIMIT_MB * 1024)) ]
    verdict "$name-memory-under-${LIMIT_MB}MB" $?
}
run solve-j1 solve -q -j 1
run solve-j2 solve -q -j 2
run solve-default solve -q

# from a pipe, with the threads of the default
/usr/bin/time -f '%M %e' -o "$tmp/time" sh -c 'cat "$2" | "$1" solve -q' sh "$T" "$tmp/puzzles.txt" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
set -- $(tail -n 1 "$tmp/time")
echo "# solve from stdin: exit $rc, $(wc -l <"$tmp/out") records, peak $(mb "$1"), $2 s"
cmp -s "$tmp/out" "$tmp/expected.txt"
verdict stdin-records-in-order $?
[ "$rc" = 0 ] && [ "$1" -lt $((LIMIT_MB * 1024)) ]
verdict stdin-memory-under-${LIMIT_MB}MB $?

# check reads every puzzle too; its memory must not grow either
/usr/bin/time -f '%M %e' -o "$tmp/time" "$T" check -q "$tmp/puzzles.txt" >"$tmp/out" 2>&1
rc=$?
set -- $(tail -n 1 "$tmp/time")
echo "# check: exit $rc, peak $(mb "$1"), $2 s"
[ "$rc" = 0 ] && [ "$1" -lt $((LIMIT_MB * 1024)) ]
verdict check-memory $?

# one enormous line: refused without being stored
head -c $((BIG_MB * 1024 * 1024)) /dev/zero | tr '\0' '.' |
    /usr/bin/time -f '%M %e' -o "$tmp/time" "$T" solve >"$tmp/out" 2>"$tmp/err"
rc=$?
set -- $(tail -n 1 "$tmp/time")
echo "# a line of $BIG_MB MB: exit $rc, peak $(mb "$1"), $2 s"
[ "$rc" = 3 ] && [ "$(cat "$tmp/out")" = invalid ] &&
    [ "$(cat "$tmp/err")" = "sudokit: <stdin>:1: line is longer than 65536 bytes" ] &&
    [ "$1" -lt $((LIMIT_MB * 1024)) ]
verdict huge-line-refused $?

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

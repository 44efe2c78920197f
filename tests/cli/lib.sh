# tests/cli/lib.sh - what the command-line test scripts share (sourced by
# tests/cli/run.sh and tests/cli/variants.sh after they set T, the tool, and
# tmp, a scratch directory): the counters, the expectations of the next
# `run`, and the ways a case passes or fails.

passed=0
failed=0

# Expectations for the next `run`: stdout, stderr, stdin, stderr filter.
out() { cat >"$tmp/eout"; }
err() { cat >"$tmp/eerr"; }
input=/dev/null
filter=cat
reset() {
    : >"$tmp/eout"
    : >"$tmp/eerr"
    input=/dev/null
    filter=cat
}
reset

# run NAME EXIT ARGS...: runs the tool and compares with the expectations.
run() {
    name=$1 code=$2
    shift 2
    "$T" "$@" <"$input" >"$tmp/out" 2>"$tmp/err.raw"
    rc=$?
    $filter <"$tmp/err.raw" >"$tmp/err"
    bad=
    cmp -s "$tmp/eout" "$tmp/out" || bad="$bad stdout"
    cmp -s "$tmp/eerr" "$tmp/err" || bad="$bad stderr"
    [ "$rc" = "$code" ] || bad="$bad exit($rc, expected $code)"
    if [ -z "$bad" ]; then
        echo "ok $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name:$bad"
        diff -u "$tmp/eout" "$tmp/out" | sed -n '3,40p'
        diff -u "$tmp/eerr" "$tmp/err" | sed -n '3,40p'
        failed=$((failed + 1))
    fi
    reset
}

# verdict NAME STATUS: a case passes when STATUS is 0.
verdict() {
    if [ "$2" = 0 ]; then
        echo "ok $1"
        passed=$((passed + 1))
    else
        echo "FAIL $1"
        failed=$((failed + 1))
    fi
    return "$2"
}

# same NAME FILE1 FILE2: a case passes when the two files are equal.
same() {
    if cmp -s "$2" "$3"; then
        echo "ok $1"
        passed=$((passed + 1))
    else
        echo "FAIL $1"
        diff -u "$2" "$3" | sed -n '3,40p'
        failed=$((failed + 1))
    fi
}

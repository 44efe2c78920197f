#!/bin/sh
# fuzz/run.sh DIR SECONDS [TARGET...] - runs each libFuzzer target built in
# DIR (by `make fuzz`) for SECONDS, one after another on one core.
#
# Each target starts from the committed corpus fuzz/corpus/TARGET; the
# inputs it finds go to DIR/corpus/TARGET (never into the committed
# corpus), crashes to DIR/artifacts/.  Prints each target's executions and
# exits non-zero when a target found a crash.  To keep a crash as a
# regression test, fix it, then copy the artifact into fuzz/corpus/TARGET.
dir=${1:?usage: fuzz/run.sh DIR SECONDS [TARGET...]}
secs=${2:-60}
shift 2
[ $# -gt 0 ] || set -- $(cd "$dir" && ls fuzz_* 2>/dev/null | grep -v '\.log$')
status=0
mkdir -p "$dir/artifacts"
for t in "$@"; do
    t=${t#fuzz_}
    bin=$dir/fuzz_$t
    [ -x "$bin" ] || { echo "fuzz: $bin not built" >&2; status=1; continue; }
    mkdir -p "$dir/corpus/$t" "fuzz/corpus/$t"
    log=$dir/fuzz_$t.log
    "$bin" -max_total_time="$secs" -max_len=8192 -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$dir/artifacts/$t-" \
        "$dir/corpus/$t" "fuzz/corpus/$t" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -n 1)
    if [ $rc -eq 0 ]; then
        echo "fuzz_$t: ${runs:-?} executions in ${secs}s, $cov, no crash"
    else
        echo "fuzz_$t: FAILED after ${runs:-?} executions (exit $rc); see $log"
        grep -E 'ERROR|invariant|SUMMARY|Test unit written' "$log" | head -n 5
        status=1
    fi
done
exit $status

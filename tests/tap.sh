# tests/tap.sh - sourced by the layers that run node's test runner
# (tests/web.sh, tests/browser.sh): tap_report LOG RC prints "ok NAME" or
# "FAIL NAME" per top-level test of the TAP in LOG, the runner's report of
# failures, and "N passed, N failed"; returns non-zero when any failed
# (or the runner itself did, RC).

tap_report() {
    # "ok 3 - name" / "not ok 3 - name"; 4 spaces of indentation are the
    # subtests of node's own wrapper of each file
    sed -n -E 's/^(    )?ok [0-9]+ - (.*)$/ok \2/p; s/^(    )?not ok [0-9]+ - (.*)$/FAIL \2/p' "$1" |
        grep -v '\.test\.mjs$'
    passed=$(grep -E '^# pass [0-9]+' "$1" | tail -n 1 | sed 's/# pass //')
    failed=$(grep -E '^# fail [0-9]+' "$1" | tail -n 1 | sed 's/# fail //')
    passed=${passed:-0}
    failed=${failed:-0}
    if [ "$failed" -gt 0 ] || [ "$2" -ne 0 ]; then
        grep -v -E '^(    )*ok ' "$1" | head -n 80
    fi
    [ "$2" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

#!/bin/sh
# tests/valgrind.sh TOOL - the command-line tests (tests/cli/run.sh,
# tests/cli/variants.sh, tests/cli/answers.sh, tests/cli/logic.sh) and the
# bad-input catalogue (tests/bad/run.sh) with runs of the tool under
# valgrind: any memory error or definite leak makes that run exit 97 (so
# its case fails) and is shown from valgrind's log.  Ends with "N passed,
# N failed" (the layers' cases, plus one failure for each run that
# valgrind reported).  `make valgrind`; .ci/run runs it.
#
# VALGRIND_EVERY=K (default 3): one run of the tool in K goes under
# valgrind, counted in the order the layers make them, VALGRIND_FROM=R
# (0 .. K-1, default 0) being the first; the others run plainly, and
# every case is still checked.  Valgrind's start alone costs about 0.7 s,
# and the layers make over 2,000 runs: all of them took 16 minutes in CI,
# where the same layers already run under AddressSanitizer and
# UndefinedBehaviorSanitizer; what valgrind adds is reads of memory never
# written, which a sample finds as well as any run (K = 1: all of them).
T=${1:?usage: tests/valgrind.sh path/to/sudokit}
EVERY=${VALGRIND_EVERY:-3}
FROM=${VALGRIND_FROM:-0}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind: not installed (apt-get install valgrind)"
    echo "0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-vg.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/logs"
echo 0 >"$tmp/count"
cat >"$tmp/sudokit" <<WRAP
#!/bin/sh
n=\$(cat "$tmp/count" 2>/dev/null)
n=\${n:-0}
echo \$((n + 1)) >"$tmp/count"
[ \$((n % $EVERY)) = $FROM ] || exec "$T" "\$@"
exec valgrind -q --error-exitcode=97 --leak-check=full --show-leak-kinds=definite \\
    --errors-for-leak-kinds=definite --log-file="$tmp/logs/vg.%p" "$T" "\$@"
WRAP
chmod +x "$tmp/sudokit"

passed=0
failed=0
for layer in tests/cli/run.sh tests/cli/variants.sh tests/cli/answers.sh tests/cli/logic.sh \
    tests/bad/run.sh; do
    echo "# $layer under valgrind"
    sh $layer "$tmp/sudokit" >"$tmp/layer.log" 2>&1
    grep -v '^ok ' "$tmp/layer.log"
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/layer.log" | tail -n 1)
    p=${summary%% passed*}
    f=${summary#*passed, }
    f=${f%% failed*}
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-1}))
done
runs=$(ls "$tmp/logs" | wc -l)
for log in "$tmp/logs"/*; do
    [ -s "$log" ] || continue
    echo "FAIL valgrind report $(basename "$log"):"
    sed -n 1,30p "$log"
    failed=$((failed + 1))
done
echo "# $runs runs of the tool under valgrind, of $(cat "$tmp/count")"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

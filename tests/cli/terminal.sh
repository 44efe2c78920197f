#!/bin/sh
# tests/cli/terminal.sh - the tool at a terminal and behind pipes that
# another program reads a line at a time: each puzzle answered as soon as
# it is complete, the progress line kept away from the results, a typo of a
# command or option answered with the nearest name.
#
#   sh tests/cli/terminal.sh build/sudokit      (run from the repository root)
#
# The interactive cases drive the tool as a coprocess through two named
# pipes, in lockstep: a puzzle is written, and its answer must come back
# before anything else is written (a tool that waited for more input, or
# for the end of it, would never answer; `timeout` turns that into a
# failure).  Output as in tests/cli/run.sh: "ok NAME" or "FAIL NAME", then
# "N passed, N failed".

T=${1:?usage: tests/cli/terminal.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-term.XXXXXX") || exit 1
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
. tests/cli/lib.sh

# Two puzzles of 17clue.txt (Royle's 17-clue collection); their answers
# are those of the same tool reading them from a file, and the classic
# grid of tests/cli/data/grid.txt with its solution.
p1=000000010400000000020000000000050407008000300001090000300400200050100000000806000
p2=000000010400000000020000000000050604008000300001090000300400200050100000000807000
printf '%s\n' $p1 $p2 >"$tmp/two"
s1=$("$T" solve "$tmp/two" | sed -n 1p)
s2=$("$T" solve "$tmp/two" | sed -n 2p)
cp tests/cli/data/grid.txt "$tmp/grid"
cat >"$tmp/gridsol" <<'G'
534678912
672195348
198342567
859761423
426853791
713924856
961537284
287419635
345286179
G

# start ARGS...: the tool as a coprocess; write with >&3, read from &4.
start() {
    rm -f "$tmp/fin" "$tmp/fout"
    mkfifo "$tmp/fin" "$tmp/fout"
    "$T" "$@" <"$tmp/fin" >"$tmp/fout" 2>"$tmp/ferr" &
    pid=$!
    exec 3>"$tmp/fin" 4<"$tmp/fout"
}

# answer K: the next K lines the tool writes, waiting at most 10 s.
answer() {
    timeout 10 sh -c 'i=0; while [ $i -lt '"$1"' ] && IFS= read -r l; do
        printf "%s\n" "$l"; i=$((i + 1)); done' <&4
}

# finish: closes the tool's input and waits for it; its status in $rc.
finish() {
    exec 3>&-
    timeout 10 cat <&4 >"$tmp/rest"
    exec 4<&-
    wait $pid
    rc=$?
    pid=
}

for j in 1 2; do
    start solve -j $j
    echo $p1 >&3
    a1=$(answer 1)
    echo $p2 >&3
    a2=$(answer 1)
    finish
    [ ${#s1} = 81 ] && [ "$a1" = "$s1" ] && [ "$a2" = "$s2" ] && [ "$rc" = 0 ] &&
        [ ! -s "$tmp/rest" ]
    verdict "lines-answered-one-at-a-time-j$j" $?
done

# a grid, in one write: its answer before anything more is written
start solve -j 2
cat "$tmp/grid" >&3
answer 9 >"$tmp/a"
finish
same grid-answered-when-complete "$tmp/gridsol" "$tmp/a"

# a line puzzle, then a grid typed after it: each answered in turn
start solve
echo $p1 >&3
a1=$(answer 1)
cat "$tmp/grid" >&3
answer 10 >"$tmp/a"
finish
{ echo; cat "$tmp/gridsol"; } >"$tmp/e"
[ "$a1" = "$s1" ] && cmp -s "$tmp/a" "$tmp/e"
verdict line-then-grid $?

# a grid and its rule lines in one write are one puzzle (r1c3 + r2c3 is
# 4 + 2 in the solution: a cage of 5 leaves no solution)
{ cat "$tmp/grid"; echo 'cage 5: r1c3 r2c3'; } >"$tmp/g5"
{ cat "$tmp/grid"; echo 'cage 6: r1c3 r2c3'; } >"$tmp/g6"
start solve
cat "$tmp/g5" >&3 # one write
a=$(answer 1)
cat "$tmp/g6" >&3
answer 10 >"$tmp/a"
finish
{ echo; cat "$tmp/gridsol"; } >"$tmp/e"
case $a in none*) [ "$rc" = 1 ] ;; *) false ;; esac
verdict grid-with-rules-one-puzzle $?
same grid-with-rules-then-unique "$tmp/e" "$tmp/a"

# a grid typed a few rows at a time is still one grid
{ head -n 4 "$tmp/grid"; sleep 1; tail -n 5 "$tmp/grid"; } | "$T" solve -j 2 >"$tmp/a" 2>"$tmp/e"
[ ! -s "$tmp/e" ] && cmp -s "$tmp/a" "$tmp/gridsol"
verdict grid-typed-in-pieces $?

# ... but a grid is complete at its last row: a rule line that comes
# after a pause is a line of its own (documented: rules come with their
# grid)
{ cat "$tmp/grid"; sleep 1; echo 'cage 5: r1c3 r2c3'; } | "$T" solve >"$tmp/a" 2>"$tmp/e"
rc=$?
{ cat "$tmp/gridsol"; printf '\ninvalid\n'; } >"$tmp/e2"
cmp -s "$tmp/a" "$tmp/e2" && [ "$rc" = 3 ] &&
    grep -q '<stdin>:10:1: a rule line must follow its puzzle' "$tmp/e"
verdict rule-after-a-pause $?

# JSON Lines too, and `count`
start count --json
echo $p1 >&3
a=$(answer 1)
finish
case $a in '{"index":0,"status":"unique","count":1,"complete":true'*) true ;; *) echo "$a"; false ;; esac
verdict count-json-answered-at-once $?

# the end of input (one Ctrl-D at a terminal) ends the run at once
start solve -j 2
finish
[ "$rc" = 0 ] && [ ! -s "$tmp/rest" ]
verdict end-of-input-ends-the-run $?

# The progress line: shown on a terminal stderr while the results go
# elsewhere, never when the results share that terminal.  It appears once
# a run has taken a second, so the input pauses for longer than that
# halfway (however fast the machine).
if command -v python3 >/dev/null 2>&1; then
    grep -v '^#' ../shared/data/17clue.txt 2>/dev/null | head -n 3000 >"$tmp/big"
    # the puzzles with the pause halfway
    paused() { head -n 1500 "$tmp/big"; sleep 1.5; tail -n +1501 "$tmp/big"; }
    if [ -s "$tmp/big" ]; then
        paused | python3 tests/cli/pty_run.py stderr "$tmp/tty" "$T" solve -j 1 >"$tmp/o"
        rc=$?
        [ "$rc" = 0 ] && grep -q 'puzzles, .*/s' "$tmp/tty" && [ "$(wc -l <"$tmp/o")" = "$(wc -l <"$tmp/big")" ] &&
            ! grep -q 'sudokit' "$tmp/o"
        verdict progress-on-its-own-terminal $?
        paused | python3 tests/cli/pty_run.py both "$tmp/tty" "$T" solve -j 2
        rc=$?
        [ "$rc" = 0 ] && ! grep -q 'puzzles, ' "$tmp/tty" && ! grep -q "$(printf '\033')" "$tmp/tty"
        verdict no-progress-among-results $?
    else
        echo "skipped: progress line (../shared/data/17clue.txt not found)"
    fi
else
    echo "skipped: progress line (python3 not found)"
fi

# A typo of a command or an option: the nearest name
err <<'E'
sudokit: error: unknown command 'solv'; did you mean 'solve'?
Try 'sudokit --help'.
E
run suggest-command 2 solv
err <<'E'
sudokit: error: unknown command 'enum'; did you mean 'enumerate'?
Try 'sudokit --help'.
E
run suggest-command-prefix 2 enum
err <<'E'
sudokit: error: unknown command 'frobnicate'
Try 'sudokit --help'.
E
run no-suggestion-when-nothing-is-near 2 frobnicate
err <<'E'
sudokit: error: unknown option '--timout' for 'solve'; did you mean '--timeout'?
Try 'sudokit solve --help'.
E
run suggest-option 2 solve --timout 3
err <<'E'
sudokit: error: unknown option '--limit' for 'solve'
Try 'sudokit solve --help'.
E
run no-suggestion-of-another-commands-option 2 solve --limit 3

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

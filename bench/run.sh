#!/bin/sh
# bench/run.sh TOOL [OPTIONS] - sudokit against named references, in one run.
#
#   sh bench/run.sh build/sudokit          (what `make bench` runs; from the
#                                           repository root or anywhere)
# Options:
#   --timeout S   sudokit's limit per puzzle on the 16x16 and 25x25 sets
#                 (default 10 s; a puzzle over it counts as a timeout)
#   --sample K    qqwing runs on every K-th puzzle of forum_hardest_11plus
#                 (default 20; qqwing needs minutes for the whole set)
#   --sat-limit S CaDiCaL's limit per run (default 120 s)
#   --data DIR    the puzzle collections (default ../shared/data)
#   --results F   where the table goes besides stdout (default
#                 bench/RESULTS.md; '-' for nowhere)
#   --only a|b    only part (a) large grids vs CaDiCaL, or (b) 9x9 vs qqwing
#
# (a) 16x16_tarek20 and 25x25_frisch6: `sudokit solve` (uniqueness) against
#     CaDiCaL on the CNF encoding with uniqueness proven the SAT way: per
#     puzzle `sudokit cnf`, CaDiCaL for a model, bench/sat_block.sh adds the
#     clause that forbids it, CaDiCaL again must answer UNSAT.
# (b) 17clue and forum_hardest_11plus: `sudokit solve` against
#     `qqwing --solve`, with and without the uniqueness question.
#
# Every answer is checked: sudokit's solutions with `sudokit check` and
# against the givens, against qqwing's and CaDiCaL's where both have one.
# Times are CPU seconds (user + system) of whole processes, one thread each,
# measured by bench/timed.c (built here with cc); wall seconds are shown in
# parentheses.  Installs nothing: a missing qqwing or cadical is reported
# with the command that installs it, and its comparison is left out.
# Progress goes to stderr, the markdown table to stdout and --results.

usage() {
    echo "usage: sh bench/run.sh TOOL [--timeout S] [--sample K] [--sat-limit S] [--data DIR]" >&2
    echo "                            [--results FILE] [--only a|b]" >&2
    exit 2
}
[ $# -ge 1 ] || usage
TOOL=$1
shift
TIMEOUT=10
SAMPLE=20
SAT_LIMIT=120
DATA=
RESULTS=bench/RESULTS.md
ONLY=
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --timeout) TIMEOUT=$2 ;;
    --sample) SAMPLE=$2 ;;
    --sat-limit) SAT_LIMIT=$2 ;;
    --data) DATA=$2 ;;
    --results) RESULTS=$2 ;;
    --only) ONLY=$2 ;;
    *) usage ;;
    esac
    shift 2
done
case $ONLY in '' | a | b) ;; *) usage ;; esac
case $SAMPLE in '' | *[!0-9]* | 0) usage ;; esac

case $TOOL in /*) ;; *) TOOL=$(pwd)/$TOOL ;; esac
case $DATA in '' | /*) ;; *) DATA=$(pwd)/$DATA ;; esac
case $RESULTS in - | /*) ;; *) RESULTS=$(pwd)/$RESULTS ;; esac
cd "$(dirname "$0")/.." || exit 2
[ -n "$DATA" ] || DATA=$(cd ../shared/data 2>/dev/null && pwd)
[ -x "$TOOL" ] || { echo "bench: no tool at $TOOL (run make first)" >&2; exit 2; }
[ -d "$DATA" ] || { echo "bench: no puzzle collections at '$DATA' (--data DIR)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
CC=${CC:-cc}
$CC -std=c11 -D_XOPEN_SOURCE=700 -O2 -o "$tmp/timed" bench/timed.c ||
    { echo "bench: cannot build bench/timed.c with $CC" >&2; exit 2; }
start=$(date +%s)

say() { echo "bench: $*" >&2; }
f2() { awk "BEGIN { printf \"%.2f\", $1 }"; }
# timed ARGS...: runs bench/timed; sets W (wall), C (cpu) and ST (status)
timed() {
    set -- $("$tmp/timed" "$@")
    W=$1 C=$2 ST=${3:-missing}
    [ "$ST" = signal ] && ST="signal $4"
}
# stat_of FILE WORD: a number from sudokit's --stats line ("unique 20", "2.57 guesses/puzzle")
stat_of() {
    case $2 in
    guesses) sed -n 's/.* \([0-9.]*\) guesses\/puzzle.*/\1/p' "$1" ;;
    *) sed -n "s/.*[(,] *$2 \\([0-9]*\\)[,)].*/\\1/p" "$1" ;;
    esac | head -n 1
}
count_puzzles() { grep -c '^[^#]' "$1"; }
notes=
note() { notes="$notes
- $*"; say "$*"; }

have_cadical=1 have_qqwing=1
command -v cadical >/dev/null 2>&1 || { have_cadical=0; note "cadical is not installed, the CaDiCaL comparison is left out (apt-get install cadical)"; }
command -v qqwing >/dev/null 2>&1 || { have_qqwing=0; note "qqwing is not installed, the qqwing comparison is left out (apt-get install qqwing)"; }

# check_solutions PUZZLES SOLUTIONS OPTS...: 0 when every line of SOLUTIONS is
# a complete grid without conflict that keeps the givens of the same line of
# PUZZLES; lines that are a status word (timeout...) are skipped.
check_solutions() {
    puz=$1 sol=$2
    shift 2
    paste -d ' ' "$puz" "$sol" | awk '
        $2 ~ /^(timeout|none|multiple|invalid)$/ { next }
        { for (i = 1; i <= length($1); i++) { c = substr($1, i, 1)
              if (c != "." && c != "0" && c != substr($2, i, 1)) { print "given " NR; exit 1 } }
          print $2 }' >"$tmp/chk.txt" || return 1
    [ -s "$tmp/chk.txt" ] || return 0
    bad=$("$TOOL" check -q "$@" "$tmp/chk.txt" | grep -vc '^ok (complete)$')
    [ "$bad" = 0 ]
}

table= table_a= table_b=

# ------------------------------------------------------------------ (a)
# large SET FILE ISSUE_SECONDS
large() {
    set_name=$1 file=$DATA/$2 issue=$3
    if [ ! -f "$file" ]; then
        note "$file is missing, $set_name left out"
        return
    fi
    n=$(count_puzzles "$file")
    grep '^[^#]' "$file" >"$tmp/puzzles.txt"
    say "$set_name: sudokit solve, $n puzzles, --timeout $TIMEOUT"
    # Output goes to a file, not /dev/null: it is checked below, and writing
    # $n lines costs nothing next to the search.
    timed -o "$tmp/sk.txt" -e "$tmp/sk.err" "$TOOL" solve --stats --timeout "$TIMEOUT" "$file"
    sk_w=$W sk_c=$C sk_st=$ST
    uniq=$(stat_of "$tmp/sk.err" unique)
    touts=$(stat_of "$tmp/sk.err" timeout)
    guesses=$(stat_of "$tmp/sk.err" guesses)
    uniq=${uniq:-0} touts=${touts:-0}
    sk_answer="$uniq unique"
    [ "$touts" = 0 ] || sk_answer="$sk_answer, $touts timeout at $TIMEOUT s"
    other=$((n - uniq - touts))
    [ "$other" = 0 ] || { sk_answer="$sk_answer, $other other"; note "$set_name: sudokit gave $other puzzles neither unique nor timeout"; }
    [ "$sk_st" = 0 ] || [ "$sk_st" = 1 ] || note "$set_name: sudokit solve ended with status $sk_st"
    if check_solutions "$tmp/puzzles.txt" "$tmp/sk.txt"; then
        sk_ok=yes
    else
        sk_ok=NO
        note "$set_name: a sudokit solution failed the check"
    fi
    sk_time="$(f2 "$sk_c") ($(f2 "$sk_w"))"
    [ "$touts" = 0 ] || sk_time="≥ $sk_time"

    sat_total="-" sat_solve="-" ratio="-" sat_answer="-"
    if [ $have_cadical = 1 ]; then
        say "$set_name: CaDiCaL, $n puzzles: sudokit cnf, cadical, block, cadical"
        : >"$tmp/sat.log"
        : >"$tmp/sat.txt.$set_name"
        k=0
        while [ $k -lt "$n" ]; do
            timed -o "$tmp/p.cnf" "$TOOL" cnf --index $k "$file"
            echo "$k encode $W $C $ST" >>"$tmp/sat.log"
            timed -t "$SAT_LIMIT" -o "$tmp/m.txt" cadical -q "$tmp/p.cnf"
            echo "$k solve $W $C $ST" >>"$tmp/sat.log"
            if [ "$ST" = 10 ]; then
                timed -o "$tmp/b.cnf" sh bench/sat_block.sh "$tmp/m.txt" "$tmp/p.cnf" "$tmp/sat-$k.txt"
                echo "$k block $W $C $ST" >>"$tmp/sat.log"
                timed -t "$SAT_LIMIT" cadical -q -n "$tmp/b.cnf"
                echo "$k prove $W $C $ST" >>"$tmp/sat.log"
            else
                echo '?' >"$tmp/sat-$k.txt"
            fi
            cat "$tmp/sat-$k.txt" >>"$tmp/sat.txt.$set_name"
            k=$((k + 1))
        done
        # totals: everything, and the two cadical runs only
        set -- $(awk '{ w += $3; c += $4 } $2 == "solve" || $2 == "prove" { sw += $3; sc += $4 }
            END { printf "%.6f %.6f %.6f %.6f", w, c, sw, sc }' "$tmp/sat.log")
        sat_w=$1 sat_c=$2 solve_w=$3 solve_c=$4
        sat_unique=$(awk '$2 == "prove" && $5 == 20' "$tmp/sat.log" | wc -l)
        sat_found=$(awk '$2 == "solve" && $5 == 10' "$tmp/sat.log" | wc -l)
        sat_tout=$(awk '$5 == "timeout"' "$tmp/sat.log" | wc -l)
        sat_answer="$sat_unique unique"
        [ "$sat_found" = "$n" ] || sat_answer="$sat_answer, $((n - sat_found)) without model"
        [ "$sat_tout" = 0 ] || sat_answer="$sat_answer, $sat_tout runs over $SAT_LIMIT s"
        sat_total="$(f2 "$sat_c") ($(f2 "$sat_w"))"
        sat_solve="$(f2 "$solve_c") ($(f2 "$solve_w"))"
        ratio=$(f2 "$sat_c / $sk_c")
        [ "$touts" = 0 ] || ratio="≤ $ratio"
        # the SAT answers are solutions, and the same as sudokit's where both have one
        if ! check_solutions "$tmp/puzzles.txt" "$tmp/sat.txt.$set_name"; then
            note "$set_name: a CaDiCaL model failed the check"
            sk_ok=NO
        fi
        diff=$(paste -d ' ' "$tmp/sk.txt" "$tmp/sat.txt.$set_name" |
            awk '$1 !~ /^(timeout|none|multiple|invalid)$/ && $1 != $2' | wc -l)
        if [ "$diff" = 0 ]; then
            [ "$sk_ok" = yes ] && sk_ok="yes, = CaDiCaL"
        else
            sk_ok=NO
            note "$set_name: $diff solutions differ between sudokit and CaDiCaL"
        fi
    fi
    table="$table
| $set_name | $n | $sk_answer | $sk_time | $guesses | $sat_answer | $sat_total | $sat_solve | $issue | $ratio | $sk_ok |"
}

if [ "$ONLY" != b ]; then
    large 16x16_tarek20 16x16_tarek20.txt "0.7 s"
    large 25x25_frisch6 25x25_frisch6.txt "31 s"
    table_a="## (a) Large grids: sudokit against CaDiCaL, uniqueness proven on both sides

| set | puzzles | sudokit answers | sudokit s | guesses/puzzle | CaDiCaL answers | CaDiCaL total s | CaDiCaL solving only s | issue's CaDiCaL figure | ratio | answers checked |
|---|---:|---|---:|---:|---|---:|---:|---:|---:|---|$table"
    table=
fi

# ------------------------------------------------------------------ (b)
# pps COUNT CPU: puzzles per second
pps() { awk "BEGIN { printf \"%.0f\", ($2 > 0 ? $1 / $2 : 0) }"; }
# usp COUNT CPU: microseconds per puzzle
usp() { awk "BEGIN { printf \"%.1f\", ($1 > 0 ? $2 * 1e6 / $1 : 0) }"; }

# nine SET FILE WITH_QQWING QUESTIONS: sudokit (and qqwing when WITH_QQWING
# is 1) on FILE, for each question: unique (uniqueness), first (first solution)
nine() {
    set_name=$1 file=$2 with_qqwing=$3 questions=$4
    n=$(count_puzzles "$file")
    for q in $questions; do
        flag= word=unique
        [ $q = first ] && flag=--first word=solved
        # a checking run (it warms the caches too), then the timed run with
        # output to /dev/null
        say "$set_name: $n puzzles: sudokit solve${flag:+ $flag}, checked, then timed"
        "$TOOL" solve -q $flag "$file" >"$tmp/sol.txt"
        if check_solutions "$file" "$tmp/sol.txt" && [ "$(wc -l <"$tmp/sol.txt")" = "$n" ] &&
            ! grep -q '^[a-z]' "$tmp/sol.txt"; then
            ok_sk=yes
        else
            ok_sk=NO
            note "$set_name: sudokit's answers ($q) failed the check"
        fi
        timed -e "$tmp/sk.err" "$TOOL" solve --stats $flag "$file"
        sk_c=$C sk_w=$W
        guesses=$(stat_of "$tmp/sk.err" guesses)
        answered=$(stat_of "$tmp/sk.err" $word)
        [ "${answered:-0}" = "$n" ] || { ok_sk=NO; note "$set_name: sudokit $q: only ${answered:-0} of $n answered"; }
        qq="-" ratio="-" ok=$ok_sk
        if [ "$with_qqwing" = 1 ] && [ $have_qqwing = 1 ]; then
            qflag=
            [ $q = unique ] && qflag=--count-solutions
            say "$set_name: qqwing --solve${qflag:+ $qflag}"
            timed -t 600 -i "$file" -o "$tmp/qq.txt" qqwing --solve --one-line $qflag
            qq_c=$C qq_w=$W
            grep -v 'solution' "$tmp/qq.txt" >"$tmp/qqsol.txt"
            qq_unique=$(grep -c '^The solution to the puzzle is unique\.$' "$tmp/qq.txt")
            if [ "$ST" != 0 ]; then
                ok=NO
                note "$set_name: qqwing ended with status $ST"
            elif ! cmp -s "$tmp/qqsol.txt" "$tmp/sol.txt"; then
                ok=NO
                note "$set_name: qqwing's solutions differ from sudokit's ($(wc -l <"$tmp/qqsol.txt") lines)"
            elif [ $q = unique ] && [ "$qq_unique" != "$n" ]; then
                ok=NO
                note "$set_name: qqwing calls $qq_unique of $n unique"
            elif [ "$ok" = yes ]; then
                ok="yes, = qqwing"
            fi
            qq="$(pps "$n" "$qq_c") ($(pps "$n" "$qq_w"))"
            ratio=$(f2 "$qq_c / $sk_c")
        fi
        question="uniqueness"
        [ $q = first ] && question="first solution"
        qqcmd="\`--solve$([ $q = unique ] && echo ' --count-solutions')\`"
        [ "$with_qqwing" = 1 ] || qqcmd="-"
        table="$table
| $set_name | $n | $question | $(pps "$n" "$sk_c") ($(pps "$n" "$sk_w")) | $(usp "$n" "$sk_c") | $guesses | $qq | $qqcmd | $ratio | $ok |"
    done
}

if [ "$ONLY" != a ]; then
    for f in 17clue.txt forum_hardest_11plus.txt; do
        [ -f "$DATA/$f" ] || note "$DATA/$f is missing, left out"
    done
    if [ -f "$DATA/17clue.txt" ]; then
        grep '^[^#]' "$DATA/17clue.txt" >"$tmp/17clue.txt"
        nine 17clue "$tmp/17clue.txt" 1 "unique first"
    fi
    if [ -f "$DATA/forum_hardest_11plus.txt" ]; then
        grep '^[^#]' "$DATA/forum_hardest_11plus.txt" | awk -v k="$SAMPLE" 'NR % k == 1' >"$tmp/forum_sample.txt"
        nine "forum_hardest 1/$SAMPLE" "$tmp/forum_sample.txt" 1 "unique first"
        grep '^[^#]' "$DATA/forum_hardest_11plus.txt" >"$tmp/forum.txt"
        nine forum_hardest "$tmp/forum.txt" 0 unique
    fi
    table_b="## (b) 9x9: sudokit against qqwing

| set | puzzles | question | sudokit puzzles/s | sudokit µs/puzzle | guesses/puzzle | qqwing puzzles/s | qqwing options | ratio | answers checked |
|---|---:|---|---:|---:|---:|---:|---|---:|---|$table"
fi

# ------------------------------------------------------------------ report
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
cc_version=$($CC --version 2>/dev/null | head -n 1)
rev=$(git rev-parse --short HEAD 2>/dev/null)
[ -n "$rev" ] && [ -n "$(git status --porcelain -- src include cli Makefile 2>/dev/null)" ] && rev="$rev + uncommitted changes"
cad_version=$([ $have_cadical = 1 ] && cadical --version 2>/dev/null)
qq_version=$([ $have_qqwing = 1 ] && qqwing --version 2>/dev/null | head -n 1)
elapsed=$(($(date +%s) - start))

report() {
    cat <<EOF
# sudokit benchmark

- date: $(date -u '+%Y-%m-%d %H:%M UTC'); whole run $elapsed s
- machine: ${cpu:-unknown CPU}, nproc $(nproc 2>/dev/null || echo '?'), load average at the end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
- compiler: ${cc_version:-unknown} (\`make\`, -O2); sudokit $("$TOOL" --version | cut -d' ' -f2)${rev:+ at $rev}, engine $("$TOOL" engines --json | sed -n '1s/^{"name":"\([^"]*\)".*/\1/p') chosen automatically
- references: CaDiCaL ${cad_version:-missing}, qqwing ${qq_version:-missing}
- time: CPU seconds (user + system) of the whole processes, one thread each; wall seconds in parentheses.
  Puzzles per second likewise (CPU, then wall).  ratio = reference CPU time / sudokit CPU time:
  above 1 sudokit is faster.  "≥"/"≤" where sudokit timed out: its time is then only a lower bound.
EOF
    if [ -n "$table_a" ]; then
        cat <<EOF

$table_a

sudokit: \`sudokit solve --timeout $TIMEOUT FILE\` on the whole file (uniqueness proven), one process.
CaDiCaL total: for each puzzle \`sudokit cnf --index K\`, \`cadical -q\` for a model, bench/sat_block.sh
adds the clause forbidding it, \`cadical -q -n\` proves UNSAT (the puzzle is unique); everything
counted, process starts included.  Solving only: the two cadical runs per puzzle, the form in which
the issue quotes CaDiCaL on ready-made CNF files.
EOF
    fi
    if [ -n "$table_b" ]; then
        cat <<EOF

$table_b

sudokit: \`sudokit solve FILE\` (uniqueness) or \`sudokit solve --first FILE\`, output to /dev/null.
qqwing: \`qqwing --solve --one-line [--count-solutions] < FILE\`; \`--count-solutions\` is its
uniqueness question.  "forum_hardest 1/$SAMPLE" is every $SAMPLE-th puzzle of
forum_hardest_11plus.txt (qqwing needs minutes for the whole set); the whole set is run by
sudokit alone.  Comment lines are removed beforehand, outside the timing.
EOF
    fi
    if [ -n "$notes" ]; then
        printf '\nNotes:%s\n' "$notes"
    fi
}
report
[ "$RESULTS" = - ] || report >"$RESULTS"
say "done in $elapsed s${RESULTS:+, table in $RESULTS}"

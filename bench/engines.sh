#!/bin/sh
# bench/engines.sh [TOOL] [OPTIONS] - every engine of the registry side by
# side on the same collections: answers, nodes, guesses and search time.
#
#   sh bench/engines.sh build/sudokit          (from the repository root)
# Options:
#   --timeout S   limit per puzzle (default 10 s; a puzzle over it counts as
#                 a timeout and its time as S)
#   --runs K      timed runs per engine and set; the fastest is kept
#                 (default 2: the machine may be shared)
#   --head K      puzzles taken from 17clue and forum_hardest_11plus
#                 (default 5000; 0 = all)
#   --data DIR    the collections (default ../shared/data)
#   --results F   where the report goes besides stdout (default
#                 bench/ENGINES.md; '-' for nowhere)
#
# Table 1: `TOOL solve --json --engine E [--diagonals] FILE` (uniqueness
# question) per set; nodes, guesses and time are summed from the JSON
# records, so the time is the library's search time per puzzle (time_us,
# whole microseconds), without reading and writing.  Table 2: the three
# 9x9 sets through bench/rawsolve.c (built here against the TOOL's
# libsudokit.a), which times sk_solver_run alone with nanosecond clocks.
# Progress goes to stderr, the markdown report to stdout and --results.

usage() {
    echo "usage: sh bench/engines.sh [TOOL] [--timeout S] [--runs K] [--head K] [--data DIR] [--results FILE]" >&2
    exit 2
}
TOOL=build/sudokit
case $1 in -*) ;; '') ;; *) TOOL=$1; shift ;; esac
TIMEOUT=10 RUNS=2 HEAD=5000 DATA= RESULTS=bench/ENGINES.md
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --timeout) TIMEOUT=$2 ;;
    --runs) RUNS=$2 ;;
    --head) HEAD=$2 ;;
    --data) DATA=$2 ;;
    --results) RESULTS=$2 ;;
    *) usage ;;
    esac
    shift 2
done
case $RUNS in '' | *[!0-9]* | 0) usage ;; esac
case $HEAD in '' | *[!0-9]*) usage ;; esac
case $TOOL in /*) ;; *) TOOL=$(pwd)/$TOOL ;; esac
case $DATA in '' | /*) ;; *) DATA=$(pwd)/$DATA ;; esac
case $RESULTS in - | /*) ;; *) RESULTS=$(pwd)/$RESULTS ;; esac
cd "$(dirname "$0")/.." || exit 2
[ -n "$DATA" ] || DATA=$(cd ../shared/data 2>/dev/null && pwd)
[ -x "$TOOL" ] || { echo "engines: no tool at $TOOL (run make first)" >&2; exit 2; }
[ -d "$DATA" ] || { echo "engines: no collections at '$DATA' (--data DIR)" >&2; exit 2; }
LIB=$(dirname "$TOOL")/libsudokit.a

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-engines.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
say() { echo "engines: $*" >&2; }
start=$(date +%s)
# general first: every ratio is against it
ENGINES=$("$TOOL" engines --json | sed 's/^{"name":"\([^"]*\)".*/\1/' |
    awk '$0 == "general" { print; next } { rest = rest $0 "\n" } END { printf "%s", rest }')

# take NAME FILE: the puzzles of FILE (comment lines dropped, at most HEAD
# of them for the big sets) in $tmp/NAME.txt
take() {
    if [ "$HEAD" -gt 0 ] && [ "$1" != top1465 ]; then
        grep -v '^#' "$DATA/$2" | head -n "$HEAD" >"$tmp/$1.txt"
    else
        grep -v '^#' "$DATA/$2" >"$tmp/$1.txt"
    fi
}

# stats FILE: "puzzles unique timeouts other nodes guesses microseconds refused"
# from solve --json records (a timed-out puzzle's time_us is about the limit)
stats() {
    awk '
        { n++
          st = $0; sub(/.*"status":"/, "", st); sub(/".*/, "", st)
          if (st == "unique") u++; else if (st == "timeout") t++; else o++
          if (st == "invalid" && $0 ~ /does not support/) r++
          for (f = 1; f <= 3; f++) {
              key = f == 1 ? "nodes" : f == 2 ? "guesses" : "time_us"
              v = $0; if (!sub(".*\"" key "\":", "", v)) continue
              sub(/[^0-9].*/, "", v); sum[f] += v
          }
        }
        END { printf "%d %d %d %d %.0f %.0f %.0f %d\n", n, u, t, o, sum[1], sum[2], sum[3], r }' "$1"
}

table1=
general_us=
refused_sets=
# row SET FILE OPTS...: every engine on one set
row() {
    set_name=$1 file=$2
    shift 2
    opts="$*"
    general_us=
    for e in $ENGINES; do
        best=
        k=0
        while [ $k -lt "$RUNS" ]; do
            say "$set_name: $e, run $((k + 1)) of $RUNS"
            "$TOOL" solve -j 1 --json --timeout "$TIMEOUT" --engine "$e" $opts "$file" >"$tmp/out.json" 2>"$tmp/err"
            s=$(stats "$tmp/out.json")
            set -- $s
            us=$7
            if [ -z "$best" ] || [ "$us" -lt "$(echo "$best" | cut -d' ' -f7)" ]; then
                best=$s
            fi
            k=$((k + 1))
            [ "$8" = "$1" ] && break # refused: once is enough
        done
        set -- $best
        n=$1 u=$2 t=$3 o=$4 nodes=$5 guesses=$6 us=$7
        if [ "$8" = "$n" ]; then
            refused_sets="$refused_sets
- $e does not accept $set_name"
            continue
        fi
        answers="$u unique"
        [ "$t" = 0 ] || answers="$answers, $t timeout"
        [ "$o" = 0 ] || answers="$answers, $o other"
        [ "$e" = general ] && general_us=$us
        ratio=-
        [ -n "$general_us" ] && [ "$general_us" -gt 0 ] &&
            ratio=$(awk "BEGIN { printf \"%.2f\", $us / $general_us }")
        secs=$(awk "BEGIN { printf \"%.3f\", $us / 1e6 }")
        [ "$t" = 0 ] || { secs="≥ $secs"; ratio="≥ $ratio"; }
        table1="$table1
| $set_name | $n | $e | $answers | $(awk "BEGIN { printf \"%.1f\", $nodes / $n }") | $(awk "BEGIN { printf \"%.2f\", $guesses / $n }") | $secs | $(awk "BEGIN { printf \"%.1f\", $us / $n }") | $ratio |"
    done
}

take 17clue 17clue.txt
take top1465 top1465.txt
take forum forum_hardest_11plus.txt
h=$([ "$HEAD" -gt 0 ] && echo " (first $HEAD)")
row "17clue$h" "$tmp/17clue.txt"
row top1465 "$tmp/top1465.txt"
row "forum_hardest_11plus$h" "$tmp/forum.txt"
row 16x16_janko "$DATA/16x16_janko.txt"
row 16x16_tarek20 "$DATA/16x16_tarek20.txt"
for f in "$DATA"/jigsaw_*.txt; do
    b=${f##*/}
    row "${b%.txt}" "$f"
done
row "x9_janko_odd (--diagonals)" "$DATA/x9_janko_odd.txt" --diagonals
# the hard 25x25 set: one run per engine (general and dlx reach the limit)
runs_all=$RUNS
RUNS=1
row 25x25_frisch6 "$DATA/25x25_frisch6.txt"
row 64x64_shnarazk "$DATA/64x64_shnarazk.txt"
RUNS=$runs_all

# ------------------------------------------------------------------ rawsolve
table2=
CC=${CC:-cc}
if [ -f "$LIB" ] && $CC -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -o "$tmp/rawsolve" \
    bench/rawsolve.c "$LIB" -lm -pthread 2>"$tmp/cc.err"; then
    for s in 17clue top1465 forum; do
        general_s=
        for e in $ENGINES; do
            best=
            k=0
            while [ $k -lt "$RUNS" ]; do
                say "rawsolve $s: $e, run $((k + 1)) of $RUNS"
                line=$("$tmp/rawsolve" -e "$e" -t "$TIMEOUT" "$tmp/$s.txt")
                secs=$(echo "$line" | sed -n 's/.* bad, \([0-9.]*\) s,.*/\1/p')
                if [ -z "$best" ] || awk "BEGIN { exit !($secs < ${best%%|*}) }"; then
                    best="$secs|$line"
                fi
                k=$((k + 1))
            done
            secs=${best%%|*} line=${best#*|}
            n=${line%% puzzles*}
            nodes=$(echo "$line" | sed -n 's/.*nodes \([0-9.]*\)\/puzzle.*/\1/p')
            guesses=$(echo "$line" | sed -n 's/.*guesses \([0-9.]*\)\/puzzle.*/\1/p')
            uniq=$(echo "$line" | sed -n 's/.*puzzles, \([0-9]*\) unique.*/\1/p')
            [ "$e" = general ] && general_s=$secs
            ratio=-
            [ -n "$general_s" ] && ratio=$(awk "BEGIN { printf \"%.2f\", $secs / $general_s }")
            name=$s
            [ $s = forum ] && name=forum_hardest_11plus
            [ $s = top1465 ] || name="$name$h"
            table2="$table2
| $name | $n | $e | $uniq | $nodes | $guesses | $secs | $(awk "BEGIN { printf \"%.1f\", $secs * 1e6 / $n }") | $ratio |"
        done
    done
else
    say "cannot build bench/rawsolve.c against $LIB: table 2 left out"
fi

# ------------------------------------------------------------------ report
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
cc_version=$($CC --version 2>/dev/null | head -n 1)
rev=$(git rev-parse --short HEAD 2>/dev/null)
[ -n "$rev" ] && [ -n "$(git status --porcelain -- src include cli 2>/dev/null)" ] && rev="$rev + uncommitted changes"
elapsed=$(($(date +%s) - start))
report() {
    cat <<EOF
# Engines side by side

- date: $(date -u '+%Y-%m-%d %H:%M UTC'); whole run $elapsed s
- machine: ${cpu:-unknown CPU}, nproc $(nproc 2>/dev/null || echo '?'), load average at the end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
- compiler: ${cc_version:-unknown} (\`make\`, -O2); sudokit $("$TOOL" --version | cut -d' ' -f2)${rev:+ at $rev}
- command: \`sh bench/engines.sh $(echo "$TOOL" | sed "s|^$(pwd)/||") --timeout $TIMEOUT --runs $RUNS --head $HEAD\`
- question: uniqueness (\`sudokit solve\`), one thread; every time is the fastest of $RUNS runs
  (the machine is shared with other jobs).  "≥" where a puzzle reached the $TIMEOUT s limit
  (its time counts as the limit).  ratio = engine time / general's time on the same set.
- nodes: each engine's own count (general: propagation fixpoints, the root and every
  alternative tried; dlx: the root and every row tried, forced rows included, so its nodes
  are cheap and many); guesses: alternatives tried that were not the last of their choice.

## 1. Every set, through the command line

Search time summed from \`sudokit solve --json\` records (time_us: sk_solver_run per
puzzle, whole microseconds; reading and writing not included).

| set | puzzles | engine | answers | nodes/puzzle | guesses/puzzle | search s | µs/puzzle | ratio |
|---|---:|---|---|---:|---:|---:|---:|---:|$table1
EOF
    if [ -n "$refused_sets" ]; then
        printf '\nLeft out (the engine refuses the puzzles: SK_EUNSUPPORTED):%s\n' "$refused_sets"
    fi
    if [ -n "$table2" ]; then
        cat <<EOF

## 2. The 9x9 sets through bench/rawsolve.c

\`rawsolve -e ENGINE -t $TIMEOUT FILE\`: sk_solver_run alone, timed with a nanosecond clock,
every solution checked with sk_verify.

| set | puzzles | engine | unique | nodes/puzzle | guesses/puzzle | s | µs/puzzle | ratio |
|---|---:|---|---:|---:|---:|---:|---:|---:|$table2
EOF
    fi
}
report
[ "$RESULTS" = - ] || report >"$RESULTS"
say "done in $elapsed s${RESULTS:+, report in $RESULTS}"

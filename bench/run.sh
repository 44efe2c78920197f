#!/bin/sh
# bench/run.sh TOOL [OPTIONS] - sudokit against named references, in one run.
#
#   sh bench/run.sh build/sudokit          (what `make bench` runs; from the
#                                           repository root or anywhere)
# Options:
#   --timeout S   sudokit's limit per puzzle on the 16x16 and 25x25 sets
#                 (default 60 s; a puzzle over it counts as a timeout)
#   --sample K    qqwing runs on every K-th puzzle of forum_hardest_11plus
#                 (default 20; qqwing needs minutes for the whole set)
#   --rounds K    9x9 runs of 2 CPU seconds or more: sudokit and the
#                 references take turns K times (default 3; five times for
#                 shorter runs), the least time of each kept
#   --sat-limit S CaDiCaL's limit per run (default 120 s)
#   --data DIR    the puzzle collections (default ../shared/data)
#   --results F   where the table goes besides stdout (default
#                 bench/RESULTS.md; '-' for nowhere)
#   --only a|b|c  only part (a) large grids vs CaDiCaL, (b) 9x9 vs qqwing
#                 and the --solver programs, or (c) streaming memory
#   --solver NAME FIRST UNIQUE
#                 one more 9x9 reference: FIRST and UNIQUE are shell
#                 commands that read puzzles on standard input, one per
#                 line, and print one line per puzzle holding its solution
#                 as 81 digits (the first solution, and the answer with
#                 uniqueness checked).  Any number of --solver options.
#                 Example, a locally built tdoku's example program:
#                   --solver tdoku '/path/to/solve 1' '/path/to/solve 2'
#
# (a) 16x16_tarek20 and 25x25_frisch6: `sudokit solve` (uniqueness) against
#     CaDiCaL on the CNF encoding with uniqueness proven the SAT way: per
#     puzzle `sudokit cnf`, CaDiCaL for a model, bench/sat_block.sh adds the
#     clause that forbids it, CaDiCaL again must answer UNSAT.
# (b) 17clue, top1465 and forum_hardest_11plus: `sudokit solve` against
#     `qqwing --solve` and every --solver, with and without the uniqueness
#     question, one thread and as many threads as cores (sudokit -j N; a
#     reference runs as N processes on N parts of the file).  The programs
#     take turns, sudokit then every reference, five rounds when sudokit's
#     run takes under 2 CPU seconds and three (--rounds) otherwise, and the
#     least time of each is kept: short runs vary most, and the speed of a
#     shared machine drifts over minutes by more than the differences
#     measured.
# (c) a million puzzles streamed through sudokit: peak memory.
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
    echo "                            [--results FILE] [--only a|b|c] [--solver NAME FIRST UNIQUE]..." >&2
    exit 2
}
[ $# -ge 1 ] || usage
TOOL=$1
shift
TIMEOUT=60
SAMPLE=20
ROUNDS=3
SAT_LIMIT=120
DATA=
RESULTS=bench/RESULTS.md
ONLY=
nsolvers=0
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --solver)
        [ $# -ge 4 ] || usage
        nsolvers=$((nsolvers + 1))
        eval "solver_name_$nsolvers=\$2 solver_first_$nsolvers=\$3 solver_unique_$nsolvers=\$4"
        shift 2
        ;;
    --timeout) TIMEOUT=$2 ;;
    --sample) SAMPLE=$2 ;;
    --rounds) ROUNDS=$2 ;;
    --sat-limit) SAT_LIMIT=$2 ;;
    --data) DATA=$2 ;;
    --results) RESULTS=$2 ;;
    --only) ONLY=$2 ;;
    *) usage ;;
    esac
    shift 2
done
case $ONLY in '' | a | b | c) ;; *) usage ;; esac
NPROC=$(nproc 2>/dev/null || echo 1)
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
    set_name=$1 file=$DATA/$2 quoted=$3
    if [ ! -f "$file" ]; then
        note "$file is missing, $set_name left out"
        return
    fi
    n=$(count_puzzles "$file")
    grep '^[^#]' "$file" >"$tmp/puzzles.txt"
    say "$set_name: sudokit solve, $n puzzles, --timeout $TIMEOUT"
    # Output goes to a file, not /dev/null: it is checked below, and writing
    # $n lines costs nothing next to the search.
    timed -o "$tmp/sk.txt" -e "$tmp/sk.err" "$TOOL" solve -j 1 --stats --timeout "$TIMEOUT" "$file"
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
| $set_name | $n | $sk_answer | $sk_time | $guesses | $sat_answer | $sat_total | $sat_solve | $quoted | $ratio | $sk_ok |"
}

if [ "$ONLY" = "" ] || [ "$ONLY" = a ]; then
    large 16x16_tarek20 16x16_tarek20.txt "0.7 s"
    large 25x25_frisch6 25x25_frisch6.txt "31 s"
    table_a="## (a) Large grids: sudokit against CaDiCaL, uniqueness proven on both sides

| set | puzzles | sudokit answers | sudokit s | guesses/puzzle | CaDiCaL answers | CaDiCaL total s | CaDiCaL solving only s | CaDiCaL in SOURCES.md | ratio | answers checked |
|---|---:|---|---:|---:|---|---:|---:|---:|---:|---|$table"
    table=
fi

# ------------------------------------------------------------------ (b)
# pps COUNT SECONDS: puzzles per second
pps() { awk "BEGIN { printf \"%.0f\", ($2 > 0 ? $1 / $2 : 0) }"; }
# usp COUNT SECONDS: microseconds per puzzle
usp() { awk "BEGIN { printf \"%.1f\", ($1 > 0 ? $2 * 1e6 / $1 : 0) }"; }

# solutions_of OUT: the last run of 81 digits 1-9 on each line of OUT, or
# "-" for a line without one; the form every reference's output is checked in.
solutions_of() {
    awk '{ s = "-"; k = split($0, part, /[^1-9]+/)
           for (i = 1; i <= k; i++) if (length(part[i]) == 81) s = part[i]
           print s }' "$1"
}

# ref_run NAME QUESTION COMMAND FILE THREADS: runs a reference program on
# FILE (puzzles on standard input, one per line); with THREADS > 1, FILE is
# cut into THREADS parts run at the same time, one process each.  Sets C, W,
# ST and REF_OK (yes, or why not) against $tmp/sol.txt.
ref_run() {
    name=$1 rq=$2 command=$3 file=$4 threads=$5
    if [ "$threads" = 1 ]; then
        timed -t 900 -i "$file" -o "$tmp/ref.out" sh -c "$command"
    else
        # the parts and their outputs in two directories, so that a run
        # made again reads the parts only
        rm -rf "$tmp/parts" "$tmp/outs"
        mkdir "$tmp/parts" "$tmp/outs"
        split -n "l/$threads" -d "$file" "$tmp/parts/p."
        timed -t 900 sh -c "for p in \"$tmp\"/parts/p.*; do $command <\"\$p\" >\"$tmp/outs/\${p##*/}\" & done; wait"
        cat "$tmp"/outs/p.* >"$tmp/ref.out"
    fi
    REF_OK=yes
    if [ "$ST" != 0 ]; then
        REF_OK="NO: status $ST"
    else
        solutions_of "$tmp/ref.out" >"$tmp/ref.sol"
        grep -v '^-$' "$tmp/ref.sol" >"$tmp/ref.sol2"
        if ! cmp -s "$tmp/ref.sol2" "$tmp/sol.txt"; then
            REF_OK="NO: $(wc -l <"$tmp/ref.sol2") solutions, not the same as sudokit's"
        elif [ "$rq" = unique ] && [ "$name" = qqwing ] &&
            [ "$(grep -c '^The solution to the puzzle is unique\.$' "$tmp/ref.out")" != "$(wc -l <"$tmp/sol.txt")" ]; then
            REF_OK="NO: not every puzzle called unique"
        fi
    fi
    [ "$REF_OK" = yes ] || note "$name ($rq, $threads threads): $REF_OK"
}

# The references: qqwing (when installed), then every --solver.
nrefs=0
add_ref() {
    nrefs=$((nrefs + 1))
    eval "ref_name_$nrefs=\$1 ref_first_$nrefs=\$2 ref_unique_$nrefs=\$3"
}
[ $have_qqwing = 1 ] && add_ref qqwing "qqwing --solve --one-line" "qqwing --solve --one-line --count-solutions"
i=0
while [ $i -lt "$nsolvers" ]; do
    i=$((i + 1))
    eval "add_ref \"\$solver_name_$i\" \"\$solver_first_$i\" \"\$solver_unique_$i\""
done

# nine SET FILE REFS: sudokit and the references named in REFS ("all", or
# "solvers": the --solver programs only) on FILE, both questions, one
# thread and $NPROC threads.
nine() {
    set_name=$1 file=$2 refs=$3
    n=$(count_puzzles "$file")
    for q in unique first; do
        flag= word=unique question=uniqueness
        [ $q = first ] && flag=--first word=solved question="first solution"
        # a checking run (it warms the caches too), then the timed runs
        say "$set_name: $n puzzles: sudokit solve${flag:+ $flag}, checked, then timed"
        "$TOOL" solve -q -j 1 $flag "$file" >"$tmp/sol.txt"
        if check_solutions "$file" "$tmp/sol.txt" && [ "$(wc -l <"$tmp/sol.txt")" = "$n" ] &&
            ! grep -q '^[a-z]' "$tmp/sol.txt"; then
            ok_sk=yes
        else
            ok_sk=NO
            note "$set_name: sudokit's answers ($q) failed the check"
        fi
        # the 9x9 engine against the general engine, every puzzle
        if [ $q = unique ]; then
            say "$set_name: the general engine on every puzzle, for comparison"
            "$TOOL" solve -q --engine general $flag "$file" >"$tmp/gen.txt"
            if cmp -s "$tmp/gen.txt" "$tmp/sol.txt"; then
                [ "$ok_sk" = NO ] || ok_sk="$ok_sk, = general engine"
            else
                ok_sk=NO
                note "$set_name: the 9x9 and general engines disagree"
            fi
        fi
        for threads in 1 $NPROC; do
            [ "$threads" = 1 ] || [ "$NPROC" -gt 1 ] || continue
            timed -e "$tmp/sk.err" "$TOOL" solve --stats -j "$threads" $flag "$file"
            sk_c=$C sk_w=$W
            guesses=$(stat_of "$tmp/sk.err" guesses)
            answered=$(stat_of "$tmp/sk.err" $word)
            [ "${answered:-0}" = "$n" ] || { ok_sk=NO; note "$set_name: sudokit $q -j $threads: only ${answered:-0} of $n answered"; }
            checked=$ok_sk
            # Rounds: sudokit, then every reference, and again: five rounds
            # when sudokit's run took under 2 CPU seconds, else ROUNDS; the
            # least time of each program is kept.  Short runs vary most,
            # and this machine's speed drifts over minutes, so the programs
            # take turns rather than each being timed in a block of its own.
            rounds=$ROUNDS
            awk "BEGIN { exit !($sk_c < 2) }" && rounds=5
            round=1
            while :; do
                r=0
                while [ $r -lt $nrefs ]; do
                    r=$((r + 1))
                    eval "rname=\$ref_name_$r rcmd=\$ref_${q}_$r"
                    if [ "$refs" = solvers ] && [ "$rname" = qqwing ]; then
                        continue
                    fi
                    say "$set_name: $rname ($question, $threads threads), round $round"
                    ref_run "$rname" "$q" "$rcmd" "$file" "$threads"
                    rt=$C
                    [ "$threads" = 1 ] || rt=$W
                    if [ $round = 1 ]; then
                        eval "ref_t_$r=\$rt"
                        if [ "$REF_OK" = yes ]; then
                            [ "$checked" = NO ] || checked="$checked, = $rname"
                        else
                            checked=NO
                        fi
                    else
                        eval "ref_t_$r=\$(awk \"BEGIN { print (\$rt < \$ref_t_$r ? \$rt : \$ref_t_$r) }\")"
                    fi
                done
                [ $round -lt "$rounds" ] || break
                round=$((round + 1))
                say "$set_name: sudokit ($question, $threads threads), round $round"
                timed "$TOOL" solve -j "$threads" $flag "$file"
                sk_c=$(awk "BEGIN { print ($C < $sk_c ? $C : $sk_c) }")
                sk_w=$(awk "BEGIN { print ($W < $sk_w ? $W : $sk_w) }")
            done
            # one thread: CPU time; several: wall time (the throughput)
            sk_t=$sk_c
            [ "$threads" = 1 ] || sk_t=$sk_w
            [ "$threads" = 1 ] && eval "wall1_$q=\$sk_w"
            [ "$threads" = 1 ] || eval "walln_$q=\$sk_w"
            cells=
            r=0
            while [ $r -lt $nrefs ]; do
                r=$((r + 1))
                eval "rname=\$ref_name_$r rt=\$ref_t_$r"
                if [ "$refs" = solvers ] && [ "$rname" = qqwing ]; then
                    cells="$cells - | - |"
                    continue
                fi
                cells="$cells $(pps "$n" "$rt") | $(f2 "$rt / $sk_t") |"
            done
            table="$table
| $set_name | $n | $question | $threads | $(pps "$n" "$sk_t") | $(usp "$n" "$sk_t") | $guesses |$cells $checked |"
        done
    done
}

if [ "$ONLY" != a ] && [ "$ONLY" != c ]; then
    for f in 17clue.txt top1465.txt forum_hardest_11plus.txt; do
        [ -f "$DATA/$f" ] || note "$DATA/$f is missing, left out"
    done
    for f in 17clue top1465; do
        [ -f "$DATA/$f.txt" ] || continue
        grep '^[^#]' "$DATA/$f.txt" >"$tmp/$f.txt"
        nine $f "$tmp/$f.txt" all
    done
    if [ -f "$DATA/forum_hardest_11plus.txt" ]; then
        grep '^[^#]' "$DATA/forum_hardest_11plus.txt" | awk -v k="$SAMPLE" 'NR % k == 1' >"$tmp/forum_sample.txt"
        nine "forum_hardest 1/$SAMPLE" "$tmp/forum_sample.txt" all
        grep '^[^#]' "$DATA/forum_hardest_11plus.txt" >"$tmp/forum.txt"
        nine forum_hardest_11plus "$tmp/forum.txt" solvers
        scaling="-j $NPROC against -j 1 on forum_hardest_11plus, wall time: uniqueness $(f2 "$wall1_unique / $walln_unique")x, first solution $(f2 "$wall1_first / $walln_first")x"
    fi
    head="| set | puzzles | question | threads | sudokit puzzles/s | µs/puzzle | guesses/puzzle |"
    rule="|---|---:|---|---:|---:|---:|---:|"
    r=0
    while [ $r -lt $nrefs ]; do
        r=$((r + 1))
        eval "rname=\$ref_name_$r"
        head="$head $rname puzzles/s | ratio |"
        rule="$rule---:|---:|"
    done
    table_b="## (b) 9x9: sudokit against $( [ $nrefs = 0 ] && echo "nothing (no reference installed or given)" || { r=0; while [ $r -lt $nrefs ]; do r=$((r + 1)); eval "printf '%s ' \"\$ref_name_$r\""; done; } )

$head checked |
$rule---|$table"
    table=
fi

# ------------------------------------------------------------------ (c)
# A million puzzles streamed through one process: peak memory.
if [ "$ONLY" != a ] && [ "$ONLY" != b ] && [ -f "$DATA/17clue.txt" ]; then
    if [ -x /usr/bin/time ]; then
        grep '^[^#]' "$DATA/17clue.txt" >"$tmp/base.txt"
        awk -v input="$tmp/base.txt" 'BEGIN { while ((getline l < input) > 0) b[nb++] = l
            for (i = 0; i < 1000000; i++) print b[i % nb] }' >"$tmp/million.txt"
        for threads in 1 $NPROC; do
            say "a million puzzles, -j $threads: peak memory"
            /usr/bin/time -f '%M %e' -o "$tmp/mem" "$TOOL" solve -j "$threads" "$tmp/million.txt" |
                awk 'END { print NR }' >"$tmp/records"
            set -- $(cat "$tmp/mem")
            table="$table
| 1,000,000 (17clue repeated) | $threads | $(cat "$tmp/records") | $(awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }') | $(f2 "$2") |"
        done
        table_c="## (c) Streaming: a million puzzles through one process

| input | threads | records out | peak memory (MB, max RSS) | wall s |
|---|---:|---:|---:|---:|$table"
        table=
    else
        note "/usr/bin/time is missing (apt-get install time): the memory figure is left out"
    fi
fi

# ------------------------------------------------------------------ report
solver_list= solver_cmds=
i=0
while [ $i -lt "$nsolvers" ]; do
    i=$((i + 1))
    eval "sname=\$solver_name_$i sfirst=\$solver_first_$i sunique=\$solver_unique_$i"
    solver_list="${solver_list:+$solver_list, }$sname"
    solver_cmds="$solver_cmds $sname: \`$sfirst\` (first), \`$sunique\` (uniqueness)."
done
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
- compiler: ${cc_version:-unknown} (\`make\`, -O2); sudokit $("$TOOL" --version | cut -d' ' -f2)${rev:+ at $rev}, engines chosen automatically (9x9 for classic Sudoku, general up to 16x16, cdcl above)
- references: CaDiCaL ${cad_version:-missing}, qqwing ${qq_version:-missing}${solver_list:+, given: $solver_list}
- time: whole processes.  One thread: CPU seconds (user + system), wall seconds in parentheses
  where shown; several threads: wall seconds, since throughput is what they are for.
  In the 9x9 tables sudokit and the references take turns, five rounds when sudokit's
  run takes under 2 CPU seconds and $ROUNDS otherwise, and the least time of each is kept.
  ratio = reference time / sudokit time: above 1 sudokit is faster.  "≥"/"≤" where sudokit
  timed out: its time is then only a lower bound.
EOF
    if [ -n "$table_a" ]; then
        cat <<EOF

$table_a

sudokit: \`sudokit solve -j 1 --timeout $TIMEOUT FILE\` on the whole file (uniqueness proven), one process.
CaDiCaL total: for each puzzle \`sudokit cnf --index K\`, \`cadical -q\` for a model, bench/sat_block.sh
adds the clause forbidding it, \`cadical -q -n\` proves UNSAT (the puzzle is unique); everything
counted, process starts included.  Solving only: the two cadical runs per puzzle, the form in which
SOURCES.md quotes CaDiCaL on ready-made CNF files.
EOF
    fi
    if [ -n "$table_b" ]; then
        cat <<EOF

$table_b

sudokit: \`sudokit solve -j T FILE\` (uniqueness) or \`sudokit solve -j T --first FILE\`, output to
/dev/null after a checking run.  qqwing: \`qqwing --solve --one-line [--count-solutions] < FILE\`
(\`--count-solutions\` is its uniqueness question).${solver_cmds}  With $NPROC threads a
reference runs as $NPROC processes, each on a part of the file.  Every answer is checked: sudokit's
solutions keep the givens and pass \`sudokit check\`, are the same with \`--engine general\`
(uniqueness rows), and each reference's must be the same lines.
"forum_hardest 1/$SAMPLE" is every $SAMPLE-th puzzle of forum_hardest_11plus.txt (qqwing needs
minutes for the whole set); the whole set runs without qqwing.  Comment lines are removed
beforehand, outside the timing.${scaling:+

Scaling: $scaling.}
EOF
    fi
    if [ -n "$table_c" ]; then
        cat <<EOF

$table_c

\`/usr/bin/time -f %M sudokit solve -j T FILE\`, output counted and dropped: memory stays bounded
by the batch ring, not by the input.
EOF
    fi
    if [ -n "$notes" ]; then
        printf '\nNotes:%s\n' "$notes"
    fi
}
report
[ "$RESULTS" = - ] || report >"$RESULTS"
say "done in $elapsed s${RESULTS:+, table in $RESULTS}"

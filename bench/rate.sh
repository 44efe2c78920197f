#!/bin/sh
# bench/rate.sh [TOOL] [OPTIONS] - the logical solver's ratings (sk_rate)
# against a reference rater, in one run: speed and agreement.
#
#   sh bench/rate.sh build/sudokit --serate '/path/to/serate.sh -n' --sample 100
#   sh bench/rate.sh build/sudokit --serate '/path/to/serate.sh -n' \
#       --ref /path/to/top1465-ratings.txt --sample 0 --time-sample 10
#   make bench-rate SERATE='/path/to/serate.sh -n' RATE_ARGS='--ref FILE'
#
# TOOL names the build whose libsudokit.a bench/rate.c is linked against
# (default build/sudokit; the tool itself is not run).
# Options:
#   --serate CMD      the reference rater: a shell command that takes a file
#                     of puzzles (one 81-character line each) as its last
#                     argument and prints `PUZZLE ER EP ED` per puzzle, with
#                     the techniques of ER, EP and ED after tabs when it
#                     names them (serate.sh -n).  Slow: seconds a puzzle.
#   --ref FILE        reference ratings computed beforehand, lines
#                     `PUZZLE ER EP ED` (or `PUZZLE timeout`), optionally
#                     followed by tab-separated fields: the three technique
#                     names, or a time then the three names (when FILE
#                     names none, they are read from FILE.detail if it
#                     exists, in the same form).  Agreement is
#                     then computed against FILE, and --serate is only run
#                     on the timing subset (its answers there must be FILE's)
#   --input FILE      the puzzles (default: those of --ref, else
#                     DATA/top1465.txt)
#   --sample K        K puzzles spread evenly over the input (default 200;
#                     0 = all of them)
#   --time-sample K   the timing subset, on which both raters are timed:
#                     the first K puzzles of the sample that sudokit rates
#                     to the end (default 50)
#   --time-limit S    limit for the reference rater's timed run (default 900)
#   --data DIR        the collections (default ../shared/data)
#   --results F       where the report goes besides stdout (default
#                     bench/RATE.md; '-' for nowhere)
#
# Without --ref the reference rater rates the whole sample (the agreement),
# then the timing subset again.  Times are CPU seconds
# (user + system) of whole processes, one thread each, measured by
# bench/timed.c; wall seconds in parentheses.  sudokit runs twice on every
# set: a first run whose ratings are compared, then the timed run.  The
# reference rater's process includes its start (for a Java program, the
# virtual machine's), which a small timing subset magnifies.
# Progress goes to stderr, the markdown report to stdout and --results.

usage() {
    echo "usage: sh bench/rate.sh [TOOL] [--serate CMD] [--ref FILE] [--input FILE] [--sample K]" >&2
    echo "                        [--time-sample K] [--time-limit S] [--data DIR] [--results FILE]" >&2
    exit 2
}
TOOL=build/sudokit
case $1 in -*) ;; '') ;; *) TOOL=$1; shift ;; esac
SERATE= REF= INPUT= SAMPLE=200 TSAMPLE=50 TLIMIT=900 DATA= RESULTS=bench/RATE.md
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --serate) SERATE=$2 ;;
    --ref) REF=$2 ;;
    --input) INPUT=$2 ;;
    --sample) SAMPLE=$2 ;;
    --time-sample) TSAMPLE=$2 ;;
    --time-limit) TLIMIT=$2 ;;
    --data) DATA=$2 ;;
    --results) RESULTS=$2 ;;
    *) usage ;;
    esac
    shift 2
done
case $SAMPLE in '' | *[!0-9]*) usage ;; esac
case $TSAMPLE in '' | *[!0-9]* | 0) usage ;; esac
case $TLIMIT in '' | *[!0-9]* | 0) usage ;; esac
[ -n "$SERATE" ] || [ -n "$REF" ] || { echo "rate: give the reference rater (--serate) or its ratings (--ref)" >&2; usage; }
abspath() { case $1 in '' | - | /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
TOOL=$(abspath "$TOOL") REF=$(abspath "$REF") INPUT=$(abspath "$INPUT")
DATA=$(abspath "$DATA") RESULTS=$(abspath "$RESULTS")
cd "$(dirname "$0")/.." || exit 2
[ -n "$DATA" ] || DATA=$(cd ../shared/data 2>/dev/null && pwd)
LIB=$(dirname "$TOOL")/libsudokit.a
[ -f "$LIB" ] || { echo "rate: no library at $LIB (run make first)" >&2; exit 2; }
[ -z "$REF" ] || [ -r "$REF" ] || { echo "rate: cannot read $REF" >&2; exit 2; }
if [ -z "$INPUT" ]; then
    if [ -n "$REF" ]; then INPUT=$REF; else INPUT=$DATA/top1465.txt; fi
fi
[ -r "$INPUT" ] || { echo "rate: cannot read the puzzles at '$INPUT' (--input FILE, --data DIR)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-rate.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
CC=${CC:-cc}
$CC -std=c11 -D_XOPEN_SOURCE=700 -O2 -o "$tmp/timed" bench/timed.c ||
    { echo "rate: cannot build bench/timed.c with $CC" >&2; exit 2; }
$CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iinclude -o "$tmp/rate" bench/rate.c "$LIB" -lm -pthread ||
    { echo "rate: cannot build bench/rate.c against $LIB" >&2; exit 2; }
start=$(date +%s)

say() { echo "rate: $*" >&2; }
f2() { awk "BEGIN { printf \"%.2f\", $1 }"; }
notes=
note() { notes="$notes
- $*"; say "$*"; }
# timed ARGS...: runs bench/timed; sets W (wall), C (cpu) and ST (status)
timed() {
    set -- $("$tmp/timed" "$@")
    W=$1 C=$2 ST=${3:-missing}
    [ "$ST" = signal ] && ST="signal $4"
}
# pps COUNT SECONDS: puzzles per second; mspp COUNT SECONDS: ms per puzzle
pps() { awk "BEGIN { printf \"%.1f\", ($2 > 0 ? $1 / $2 : 0) }"; }
mspp() { awk "BEGIN { printf \"%.3f\", ($1 > 0 ? $2 * 1000 / $1 : 0) }"; }

# The puzzles: lines that start with 81 puzzle characters, as the raters read them.
grep -E '^[0-9.]{81}' "$INPUT" | cut -c1-81 >"$tmp/all.txt"
total=$(wc -l <"$tmp/all.txt")
[ "$total" -gt 0 ] || { echo "rate: no puzzle in $INPUT" >&2; exit 2; }
[ "$SAMPLE" = 0 ] || [ "$SAMPLE" -gt "$total" ] && SAMPLE=$total
awk -v n="$total" -v k="$SAMPLE" 'BEGIN { last = -1 }
    { i = int((NR - 1) * k / n); if (i != last) { print; last = i } }' "$tmp/all.txt" >"$tmp/sample.txt"
n=$(wc -l <"$tmp/sample.txt")

# ref_parse: `PUZZLE ER EP ED[<TAB>...]` lines -> `PUZZLE ER EP ED ER-TECHNIQUE`
# (the technique with its spaces made '_', or '?' when the line names none;
# `PUZZLE timeout` -> `PUZZLE - - - timeout`)
ref_parse() {
    awk -F'\t' '
        { split($1, f, " "); if (length(f[1]) < 81) next
          p = substr(f[1], 1, 81)
          if (f[2] !~ /^[0-9]+\.[0-9]$/) { print p, "-", "-", "-", "timeout"; next }
          t = "?"
          if (NF >= 5 && $2 ~ /^[0-9.]+$/) t = $3; else if (NF >= 4) t = $2
          gsub(/ /, "_", t)
          print p, f[2], f[3], f[4], t }' "$@"
}

# ------------------------------------------------------------------ sudokit
say "sudokit: $n puzzles, rated (checked run), then timed"
"$tmp/rate" -n "$tmp/sample.txt" >"$tmp/sk.raw" 2>"$tmp/sk.err"
rst=$?
[ "$rst" = 0 ] || note "sudokit: bench/rate.c ended with status $rst ($(grep -c ' invalid$' "$tmp/sk.raw") puzzles refused)"
if [ "$(cut -c1-81 "$tmp/sk.raw" | cmp -s - "$tmp/sample.txt"; echo $?)" != 0 ]; then
    note "sudokit: the ratings are not one line per puzzle in input order"
fi
ref_parse "$tmp/sk.raw" >"$tmp/sk.txt"
timed -o /dev/null -e "$tmp/sk_all.err" "$tmp/rate" "$tmp/sample.txt"
sk_all_c=$C sk_all_w=$W
lib_rate=$(sed -n 's/.*s in sk_rate, \([0-9]*\) puzzles\/s.*/\1/p' "$tmp/sk_all.err")
# The timing subset: the first puzzles sudokit rates to the end, so that
# both raters do the whole work (on a puzzle it leaves stuck sudokit stops
# where its techniques end, the reference goes on).
awk -v k="$TSAMPLE" '$2 != "20.0" && $2 != "-" && n < k { print $1; n++ }' "$tmp/sk.txt" >"$tmp/tsub.txt"
[ -s "$tmp/tsub.txt" ] || { head -n "$TSAMPLE" "$tmp/sample.txt" >"$tmp/tsub.txt"; note "sudokit finishes none of the sample: the timing subset is its first $TSAMPLE puzzles"; }
TSAMPLE=$(wc -l <"$tmp/tsub.txt")
timed -o /dev/null "$tmp/rate" "$tmp/tsub.txt"
sk_sub_c=$C sk_sub_w=$W

# ------------------------------------------------------------------ reference
# run_rater FILE OUT COUNT: the reference rater on FILE, parsed into OUT;
# sets C, W, ST and RATED
run_rater() {
    timed -t "$TLIMIT" -o "$tmp/sr.raw" -e "$tmp/sr.err" sh -c "$SERATE \"\$1\"" sh "$1"
    ref_parse "$tmp/sr.raw" >"$2"
    RATED=$(wc -l <"$2")
    [ "$ST" = 0 ] || note "reference rater: status $ST after $RATED of $3 puzzles$([ "$ST" = timeout ] && echo " (limit $TLIMIT s)")"
    [ "$RATED" -gt 0 ] || { [ -s "$tmp/sr.err" ] && note "reference rater says: $(head -n 3 "$tmp/sr.err" | tr '\n' ' ')"; }
}
sr_c= sr_w= sr_n=0 sr_check= all_c= all_w= all_n=0
if [ -z "$REF" ]; then
    say "reference rater: the sample, $n puzzles (slow)"
    run_rater "$tmp/sample.txt" "$tmp/ref.all" "$n"
    all_c=$C all_w=$W all_n=$RATED
fi
if [ -n "$SERATE" ]; then
    say "reference rater: the timing subset, $TSAMPLE puzzles"
    run_rater "$tmp/tsub.txt" "$tmp/sr.txt" "$TSAMPLE"
    sr_c=$C sr_w=$W sr_n=$RATED
fi
if [ -n "$REF" ]; then
    ref_parse "$REF" >"$tmp/ref.all"
    # no names in FILE: take them from FILE.detail when it exists
    if [ -r "$REF.detail" ] && ! awk '$5 != "?" && $5 != "timeout" { found = 1; exit } END { exit !found }' "$tmp/ref.all"; then
        ref_parse "$REF.detail" >"$tmp/ref.names"
        awk 'NR == FNR { t[$1] = $5; next } { if ($5 == "?" && ($1 in t)) $5 = t[$1]; print }' \
            "$tmp/ref.names" "$tmp/ref.all" >"$tmp/ref.tmp" && mv "$tmp/ref.tmp" "$tmp/ref.all"
    fi
    # the reference rater's answers on the timing subset must be the file's
    if [ -n "$SERATE" ] && [ "$sr_n" -gt 0 ]; then
        bad=$(awk 'NR == FNR { r[$1] = $2 " " $3 " " $4; next }
            ($1 in r) && r[$1] != $2 " " $3 " " $4 { bad++ } END { print bad + 0 }' "$tmp/ref.all" "$tmp/sr.txt")
        if [ "$bad" = 0 ]; then
            sr_check="its $sr_n ratings on the timing subset are those of the file"
        else
            sr_check="NO: $bad of its $sr_n ratings on the timing subset differ from the file"
            note "reference rater: $bad ratings on the timing subset differ from $REF"
        fi
    fi
elif [ "$sr_n" -gt 0 ]; then
    # the same rater twice: the same answers
    bad=$(awk 'NR == FNR { r[$1] = $2 " " $3 " " $4; next }
        ($1 in r) && r[$1] != $2 " " $3 " " $4 { bad++ } END { print bad + 0 }' "$tmp/ref.all" "$tmp/sr.txt")
    [ "$bad" = 0 ] || note "reference rater: $bad ratings of the timing run differ from its run on the sample"
fi

# ------------------------------------------------------------------ agreement
# sample order; a puzzle without a reference rating counts apart
awk 'NR == FNR { r[$1] = $0; next } { print ($1 in r) ? r[$1] : $1 " - - - none" }' \
    "$tmp/ref.all" "$tmp/sample.txt" >"$tmp/ref.txt"
paste -d ' ' "$tmp/sk.txt" "$tmp/ref.txt" >"$tmp/both.txt"
# both.txt: PUZZLE ER EP ED TECH  PUZZLE ER EP ED TECH (sudokit, reference)
set -- $(awk '
    $1 != $6 { mixed++; next }
    $7 == "-" { unrated++; next }
    { rated++; er = $2 == $7; all = er && $3 == $8 && $4 == $9
      ser += er; sall += all
      if ($2 != "20.0") { fin++; fall += all } else stuck++ }
    END { printf "%d %d %d %d %d %d %d %d\n", rated, ser, sall, unrated, stuck, fin, fall, mixed }' "$tmp/both.txt")
rated=$1 same_er=$2 same_all=$3 unrated=$4 sk_stuck=$5 sk_fin=$6 fin_all=$7 mixed=$8
[ "$mixed" = 0 ] || note "$mixed lines of sudokit's and the reference's ratings are not the same puzzle"
pct() { awk "BEGIN { printf \"%.1f\", ($2 > 0 ? 100 * $1 / $2 : 0) }"; }

# disagreements (not the same ER/EP/ED) by the technique of the reference's ER step
by_tech=$(awk '
    $1 != $6 || $7 == "-" { next }
    $2 == $7 && $3 == $8 && $4 == $9 { next }
    { t = $10; n[t]++; ref[t, $7]++; sk[t, $2]++; if ($2 == $7) er[t]++
      if (!((t, $7) in seenr)) { seenr[t, $7] = 1; rl[t] = rl[t] " " $7 }
      if (!((t, $2) in seens)) { seens[t, $2] = 1; sl[t] = sl[t] " " $2 } }
    function list(t, s, cnt,    k, i, j, v, a, out) {
        k = split(s, a, " "); out = ""
        for (i = 2; i <= k; i++)
            for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { v = a[j]; a[j] = a[j - 1]; a[j - 1] = v }
        for (i = 1; i <= k; i++) out = out (out ? ", " : "") a[i] (cnt[t, a[i]] > 1 ? " ×" cnt[t, a[i]] : "")
        return out }
    END { for (t in n) { name = t; gsub(/_/, " ", name); if (name == "?") name = "(not named)"
          printf "%d\t| %s | %d | %d | %s | %s |\n", n[t], name, n[t], er[t] + 0, list(t, rl[t], ref), list(t, sl[t], sk) } }' \
    "$tmp/both.txt" | sort -t "$(printf '\t')" -k1,1nr | cut -f2-)

# ------------------------------------------------------------------ report
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
cc_version=$($CC --version 2>/dev/null | head -n 1)
rev=$(git rev-parse --short HEAD 2>/dev/null)
[ -n "$rev" ] && [ -n "$(git status --porcelain -- src include Makefile 2>/dev/null)" ] && rev="$rev + uncommitted changes"
elapsed=$(($(date +%s) - start))
input_name=${INPUT##*/}
if [ -n "$SERATE" ] && [ "$sr_n" -gt 0 ]; then
    # per puzzle, in case the rater was cut short
    sr_row="| reference rater, timing subset | $sr_n of $TSAMPLE | $(f2 "$sr_c") ($(f2 "$sr_w")) | $(pps "$sr_n" "$sr_c") | $(mspp "$sr_n" "$sr_c") | $(f2 "($sr_c / $sr_n) / ($sk_sub_c / $TSAMPLE)") |"
else
    sr_row="| reference rater, timing subset | not run | | | | |"
fi
if [ -n "$all_c" ] && [ "$all_n" -gt 0 ]; then
    sr_row="| reference rater, the sample | $all_n of $n | $(f2 "$all_c") ($(f2 "$all_w")) | $(pps "$all_n" "$all_c") | $(mspp "$all_n" "$all_c") | |
$sr_row"
fi

report() {
    cat <<EOF
# Ratings: sk_rate against a reference rater

- date: $(date -u '+%Y-%m-%d %H:%M UTC'); whole run $elapsed s
- machine: ${cpu:-unknown CPU}, nproc $(nproc 2>/dev/null || echo '?'), load average at the end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
- compiler: ${cc_version:-unknown} (-O2); sudokit at ${rev:-?}, bench/rate.c linked against \`${LIB#$(pwd)/}\`
- puzzles: $n of the $total of \`$input_name\`, spread evenly; timing subset: the first $TSAMPLE of them that sudokit rates to the end
- reference: ${REF:+ratings of \`${REF##*/}\`}${REF:+${SERATE:+; }}${SERATE:+rater \`${SERATE##*/}\`}${sr_check:+ ($sr_check)}
- command: \`sh bench/rate.sh ${TOOL#$(pwd)/} ${SERATE:+--serate SERATE }${REF:+--ref ${REF##*/} }--sample $SAMPLE --time-sample $TSAMPLE\`

## Speed

Whole processes, one thread, CPU seconds (wall in parentheses).  ratio = the reference's CPU time /
sudokit's on the same puzzles, the timing subset, which both rate to the end: above 1 sudokit is
faster.  On the whole sample sudokit stops where its techniques end (ER 20.0), so that row is
not a comparison.

| rater | puzzles | s | puzzles/s | ms/puzzle | ratio |
|---|---:|---:|---:|---:|---:|
| sudokit, the sample | $n | $(f2 "$sk_all_c") ($(f2 "$sk_all_w")) | $(pps "$n" "$sk_all_c") | $(mspp "$n" "$sk_all_c") | |
| sudokit, timing subset | $TSAMPLE | $(f2 "$sk_sub_c") ($(f2 "$sk_sub_w")) | $(pps "$TSAMPLE" "$sk_sub_c") | $(mspp "$TSAMPLE" "$sk_sub_c") | 1.00 |
$sr_row

sk_rate alone (without the process around it): ${lib_rate:-?} puzzles/s on the sample.

## Agreement

| | puzzles | share |
|---|---:|---:|
| rated by both | $rated | |
| same ER | $same_er | $(pct "$same_er" "$rated") % |
| same ER, EP and ED | $same_all | $(pct "$same_all" "$rated") % |
| sudokit finishes (ER below 20.0) | $sk_fin | $(pct "$sk_fin" "$rated") % |
| of those, same ER, EP and ED | $fin_all | $(pct "$fin_all" "$sk_fin") % |
| sudokit stuck (20.0: beyond its techniques) | $sk_stuck | $(pct "$sk_stuck" "$rated") % |
| no reference rating (missing or timed out) | $unrated | |
EOF
    if [ -n "$by_tech" ]; then
        cat <<EOF

Disagreements (not the same ER, EP and ED) by the technique of the reference's ER step:

| reference ER technique | puzzles | same ER | reference ER | sudokit ER |
|---|---:|---:|---|---|
$by_tech
EOF
    fi
    [ -z "$notes" ] || printf '\nNotes:%s\n' "$notes"
}

report
if [ "$RESULTS" != - ]; then
    report >"$RESULTS" && say "report written to $RESULTS"
fi

#!/bin/sh
# bench/generate.sh TOOL [OPTIONS] - sudokit's generator against qqwing's, in
# one run, and the generator's own figures on large grids and hard ratings.
#
#   sh bench/generate.sh build/sudokit     (what `make bench-generate` runs)
# Options:
#   --count N     9x9 puzzles per row (default 2000; qqwing makes them too)
#   --big N       16x16 minimal puzzles (default 10) and N/3 25x25 ones
#   --hard N      puzzles for the --rating 7.0-12 row (default 20)
#   --results F   where the table goes besides stdout (default
#                 bench/GENERATE.md; '-' for nowhere)
#
# Rows:
#   9x9 rot180        `generate --symmetry rot180` against `qqwing --generate
#                     N --symmetry rotate180`: both take givens away in
#                     symmetric pairs until no pair can go (neither makes
#                     every single given needed: the row says how many of
#                     each side's puzzles are strictly minimal)
#   9x9 rot180 strict `--minimal` too: no single given can go
#   9x9 minimal       no symmetry (every puzzle minimal)
#   16x16 minimal, 25x25 unique: seconds per puzzle, one thread
#   rating 7.0-12     puzzles per minute on two threads (-j 2)
#
# Every puzzle is checked: unique by a second engine (`count --engine dlx`
# for 9x9, `--engine cdcl` above), symmetric by awk, minimal by `redundant`
# where the row claims it, and rated again by `rate` for the rating row.
# Times are CPU seconds (user + system, one thread each) by bench/timed.c,
# except the two-thread rating row (wall seconds).  qqwing is the Debian
# package (apt-get install qqwing); without it its column says so.

set -u
TOOL=${1:?usage: bench/generate.sh path/to/sudokit [options]}
shift
COUNT=2000
BIG=10
HARD=20
RESULTS=bench/GENERATE.md
while [ $# -gt 0 ]; do
    case $1 in
    --count) COUNT=$2; shift 2 ;;
    --big) BIG=$2; shift 2 ;;
    --hard) HARD=$2; shift 2 ;;
    --results) RESULTS=$2; shift 2 ;;
    *) echo "bench/generate.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
case $TOOL in /*) ;; *) TOOL=$(pwd)/$TOOL ;; esac
CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-genbench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
$CC -std=c11 -D_XOPEN_SOURCE=700 -O2 -o "$tmp/timed" bench/timed.c ||
    { echo "bench: cannot build bench/timed.c with $CC" >&2; exit 2; }

# timed ARGS...: sets W (wall), C (cpu) and ST (status)
timed() {
    set -- $("$tmp/timed" "$@")
    W=$1 C=$2 ST=$3
}
rate() { awk -v n="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.1f", n / t; else print "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.1fx", b / a; else print "-" }'; }
fails=0
fail() { echo "CHECK FAILED: $*" >&2; fails=$((fails + 1)); }

# unique FILE ENGINE: every puzzle of FILE (one per line) has one solution
unique() {
    n=$(wc -l <"$1")
    u=$("$TOOL" count -q --engine "$2" "$1" | grep -c '^1$')
    [ "$u" -eq "$n" ] || fail "$1: $u of $n puzzles unique"
}
# rot180 FILE: every line is symmetric under the half turn
rot180() {
    bad=$(awk '{ n = length($0); for (i = 1; i <= n; i++) if ((substr($0, i, 1) == ".") != (substr($0, n + 1 - i, 1) == ".")) { print NR; break } }' "$1" | head -n 1)
    [ -z "$bad" ] || fail "$1: line $bad is not symmetric"
}
# strict FILE: how many puzzles `redundant` calls minimal
strict() { "$TOOL" redundant -q "$1" | grep -c '^minimal'; }

{
echo "# Generator benchmark"
echo
echo "\`sh bench/generate.sh $TOOL --count $COUNT --big $BIG --hard $HARD\` on $(nproc) cores, $(date -u +%Y-%m-%d)."
echo
echo "| row | sudokit | per second | qqwing | per second | sudokit vs qqwing | strictly minimal (sudokit / qqwing) |"
echo "|---|---|---|---|---|---|---|"
} >"$tmp/table"

row9() { # NAME SUDOKIT-OPTIONS... (qqwing symmetry in QQ, empty = no qqwing run)
    name=$1
    shift
    timed -o "$tmp/sk.txt" "$TOOL" generate -j 1 --seed 1 -n "$COUNT" "$@"
    skc=$C
    [ "$ST" = 0 ] || fail "$name: sudokit exit $ST"
    [ "$(wc -l <"$tmp/sk.txt")" -eq "$COUNT" ] || fail "$name: not $COUNT puzzles"
    unique "$tmp/sk.txt" dlx
    sks=$(strict "$tmp/sk.txt")
    qqc=- qqr=- rat=- qqs=-
    if [ -n "$QQ" ] && command -v qqwing >/dev/null 2>&1; then
        timed -o "$tmp/qq.txt" qqwing --generate "$COUNT" --symmetry "$QQ" --one-line
        qqc=$C
        grep -c . "$tmp/qq.txt" >/dev/null || fail "$name: qqwing wrote nothing"
        qqr=$(rate "$COUNT" "$qqc")
        rat=$(ratio "$skc" "$qqc")
        qqs=$(strict "$tmp/qq.txt")
    elif [ -n "$QQ" ]; then
        qqc="not installed"
    fi
    case "$*" in *rot180*) rot180 "$tmp/sk.txt" ;; esac
    echo "| $name | $skc s | $(rate "$COUNT" "$skc") | $qqc s | $qqr | $rat | $sks / $qqs of $COUNT |" >>"$tmp/table"
}

QQ=rotate180 row9 "9x9 rot180, $COUNT" --symmetry rot180
QQ=rotate180 row9 "9x9 rot180 --minimal, $COUNT" --symmetry rot180 --minimal
QQ=none row9 "9x9 minimal, $COUNT" --minimal

# large grids: seconds per puzzle, one thread
timed -o "$tmp/g16.txt" "$TOOL" generate -j 1 --seed 1 --size 16 --minimal -n "$BIG"
c16=$C
unique "$tmp/g16.txt" cdcl
s16=$(strict "$tmp/g16.txt")
[ "$s16" -eq "$BIG" ] || fail "16x16: $s16 of $BIG minimal"
n25=$(( (BIG + 2) / 3 ))
timed -o "$tmp/g25.txt" "$TOOL" generate -j 1 --seed 1 --size 25 -n "$n25"
c25=$C
unique "$tmp/g25.txt" cdcl
{
echo
echo "| large grids, one thread | puzzles | CPU s | s per puzzle | givens (mean) |"
echo "|---|---|---|---|---|"
echo "| 16x16 --minimal | $BIG | $c16 | $(awk -v c="$c16" -v n="$BIG" 'BEGIN{printf "%.2f", c/n}') | $(awk '{ n += gsub(/[^.]/, "") } END { printf "%.1f", n / NR }' "$tmp/g16.txt") |"
echo "| 25x25 unique | $n25 | $c25 | $(awk -v c="$c25" -v n="$n25" 'BEGIN{printf "%.2f", c/n}') | $(awk '{ n += gsub(/[^.]/, "") } END { printf "%.1f", n / NR }' "$tmp/g25.txt") |"
} >>"$tmp/table"

# hard puzzles: SE 7.0 to 12, two threads, wall time
timed -o "$tmp/hard.json" "$TOOL" generate -j 2 --seed 1 --rating 7.0-12 -n "$HARD" --json
wh=$W
sed -n 's/.*"puzzle":"\([^"]*\)".*/\1/p' "$tmp/hard.json" >"$tmp/hard.txt"
unique "$tmp/hard.txt" dlx
"$TOOL" rate -q -j 2 --json "$tmp/hard.txt" | sed -n 's/.*"er":\([0-9.]*\).*/\1/p' >"$tmp/er.txt"
out=$(awk '$1 < 7.0 || $1 > 12.0' "$tmp/er.txt" | wc -l)
[ "$(wc -l <"$tmp/er.txt")" -eq "$HARD" ] && [ "$out" -eq 0 ] || fail "rating row: $out of $HARD rated outside 7.0-12 by rate"
tries=$(sed -n 's/.*"tries":\([0-9]*\).*/\1/p' "$tmp/hard.json" | awk '{ t += $1 } END { printf "%.1f", t / NR }')
{
echo
echo "| rating 7.0-12, two threads | puzzles | wall s | per minute | grids tried per puzzle | ER (min-max) |"
echo "|---|---|---|---|---|---|"
echo "| --rating 7.0-12 -j 2 | $HARD | $wh | $(awk -v n="$HARD" -v w="$wh" 'BEGIN{printf "%.0f", 60*n/w}') | $tries | $(sort -n "$tmp/er.txt" | sed -n '1p;$p' | paste -sd- -) |"
echo
if [ "$fails" -eq 0 ]; then
    echo "Every puzzle checked: unique by a second engine, symmetric, minimal where the row says so, ratings confirmed by \`rate\`."
else
    echo "**$fails checks failed** (see the messages on stderr)."
fi
} >>"$tmp/table"

cat "$tmp/table"
[ "$RESULTS" = - ] || cp "$tmp/table" "$RESULTS"
[ "$fails" -eq 0 ]

#!/bin/sh
# bench/best.sh - `sudokit best` against CBC on the 0-1 model and against
# enumerating every solution, in the same run.
#
#   sh bench/best.sh [path/to/sudokit] [--count K] [--results FILE|-]
#
# Sets (random puzzles made here: a random full grid from `sudokit solve
# --first` on a random first row, then random givens kept; SEED=K varies):
#   9x9 18-22 givens, target weights        K puzzles
#   9x9 18-22 givens, weights -20..50       K puzzles
#   empty 9x9, target weights               1
#   16x16 with 40% givens, target weights   K/2 puzzles
#   9x9 20-22 givens, target weights, against `sudokit enumerate` piped
#   into awk computing the best value       K/2 puzzles (120 s cap each)
# Every figure is a whole process, one puzzle per run, timed by
# bench/timed.c: CPU seconds (user + system; the machine may be shared),
# wall in parentheses.  CBC: `cbc MODEL.lp solve solu FILE` on the model
# written by tests/best_lp.awk (writing it is not timed).  The answers of
# all sides must agree.  The table goes to stdout and is appended to
# bench/BEST.md, replacing it (--results - : nowhere).

T=build/sudokit
K=10
RESULTS=bench/BEST.md
while [ $# -gt 0 ]; do
    case $1 in
    --count) K=$2; shift 2 ;;
    --results) RESULTS=$2; shift 2 ;;
    *) T=$1; shift ;;
    esac
done
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
command -v cbc >/dev/null 2>&1 || { echo "bench: cbc missing (apt-get install coinor-cbc)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-bbench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
cc -O2 -o "$tmp/timed" bench/timed.c || exit 1
seed=${SEED:-7}

rnd() { seed=$(((seed * 1103515245 + 12345) % 2147483647)); }

puzzle() { # N KEEP
    n=$1 keep=$2
    rnd
    row=$(awk -v n="$n" -v s="$seed" 'BEGIN { srand(s); sym = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for (i = 1; i <= n; i++) p[i] = i
        for (i = n; i > 1; i--) { j = int(rand() * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t }
        for (i = 1; i <= n; i++) printf "%s", substr(sym, p[i], 1)
        for (i = n; i < n * n; i++) printf "."; print "" }')
    echo "$row" | "$T" solve --first | awk -v k="$keep" -v s="$((seed + 1))" '{ srand(s); nn = length($1)
        for (i = 1; i <= nn; i++) p[i] = i
        for (i = nn; i > 1; i--) { j = int(rand() * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t }
        for (i = 1; i <= nn; i++) keep[i] = 0
        for (i = 1; i <= k; i++) keep[p[i]] = 1
        s2 = ""; for (i = 1; i <= nn; i++) s2 = s2 (keep[i] ? substr($1, i, 1) : ".")
        print s2 }'
}

weights() { # N LO HI
    rnd
    awk -v n="$1" -v lo="$2" -v hi="$3" -v s="$seed" 'BEGIN { srand(s)
        for (r = 0; r < n; r++) { l = ""
            for (c = 0; c < n; c++) l = l (c ? " " : "") (lo + int(rand() * (hi - lo + 1)))
            print l } }'
}

mk() { puzzle "$@" >"$tmp/pz"; P=$(cat "$tmp/pz"); }

# add VAR SECONDS: VAR += SECONDS (awk arithmetic).
add() { eval "$1=\$(awk -v a=\"\${$1}\" -v b=\"$2\" 'BEGIN { printf \"%.4f\", a + b }')"; }

# one N PUZZLE WFILE ENUM: runs sudokit and CBC (and enumeration when ENUM
# is 1) on one puzzle; adds to the set's totals.
one() {
    n=$1 p=$2 wf=$3 en=$4
    echo "$p" >"$tmp/p.txt"
    wlist=
    set --
    if [ -n "$wf" ]; then wlist=$(tr '\n' ' ' <"$wf"); set -- --weights "$wf"; fi
    r=$("$tmp/timed" -i "$tmp/p.txt" -o "$tmp/s.out" "$T" best --json "$@")
    add s_cpu "$(echo "$r" | cut -d' ' -f2)"
    add s_wall "$(echo "$r" | cut -d' ' -f1)"
    sv=$(sed -n 's/.*"score":\(-\{0,1\}[0-9]*\).*/\1/p' "$tmp/s.out")
    awk -v n="$n" -v puzzle="$p" -v weights="$wlist" -f tests/best_lp.awk >"$tmp/m.lp"
    r=$("$tmp/timed" "$(command -v cbc)" "$tmp/m.lp" solve solu "$tmp/c.out")
    add c_cpu "$(echo "$r" | cut -d' ' -f2)"
    add c_wall "$(echo "$r" | cut -d' ' -f1)"
    cv=$(head -n 1 "$tmp/c.out" | awk '/Optimal/ { printf "%.0f", $NF }')
    [ "$sv" = "$cv" ] || { agree=no; echo "bench: $p: sudokit $sv, cbc $cv" >&2; }
    if [ "$en" = 1 ]; then
        r=$("$tmp/timed" -t 120 -i "$tmp/p.txt" -o "$tmp/e.out" sh -c "\"$T\" enumerate | awk '
            BEGIN { for (i = 0; i < 81; i++) { r = int(i / 9); c = i % 9; d = r
                if (c < d) d = c; if (8 - r < d) d = 8 - r; if (8 - c < d) d = 8 - c; w[i] = 6 + d } }
            /^[1-9]/ { v = 0; for (i = 0; i < 81; i++) v += w[i] * substr(\$0, i + 1, 1)
                if (v > best) best = v; k++ }
            END { print best, k }'")
        add e_cpu "$(echo "$r" | cut -d' ' -f2)"
        add e_wall "$(echo "$r" | cut -d' ' -f1)"
        case $r in *timeout*) e_to=$((e_to + 1)) ;; esac
        ev=$(cut -d' ' -f1 "$tmp/e.out")
        add e_sols "$(cut -d' ' -f2 "$tmp/e.out")"
        case $r in *timeout*) ;; *) [ "$sv" = "$ev" ] || { agree=no; echo "bench: $p: enumerate $ev" >&2; } ;; esac
    fi
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }'; }

row() { # NAME COUNT
    printf '| %s | %d | %.3f (%.3f) | %.3f (%.3f) | %s |' "$1" "$2" "$s_cpu" "$s_wall" \
        "$c_cpu" "$c_wall" "$(ratio "$c_cpu" "$s_cpu")"
    if [ "$e_cpu" != 0 ]; then
        printf ' %s%.2f (%.2f) | %s%s | %s |\n' "$([ "$e_to" -gt 0 ] && echo '≥ ')" "$e_cpu" "$e_wall" \
            "$([ "$e_to" -gt 0 ] && echo '≥ ')" "$(ratio "$e_cpu" "$s_cpu")" "$agree"
    else
        printf ' - | - | %s |\n' "$agree"
    fi
}

reset() { s_cpu=0 s_wall=0 c_cpu=0 c_wall=0 e_cpu=0 e_wall=0 e_to=0 e_sols=0 agree=yes; }

table() {
    echo "| set | puzzles | sudokit CPU s (wall) | CBC CPU s (wall) | CBC / sudokit | enumerate CPU s (wall) | enumerate / sudokit | answers agree |"
    echo "|---|---:|---:|---:|---:|---:|---:|---|"
    reset
    for i in $(seq "$K"); do mk 9 $((18 + i % 5)); one 9 "$P" "" 0; done
    row "9x9, 18-22 givens, target weights" "$K"
    reset
    for i in $(seq "$K"); do weights 9 -20 50 >"$tmp/w"; mk 9 $((18 + i % 5)); one 9 "$P" "$tmp/w" 0; done
    row "9x9, 18-22 givens, weights -20..50" "$K"
    reset
    one 9 "$(printf '%081d' 0 | tr 0 .)" "" 0
    row "empty 9x9, target weights" 1
    reset
    h=$(( (K + 1) / 2 ))
    for i in $(seq "$h"); do mk 16 102; one 16 "$P" "" 0; done
    row "16x16, 40% givens, target weights" "$h"
    reset
    for i in $(seq "$h"); do mk 9 $((20 + i % 3)); one 9 "$P" "" 1; done
    row "9x9, 20-22 givens, target (+ enumerate all)" "$h"
    echo
    echo "Whole processes, one puzzle per run; totals over the set.  sudokit: \`sudokit best --json [--weights W]\`;"
    echo "CBC $(cbc -quit 2>/dev/null | sed -n 's/^Version: *//p' | head -n 1): \`cbc MODEL.lp solve solu OUT\` on tests/best_lp.awk's 0-1 model;"
    echo "enumerate: \`sudokit enumerate | awk\` (best value over every solution listed), 120 s cap (≥: capped)."
}

{
    echo "# Best score: sudokit against CBC and against enumeration"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); sudokit $("$T" --version | cut -d' ' -f2) at $(git rev-parse --short HEAD 2>/dev/null)$([ -n "$(git status --porcelain -- src include cli 2>/dev/null)" ] && echo ' + uncommitted changes')"
    echo "- command: \`sh bench/best.sh $T --count $K\` (SEED=${SEED:-7})"
    echo
    table
} >"$tmp/table.md"
cat "$tmp/table.md"
if [ "$RESULTS" != - ]; then
    cat "$tmp/table.md" >"$RESULTS"
fi

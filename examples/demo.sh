#!/bin/sh
# examples/demo.sh TOOL - a short tour of the sudokit tool.
#
#   sh examples/demo.sh build/sudokit      (or: make demo)
#
# Runs the tool on every bundled puzzle in examples/puzzles/, showing each
# command as you would type it, its output and, when it is not 0, its exit
# status.  Every step also states the exit status it expects; the script
# exits 0 when all of them matched, 1 otherwise.

T=${1:?usage: sh examples/demo.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
[ -x "$T" ] || { echo "demo: $T is not an executable" >&2; exit 2; }
cd "$(dirname "$0")/.." || exit 2
P=examples/puzzles

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-demo.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
surprises=0
head_lines=

# Words for the exit statuses (see 'sudokit help').
meaning() {
    case $1 in
    0) echo "every puzzle got a definite answer" ;;
    1) echo "no solution, several, a limit or conflicts" ;;
    2) echo "usage error" ;;
    3) echo "invalid input" ;;
    4) echo "system error" ;;
    *) echo "crashed?" ;;
    esac
}

# run EXPECTED ARGS...: shows "$ sudokit ARGS", runs it, shows its
# standard output, then its messages, then the exit status when not 0.
run() {
    expected=$1
    shift
    printf '\n$ sudokit %s\n' "$*"
    "$T" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    show_result "$expected" $?
}

# run_stdin EXPECTED NAME ARGS...: the same with the file $tmp/NAME on
# standard input, shown first.
run_stdin() {
    expected=$1 name=$2
    shift 2
    printf '\n$ cat %s\n' "$name"
    cat "$tmp/$name"
    printf '\n$ sudokit %s < %s\n' "$*" "$name"
    "$T" "$@" <"$tmp/$name" >"$tmp/out" 2>"$tmp/err"
    show_result "$expected" $?
}

# run_head LINES EXPECTED ARGS...: like run, but shows only the first
# LINES lines of a long output.
run_head() {
    lines=$1
    shift
    head_lines=$lines
    run "$@"
    head_lines=
}

show_result() {
    if [ -n "$head_lines" ]; then
        sed -n "1,${head_lines}p" "$tmp/out"
        printf '... (%d lines in all)\n' "$(wc -l <"$tmp/out")"
    else
        cat "$tmp/out"
    fi
    cat "$tmp/err"
    if [ "$2" -ne 0 ]; then
        printf '(exit status %d: %s)\n' "$2" "$(meaning "$2")"
    fi
    if [ "$2" -ne "$1" ]; then
        printf '!! expected exit status %d\n' "$1"
        surprises=$((surprises + 1))
    fi
}

# show FILE: prints a puzzle file as it is.
show() {
    printf '\n$ cat %s\n' "$1"
    cat "$1"
}

# section TITLE TEXT...: a heading (bold on a terminal) and a few words
# of explanation.
if [ -t 1 ]; then
    section() {
        printf '\n\033[1m== %s\033[0m\n' "$1"
        shift
        for line in "$@"; do printf '   %s\n' "$line"; done
    }
else
    section() {
        printf '\n== %s\n' "$1"
        shift
        for line in "$@"; do printf '   %s\n' "$line"; done
    }
fi

echo "A tour of $("$T" --version) on the puzzles in $P/."

section "Classic 9x9, line form" \
    "One puzzle per line, '.' for an empty cell.  'solve' proves each" \
    "solution unique and prints it in the form it was read in."
run 0 solve $P/classic.txt

section "Classic 9x9, grid form with box separators" \
    "The '+', '-' and '|' are decoration.  --output pretty adds them back."
show $P/classic_grid.txt
run 0 solve --output pretty $P/classic_grid.txt

section "X-Sudoku" \
    "--diagonals: both main diagonals must hold every digit too.  Without" \
    "that rule the same givens allow many solutions."
run 0 solve --diagonals --output pretty $P/x_sudoku.txt
run 1 solve $P/x_sudoku.txt

section "Hyper (Windoku)" \
    "--hyper: four extra 3x3 windows are houses.  Here 17 givens suffice."
run 0 solve --hyper --output pretty $P/hyper.txt

section "Jigsaw 6x6, line form" \
    "Each line holds the cells, a space, then the region of every cell."
run 0 solve $P/jigsaw6.txt

section "Jigsaw 9x9, grid form" \
    "9 rows of cells followed by 9 rows of region numbers; the solution" \
    "comes back in the same form."
run 0 solve $P/jigsaw9_grid.txt

section "Rectangular boxes" \
    "--box RxC gives boxes of R rows and C columns: 2x3 for 6x6, 3x4 for" \
    "12x12 (symbols 1-9 then A-C)."
run 0 solve --box 2x3 --output pretty $P/rect6x6_box2x3.txt
run 0 solve --box 3x4 --output pretty $P/rect12x12_box3x4.txt

section "16x16 with hex symbols" \
    "--alphabet hex: the symbols are 0-9 and A-F, and 0 is a value."
run 0 solve --alphabet hex --output pretty $P/hex16.txt

section "16x16 with letters (POJ 3076)" \
    "The judge's own format: A-P, '-' empty.  'judge poj3076' writes" \
    "exactly the official output."
run 0 judge poj3076 $P/poj16.txt

section "25x25, decimal numbers" \
    "Big grids are written as numbers separated by white space."
run 0 solve --output pretty $P/big25.txt

section "LeetCode 37 boards" \
    "One JSON board per line, read and written in the same notation" \
    "(examples/leetcode37.c does the same through the C library)."
run 0 judge leetcode37 $P/leetcode.json
run 0 solve --output pretty $P/leetcode.json

section "Squiggly Sudoku (HDU 4069)" \
    "Digits and region walls packed into integers.  The three cases have" \
    "one solution, none, and several."
run 0 judge hdu4069 $P/hdu4069.txt

section "Several solutions" \
    "'solve' says 'multiple'; with --diff it shows two solutions and the" \
    "cells where they differ (what a setter needs to make it unique);" \
    "'count' counts them all, 'enumerate' lists them (here the first two)."
run 1 solve $P/multiple.txt
run 1 solve --diff $P/multiple.txt
run 0 count $P/multiple.txt
run 1 enumerate --limit 2 $P/multiple.txt

section "No solution" \
    "No two givens clash, so 'check' is happy, yet there is no solution;" \
    "'solve' says where propagation from the givens breaks down."
run 0 check $P/none.txt
run 1 solve $P/none.txt

section "Checking a filled grid" \
    "'check' names every repeated digit, with its line and column; 'verify'" \
    "checks an answer against its puzzle (givens kept, every house and rule)."
run 1 check $P/conflict.txt
"$T" solve $P/classic.txt >"$tmp/answers.txt"
run_stdin 0 answers.txt verify $P/classic.txt --solution -

section "Variant rules: a killer in the text form" \
    "A grid followed by one rule per line: 'box 2x3', then killer cages" \
    "('cage SUM: CELLS').  This one has no givens; the cages decide."
show $P/killer6.txt
run 0 solve --output pretty $P/killer6.txt

section "True candidates" \
    "Without its three bottom-left cages the killer has 8 solutions." \
    "'candidates' gives the digits each cell holds in at least one of them;" \
    "with --limit N it also counts, up to N, the solutions holding each."
grep -v -e '^#' -e ': r[56]c[123] ' $P/killer6.txt >"$tmp/open6.txt"
run_stdin 0 open6.txt candidates --limit 10

section "f-puzzles" \
    "The JSON f-puzzles exports, the compressed string of its links, or a" \
    "whole link: givens, regions and rules come with the puzzle.  'convert'" \
    "writes it as a grid and rule lines, which read back as the same puzzle."
run 0 solve --output pretty $P/fpuzzles_ctc.txt
run 0 convert $P/fpuzzles_ctc.txt

section "A broken rule" \
    "'check' also names every variant rule that the filled cells break."
cat >"$tmp/broken6.txt" <<'EOF'
123456
456123
231564
564231
312645
645312
box 2x3
cage 9: r1c1 r1c2
arrow: r6c1 > r5c1 r5c2
EOF
run_stdin 1 broken6.txt check

section "Bad input" \
    "Each bad puzzle is reported on stderr with its line, column and reason;" \
    "it gets the answer 'invalid' and the batch goes on."
cat >"$tmp/batch.txt" <<'EOF'
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
8.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
EOF
run_stdin 3 batch.txt solve

section "Rating and explaining" \
    "'rate' solves each puzzle as a person does, one technique at a time, and" \
    "rates it on Sudoku Explainer's scale (ER/EP/ED); a puzzle that no" \
    "technique finishes is stuck (ER 20.0).  'explain' writes every step in" \
    "words, 'hint' only the next one."
run 0 rate $P/classic.txt
run_head 4 0 explain $P/classic.txt
run 0 hint $P/classic.txt

section "JSON Lines for programs" \
    "--json: one object per puzzle with the status, the answer and the cost."
run 0 solve --json --diagonals $P/x_sudoku.txt
run 0 count --json $P/multiple.txt

section "SAT solvers" \
    "'cnf' writes a puzzle as DIMACS CNF for CaDiCaL, Kissat, MiniSat..."
run_head 4 0 cnf --diagonals $P/x_sudoku.txt

section "More" \
    "sudokit help, sudokit COMMAND --help, man -l build/sudokit.1 (or" \
    "sudokit help --man | man -l -), and the C examples in examples/*.c" \
    "(make install first, then 'make -C examples': see examples/README.md)."

if [ "$surprises" -ne 0 ]; then
    echo
    echo "demo: $surprises command(s) did not exit as expected" >&2
    exit 1
fi
exit 0

#!/bin/sh
# tests/cli/paste.sh - puzzles as people paste them: grids drawn with box
# characters, comma-separated rows, the CSV of puzzle collections, lines
# split into groups or led by a label, jigsaw region ids of any symbols
# (and a region grid after a blank line), prime sides without --box, and
# whole files that are not what the tool reads, reported once.
#
#   sh tests/cli/paste.sh build/sudokit      (run from the repository root)
#
# Each form is converted to the plain line form and compared with the
# puzzle written out by hand, so a misread cell shows as a wrong symbol.
# The puzzles: the classic 9x9 of examples/puzzles/classic.txt (drawn as
# several solvers and programs copy a grid: '*' corners, SE's spaced rows,
# a Python list, a web table's tabs, qqwing's CSV), and two
# lines of the "1 million Sudoku games" collection's CSV (quizzes,
# solutions), whose solutions come with them, and a janko.at jigsaw from
# ../shared/data/jigsaw_9x9.txt (jigsaw-line.txt; the two jigsaw-blank
# files draw it as grids with other region labels).  Output as in
# tests/cli/run.sh: "ok NAME" or "FAIL NAME", then "N passed, N failed".

T=${1:?usage: tests/cli/paste.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
P=tests/cli/paste
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-paste.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/cli/lib.sh

classic=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79

# reads NAME FILE LINE...: `convert --output line` of FILE gives LINE...
reads() {
    name=$1 file=$2
    shift 2
    printf '%s\n' "$@" | out
    run "$name" 0 convert --output line "$file"
}

reads box-drawn-dots $P/box-dots.txt $classic
reads box-drawn-spaces $P/box-spaces.txt $classic
sed 's/·/./g' $P/box-dots.txt >"$tmp/box-ascii-dots.txt"
reads box-drawn-with-periods "$tmp/box-ascii-dots.txt" $classic
# the same drawn with ASCII: '|' and '+---+'
sed 's/[┌┐└┘├┤┬┴┼]/+/g; s/─/-/g; s/│/|/g; s/·/ /g' $P/box-dots.txt >"$tmp/box-ascii.txt"
reads ascii-drawn-spaces "$tmp/box-ascii.txt" $classic
reads star-border $P/star-border.txt $classic
reads spaced-with-bars $P/spaced-bars.txt $classic
reads python-list $P/python-list.txt $classic
reads tab-separated-empty-fields $P/tabs.txt $classic
sed 's/,/;/g' $P/commas-empty.txt >"$tmp/semi.txt"
reads semicolons "$tmp/semi.txt" $classic
reads csv-header-trailing-comma $P/trailing-comma.csv $classic $classic
reads comma-rows $P/commas.txt $classic
# an error in a comma row names the column of the input, not of the row
# as rewritten (each empty field became an empty cell)
sed '9s/9$/X/' $P/commas-empty.txt >"$tmp/commax.txt"
echo invalid | out
err <<'E'
sudokit: CX:9:11: symbol 'X' is 33, above 9 (digits alphabet)
E
filter="sed s|$tmp/commax.txt|CX|"
run comma-row-error-column 3 solve "$tmp/commax.txt"
reads comma-rows-empty-fields $P/commas-empty.txt $classic
reads groups-of-nine $P/groups.txt $classic
reads labels $P/labels.txt $classic $classic
reads csv-collection $P/collection.csv \
    ..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.. \
    .4.1...5.1.7..396.52...8..........17...9.68..8.3.5.62..9..6.5436...8.7..25..971..

# a collection's CSV: the solutions the tool finds are those the file gives
cut -d, -f2 $P/collection.csv | sed 1d | out
run csv-collection-solved 0 solve $P/collection.csv
# the columns of another collection (id, puzzle, solution, clues, rating)
printf '%s\n' 'id,puzzle,solution,clues,difficulty' \
    '1,1..5.37..6.3..8.9......98...1.......8761..........6...........7.8.9.76.47...6.312,198543726643278591527619843914735268876192435235486179462351987381927654759864312,27,2.2' \
    >"$tmp/cols.csv"
echo 198543726643278591527619843914735268876192435235486179462351987381927654759864312 | out
run csv-columns 0 solve "$tmp/cols.csv"
# a rating after the puzzle (as forum lists write it) is left out
printf '%s 11.9/11.9/11.3\n%s ER=7.1\n' $classic $classic >"$tmp/rated.txt"
reads rating-after-the-puzzle "$tmp/rated.txt" $classic $classic
# "#12 <puzzle>" is a puzzle; "# 12 ..." and "#x ..." stay comments
printf '# 12 %s\n#x %s\n#3 %s\n' $classic $classic $classic >"$tmp/hash.txt"
reads hash-number-label "$tmp/hash.txt" $classic
# a header alone, or a header and a bad record: named errors, no crash
printf 'quizzes,solutions\n123,456\n' >"$tmp/badcsv.txt"
echo invalid | out
err <<'E'
sudokit: BADCSV:2: grid has 1 rows, expected 7
E
filter="sed s|$tmp/badcsv.txt|BADCSV|"
run csv-bad-record 3 solve "$tmp/badcsv.txt"

# jigsaw region ids as any nine symbols: letters, 0-8, numbers skipping 4
jl=$(cat $P/jigsaw-line.txt)
cells=${jl% *} regs=${jl#* }
echo "$cells $(echo "$regs" | tr 123456789 abcdefghi)" >"$tmp/jl-letters.txt"
echo "$cells $(echo "$regs" | tr 123456789 012345678)" >"$tmp/jl-zero.txt"
reads jigsaw-ids-letters "$tmp/jl-letters.txt" "$jl"
reads jigsaw-ids-from-zero "$tmp/jl-zero.txt" "$jl"
reads jigsaw-region-grid-after-blank-numbers $P/jigsaw-blank-skip.txt "$jl"
reads jigsaw-region-grid-after-blank-letters $P/jigsaw-blank-letters.txt "$jl"
# ... but a grid, a blank line and its solution are two puzzles (a
# solution's digits are never side by side, a region's cells are)
{ cat tests/cli/paste/commas.txt; echo; "$T" solve --output grid tests/cli/paste/commas.txt; } >"$tmp/gs.txt"
sol=$("$T" solve --output line tests/cli/paste/commas.txt)
reads grid-then-its-solution "$tmp/gs.txt" $classic "$sol"
# ten ids for nine regions: named, with where
printf '%s %s\n' "$cells" "$(echo "$regs" | sed 's/.$/a/')" >"$tmp/jl-ten.txt"
echo invalid | out
err <<'E'
sudokit: J:1:163: region id 'a' is 10, above 9 (digits alphabet)
E
filter="sed s|$tmp/jl-ten.txt|J|"
run jigsaw-ten-ids 3 solve "$tmp/jl-ten.txt"

# a prime side has no box shape: a Latin square, without --box
printf '1....\n.....\n..3..\n.....\n....5\n' >"$tmp/five.txt"
"$T" count --limit 1000 "$tmp/five.txt" >"$tmp/c5" 2>&1
"$T" count --limit 1000 --box none "$tmp/five.txt" >"$tmp/c5n" 2>&1
c5=$(cat "$tmp/c5")
cmp -s "$tmp/c5" "$tmp/c5n" && [ "${c5%% *}" -gt 1 ]
verdict prime-side-latin-square $?
printf '1...........................................3....\n' >"$tmp/seven.txt"
"$T" solve --first "$tmp/seven.txt" >"$tmp/s7" 2>&1
"$T" check "$tmp/s7" --box none >/dev/null 2>&1 && [ "$(wc -c <"$tmp/s7")" = 50 ]
verdict prime-side-7-solved $?

# a 6x6 file without --box: one message for the file, a record each
printf '..6.3..1......5..21..4......2..5.1..\n14.5.........1.6....4.1.........1.23\n.2....4..5.1..3.6....1.4.....2....5.\n' >"$tmp/six.txt"
printf 'invalid\ninvalid\ninvalid\n' | out
err <<'E'
sudokit: SIX:1: a 6x6 grid needs a box shape (such as --box RxC) or --box none: 6 is not a square
sudokit: SIX: the same for 2 more puzzles (lines 2-3)
E
filter="sed s|$tmp/six.txt|SIX|"
run six-without-box-once 3 solve "$tmp/six.txt"
# ... and for one more puzzle, its line
head -n 2 "$tmp/six.txt" >"$tmp/six2.txt"
printf 'invalid\ninvalid\n' | out
err <<'E'
sudokit: SIX:1: a 6x6 grid needs a box shape (such as --box RxC) or --box none: 6 is not a square
sudokit: SIX: the same for 1 more puzzle (line 2)
E
filter="sed s|$tmp/six2.txt|SIX|"
run six-without-box-one-more 3 solve "$tmp/six2.txt"
# a UTF-16 file, and a binary one: one message each
printf '%s\n' $classic $classic | iconv -f UTF-8 -t UTF-16 >"$tmp/u16.txt" 2>/dev/null &&
    [ -s "$tmp/u16.txt" ] && {
    echo invalid | out
    err <<'E'
sudokit: U:1: the input is UTF-16 text (little-endian), expected UTF-8 or ASCII: convert it first (iconv -f UTF-16 -t UTF-8)
E
    filter="sed s|$tmp/u16.txt|U|"
    run utf16-once 3 solve "$tmp/u16.txt"
}
awk 'BEGIN { for (i = 0; i < 400; i++) printf "%c%c%c%c", 127, 69, 0, 0 }' >"$tmp/bin"
echo invalid | out
err <<'E'
sudokit: B:1: the input is not text (it has NUL bytes), expected puzzles as text
E
filter="sed s|$tmp/bin|B|"
run binary-once 3 solve "$tmp/bin"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

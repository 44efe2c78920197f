#!/bin/sh
# tests/cli/paste.sh - puzzles as people paste them: grids drawn with box
# characters, comma-separated rows, the CSV of puzzle collections, lines
# split into groups or led by a label, jigsaw region ids of any symbols.
#
#   sh tests/cli/paste.sh build/sudokit      (run from the repository root)
#
# Each form is converted to the plain line form and compared with the
# puzzle written out by hand, so a misread cell shows as a wrong symbol.
# The puzzles: the classic 9x9 of examples/puzzles/classic.txt, and two
# lines of the "1 million Sudoku games" collection's CSV (quizzes,
# solutions), whose solutions come with them.  Output as in
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
reads comma-rows $P/commas.txt $classic
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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

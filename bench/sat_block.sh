#!/bin/sh
# bench/sat_block.sh MODEL CNF SOLUTION - the step between the two SAT runs
# of the uniqueness proof (bench/run.sh times it as part of the SAT side).
#
#   MODEL     the SAT solver's output for CNF: "v" lines (CaDiCaL, Kissat)
#   CNF       the formula, as written by `sudokit cnf`
#   SOLUTION  file to write the decoded grid to: one line, N*N symbols
#             (1-9 then A-Z), '?' for a cell without exactly one digit
#
# Writes to stdout the formula CNF plus one clause that forbids exactly the
# found solution: the negation of its N*N true variables.  The formula is
# unsatisfiable exactly when the puzzle has no other solution.  Variable
# (r*N + c)*N + d holds digit d in cell (r, c) (see `sudokit cnf --help`).
# Exit 1 when CNF has no "p cnf" header or MODEL no model.

model=${1:?usage: sat_block.sh MODEL CNF SOLUTION}
cnf=${2:?usage: sat_block.sh MODEL CNF SOLUTION}
sol=${3:?usage: sat_block.sh MODEL CNF SOLUTION}

header=$(sed -n '/^p cnf /{p;q;}' "$cnf")
[ -n "$header" ] || { echo "sat_block.sh: $cnf: no 'p cnf' header" >&2; exit 1; }
set -- $header
vars=$3 clauses=$4

# The grid and the blocking clause, from the positive literals of the model.
block=$(sed -n 's/^v //p' "$model" | awk -v vars="$vars" -v sol="$sol" '
    BEGIN { n = 1; while (n * n * n < vars) n++
            sym = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" }
    { for (i = 1; i <= NF; i++) if ($i > 0) {
          v = $i - 1; c = int(v / n)
          if (c in g) g[c] = "?"; else { g[c] = substr(sym, v % n + 1, 1); lit[c] = $i } } }
    END { s = ""; clause = ""; bad = 0
          for (c = 0; c < n * n; c++) {
              if (!(c in g) || g[c] == "?") { s = s "?"; bad = 1; continue }
              s = s g[c]; clause = clause "-" lit[c] " " }
          print s > sol
          if (bad) exit 1
          print clause "0" }') || { echo "sat_block.sh: $model: no complete model" >&2; exit 1; }

echo "p cnf $vars $((clauses + 1))"
echo "$block"
grep -v '^[cp]' "$cnf"

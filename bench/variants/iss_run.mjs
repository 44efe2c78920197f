// iss_run.mjs ISS_DIR LIST_FILE [--limit-ms MS]
//
// Runs the Interactive Sudoku Solver's own solver (ISS_DIR, a checkout
// outside this repository) under node, in one process, on the puzzles of
// LIST_FILE (tests/variants/iss_examples.txt): each puzzle is found by its
// name in ISS's collections, so that ISS solves its own input, and its
// uniqueness is proven the way ISS's "count solutions" does, stopping at
// two.  Prints one line per puzzle, NAME<TAB>solutions<TAB>milliseconds,
// and a total line; the time counts building the solver and searching.
import { readFileSync } from 'node:fs';
import { allPuzzles, issModules } from './iss_puzzles.mjs';

const [issDir, listFile] = process.argv.slice(2);
if (!issDir || !listFile) {
  console.error('usage: node iss_run.mjs ISS_DIR LIST_FILE');
  process.exit(2);
}
const M = await issModules(issDir);
const { SudokuParser, SudokuBuilder } = M;
const byName = new Map(allPuzzles(M).map((p) => [p.name, p]));

const names = [];
const lines = readFileSync(listFile, 'utf8').split('\n');
for (let i = 1; i < lines.length; i++)
  if (lines[i].startsWith('{') && lines[i - 1].startsWith('# '))
    names.push(lines[i - 1].slice(2).split(' | ')[0]);

let total = 0;
for (const name of names) {
  const config = byName.get(name);
  if (!config) {
    console.log(`${name}\tmissing\t0`);
    continue;
  }
  const t0 = process.hrtime.bigint();
  const constraint = SudokuParser.parseText(config.input);
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const count = solver.countSolutions(2);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  total += ms;
  console.log(`${name}\t${count}\t${ms.toFixed(2)}`);
}
console.log(`total\t${names.length} puzzles\t${total.toFixed(1)}`);

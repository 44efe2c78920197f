// iss_puzzles.mjs - the puzzles of an Interactive Sudoku Solver checkout,
// named as iss_to_fpuzzles.mjs and iss_run.mjs both name them: ISS's own
// name, or COLLECTION#INDEX for a collection entry that has none.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function issModules(issDir) {
  const iss = (p) => pathToFileURL(resolve(issDir, p)).href;
  const { ensureGlobalEnvironment } = await import(iss('tests/helpers/test_env.js'));
  ensureGlobalEnvironment();
  return {
    iss,
    SudokuParser: (await import(iss('js/sudoku_parser.js'))).SudokuParser,
    SudokuConstraint: (await import(iss('js/sudoku_constraint.js'))).SudokuConstraint,
    SudokuConstraintBase: (await import(iss('js/sudoku_constraint.js'))).SudokuConstraintBase,
    CellGeometry: (await import(iss('js/cell_geometry.js'))).CellGeometry,
    GEOMETRY_9x9: (await import(iss('js/cell_geometry.js'))).GEOMETRY_9x9,
    SudokuBuilder: (await import(iss('js/solver/sudoku_builder.js'))).SudokuBuilder,
    Collections: await import(iss('data/collections.js')),
    resolvePuzzleConfig: (await import(iss('data/example_puzzles.js'))).resolvePuzzleConfig,
  };
}

// Every puzzle of every collection, each once: {name, collection, input,
// solution, src}.
export function allPuzzles(m) {
  const seen = new Set();
  const out = [];
  for (const [collection, value] of Object.entries(m.Collections)) {
    if (!Array.isArray(value)) continue;
    value.forEach((entry, i) => {
      const config = typeof value.configFor === 'function'
        ? value.configFor(entry) : m.resolvePuzzleConfig(entry);
      if (!config || typeof config.input !== 'string') return;
      const given = typeof config.name === 'string' ? config.name : '';
      const raw = !given || given === config.input || (given.length > 40 && !/\s/.test(given));
      const name = (raw ? `${collection}#${i}` : given).replace(/\s+/g, ' ');
      if (seen.has(name)) return;
      seen.add(name);
      out.push({ ...config, name, collection });
    });
  }
  return out;
}

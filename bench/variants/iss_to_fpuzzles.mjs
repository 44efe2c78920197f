// iss_to_fpuzzles.mjs ISS_DIR OUT_FILE
//
// Converts the puzzles of the Interactive Sudoku Solver's collections
// (ISS_DIR/data/example_puzzles.js and collections.js, read through ISS's
// own parser) into f-puzzles JSON, one puzzle per line after a comment
// naming it and its source, for sudokit's tests and benchmarks.
//
// Only puzzles whose every constraint has an f-puzzles rule of the same
// meaning are converted; the others are listed on stderr with the reason.
// A constraint is never approximated: a whisper's difference is written
// out, a pill's cells are kept as the pill, anti-consecutive is taken
// only when no dot could exempt a pair from it (f-puzzles' nonconsecutive
// exempts dotted pairs), and so on.  The meaning of each ISS type was
// checked in ISS's js/solver/sudoku_builder.js.
import { writeFileSync } from 'node:fs';
import { allPuzzles, issModules } from './iss_puzzles.mjs';

const [issDir, outFile] = process.argv.slice(2);
if (!issDir || !outFile) {
  console.error('usage: node iss_to_fpuzzles.mjs ISS_DIR OUT_FILE');
  process.exit(2);
}
const M = await issModules(issDir);
const { SudokuParser, SudokuConstraint, SudokuConstraintBase, CellGeometry, GEOMETRY_9x9 } = M;

class Skip extends Error {}
const skip = (why) => { throw new Skip(why); };

const cellName = (g, idx) => {
  const [r, c] = g.splitCellIndex(idx);
  return `R${r + 1}C${c + 1}`;
};

function convert(p) {
  let root;
  try {
    root = SudokuParser.parseText(p.input);
  } catch (e) {
    skip('ISS cannot parse it: ' + e.message);
  }
  const flat = [];
  const walk = (c) => {
    if (c.type === 'Container') c.constraints.forEach(walk);
    else if (c.type === 'Or' || c.type === 'And') skip(`composite ${c.type}`);
    else flat.push(c);
  };
  walk(root);

  // the grid
  let g = GEOMETRY_9x9;
  const shape = flat.find((c) => c.type === 'Shape');
  if (shape) {
    g = CellGeometry.fromShapeSpec(shape.shapeSpec);
    if (g.numRows !== g.numCols || g.numValues !== g.numRows || g.valueOffset !== 0 ||
        g.gridType !== CellGeometry.SUDOKU_GRID_TYPE)
      skip(`grid shape ${shape.shapeSpec}`);
  }
  const n = g.numRows;
  const cell = (id) => g.parseCellId(id).cellIndex;
  const grid = [];
  for (let r = 0; r < n; r++) grid.push(Array.from({ length: n }, () => ({})));
  const at = (idx) => grid[Math.floor(idx / n)][idx % n];
  const fp = { size: n, grid };
  const add = (key, item) => { (fp[key] ??= []).push(item); };
  const names = (cells) => cells.map((c) => cellName(g, typeof c === 'number' ? c : cell(c)));
  const types = new Set(flat.map((c) => c.type));

  // boxes, or a jigsaw replacing them
  const noBoxes = types.has('NoBoxes');
  const jigsaw = flat.filter((c) => c.type === 'Jigsaw');
  if (jigsaw.length) {
    if (!noBoxes) skip('jigsaw pieces on top of boxes');
    const layout = jigsaw[jigsaw.length - 1].cells.length === 1
      ? jigsaw[jigsaw.length - 1].cells[0] : jigsaw[jigsaw.length - 1].cells.join('');
    if (layout.length !== n * n) skip('jigsaw layout of another size');
    const ids = new Map();
    for (let i = 0; i < n * n; i++) {
      if (!ids.has(layout[i])) ids.set(layout[i], ids.size);
      at(i).region = ids.get(layout[i]);
    }
    if (ids.size !== n) skip('jigsaw layout without n regions');
  } else if (noBoxes) {
    skip('no boxes (a Latin square has no f-puzzles form)');
  } else {
    // ISS's boxes must be f-puzzles' defaults, or written out
    const boxes = SudokuConstraintBase.boxRegions(g);
    let r0 = 0;
    for (let r = 1; r * r <= n; r++) if (n % r === 0) r0 = r;
    const fdefault = (i) => (Math.floor(Math.floor(i / n) / r0) * r0 + Math.floor((i % n) / (n / r0)));
    let same = boxes.length === n;
    const boxOf = new Map();
    boxes.forEach((cells, k) => cells.forEach((c) => boxOf.set(c, k)));
    for (let i = 0; i < n * n && same; i++)
      for (let j = 0; j < i && same; j++)
        same = (boxOf.get(i) === boxOf.get(j)) === (fdefault(i) === fdefault(j));
    if (!same) {
      if (boxes.length !== n) skip('boxes that do not tile the grid');
      for (let i = 0; i < n * n; i++) at(i).region = boxOf.get(i);
    }
  }

  const dotted = new Set();
  const pairKey = (a, b) => (a < b ? `${a},${b}` : `${b},${a}`);
  const adjacentPairs = (cells) => {
    const idx = cells.map(cell);
    const set = new Set(idx);
    const pairs = [];
    for (const a of idx) {
      set.delete(a);
      const [r, c] = [Math.floor(a / n), a % n];
      for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
        const rr = r + dr, cc = c + dc;
        if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
        if (set.has(rr * n + cc)) pairs.push([a, rr * n + cc]);
      }
    }
    if (!pairs.length) skip('a dot with no adjacent cells');
    return pairs;
  };

  for (const c of flat) {
    switch (c.type) {
      case 'Shape': case 'NoBoxes': case 'Jigsaw': break;
      case 'Given': {
        const i = cell(c.cell);
        const vals = c.values.map(Number);
        if (vals.length === 1) {
          at(i).value = vals[0];
          at(i).given = true;
        } else {
          const odd = [], even = [];
          for (let d = 1; d <= n; d++) (d % 2 ? odd : even).push(d);
          const sorted = [...vals].sort((a, b) => a - b).join();
          if (sorted === odd.join()) add('odd', { cell: cellName(g, i) });
          else if (sorted === even.join()) add('even', { cell: cellName(g, i) });
          else at(i).givenPencilMarks = [...vals].sort((a, b) => a - b);
        }
        break;
      }
      case 'Cage':
        // ISS reads a cage sum of 0 as no sum
        add('killercage', c.sum ? { cells: names(c.cells), value: String(c.sum) } : { cells: names(c.cells) });
        break;
      case 'Arrow':
        add('arrow', { cells: names([c.cells[0]]), lines: [names(c.cells)] });
        break;
      case 'PillArrow': {
        const pill = c.cells.slice(0, c.pillSize);
        add('arrow', { cells: names(pill), lines: [names([pill[pill.length - 1], ...c.cells.slice(c.pillSize)])] });
        break;
      }
      case 'Thermo':
        add('thermometer', { lines: [names(c.cells)] });
        break;
      case 'Whisper':
        add('whispers', { lines: [names(c.cells)], value: String(c.difference) });
        break;
      case 'Renban':
        add('renban', { lines: [names(c.cells)] });
        break;
      case 'Between':
        add('betweenline', { lines: [names(c.cells)] });
        break;
      case 'Palindrome':
        add('palindrome', { lines: [names(c.cells)] });
        break;
      case 'RegionSumLine':
        add('regionsumline', { lines: [names(c.cells)] });
        break;
      case 'WhiteDot':
      case 'BlackDot':
        for (const [a, b] of adjacentPairs(c.cells)) {
          add(c.type === 'WhiteDot' ? 'difference' : 'ratio', { cells: names([a, b]) });
          dotted.add(pairKey(a, b));
        }
        break;
      case 'X':
      case 'V':
        for (const [a, b] of adjacentPairs(c.cells))
          add('xv', { cells: names([a, b]), value: c.type });
        break;
      case 'StrictKropki':
        fp.nonconsecutive = true;
        (fp.negative ??= []).push('ratio');
        break;
      case 'StrictXV':
        (fp.negative ??= []).push('xv');
        break;
      case 'AntiConsecutive':
        if (types.has('WhiteDot') || types.has('BlackDot'))
          skip('anti-consecutive with dots (f-puzzles would exempt the dotted pairs)');
        fp.nonconsecutive = true;
        break;
      case 'AntiKnight': fp.antiknight = true; break;
      case 'AntiKing': fp.antiking = true; break;
      case 'DisjointSets':
        if (jigsaw.length) skip('disjoint sets on a jigsaw');
        fp.disjointgroups = true;
        break;
      case 'Diagonal':
        fp[c.direction > 0 ? 'diagonal+' : 'diagonal-'] = true;
        break;
      case 'Windoku':
        for (const cells of SudokuConstraint.Windoku.regions(g))
          add('extraregion', { cells: names(cells) });
        break;
      case 'Quad': {
        const [r, col] = g.splitCellIndex(cell(c.topLeftCell));
        const cells = [[r, col], [r, col + 1], [r + 1, col], [r + 1, col + 1]]
          .map(([a, b]) => `R${a + 1}C${b + 1}`);
        add('quadruple', { cells, values: c.values.map(Number) });
        break;
      }
      case 'LittleKiller': {
        const cells = c.getCells(g).map(cell);
        if (cells.length < 2) skip('a little killer on one cell');
        const [r0, c0] = g.splitCellIndex(cells[0]);
        const [r1, c1] = g.splitCellIndex(cells[1]);
        const dr = r1 - r0, dc = c1 - c0;
        const dir = (dr < 0 ? 'U' : 'D') + (dc < 0 ? 'L' : 'R');
        add('littlekillersum', { cell: `R${r0 - dr + 1}C${c0 - dc + 1}`, direction: dir, value: String(c.value) });
        break;
      }
      case 'Sandwich': {
        const cells = c.getCells(g).map(cell);
        const [r0, c0] = g.splitCellIndex(cells[0]);
        const [r1] = g.splitCellIndex(cells[1]);
        const isRow = r0 === r1;
        add('sandwichsum', { cell: isRow ? `R${r0 + 1}C0` : `R0C${c0 + 1}`, value: String(c.value) });
        break;
      }
      default:
        skip(`${c.type} has no f-puzzles rule`);
    }
  }
  if (p.solution) {
    const s = String(p.solution);
    const digits = n <= 9 ? [...s].map(Number) : null;
    if (digits && digits.length === n * n && digits.every((d) => d >= 1 && d <= n))
      fp.solution = digits;
  }
  return fp;
}

const puzzles = allPuzzles(M);
const lines = [
  '# Variant puzzles from the example collections of the Interactive Sudoku Solver',
  '# (github.com/sigh/Interactive-Sudoku-Solver, data/example_puzzles.js and',
  '# data/collections.js), converted to f-puzzles JSON by',
  '# bench/variants/iss_to_fpuzzles.mjs: every puzzle whose rules all have an',
  '# f-puzzles form of the same meaning.  Each puzzle: a comment line',
  '#   # NAME | SOURCE | ISS collection',
  '# then its f-puzzles JSON on one line ("solution" when the collection gives one).',
];
const skipped = {};
let kept = 0;
const kinds = {};
for (const p of puzzles) {
  let fp;
  try {
    fp = convert(p);
  } catch (e) {
    if (!(e instanceof Skip)) throw e;
    skipped[e.message] = (skipped[e.message] || 0) + 1;
    continue;
  }
  const kindsHere = Object.keys(fp).filter((k) => !['size', 'grid', 'solution'].includes(k));
  if (!kindsHere.length && !fp.grid.some((row) => row.some((c) => c.givenPencilMarks)))
    kindsHere.push('classic');
  for (const k of kindsHere) kinds[k] = (kinds[k] || 0) + 1;
  const src = Array.isArray(p.src) ? p.src.join(' ') : (p.src || 'no source given');
  lines.push(`# ${p.name} | ${src} | ISS ${p.collection}`);
  lines.push(JSON.stringify(fp));
  kept++;
}
writeFileSync(outFile, lines.join('\n') + '\n');
console.error(`${kept} puzzles converted, ${puzzles.length - kept} skipped`);
for (const [why, count] of Object.entries(skipped).sort((a, b) => b[1] - a[1]))
  console.error(`  skipped ${count}: ${why}`);
console.error('rules in the converted set: ' +
  Object.entries(kinds).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', '));

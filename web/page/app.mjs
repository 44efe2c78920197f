// app.mjs - the sudokit page: a puzzle drawn with its regions and rules,
// typed or pasted, solved, checked, explained step by step, rated and
// generated, every search in a worker (so the page never freezes, and
// Cancel stops it).
import { createWorker, Cancelled } from "./sudokit.mjs";

const sk = createWorker();
const $ = id => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const BOARD = 480;

const state = {
    text: "",        // the puzzle as loaded
    info: null,      // sk.describe(text)
    entries: [],     // digits typed in (0 none), per cell
    shown: null,     // a solution on display, or null
    second: null,    // a second solution when there are several
    marks: null,     // candidates on display, or null
    hl: {},          // cell -> highlight class
    selected: -1,
    steps: null,     // explain()'s steps
    at: 0,           // steps applied
};

const sym = v => (v ? SYMBOLS[v - 1] || String(v) : "");

function status(msg, ms) {
    const s = $("status");
    s.textContent = ms === undefined ? msg : `${msg} (${ms.toFixed(1)} ms)`;
    if (ms !== undefined)
        s.dataset.ms = ms.toFixed(3);
}

// Runs one call in the worker, timed; errors go to the status line.
async function call(label, fn) {
    status(`${label}...`);
    const t0 = performance.now();
    try {
        const r = await fn();
        return [r, performance.now() - t0];
    } catch (e) {
        status(e instanceof Cancelled ? "Cancelled." : `Error: ${e.message}`);
        return [undefined, 0]; // (null is an answer: hint's "no step")
    }
}

const givenAt = c => {
    const g = state.info.givens;
    if (typeof g === "string")
        return g[c] === "." ? 0 : SYMBOLS.indexOf(g[c]) + 1;
    return g[c];
};

// The puzzle with the digits typed in, as text the library reads.
async function current() {
    if (!state.entries.some(v => v))
        return state.text;
    const values = state.entries.map(v => (v ? sym(v) : ".")).join("");
    return (await sk.restate(state.text, values)).text;
}

async function load(text) {
    const [info, ms] = await call("Reading", () => sk.describe(text));
    if (!info)
        return false;
    const n = info.size;
    Object.assign(state, { text, info, entries: new Array(n * n).fill(0), shown: null,
                           second: null, marks: null, hl: {}, selected: -1, steps: null, at: 0 });
    $("steps").hidden = true;
    draw();
    const givens = [...Array(n * n).keys()].filter(c => givenAt(c)).length;
    status(`${info.description}, ${givens} givens.`, ms);
    return true;
}

// ---- drawing -----------------------------------------------------------

function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs))
        e.setAttribute(k, v);
    if (parent)
        parent.appendChild(e);
    return e;
}

function draw() {
    const svg = $("board");
    svg.replaceChildren();
    const info = state.info;
    if (!info)
        return;
    const n = info.size, cs = BOARD / n, pad = 4;
    svg.setAttribute("viewBox", `${-pad} ${-pad} ${BOARD + 2 * pad} ${BOARD + 2 * pad}`);
    const center = c => [(c % n + 0.5) * cs, (Math.floor(c / n) + 0.5) * cs];
    for (let c = 0; c < n * n; c++) {
        const x = (c % n) * cs, y = Math.floor(c / n) * cs;
        const cls = ["cell", state.hl[c] || "", c === state.selected ? "selected" : ""].join(" ");
        el("rect", { x, y, width: cs, height: cs, class: cls, "data-cell": c }, svg);
    }
    drawRules(svg, n, cs, center);
    // thin lines, then region walls
    for (let i = 1; i < n; i++) {
        el("line", { x1: i * cs, y1: 0, x2: i * cs, y2: BOARD, class: "thin" }, svg);
        el("line", { x1: 0, y1: i * cs, x2: BOARD, y2: i * cs, class: "thin" }, svg);
    }
    const reg = info.regions;
    for (let c = 0; c < n * n; c++) {
        const r = Math.floor(c / n), col = c % n;
        if (col < n - 1 && reg[c] !== reg[c + 1])
            el("line", { x1: (col + 1) * cs, y1: r * cs, x2: (col + 1) * cs, y2: (r + 1) * cs,
                         class: "thick" }, svg);
        if (r < n - 1 && reg[c] !== reg[c + n])
            el("line", { x1: col * cs, y1: (r + 1) * cs, x2: (col + 1) * cs, y2: (r + 1) * cs,
                         class: "thick" }, svg);
    }
    el("rect", { x: 0, y: 0, width: BOARD, height: BOARD, fill: "none", class: "thick" }, svg);
    // digits: givens, entries, a solution, or candidates
    const font = cs * 0.6;
    for (let c = 0; c < n * n; c++) {
        const [x, y] = center(c);
        const g = givenAt(c), e = state.entries[c];
        const s = state.shown ? SYMBOLS.indexOf(state.shown[c]) + 1 : 0;
        const v = g || e || s;
        const t = el("text", { x, y: y + font * 0.35, "text-anchor": "middle", "font-size": font,
                              id: `v${c}`, class: g ? "given" : e ? "entry" : "solution",
                              "pointer-events": "none" }, svg);
        t.textContent = sym(v);
        if (!v && state.marks && n <= 16) {
            const k = Math.ceil(Math.sqrt(n)), ms = cs / k;
            for (const d of state.marks[c]) {
                const mx = (c % n) * cs + ((d - 1) % k + 0.5) * ms;
                const my = Math.floor(c / n) * cs + (Math.floor((d - 1) / k) + 0.5) * ms;
                el("text", { x: mx, y: my + ms * 0.3, "text-anchor": "middle",
                             "font-size": ms * 0.75, class: "mark", "pointer-events": "none" },
                   svg).textContent = sym(d);
            }
        }
    }
    const list = $("rules");
    list.replaceChildren(...info.rules.map(r => {
        const li = document.createElement("li");
        li.textContent = r.name;
        return li;
    }));
}

const LINE_COLOURS = { thermo: "#999", whisper: "#3a3", renban: "#a3a", palindrome: "#888",
                       between: "#39c", "region-sum": "#36c", arrow: "#777" };

function drawRules(svg, n, cs, center) {
    const rules = [...state.info.rules];
    if (/diagonals/.test(state.info.description)) // X-Sudoku's houses
        rules.push({ kind: "diagonal-up", cells: [] }, { kind: "diagonal-down", cells: [] });
    for (const r of rules) {
        const pts = r.cells.map(center);
        switch (r.kind) {
        case "cage": {
            const inCage = new Set(r.cells), m = cs * 0.08;
            for (const c of r.cells) {
                const x = (c % n) * cs, y = Math.floor(c / n) * cs;
                const side = (dc, x1, y1, x2, y2) => {
                    if (!inCage.has(c + dc) || (dc === 1 && c % n === n - 1) ||
                        (dc === -1 && c % n === 0))
                        el("line", { x1, y1, x2, y2, class: "cage" }, svg);
                };
                side(-n, x + m, y + m, x + cs - m, y + m);
                side(n, x + m, y + cs - m, x + cs - m, y + cs - m);
                side(-1, x + m, y + m, x + m, y + cs - m);
                side(1, x + cs - m, y + m, x + cs - m, y + cs - m);
            }
            if (r.value) {
                const first = Math.min(...r.cells);
                el("text", { x: (first % n) * cs + cs * 0.12, y: Math.floor(first / n) * cs + cs * 0.3,
                             class: "cagesum", "font-size": cs * 0.24 }, svg).textContent = r.value;
            }
            break;
        }
        case "thermo":
        case "whisper":
        case "renban":
        case "palindrome":
        case "between":
        case "region-sum":
        case "arrow": {
            const colour = LINE_COLOURS[r.kind];
            // an arrow's shaft leaves from the last cell of its circle or pill
            const from = r.kind === "arrow" ? pts.slice(Math.max(0, (r.aux || 1) - 1)) : pts;
            el("polyline", { points: from.map(p => p.join(",")).join(" "), class: "line",
                             stroke: colour, "stroke-width": cs * (r.kind === "thermo" ? 0.25 : 0.12) },
               svg);
            if (r.kind === "thermo")
                el("circle", { cx: pts[0][0], cy: pts[0][1], r: cs * 0.36, fill: colour,
                               opacity: 0.6 }, svg);
            if (r.kind === "arrow") // the circle, or the pill over its cells
                el("polyline", { points: pts.slice(0, Math.max(1, r.aux || 1)).concat(
                                     [pts[Math.max(0, (r.aux || 1) - 1)]]).map(p => p.join(",")).join(" "),
                                 fill: "none", stroke: colour, "stroke-width": cs * 0.72,
                                 "stroke-linecap": "round", opacity: 0.25 }, svg);
            if (r.kind === "between")
                for (const p of [pts[0], pts[pts.length - 1]])
                    el("circle", { cx: p[0], cy: p[1], r: cs * 0.36, fill: "#fff", stroke: colour,
                                   "stroke-width": 2, opacity: 0.7 }, svg);
            break;
        }
        case "white":
        case "black":
        case "xv": {
            if (pts.length !== 2)
                break;
            const mx = (pts[0][0] + pts[1][0]) / 2, my = (pts[0][1] + pts[1][1]) / 2;
            if (r.kind === "xv")
                el("text", { x: mx, y: my + cs * 0.1, "text-anchor": "middle",
                             "font-size": cs * 0.3, "font-weight": 700 },
                   svg).textContent = r.value === 10 ? "X" : r.value === 5 ? "V" : r.value;
            else
                el("circle", { cx: mx, cy: my, r: cs * 0.12, fill: r.kind === "black" ? "#222" : "#fff",
                               stroke: "#222", "stroke-width": 1.5 }, svg);
            break;
        }
        case "odd":
        case "even":
            for (const [x, y] of pts)
                if (r.kind === "odd")
                    el("circle", { cx: x, cy: y, r: cs * 0.4, fill: "#ddd" }, svg);
                else
                    el("rect", { x: x - cs * 0.38, y: y - cs * 0.38, width: cs * 0.76,
                                 height: cs * 0.76, fill: "#ddd" }, svg);
            break;
        case "quadruple": {
            // a circle on the corner the four cells share, with the digits
            const xs = r.cells.map(c => c % n), ys = r.cells.map(c => Math.floor(c / n));
            const cx = (Math.min(...xs) + 1) * cs, cy = (Math.min(...ys) + 1) * cs;
            el("circle", { cx, cy, r: cs * 0.3, fill: "#fff", stroke: "#222", "stroke-width": 1 }, svg);
            el("text", { x: cx, y: cy + cs * 0.07, "text-anchor": "middle", "font-size": cs * 0.2 },
               svg).textContent = r.digits.join("");
            break;
        }
        case "little-killer":
        case "sandwich": {
            // the sum in the corner of the cell the rule starts from
            const c = r.cells[0];
            el("text", { x: (c % n) * cs + cs * 0.06, y: Math.floor(c / n) * cs + cs * 0.9,
                         class: "cagesum", "font-size": cs * 0.22 },
               svg).textContent = (r.kind === "sandwich" ? "S" : "\u2198") + r.value;
            break;
        }
        case "minimum":
        case "maximum":
        case "region":
            for (const c of r.cells)
                el("rect", { x: (c % n) * cs + 2, y: Math.floor(c / n) * cs + 2, width: cs - 4,
                             height: cs - 4, "pointer-events": "none",
                             fill: r.kind === "minimum" ? "#cfe3ff" : r.kind === "maximum" ? "#ffd9cf"
                                 : "#e9e2f7", opacity: 0.8 }, svg);
            break;
        case "digits":
            for (const c of r.cells)
                el("text", { x: (c % n + 0.5) * cs, y: (Math.floor(c / n) + 0.92) * cs,
                             "text-anchor": "middle", class: "cagesum", "font-size": cs * 0.18 },
                   svg).textContent = r.digits.join("");
            break;
        case "diagonal-up":
            el("line", { x1: 0, y1: BOARD, x2: BOARD, y2: 0, stroke: "#9bc", "stroke-width": 2 }, svg);
            break;
        case "diagonal-down":
            el("line", { x1: 0, y1: 0, x2: BOARD, y2: BOARD, stroke: "#9bc", "stroke-width": 2 }, svg);
            break;
        default:
            break; // listed under the board
        }
    }
}

// ---- the buttons -------------------------------------------------------

function clearShown() {
    Object.assign(state, { shown: null, second: null, marks: null, hl: {} });
}

async function solve(only_check) {
    const t = await current();
    const [r, ms] = await call("Solving", () => sk.solve(t));
    if (!r)
        return;
    clearShown();
    if (r.status === "unique") {
        if (!only_check)
            state.shown = r.solution;
        status(only_check ? "Unique: exactly one solution." : "Solved: the only solution.", ms);
    } else if (r.status === "multiple") {
        state.shown = r.solution;
        state.second = r.second;
        let diff = 0;
        for (let c = 0; c < r.solution.length; c++)
            if (r.solution[c] !== r.second[c]) {
                state.hl[c] = "hl-diff";
                diff++;
            }
        status(`Several solutions: two of them, differing in the ${diff} marked cells (Check uniqueness again shows the other).`, ms);
    } else if (r.status === "none") {
        status("No solution.", ms);
    } else {
        status(`${r.status}.`, ms);
    }
    draw();
}

async function checkUnique() {
    if (state.second) { // show the other of the two solutions
        [state.shown, state.second] = [state.second, state.shown];
        draw();
        return;
    }
    await solve(true);
}

async function candidates() {
    const t = await current();
    const [r, ms] = await call("Finding the candidates", () => sk.candidates(t));
    if (!r)
        return;
    clearShown();
    state.marks = r.candidates;
    status(r.status === "none" ? "No solution: no candidates." : "True candidates: the digits some solution puts in each cell.", ms);
    draw();
}

function highlight(step) {
    state.hl = {};
    for (const c of step.cells || [])
        state.hl[c] = "hl-pattern";
    for (const [c] of step.eliminations || [])
        state.hl[c] = "hl-elim";
    if (step.cell >= 0)
        state.hl[step.cell] = "hl-place";
}

// What hint() gave when it is not a step: null (every cell filled, or no
// technique applies), or a record (not unique, out of time).
function noStep(r) {
    if (r === null) {
        const n = state.info.size;
        const full = [...Array(n * n).keys()].every(c => givenAt(c) || state.entries[c]);
        return full ? "Solved: every cell is filled." : "Stuck: no technique applies here.";
    }
    return r.timeout || r.status === "timeout" ? "Timeout: no step found in time."
                                                : `${r.status}: no hint.`;
}

// The next step from the position on the board: [what hint() gives, ms,
// the position's text], or undefined when the call failed (the status line
// says why).
async function nextStep() {
    const t = await current();
    const [r, ms] = await call("Looking for the next step", () => sk.hint(t));
    if (r === undefined)
        return undefined;
    clearShown();
    return [r, ms, t];
}

async function hint() {
    const got = await nextStep();
    if (!got)
        return;
    const [r, ms] = got;
    if (r && r.technique) {
        highlight(r);
        status(`${r.text} (rating ${r.rating.toFixed(1)})`, ms);
    } else {
        status(noStep(r), ms);
    }
    draw();
}

// Nudge: the next step a little at a time, never what it places or
// removes.  The first press on a position names the technique, the next
// says where (the step's "where", as `sudokit hint --reveal where`: its
// houses, else its cells, and the digits it is about, never its answer).
// Hint gives it whole.
const nudged = { text: null, level: 0 };

async function nudge() {
    const got = await nextStep();
    if (!got)
        return;
    const [r, ms, t] = got;
    if (r && r.technique) {
        nudged.level = nudged.text === t ? 2 : 1;
        nudged.text = t;
        if (nudged.level === 1) {
            status(`Next: ${r.name} (rating ${r.rating.toFixed(1)}). Nudge again for where.`, ms);
        } else {
            status(`Next: ${r.where} (rating ${r.rating.toFixed(1)}). Hint shows the step.`, ms);
        }
    } else {
        status(noStep(r), ms);
    }
    draw();
}

function showStep() {
    const n = state.info.size;
    state.entries = new Array(n * n).fill(0).map((_, c) => state.base[c]);
    for (let i = 0; i < state.at; i++) {
        const s = state.steps[i];
        if (s.cell >= 0)
            state.entries[s.cell] = s.digit;
    }
    state.hl = {};
    const items = $("steplist").children;
    for (let i = 0; i < items.length; i++)
        items[i].className = i === state.at - 1 ? "current" : "";
    if (state.at > 0) {
        const s = state.steps[state.at - 1];
        highlight(s);
        status(`Step ${state.at} of ${state.steps.length}: ${s.text}`);
        items[state.at - 1].scrollIntoView({ block: "nearest" });
    } else {
        status(`${state.steps.length} steps: Next step walks through them.`);
    }
    draw();
}

async function explain() {
    const t = await current();
    const [r, ms] = await call("Solving by logic", () => sk.explain(t));
    if (!r)
        return;
    clearShown();
    if (r.status !== "unique") {
        status(`${r.status}: not explained.`, ms);
        return;
    }
    state.steps = r.steps;
    state.at = 0;
    state.base = state.entries.slice();
    $("steplist").replaceChildren(...r.steps.map(s => {
        const li = document.createElement("li");
        li.textContent = `${s.text} (${s.rating.toFixed(1)})`;
        return li;
    }));
    $("steps").hidden = false;
    showStep();
    status(`${r.steps.length} steps, rating ${r.er.toFixed(1)}/${r.ep.toFixed(1)}/${r.ed.toFixed(1)}${r.stuck ? " (stuck)" : ""}.`, ms);
}

async function rate() {
    const t = await current();
    const [r, ms] = await call("Rating", () => sk.rate(t));
    if (!r)
        return;
    status(r.status === "unique"
        ? `Rating ${r.er.toFixed(1)}/${r.ep.toFixed(1)}/${r.ed.toFixed(1)}: hardest step ${r.er_technique || "beyond the techniques"}.`
        : `${r.status}: not rated.`, ms);
}

async function generate() {
    const num = id => ($(id).value.trim() === "" ? null : Number($(id).value));
    const opts = { size: Number($("gsize").value), symmetry: $("gsym").value,
                   seed: num("gseed") ?? Math.floor(Math.random() * 1e9), timeout: 30 };
    if (opts.size === 6)
        opts.box = "2x3";
    if (num("gmin") !== null || num("gmax") !== null)
        opts.rating = [num("gmin"), num("gmax")];
    const [r, ms] = await call("Generating", () => sk.generate(opts));
    if (!r)
        return;
    const text = typeof r.puzzle === "string" ? r.puzzle : r.puzzle.join(" ");
    $("input").value = text + (opts.box ? "\nbox 2x3\n" : "");
    await load($("input").value);
    status(`A new puzzle: ${r.givens} givens, seed ${r.seed}${r.er !== undefined ? `, rating ${r.er.toFixed(1)}` : ""}.`, ms);
}

// ---- keyboard and mouse ----------------------------------------------------

$("board").addEventListener("click", e => {
    const c = e.target.dataset && e.target.dataset.cell;
    if (c === undefined)
        return;
    state.selected = Number(c);
    $("board").focus();
    draw();
});

document.addEventListener("keydown", e => {
    if (!state.info || state.selected < 0 || e.target.closest("textarea, input, select"))
        return;
    const n = state.info.size, c = state.selected;
    const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) {
        const to = c + moves[e.key];
        if (to >= 0 && to < n * n && !(Math.abs(moves[e.key]) === 1 && Math.floor(to / n) !== Math.floor(c / n)))
            state.selected = to;
        e.preventDefault();
        draw();
        return;
    }
    if (givenAt(c))
        return;
    const v = SYMBOLS.indexOf(e.key.toUpperCase()) + 1;
    if (v >= 1 && v <= n)
        state.entries[c] = v;
    else if (["Backspace", "Delete", "0", ".", " "].includes(e.key))
        state.entries[c] = 0;
    else
        return;
    e.preventDefault();
    clearShown();
    draw();
});

$("load").onclick = () => load($("input").value);
$("solve").onclick = () => solve(false);
$("unique").onclick = checkUnique;
$("candidates").onclick = candidates;
$("hint").onclick = hint;
$("nudge").onclick = nudge;
$("explain").onclick = explain;
$("rate").onclick = rate;
$("generate").onclick = generate;
$("cancel").onclick = () => sk.cancel();
$("clear").onclick = () => {
    if (!state.info)
        return;
    state.entries.fill(0);
    clearShown();
    $("steps").hidden = true;
    draw();
};
$("next").onclick = () => {
    if (state.steps && state.at < state.steps.length) {
        state.at++;
        showStep();
    }
};
$("prev").onclick = () => {
    if (state.steps && state.at > 0) {
        state.at--;
        showStep();
    }
};

// A first puzzle, so the page is not empty; a puzzle given in the address
// (#...) comes instead, as an f-puzzles link's data can.
const first = decodeURIComponent(location.hash.slice(1)) ||
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
$("input").value = first;
load(first).then(() => {
    document.body.dataset.ready = "1";
});

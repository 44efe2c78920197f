// sudokit.mjs - the sudokit library in JavaScript, over its WebAssembly build.
//
//   import { load } from "sudokit";
//   const sk = await load();
//   sk.solve("..3.2.6..9..3.5..1...").solution   // proven the only one
//
// Every call takes a puzzle as text, in any form the library reads (a
// line, a grid with rule lines after it, f-puzzles JSON or a link, pencil
// marks), and returns a plain object (see sudokit.d.ts).  Calls run on the
// calling thread; a page uses createWorker() instead, whose calls return
// promises, run in a Web Worker so the page never freezes, and can be
// cancelled.
import createCore from "./sudokit-core.mjs";

export class SudokitError extends Error {
    constructor(message, line = 0, column = 0, status = "invalid") {
        super(line ? `line ${line}${column ? `, column ${column}` : ""}: ${message}` : message);
        this.name = "SudokitError";
        this.reason = message;
        this.line = line;
        this.column = column;
        this.status = status;
    }
}

export class Cancelled extends Error {
    constructor() {
        super("cancelled");
        this.name = "Cancelled";
    }
}

const isNode = typeof process === "object" && process.versions && process.versions.node &&
    typeof window === "undefined" && typeof self === "undefined";

async function coreOptions() {
    if (!isNode)
        return {};
    // the build targets browsers and workers: under node the module is
    // handed its .wasm file directly
    const { readFile } = await import("node:fs/promises");
    const wasm = await readFile(new URL("./sudokit-core.wasm", import.meta.url));
    return { wasmBinary: wasm };
}

const SYMMETRIES = ["none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal",
                    "both", "full"];

function range(value, scale) {
    if (value === undefined || value === null)
        return [0, 0];
    const [lo, hi] = Array.isArray(value) ? value : [value, value];
    return [lo == null ? 0 : Math.round(lo * scale), hi == null ? 0 : Math.round(hi * scale)];
}

function box(b) {
    if (b === undefined || b === null)
        return [0, 0];
    if (b === "none")
        return [-1, -1];
    if (Array.isArray(b))
        return b;
    const m = /^(\d+)x(\d+)$/.exec(String(b));
    if (!m)
        throw new SudokitError(`box wants RxC or "none", not ${JSON.stringify(b)}`);
    return [Number(m[1]), Number(m[2])];
}

class Sudokit {
    constructor(core) {
        this.core = core;
        this.version = core.UTF8ToString(core._skw_version());
    }

    // Calls fn(pointer to a copy of text in the module's memory) and
    // returns what it returns, the copy freed.
    _with(text, fn) {
        const c = this.core;
        const s = String(text);
        const len = c.lengthBytesUTF8(s) + 1;
        const p = c._malloc(len);
        c.stringToUTF8(s, p, len);
        try {
            return fn(p);
        } finally {
            c._free(p);
        }
    }

    // Calls fn(pointer to text) and returns the parsed JSON it answers.
    _call(text, fn) {
        if (typeof text !== "string")
            throw new TypeError(`expected the puzzle's text, a string, not ${
                text === null ? "null" : typeof text}`);
        return this._with(text, p => this._answer(fn(p)));
    }

    // The JSON text at r (a glue answer, freed here) as an object; an
    // invalid or unsupported puzzle throws SudokitError.
    _answer(r) {
        if (!r)
            throw new SudokitError("out of memory", 0, 0, "nomem");
        let out;
        try {
            out = JSON.parse(this.core.UTF8ToString(r));
        } finally {
            this.core._skw_free(r);
        }
        if (out.status === "invalid" || out.status === "unsupported") {
            const e = out.error || {};
            throw new SudokitError(e.message || out.status, e.line || 0, e.column || 0,
                                   out.status);
        }
        return out;
    }

    /** The solution, with the proof that it is the only one (status unique),
     *  or status multiple (solution and second), none, timeout. */
    solve(text, { timeout = 0 } = {}) {
        return this._call(text, p => this.core._skw_solve(p, 2, timeout));
    }

    /** The number of solutions, up to limit (0: all). */
    count(text, { limit = 0, timeout = 0 } = {}) {
        return this._call(text, p => this.core._skw_solve(p, limit, timeout));
    }

    /** The true candidates: for each cell, the digits it holds in some solution. */
    candidates(text, { timeout = 0 } = {}) {
        return this._call(text, p => this.core._skw_candidates(p, timeout));
    }

    /** Sudoku Explainer's rating (er, ep, ed) and its techniques. */
    rate(text, { timeout = 0 } = {}) {
        return this._call(text, p => this.core._skw_rate(p, timeout));
    }

    /** The logical path, step by step (maxSteps 0: to the end). */
    explain(text, { timeout = 0, maxSteps = 0 } = {}) {
        if (!Number.isInteger(maxSteps) || maxSteps < 0 || maxSteps > 0x7fffffff)
            throw new RangeError(`maxSteps must be a whole number, 0 (to the end) or more, not ${maxSteps}`);
        return this._call(text, p => this.core._skw_explain(p, timeout, maxSteps));
    }

    /** The next logical step, or null when solved or stuck; the record
     *  of explain() when the puzzle is not unique or the timeout ran out
     *  first (timeout: true), which null must not be taken for. */
    hint(text, { timeout = 0 } = {}) {
        const out = this._call(text, p => this.core._skw_explain(p, timeout, 1));
        if (out.status !== "unique" || (out.timeout && !out.steps.length))
            return out;
        return out.steps[0] || null;
    }

    /** The puzzle with digits written into its cells (a string of N*N
     *  symbols, '.' for none), as text with its rules: what a page sends
     *  after a person has filled cells in. */
    restate(text, values) {
        return this._call(text, p => this._with(values, v => this.core._skw_restate(p, v)));
    }

    /** What the puzzle is: size, givens, regions, rules. */
    describe(text) {
        return this._call(text, p => this.core._skw_describe(p));
    }

    /** A new puzzle with exactly one solution. */
    generate({ size, box: b, symmetry = "none", givens, minimal = false, rating, needs,
               noGuess = false, seed = 0, timeout = 0 } = {}) {
        const c = this.core;
        const sym = SYMMETRIES.indexOf(symmetry);
        if (sym < 0)
            throw new SudokitError(`unknown symmetry ${JSON.stringify(symmetry)}`);
        let tech = -1;
        if (needs !== undefined && needs !== null) {
            tech = this._with(needs, p => c._skw_technique(p));
            if (tech < 0)
                throw new SudokitError(`unknown technique ${JSON.stringify(needs)}`);
        }
        const [br, bc] = box(b);
        if (size === undefined)
            size = br > 0 ? br * bc : 9;
        const [g0, g1] = range(givens, 1);
        const [r0, r1] = range(rating, 10);
        return this._answer(c._skw_generate(size, br, bc, sym, g0, g1, minimal ? 1 : 0, r0, r1,
                                            tech, noGuess ? 1 : 0, seed, timeout));
    }
}

/** Loads the WebAssembly module; resolves to the API. */
export async function load() {
    const core = await createCore(await coreOptions());
    return new Sudokit(core);
}

/** The same API in a worker: each call returns a promise; cancel() stops
 *  what is running (the worker is ended and a new one starts on the next
 *  call), rejecting its promises with Cancelled; close() ends it. */
export function createWorker() {
    let worker = null, next = 1;
    const pending = new Map();
    function start() {
        if (worker)
            return worker;
        const url = new URL("./worker.mjs", import.meta.url);
        if (isNode) {
            worker = import("node:worker_threads").then(({ Worker }) => {
                const w = new Worker(url);
                w.on("message", receive);
                w.on("error", fail);
                return { post: m => w.postMessage(m), end: () => w.terminate() };
            });
        } else {
            const w = new Worker(url, { type: "module" });
            w.onmessage = e => receive(e.data);
            w.onerror = e => fail(e);
            worker = Promise.resolve({ post: m => w.postMessage(m), end: () => w.terminate() });
        }
        return worker;
    }
    function receive(m) {
        const p = pending.get(m.id);
        if (!p)
            return;
        pending.delete(m.id);
        if (m.error && m.error.kind === "TypeError")
            p.reject(new TypeError(m.error.reason)); // (the caller's own mistake, as
        else if (m.error && m.error.kind === "RangeError") // load() throws it)
            p.reject(new RangeError(m.error.reason));
        else if (m.error)
            p.reject(new SudokitError(m.error.reason, m.error.line, m.error.column,
                                      m.error.status));
        else
            p.resolve(m.result);
    }
    function fail(e) {
        for (const p of pending.values())
            p.reject(e instanceof Error ? e : new Error(String(e.message || e)));
        pending.clear();
    }
    function call(method, args) {
        const id = next++;
        return new Promise((resolve, reject) => {
            pending.set(id, { resolve, reject });
            start().then(w => w.post({ id, method, args }), reject);
        });
    }
    const api = {};
    for (const m of ["solve", "count", "candidates", "rate", "explain", "hint", "describe",
                     "restate", "generate"])
        api[m] = (...args) => call(m, args);
    api.cancel = () => {
        if (!worker)
            return;
        const w = worker;
        worker = null;
        w.then(x => x.end());
        for (const p of pending.values())
            p.reject(new Cancelled());
        pending.clear();
    };
    api.close = api.cancel;
    return api;
}

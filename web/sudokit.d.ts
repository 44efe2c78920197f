// sudokit.d.ts - types of the JavaScript API (sudokit.mjs).
//
// Grids are strings of symbols, '.' for an empty cell, up to 35x35 (1-9
// then A-Z); arrays of numbers (0 empty) above.  Cells are numbered
// row * N + column from 0.

export type Grid = string | number[];

export interface SolveResult {
    status: "unique" | "multiple" | "none" | "solved" | "timeout";
    size: number;
    count: number;       // solutions found (all of them when complete)
    complete: boolean;   // the whole search space was covered
    solution?: Grid;     // the first solution found
    second?: Grid;       // another, when there are several
    nodes: number;
    guesses: number;
}

export interface CandidatesResult {
    status: "ok" | "none" | "timeout";
    size: number;
    candidates: number[][]; // per cell, the digits some solution puts there
}

export interface Rating {
    er: number;
    ep: number;
    ed: number;
    er_technique: string | null;
    ep_technique: string | null;
    ed_technique: string | null;
    stuck: boolean;
}

export interface Step {
    technique: string;   // keyword: "hidden-single", "x-wing", ...
    name: string;        // Sudoku Explainer's name: "Hidden Single"
    rating: number;
    text: string;        // "r4c5 = 7: hidden single in box 5"
    where: string;       // the same without the answer: "Hidden Single in
                         // box 5" (as `sudokit hint --reveal where`)
    cell: number;        // the cell filled, or -1
    digit: number;       // the digit placed, or 0
    eliminations: [number, number][]; // [cell, digit] removed
    cells: number[];     // the pattern's cells
    houses: string[];    // the pattern's houses: "box 5", "row 3"
    digits: number[];    // the pattern's digits
    subtype: number;     // unique rectangle/loop, BUG: the type 1..4;
                         // dynamic chains: the nesting level 0..4;
                         // "variant-rule": 1 the rule's cells in houses[0]
                         // must hold the digit, 2 the rule cannot hold with
                         // the removed candidate in its cell, 3 two rules
                         // together (rule and rule2); an implied sum: how
                         // many of its cells (the last) are subtracted;
                         // else 0
    rule?: string;       // "variant-rule" steps: "killer cage 15 at r1c1", or
                         // "implied" (a sum the rules imply: its cells add up
                         // to total)
    rule2?: string;      // a second rule on the same two cells, or the
                         // second of two rules together (subtype 3)
    total?: number;
    source?: string;     // an implied sum: where it comes from, "innies of
                         // box 1", "killer cages 16 at r1c1 and 24 at r2c2
                         // together"
    branches: Link[][];  // a chain's branches, link by link; [] for the
                         // other techniques
}

export interface Link {
    cell: number;
    digit: number;
    on: boolean;         // true: the cell holds the digit; false: it does not
    rule?: string;       // what made it follow from the link before, when a
                         // variant rule did: "killer cage 15 at r1c1",
                         // "innies of box 1: r1c3 + r3c1 = 13"
}

export interface RateResult extends Rating {
    status: "unique" | "multiple" | "none" | "timeout";
    solved?: boolean;
    timeout?: boolean;
}

export interface ExplainResult extends RateResult {
    steps?: Step[];
}

export interface Description {
    status: "ok";
    size: number;
    description: string; // "9x9, boxes 3x3"
    givens: Grid;
    regions: number[];   // per cell, its box or region (-1 when none)
    rules: { kind: string; name: string; value: number; aux: number; cells: number[];
             digits: number[] }[];
}

export interface GenerateOptions {
    size?: number;                  // default 9
    box?: string | [number, number]; // "2x3", [2, 3], "none"
    symmetry?: "none" | "rot180" | "rot90" | "mirror" | "flip" | "diagonal" |
        "antidiagonal" | "both" | "full";
    givens?: number | [number | null, number | null];
    minimal?: boolean;
    rating?: number | [number | null, number | null]; // SE scale
    needs?: string;                 // a technique keyword
    noGuess?: boolean;
    seed?: number;                  // the same seed, the same puzzle
    timeout?: number;               // seconds
}

export interface Generated extends Partial<Rating> {
    status: "unique";
    size: number;
    seed: number;
    givens: number;
    puzzle: Grid;
    solution: Grid;
    tries: number;
}

export interface Options { timeout?: number }

export interface Sudokit {
    version: string;
    solve(text: string, options?: Options): SolveResult;
    count(text: string, options?: Options & { limit?: number }): SolveResult;
    candidates(text: string, options?: Options): CandidatesResult;
    rate(text: string, options?: Options): RateResult;
    explain(text: string, options?: Options & { maxSteps?: number }): ExplainResult;
    hint(text: string, options?: Options): Step | null | RateResult;
    describe(text: string): Description;
    generate(options?: GenerateOptions): Generated;
}

type Async<T> = { [K in keyof T]: T[K] extends (...a: infer A) => infer R ? (...a: A) => Promise<R> : never };

export interface SudokitWorker extends Async<Omit<Sudokit, "version">> {
    cancel(): void;  // stops what runs; its promises reject with Cancelled
    close(): void;
}

export class SudokitError extends Error {
    reason: string;
    line: number;
    column: number;
    status: string;
}

export class Cancelled extends Error {}

export function load(): Promise<Sudokit>;
export function createWorker(): SudokitWorker;

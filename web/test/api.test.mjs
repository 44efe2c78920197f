// The JavaScript API over the WebAssembly build, judged by independent
// means: answers against the native command-line tool's (SUDOKIT_TOOL),
// each logical step against the puzzle's solution, generated puzzles
// counted by the native tool with another engine.
//
//   SUDOKIT_WASM=build-wasm/sudokit SUDOKIT_TOOL=build/sudokit node --test web/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(new URL("../..", import.meta.url).pathname);
const pkg = path.resolve(root, process.env.SUDOKIT_WASM || "build-wasm/sudokit");
const tool = path.resolve(root, process.env.SUDOKIT_TOOL || "build/sudokit");
const { load, createWorker, SudokitError, Cancelled } = await import(path.join(pkg, "sudokit.mjs"));
const sk = await load();

function native(args, input) {
    try {
        return execFileSync(tool, args, { input, encoding: "utf8" });
    } catch (e) {
        return e.stdout; // exit 1: several solutions, none...
    }
}

function lines(file, every = 1, limit = Infinity) {
    const out = [];
    const all = readFileSync(file, "utf8").split("\n").filter(l => l && !l.startsWith("#"));
    for (let i = 0; i < all.length && out.length < limit; i += every)
        out.push(all[i].trim());
    return out;
}

const shared = path.resolve(root, "../shared/data");
const examples = path.join(root, "examples/puzzles");

test("solve: 17-clue puzzles, as the native tool solves them", () => {
    const puzzles = lines(path.join(shared, "17clue.txt"), 500);
    const answers = native(["solve", "-j", "1"], puzzles.join("\n") + "\n").trim().split("\n");
    assert.equal(answers.length, puzzles.length);
    puzzles.forEach((p, i) => {
        const r = sk.solve(p);
        assert.equal(r.status, "unique");
        assert.equal(r.solution, answers[i]);
        assert.equal(r.count, 1);
        assert.equal(r.complete, true);
    });
});

test("solve: several solutions, none, and statuses of every form", () => {
    const multiple = readFileSync(path.join(examples, "multiple.txt"), "utf8");
    const r = sk.solve(multiple);
    assert.equal(r.status, "multiple");
    assert.notEqual(r.solution, r.second);
    for (const g of [r.solution, r.second])
        assert.equal(native(["count", "--engine", "dlx"], g + "\n").trim(), "1");
    assert.equal(sk.solve(readFileSync(path.join(examples, "none.txt"), "utf8")).status, "none");
    const killer = readFileSync(path.join(examples, "killer6.txt"), "utf8");
    const k = sk.solve(killer);
    assert.equal(k.status, "unique");
    assert.equal(k.solution, native(["solve", "--output", "line"], killer).trim());
    const fp = readFileSync(path.join(examples, "fpuzzles_ctc.txt"), "utf8");
    assert.equal(sk.solve(fp).solution, native(["solve"], fp).trim());
});

test("bad input: SudokitError with the line and the reason", () => {
    assert.throws(() => sk.solve("1234\n"), e => e instanceof SudokitError && e.line === 1 &&
                  /rows/.test(e.reason));
    assert.throws(() => sk.solve(""), SudokitError);
    assert.throws(() => sk.solve("x".repeat(81)), SudokitError);
    // not text at all: refused, not read as the text "null"
    assert.throws(() => sk.hint(null), TypeError);
    assert.throws(() => sk.rate(), TypeError);
    assert.throws(() => sk.explain("1...", { maxSteps: -1 }), RangeError);
    assert.throws(() => sk.explain("1...", { maxSteps: 2 ** 31 }), RangeError);
    // a bad puzzle leaves nothing behind: 400 of them would take some 50 MB
    // if each kept its reader's buffers
    for (let i = 0; i < 20; i++)
        assert.throws(() => sk.rate("1234\n"), SudokitError);
    const heap = sk.core.HEAP8.length;
    for (let i = 0; i < 400; i++)
        assert.throws(() => sk.rate("1234\n"), SudokitError);
    assert.equal(sk.core.HEAP8.length, heap);
});

test("count and candidates agree with the native tool", () => {
    const multiple = readFileSync(path.join(examples, "multiple.txt"), "utf8");
    assert.equal(sk.count(multiple).count, Number(native(["count"], multiple).trim()));
    const empty = ".".repeat(81);
    const c = sk.count(empty, { limit: 50 });
    assert.equal(c.count, 50);
    assert.equal(c.complete, false);
    const cands = sk.candidates(multiple).candidates;
    const want = JSON.parse(native(["candidates", "--json"], multiple)).candidates;
    assert.deepEqual(cands.map(d => d.join("")), want);
});

test("rate: Sudoku Explainer's figures, as the native tool rates", () => {
    const puzzles = lines(path.join(shared, "top1465.txt"), 150, 8);
    const want = native(["rate", "--json", "-j", "1"], puzzles.join("\n") + "\n").trim()
        .split("\n").map(l => JSON.parse(l));
    puzzles.forEach((p, i) => {
        const r = sk.rate(p);
        assert.deepEqual([r.er, r.ep, r.ed], [want[i].er, want[i].ep, want[i].ed]);
        assert.equal(r.er_technique, want[i].er_technique);
    });
});

test("explain: every placement and elimination holds for the solution", () => {
    const puzzles = lines(path.join(shared, "top1465.txt"), 300, 4);
    for (const p of puzzles) {
        const sol = sk.solve(p).solution;
        const r = sk.explain(p);
        assert.equal(r.status, "unique");
        assert.ok(r.steps.length > 0);
        for (const s of r.steps) {
            if (s.cell >= 0)
                assert.equal(String(s.digit), sol[s.cell], s.text);
            for (const [cell, digit] of s.eliminations)
                assert.notEqual(String(digit), sol[cell], s.text);
        }
        assert.equal(r.solved, true);
        const h = sk.hint(p);
        assert.deepEqual(h, r.steps[0]);
        // where: the tool's hint --reveal where, without the rating
        assert.equal(`${h.where} (rating ${h.rating.toFixed(1)})`,
                     native(["hint", "--reveal", "where"], p + "\n").trim());
    }
    // out of time is not "solved or stuck": hint gives the record, not null
    const hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    const late = sk.hint(hard, { timeout: 0.001 });
    assert.ok(late !== null && (late.timeout === true || late.status === "timeout"), late);
    assert.equal(sk.rate(readFileSync(path.join(examples, "multiple.txt"), "utf8")).status,
                 "multiple");
    // variant rules: their steps name the rule, and hold for the solution too
    const killer = readFileSync(path.join(examples, "killer6.txt"), "utf8");
    const ksol = sk.solve(killer).solution;
    const kr = sk.explain(killer);
    assert.equal(kr.status, "unique");
    assert.equal(kr.solved, true);
    const rules = kr.steps.filter(s => s.technique === "variant-rule");
    assert.ok(rules.length > 0);
    assert.equal(rules[0].rule, "killer cage 3 at r1c1");
    assert.equal(rules[0].rating, 1.6);
    assert.equal(rules[0].subtype, 0);
    assert.deepEqual(rules[0].houses, []);
    assert.deepEqual(rules[0].digits, [3, 4, 5, 6]);
    for (const s of kr.steps) {
        if (s.cell >= 0)
            assert.equal(String(s.digit), ksol[s.cell], s.text);
        for (const [cell, digit] of s.eliminations)
            assert.notEqual(String(digit), ksol[cell], s.text);
    }
});

test("explain: a chain's links, with the rules they follow from, as the native tool gives them", () => {
    // HS_KILLERS#2 (tests/variants): forcing chains through cages and sums
    const all = readFileSync(path.join(root, "tests/variants/iss_examples.txt"), "utf8").split("\n");
    const p = all[all.findIndex(l => l.startsWith("# HS_KILLERS#2 ")) + 1];
    const r = sk.explain(p);
    assert.equal(r.status, "unique");
    const want = JSON.parse(native(["explain", "--json", "-j", "1"], p + "\n")).steps;
    assert.equal(r.steps.length, want.length);
    const name = c => `r${Math.floor(c / 9) + 1}c${c % 9 + 1}`;
    let ruled = 0;
    r.steps.forEach((s, i) => {
        assert.deepEqual(s.branches.map(b => b.map(x => name(x.cell) + (x.on ? "=" : "<>") + x.digit)),
                         want[i].branches || [], s.text);
        assert.deepEqual(s.branches.map(b => b.map(x => x.rule ?? null)),
                         want[i].branch_rules || s.branches.map(b => b.map(() => null)), s.text);
        assert.equal(s.source, want[i].source, s.text); // an implied sum's origin
        ruled += s.branches.some(b => b.some(x => x.rule));
    });
    assert.ok(ruled > 10, `${ruled} steps with rule links`);
    assert.ok(r.steps.some(s => s.source && s.source.startsWith("innies of ")));
});

test("restate: digits written in, rules kept, read back as the same puzzle", () => {
    const killer = readFileSync(path.join(examples, "killer6.txt"), "utf8");
    const sol = sk.solve(killer).solution;
    const values = sol.slice(0, 3) + ".".repeat(33);
    const t = sk.restate(killer, values).text;
    assert.equal(sk.describe(t).rules.length, 17);
    assert.equal(sk.describe(t).givens.slice(0, 3), sol.slice(0, 3));
    assert.equal(sk.solve(t).solution, sol);
    const wrong = (sol[0] === "1" ? "2" : "1") + ".".repeat(35);
    assert.equal(sk.solve(sk.restate(killer, wrong).text).status, "none");
});

test("describe: size, regions and rules", () => {
    const d = sk.describe(readFileSync(path.join(examples, "killer6.txt"), "utf8"));
    assert.equal(d.size, 6);
    assert.equal(d.rules.length, 17);
    assert.equal(d.rules[0].kind, "cage");
    const j = sk.describe(readFileSync(path.join(examples, "jigsaw9_grid.txt"), "utf8"));
    assert.equal(j.regions.length, 81);
    assert.equal(new Set(j.regions).size, 9);
});

test("generate: the native tool's puzzle for the same seed, unique by another engine", () => {
    for (const seed of [1, 2, 3]) {
        const g = sk.generate({ symmetry: "rot180", seed });
        assert.equal(g.status, "unique");
        const line = native(["generate", "--seed", String(seed), "--symmetry", "rot180"]).trim();
        assert.equal(g.puzzle, line);
        assert.equal(native(["count", "--engine", "dlx"], g.puzzle + "\n").trim(), "1");
        assert.equal(sk.solve(g.puzzle).solution, g.solution);
    }
    const hard = sk.generate({ rating: [6.0, 12], seed: 4 });
    assert.ok(hard.er >= 6.0 && hard.er <= 12);
    const six = sk.generate({ box: "2x3", seed: 1 });
    assert.equal(six.size, 6);
    assert.throws(() => sk.generate({ symmetry: "sideways" }), SudokitError);
    assert.throws(() => sk.generate({ needs: "nothing-like-it" }), SudokitError);
    assert.throws(() => sk.generate({ symmetry: "rot90", givens: 30 }), SudokitError);
});

test("worker: the same answers as promises, and a long search cancelled", async () => {
    const w = createWorker();
    const p = lines(path.join(shared, "17clue.txt"), 1, 1)[0];
    assert.deepEqual(await w.solve(p), sk.solve(p));
    await assert.rejects(w.solve("1234\n"), SudokitError);
    await assert.rejects(w.hint(null), TypeError);
    await assert.rejects(w.explain(p, { maxSteps: -1 }), RangeError);
    const long = w.count(".".repeat(81));
    setTimeout(() => w.cancel(), 100);
    await assert.rejects(long, Cancelled);
    assert.equal((await w.count(".".repeat(81), { limit: 7 })).count, 7);
    w.close();
});

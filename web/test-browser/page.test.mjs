// The web page in a real browser: headless Chromium driven by
// puppeteer-core, against the page as `make web` builds it.  Puzzles are
// typed in, solved, checked, explained, entered by keyboard, generated;
// every answer is judged by the native tool (SUDOKIT_TOOL); a screenshot
// of a drawn layout (regions and rule lines, no text) is compared with
// board.png pixel by pixel in the page.
//
//   SUDOKIT_SITE=build-wasm/site SUDOKIT_TOOL=build/sudokit CHROMIUM=/usr/bin/chromium \
//   NODE_PATH=build-wasm/browser/node_modules node --test web/test-browser/
//   UPDATE_SCREENSHOT=1 ... writes board.png anew (after a change to the drawing)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "../..");
const site = path.resolve(root, process.env.SUDOKIT_SITE || "build-wasm/site");
const tool = path.resolve(root, process.env.SUDOKIT_TOOL || "build/sudokit");
const require = createRequire(path.join(path.resolve(root, process.env.PUPPETEER_DIR ||
                                                     "build-wasm/browser"), "x.js"));
const puppeteer = require("puppeteer-core");
const { serve } = await import(path.join(root, "web/serve.mjs"));

const native = (args, input) => {
    try {
        return execFileSync(tool, args, { input, encoding: "utf8" });
    } catch (e) {
        return e.stdout;
    }
};
const examples = path.join(root, "examples/puzzles");
const HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

let browser, server, page;

before(async () => {
    copyFileSync(path.join(here, "board.png"), path.join(site, "board-reference.png"));
    server = await serve(site, 0);
    browser = await puppeteer.launch({
        executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: "new",
        args: ["--no-sandbox", "--font-render-hinting=none"] });
    page = await browser.newPage();
    page.on("pageerror", e => { throw e; });
    await page.setViewport({ width: 1100, height: 800 });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForSelector("body[data-ready='1']", { timeout: 30000 });
});

after(async () => {
    await browser?.close();
    server?.close();
});

const status = () => page.$eval("#status", e => e.textContent);
const waitStatus = re => page.waitForFunction(
    s => new RegExp(s).test(document.getElementById("status").textContent), { timeout: 20000 },
    re.source);
const cells = n => page.evaluate(n => [...Array(n * n).keys()].map(
    c => document.getElementById(`v${c}`).textContent || "."), n);

async function loadText(text) {
    await page.$eval("#input", (e, t) => { e.value = t; }, text);
    await page.click("#load");
    await waitStatus(/givens|Error/);
}

test("a hard puzzle typed in and solved: the native tool's solution on the board", async () => {
    await loadText(HARD);
    await page.click("#solve");
    await waitStatus(/Solved/);
    const want = native(["solve"], HARD + "\n").trim();
    assert.equal((await cells(9)).join(""), want);
});

test("several solutions: two shown, the cells where they differ marked", async () => {
    const text = readFileSync(path.join(examples, "multiple.txt"), "utf8");
    await loadText(text);
    await page.click("#unique");
    await waitStatus(/Several solutions/);
    const first = (await cells(9)).join("");
    const marked = await page.$$eval("rect.hl-diff", r => r.length);
    assert.ok(marked > 0);
    await page.click("#unique"); // the other one
    const second = (await cells(9)).join("");
    let differ = 0;
    for (let i = 0; i < 81; i++)
        differ += first[i] !== second[i];
    assert.equal(differ, marked);
    assert.equal(native(["count", "--engine", "dlx"], first + "\n").trim(), "1");
    assert.equal(native(["count", "--engine", "dlx"], second + "\n").trim(), "1");
});

test("true candidates drawn: of a unique puzzle, its solution's digits", async () => {
    const p = readFileSync(path.join(examples, "multiple.txt"), "utf8");
    await loadText(p);
    await page.click("#candidates");
    await waitStatus(/True candidates/);
    const marks = await page.$$eval("text.mark", t => t.length);
    const want = JSON.parse(native(["candidates", "--json"], p)).candidates;
    const givens = p.split("\n").find(l => l && !l.startsWith("#")).trim();
    let drawn = 0; // candidates are drawn in the cells without a given
    for (let c = 0; c < 81; c++)
        if (givens[c] === ".")
            drawn += want[c].length;
    assert.equal(marks, drawn);
    await loadText(HARD);
    await page.click("#candidates");
    await waitStatus(/True candidates/);
    const empty = [...HARD].filter(ch => ch === ".").length;
    assert.equal(await page.$$eval("text.mark", t => t.length), empty);
});

test("explain: steps listed, Next places the step's digit, which the solution holds", async () => {
    const p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const sol = native(["solve"], p + "\n").trim();
    await loadText(p);
    await page.click("#explain");
    await waitStatus(/steps, rating/);
    const n = await page.$$eval("#steplist li", l => l.length);
    assert.ok(n > 0);
    await page.click("#next");
    const placed = await page.$eval("rect.hl-place", r => Number(r.dataset.cell));
    assert.equal((await cells(9))[placed], sol[placed]);
    assert.match(await status(), /^Step 1 of/);
});

test("keyboard entry like the common sites: click a cell, type, move, delete", async () => {
    await loadText("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
    await page.click("rect[data-cell='0']");
    await page.keyboard.press("4");
    assert.equal((await cells(9))[0], "4");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("8");
    assert.equal((await cells(9))[1], "8");
    await page.keyboard.press("Backspace");
    assert.equal((await cells(9))[1], ".");
    await page.click("#hint"); // the position with r1c1 = 4 still has its one solution
    await waitStatus(/rating/);
});

test("nudge: the technique, then where, as hint --reveal gives them; never the answer", async () => {
    await loadText(HARD);
    const tech = native(["hint", "--reveal", "technique"], HARD + "\n").trim();
    const where = native(["hint", "--reveal", "where"], HARD + "\n").trim();
    await page.click("#nudge");
    await waitStatus(/^Next: .*Nudge again/);
    assert.ok((await status()).startsWith(`Next: ${tech}. Nudge again for where.`), await status());
    assert.equal(await page.$$eval("rect.hl-place, rect.hl-elim", l => l.length), 0);
    await page.click("#nudge");
    await waitStatus(/Hint shows the step/);
    assert.ok((await status()).startsWith(`Next: ${where}. Hint shows the step.`), await status());
    assert.equal(await page.$$eval("rect.hl-place, rect.hl-elim", l => l.length), 0);
    // a variant rule's step: the rule, not the cells and digits it removes
    const killer = readFileSync(path.join(examples, "killer6.txt"), "utf8");
    await loadText(killer);
    const rule = native(["hint", "--reveal", "where"], killer).trim();
    await page.click("#nudge");
    await waitStatus(/Nudge again/);
    await page.click("#nudge");
    await waitStatus(/Hint shows the step/);
    assert.ok((await status()).startsWith(`Next: ${rule}. Hint shows the step.`), await status());
    assert.equal(await page.$$eval("rect.hl-pattern, rect.hl-place, rect.hl-elim", l => l.length), 0);
    // nothing left to hint: said so, not left at "Looking..."
    await loadText(native(["solve"], HARD + "\n").trim());
    await page.click("#nudge");
    await waitStatus(/^Solved: every cell is filled/);
    await page.click("#hint");
    await waitStatus(/^Solved: every cell is filled/);
});

test("rate and generate", async () => {
    await loadText(HARD);
    await page.click("#rate");
    await waitStatus(/Rating \d/);
    const r = JSON.parse(native(["rate", "--json"], HARD + "\n"));
    assert.match(await status(), new RegExp(`Rating ${r.er.toFixed(1)}/${r.ep.toFixed(1)}/${r.ed.toFixed(1)}`));
    await page.$eval("#gseed", e => { e.value = "5"; });
    await page.click("#generate");
    await waitStatus(/A new puzzle/);
    const made = await page.$eval("#input", e => e.value.trim());
    assert.equal(made, native(["generate", "--seed", "5", "--symmetry", "rot180"]).trim());
});

test("variant rules and f-puzzles links drawn", async () => {
    await loadText(readFileSync(path.join(examples, "killer6.txt"), "utf8"));
    assert.equal(await page.$$eval("#rules li", l => l.length), 17);
    assert.ok(await page.$$eval("line.cage", l => l.length) > 0);
    await loadText(readFileSync(path.join(examples, "fpuzzles_ctc.txt"), "utf8"));
    assert.ok(await page.$$eval("polyline.line", l => l.length) >= 10);
    await page.click("#solve");
    await waitStatus(/Solved/);
    assert.equal((await cells(9)).join(""),
                 native(["solve"], readFileSync(path.join(examples, "fpuzzles_ctc.txt"))).trim());
});

test("every kind of cell rule drawn: quadruple, sums, min/max, region, candidates, pill", async () => {
    await loadText(readFileSync(path.join(here, "kinds.txt"), "utf8"));
    const texts = await page.$$eval("#board text", t => t.map(e => e.textContent));
    for (const want of ["123", "\u219823", "S10", "15", "135"])
        assert.ok(texts.includes(want), `${want} drawn`);
    const fills = await page.$$eval("#board rect", r => r.map(e => e.getAttribute("fill")));
    assert.equal(fills.filter(f => f === "#cfe3ff").length, 1); // minimum
    assert.equal(fills.filter(f => f === "#ffd9cf").length, 1); // maximum
    assert.equal(fills.filter(f => f === "#e9e2f7").length, 3); // the extra region
    assert.equal(await page.$$eval("#rules li", l => l.length), 9);
});

test("screenshot: a jigsaw with thermometers and dots drawn as board.png", async () => {
    const layout = readFileSync(path.join(here, "layout.txt"), "utf8");
    await loadText(layout);
    const board = await page.$("#board");
    const shot = await board.screenshot({ type: "png" });
    if (process.env.UPDATE_SCREENSHOT) {
        writeFileSync(path.join(here, "board.png"), shot);
        return;
    }
    // both images drawn into canvases in the page, compared pixel by pixel
    const differ = await page.evaluate(async shotB64 => {
        const img = src => new Promise((ok, ko) => {
            const i = new Image();
            i.onload = () => ok(i);
            i.onerror = ko;
            i.src = src;
        });
        const [a, b] = await Promise.all([img("board-reference.png"),
                                          img(`data:image/png;base64,${shotB64}`)]);
        if (a.width !== b.width || a.height !== b.height)
            return 1;
        const px = i => {
            const c = document.createElement("canvas");
            c.width = i.width;
            c.height = i.height;
            const x = c.getContext("2d");
            x.drawImage(i, 0, 0);
            return x.getImageData(0, 0, i.width, i.height).data;
        };
        const pa = px(a), pb = px(b);
        let n = 0;
        for (let k = 0; k < pa.length; k += 4)
            if (Math.abs(pa[k] - pb[k]) + Math.abs(pa[k + 1] - pb[k + 1]) +
                Math.abs(pa[k + 2] - pb[k + 2]) > 48)
                n++;
        return n / (pa.length / 4);
    }, shot.toString("base64"));
    assert.ok(differ < 0.01, `${(differ * 100).toFixed(2)}% of the pixels differ from board.png`);
});

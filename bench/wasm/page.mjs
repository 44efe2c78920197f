// bench/wasm/page.mjs SITE_DIR PUPPETEER_DIR [CHROMIUM] - the web page in
// headless Chromium: milliseconds from the click on Solve to the answer on
// the status line (the page's own measure, worker round trip included),
// after the page has loaded, for the 20 first puzzles of
// forum_hardest_11plus (9x9) and the 20 of 16x16_tarek20.  Prints a
// Markdown table: median and worst per set.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [site, pup, chromium] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(pup), "x.js"));
const puppeteer = require("puppeteer-core");
const root = path.resolve(new URL("../..", import.meta.url).pathname);
const { serve } = await import(path.join(root, "web/serve.mjs"));
const data = path.resolve(root, process.env.DATA || "../shared/data");

const server = await serve(site, 0);
const browser = await puppeteer.launch({ executablePath: chromium || "/usr/bin/chromium",
                                         headless: "new", args: ["--no-sandbox"] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForSelector("body[data-ready='1']");

async function time(puzzle) {
    await page.$eval("#input", (e, t) => { e.value = t; }, puzzle);
    await page.click("#load");
    await page.waitForFunction(() => /givens/.test(document.getElementById("status").textContent));
    await page.click("#solve");
    await page.waitForFunction(() => /Solved|Several|No solution/.test(
        document.getElementById("status").textContent));
    return Number(await page.$eval("#status", e => e.dataset.ms));
}

const sets = [["forum_hardest_11plus.txt", "hard 9x9"], ["16x16_tarek20.txt", "hard 16x16"]];
console.log("| puzzles | count | median ms | worst ms |");
console.log("|---|---|---|---|");
for (const [file, name] of sets) {
    const lines = readFileSync(path.join(data, file), "utf8").split("\n")
        .filter(l => l.trim() && !l.startsWith("#")).slice(0, 20);
    const ms = [];
    for (const l of lines)
        ms.push(await time(l));
    ms.sort((a, b) => a - b);
    console.log(`| ${name} (${file}) | ${ms.length} | ${ms[ms.length >> 1].toFixed(1)} | ${ms[ms.length - 1].toFixed(1)} |`);
}
await browser.close();
server.close();

// bench/wasm/solve.mjs PACKAGE_DIR FILE [every] - solves every puzzle line
// of FILE (every K-th, default 1) with the WebAssembly package under node,
// one call per puzzle (uniqueness proven), and prints the count, the CPU
// seconds of the solving loop (after loading) and the solutions' digest,
// so that bench/wasm.sh can set them beside the native tool's.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";

const [pkg, file, everyArg] = process.argv.slice(2);
const every = Number(everyArg || 1);
const { load } = await import(path.resolve(pkg, "sudokit.mjs"));
const sk = await load();
const puzzles = readFileSync(file, "utf8").split("\n")
    .filter(l => l.trim() && !l.startsWith("#"))
    .filter((_, i) => i % every === 0);
const hash = createHash("sha256");
const t0 = process.cpuUsage();
for (const p of puzzles) {
    const r = sk.solve(p);
    hash.update((r.solution || r.status) + "\n");
}
const t = process.cpuUsage(t0);
console.log(`${puzzles.length} ${((t.user + t.system) / 1e6).toFixed(3)} ${hash.digest("hex")}`);

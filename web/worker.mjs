// worker.mjs - runs the sudokit API in a worker (a browser's module Web
// Worker, or node's worker_threads): messages {id, method, args} in,
// {id, result} or {id, error} out.
import { load } from "./sudokit.mjs";

const api = load();

async function handle(m, post) {
    try {
        const sk = await api;
        post({ id: m.id, result: sk[m.method](...m.args) });
    } catch (e) {
        post({ id: m.id, error: { reason: e.reason || String(e.message || e), line: e.line || 0,
                                  column: e.column || 0, status: e.status || "error",
                                  kind: e instanceof TypeError ? "TypeError"
                                      : e instanceof RangeError ? "RangeError" : "SudokitError" } });
    }
}

if (typeof self === "object" && typeof self.postMessage === "function" &&
    typeof process === "undefined") {
    self.onmessage = e => handle(e.data, r => self.postMessage(r));
} else {
    const { parentPort } = await import("node:worker_threads");
    parentPort.on("message", m => handle(m, r => parentPort.postMessage(r)));
}

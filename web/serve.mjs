// serve.mjs DIR [PORT] - serves the static files of DIR over HTTP on
// localhost (default port 8000), with the types a module worker and
// WebAssembly need; `make serve` runs it on the built page.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";

const TYPES = { ".html": "text/html; charset=utf-8", ".mjs": "text/javascript",
                ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
                ".json": "application/json", ".png": "image/png", ".ts": "text/plain" };

export function serve(dir, port = 8000) {
    const root = path.resolve(dir);
    const server = createServer(async (req, res) => {
        let file = decodeURIComponent(new URL(req.url, "http://x").pathname);
        if (file.endsWith("/"))
            file += "index.html";
        const full = path.join(root, path.normalize(file));
        if (!full.startsWith(root + path.sep)) {
            res.writeHead(403).end();
            return;
        }
        try {
            const body = await readFile(full);
            res.writeHead(200, { "content-type": TYPES[path.extname(full)] || "application/octet-stream" });
            res.end(body);
        } catch {
            res.writeHead(404).end("not found");
        }
    });
    return new Promise(resolve => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const [dir, port] = process.argv.slice(2);
    const server = await serve(dir || ".", Number(port || 8000));
    console.log(`sudokit page: http://127.0.0.1:${server.address().port}/`);
}

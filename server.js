// Starts Sightline: the API and the web app in one HTTP server, plus the job workers
// (unless JOBS_IN_PROCESS=false). `--worker` runs only the job workers.
// Plain JavaScript because it runs before anything is compiled: in production it loads the
// bundle `react-router build` made of server/app.ts; in development it asks Vite for it.
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const WORKER_ONLY = process.argv.includes("--worker");
process.env.NODE_ENV ??= "production";

// Node rejects anything above this on its own; the API answers 431 JSON above 16 KiB.
const MAX_HEADER_SIZE = 64 * 1024;

/** The server module, once loaded: it explains a failed start better than a stack can. */
let loaded;

async function main() {
  if (DEVELOPMENT) return development();
  const server = await import("./build/server/index.js");
  loaded = server;
  const config = server.getConfig();
  if (WORKER_ONLY) {
    await server.start({ jobs: "work" });
    console.log(JSON.stringify({ level: "info", message: "worker.ready" }));
    return onShutdown(() => server.stop());
  }
  await server.start();
  const root = new Hono();
  // Fingerprinted bundles, cached for good; then the few public files by name. A catch-all static
  // handler would stat the disk on every page and API request.
  // The build wrote .br and .gz copies (scripts/precompress.mjs): sent when the browser takes them.
  root.use(
    "/assets/*",
    serveStatic({ root: "./build/client", precompressed: true, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  for (const entry of readdirSync("./build/client", { withFileTypes: true })) {
    if (entry.isFile() && !/\.(?:br|gz)$/.test(entry.name)) root.get(`/${entry.name}`, serveStatic({ path: `./build/client/${entry.name}`, precompressed: true }));
  }
  root.route("/", server.app);
  const http = listen(root.fetch, server.publicRequestUrl, config.PORT, config.HOST, () => {
    console.log(JSON.stringify({ level: "info", message: "server.listening", url: `http://localhost:${config.PORT}`, app_url: config.APP_URL }));
  });
  onShutdown(async () => {
    await new Promise((resolve) => http.close(resolve));
    await server.stop();
  });
}

/**
 * Node's HTTP server in front of Hono. Each request gets its public URL before Hono builds the
 * Request from it (server/public-url.ts): behind a TLS-terminating proxy, Node alone would call it
 * http and every form post would fail the origin checks.
 */
function listen(fetch, publicRequestUrl, port, host, onListening) {
  const listener = getRequestListener(fetch);
  const http = createServer({ maxHeaderSize: MAX_HEADER_SIZE }, (req, res) => {
    const url = publicRequestUrl(req);
    if (url) req.url = url;
    listener(req, res);
  });
  http.listen(port, host, onListening);
  return http;
}

async function development() {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const load = () => devServer.ssrLoadModule("./server/app.ts");
  const first = await load();
  loaded = first;
  await first.start();
  const port = first.getConfig().PORT;
  const http = createServer({ maxHeaderSize: MAX_HEADER_SIZE }, (req, res) => {
    devServer.middlewares(req, res, async () => {
      const { app, publicRequestUrl } = await load();
      const url = publicRequestUrl(req);
      if (url) req.url = url;
      getRequestListener(app.fetch)(req, res);
    });
  });
  http.listen(port, () => console.log(`Sightline (development) on http://localhost:${port}`));
}

function onShutdown(close) {
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      try {
        await close();
      } finally {
        process.exit(0);
      }
    });
  }
}

main().catch((error) => {
  // One JSON line, like every other log line: what went wrong and what to do, not a raw stack.
  const known = error instanceof Error && error.name === "ConfigError";
  let failure = { reason: error instanceof Error ? error.message : String(error), stack: known ? undefined : error?.stack };
  try {
    if (loaded) failure = loaded.startupFailure(error, process.env.DATABASE_URL);
  } catch {
    // Keep the plain description.
  }
  process.stderr.write(`${JSON.stringify({ level: "error", time: new Date().toISOString(), message: "server.start_failed", ...failure })}\n`);
  process.exit(1);
});

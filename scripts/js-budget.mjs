#!/usr/bin/env node
/**
 * The JavaScript a page makes the browser download, per route: gzip bytes of the client entry,
 * its imports, the strings of the page's translation namespaces, and every module (with its
 * imports) of the routes that match the page — what React Router's <Scripts> modulepreloads. Read
 * from the production build's own route manifest, so it measures exactly what is served.
 *
 *   node scripts/js-budget.mjs [build/client] [--json] [--update]
 *
 * Each page has a ceiling in scripts/js-budget.json, a ratchet: `--update` lowers the ceilings to
 * today's sizes (plus 2 %), so a page can only get lighter unless someone raises its ceiling on
 * purpose, in review. The goal of issue 16 (150 kB, 120 kB on /auth) is printed beside them. A page
 * whose route exports `handle = { hydrate: false }` is sent without scripts (app/root.tsx): 0 kB.
 * Exits 1 when a page is over its ceiling; `npm test` runs it after the build.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Issue 16's goal, in gzip bytes; the ceilings enforced today are in js-budget.json. */
export const GOAL_BYTES = { default: 150_000, "routes/auth/login": 120_000 };
const CEILINGS_FILE = new URL("./js-budget.json", import.meta.url);
/** A page added since the last --update: the heaviest signed-in page without a form's validation. */
const NEW_PAGE_CEILING = 260_000;

export function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: run npm run build first.`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
}

function gzipSize(clientDir, url, cache) {
  if (!cache.has(url)) {
    const file = path.join(clientDir, url);
    // The build writes .gz copies (scripts/precompress.mjs); tiny files are left uncompressed.
    const gz = `${file}.gz`;
    const bytes = fs.existsSync(gz) ? fs.statSync(gz).size : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    cache.set(url, bytes);
  }
  return cache.get(url);
}

/**
 * A route module that says its page is sent without scripts (app/root.tsx reads the handle at run
 * time); build-plugins/page-chunks.ts reads it the same way.
 */
export const SENT_WITHOUT_SCRIPTS = /export const handle = \{[^}]*\bhydrate: false\b/;

/** The name of the chunk of a route's strings in a language (build-plugins/route-strings.ts). */
export function routeStringsChunk(locale, routeId) {
  return `strings-${locale}-${routeId.replace(/[^\w]+/g, "-")}`;
}

/** Does the route's module say it is sent without scripts? Its source is next to the build. */
function isStatic(routeId) {
  const base = new URL(`../app/${routeId}`, import.meta.url).pathname;
  const file = [".tsx", ".ts", ".jsx", ".js"].map((extension) => base + extension).find((candidate) => fs.existsSync(candidate));
  return Boolean(file && SENT_WITHOUT_SCRIPTS.test(fs.readFileSync(file, "utf8")));
}

/** Every page-rendering route (a default export) with the JS its page loads, largest first. */
export function measure(clientDir) {
  const manifest = readManifest(clientDir);
  const ceilings = fs.existsSync(CEILINGS_FILE) ? JSON.parse(fs.readFileSync(CEILINGS_FILE, "utf8")) : {};
  const cache = new Map();
  const chain = (id) => {
    const ids = [];
    for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) ids.unshift(route.id);
    return ids;
  };
  // The strings the page shows, fetched by the entry before it hydrates (app/lib/i18n-client.ts):
  // `common` and the strings of each route it matches (a chunk per route and language, named by
  // routeStringsChunk: build-plugins/route-strings.ts), at the larger of the languages.
  const routeStrings = JSON.parse(fs.readFileSync(new URL("../app/lib/route-namespaces.json", import.meta.url), "utf8"));
  const assets = fs.readdirSync(path.join(clientDir, "assets"));
  const largest = (pattern) => Math.max(0, ...assets.filter((name) => pattern.test(name)).map((name) => gzipSize(clientDir, `/assets/${name}`, cache)));
  const common = largest(/^locale-[a-z]{2}-common-[\w-]{8}\.js$/);
  const routeBytes = (id) => {
    if (!routeStrings[id]) return 0;
    const bytes = largest(new RegExp(`^${routeStringsChunk("[a-z]{2}", id)}-[\\w-]{8}\\.js$`));
    if (!bytes) throw new Error(`No strings chunk for ${id} in ${clientDir}: is app/lib/route-namespaces.json the build's?`);
    return bytes;
  };
  const strings = (ids) => ids.reduce((sum, id) => sum + routeBytes(id), common);
  const pages = [];
  for (const route of Object.values(manifest.routes)) {
    if (!route.hasDefaultExport) continue;
    // A layout is measured through its children: it never renders a page alone.
    if (Object.values(manifest.routes).some((other) => other.parentId === route.id)) continue;
    const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of chain(route.id)) {
      const step = manifest.routes[id];
      if (step.module) urls.add(step.module);
      for (const url of step.imports ?? []) urls.add(url);
    }
    const js = isStatic(route.id) ? [] : [...urls].filter((url) => url.endsWith(".js"));
    const bytes = js.length ? strings(chain(route.id)) + js.reduce((sum, url) => sum + gzipSize(clientDir, url, cache), 0) : 0;
    const goal = GOAL_BYTES[route.id] ?? GOAL_BYTES.default;
    pages.push({ id: route.id, path: route.path ?? "", files: js.length, bytes, budget: ceilings[route.id] ?? NEW_PAGE_CEILING, goal });
  }
  const shared = strings([]) + [manifest.entry.module, ...manifest.entry.imports].reduce((sum, url) => sum + gzipSize(clientDir, url, cache), 0);
  return { shared, pages: pages.sort((a, b) => b.bytes - a.bytes) };
}

function main() {
  const args = process.argv.slice(2);
  const clientDir = args.find((arg) => !arg.startsWith("--")) ?? "build/client";
  const { shared, pages } = measure(clientDir);
  if (args.includes("--update")) {
    const ceilings = Object.fromEntries(pages.map((page) => [page.id, Math.ceil((page.bytes * 1.02) / 1000) * 1000]).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(CEILINGS_FILE, `${JSON.stringify(ceilings, null, 2)}\n`);
    for (const page of pages) page.budget = ceilings[page.id];
  }
  const over = pages.filter((page) => page.bytes > page.budget);
  if (args.includes("--json")) {
    console.log(JSON.stringify({ shared, pages }, null, 2));
  } else {
    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
    console.log(`JS per page, gzip (entry, its imports and the common strings: ${kb(shared)}); ceiling; issue 16's goal`);
    for (const page of pages) {
      const mark = page.bytes > page.budget ? "OVER" : "ok  ";
      console.log(`${mark} ${kb(page.bytes).padStart(9)}  ≤ ${kb(page.budget).padStart(9)}  goal ${kb(page.goal)}  ${String(page.files).padStart(2)} files  ${page.id}`);
    }
    const atGoal = pages.filter((page) => page.bytes <= page.goal).length;
    console.log(`${atGoal} of ${pages.length} pages within the goal; the heaviest ${kb(pages[0]?.bytes ?? 0)}.`);
  }
  if (over.length > 0) {
    console.error(`${over.length} page(s) heavier than their ceiling in scripts/js-budget.json: ${over.map((page) => page.id).join(", ")}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();

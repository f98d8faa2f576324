/**
 * Which strings each route's screen can show, found by reading its module and everything it
 * imports from app/ and domain/: for each namespace, the keys (or the parents of keys) it names.
 * - A key written out, `"seo:overview.title"` or a prefix `"backlinks:pages.backlinks.cart"` that a
 *   template completes (`${PREFIX}.title`), keeps that key or subtree, with its plural forms.
 * - A template, `` `seo:status.${value}` ``, keeps the subtree its written part names (`status`);
 *   `` `seo:${key}` `` keeps the whole namespace.
 * - A namespace passed alone to a helper that builds keys (`fieldErrorsFrom(error, t, "backlinks")`,
 *   `namespace = "seoSetup"`) keeps what the graph's helpers build from a variable named
 *   `namespace`: `` `${namespace}:fieldErrors.${code}` `` keeps `fieldErrors`. A helper that builds
 *   keys from a namespace it is given must call that variable `namespace`.
 * - `common` is always loaded whole (a key without a namespace is one of its).
 * Reading more than is shown costs a few bytes; reading less would show a raw key (the browser's
 * i18next says so in the console, which fails the e2e run), so the scan errs on the side of more.
 *
 * The browser loads, for a page, `common` and the strings of each route it matches (app/lib/
 * i18n-client.ts; build-plugins/route-strings.ts makes them one chunk per route and language).
 * `node --import tsx scripts/route-namespaces.ts` writes app/lib/route-namespaces.json;
 * app/lib/route-namespaces.test.ts fails when it is out of date.
 */
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { NAMESPACES } from "../app/lib/i18n-options";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUTPUT = path.join(ROOT, "app/lib/route-namespaces.json");

const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;
/** A module loaded with `withStrings([…], () => import(…))` fetches its own strings (app/lib/i18n-client.ts). */
const WITH_STRINGS = /withStrings\(\s*\[[^\]]*\]\s*,\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']\s*\)\s*\)/g;
const PREFIXED = new RegExp(`["'\`](${NAMESPACES.join("|")}):([\\w.]*)(\\$\\{)?`, "g");
/** A key built from a namespace the helper is given: `${namespace}:fieldErrors.${code}`. */
const FROM_NAMESPACE = /`\$\{namespace\}:([\w.]*)/g;
const ALONE = new RegExp(`(?:,|\\(|(?<![=!<>])=)\\s*["'](${NAMESPACES.join("|")})["']`, "g");
/**
 * The API client names its routers after the API's paths, some of which are namespaces' names too;
 * the Search Console's connection names where it started ("onboarding"), which is no key either.
 */
const NOT_KEYS = new Set([path.join(ROOT, "app/lib/api.server.ts"), path.join(ROOT, "domain/search-console.ts")]);

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith("#domain/")) base = path.join(ROOT, "domain", specifier.slice("#domain/".length));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  // The API's own code (server/) translates mails and answers on the server: not the screen's.
  if (!base.startsWith(path.join(ROOT, "app")) && !base.startsWith(path.join(ROOT, "domain"))) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.(?:ts|tsx)$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The key or subtree a written key names: up to its last whole segment when a template goes on. */
function prefixOf(written: string, continued: boolean): string {
  if (!continued && !written.endsWith(".")) return written;
  const end = written.lastIndexOf(".");
  return end === -1 ? "" : written.slice(0, end);
}

type Scan = { keys: Map<string, Set<string>>; alone: Set<string>; fromNamespace: Set<string>; imports: string[] };
const perFile = new Map<string, Scan>();
function scan(file: string): Scan {
  let entry = perFile.get(file);
  if (!entry) {
    const source = fs.readFileSync(file, "utf8");
    const keys = new Map<string, Set<string>>();
    for (const match of source.matchAll(PREFIXED)) {
      const set = keys.get(match[1]) ?? new Set();
      set.add(prefixOf(match[2], Boolean(match[3])));
      keys.set(match[1], set);
    }
    const alone = new Set<string>();
    if (!NOT_KEYS.has(file)) for (const match of source.matchAll(ALONE)) alone.add(match[1]);
    const fromNamespace = new Set([...source.matchAll(FROM_NAMESPACE)].map((match) => prefixOf(match[1], true)));
    const imports: string[] = [];
    const ownStrings = new Set([...source.matchAll(WITH_STRINGS)].map((match) => match[1]));
    for (const match of source.matchAll(IMPORT)) {
      if (match[2] && ownStrings.has(match[2])) continue;
      const resolved = resolveImport(file, match[1] ?? match[2] ?? match[3]);
      // Tests and type-only graphs are not shown; a `.server` module may hand a key to the screen.
      if (resolved && !resolved.endsWith(".test.ts")) imports.push(resolved);
    }
    entry = { keys, alone, fromNamespace, imports };
    perFile.set(file, entry);
  }
  return entry;
}

/** A namespace's keys or subtrees, "" for all of it, without those a shorter one holds. */
function minimal(prefixes: Iterable<string>): string[] {
  const sorted = [...new Set(prefixes)].sort();
  if (sorted.includes("")) return [""];
  return sorted.filter((prefix) => !sorted.some((other) => other !== prefix && prefix.startsWith(`${other}.`)));
}

/** For each namespace a module and everything it imports name, the keys it names. */
export type RouteStrings = Record<string, string[]>;
function stringsOf(file: string): RouteStrings {
  const seen = new Set<string>();
  const keys = new Map<string, Set<string>>();
  const alone = new Set<string>();
  const fromNamespace = new Set<string>();
  const stack = [file];
  while (stack.length) {
    const current = stack.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const found = scan(current);
    for (const [namespace, prefixes] of found.keys) keys.set(namespace, new Set([...(keys.get(namespace) ?? []), ...prefixes]));
    for (const namespace of found.alone) alone.add(namespace);
    for (const prefix of found.fromNamespace) fromNamespace.add(prefix);
    stack.push(...found.imports);
  }
  for (const namespace of alone) keys.set(namespace, new Set([...(keys.get(namespace) ?? []), ...fromNamespace]));
  // `common` is always loaded whole (app/lib/i18n-client.ts).
  keys.delete("common");
  return Object.fromEntries(
    [...keys]
      .filter(([, prefixes]) => prefixes.size > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([namespace, prefixes]) => [namespace, minimal(prefixes)]),
  );
}

function* walk(entries: RouteConfigEntry[], ancestors: string[] = []): Generator<{ entry: RouteConfigEntry; ancestors: string[] }> {
  for (const entry of entries) {
    yield { entry, ancestors };
    if (entry.children) yield* walk(entry.children, [...ancestors, path.join(ROOT, "app", entry.file)]);
  }
}

/** What `strings` names that none of `above` (the routes a page always matches with it) holds already. */
function beyond(strings: RouteStrings, above: RouteStrings[]): RouteStrings {
  const held = (namespace: string, prefix: string) => above.some((route) => route[namespace]?.some((other) => other === "" || other === prefix || prefix.startsWith(`${other}.`)));
  return Object.fromEntries(
    Object.entries(strings)
      .map(([namespace, prefixes]) => [namespace, prefixes.filter((prefix) => !held(namespace, prefix))] as const)
      .filter(([, prefixes]) => prefixes.length > 0),
  );
}

/**
 * Each route's strings, without those a route above it holds: a page loads its routes' together, so
 * the audit's layout and its pages do not each bring the report's strings.
 */
export async function routeNamespaces(): Promise<Record<string, RouteStrings>> {
  const { default: routes } = await import("../app/routes");
  const rootFile = path.join(ROOT, "app/root.tsx");
  const all = new Map<string, RouteStrings>([[rootFile, stringsOf(rootFile)]]);
  const own = (file: string) => {
    if (!all.has(file)) all.set(file, stringsOf(file));
    return all.get(file) as RouteStrings;
  };
  const map: Record<string, RouteStrings> = { root: own(rootFile) };
  for (const { entry, ancestors } of walk(await routes)) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const strings = beyond(own(path.join(ROOT, "app", entry.file)), [rootFile, ...ancestors].map(own));
    if (Object.keys(strings).length) map[id] = strings;
  }
  if (!Object.keys(map.root).length) delete map.root;
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
}

export const serialise = (map: Record<string, RouteStrings>) => `${JSON.stringify(map, null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(OUTPUT, serialise(await routeNamespaces()));
  console.log(`Wrote ${path.relative(ROOT, OUTPUT)}`);
}

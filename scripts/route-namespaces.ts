/**
 * Which translation namespaces each route's screen can show, found by reading its module and
 * everything it imports from app/ and domain/: a key written `seo:…`, or a namespace passed alone
 * as an argument or a default (`fieldErrorsFrom(error, t, "backlinks")`, `namespace = "seoSetup"`),
 * as the helpers that build keys take it. Reading more than is shown costs a few kB; reading less
 * would show a raw key, so the scan errs on the side of more.
 *
 * The browser loads the namespaces of the routes a page matches (app/lib/i18n-client.ts), instead
 * of every namespace of the language. `node --import tsx scripts/route-namespaces.ts` writes
 * app/lib/route-namespaces.json; app/lib/route-namespaces.test.ts fails when it is out of date.
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
const PREFIXED = new RegExp(`["'\`](${NAMESPACES.join("|")}):`, "g");
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

const perFile = new Map<string, { namespaces: Set<string>; imports: string[] }>();
function scan(file: string) {
  let entry = perFile.get(file);
  if (!entry) {
    const source = fs.readFileSync(file, "utf8");
    const namespaces = new Set<string>();
    for (const match of source.matchAll(PREFIXED)) namespaces.add(match[1]);
    if (!NOT_KEYS.has(file)) for (const match of source.matchAll(ALONE)) namespaces.add(match[1]);
    const imports: string[] = [];
    const ownStrings = new Set([...source.matchAll(WITH_STRINGS)].map((match) => match[1]));
    for (const match of source.matchAll(IMPORT)) {
      if (match[2] && ownStrings.has(match[2])) continue;
      const resolved = resolveImport(file, match[1] ?? match[2] ?? match[3]);
      // Tests and type-only graphs are not shown; a `.server` module may hand a key to the screen.
      if (resolved && !resolved.endsWith(".test.ts")) imports.push(resolved);
    }
    entry = { namespaces, imports };
    perFile.set(file, entry);
  }
  return entry;
}

/** The namespaces a module and everything it imports name. */
function namespacesOf(file: string): string[] {
  const seen = new Set<string>();
  const found = new Set<string>();
  const stack = [file];
  while (stack.length) {
    const current = stack.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const { namespaces, imports } = scan(current);
    for (const namespace of namespaces) found.add(namespace);
    stack.push(...imports);
  }
  // `common` is always loaded (app/lib/i18n-client.ts).
  found.delete("common");
  return [...found].sort();
}

function* walk(entries: RouteConfigEntry[]): Generator<RouteConfigEntry> {
  for (const entry of entries) {
    yield entry;
    if (entry.children) yield* walk(entry.children);
  }
}

export async function routeNamespaces(): Promise<Record<string, string[]>> {
  const { default: routes } = await import("../app/routes");
  const map: Record<string, string[]> = { root: namespacesOf(path.join(ROOT, "app/root.tsx")) };
  for (const entry of walk(await routes)) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const namespaces = namespacesOf(path.join(ROOT, "app", entry.file));
    if (namespaces.length) map[id] = namespaces;
  }
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
}

export const serialise = (map: Record<string, string[]>) => `${JSON.stringify(map, null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(OUTPUT, serialise(await routeNamespaces()));
  console.log(`Wrote ${path.relative(ROOT, OUTPUT)}`);
}

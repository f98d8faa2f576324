import fs from "node:fs";
import type { Rollup } from "vite";
import { SENT_WITHOUT_SCRIPTS } from "../scripts/js-budget.mjs";

/**
 * How the browser build splits the app's code (issue 16): each module goes into the chunk of the
 * pages that load it.
 *
 * Rollup groups modules by the set of *entries* that import them, and knows nothing of React Router's
 * nesting: a badge imported by the shell and by the prompts page lands in a chunk of its own, though
 * every page that shows the prompts shows the shell too. Here the key is the set of *pages* (leaf
 * routes) on which a module is loaded: a route's module is loaded on every page below it, and what it
 * imports with it. Modules with the same pages share one chunk, so no page loads a line it would not
 * load anyway, and a page loads as few files as its code allows (fewer gzip streams and requests: 3 kB
 * less on a signed-in page than Rollup's own split). Two chunks can never import each other, as a
 * module's pages always include its importer's.
 *
 * Only static imports are followed: what a page fetches later (`import()`) keeps Rollup's chunks.
 */

/** What the routes config gives (app/routes.ts): a file and the routes below it. */
export interface RouteNode {
  file: string;
  children?: readonly RouteNode[];
}

/** The pages (leaf routes, numbered in config order) below each route file, root included. */
export function pagesBelow(routes: readonly RouteNode[], rootFile: string): Map<string, Set<number>> {
  const pages = new Map<string, Set<number>>([[rootFile, new Set()]]);
  let next = 0;
  const walk = (node: RouteNode): Set<number> => {
    const below = new Set<number>();
    if (node.children?.length) for (const child of node.children) for (const page of walk(child)) below.add(page);
    else below.add(next++);
    // A file can serve several routes (one "coming soon" screen for four sections): all its pages.
    const known = pages.get(node.file) ?? new Set<number>();
    for (const page of below) known.add(page);
    pages.set(node.file, known);
    return below;
  };
  for (const node of routes) for (const page of walk(node)) pages.get(rootFile)?.add(page);
  return pages;
}

/**
 * Each module's chunk name: modules reached from the same pages share a name. `routeEntries` maps a
 * route's module id to its file (as in the routes config); `importsOf` lists a module's static
 * imports. The chunk of a route's own pages is named after the route; the root's is `root-shared`.
 */
export function chunkNames(
  routeEntries: ReadonlyMap<string, string>,
  importsOf: (id: string) => readonly string[],
  pages: ReadonlyMap<string, ReadonlySet<number>>,
  rootFile: string,
  sizeOf: (id: string) => number = () => Number.POSITIVE_INFINITY,
  smallGroup = 0,
): Map<string, string> {
  const pagesOf = new Map<string, Set<number>>();
  for (const [entry, file] of routeEntries) {
    const routePages = pages.get(file);
    if (!routePages) throw new Error(`${file} is a route module the routes config does not list.`);
    const stack = [entry];
    const seen = new Set(stack);
    while (stack.length) {
      const id = stack.pop() as string;
      const known = pagesOf.get(id) ?? new Set<number>();
      for (const page of routePages) known.add(page);
      pagesOf.set(id, known);
      for (const imported of importsOf(id)) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        stack.push(imported);
      }
    }
  }
  const key = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b).join(",");
  // Name a set of pages after the route whose pages they are, the outermost one when nested routes
  // share them (the shell's layout and its error boundary's), else after its first module.
  // (`pages` lists a route after the routes below it.)
  const routeNames = new Map<string, string>([[key(pages.get(rootFile) ?? new Set()), "root-shared"]]);
  for (const [file, set] of [...pages].reverse()) {
    if (!routeNames.has(key(set))) routeNames.set(key(set), file.replace(/^routes\//, "").replace(/\.[jt]sx?$/, "").replace(/\//g, "-"));
  }
  // A group too small to be worth a file of its own (an icon two pages show) joins the chunk of the
  // innermost route whose pages include its pages: a few hundred bytes more on some of them, a
  // request and a gzip stream less on all. Route chunks nest as the routes do, so this makes no cycle.
  const groups = new Map<string, { set: ReadonlySet<number>; ids: string[]; size: number }>();
  for (const [id, set] of pagesOf) {
    const group = groups.get(key(set)) ?? { set, ids: [], size: 0 };
    group.ids.push(id);
    group.size += sizeOf(id);
    groups.set(key(set), group);
  }
  const routeSets = [...pages.values()];
  const names = new Map<string, string>();
  for (const [k, group] of groups) {
    let name = routeNames.get(k);
    if (!name) {
      const home = routeSets.filter((set) => [...group.set].every((page) => set.has(page))).sort((a, b) => a.size - b.size)[0];
      if (home && (group.size * (home.size - group.set.size)) / home.size < smallGroup) name = routeNames.get(key(home));
    }
    name ??= `shared-${moduleName(group.ids[0])}`;
    for (const id of group.ids) names.set(id, name);
  }
  return names;
}

function moduleName(id: string): string {
  const pkg = id.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (pkg) return pkg[1].replace(/^@/, "").replace(/\//g, "-");
  const file = id.replace(/\?.*$/, "").split("/").pop() ?? "module";
  return file.replace(/\.[^.]*$/, "").replace(/[^\w-]/g, "") || "module";
}

/** The packages whose index re-exports all of them: followed, it would make every icon every page's. */
const BARREL = /\/node_modules\/(lucide-react\/dist\/esm\/lucide-react\.mjs|radix-ui\/dist\/index\.mjs)$/;
/**
 * A group joins its route's chunk when that adds fewer than this many characters of code (before
 * minifying) per page of the route, on average: 100-300 bytes gzip, about what a request and a gzip
 * stream of its own cost. Measured on the build (2026-11-25): 800 gave the lightest pages on average
 * (152.9 kB against 154.6 kB with no merging) in 13 files instead of 21; 1,600 moves a 1.7 kB module
 * onto every page.
 */
const SMALL_GROUP = 800;
const ROUTE_MODULE = /\?__react-router-build-client-route$/;

/**
 * Rollup's `manualChunks` for the browser build. `appDirectory` is where the routes' files are;
 * `routes` is app/routes.ts's default export.
 */
export function pageChunks(routes: readonly RouteNode[], appDirectory: string, rootFile = "root.tsx"): Rollup.GetManualChunk {
  let names: Map<string, string> | null = null;
  return (id, meta) => {
    names ??= computeNames(meta, routes, appDirectory, rootFile);
    return /\.css(\?|$)/.test(id) ? undefined : names.get(id);
  };
}

/** The route says `handle = { hydrate: false }`, read as the JS budget reads it. */
function sentWithoutScripts(file: string): boolean {
  return SENT_WITHOUT_SCRIPTS.test(fs.readFileSync(file, "utf8"));
}

function computeNames(meta: Rollup.ManualChunkMeta, routes: readonly RouteNode[], appDirectory: string, rootFile: string) {
  const prefix = `${appDirectory.replace(/\/$/, "")}/`;
  const routeEntries = new Map<string, string>();
  for (const id of meta.getModuleIds()) {
    if (!ROUTE_MODULE.test(id) || !id.startsWith(prefix)) continue;
    // A page sent without scripts (app/root.tsx) loads none of what its route imports: left to
    // Rollup, its imports do not make the chunks of the pages that do load them.
    if (!sentWithoutScripts(id.replace(ROUTE_MODULE, ""))) routeEntries.set(id, id.slice(prefix.length).replace(ROUTE_MODULE, ""));
  }
  const importsOf = (id: string) => {
    if (BARREL.test(id)) {
      throw new Error(`A page imports ${id}: import its parts instead (icons: ~/components/ui/icons; radix-ui: @radix-ui/react-<name>, or load it with import()).`);
    }
    return meta.getModuleInfo(id)?.importedIds ?? [];
  };
  const sizeOf = (id: string) => meta.getModuleInfo(id)?.code?.length ?? 0;
  return chunkNames(routeEntries, importsOf, pagesBelow(routes, rootFile), rootFile, sizeOf, SMALL_GROUP);
}

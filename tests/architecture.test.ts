import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layering (docs/decisions/017-layers.md) that the linter cannot see: no import loops, neither
 * between modules (type imports included) nor between the folders of server/. The linter's
 * noRestrictedImports rules (biome.json) keep domain/, server/ and the browser's code apart.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(): string[] {
  return ["app", "server", "domain"].flatMap((top) =>
    (fs.readdirSync(path.join(ROOT, top), { recursive: true }) as string[])
      .filter((file) => SOURCE.test(file) && !file.includes(".test."))
      .map((file) => path.join(top, file)),
  );
}

const IMPORT = /^(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/gms;

function resolve(from: string, specifier: string, known: Set<string>): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join("app", specifier.slice(2));
  else if (specifier.startsWith("#domain/")) base = path.join("domain", specifier.slice("#domain/".length));
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (known.has(candidate)) return candidate;
  return null;
}

function importGraph(): Map<string, Set<string>> {
  const files = sourceFiles();
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      const targets = [...text.matchAll(IMPORT)].map((match) => resolve(file, match[1]!, known)).filter((target): target is string => target !== null);
      return [file, new Set(targets)];
    }),
  );
}

/** The strongly connected groups of more than one node (Tarjan): each is a loop. */
function loops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** server/<folder> (server/integrations/<service>), or the top-level file itself. */
function serverUnit(file: string): string {
  const parts = file.split(path.sep);
  if (parts[1] === "integrations" && parts.length > 3) return parts.slice(0, 3).join("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : file;
}

describe("import loops", () => {
  const graph = importGraph();

  it("reads the whole tree", () => {
    // A guard on the reading itself: an empty or unresolved graph would find no loop for nothing.
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get(path.join("server", "api", "routers.ts"))?.size).toBeGreaterThan(10);
  });

  it("none between modules", () => {
    expect(loops(graph)).toEqual([]);
  });

  it("none between the folders of server/", () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      if (!file.startsWith(`server${path.sep}`)) continue;
      const from = serverUnit(file);
      const edges = folders.get(from) ?? new Set<string>();
      for (const target of targets) if (target.startsWith(`server${path.sep}`) && serverUnit(target) !== from) edges.add(serverUnit(target));
      folders.set(from, edges);
    }
    expect(loops(folders)).toEqual([]);
  });

  it("finds a loop when there is one", () => {
    expect(loops(new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])], ["d", new Set(["a"])]]))).toEqual([["a", "b", "c"]]);
  });
});

describe("browser code and server/", () => {
  /** The imports of a module that reach server/, with whether each is erased (`import type`, `export type`). */
  function serverImports(file: string, known: Set<string>) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    return [...text.matchAll(IMPORT)]
      .filter((match) => resolve(file, match[1]!, known)?.startsWith(`server${path.sep}`))
      .map((match) => ({ specifier: match[1]!, typeOnly: /^(?:import|export)\s+type\s/.test(match[0]) }));
  }

  it("takes nothing but types from it (app/lib/api-types.ts, the one module biome.json lets reach it)", () => {
    const files = sourceFiles();
    const known = new Set(files);
    const browser = files.filter((file) => file.startsWith(`app${path.sep}`) && !file.includes(".server."));
    const values = browser.flatMap((file) => serverImports(file, known).filter((found) => !found.typeOnly).map((found) => `${file}: ${found.specifier}`));
    expect(values).toEqual([]);
    // A guard on the check itself: the API's types do come from server/.
    expect(serverImports(path.join("app", "lib", "api-types.ts"), known).length).toBeGreaterThan(5);
  });
});

describe("Intl's formatters", () => {
  /** Made once per process where they stand: at a module's top level, or cached by their module. */
  const MADE_ONCE = new Set(["domain/intl.ts", "app/lib/i18n-lite/i18next.ts"]);
  const TOP_LEVEL = /^(?:export )?const \w+ = new Intl\./;

  it("come from domain/intl.ts: one made at each call costs 10–50 µs (docs/operations.md)", () => {
    const made = sourceFiles()
      .filter((file) => !MADE_ONCE.has(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .flatMap((line, index) => (/new Intl\.(?!Locale\b)/.test(line) && !TOP_LEVEL.test(line) ? [`${file}:${index + 1}`] : [])),
      );
    expect(made).toEqual([]);
  });
});

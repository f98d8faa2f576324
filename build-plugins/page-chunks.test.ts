import { describe, expect, it } from "vitest";
import { chunkNames, pagesBelow, type RouteNode } from "./page-chunks";

// root ─┬─ home
//       ├─ shell ─┬─ dashboard
//       │         └─ seo ─┬─ overview
//       │                 └─ prompts
//       ├─ soon (×2: one file, two routes)
//       └─ onboarding
const routes: RouteNode[] = [
  { file: "routes/home.tsx" },
  {
    file: "routes/shell.tsx",
    children: [{ file: "routes/dashboard.tsx" }, { file: "routes/seo/layout.tsx", children: [{ file: "routes/seo/overview.tsx" }, { file: "routes/seo/prompts.tsx" }] }],
  },
  { file: "routes/soon.tsx" },
  { file: "routes/soon.tsx" },
  { file: "routes/onboarding.tsx" },
];
const ROOT = "root.tsx";
const entry = (file: string) => `/app/${file}?route`;

function names(imports: Record<string, string[]>, sizes: Record<string, number> = {}, smallGroup = 0) {
  const files = [ROOT, ...new Set(collect(routes))];
  const routeEntries = new Map(files.map((file) => [entry(file), file]));
  return chunkNames(routeEntries, (id) => imports[id] ?? [], pagesBelow(routes, ROOT), ROOT, (id) => sizes[id] ?? 10_000, smallGroup);
}
function collect(nodes: readonly RouteNode[]): string[] {
  return nodes.flatMap((node) => [node.file, ...collect(node.children ?? [])]);
}

describe("pagesBelow", () => {
  it("numbers the leaf routes and gives each file the pages below it, a file used twice both of its own", () => {
    const pages = pagesBelow(routes, ROOT);
    expect([...(pages.get(ROOT) ?? [])]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...(pages.get("routes/shell.tsx") ?? [])]).toEqual([1, 2, 3]);
    expect([...(pages.get("routes/seo/layout.tsx") ?? [])]).toEqual([2, 3]);
    expect([...(pages.get("routes/soon.tsx") ?? [])]).toEqual([4, 5]);
  });
});

describe("chunkNames", () => {
  it("puts a module with its route when it is loaded on exactly that route's pages", () => {
    const chunks = names({ [entry("routes/shell.tsx")]: ["sidebar"], [entry("routes/seo/prompts.tsx")]: ["badge"], [entry("routes/dashboard.tsx")]: ["badge"], sidebar: ["badge"] });
    // The badge is imported by two of the shell's pages and by the shell itself: the shell's pages.
    expect(chunks.get("badge")).toBe("shell");
    expect(chunks.get("sidebar")).toBe("shell");
    expect(chunks.get(entry("routes/shell.tsx"))).toBe("shell");
  });

  it("keeps what the root imports in root-shared and names other page sets after a module", () => {
    const chunks = names({ [entry(ROOT)]: ["react"], [entry("routes/seo/prompts.tsx")]: ["form"], [entry("routes/onboarding.tsx")]: ["form"] });
    expect(chunks.get("react")).toBe("root-shared");
    expect(chunks.get("form")).toBe("shared-form");
    expect(chunks.get(entry("routes/seo/prompts.tsx"))).toBe("seo-prompts");
  });

  it("never adds a module to a page that does not load it, unless it is a small group and smallGroup allows it", () => {
    const imports = { [entry("routes/seo/prompts.tsx")]: ["icon"], [entry("routes/dashboard.tsx")]: ["icon"] };
    expect(names(imports).get("icon")).toBe("shared-icon");
    // 100 characters on two of the shell's three pages: 33 per shell page on average.
    expect(names(imports, { icon: 100 }, 50).get("icon")).toBe("shell");
    expect(names(imports, { icon: 100 }, 30).get("icon")).toBe("shared-icon");
  });

  it("names a chunk after the outermost of two routes with the same pages", () => {
    const nested: RouteNode[] = [{ file: "routes/shell.tsx", children: [{ file: "routes/boundary.tsx", children: [{ file: "routes/a.tsx" }, { file: "routes/b.tsx" }] }] }, { file: "routes/c.tsx" }];
    const routeEntries = new Map([ROOT, "routes/shell.tsx", "routes/boundary.tsx", "routes/a.tsx", "routes/b.tsx", "routes/c.tsx"].map((file) => [entry(file), file]));
    const imports: Record<string, string[]> = { [entry("routes/boundary.tsx")]: ["x"] };
    const chunks = chunkNames(routeEntries, (id) => imports[id] ?? [], pagesBelow(nested, ROOT), ROOT);
    expect(chunks.get("x")).toBe("shell");
    expect(chunks.get(entry("routes/boundary.tsx"))).toBe("shell");
  });

  it("refuses a route module the routes config does not list", () => {
    expect(() => chunkNames(new Map([["/app/x.tsx?route", "routes/x.tsx"]]), () => [], pagesBelow(routes, ROOT), ROOT)).toThrow(/routes\/x\.tsx/);
  });
});

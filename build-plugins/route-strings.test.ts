import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeStringsChunk } from "../scripts/js-budget.mjs";
import { pick, routeStrings } from "./route-strings";

const ROOT = path.resolve(import.meta.dirname, "..");

describe("a route's strings", () => {
  const strings = {
    title: "Title",
    items_one: "{{count}} item",
    items_other: "{{count}} items",
    itemsTotal: "Total",
    status: { done: "Done", failed: "Failed", nested: { deep: "Deep" } },
    other: { a: "A" },
  };

  it("keeps each key named, with its plural forms, and each subtree named, whole", () => {
    expect(pick(strings, ["items", "status.nested"])).toEqual({ items_one: "{{count}} item", items_other: "{{count}} items", status: { nested: { deep: "Deep" } } });
    expect(pick(strings, ["status"])).toEqual({ status: strings.status });
  });

  it("keeps all of a namespace for the empty prefix and nothing for a key it does not have", () => {
    expect(pick(strings, [""])).toBe(strings);
    expect(pick(strings, ["missing", "title.deeper", "status.done.deeper"])).toEqual({ status: {} });
  });
});

describe("the browser build's route strings", () => {
  /** The plugin as the client build runs it: the chunks it emits and the index module it writes. */
  function build() {
    const plugin = routeStrings(ROOT);
    const emitted: string[] = [];
    const context = { emitFile: ({ fileName }: { fileName: string }) => emitted.push(fileName), addWatchFile: () => {} };
    (plugin.configResolved as (config: unknown) => void)({ command: "build", build: { ssr: false } });
    (plugin.buildStart as (this: unknown) => void).call(context);
    const index = (plugin.load as (this: unknown, id: string) => string).call(context, "\0virtual:route-strings");
    const body = index.replace("import.meta.env.BASE_URL", JSON.stringify("/")).replace("export function", "return function");
    const routeStringsUrl = new Function(body)() as (locale: string, route: string) => string | null;
    return { emitted, routeStringsUrl };
  }

  it("asks, for each route and language, for the file the build wrote, and for nothing on a route without strings", () => {
    const { emitted, routeStringsUrl } = build();
    const routes = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, "app/lib/route-namespaces.json"), "utf8")));
    expect(emitted).toHaveLength(routes.length * 2);
    for (const route of routes) {
      for (const locale of ["en", "fr"]) {
        const url = routeStringsUrl(locale, route);
        expect(emitted, route).toContain(url?.slice(1));
        expect(url?.slice("/assets/".length), route).toMatch(new RegExp(`^${routeStringsChunk(locale, route)}-[0-9a-f]{8}\\.js$`));
      }
    }
    expect(routeStringsUrl("fr", "routes/not-found")).toBeNull();
  });
});

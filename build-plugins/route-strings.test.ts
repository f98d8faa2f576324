import { describe, expect, it } from "vitest";
import { pick, routeStringsChunkName } from "./route-strings";

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

  it("names the chunks of route strings after their language and key, and no other chunk", () => {
    expect(routeStringsChunkName("\0virtual:route-strings/fr/routes/seo-llms/overview")).toBe("strings-fr-routes-seo-llms-overview");
    expect(routeStringsChunkName("/work/app/root.tsx")).toBeNull();
    expect(routeStringsChunkName(undefined)).toBeNull();
  });
});

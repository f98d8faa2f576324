import fs from "node:fs";
import { expect, test } from "vitest";
import { routeNamespaces, serialise } from "../../scripts/route-namespaces";

const committed = () => JSON.parse(fs.readFileSync(new URL("./route-namespaces.json", import.meta.url), "utf8")) as Record<string, Record<string, string[]>>;

test("route-namespaces.json says what every route's screen reads (else: node --import tsx scripts/route-namespaces.ts)", async () => {
  const file = fs.readFileSync(new URL("./route-namespaces.json", import.meta.url), "utf8");
  expect(file).toBe(serialise(await routeNamespaces()));
});

test("a route reads the keys its code names, common aside, and what a module fetched on demand shows comes with it", () => {
  const map = committed();
  expect(map["routes/seo-llms/overview"].seo).toContain("overview.title");
  expect(Object.keys(map["routes/shell"] ?? {})).not.toContain("common");
  // The shell's plan dialog fetches `billing` when it opens (withStrings): not with every page.
  for (const route of ["root", "routes/shell", "routes/dashboard/index"]) expect(Object.keys(map[route] ?? {})).not.toContain("billing");
  expect(map["routes/not-found"]).toBeUndefined();
});

test("a namespace passed alone to a helper reads what the helpers build from `namespace`", () => {
  // The questions page's action hands "seoSetup" to fieldErrorsFrom, which builds `${namespace}:fieldErrors.…`;
  // its lazily fetched schemas build `${namespace}:validation.…`.
  expect(committed()["routes/seo-llms/questions"].seoSetup).toEqual(expect.arrayContaining(["fieldErrors", "validation"]));
});

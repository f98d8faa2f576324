import fs from "node:fs";
import { expect, test } from "vitest";
import { routeNamespaces, serialise } from "../../scripts/route-namespaces";
import { namespacesFor } from "./i18n-client";

test("route-namespaces.json says what every route's screen reads (else: node --import tsx scripts/route-namespaces.ts)", async () => {
  const committed = fs.readFileSync(new URL("./route-namespaces.json", import.meta.url), "utf8");
  expect(committed).toBe(serialise(await routeNamespaces()));
});

test("a page reads common and the namespaces of each route it matches", () => {
  expect(namespacesFor(["root", "routes/shell", "routes/seo-llms/layout", "routes/seo-llms/overview"])).toEqual(["common", "seo", "seoSetup"]);
  // The shell's plan dialog fetches `billing` when it opens (withStrings): not with every page.
  expect(namespacesFor(["root", "routes/shell", "routes/dashboard/index"])).not.toContain("billing");
  expect(namespacesFor(["routes/not-found"])).toEqual(["common"]);
});

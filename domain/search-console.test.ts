import { describe, expect, test } from "vitest";
import { isDashboardPeriod, periodDays, siteLabel, siteMatchesWebsite } from "./search-console";

describe("siteMatchesWebsite", () => {
  test.each([
    ["https://www.acme.fr/", "https://www.acme.fr", true],
    ["https://acme.fr/", "https://www.acme.fr", true],
    ["http://www.acme.fr/", "acme.fr", true],
    ["sc-domain:acme.fr", "https://www.acme.fr", true],
    ["sc-domain:acme.fr", "https://shop.acme.fr", true],
    ["sc-domain:acme.fr", "https://notacme.fr", false],
    ["https://blog.acme.fr/", "https://www.acme.fr", false],
    ["https://www.acme.com/", "https://www.acme.fr", false],
    ["https://www.acme.fr/", null, false],
    ["https://www.acme.fr/", "not a url at all", false],
  ])("%s for the website %s: %s", (site, website, expected) => {
    expect(siteMatchesWebsite(site, website)).toBe(expected);
  });
});

test("periods and labels", () => {
  expect(periodDays("180days")).toBe(180);
  expect(isDashboardPeriod("30days")).toBe(true);
  expect(isDashboardPeriod("31days")).toBe(false);
  expect(siteLabel("sc-domain:acme.fr")).toBe("acme.fr");
  expect(siteLabel("https://www.acme.fr/")).toBe("www.acme.fr");
});

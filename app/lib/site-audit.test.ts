import { describe, expect, test } from "vitest";
import { SUPPORTED_LOCALES } from "#domain/locales";
import { resources } from "./i18n";
import { type AuditCheck, checksBySeverity, detailValues, formatBytes, resultKey } from "./site-audit";

type Detail = AuditCheck["detail"];

/**
 * Each check with the details its statuses come with (the engine's checks.ts). A Record over the
 * API's check ids: a new check does not compile here until its cases are listed.
 */
const CASES: Record<AuditCheck["id"], Array<[AuditCheck["status"], Detail]>> = {
  https_reachable: [
    ["pass", { https: true, status: 200, final_url: "https://a.example/" }],
    ["fail", { https: false, status: 200, final_url: "http://a.example/" }],
    ["fail", { https: true, status: 503, final_url: "https://a.example/" }],
  ],
  redirects: [
    ["pass", { count: 0, chain: [] }],
    ["warn", { count: 2, chain: ["http://a.example/", "https://a.example/", "https://www.a.example/"] }],
  ],
  response_time: [
    ["pass", { ms: 120, good_ms: 800, poor_ms: 1800 }],
    ["warn", { ms: 1200, good_ms: 800, poor_ms: 1800 }],
    ["fail", { ms: 2500, good_ms: 800, poor_ms: 1800 }],
  ],
  page_weight: [
    ["pass", { bytes: 20_000, truncated: false, warn_bytes: 1_048_576 }],
    ["warn", { bytes: 1_500_000, truncated: false, warn_bytes: 1_048_576 }],
    ["fail", { bytes: 2_097_152, truncated: true, warn_bytes: 1_048_576 }],
  ],
  title_length: [
    ["pass", { length: 45, min: 30, max: 60 }],
    ["warn", { length: 4, min: 30, max: 60 }],
    ["fail", { length: 0, min: 30, max: 60 }],
  ],
  description_length: [
    ["pass", { length: 140, min: 110, max: 160 }],
    ["warn", { length: 40, min: 110, max: 160 }],
    ["warn", { length: 0, min: 110, max: 160 }],
  ],
  single_h1: [
    ["pass", { count: 1 }],
    ["warn", { count: 2 }],
    ["fail", { count: 0 }],
  ],
  structured_data: [
    ["pass", { blocks: 1, invalid_blocks: 0, types: ["Organization"], organization: true, website: false }],
    ["warn", { blocks: 0, invalid_blocks: 0, types: [], organization: false, website: false }],
    ["warn", { blocks: 1, invalid_blocks: 0, types: ["Product"], organization: false, website: false }],
    ["fail", { blocks: 2, invalid_blocks: 1, types: ["LocalBusiness"], organization: true, website: false }],
  ],
  sitemap: [
    ["pass", { url: "https://a.example/sitemap.xml", found: true, http_status: 200, listed_in_robots: true }],
    ["warn", { url: "https://a.example/sitemap.xml", found: true, http_status: 200, listed_in_robots: false }],
    ["warn", { url: "https://a.example/sitemap.xml", found: false, http_status: 404, listed_in_robots: true }],
    ["fail", { url: "https://a.example/sitemap.xml", found: false, http_status: 404, listed_in_robots: false }],
  ],
  canonical: [
    ["pass", { canonical: "https://a.example/", url: "https://a.example/", self: true }],
    ["warn", { canonical: null, url: "https://a.example/" }],
    ["warn", { canonical: "https://b.example/", url: "https://a.example/", self: false }],
  ],
  lang: [
    ["pass", { lang: "en", valid: true }],
    ["warn", { lang: null, valid: false }],
    ["warn", { lang: "english!", valid: false }],
  ],
  noindex: [
    ["pass", { noindex: false }],
    ["fail", { noindex: true }],
  ],
  ai_crawlers: [
    ["pass", { blocked: [], total: 16, robots_txt: "found" }],
    ["warn", { blocked: ["GPTBot", "CCBot"], total: 16, robots_txt: "found" }],
    ["fail", { blocked: ["GPTBot"], total: 1, robots_txt: "found" }],
  ],
  llms_txt: [
    ["pass", { present: true, valid: true, problems: [] }],
    ["warn", { present: false, valid: false, problems: [] }],
    ["warn", { present: true, valid: false, problems: ["missing_title"] }],
  ],
};

const checks = Object.entries(CASES).flatMap(([id, cases]) => cases.map(([status, detail]) => ({ id, status, detail }) as AuditCheck));

describe("the checks' wording", () => {
  test("each case of each check has its sentence, its title, why and how to fix, in every language", () => {
    for (const locale of SUPPORTED_LOCALES) {
      const wording = resources[locale].audit.checks as Record<string, { title: string; why: string; fix: string; result: Record<string, string> }>;
      const missing = checks.filter((check) => !wording[check.id]?.result[resultKey(check)]).map((check) => `${check.id}.${resultKey(check)}`);
      expect(missing, locale).toEqual([]);
      for (const id of Object.keys(CASES)) expect([wording[id]?.title, wording[id]?.why, wording[id]?.fix].every(Boolean), `${locale} ${id}`).toBe(true);
    }
  });

  test("one status with two cases has a sentence for each", () => {
    const keys = (id: AuditCheck["id"]) => CASES[id].map(([status, detail]) => resultKey({ id, status, detail } as AuditCheck));
    expect(keys("https_reachable")).toEqual(["pass", "fail_http", "fail_status"]);
    expect(keys("sitemap")).toEqual(["pass", "warn_unlisted", "warn_missing", "fail"]);
    expect(keys("canonical")).toEqual(["pass", "warn_missing", "warn_elsewhere"]);
    expect(keys("llms_txt")).toEqual(["pass", "warn_missing", "warn_invalid"]);
  });

  test("values are quoted in the reader's format", () => {
    expect(detailValues({ count: 2, chain: ["a", "b"], blocked: [], canonical: null, bytes: 1_500_000, ms: 1234 }, "en")).toEqual({
      count: "2",
      chain: "a, b",
      blocked: "—",
      canonical: "—",
      bytes: "1.4 MB",
      ms: "1,234",
    });
    expect(formatBytes(20_480, "fr")).toBe("20\u202fko");
  });

  test("fail, then warn, then pass; empty groups left out", () => {
    const groups = checksBySeverity([checks[0], checks[1], checks[3]]);
    expect(groups.map((group) => [group.severity, group.checks.map((check) => check.id)])).toEqual([
      ["fail", ["https_reachable"]],
      ["pass", ["https_reachable", "redirects"]],
    ]);
  });
});

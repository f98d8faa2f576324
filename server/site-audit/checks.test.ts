import { describe, expect, it } from "vitest";
import { CHECK_IDS, type CheckId, type CheckInput, type CheckStatus, runChecks, scoreChecks, THRESHOLDS } from "./checks";
import { extractPage } from "./html";
import { checkLlmsTxt } from "./llms-txt";
import { crawlerAccess, readRobotsTxt } from "./robots";

const URL = "https://acme.example/";
const HTML = `<html lang="en"><head>
  <title>${"T".repeat(45)}</title>
  <meta name="description" content="${"D".repeat(130)}">
  <link rel="canonical" href="https://acme.example">
  <script type="application/ld+json">{"@type": "Organization", "name": "Acme"}</script>
</head><body><h1>Acme</h1></body></html>`;

/** An exemplary site; each test changes one thing. */
function input(change: (input: CheckInput) => void = () => {}): CheckInput {
  const robots = readRobotsTxt(`${URL}robots.txt`, { status: 200, body: `User-agent: *\nAllow: /\nSitemap: ${URL}sitemap.xml` });
  const page = extractPage(HTML, URL);
  const built: CheckInput = {
    home: { url: URL, status: 200, redirects: [], timeToFirstByteMs: 120, bytes: 40_000, truncated: false },
    page,
    robots,
    sitemap: { url: `${URL}sitemap.xml`, found: true, http_status: 200, listed_in_robots: true },
    crawlers: crawlerAccess(robots, URL, { metaRobots: [] }),
    directives: [],
    llmsTxt: checkLlmsTxt(`${URL}llms.txt`, { status: 200, body: "# Acme\n\n> Bookkeeping.\n\n## Docs\n\n- [Start](/start)\n" }),
  };
  change(built);
  return built;
}

function status(id: CheckId, change?: (input: CheckInput) => void): CheckStatus {
  return runChecks(input(change)).find((check) => check.id === id)!.status;
}

describe("runChecks", () => {
  it("passes everything on an exemplary site, which scores 100", () => {
    const checks = runChecks(input());
    // Every check, once, in the order the report lists them.
    expect(checks.map((check) => check.id)).toEqual([...CHECK_IDS]);
    expect(checks.filter((check) => check.status !== "pass")).toEqual([]);
    expect(scoreChecks(checks)).toBe(100);
  });

  it("gives values, not sentences, for the report to translate", () => {
    const checks = runChecks(input((site) => (site.home.timeToFirstByteMs = 950)));
    expect(checks.find((check) => check.id === "response_time")).toEqual({
      id: "response_time",
      status: "warn",
      detail: { ms: 950, good_ms: THRESHOLDS.responseTimeGoodMs, poor_ms: THRESHOLDS.responseTimePoorMs },
    });
  });

  it("fails https_reachable over plain http or on an error status", () => {
    expect(status("https_reachable", (site) => (site.home.url = "http://acme.example/"))).toBe("fail");
    expect(status("https_reachable", (site) => (site.home.status = 503))).toBe("fail");
  });

  it("warns from two redirects on (Lighthouse)", () => {
    const hop = { from: "http://acme.example/", to: URL, status: 301 };
    expect(status("redirects", (site) => (site.home.redirects = [hop]))).toBe("pass");
    expect(status("redirects", (site) => (site.home.redirects = [hop, hop]))).toBe("warn");
  });

  it.each([
    [800, "pass"],
    [801, "warn"],
    [1800, "warn"],
    [1801, "fail"],
  ] as const)("rates a %i ms response %s (web.dev)", (ms, expected) => {
    expect(status("response_time", (site) => (site.home.timeToFirstByteMs = ms))).toBe(expected);
  });

  it("warns on a page past 1 MB and fails one cut at the limit", () => {
    expect(status("page_weight", (site) => (site.home.bytes = THRESHOLDS.pageWeightWarnBytes + 1))).toBe("warn");
    expect(status("page_weight", (site) => Object.assign(site.home, { bytes: 2 * 1024 * 1024, truncated: true }))).toBe("fail");
  });

  // A missing title fails (Semrush counts it an error), a missing description only warns.
  it.each([
    ["title", null, "fail"],
    ["title", 29, "warn"],
    ["title", 30, "pass"],
    ["title", 60, "pass"],
    ["title", 61, "warn"],
    ["description", null, "warn"],
    ["description", 109, "warn"],
    ["description", 110, "pass"],
    ["description", 160, "pass"],
    ["description", 161, "warn"],
  ] as const)("rates a %s of %s characters %s", (field, length, expected) => {
    // Accented letters count once, as readers see them.
    const text = length === null ? null : "é".repeat(length);
    expect(status(`${field}_length`, (site) => (site.page[field] = text))).toBe(expected);
  });

  it("wants exactly one h1", () => {
    expect(status("single_h1", (site) => (site.page.h1 = []))).toBe("fail");
    expect(status("single_h1", (site) => (site.page.h1 = ["a", "b"]))).toBe("warn");
  });

  it("fails unreadable structured data and warns on none or on no organisation or website", () => {
    expect(status("structured_data", (site) => (site.page.schema_org.invalid_blocks = 1))).toBe("fail");
    expect(status("structured_data", (site) => Object.assign(site.page.schema_org, { blocks: 0, organization: null }))).toBe("warn");
    expect(status("structured_data", (site) => (site.page.schema_org.organization = null))).toBe("warn");
  });

  it("wants a sitemap that robots.txt lists", () => {
    expect(status("sitemap", (site) => (site.sitemap.listed_in_robots = false))).toBe("warn");
    expect(status("sitemap", (site) => (site.sitemap.found = false))).toBe("warn");
    expect(status("sitemap", (site) => Object.assign(site.sitemap, { found: false, listed_in_robots: false }))).toBe("fail");
  });

  it("wants a canonical pointing at the page itself", () => {
    expect(status("canonical", (site) => (site.page.canonical = null))).toBe("warn");
    expect(status("canonical", (site) => (site.page.canonical = "https://acme.example/other"))).toBe("warn");
    expect(status("canonical", (site) => (site.page.canonical = "HTTPS://ACME.EXAMPLE:443/"))).toBe("pass");
  });

  it("wants a valid lang", () => {
    expect(status("lang", (site) => (site.page.lang = null))).toBe("warn");
    expect(status("lang", (site) => (site.page.lang = "english please"))).toBe("warn");
    expect(status("lang", (site) => (site.page.lang = "fr-CA"))).toBe("pass");
  });

  it("fails on noindex", () => {
    expect(status("noindex", (site) => (site.directives = ["noindex"]))).toBe("fail");
    expect(status("noindex", (site) => (site.directives = ["noai"]))).toBe("pass");
  });

  it("warns when some AI crawlers are blocked and fails when all are", () => {
    const blockOne = (site: CheckInput) => (site.crawlers = site.crawlers.map((crawler, index) => (index === 0 ? { ...crawler, status: "blocked" } : crawler)));
    const checks = runChecks(input(blockOne));
    expect(checks.find((check) => check.id === "ai_crawlers")).toMatchObject({ status: "warn", detail: { blocked: ["GPTBot"], robots_txt: "found" } });
    expect(status("ai_crawlers", (site) => (site.crawlers = site.crawlers.map((crawler) => ({ ...crawler, status: "blocked" }))))).toBe("fail");
  });

  it("warns on a missing or malformed llms.txt", () => {
    expect(status("llms_txt", (site) => (site.llmsTxt = checkLlmsTxt(`${URL}llms.txt`, { status: 404, body: "" })))).toBe("warn");
    expect(status("llms_txt", (site) => (site.llmsTxt = checkLlmsTxt(`${URL}llms.txt`, { status: 200, body: "no title" })))).toBe("warn");
  });
});

describe("scoreChecks", () => {
  it("weighs what keeps a page out of AI answers most, and counts a warning as half", () => {
    const checks = runChecks(input());
    const only = (id: CheckId, status: CheckStatus) => scoreChecks(checks.map((check) => (check.id === id ? { ...check, status } : check)));
    expect(only("noindex", "fail")).toBeLessThan(only("lang", "fail"));
    expect(only("lang", "warn")).toBeGreaterThan(only("lang", "fail"));
    expect(scoreChecks(checks.map((check) => ({ ...check, status: "fail" })))).toBe(0);
    expect(scoreChecks(checks.map((check) => ({ ...check, status: "warn" })))).toBe(50);
  });
});

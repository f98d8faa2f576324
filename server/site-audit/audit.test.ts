import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeSites, type FakeSites, fetchError } from "../../tests/fakes/sites";
import { isPublicAddress } from "./addresses";
import { runSiteAudit, type SiteAudit } from "./audit";
import type { CheckId, CheckStatus } from "./checks";
import { createSafeFetch, type SafeFetchOptions } from "./safe-fetch";

let sites: FakeSites;
let gateway: FakeSites;

beforeAll(async () => {
  sites = await createFakeSites();
  gateway = await createFakeSites({ address: "127.0.0.2" });
});
afterAll(async () => {
  await sites.close();
  await gateway.close();
});

/** The fixtures live on 127.0.0.1: crawling them needs private addresses allowed. */
const crawl = (host: string, path = "", options: SafeFetchOptions = {}) =>
  runSiteAudit(`${host}:${sites.port}${path}`, { fetch: createSafeFetch({ allowPrivate: true, resolve: sites.resolve, timeoutMs: 1000, ...options }) });

const statuses = (audit: SiteAudit) => Object.fromEntries(audit.checks.map((check) => [check.id, check.status])) as Record<CheckId, CheckStatus>;
const crawlerStatus = (audit: SiteAudit) => Object.fromEntries(audit.ai_crawlers.crawlers.map((crawler) => [crawler.token, crawler.status]));

describe("runSiteAudit on a nearly exemplary site", () => {
  let audit: SiteAudit;
  let origin: string;
  beforeAll(async () => {
    let clock = 0;
    origin = `http://acme.test:${sites.port}`;
    let fetchClock = 0;
    audit = await runSiteAudit(`http://acme.test:${sites.port}`, {
      // Clocks that step, so the response time check does not depend on the machine's load.
      fetch: createSafeFetch({ allowPrivate: true, resolve: sites.resolve, timeoutMs: 1000, now: () => (fetchClock += 5) }),
      now: () => (clock += 10),
    });
  });

  it("normalises the address and falls back to http when https cannot connect", () => {
    expect(audit.url).toBe(`https://acme.test:${sites.port}`);
    expect(audit.site).toMatchObject({ url: `${origin}/`, http_status: 200, redirects: [] });
  });

  it("reads the site's identity", () => {
    expect(audit.site).toMatchObject({
      title: "Acme Books — Bookkeeping software for small businesses",
      lang: "en",
      og_site_name: "Acme Books",
      canonical: `${origin}/`,
      hreflang: [
        { lang: "fr", href: `${origin}/fr/` },
        { lang: "x-default", href: `${origin}/` },
      ],
      favicon: `${origin}/static/favicon.svg`,
      h1: ["Bookkeeping software that does the books for you"],
      schema_org: { organization: { name: "Acme Books Ltd", same_as: ["https://www.linkedin.com/company/acme-books", "https://twitter.com/acmebooks"] } },
      sitemap: { url: `${origin}/sitemap.xml`, found: true, listed_in_robots: true },
    });
    expect(audit.site).not.toHaveProperty("text");
  });

  it("applies each crawler's robots.txt group to the home page", () => {
    expect(audit.ai_crawlers.robots_txt).toEqual({ url: `${origin}/robots.txt`, state: "found", http_status: 200, sitemaps: [`${origin}/sitemap.xml`] });
    expect(crawlerStatus(audit)).toMatchObject({
      GPTBot: "blocked", // its own group: Disallow: /
      ClaudeBot: "allowed", // Disallow: / but Allow: /$
      CCBot: "allowed", // blocked on /private/ only
      "OAI-SearchBot": "allowed", // the * group
    });
  });

  it("checks llms.txt, the checks and the score", () => {
    expect(audit.llms_txt).toMatchObject({ present: true, valid: true, title: "Acme Books", links: 3 });
    expect(statuses(audit)).toEqual({
      https_reachable: "fail",
      redirects: "pass",
      response_time: "pass",
      page_weight: "pass",
      title_length: "pass",
      description_length: "pass",
      single_h1: "pass",
      structured_data: "pass",
      sitemap: "pass",
      canonical: "pass",
      lang: "pass",
      noindex: "pass",
      ai_crawlers: "warn",
      llms_txt: "pass",
    });
    expect(audit.score).toBe(80);
  });

  it("suggests the brand, a sentence and the page's keywords", () => {
    expect(audit.suggestions).toMatchObject({
      source: "page",
      brand_name: "Acme Books",
      description:
        "Acme Books is online bookkeeping software for small businesses and freelancers: invoicing, bank reconciliation and tax reports in one place.",
      language: "en",
      competitors: [],
    });
    expect(audit.suggestions.keywords).toContain("bookkeeping software");
  });

  it("times each part with the clock it is given", () => {
    const { total_ms, home_ms, robots_txt_ms, sitemap_ms, llms_txt_ms } = audit.timings;
    expect(home_ms).toBe(10);
    expect([robots_txt_ms, sitemap_ms, llms_txt_ms].every((ms) => ms > 0 && ms < total_ms)).toBe(true);
  });

  it("fetched robots.txt, the sitemap and llms.txt as SightlineBot", () => {
    const paths = sites.requests.filter((request) => request.host === "acme.test").map((request) => request.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/robots.txt", "/sitemap.xml", "/llms.txt"]));
    expect(sites.requests.every((request) => request.userAgent?.startsWith("SightlineBot/1.0"))).toBe(true);
  });
});

describe("runSiteAudit on sites with problems", () => {
  it("a French shop: one crawler blocked, a broken JSON-LD block, an llms.txt with problems, no sitemap", async () => {
    const audit = await crawl("fromage.test");
    expect(crawlerStatus(audit)).toMatchObject({ PerplexityBot: "blocked", GPTBot: "allowed" });
    expect(audit.site.schema_org).toMatchObject({ blocks: 2, invalid_blocks: 1, organization: { name: "La Fromagerie du Marché" } });
    expect(audit.llms_txt).toMatchObject({ present: true, valid: false, title: "La Fromagerie du Marché" });
    expect(audit.llms_txt.problems.map((problem) => problem.code)).toEqual([
      "missing_title",
      "text_in_section",
      "invalid_link",
      "invalid_link_url",
      "unexpected_heading",
      "empty_section",
    ]);
    expect(statuses(audit)).toMatchObject({ structured_data: "fail", sitemap: "fail", ai_crawlers: "warn", llms_txt: "warn", title_length: "warn", canonical: "warn" });
    expect(audit.suggestions).toMatchObject({ language: "fr", brand_name: "La Fromagerie du Marché" });
    expect(audit.suggestions.keywords).toEqual(expect.arrayContaining(["fromages affinés", "plateaux de fromages"]));
  });

  it("a closed site: everyone blocked by robots.txt, noindex and noai; its sitemap found where robots.txt says", async () => {
    const audit = await crawl("closed.test");
    expect(audit.ai_crawlers.directives).toEqual(["noai", "noimageai", "noindex"]);
    expect(audit.ai_crawlers.crawlers.every((crawler) => crawler.status === "blocked" && crawler.robots_txt === "blocked")).toBe(true);
    expect(audit.llms_txt.present).toBe(false);
    expect(audit.site.sitemap).toEqual({ url: sites.url("closed.test", "/sitemaps/main.xml"), found: true, http_status: 200, listed_in_robots: true });
    expect(statuses(audit)).toMatchObject({ noindex: "fail", ai_crawlers: "fail", sitemap: "pass", description_length: "warn" });
  });

  it("a messy site: robots.txt answering 500 blocks everyone, two h1, no lang, an unlisted sitemap", async () => {
    const audit = await crawl("messy.test");
    expect(audit.ai_crawlers.robots_txt).toMatchObject({ state: "unreachable", http_status: 500 });
    expect(statuses(audit)).toMatchObject({ ai_crawlers: "fail", single_h1: "warn", lang: "warn", sitemap: "warn", title_length: "warn" });
    expect(audit.suggestions.brand_name).toBe("Messy");
  });

  it("a redirected home page: the report is about where it lands", async () => {
    const audit = await crawl("hops.test", "/insecure");
    expect(audit.site).toMatchObject({ url: sites.url("hops.test", "/secure"), title: "Secure" });
    expect(statuses(audit).redirects).toBe("pass");
    expect(statuses(await crawl("hops.test", "/hops/3")).redirects).toBe("warn");
  });

  it("a huge page: read up to 2 MB, and page weight fails", async () => {
    const audit = await crawl("huge.test");
    expect(audit.checks.find((check) => check.id === "page_weight")).toMatchObject({ status: "fail", detail: { truncated: true, bytes: 2 * 1024 * 1024 } });
    expect(audit.site.title).toBe("A very large page indeed, for testing");
  });
});

describe("runSiteAudit when there is nothing to analyse", () => {
  it.each([["not a website"], ["ftp://acme.test/"], ["localhost"], [`https://acme.test/${"x".repeat(300)}`]])("refuses %j as invalid_url", async (input) => {
    expect(await fetchError(runSiteAudit(input, { fetch: createSafeFetch({ allowPrivate: true, resolve: sites.resolve }) }))).toMatchObject({ code: "invalid_url" });
  });

  it("times out on a slow site", async () => {
    expect(await fetchError(crawl("slow.test", "", { timeoutMs: 300 }))).toMatchObject({ code: "timeout" });
  });

  it("refuses private addresses by default (ALLOW_PRIVATE_FETCH off)", async () => {
    const before = sites.requests.length;
    expect(await fetchError(runSiteAudit(`127.0.0.1:${sites.port}`))).toMatchObject({ code: "address_not_allowed", detail: { address: "127.0.0.1" } });
    expect(await fetchError(runSiteAudit(`acme.test:${sites.port}`, { fetch: createSafeFetch({ resolve: sites.resolve }) }))).toMatchObject({
      code: "address_not_allowed",
    });
    expect(sites.requests.length).toBe(before);
  });

  it.each([
    ["/to-loopback", "127.0.0.1"],
    ["/to-metadata", "169.254.169.254"],
  ])("reports a redirect (%s) to a refused address as such", async (path, address) => {
    const fetch = createSafeFetch({ allowPrivate: false, resolve: gateway.resolve, isAllowedAddress: (ip) => ip === "127.0.0.2" || isPublicAddress(ip) });
    expect(await fetchError(runSiteAudit(`hops.test:${gateway.port}${path}`, { fetch }))).toMatchObject({ code: "address_not_allowed", detail: { address } });
  });
});

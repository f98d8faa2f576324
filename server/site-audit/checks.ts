import type { Redirect } from "./errors";
import type { PageFacts } from "./html";
import type { LlmsTxtReport } from "./llms-txt";
import type { CrawlerAccess, PageDirective, RobotsTxt } from "./robots";

/**
 * The audit's verdicts. Each check's `detail` holds values, never sentences: the report translates
 * the explanation and the fix from the check's id and status, and fills the numbers in.
 */

export type CheckStatus = "pass" | "warn" | "fail";

export const CHECK_IDS = [
  "https_reachable",
  "redirects",
  "response_time",
  "page_weight",
  "title_length",
  "description_length",
  "single_h1",
  "structured_data",
  "sitemap",
  "canonical",
  "lang",
  "noindex",
  "ai_crawlers",
  "llms_txt",
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export type CheckDetail = Record<string, string | number | boolean | null | string[]>;

export type Check = { id: CheckId; status: CheckStatus; detail: CheckDetail };

export type SitemapFacts = { url: string; found: boolean; http_status: number | null; listed_in_robots: boolean };

export type CheckInput = {
  home: { url: string; status: number; redirects: Redirect[]; timeToFirstByteMs: number; bytes: number; truncated: boolean };
  page: PageFacts;
  robots: RobotsTxt;
  sitemap: SitemapFacts;
  crawlers: CrawlerAccess[];
  /** Directives of the page for every crawler (X-Robots-Tag and `<meta name="robots">`). */
  directives: PageDirective[];
  llmsTxt: LlmsTxtReport;
};

/**
 * Thresholds, and whose they are:
 * - response time (time to first byte): web.dev's Core Web Vitals guidance, good ≤ 800 ms, poor
 *   > 1,800 ms;
 * - redirects: Lighthouse's "Avoid multiple page redirects" flags two or more;
 * - page weight: Semrush Site Audit's "large HTML page size" is 2 MB, our read limit too; past
 *   half of it an HTML document is carrying inlined data or scripts;
 * - title: Google cuts titles at about 600 px, some 60 characters (Moz advises 50–60), and Yoast
 *   flags under 30 as too short to describe a page;
 * - description: Ahrefs Site Audit's "too short" under 110 and "too long" over 160 characters.
 */
export const THRESHOLDS = {
  responseTimeGoodMs: 800,
  responseTimePoorMs: 1800,
  maxRedirects: 1,
  pageWeightWarnBytes: 1024 * 1024,
  titleMin: 30,
  titleMax: 60,
  descriptionMin: 110,
  descriptionMax: 160,
} as const;

/** How much each check counts in the score: what keeps a page out of AI answers counts most. */
const WEIGHTS: Record<CheckId, number> = {
  https_reachable: 3,
  noindex: 3,
  ai_crawlers: 3,
  response_time: 2,
  title_length: 2,
  structured_data: 2,
  redirects: 1,
  page_weight: 1,
  description_length: 1,
  single_h1: 1,
  sitemap: 1,
  canonical: 1,
  lang: 1,
  llms_txt: 1,
};

const STATUS_VALUE: Record<CheckStatus, number> = { pass: 1, warn: 0.5, fail: 0 };

export function runChecks(input: CheckInput): Check[] {
  const { home, page } = input;
  return [
    httpsReachable(home),
    check("redirects", home.redirects.length <= THRESHOLDS.maxRedirects ? "pass" : "warn", {
      count: home.redirects.length,
      chain: home.redirects.map((redirect) => redirect.from).concat(home.redirects.length ? [home.url] : []),
    }),
    check("response_time", band(home.timeToFirstByteMs, THRESHOLDS.responseTimeGoodMs, THRESHOLDS.responseTimePoorMs), {
      ms: home.timeToFirstByteMs,
      good_ms: THRESHOLDS.responseTimeGoodMs,
      poor_ms: THRESHOLDS.responseTimePoorMs,
    }),
    check("page_weight", home.truncated ? "fail" : home.bytes > THRESHOLDS.pageWeightWarnBytes ? "warn" : "pass", {
      bytes: home.bytes,
      truncated: home.truncated,
      warn_bytes: THRESHOLDS.pageWeightWarnBytes,
    }),
    lengthCheck("title_length", page.title, THRESHOLDS.titleMin, THRESHOLDS.titleMax, "fail"),
    lengthCheck("description_length", page.description, THRESHOLDS.descriptionMin, THRESHOLDS.descriptionMax, "warn"),
    check("single_h1", page.h1.length === 1 ? "pass" : page.h1.length === 0 ? "fail" : "warn", { count: page.h1.length }),
    structuredData(page),
    sitemap(input.sitemap),
    canonical(page, home.url),
    lang(page.lang),
    check("noindex", input.directives.includes("noindex") ? "fail" : "pass", { noindex: input.directives.includes("noindex") }),
    aiCrawlers(input.crawlers, input.robots),
    llmsTxt(input.llmsTxt),
  ];
}

/** 0–100: each check's weight times 1 for a pass, ½ for a warning, 0 for a failure. */
export function scoreChecks(checks: Check[]): number {
  const total = checks.reduce((sum, item) => sum + WEIGHTS[item.id], 0);
  if (total === 0) return 0;
  const earned = checks.reduce((sum, item) => sum + WEIGHTS[item.id] * STATUS_VALUE[item.status], 0);
  return Math.round((100 * earned) / total);
}

function check(id: CheckId, status: CheckStatus, detail: CheckDetail): Check {
  return { id, status, detail };
}

function band(value: number, good: number, poor: number): CheckStatus {
  return value <= good ? "pass" : value <= poor ? "warn" : "fail";
}

function httpsReachable(home: CheckInput["home"]): Check {
  const https = home.url.startsWith("https://");
  const ok = home.status >= 200 && home.status < 300;
  return check("https_reachable", https && ok ? "pass" : "fail", { https, status: home.status, final_url: home.url });
}

function lengthCheck(id: CheckId, text: string | null, min: number, max: number, whenMissing: CheckStatus): Check {
  const length = text ? [...text].length : 0;
  const status = length === 0 ? whenMissing : length < min || length > max ? "warn" : "pass";
  return check(id, status, { length, min, max });
}

function structuredData(page: PageFacts): Check {
  const { blocks, invalid_blocks, types, organization, website } = page.schema_org;
  const identifies = organization !== null || website !== null;
  const status = invalid_blocks > 0 ? "fail" : blocks === 0 || !identifies ? "warn" : "pass";
  return check("structured_data", status, { blocks, invalid_blocks, types, organization: organization !== null, website: website !== null });
}

function sitemap(facts: SitemapFacts): Check {
  const status = facts.found && facts.listed_in_robots ? "pass" : facts.found || facts.listed_in_robots ? "warn" : "fail";
  return check("sitemap", status, { ...facts });
}

function canonical(page: PageFacts, url: string): Check {
  if (!page.canonical) return check("canonical", "warn", { canonical: null, url });
  const self = sameDocument(page.canonical, url);
  return check("canonical", self ? "pass" : "warn", { canonical: page.canonical, url, self });
}

/** The same page, give or take a trailing slash, a default port or the case of the host. */
function sameDocument(a: string, b: string): boolean {
  const key = (href: string) => {
    const url = new URL(href);
    url.hash = "";
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}${url.search}`;
  };
  try {
    return key(a) === key(b);
  } catch {
    return false;
  }
}

function lang(value: string | null): Check {
  if (!value) return check("lang", "warn", { lang: null, valid: false });
  let valid = true;
  try {
    Intl.getCanonicalLocales(value);
  } catch {
    valid = false;
  }
  return check("lang", valid ? "pass" : "warn", { lang: value, valid });
}

function aiCrawlers(crawlers: CrawlerAccess[], robots: RobotsTxt): Check {
  const blocked = crawlers.filter((crawler) => crawler.status === "blocked").map((crawler) => crawler.token);
  const status = blocked.length === 0 ? "pass" : blocked.length === crawlers.length ? "fail" : "warn";
  return check("ai_crawlers", status, { blocked, total: crawlers.length, robots_txt: robots.state });
}

function llmsTxt(report: LlmsTxtReport): Check {
  const status = report.present && report.valid ? "pass" : "warn";
  return check("llms_txt", status, { present: report.present, valid: report.valid, problems: [...new Set(report.problems.map((problem) => problem.code))] });
}

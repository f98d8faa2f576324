import { checkWebsite } from "#domain/website";
import { type Check, runChecks, type SitemapFacts, scoreChecks } from "./checks";
import { type Redirect, SiteFetchError } from "./errors";
import { extractPage, type PageFacts } from "./html";
import { checkLlmsTxt, type LlmsTxtReport } from "./llms-txt";
import { type CrawlerAccess, crawlerAccess, genericDirectives, type PageDirective, readRobotsTxt, type RobotsTxtState } from "./robots";
import type { AiProvider } from "../integrations/ai/types";
import { adviseSuggestions } from "./ai-suggestions";
import { createSafeFetch, type FetchedPage, type SafeFetch } from "./safe-fetch";
import { type Suggestions, suggestFromPage } from "./suggestions";

/**
 * One website analysis: the home page, then robots.txt, the sitemap and llms.txt side by side from
 * the origin the home page ended on, and everything the report and onboarding show, built from them.
 * No database and no job here: the caller stores the result.
 */

/** What the home page says about the site (its text and full outline stay out of the report). */
export type SiteFacts = Omit<PageFacts, "text" | "headings" | "og_title" | "og_description"> & {
  /** The address that answered, after redirects. */
  url: string;
  http_status: number;
  redirects: Redirect[];
  sitemap: SitemapFacts;
};

export type AiCrawlersReport = {
  robots_txt: { url: string; state: RobotsTxtState; http_status: number | null; sitemaps: string[] };
  /** Page-level directives addressed to every crawler. */
  directives: PageDirective[];
  crawlers: CrawlerAccess[];
};

export type SiteAuditTimings = { total_ms: number; home_ms: number; robots_txt_ms: number; sitemap_ms: number; llms_txt_ms: number };

export type SiteAudit = {
  /** The address as normalised from what was typed (https). */
  url: string;
  site: SiteFacts;
  ai_crawlers: AiCrawlersReport;
  llms_txt: LlmsTxtReport;
  checks: Check[];
  score: number;
  suggestions: Suggestions;
  timings: SiteAuditTimings;
};

export type SiteAuditOptions = {
  /** Default: a safe fetch with the configured address rule. */
  fetch?: SafeFetch;
  /** An assistant to ask for competitors and keywords; without one the page's words are all. */
  advisor?: AiProvider | null;
  /** A clock in milliseconds, for the timings. */
  now?: () => number;
};

const ACCEPT = {
  robots: "text/plain,*/*;q=0.5",
  sitemap: "application/xml,text/xml;q=0.9,*/*;q=0.5",
  llms: "text/markdown,text/plain;q=0.9,*/*;q=0.5",
};

/**
 * Throws SiteFetchError when there is nothing to analyse: `invalid_url` for an address that is not
 * a website, and the home page's own failure (`address_not_allowed`, `timeout`, `dns_failed`…).
 * Failures of robots.txt, the sitemap or llms.txt are findings, not errors.
 */
export async function runSiteAudit(input: string, options: SiteAuditOptions = {}): Promise<SiteAudit> {
  const fetch = options.fetch ?? createSafeFetch();
  const now = options.now ?? Date.now;
  const started = now();
  const website = checkWebsite(input);
  if (!website.ok) throw new SiteFetchError("invalid_url", { url: input });

  const home = await fetchHome(fetch, website.website);
  const homeMs = now() - started;
  const origin = new URL(home.url).origin;
  const timed = async (url: string, accept: string) => {
    const start = now();
    const page = await fetch(url, { accept }).catch(() => null);
    return { page, ms: now() - start };
  };
  const [robotsFetch, sitemapFetch, llmsFetch] = await Promise.all([
    timed(`${origin}/robots.txt`, ACCEPT.robots),
    timed(`${origin}/sitemap.xml`, ACCEPT.sitemap),
    timed(`${origin}/llms.txt`, ACCEPT.llms),
  ]);

  const robots = readRobotsTxt(`${origin}/robots.txt`, asResponse(robotsFetch.page));
  const sitemap = await findSitemap(fetch, `${origin}/sitemap.xml`, sitemapFetch.page, robots.sitemaps, now);
  const page = extractPage(home.body, home.url);
  const pageRobots = { xRobotsTag: home.headers["x-robots-tag"], metaRobots: page.meta_robots };
  const crawlers = crawlerAccess(robots, home.url, pageRobots);
  const directives = genericDirectives(pageRobots);
  const llmsTxt = checkLlmsTxt(`${origin}/llms.txt`, asResponse(llmsFetch.page));
  const checks = runChecks({ home, page, robots, sitemap: sitemap.facts, crawlers, directives, llmsTxt });
  const fromPage = suggestFromPage(page, home.url);
  const suggestions = options.advisor
    ? await adviseSuggestions(
        options.advisor,
        { url: home.url, brand: fromPage.brand_name, title: page.title, description: page.description ?? page.og_description, keywords: fromPage.keywords },
        fromPage,
      )
    : fromPage;

  const { text: _text, headings: _headings, og_title: _ogTitle, og_description: _ogDescription, ...facts } = page;
  return {
    url: website.website,
    site: { ...facts, url: home.url, http_status: home.status, redirects: home.redirects, sitemap: sitemap.facts },
    ai_crawlers: {
      robots_txt: { url: robots.url, state: robots.state, http_status: robots.http_status, sitemaps: robots.sitemaps },
      directives,
      crawlers,
    },
    llms_txt: llmsTxt,
    checks,
    score: scoreChecks(checks),
    suggestions,
    timings: {
      total_ms: Math.round(now() - started),
      home_ms: Math.round(homeMs),
      robots_txt_ms: Math.round(robotsFetch.ms),
      sitemap_ms: Math.round(sitemapFetch.ms + sitemap.extraMs),
      llms_txt_ms: Math.round(llmsFetch.ms),
    },
  };
}

/**
 * The home page over https, as the address was normalised; when https cannot connect at all
 * (nothing on port 443, a broken certificate) the same address over http, so a site without TLS
 * still gets its report, with https_reachable failing.
 */
async function fetchHome(fetch: SafeFetch, website: string): Promise<FetchedPage> {
  try {
    return await fetch(website);
  } catch (error) {
    if (!(error instanceof SiteFetchError) || error.code !== "connection_failed") throw error;
    // When http fails too, the https failure is the one to report, unless http got further
    // (a refused redirect, a time-out).
    return fetch(website.replace(/^https:/, "http:")).catch((second: unknown) => {
      throw second instanceof SiteFetchError && second.code !== "connection_failed" ? second : error;
    });
  }
}

function asResponse(page: FetchedPage | null) {
  return page && { status: page.status, body: page.body, contentType: page.headers["content-type"] };
}

/** /sitemap.xml, or when that is missing the first sitemap robots.txt names. */
async function findSitemap(fetch: SafeFetch, defaultUrl: string, fetched: FetchedPage | null, listed: string[], now: () => number) {
  const facts = (url: string, page: FetchedPage | null): SitemapFacts => ({
    url,
    found: page !== null && isSitemap(page),
    http_status: page?.status ?? null,
    listed_in_robots: listed.length > 0,
  });
  const atDefault = facts(defaultUrl, fetched);
  const other = listed.find((url) => url !== defaultUrl);
  if (atDefault.found || !other) return { facts: atDefault, extraMs: 0 };
  const start = now();
  const page = await fetch(other, { accept: ACCEPT.sitemap }).catch(() => null);
  return { facts: facts(other, page), extraMs: now() - start };
}

/** A 2xx answer that is a sitemap: XML with <urlset> or <sitemapindex>, or a gzipped file. */
function isSitemap(page: FetchedPage): boolean {
  if (page.status < 200 || page.status >= 300) return false;
  if (/gzip/i.test(page.headers["content-type"] ?? "")) return true;
  return /<(urlset|sitemapindex)[\s>]/i.test(page.body.slice(0, 4096));
}

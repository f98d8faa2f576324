import robotsParser from "robots-parser";
import type { MetaRobots } from "./html";

/**
 * Whether each AI crawler may read the home page: robots.txt (RFC 9309, parsed by robots-parser:
 * per-token groups, `*` and `$` wildcards, the longest match winning between Allow and Disallow),
 * then the page-level directives of `X-Robots-Tag` and `<meta name="robots">` that apply to it.
 */

export type CrawlerPurpose = "training" | "search" | "user";

/**
 * The product tokens their operators document for robots.txt. `training` crawlers collect model
 * training data, `search` ones build an assistant's search index, `user` ones fetch a page because
 * a person asked the assistant about it.
 */
export const AI_CRAWLERS = [
  { token: "GPTBot", operator: "OpenAI", purpose: "training" },
  { token: "OAI-SearchBot", operator: "OpenAI", purpose: "search" },
  { token: "ChatGPT-User", operator: "OpenAI", purpose: "user" },
  { token: "ClaudeBot", operator: "Anthropic", purpose: "training" },
  { token: "Claude-SearchBot", operator: "Anthropic", purpose: "search" },
  { token: "Claude-User", operator: "Anthropic", purpose: "user" },
  { token: "PerplexityBot", operator: "Perplexity", purpose: "search" },
  { token: "Perplexity-User", operator: "Perplexity", purpose: "user" },
  { token: "Google-Extended", operator: "Google", purpose: "training" },
  { token: "Applebot-Extended", operator: "Apple", purpose: "training" },
  { token: "CCBot", operator: "Common Crawl", purpose: "training" },
  { token: "Bytespider", operator: "ByteDance", purpose: "training" },
  { token: "meta-externalagent", operator: "Meta", purpose: "training" },
  { token: "Amazonbot", operator: "Amazon", purpose: "search" },
  { token: "DuckAssistBot", operator: "DuckDuckGo", purpose: "search" },
  { token: "MistralAI-User", operator: "Mistral", purpose: "user" },
] as const satisfies ReadonlyArray<{ token: string; operator: string; purpose: CrawlerPurpose }>;

/** Page-level directives that keep a page out of AI answers (`noai`, `noimageai`: DeviantArt's, now common). */
export type PageDirective = "noindex" | "noai" | "noimageai";

export type CrawlerAccess = {
  token: string;
  operator: string;
  purpose: CrawlerPurpose;
  /** robots.txt's verdict and the page directives together. */
  status: "allowed" | "blocked";
  robots_txt: "allowed" | "blocked";
  /** The page-level directives that apply to this crawler (generic or addressed to its token). */
  directives: PageDirective[];
};

/**
 * `found`: parsed. `missing`: 4xx, or an HTML page where the file should be (a soft 404): RFC 9309
 * §2.3.1.3 lets crawlers read everything. `unreachable`: 5xx or no answer: §2.3.1.4 makes them
 * assume everything is disallowed.
 */
export type RobotsTxtState = "found" | "missing" | "unreachable";

export type RobotsTxt = {
  url: string;
  state: RobotsTxtState;
  http_status: number | null;
  /** `Sitemap:` lines, as written (absolute per the protocol). */
  sitemaps: string[];
  /** Per token: may this crawler fetch that URL? */
  isAllowed: (url: string, token: string) => boolean;
};

/** What the robots.txt fetch returned; null when it failed (time-out, refused, DNS). */
export type RobotsResponse = { status: number; body: string; contentType?: string } | null;

export function readRobotsTxt(url: string, response: RobotsResponse): RobotsTxt {
  if (!response || response.status >= 500) {
    return { url, state: "unreachable", http_status: response?.status ?? null, sitemaps: [], isAllowed: () => false };
  }
  const looksLikeHtml = /html/i.test(response.contentType ?? "") && /^\s*(<!doctype|<html|<head|<body)/i.test(response.body);
  if (response.status >= 400 || (response.status >= 200 && response.status < 300 && looksLikeHtml)) {
    return { url, state: "missing", http_status: response.status, sitemaps: [], isAllowed: () => true };
  }
  // The parser is given the address that was asked for: robots.txt applies to its own origin
  // even when the file was served after a redirect (RFC 9309 §2.3.1.2).
  const robots = robotsParser(url, response.body);
  return {
    url,
    state: "found",
    http_status: response.status,
    sitemaps: robots.getSitemaps(),
    // Undefined means another origin than the file's: it says nothing about that URL.
    isAllowed: (target, token) => robots.isAllowed(target, token) ?? true,
  };
}

export function crawlerAccess(robots: RobotsTxt, pageUrl: string, page: { xRobotsTag?: string; metaRobots: MetaRobots[] }): CrawlerAccess[] {
  const headerRules = parseXRobotsTag(page.xRobotsTag ?? "");
  return AI_CRAWLERS.map((crawler) => {
    const token = crawler.token.toLowerCase();
    const applies = (agent: string | null) => agent === null || agent === "robots" || agent === token;
    const raw = [
      ...headerRules.filter((rule) => applies(rule.agent)).map((rule) => rule.directive),
      ...page.metaRobots.filter((meta) => applies(meta.name)).flatMap((meta) => meta.content.split(/[\s,]+/)),
    ];
    const directives = pageDirectives(raw);
    const robotsTxt = robots.isAllowed(pageUrl, crawler.token) ? "allowed" : "blocked";
    // noindex keeps the page out of the index assistants search; noai asks them not to use it.
    const blocked = robotsTxt === "blocked" || directives.includes("noindex") || directives.includes("noai");
    return { ...crawler, status: blocked ? "blocked" : "allowed", robots_txt: robotsTxt, directives };
  });
}

/** The generic directives of the page (for every crawler), e.g. for the noindex check. */
export function genericDirectives(page: { xRobotsTag?: string; metaRobots: MetaRobots[] }): PageDirective[] {
  return pageDirectives([
    ...parseXRobotsTag(page.xRobotsTag ?? "")
      .filter((rule) => rule.agent === null)
      .map((rule) => rule.directive),
    ...page.metaRobots.filter((meta) => meta.name === "robots").flatMap((meta) => meta.content.split(/[\s,]+/)),
  ]);
}

function pageDirectives(raw: string[]): PageDirective[] {
  const found = new Set<PageDirective>();
  for (const value of raw.map((item) => item.trim().toLowerCase())) {
    if (value === "noindex" || value === "none") found.add("noindex");
    if (value === "noai") found.add("noai");
    if (value === "noimageai") found.add("noimageai");
  }
  return [...found].sort();
}

// Directives whose own value follows a colon, which must not be read as a crawler's name.
const VALUED_DIRECTIVES = new Set(["max-snippet", "max-image-preview", "max-video-preview", "unavailable_after"]);

/**
 * `X-Robots-Tag: noindex` applies to every crawler; `X-Robots-Tag: GPTBot: noindex, nofollow` to that
 * one, up to the next name (Google's reading of the header). Repeated headers arrive joined by
 * commas, which that reading handles the same way.
 */
export function parseXRobotsTag(value: string): Array<{ agent: string | null; directive: string }> {
  const rules: Array<{ agent: string | null; directive: string }> = [];
  let agent: string | null = null;
  for (const part of value.split(",")) {
    let directive = part.trim();
    const named = /^([\w.-]+)\s*:\s*(.*)$/.exec(directive);
    if (named && !VALUED_DIRECTIVES.has(named[1]!.toLowerCase())) {
      agent = named[1]!.toLowerCase();
      directive = named[2]!;
    }
    directive = directive.trim().toLowerCase();
    if (directive) rules.push({ agent, directive });
  }
  return rules;
}

import { describe, expect, it } from "vitest";
import { AI_CRAWLERS, crawlerAccess, genericDirectives, parseXRobotsTag, readRobotsTxt } from "./robots";

const HOME = "https://shop.example/";
const ROBOTS_URL = "https://shop.example/robots.txt";
const found = (body: string) => readRobotsTxt(ROBOTS_URL, { status: 200, body, contentType: "text/plain" });
const noPage = { metaRobots: [] };

/** token → status, for the crawlers a test names. */
function statuses(robotsTxt: string, page: Parameters<typeof crawlerAccess>[2] = noPage, url = HOME) {
  return Object.fromEntries(crawlerAccess(found(robotsTxt), url, page).map((crawler) => [crawler.token, crawler.status]));
}

describe("robots.txt", () => {
  it("covers at least the crawlers issue 12 names", () => {
    const tokens = AI_CRAWLERS.map((crawler) => crawler.token);
    for (const token of [
      "GPTBot",
      "OAI-SearchBot",
      "ChatGPT-User",
      "ClaudeBot",
      "Claude-SearchBot",
      "Claude-User",
      "PerplexityBot",
      "Perplexity-User",
      "Google-Extended",
      "Applebot-Extended",
      "CCBot",
      "Bytespider",
      "meta-externalagent",
    ]) {
      expect(tokens).toContain(token);
    }
  });

  it("applies a crawler's own group, and the * group to the others", () => {
    const result = statuses("User-agent: *\nAllow: /\n\nUser-agent: gptbot\nUser-agent: CCBot/2.0\nDisallow: /\n");
    expect(result).toMatchObject({ GPTBot: "blocked", CCBot: "blocked", ClaudeBot: "allowed", "OAI-SearchBot": "allowed" });
  });

  it("lets a crawler's own group override a * that blocks everyone, even an empty one", () => {
    const result = statuses("User-agent: *\nDisallow: /\n\nUser-agent: OAI-SearchBot\nDisallow:\n");
    expect(result).toMatchObject({ "OAI-SearchBot": "allowed", GPTBot: "blocked", "Perplexity-User": "blocked" });
  });

  it("lets the longest rule win: Allow: /$ keeps the home page open under Disallow: /", () => {
    const result = statuses("User-agent: ClaudeBot\nDisallow: /\nAllow: /$\n");
    expect(result.ClaudeBot).toBe("allowed");
    expect(statuses("User-agent: ClaudeBot\nDisallow: /\nAllow: /$\n", noPage, "https://shop.example/pricing").ClaudeBot).toBe("blocked");
  });

  it("judges the home page only: a crawler blocked on a subpath is allowed", () => {
    expect(statuses("User-agent: PerplexityBot\nDisallow: /private/\nDisallow: /*.pdf$\n").PerplexityBot).toBe("allowed");
  });

  it("matches wildcard patterns", () => {
    expect(statuses("User-agent: *\nDisallow: /*\n").GPTBot).toBe("blocked");
    expect(statuses("User-agent: *\nDisallow: /$\n").GPTBot).toBe("blocked");
    expect(statuses("User-agent: *\nDisallow: /*?\n").GPTBot).toBe("allowed");
  });

  it("reads the sitemaps it lists", () => {
    expect(found("Sitemap: https://shop.example/sitemap_index.xml\nUser-agent: *\nDisallow:\nSitemap: https://shop.example/news.xml").sitemaps).toEqual([
      "https://shop.example/sitemap_index.xml",
      "https://shop.example/news.xml",
    ]);
  });

  it("follows RFC 9309 when there is no file: 4xx allows all, 5xx or no answer blocks all", () => {
    const missing = readRobotsTxt(ROBOTS_URL, { status: 404, body: "Not found" });
    expect(missing).toMatchObject({ state: "missing", http_status: 404, sitemaps: [] });
    expect(crawlerAccess(missing, HOME, noPage).every((crawler) => crawler.status === "allowed")).toBe(true);

    for (const response of [{ status: 503, body: "" }, null]) {
      const unreachable = readRobotsTxt(ROBOTS_URL, response);
      expect(unreachable.state).toBe("unreachable");
      expect(crawlerAccess(unreachable, HOME, noPage).every((crawler) => crawler.status === "blocked")).toBe(true);
    }
  });

  it("takes an HTML page served as robots.txt for a missing file", () => {
    const soft404 = readRobotsTxt(ROBOTS_URL, { status: 200, body: "<!DOCTYPE html><html><body>Disallow: /</body></html>", contentType: "text/html" });
    expect(soft404.state).toBe("missing");
  });
});

describe("page directives", () => {
  it("blocks every crawler on noindex or noai, not on noimageai alone", () => {
    const page = { xRobotsTag: "noimageai", metaRobots: [{ name: "robots", content: "noindex, follow" }] };
    const access = crawlerAccess(found(""), HOME, page);
    expect(access.every((crawler) => crawler.status === "blocked" && crawler.robots_txt === "allowed")).toBe(true);
    expect(access[0]!.directives).toEqual(["noimageai", "noindex"]);
    expect(statuses("", { xRobotsTag: "noimageai", metaRobots: [] }).GPTBot).toBe("allowed");
    expect(statuses("", { metaRobots: [{ name: "robots", content: "none" }] }).GPTBot).toBe("blocked");
  });

  it("applies directives addressed to one crawler to that crawler only", () => {
    const page = { xRobotsTag: "ClaudeBot: noai, noindex, max-snippet: 20", metaRobots: [{ name: "gptbot", content: "noindex" }] };
    expect(statuses("", page)).toMatchObject({ GPTBot: "blocked", ClaudeBot: "blocked", "OAI-SearchBot": "allowed", CCBot: "allowed" });
    expect(genericDirectives(page)).toEqual([]);
  });

  it("reads X-Robots-Tag as Google does", () => {
    expect(parseXRobotsTag("noindex, GPTBot: noai, nofollow, unavailable_after: 25 Jun 2030 15:00:00 PST")).toEqual([
      { agent: null, directive: "noindex" },
      { agent: "gptbot", directive: "noai" },
      { agent: "gptbot", directive: "nofollow" },
      { agent: "gptbot", directive: "unavailable_after: 25 jun 2030 15:00:00 pst" },
    ]);
  });
});

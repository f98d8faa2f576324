import { getDomain } from "tldts";
import { foldForMatch } from "#domain/text";
import { seededRandom } from "../../seeded-random";
import { type AnalyticsRequest, type AnalyticsRow, type SearchConsoleApi, SearchConsoleError, type SiteEntry } from "./search-console";

/**
 * The demo Search Console (issue 13): what a self-hosted trial without Google credentials connects
 * to, labelled "Demo" wherever it shows. Sites come from the profile's website and traffic is drawn
 * from a generator seeded by the site, so the same account shows the same figures on every run, with
 * a weekly rhythm, a slow trend, and queries made of the profile's brand and keywords.
 */

export type DemoProfile = { brandName: string | null; websiteUrl: string | null; keywords: string[]; language: "fr" | "en" };

export function demoSearchConsole(profile: DemoProfile): SearchConsoleApi {
  const domain = (profile.websiteUrl && getDomain(profile.websiteUrl)) || "example.com";
  const host = profile.websiteUrl ? new URL(profile.websiteUrl).host : `www.${domain}`;
  const sites: SiteEntry[] = [
    { site_url: `sc-domain:${domain}`, permission_level: "siteOwner" },
    { site_url: `https://${host}/`, permission_level: "siteFullUser" },
    { site_url: `https://blog.${domain}/`, permission_level: "siteRestrictedUser" },
  ];
  return {
    async listSites() {
      return sites;
    },
    async query(siteUrl, request) {
      if (!sites.some((site) => site.site_url === siteUrl)) throw new SearchConsoleError("forbidden", "demo: no such site");
      const days = daysOf(request);
      const scale = siteUrl.startsWith("https://blog.") ? 0.15 : siteUrl.startsWith("sc-domain:") ? 1 : 0.8;
      const totals = days.map((date) => ({ date, ...day(siteUrl, date, scale) }));
      const [dimension] = request.dimensions;
      if (dimension === "date") return totals.map(({ date, clicks, impressions, position }) => ({ keys: [date], clicks, impressions, position }));
      const keys = dimension === "query" ? queriesOf(profile) : pagesOf(profile, siteUrl, domain);
      return spread(keys, totals, siteUrl).slice(0, request.rowLimit);
    },
  };
}

function daysOf({ startDate, endDate }: AnalyticsRequest): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${startDate}T00:00:00Z`); at <= Date.parse(`${endDate}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}

/** One day's totals: about 900 impressions a day for a whole domain, fewer on weekends, growing slowly. */
function day(siteUrl: string, date: string, scale: number) {
  const random = seededRandom(hash(`${siteUrl}|${date}`));
  const at = Date.parse(`${date}T00:00:00Z`);
  const weekday = new Date(at).getUTCDay();
  const weekly = weekday === 0 || weekday === 6 ? 0.62 : 1;
  const trend = 1 + ((at / 86_400_000) % 3650) / 3650;
  const impressions = Math.round((700 + random() * 400) * weekly * trend * scale);
  const clicks = Math.round(impressions * (0.025 + random() * 0.02));
  const position = Math.round((9 + random() * 6) * 10) / 10;
  return { clicks, impressions, position };
}

function queriesOf({ brandName, keywords, language }: DemoProfile): string[] {
  const brand = (brandName ?? "acme").toLowerCase();
  const words = keywords.length ? keywords.map((keyword) => keyword.toLowerCase()) : [language === "fr" ? "logiciel seo" : "seo software"];
  const forms =
    language === "fr"
      ? [(k: string) => k, (k: string) => `meilleur ${k}`, (k: string) => `${k} prix`, (k: string) => `${k} avis`, (k: string) => `comparatif ${k}`]
      : [(k: string) => k, (k: string) => `best ${k}`, (k: string) => `${k} pricing`, (k: string) => `${k} reviews`, (k: string) => `${k} alternatives`];
  const brandQueries = language === "fr" ? [brand, `${brand} avis`, `${brand} tarifs`] : [brand, `${brand} reviews`, `${brand} pricing`];
  return [...brandQueries, ...words.flatMap((word) => forms.map((form) => form(word)))];
}

function pagesOf({ keywords }: DemoProfile, siteUrl: string, domain: string): string[] {
  const origin = siteUrl.startsWith("sc-domain:") ? `https://www.${domain}` : siteUrl.replace(/\/$/, "");
  const slugs = keywords.map((keyword) =>
    foldForMatch(keyword)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, ""),
  );
  return [`${origin}/`, `${origin}/pricing`, `${origin}/about`, ...slugs.map((slug) => `${origin}/${slug}`), `${origin}/blog`, `${origin}/contact`];
}

/** The period's totals shared among `keys` with a long tail, each key with its own steady position. */
function spread(keys: string[], totals: Array<{ clicks: number; impressions: number }>, siteUrl: string): AnalyticsRow[] {
  const clicks = totals.reduce((sum, row) => sum + row.clicks, 0);
  const impressions = totals.reduce((sum, row) => sum + row.impressions, 0);
  const weights = keys.map((key, index) => (0.4 + seededRandom(hash(`${siteUrl}|${key}`))()) / (index + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return keys
    .map((key, index) => {
      const random = seededRandom(hash(`${key}|${siteUrl}|position`));
      const share = (weights[index] ?? 0) / total;
      return {
        keys: [key],
        clicks: Math.round(clicks * share),
        impressions: Math.round(impressions * share),
        position: Math.round((1 + index * 0.8 + random() * 4) * 10) / 10,
      };
    })
    .filter((row) => row.impressions > 0)
    .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions);
}

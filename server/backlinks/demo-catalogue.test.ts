import { describe, expect, it } from "vitest";
import { CURRENCIES, LINK_TYPES, SITE_CATEGORIES, SITE_LANGUAGES } from "#domain/backlinks";
import { DEMO_CURRENCY_BY_COUNTRY, demoSites } from "./demo-catalogue";
import { SiteInputSchema } from "./site-input";

const COUNTRIES_BY_LANGUAGE: Record<string, string[]> = {
  en: ["US", "GB", "CA", "AU"],
  fr: ["FR", "BE", "CH", "CA"],
  de: ["DE", "AT", "CH"],
  es: ["ES"],
  it: ["IT", "CH"],
  nl: ["NL", "BE"],
};

const checked = () => demoSites().map((site) => SiteInputSchema.parse(site));
const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const isArticle = (type: string) => type.startsWith("sponsored_article");
const isInsertion = (type: string) => type.startsWith("link_insertion");

describe("demoSites", () => {
  it("gives sixty sites that all pass the catalogue's schema", () => {
    const sites = demoSites();
    expect(sites).toHaveLength(60);
    for (const site of sites) expect(SiteInputSchema.safeParse(site).error, site.url).toBeUndefined();
  });

  it("gives each site its own domain, under the allowed endings", () => {
    const domains = checked().map((site) => site.domain);
    expect(new Set(domains).size).toBe(60);
    for (const domain of domains) expect(domain).toMatch(/^[a-z0-9-]+\.(com|fr|co\.uk|de|es|it|nl|io|net|org)$/);
  });

  it("is the same on every call", () => {
    expect(demoSites()).toEqual(demoSites());
  });

  it("covers every category with at least three sites and each currency with at least ten", () => {
    const sites = checked();
    const categories = countBy(sites, (site) => site.category);
    for (const category of SITE_CATEGORIES) expect(categories.get(category) ?? 0, category).toBeGreaterThanOrEqual(3);
    const currencies = countBy(sites, (site) => site.currency);
    for (const currency of CURRENCIES) expect(currencies.get(currency) ?? 0, currency).toBeGreaterThanOrEqual(10);
  });

  it("is about half English and a quarter French, with the other languages present", () => {
    const languages = countBy(checked(), (site) => site.language);
    expect(languages.get("en")).toBeGreaterThanOrEqual(27);
    expect(languages.get("en")).toBeLessThanOrEqual(33);
    expect(languages.get("fr")).toBeGreaterThanOrEqual(12);
    expect(languages.get("fr")).toBeLessThanOrEqual(18);
    for (const language of SITE_LANGUAGES) expect(languages.get(language) ?? 0, language).toBeGreaterThan(0);
  });

  it("keeps language, country and currency consistent", () => {
    for (const site of checked()) {
      expect(COUNTRIES_BY_LANGUAGE[site.language], site.domain).toContain(site.country);
      expect(site.currency, site.domain).toBe(DEMO_CURRENCY_BY_COUNTRY[site.country]);
    }
    expect(DEMO_CURRENCY_BY_COUNTRY).toMatchObject({ GB: "GBP", US: "USD", CA: "USD", AU: "USD", FR: "EUR", DE: "EUR" });
  });

  it("keeps metrics in their ranges, traffic rising with DR", () => {
    const sites = checked();
    for (const site of sites) {
      expect(site.dr).toBeGreaterThanOrEqual(5);
      expect(site.dr).toBeLessThanOrEqual(92);
      expect(site.da).toBeGreaterThanOrEqual(5);
      expect(site.da).toBeLessThanOrEqual(92);
      expect(Math.abs(site.da - site.dr), site.domain).toBeLessThanOrEqual(15);
      expect(site.traffic).toBeGreaterThanOrEqual(800);
      expect(site.traffic).toBeLessThanOrEqual(4_500_000);
      expect(site.turnaround_days).toBeGreaterThanOrEqual(2);
      expect(site.turnaround_days).toBeLessThanOrEqual(21);
    }
    const medianTraffic = (group: typeof sites) => group.map((site) => site.traffic).sort((a, b) => a - b)[Math.floor(group.length / 2)];
    expect(medianTraffic(sites.filter((site) => site.dr >= 60))).toBeGreaterThan(10 * medianTraffic(sites.filter((site) => site.dr < 30)));
  });

  it("prices in whole units, insertions 40–400, articles 1.3–2× and twelve months 60–70 % of the permanent link", () => {
    const sites = checked();
    let endingInNine = 0;
    for (const site of sites) {
      const offers = site.offers;
      const types = Object.keys(offers);
      expect(types.length, site.domain).toBeGreaterThanOrEqual(2);
      expect(types.length, site.domain).toBeLessThanOrEqual(4);
      for (const type of LINK_TYPES) {
        const price = offers[type];
        if (price === undefined) continue;
        expect(price % 100, `${site.domain} ${type}`).toBe(0);
        if (price % 1000 === 900) endingInNine++;
      }
      for (const price of [offers.link_insertion_permanent, offers.link_insertion_12_months]) {
        if (price !== undefined) expect(price).toBeLessThanOrEqual(40_000);
      }
      if (offers.link_insertion_permanent !== undefined) expect(offers.link_insertion_permanent).toBeGreaterThanOrEqual(4_000);
      const { sponsored_article_permanent: article, link_insertion_permanent: insertion } = offers;
      if (article !== undefined && insertion !== undefined) {
        expect(article / insertion, site.domain).toBeGreaterThanOrEqual(1.3);
        expect(article / insertion, site.domain).toBeLessThanOrEqual(2);
      }
      for (const [permanent, yearly] of [
        [offers.sponsored_article_permanent, offers.sponsored_article_12_months],
        [offers.link_insertion_permanent, offers.link_insertion_12_months],
      ]) {
        if (permanent === undefined || yearly === undefined) continue;
        expect(yearly / permanent, site.domain).toBeGreaterThanOrEqual(0.6);
        expect(yearly / permanent, site.domain).toBeLessThanOrEqual(0.7);
      }
    }
    expect(endingInNine).toBeGreaterThan(60);
  });

  it("offers both an article and an insertion on at least forty sites", () => {
    const both = checked().filter((site) => Object.keys(site.offers).some(isArticle) && Object.keys(site.offers).some(isInsertion));
    expect(both.length).toBeGreaterThanOrEqual(40);
  });

  it("has mostly dofollow links and samples on the site's own domain", () => {
    const sites = checked();
    const dofollow = sites.filter((site) => site.dofollow).length / sites.length;
    expect(dofollow).toBeGreaterThanOrEqual(0.8);
    expect(dofollow).toBeLessThanOrEqual(0.9);
    const samples = sites.filter((site) => site.sample_url !== null);
    expect(samples.length / sites.length).toBeGreaterThanOrEqual(0.65);
    expect(samples.length / sites.length).toBeLessThanOrEqual(0.75);
    for (const site of samples) expect(site.sample_url!.startsWith(`${site.url}/`), site.domain).toBe(true);
  });
});

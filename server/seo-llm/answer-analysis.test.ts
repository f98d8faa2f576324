import { describe, expect, it } from "vitest";
import { analyzeAnswer, type AnswerProfile } from "./answer-analysis";

const profile: AnswerProfile = {
  brand_name: "Acmé",
  aliases: ["Acme Studio"],
  website_url: "https://www.acme.co.uk",
  competitors: [
    { name: "Globex", domain: "globex.com", aliases: [] },
    { name: "Initech", domain: "initech.fr", aliases: ["Initrode"] },
  ],
  market_language: "fr",
};

const answer = (text: string, extra: Partial<{ citations: Array<{ url: string; title?: string }>; search_queries: string[] }> = {}) => ({
  provider: "perplexity",
  text,
  citations: extra.citations ?? [],
  search_queries: extra.search_queries ?? [],
});

describe("analyzeAnswer: mentions", () => {
  it("finds the brand whatever the case, accents and possessives, as a whole word only", () => {
    for (const text of ["ACME's pricing is clear.", "Le tarif d’Acme est clair.", "On recommande acme, sans hésiter."]) {
      expect(analyzeAnswer(profile, answer(text)).brand.mentioned, text).toBe(true);
    }
    for (const text of ["Acmeville is a town.", "The acmes of the art."]) {
      expect(analyzeAnswer(profile, answer(text)).brand.mentioned, text).toBe(false);
    }
  });

  it("counts aliases and the brand's domain, inside links too, as the brand", () => {
    const result = analyzeAnswer(profile, answer("Acme Studio ships fast; see https://shop.acme.co.uk/pricing or acme.co.uk."));
    expect(result.mentions).toEqual([{ name: "Acmé", is_brand: true, tracked: true, position: 1, count: 3, sentiment: "neutral" }]);
  });

  it("ranks brands by first appearance, including the untracked ones an assistant lists", () => {
    const text = [
      "Les meilleurs outils en 2026 :",
      "1. **HubSpot** – la référence.",
      "2. **Globex** – complet mais cher.",
      "3. **Acme** – excellent et fiable, apprécié des PME.",
      "",
      "Globex reste populaire.",
    ].join("\n");
    const result = analyzeAnswer(profile, answer(text));
    expect(result.brand).toEqual({ mentioned: true, position: 3, sentiment: "positive" });
    expect(result.mentions).toEqual([
      { name: "HubSpot", is_brand: false, tracked: false, position: 1, count: 1, sentiment: "neutral" },
      // "complet mais cher", then "populaire": as much good as bad.
      { name: "Globex", is_brand: false, tracked: true, position: 2, count: 2, sentiment: "neutral" },
      { name: "Acmé", is_brand: true, tracked: true, position: 3, count: 1, sentiment: "positive" },
    ]);
  });

  it("gives an overlapping longer name to its owner: 'Acme Studio Pro' is not also Acme", () => {
    const withPro: AnswerProfile = { ...profile, competitors: [{ name: "Acme Studio Pro", aliases: [] }] };
    const result = analyzeAnswer(withPro, answer("Acme Studio Pro beats Acme on price."));
    expect(result.mentions.map((mention) => [mention.name, mention.position, mention.count])).toEqual([
      ["Acme Studio Pro", 1, 1],
      ["Acmé", 2, 1],
    ]);
  });

  it("says nothing of position or sentiment when the brand is absent", () => {
    const result = analyzeAnswer(profile, answer("Globex and Initrode lead the market."));
    expect(result.brand).toEqual({ mentioned: false, position: null, sentiment: null });
    expect(result.mentions.map((mention) => mention.name)).toEqual(["Globex", "Initech"]);
  });
});

describe("analyzeAnswer: sentiment toward the brand", () => {
  it.each([
    ["Acme is the best choice and very reliable.", "positive"],
    ["Acme est fiable et performant.", "positive"],
    ["Acme is not recommended: it is expensive and slow.", "negative"],
    ["Acme est cher et décevant.", "negative"],
    ["Acme is not bad at all.", "positive"],
    ["Acme was founded in 2010 in Lyon.", "neutral"],
    ["Acme is great. Globex is expensive and buggy.", "positive"],
  ])("%s → %s", (text, sentiment) => {
    expect(analyzeAnswer(profile, answer(text)).brand.sentiment).toBe(sentiment);
  });
});

describe("analyzeAnswer: sources and searches", () => {
  it("counts distinct cited pages per registrable domain, from citations and links in the text", () => {
    const result = analyzeAnswer(
      profile,
      answer("Voir [ce comparatif](https://blog.example.co.uk/a) et https://www.example.co.uk/b. Aussi https://globex.com/x.", {
        citations: [{ url: "https://blog.example.co.uk/a", title: "A" }, { url: "https://news.site.org/c" }, { url: "not a url" }],
      }),
    );
    expect(result.cited_domains).toEqual([
      { domain: "example.co.uk", count: 2 },
      { domain: "globex.com", count: 1 },
      { domain: "site.org", count: 1 },
    ]);
  });

  it("keeps the assistant's searches, trimmed and once each", () => {
    const result = analyzeAnswer(profile, answer("…", { search_queries: [" meilleur outil seo ", "meilleur outil seo", "", "acme avis"] }));
    expect(result.search_queries).toEqual(["meilleur outil seo", "acme avis"]);
  });

  it("a competitor listed twice, or under the brand's name, is one brand", () => {
    const result = analyzeAnswer(
      { brand_name: "Acme", website_url: "https://acme.com", competitors: [{ name: "Acme", domain: "acme.fr" }, { name: "Rival" }, { name: "rival", aliases: ["Rivalo"] }] },
      { text: "Acme is great; see also acme.fr. Rivalo and Rival follow.", citations: [] },
    );
    expect(result.mentions.map((mention) => [mention.name, mention.count])).toEqual([
      ["Acme", 2],
      ["Rival", 2],
    ]);
  });
});

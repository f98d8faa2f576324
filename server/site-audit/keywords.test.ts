import { describe, expect, it } from "vitest";
import { ACME_HOME, FROMAGE_HOME } from "../../tests/fakes/sites";
import { extractPage } from "./html";
import { detectLanguage, extractKeywords, tokenize } from "./keywords";
import { type KeywordLanguage, STOP_WORDS } from "./stop-words";
import { suggestFromPage } from "./suggestions";

const keywordsOf = (html: string, url: string) => suggestFromPage(extractPage(html.replaceAll("{origin}", url), `${url}/`), `${url}/`);

/** 5–10 keywords in the page's language, none starting or ending with a stop word. */
function expectWellFormed({ keywords, language }: { keywords: string[]; language: KeywordLanguage | null }, expected: KeywordLanguage) {
  expect(language).toBe(expected);
  expect(keywords.length).toBeGreaterThanOrEqual(5);
  expect(keywords.length).toBeLessThanOrEqual(10);
  for (const keyword of keywords) {
    const words = keyword.split(" ");
    expect(STOP_WORDS[expected].has(words[0]!), keyword).toBe(false);
    expect(STOP_WORDS[expected].has(words.at(-1)!), keyword).toBe(false);
  }
}

describe("keywords of an English page", () => {
  const suggestions = keywordsOf(ACME_HOME, "https://acme.example");

  it("finds the phrases the page is about, best first", () => {
    expectWellFormed(suggestions, "en");
    expect(suggestions.keywords.slice(0, 4)).toEqual(["bookkeeping software", "tax reports", "small businesses", "bank reconciliation"]);
    expect(suggestions.keywords).toEqual(expect.arrayContaining(["freelancers", "automatic invoicing"]));
  });

  it("keeps one phrase per idea and leaves the brand out", () => {
    expect(suggestions.keywords).not.toContain("bookkeeping");
    expect(suggestions.keywords).not.toContain("software");
    expect(suggestions.keywords.filter((keyword) => /\bacme\b|^books$/.test(keyword))).toEqual([]);
  });

  it("ignores navigation and footer words", () => {
    expect(suggestions.keywords.filter((keyword) => /pricing|log|rights|privacy|cookie/.test(keyword))).toEqual([]);
  });

  it("leaves out the verbs of buttons, however often they repeat, in either language", () => {
    const en = [{ text: "Send invoices. Send. Send. Send. Download the app. Download. Subscribe. Invoices for plumbers. Invoices for plumbers.", weight: 1 }];
    expect(extractKeywords(en, "en").filter((keyword) => /\b(send|download|subscribe)\b/.test(keyword))).toEqual([]);
    const fr = [{ text: "Envoyer. Envoyer. Téléchargez l'application. Téléchargez. Essayez. Factures pour artisans. Factures pour artisans.", weight: 1 }];
    expect(extractKeywords(fr, "fr").filter((keyword) => /envoyer|téléchargez|essayez/.test(keyword))).toEqual([]);
  });
});

describe("keywords of a French page", () => {
  const suggestions = keywordsOf(FROMAGE_HOME, "https://fromage.example");

  it("finds French phrases, with their articles and prepositions inside only", () => {
    expectWellFormed(suggestions, "fr");
    expect(suggestions.keywords).toEqual(expect.arrayContaining(["fromages affinés", "lait cru", "plateaux de fromages", "livraison à domicile"]));
  });

  it("leaves out fragments and the shop's own name", () => {
    expect(suggestions.keywords).not.toContain("affinés au lait");
    expect(suggestions.keywords.filter((keyword) => keyword.includes("marché") || keyword === "fromagerie")).toEqual([]);
  });
});

describe("extractKeywords", () => {
  it("never returns a phrase of stop words, whatever the text", () => {
    const text = "The and of to in is it you that he was for on are with as I his they be at one have this from or had by";
    expect(extractKeywords([{ text, weight: 3 }], "en")).toEqual([]);
    expect(extractKeywords([{ text: "de la et le les des du un une pour dans avec sur", weight: 3 }], "fr")).toEqual([]);
  });

  it("does not join words across punctuation or lines", () => {
    const keywords = extractKeywords([{ text: "Invoicing, payroll.\nExpenses | taxes", weight: 3 }], "en", { min: 1 });
    expect(keywords.filter((keyword) => keyword.includes(" "))).toEqual([]);
  });

  it("fills up to the minimum from weaker evidence, and stops at the maximum", () => {
    // Each word once in body text: too little for the first pass, enough to reach the minimum.
    expect(extractKeywords([{ text: "Seeds. Bulbs. Tools.", weight: 1 }], "en")).toEqual(["seeds", "bulbs", "tools"]);
    expect(extractKeywords([{ text: "Seeds. Bulbs. Tools.", weight: 1 }], "en", { min: 0 })).toEqual([]);
    const long = Array.from({ length: 30 }, (_, index) => `topic${String.fromCharCode(97 + (index % 26))}${index} widget`).join(". ");
    expect(extractKeywords([{ text: long, weight: 3 }], "en", { max: 7 })).toHaveLength(7);
  });
});

describe("tokenize", () => {
  it("drops French elisions and English possessives", () => {
    expect(tokenize("L’affinage d'un fromage qu'on aime", "fr")).toEqual(["affinage", "un", "fromage", "on", "aime"]);
    expect(tokenize("Acme's e-commerce platform", "en")).toEqual(["acme", "e-commerce", "platform"]);
  });
});

describe("detectLanguage", () => {
  it("trusts lang when it is English or French", () => {
    expect(detectLanguage("fr-CA", "the and of")).toBe("fr");
    expect(detectLanguage("EN_gb", "")).toBe("en");
  });

  it("otherwise counts stop words, and says null when unsure", () => {
    expect(detectLanguage(null, "Nous sommes une fromagerie et nous vendons des fromages pour les fêtes de fin d'année à Lyon.")).toBe("fr");
    expect(detectLanguage("", "We are a cheese shop and we sell cheese for the holidays in the city of Lyon.")).toBe("en");
    expect(detectLanguage(null, "Käse Laden")).toBeNull();
  });
});

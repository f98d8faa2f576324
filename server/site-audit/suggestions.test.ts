import { describe, expect, it } from "vitest";
import { extractPage } from "./html";
import { brandName, oneSentence, suggestFromPage } from "./suggestions";

const noSchema = { blocks: 0, invalid_blocks: 0, types: [], organization: null, website: null };
const brand = (title: string | null, url = "https://www.acme-books.co.uk/", extra: Partial<Parameters<typeof brandName>[0]> = {}) =>
  brandName({ title, og_site_name: null, schema_org: noSchema, ...extra }, url);

describe("brandName", () => {
  it("takes the name the site declares: og:site_name, then schema.org", () => {
    const organization = { name: "Acme Books Ltd", url: null, same_as: [] };
    expect(brand("Whatever", undefined, { og_site_name: "Acme Books", schema_org: { ...noSchema, organization } })).toBe("Acme Books");
    expect(brand("Whatever", undefined, { schema_org: { ...noSchema, organization } })).toBe("Acme Books Ltd");
    expect(brand("Whatever", undefined, { schema_org: { ...noSchema, website: { name: "Acme", url: null, same_as: [] } } })).toBe("Acme");
  });

  it.each([
    ["Pricing | Acme Books", "Acme Books"],
    ["Acme Books — Bookkeeping software for small businesses", "Acme Books"],
    ["Acme-Books: online bookkeeping", "Acme-Books"],
    ["Bookkeeping software for freelancers · AcmeBooks", "AcmeBooks"],
  ])("finds the part of %j that matches the domain", (title, expected) => {
    expect(brand(title)).toBe(expected);
  });

  it("otherwise takes the shorter end of the title, a short title, or the domain", () => {
    expect(brand("Globex - The best widgets for every workshop", "https://widgets.example/")).toBe("Globex");
    expect(brand("Globex Corp", "https://widgets.example/")).toBe("Globex Corp");
    expect(brand("Home", "https://widgets.example/")).toBe("Widgets");
    expect(brand("Accueil", "https://widgets.example/")).toBe("Widgets");
    expect(brand(null, "https://widgets.example/")).toBe("Widgets");
    expect(brand("A long title that is a sentence about nothing", "https://widgets.example/")).toBe("Widgets");
  });
});

describe("oneSentence", () => {
  it("keeps the first sentence, not an abbreviation's full stop", () => {
    expect(oneSentence("Acme Inc. makes bookkeeping software for freelancers. It is fast.")).toBe("Acme Inc. makes bookkeeping software for freelancers.");
    expect(oneSentence("  Bookkeeping   for freelancers  ")).toBe("Bookkeeping for freelancers");
    expect(oneSentence(null)).toBeNull();
  });

  it("cuts a long sentence at a word", () => {
    const sentence = oneSentence(`${"word ".repeat(80)}end.`)!;
    expect(sentence.length).toBeLessThanOrEqual(251);
    expect(sentence).toMatch(/ word…$/);
  });
});

describe("suggestFromPage", () => {
  it("labels its source, suggests no competitors, and describes from the text when there is no description", () => {
    const page = extractPage(
      `<html><head><title>Globex</title></head><body><h1>Widgets</h1><p>Short.</p><p>Globex builds industrial widgets for workshops across Europe. Since 1990.</p></body></html>`,
      "https://globex.example/",
    );
    expect(suggestFromPage(page, "https://globex.example/")).toMatchObject({
      source: "page",
      brand_name: "Globex",
      description: "Globex builds industrial widgets for workshops across Europe.",
      // No lang and too few words to tell.
      language: null,
      competitors: [],
    });
  });
});

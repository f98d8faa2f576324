import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { errorsOf, parsedValue, post } from "../../tests/helpers/form-posts";
import { ONBOARDING_LIMITS } from "#domain/onboarding";
import { BrandFormSchema, KeywordsFormSchema, marketData, marketFormSchema, PersonalInfoFormSchema, WebsiteFormSchema } from "./onboarding-schemas";

const letters = (count: number) => "a".repeat(count);

describe("PersonalInfoFormSchema", () => {
  const personal = (entries: Record<string, string>) => parseWithZod(post({ first_name: "Ada", last_name: "Lovelace", company: "Analytical Engines", ...entries }), { schema: PersonalInfoFormSchema });

  it("trims and collapses the spaces the API would measure", () => {
    const value = parsedValue(personal({ first_name: "  Ada ", company: " Analytical   Engines " }));
    expect(value).toEqual({ first_name: "Ada", last_name: "Lovelace", company: "Analytical Engines" });
  });

  it("takes the seed's bounds: names 2 to 50, the company 2 to 100", () => {
    for (const [field, min, max] of [
      ["first_name", ONBOARDING_LIMITS.nameMin, ONBOARDING_LIMITS.nameMax],
      ["last_name", ONBOARDING_LIMITS.nameMin, ONBOARDING_LIMITS.nameMax],
      ["company", ONBOARDING_LIMITS.companyMin, ONBOARDING_LIMITS.companyMax],
    ] as const) {
      expect(personal({ [field]: letters(min) }).status, `${field} at ${min}`).toBe("success");
      expect(personal({ [field]: letters(max) }).status, `${field} at ${max}`).toBe("success");
      const key = field === "company" ? "onboarding:validation.companyLength" : "onboarding:validation.nameLength";
      expect(errorsOf(personal({ [field]: letters(min - 1) }))).toEqual({ [field]: [key] });
      expect(errorsOf(personal({ [field]: letters(max + 1) }))).toEqual({ [field]: [key] });
    }
  });

  it("refuses a missing field and control characters with translatable messages", () => {
    const submission = parseWithZod(post({ first_name: "", last_name: "Love\u0007lace", company: "   " }), { schema: PersonalInfoFormSchema });
    expect(errorsOf(submission)).toEqual({
      first_name: ["onboarding:validation.required"],
      last_name: ["validation.invalidCharacters"],
      company: ["onboarding:validation.required"],
    });
  });
});

describe("WebsiteFormSchema", () => {
  const website = (value: string) => parseWithZod(post({ website: value }), { schema: WebsiteFormSchema });

  it("normalises as the API stores it: http becomes https, https is added", () => {
    for (const [typed, stored] of [
      ["acme.example", "https://acme.example"],
      ["http://acme.example/fr", "https://acme.example/fr"],
      [" https://www.acme.example/ ", "https://www.acme.example"],
    ]) {
      expect(parsedValue(website(typed)).website, typed).toBe(stored);
    }
  });

  it("asks for one, refuses what is no website and what is over 255 characters once normalised", () => {
    expect(errorsOf(website(""))).toEqual({ website: ["onboarding:validation.websiteRequired"] });
    expect(errorsOf(website("not a website"))).toEqual({ website: ["validation.websiteInvalid"] });
    // 247 + "https://" = 255 fits; one more does not.
    const host = (length: number) => `${letters(length - 4)}.com`;
    expect(website(host(ONBOARDING_LIMITS.websiteMax - 8)).status).toBe("success");
    expect(errorsOf(website(host(ONBOARDING_LIMITS.websiteMax - 7)))).toEqual({ website: ["validation.websiteTooLong"] });
  });
});

describe("BrandFormSchema", () => {
  it("leaves the brand empty (the company's name then) or takes it trimmed, up to 100", () => {
    const empty = parseWithZod(post({}), { schema: BrandFormSchema });
    expect(empty.status === "success" && empty.value.brand_name).toBeNull();
    const named = parseWithZod(post({ brand_name: "  Acme   Books " }), { schema: BrandFormSchema });
    expect(named.status === "success" && named.value.brand_name).toBe("Acme Books");
    expect(errorsOf(parseWithZod(post({ brand_name: letters(ONBOARDING_LIMITS.brandName + 1) }), { schema: BrandFormSchema }))).toEqual({
      brand_name: ["seoSetup:validation.brandNameTooLong"],
    });
  });
});

describe("KeywordsFormSchema", () => {
  const keywords = (values: string[]) => parseWithZod(post(Object.fromEntries(values.map((value, index) => [`keywords[${index}]`, value]))), { schema: KeywordsFormSchema });

  it("drops blank inputs and counts a keyword typed twice once, as the API does", () => {
    const value = parsedValue(keywords(["invoicing", "", " Invoicing ", "bank   reconciliation", "   "]));
    expect(value.keywords).toEqual(["invoicing", "bank reconciliation"]);
  });

  it("takes 1 to 10 keywords, refused on the list", () => {
    expect(errorsOf(keywords(["", ""]))).toEqual({ keywords: ["seoSetup:validation.keywordsRequired"] });
    expect(errorsOf(parseWithZod(post({}), { schema: KeywordsFormSchema }))).toEqual({ keywords: ["seoSetup:validation.keywordsRequired"] });
    const ten = Array.from({ length: ONBOARDING_LIMITS.keywordsMax }, (_, index) => `keyword ${index + 1}`);
    expect(keywords(ten).status).toBe("success");
    expect(errorsOf(keywords([...ten, "one more"]))).toEqual({ keywords: ["seoSetup:validation.keywordsMax"] });
  });

  it("refuses a keyword over 80 characters on its own input", () => {
    expect(errorsOf(keywords(["invoicing", letters(ONBOARDING_LIMITS.keyword + 1)]))).toEqual({ "keywords[1]": ["seoSetup:validation.keywordTooLong"] });
  });
});

describe("marketFormSchema", () => {
  const market = (entries: Record<string, string>, max?: number) => parseWithZod(post({ market_language: "fr", country: "fr", ...entries }), { schema: marketFormSchema(max) });

  it("reads the language and the country in any case, and the competitors as the API takes them", () => {
    const value = parsedValue(market({
      market_language: " FR ",
      "competitors[0].name": "",
      "competitors[0].domain": "",
      "competitors[1].name": " Globex ",
      "competitors[1].domain": "https://www.Globex.com/pricing",
      "competitors[2].name": "Initech",
    }));
    expect(value.competitors).toEqual([
      { name: "Globex", domain: "globex.com", row: 1 },
      { name: "Initech", domain: null, row: 2 },
    ]);
    expect(marketData(value)).toEqual({
      market_language: "fr",
      country: "FR",
      competitors: [
        { name: "Globex", domain: "globex.com" },
        { name: "Initech", domain: null },
      ],
    });
  });

  it("asks for a country, and one from the list", () => {
    expect(errorsOf(market({ country: "" }))).toEqual({ country: ["onboarding:validation.countryRequired"] });
    expect(errorsOf(market({ country: "XX" }))).toEqual({ country: ["seoSetup:validation.countryInvalid"] });
    expect(errorsOf(market({ market_language: "de" }))).toEqual({ market_language: ["seoSetup:validation.marketLanguageInvalid"] });
  });

  it("puts a row's refusals on its inputs and holds the list to the plan's limit", () => {
    expect(errorsOf(market({ "competitors[0].domain": "not a domain" }))).toEqual({
      "competitors[0].name": ["seoSetup:validation.competitorNameRequired"],
      "competitors[0].domain": ["seoSetup:validation.domainInvalid"],
    });
    const three = { "competitors[0].name": "A1", "competitors[1].name": "B2", "competitors[2].name": "C3" };
    expect(market(three).status).toBe("success");
    expect(errorsOf(market(three, 2))).toEqual({ competitors: ["onboarding:validation.competitorsMax"] });
  });
});

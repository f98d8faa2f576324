import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { errorsOf, parsedValue, post } from "../../tests/helpers/form-posts";
import { PROFILE_LIMITS } from "#domain/seo-profile";
import { filterQuestions } from "./question-filter";
import {
  atFormRows,
  marketLanguageChangeSchema,
  QuestionCreateSchema,
  QuestionEditSchema,
  QuestionRowActionSchema,
  SeoProfileFormSchema,
} from "./seo-setup-schemas";

const profile = (extra: Record<string, string> = {}) =>
  parseWithZod(post({ BrandName: " Acme ", MarketLanguage: "fr", Keywords: "invoicing\n\n Invoicing \naccounting", ...extra }), {
    schema: SeoProfileFormSchema,
  });

describe("SeoProfileFormSchema", () => {
  it("turns the inputs into the API's lists: trimmed, one keyword per line, duplicates dropped", () => {
    const value = parsedValue(profile({ BrandAliases: "Acme Inc, acme ,ACME INC", WebsiteURL: "http://acme.example", Country: "fr" }));
    expect(value).toMatchObject({
      BrandName: "Acme",
      BrandAliases: ["Acme Inc", "acme"],
      WebsiteURL: "https://acme.example",
      MarketLanguage: "fr",
      Country: "FR",
      Keywords: ["invoicing", "accounting"],
      Competitors: [],
    });
  });

  it("ignores blank competitor rows and remembers each competitor's row", () => {
    const value = parsedValue(profile({
      "Competitors[0].Name": "",
      "Competitors[0].Domain": "",
      "Competitors[1].Name": "Globex",
      "Competitors[1].Domain": "https://www.Globex.com/pricing",
      "Competitors[1].Aliases": "Globex Corp",
    }));
    expect(value.Competitors).toEqual([{ Name: "Globex", Domain: "globex.com", Aliases: ["Globex Corp"], row: 1 }]);
  });

  it("puts each refusal on its input with a translatable message", () => {
    const submission = parseWithZod(
      post({
        BrandName: "Acme",
        MarketLanguage: "de",
        Country: "XX",
        Keywords: Array.from({ length: 11 }, (_, i) => `keyword ${i}`).join("\n"),
        "Competitors[2].Domain": "not a domain",
      }),
      { schema: SeoProfileFormSchema },
    );
    expect(errorsOf(submission)).toEqual({
      MarketLanguage: ["seoSetup:validation.marketLanguageInvalid"],
      Country: ["seoSetup:validation.countryInvalid"],
      Keywords: ["seoSetup:validation.keywordsMax"],
      "Competitors[2].Name": ["seoSetup:validation.competitorNameRequired"],
      "Competitors[2].Domain": ["seoSetup:validation.domainInvalid"],
    });
  });

  it("requires a brand name and at least one keyword", () => {
    const submission = parseWithZod(post({ BrandName: "  ", MarketLanguage: "en", Keywords: " \n " }), { schema: SeoProfileFormSchema });
    expect(errorsOf(submission)).toMatchObject({ BrandName: ["seoSetup:validation.required"], Keywords: ["seoSetup:validation.keywordsRequired"] });
  });

  it("refuses an alias, keyword or brand over the API's limits", () => {
    const submission = profile({ BrandName: "b".repeat(101), BrandAliases: "a".repeat(101), Keywords: "k".repeat(81) });
    expect(errorsOf(submission)).toMatchObject({
      BrandName: ["seoSetup:validation.brandNameTooLong"],
      BrandAliases: ["seoSetup:validation.aliasTooLong"],
      Keywords: ["seoSetup:validation.keywordTooLong"],
    });
  });

  it("counts only filled competitor rows against the limit", () => {
    const rows: Record<string, string> = {};
    const max = PROFILE_LIMITS.competitors;
    for (let i = 0; i <= max; i++) rows[`Competitors[${i}].Name`] = `Rival ${i}`;
    expect(errorsOf(profile(rows))).toEqual({ Competitors: ["seoSetup:validation.competitorsMax"] });
    rows[`Competitors[${max}].Name`] = "";
    expect(profile(rows).status).toBe("success");
  });
});

describe("atFormRows", () => {
  it("puts the n-th competitor sent back on its form row, and leaves the other fields", () => {
    const refused = [{ code: "invalid_format", message: "Not a valid domain" }];
    expect(atFormRows({ "Competitors.0.Domain": refused, "Competitors.1": refused, BrandName: refused }, [3, 5])).toEqual({
      "Competitors.3.Domain": refused,
      "Competitors.5": refused,
      BrandName: refused,
    });
  });
});

describe("question schemas", () => {
  it("collapses whitespace and enforces the API's length", () => {
    const ok = parseWithZod(post({ question_text: "  Which   CRM\nis best? ", category: "selection" }), { schema: QuestionCreateSchema });
    expect(ok.status === "success" && ok.value).toEqual({ question_text: "Which CRM is best?", category: "selection" });
    const short = parseWithZod(post({ question_text: "Why", category: "nope" }), { schema: QuestionCreateSchema });
    expect(errorsOf(short)).toEqual({ question_text: ["seoSetup:validation.questionTooShort"], category: ["seoSetup:validation.categoryRequired"] });
  });

  it("reads an unchecked active box as inactive", () => {
    const edit = parseWithZod(post({ question_text: "Which CRM is best?", category: "quality", language: "en" }), { schema: QuestionEditSchema });
    expect(edit.status === "success" && edit.value.is_active).toBe(false);
    const checked = parseWithZod(post({ question_text: "Which CRM is best?", category: "quality", language: "en", is_active: "on" }), { schema: QuestionEditSchema });
    expect(checked.status === "success" && checked.value.is_active).toBe(true);
  });

  it("accepts only well-formed row actions", () => {
    const id = "7d3f1f0e-4b8a-4c1e-9a57-2f4e2b7c9d10";
    expect(QuestionRowActionSchema.parse({ intent: "toggle", id, is_active: "false" })).toEqual({ intent: "toggle", id, is_active: false });
    expect(QuestionRowActionSchema.safeParse({ intent: "delete", id: "1" }).success).toBe(false);
  });
});

describe("filterQuestions", () => {
  const questions = [{ question_text: "Quel logiciel de FACTURATION choisir ?" }, { question_text: "How does invoicing work?" }];

  it("keeps the questions whose text contains the query, whatever the case", () => {
    expect(filterQuestions(questions, "  facturation ")).toEqual([questions[0]]);
    expect(filterQuestions(questions, "INVOICING")).toEqual([questions[1]]);
    expect(filterQuestions(questions, "")).toEqual(questions);
  });
});

describe("marketLanguageChangeSchema", () => {
  it("refuses the stored language, after trimming", () => {
    const schema = marketLanguageChangeSchema("fr");
    expect(schema.safeParse({ MarketLanguage: " fr " }).error?.issues[0]?.message).toBe("seoSetup:validation.sameLanguage");
    expect(schema.parse({ MarketLanguage: " en " })).toEqual({ MarketLanguage: "en" });
    expect(schema.safeParse({ MarketLanguage: "de" }).error?.issues[0]?.message).toBe("seoSetup:validation.marketLanguageInvalid");
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PROFILE_LIMITS } from "#domain/seo-profile";
import {
  filterQuestions,
  marketLanguageChangeSchema,
  profileErrorFields,
  QuestionCreateSchema,
  QuestionEditSchema,
  questionErrorFields,
  QuestionRowActionSchema,
  SeoProfileFormSchema,
} from "./seo-setup-schemas";

/** What the browser posts: conform turns empty inputs into missing values, as in the app. */
function post(entries: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.append(name, value);
  return formData;
}

/** A refused submission's errors by field (a successful one has none). */
const errorsOf = (submission: object) => ("error" in submission ? submission.error : undefined);

const profile = (extra: Record<string, string> = {}) =>
  parseWithZod(post({ brandName: " Acme ", marketLanguage: "fr", keywords: "invoicing\n\n Invoicing \naccounting", ...extra }), {
    schema: SeoProfileFormSchema,
  });

describe("SeoProfileFormSchema", () => {
  it("turns the inputs into the API's lists: trimmed, one keyword per line, duplicates dropped", () => {
    const submission = profile({ aliases: "Acme Inc, acme ,ACME INC", website: "http://acme.example", country: "fr" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      brandName: "Acme",
      aliases: ["Acme Inc", "acme"],
      website: "https://acme.example",
      marketLanguage: "fr",
      country: "FR",
      keywords: ["invoicing", "accounting"],
      competitors: [],
    });
  });

  it("ignores blank competitor rows and remembers each competitor's row", () => {
    const submission = profile({
      "competitors[0].name": "",
      "competitors[0].domain": "",
      "competitors[1].name": "Globex",
      "competitors[1].domain": "https://www.Globex.com/pricing",
      "competitors[1].aliases": "Globex Corp",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.competitors).toEqual([{ name: "Globex", domain: "globex.com", aliases: ["Globex Corp"], row: 1 }]);
  });

  it("puts each refusal on its input with a translatable message", () => {
    const submission = parseWithZod(
      post({
        brandName: "Acme",
        marketLanguage: "de",
        country: "XX",
        keywords: Array.from({ length: 11 }, (_, i) => `keyword ${i}`).join("\n"),
        "competitors[2].domain": "not a domain",
      }),
      { schema: SeoProfileFormSchema },
    );
    expect(errorsOf(submission)).toEqual({
      marketLanguage: ["seoSetup:validation.marketLanguageInvalid"],
      country: ["seoSetup:validation.countryInvalid"],
      keywords: ["seoSetup:validation.keywordsMax"],
      "competitors[2].name": ["seoSetup:validation.competitorNameRequired"],
      "competitors[2].domain": ["seoSetup:validation.domainInvalid"],
    });
  });

  it("requires a brand name and at least one keyword", () => {
    const submission = parseWithZod(post({ brandName: "  ", marketLanguage: "en", keywords: " \n " }), { schema: SeoProfileFormSchema });
    expect(errorsOf(submission)).toMatchObject({ brandName: ["seoSetup:validation.required"], keywords: ["seoSetup:validation.keywordsRequired"] });
  });

  it("refuses an alias, keyword or brand over the API's limits", () => {
    const submission = profile({ brandName: "b".repeat(101), aliases: "a".repeat(101), keywords: "k".repeat(81) });
    expect(errorsOf(submission)).toMatchObject({
      brandName: ["seoSetup:validation.brandNameTooLong"],
      aliases: ["seoSetup:validation.aliasTooLong"],
      keywords: ["seoSetup:validation.keywordTooLong"],
    });
  });

  it("counts only filled competitor rows against the limit", () => {
    const rows: Record<string, string> = {};
    const max = PROFILE_LIMITS.competitors;
    for (let i = 0; i <= max; i++) rows[`competitors[${i}].name`] = `Rival ${i}`;
    expect(errorsOf(profile(rows))).toEqual({ competitors: ["seoSetup:validation.competitorsMax"] });
    rows[`competitors[${max}].name`] = "";
    expect(profile(rows).status).toBe("success");
  });
});

describe("profileErrorFields", () => {
  it("maps the API's field names, competitor rows included, onto the form's inputs", () => {
    const reply = profileErrorFields({ BrandName: ["Required"], "Keywords.2": ["x"], "Competitors.0.Domain": ["Not a valid domain"] }, [3]);
    expect(reply).toEqual({
      fieldErrors: {
        brandName: ["seoSetup:validation.refused"],
        keywords: ["seoSetup:validation.refused"],
        "competitors[3].domain": ["seoSetup:validation.refused"],
      },
      formErrors: [],
    });
  });

  it("falls back to a form error for anything it cannot place", () => {
    expect(profileErrorFields({ _: ["Bad"] }, [])).toEqual({ fieldErrors: {}, formErrors: ["seoSetup:validation.refused"] });
    expect(profileErrorFields(undefined, [])).toEqual({ fieldErrors: {}, formErrors: ["seoSetup:validation.refused"] });
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

describe("questionErrorFields", () => {
  it("translates the plan's refusals at the field they concern", () => {
    expect(questionErrorFields({ status: 403, code: "category_not_in_plan" })?.fieldErrors).toEqual({ category: ["seoSetup:questions.errors.categoryNotInPlan"] });
    expect(questionErrorFields({ status: 403, code: "category_quota_exceeded" })?.fieldErrors).toEqual({ category: ["seoSetup:questions.errors.categoryQuotaExceeded"] });
    expect(questionErrorFields({ status: 403, code: "question_quota_exceeded" })?.fieldErrors).toEqual({
      question_text: ["seoSetup:questions.errors.questionQuotaExceeded"],
    });
    expect(questionErrorFields({ status: 409, code: "duplicate_question" })?.fieldErrors).toEqual({ question_text: ["seoSetup:questions.errors.duplicate"] });
  });

  it("leaves failures that are not about the input to the caller", () => {
    expect(questionErrorFields({ status: 500 })).toBeNull();
    expect(questionErrorFields({ status: 403, code: "something_else" })).toBeNull();
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
    expect(schema.safeParse({ marketLanguage: " fr " }).error?.issues[0]?.message).toBe("seoSetup:validation.sameLanguage");
    expect(schema.parse({ marketLanguage: " en " })).toEqual({ marketLanguage: "en" });
    expect(schema.safeParse({ marketLanguage: "de" }).error?.issues[0]?.message).toBe("seoSetup:validation.marketLanguageInvalid");
  });
});

import { describe, expect, it } from "vitest";
import { generateSystemQuestions, QUESTION_CATEGORIES, type QuestionProfile } from "./question-templates";

const profile = (overrides: Partial<QuestionProfile> = {}): QuestionProfile => ({
  brand_name: "Acme",
  website_url: "https://acme.example",
  market_language: "en",
  country: "US",
  keywords: ["CRM software", "sales pipeline tool"],
  competitors: [{ name: "Globex" }, { name: "Initech" }],
  ...overrides,
});

const all = { perCategory: 6, categories: QUESTION_CATEGORIES };
const texts = (questions: Array<{ question_text: string }>) => questions.map((question) => question.question_text);

function expectWellFormed(questions: ReturnType<typeof generateSystemQuestions>) {
  for (const question of questions) {
    expect(question.question_text, question.question_text).not.toMatch(/[{}]/);
    expect(question.question_text, question.question_text).toMatch(/\?$/);
    expect(question.question_text, question.question_text).not.toMatch(/\s{2}/);
    expect(question.question_text.length).toBeLessThanOrEqual(500);
  }
  const keys = questions.map((question) => question.question_text.toLowerCase());
  expect(new Set(keys).size).toBe(keys.length);
}

describe("generateSystemQuestions", () => {
  it("writes perCategory English questions for every allowed category, in category order", () => {
    const questions = generateSystemQuestions(profile(), all);
    expect(questions).toHaveLength(30);
    for (const category of QUESTION_CATEGORIES) expect(questions.filter((question) => question.category === category)).toHaveLength(6);
    expect(questions.map((question) => question.category)).toEqual(QUESTION_CATEGORIES.flatMap((category) => Array(6).fill(category)));
    expect(new Set(questions.map((question) => question.language))).toEqual(new Set(["en"]));
    expectWellFormed(questions);
    expect(texts(questions)).toContain("Which CRM software would you recommend in the United States?");
    expect(texts(questions)).toContain("Is Acme reliable?");
    expect(texts(questions).some((text) => /^Between Acme and (Globex|Initech), which (CRM software|sales pipeline tool) should I go with\?$/.test(text))).toBe(true);
  });

  it("asks mostly about the market, not the brand, outside comparison and quality", () => {
    const questions = generateSystemQuestions(profile(), all);
    const naming = questions.filter((question) => ["selection", "understanding", "benefits"].includes(question.category) && question.question_text.includes("Acme"));
    expect(naming.length).toBeLessThanOrEqual(2);
  });

  it("only generates the allowed categories", () => {
    const questions = generateSystemQuestions(profile(), { perCategory: 3, categories: ["quality", "selection"] });
    expect(questions.map((question) => question.category)).toEqual(["selection", "selection", "selection", "quality", "quality", "quality"]);
    expect(generateSystemQuestions(profile(), { perCategory: 0, categories: QUESTION_CATEGORIES })).toEqual([]);
    expect(generateSystemQuestions(profile(), { perCategory: 5, categories: [] })).toEqual([]);
  });

  it("uses every keyword and every competitor in turn", () => {
    const questions = texts(generateSystemQuestions(profile({ competitors: [{ name: "Globex" }, { name: "Initech" }, { name: "Umbrella" }] }), all));
    for (const keyword of ["CRM software", "sales pipeline tool"]) expect(questions.filter((text) => text.includes(keyword)).length, keyword).toBeGreaterThan(4);
    for (const competitor of ["Globex", "Initech", "Umbrella"]) expect(questions.some((text) => text.includes(competitor)), competitor).toBe(true);
  });

  it("has at least six templates per category in each language", () => {
    for (const market_language of ["en", "fr"]) {
      const questions = generateSystemQuestions(profile({ market_language, keywords: ["x"] }), { perCategory: 100, categories: QUESTION_CATEGORIES });
      for (const category of QUESTION_CATEGORIES) {
        expect(questions.filter((question) => question.category === category).length, `${market_language} ${category}`).toBeGreaterThanOrEqual(6);
      }
    }
  });

  it("reuses the templates with the next keywords when one pass is not enough, without repeating a question", () => {
    const questions = generateSystemQuestions(profile({ keywords: ["CRM software", "sales pipeline tool", "lead scoring"] }), { perCategory: 20, categories: ["selection"] });
    expect(questions).toHaveLength(20);
    expectWellFormed(questions);
  });

  it("writes natural French, with elision and the country's preposition", () => {
    const questions = generateSystemQuestions(
      profile({ market_language: "fr", country: "FR", brand_name: "Acme", keywords: ["logiciel CRM", "assurance habitation"], competitors: [{ name: "Initech" }] }),
      all,
    );
    expect(questions).toHaveLength(30);
    expect(new Set(questions.map((question) => question.language))).toEqual(new Set(["fr"]));
    expectWellFormed(questions);
    const french = texts(questions);
    expect(french).toContain("Quelles solutions recommandez-vous en matière de logiciel CRM en France ?");
    expect(french.some((text) => text.includes("d'assurance habitation"))).toBe(true);
    expect(french.some((text) => text.includes("de assurance"))).toBe(false);
    expect(french).toContain("Que disent les clients d'Acme ?");
    expect(french.some((text) => /\b(?:de|que) Acme/.test(text))).toBe(false);
    expect(french).toContain("Est-ce qu'Acme vaut son prix ?");
    for (const text of french) expect(text, text).toMatch(/ \?$/);
  });

  it("renders the country in the market language, and leaves the location out when there is none", () => {
    const french = texts(generateSystemQuestions(profile({ market_language: "fr", country: "us", keywords: ["logiciel CRM"] }), all));
    expect(french.some((text) => text.includes("aux États-Unis"))).toBe(true);
    const english = texts(generateSystemQuestions(profile({ country: "FR" }), all));
    expect(english).toContain("Which CRM software would you recommend in France?");
    const canada = texts(generateSystemQuestions(profile({ market_language: "fr", country: "CA", keywords: ["logiciel CRM"] }), all));
    expect(canada.some((text) => text.includes("au Canada"))).toBe(true);
    const located = texts(generateSystemQuestions(profile({ country: "US" }), all));
    for (const country of [null, "", "ZZ", "not-a-country"]) {
      const questions = texts(generateSystemQuestions(profile({ country }), all));
      expect(questions, String(country)).toEqual(located.map((text) => text.replace(" in the United States", "")));
    }
  });

  it("skips the competitor templates when there are no competitors", () => {
    for (const market_language of ["en", "fr"]) {
      const questions = generateSystemQuestions(profile({ market_language, competitors: [] }), all);
      expectWellFormed(questions);
      expect(questions.filter((question) => question.category === "comparison").length).toBeGreaterThanOrEqual(2);
      for (const category of ["selection", "understanding", "benefits", "quality"] as const) {
        expect(questions.filter((question) => question.category === category), category).toHaveLength(6);
      }
    }
  });

  it("ignores a competitor that is the brand itself, and blank or repeated keywords", () => {
    const questions = generateSystemQuestions(profile({ competitors: [{ name: "acme" }], keywords: ["  CRM software ", "crm software", ""] }), all);
    expectWellFormed(questions);
    expect(texts(questions).some((text) => /acme vs|alternatives to acme/i.test(text))).toBe(false);
    expect(texts(questions).filter((text) => text.includes("CRM software")).length).toBeGreaterThan(0);
  });

  it("gives the same questions for the same profile", () => {
    expect(generateSystemQuestions(profile(), all)).toEqual(generateSystemQuestions(profile(), all));
  });

  it("leaves out questions that would exceed 500 characters", () => {
    const questions = generateSystemQuestions(profile({ keywords: ["k".repeat(480)] }), all);
    expectWellFormed(questions);
    expect(questions.length).toBeGreaterThan(0);
  });
});

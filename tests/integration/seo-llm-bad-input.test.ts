import { describe, expect, test } from "vitest";
import { useApi } from "../helpers/api";

const api = useApi();

/** Whatever arrives, the analysis endpoints answer 4xx with a message: never a 500. */
describe("bad input to the AI-visibility endpoints", () => {
  test("odd bodies, queries and ids get a 4xx with a message", async () => {
    const { access_token: token } = await api.signIn();
    await api.client("seoProfile", { token }).index.$patch({ json: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"] } });
    // Bodies of every shape, most of them ones the typed client would refuse to send: raw.
    const bodies: unknown[] = [
      "null",
      "[]",
      "42",
      '"text"',
      "{",
      { BrandName: 42 },
      { Keywords: [1, 2] },
      { Keywords: "crm" },
      { Competitors: "x" },
      { Competitors: [null] },
      { Competitors: [{ Name: "x", Domain: 3 }] },
      { Country: 12 },
      { Country: "fra" },
      { WebsiteURL: "javascript:alert(1)" },
      { BrandAliases: Array.from({ length: 100 }, (_, i) => `a${i}`) },
      { BrandName: "\u0000" },
      { MarketLanguage: null },
    ];
    for (const body of bodies) {
      const res = await api.raw("PATCH", "/user/seo-profile", { token, body });
      expect(res.status, `PATCH ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `PATCH ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
    const questionBodies: unknown[] = [
      "null",
      "{",
      { question_text: null, category: "selection" },
      { question_text: "A good question?", category: "selection", language: "de" },
      { question_text: "A good question?", category: "selection", is_active: "yes" },
      { question_text: "x".repeat(100_000), category: "selection" },
    ];
    for (const body of questionBodies) {
      const res = await api.raw("POST", "/user-questions", { token, body });
      expect(res.status, `POST ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const questions = api.client("questions", { token });
    const analyses = api.client("analyses", { token });
    const nobody = "00000000-0000-0000-0000-000000000000";
    const gets = [
      ["is_active=maybe", () => questions.index.$get({ query: { is_active: "maybe" } })],
      ["q=%00", () => questions.index.$get({ query: { q: "\u0000" } })],
      ["q of 600 characters", () => questions.index.$get({ query: { q: "x".repeat(600) } })],
      ["a question that is not there", () => questions[":id"].$get({ param: { id: nobody } })],
      ["offset=-1", () => analyses.index.$get({ query: { offset: "-1" } })],
      ["limit=abc", () => analyses.index.$get({ query: { limit: "abc" } })],
      ["stats startDate=2026-02-30", () => analyses.stats.$get({ query: { startDate: "2026-02-30" } })],
      ["stats endDate=yesterday", () => analyses.stats.$get({ query: { endDate: "yesterday" } })],
      ["an analysis that is not there", () => analyses[":id"].$get({ param: { id: nobody } })],
    ] as const;
    for (const [label, get] of gets) {
      const res = await get();
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
    }
    const launch = await api.raw("POST", "/seo-llm/analyses", { token, body: "not json", headers: { "content-type": "text/plain" } });
    expect(launch.status, JSON.stringify(launch.body)).toBeLessThan(500);
  });
});

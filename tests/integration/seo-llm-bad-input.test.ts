import { describe, expect, test } from "vitest";
import { useApi } from "../helpers/api";

const api = useApi();

/** Whatever arrives, the analysis endpoints answer 4xx with a message: never a 500. */
describe("bad input to the AI-visibility endpoints", () => {
  test("odd bodies, queries and ids get a 4xx with a message", async () => {
    const { access_token: token } = await api.signIn();
    await api.request("PATCH", "/user/seo-profile", { token, body: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"] } });
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
      const res = await api.request("PATCH", "/user/seo-profile", { token, body });
      expect(res.status, `PATCH ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `PATCH ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(typeof res.body.message).toBe("string");
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
      const res = await api.request("POST", "/user-questions", { token, body });
      expect(res.status, `POST ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const gets = [
      "/user-questions?is_active=maybe",
      "/user-questions?q=%00",
      `/user-questions?q=${"x".repeat(600)}`,
      "/user-questions/00000000-0000-0000-0000-000000000000",
      "/seo-llm/analyses?offset=-1",
      "/seo-llm/analyses?limit=abc",
      "/seo-llm/analyses/stats?startDate=2026-02-30",
      "/seo-llm/analyses/stats?endDate=yesterday",
      "/seo-llm/analyses/00000000-0000-0000-0000-000000000000",
    ];
    for (const path of gets) {
      const res = await api.request("GET", path, { token });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const launch = await api.request("POST", "/seo-llm/analyses", { token, body: "not json", headers: { "content-type": "text/plain" } });
    expect(launch.status, JSON.stringify(launch.body)).toBeLessThan(500);
  });
});

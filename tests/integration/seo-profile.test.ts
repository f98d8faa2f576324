import { describe, expect, test } from "vitest";
import { useApi } from "../helpers/api";

const api = useApi();

const profile = {
  BrandName: "  Acme Analytics ",
  BrandAliases: ["Acme", "acme"],
  WebsiteURL: "http://acme.example",
  MarketLanguage: "FR ",
  Country: "fr",
  Keywords: ["logiciel d'analyse web", "Logiciel d'analyse web", "tableau de bord SEO"],
  Competitors: [{ Name: "Rival", Domain: "https://www.rival.example/fr", Aliases: [] }],
};

describe("GET/PATCH /user/seo-profile", () => {
  test("is 404 until set up, then returns what was saved, cleaned", async () => {
    const { access_token: token } = await api.signIn();
    const before = await api.request("GET", "/user/seo-profile", { token });
    expect(before.status).toBe(404);
    expect(before.body.message).toBe("No SEO profile yet");

    const saved = await api.request("PATCH", "/user/seo-profile", { token, body: { ...profile, BrandAliases: ["Acme", "acme"] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      BrandName: "Acme Analytics",
      BrandAliases: ["Acme"],
      WebsiteURL: "https://acme.example",
      MarketLanguage: "fr",
      Country: "FR",
      Keywords: ["logiciel d'analyse web", "tableau de bord SEO"],
      Competitors: [{ Name: "Rival", Domain: "rival.example", Aliases: [] }],
    });
    const again = await api.request("GET", "/user/seo-profile", { token });
    expect(again.body).toEqual(saved.body);
    // One website for the settings page and the profile.
    const user = await api.request("GET", "/user/profile", { token });
    expect(user.body.WebsiteURL).toBe("https://acme.example");
  });

  test("a first PATCH needs the brand, the language and a keyword, and says which are missing", async () => {
    const { access_token: token } = await api.signIn();
    const res = await api.request("PATCH", "/user/seo-profile", { token, body: { Country: "BE" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("profile_incomplete");
    const required = [{ code: "required", message: "Required" }];
    expect(res.body.errors).toEqual({ BrandName: required, MarketLanguage: required, Keywords: required });
  });

  test("refuses bad fields with a message per field, never a 500", async () => {
    const { access_token: token } = await api.signIn();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ MarketLanguage: "de" }, "MarketLanguage"],
      [{ Country: "XX" }, "Country"],
      [{ Keywords: [] }, "Keywords"],
      [{ Keywords: Array.from({ length: 11 }, (_, i) => `keyword ${i}`) }, "Keywords"],
      [{ BrandName: "a\u0000b" }, "BrandName"],
      [{ BrandName: "x".repeat(101) }, "BrandName"],
      [{ WebsiteURL: "not a site" }, "WebsiteURL"],
      [{ Competitors: [{ Name: "Rival", Domain: "not a domain" }] }, "Competitors.0.Domain"],
      [{ Competitors: [{ Name: "" }] }, "Competitors.0.Name"],
    ];
    for (const [body, field] of cases) {
      const res = await api.request("PATCH", "/user/seo-profile", { token, body: { ...profile, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    const malformed = await api.request("PATCH", "/user/seo-profile", { token, body: "{not json" });
    expect(malformed.status).toBe(400);
  });

  test("generates system questions in the market language, and regenerates them when the language changes", async () => {
    const { access_token: token } = await api.signIn();
    await api.request("PATCH", "/user/seo-profile", { token, body: profile });
    const fr = await api.request("GET", "/user-questions", { token });
    expect(fr.status).toBe(200);
    expect(fr.body.questions.length).toBeGreaterThan(0);
    expect(fr.body.questions.every((q: { source: string; language: string }) => q.source === "system" && q.language === "fr")).toBe(true);
    // The free plan: 5 questions at most, over its 2 categories.
    expect(fr.body.questions).toHaveLength(5);
    expect(new Set(fr.body.questions.map((q: { category: string }) => q.category))).toEqual(new Set(["selection", "understanding"]));
    expect(fr.headers.get("x-lifetime-limit")).toBe("5");
    expect(fr.headers.get("x-lifetime-used")).toBe("5");
    expect(fr.headers.get("x-lifetime-remaining")).toBe("0");

    const en = await api.request("PATCH", "/user/seo-profile", { token, body: { MarketLanguage: "en" } });
    expect(en.body.MarketLanguage).toBe("en");
    const after = await api.request("GET", "/user-questions", { token });
    expect(after.body.questions).toHaveLength(5);
    expect(after.body.questions.every((q: { language: string }) => q.language === "en")).toBe(true);
  });

  test("keeps a system question the user edited when regenerating", async () => {
    const { access_token: token } = await api.signIn();
    await api.request("PATCH", "/user/seo-profile", { token, body: profile });
    const [first] = (await api.request("GET", "/user-questions", { token })).body.questions;
    const edited = await api.request("PUT", `/user-questions/${first.id}`, { token, body: { question_text: "Quel outil pour mesurer mon audience ?" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ source: "system", is_edited: true });
    await api.request("PATCH", "/user/seo-profile", { token, body: { Keywords: ["analytics"] } });
    const after = (await api.request("GET", "/user-questions", { token })).body.questions;
    expect(after.find((q: { id: string }) => q.id === first.id)?.question_text).toBe("Quel outil pour mesurer mon audience ?");
    expect(after).toHaveLength(5);
  });

  test("a generated question the user switched off stays off through regeneration", async () => {
    const { access_token: token } = await api.signIn();
    await api.request("PATCH", "/user/seo-profile", { token, body: profile });
    const [first] = (await api.request("GET", "/user-questions", { token })).body.questions;
    const off = await api.request("PUT", `/user-questions/${first.id}`, { token, body: { is_active: false } });
    expect(off.body).toMatchObject({ is_active: false, is_edited: true });
    await api.request("PATCH", "/user/seo-profile", { token, body: { BrandName: "Acme Web" } });
    const one = await api.request("GET", `/user-questions/${first.id}`, { token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, is_active: false });
    expect(one.headers.get("x-lifetime-limit")).toBe("5");
    // Saving the same values marks nothing.
    const [second] = (await api.request("GET", "/user-questions?is_active=true", { token })).body.questions;
    const same = await api.request("PUT", `/user-questions/${second.id}`, { token, body: { category: second.category, question_text: second.question_text } });
    expect(same.body.is_edited).toBe(false);
  });

  test("two first saves at once both succeed, with one profile", async () => {
    const { access_token: token } = await api.signIn();
    const [a, b] = await Promise.all([
      api.request("PATCH", "/user/seo-profile", { token, body: profile }),
      api.request("PATCH", "/user/seo-profile", { token, body: { ...profile, BrandName: "Acme Two" } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(["Acme Analytics", "Acme Two"]).toContain((await api.request("GET", "/user/seo-profile", { token })).body.BrandName);
  });

  test("a competitor listed twice is refused at its row", async () => {
    const { access_token: token } = await api.signIn();
    const res = await api.request("PATCH", "/user/seo-profile", {
      token,
      body: { ...profile, Competitors: [{ Name: "Rival" }, { Name: "Rïval " }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "Competitors.1.Name": [{ code: "duplicate", message: "This competitor is already listed" }] });
  });

  test("needs a signed-in user", async () => {
    expect((await api.request("GET", "/user/seo-profile")).status).toBe(401);
    expect((await api.request("PATCH", "/user/seo-profile", { body: profile })).status).toBe(401);
  });
});

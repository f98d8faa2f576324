import type { InferRequestType } from "hono/client";
import { describe, expect, test } from "vitest";
import { type Client, json, useApi } from "../helpers/api";

const api = useApi();

type ProfilePatch = InferRequestType<Client<"seoProfile">["index"]["$patch"]>["json"];

const profile = {
  BrandName: "  Acme Analytics ",
  BrandAliases: ["Acme", "acme"],
  WebsiteURL: "http://acme.example",
  MarketLanguage: "FR ",
  Country: "fr",
  Keywords: ["logiciel d'analyse web", "Logiciel d'analyse web", "tableau de bord SEO"],
  Competitors: [{ Name: "Rival", Domain: "https://www.rival.example/fr", Aliases: [] }],
} satisfies ProfilePatch;

/** The clients a test of the profile uses, for one user. */
async function signedIn() {
  const { access_token: token } = await api.signIn();
  return { token, seoProfile: api.client("seoProfile", { token }), questions: api.client("questions", { token }), user: api.client("user", { token }) };
}

describe("GET/PATCH /user/seo-profile", () => {
  test("is 404 until set up, then returns what was saved, cleaned", async () => {
    const { seoProfile, user } = await signedIn();
    const before = await seoProfile.index.$get();
    expect((await json(before, 404)).message).toBe("No SEO profile yet");

    const saved = await json(await seoProfile.index.$patch({ json: { ...profile, BrandAliases: ["Acme", "acme"], AmbiguousNames: [" Rival ", "rival"] } }), 200);
    expect(saved).toMatchObject({
      BrandName: "Acme Analytics",
      BrandAliases: ["Acme"],
      WebsiteURL: "https://acme.example",
      MarketLanguage: "fr",
      Country: "FR",
      Keywords: ["logiciel d'analyse web", "tableau de bord SEO"],
      Competitors: [{ Name: "Rival", Domain: "rival.example", Aliases: [] }],
      AmbiguousNames: ["Rival"],
    });
    const again = await seoProfile.index.$get();
    expect(await again.json()).toEqual(saved);
    // One website for the settings page and the profile.
    expect((await json(await user.profile.$get(), 200)).WebsiteURL).toBe("https://acme.example");
  });

  test("a first PATCH needs the brand, the language and a keyword, and says which are missing", async () => {
    const { seoProfile } = await signedIn();
    const refused = await json(await seoProfile.index.$patch({ json: { Country: "BE" } }), 400);
    expect(refused.code).toBe("profile_incomplete");
    const required = [{ code: "required", message: "Required" }];
    expect(refused.errors).toEqual({ BrandName: required, MarketLanguage: required, Keywords: required });
  });

  test("refuses bad fields with a message per field, never a 500", async () => {
    const { token, seoProfile } = await signedIn();
    const cases: Array<[ProfilePatch, string]> = [
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
      const refused = await json(await seoProfile.index.$patch({ json: { ...profile, ...body } }), 400, JSON.stringify(body));
      expect(Object.keys(refused.errors ?? {}), JSON.stringify(refused)).toContain(field);
    }
    // Text that is not JSON.
    const malformed = await api.raw("PATCH", "/user/seo-profile", { token, body: "{not json" });
    expect(malformed.status).toBe(400);
  });

  test("generates system questions in the market language, and regenerates them when the language changes", async () => {
    const { seoProfile, questions } = await signedIn();
    await seoProfile.index.$patch({ json: profile });
    const fr = await questions.index.$get({ query: {} });
    const frList = await json(fr, 200);
    expect(frList.questions.length).toBeGreaterThan(0);
    expect(frList.questions.every((q) => q.source === "system" && q.language === "fr")).toBe(true);
    // The free plan: 5 questions, 4 of them generated over its 2 categories, 1 left for the user's own.
    expect(frList.questions).toHaveLength(4);
    expect(new Set(frList.questions.map((q) => q.category))).toEqual(new Set(["selection", "understanding"]));
    expect(fr.headers.get("x-lifetime-limit")).toBe("5");
    expect(fr.headers.get("x-lifetime-used")).toBe("4");
    expect(fr.headers.get("x-lifetime-remaining")).toBe("1");

    const en = await json(await seoProfile.index.$patch({ json: { MarketLanguage: "en" } }), 200);
    expect(en.MarketLanguage).toBe("en");
    const after = await json(await questions.index.$get({ query: {} }), 200);
    expect(after.questions).toHaveLength(4);
    expect(after.questions.every((q) => q.language === "en")).toBe(true);
  });

  test("keeps a system question the user edited when regenerating", async () => {
    const { seoProfile, questions } = await signedIn();
    await seoProfile.index.$patch({ json: profile });
    const [first] = (await json(await questions.index.$get({ query: {} }), 200)).questions;
    const edited = await questions[":id"].$put({ param: { id: first.id }, json: { question_text: "Quel outil pour mesurer mon audience ?" } });
    expect(await json(edited, 200)).toMatchObject({ source: "system", is_edited: true });
    await seoProfile.index.$patch({ json: { Keywords: ["analytics"] } });
    const after = (await json(await questions.index.$get({ query: {} }), 200)).questions;
    expect(after.find((q) => q.id === first.id)?.question_text).toBe("Quel outil pour mesurer mon audience ?");
    // The edited question is still one of the 4 the plan gives to generated questions.
    expect(after).toHaveLength(4);
  });

  test("a generated question the user switched off stays off through regeneration", async () => {
    const { seoProfile, questions } = await signedIn();
    await seoProfile.index.$patch({ json: profile });
    const [first] = (await json(await questions.index.$get({ query: {} }), 200)).questions;
    const off = await questions[":id"].$put({ param: { id: first.id }, json: { is_active: false } });
    expect(await off.json()).toMatchObject({ is_active: false, is_edited: true });
    await seoProfile.index.$patch({ json: { BrandName: "Acme Web" } });
    const one = await questions[":id"].$get({ param: { id: first.id } });
    expect(await json(one, 200)).toMatchObject({ id: first.id, is_active: false });
    expect(one.headers.get("x-lifetime-limit")).toBe("5");
    // Saving the same values marks nothing.
    const [second] = (await json(await questions.index.$get({ query: { is_active: "true" } }), 200)).questions;
    const same = await questions[":id"].$put({ param: { id: second.id }, json: { category: second.category, question_text: second.question_text } });
    expect((await json(same, 200)).is_edited).toBe(false);
  });

  test("two first saves at once both succeed, with one profile", async () => {
    const { seoProfile } = await signedIn();
    const [a, b] = await Promise.all([seoProfile.index.$patch({ json: profile }), seoProfile.index.$patch({ json: { ...profile, BrandName: "Acme Two" } })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(["Acme Analytics", "Acme Two"]).toContain((await json(await seoProfile.index.$get(), 200)).BrandName);
  });

  test("a competitor listed twice is refused at its row", async () => {
    const { seoProfile } = await signedIn();
    const res = await seoProfile.index.$patch({ json: { ...profile, Competitors: [{ Name: "Rival" }, { Name: "Rïval " }] } });
    expect((await json(res, 400)).errors).toEqual({ "Competitors.1.Name": [{ code: "duplicate", message: "This competitor is already listed" }] });
  });

  test("needs a signed-in user", async () => {
    const seoProfile = api.client("seoProfile");
    expect((await seoProfile.index.$get()).status).toBe(401);
    expect((await seoProfile.index.$patch({ json: profile })).status).toBe(401);
  });
});

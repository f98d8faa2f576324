import fs from "node:fs/promises";
import path from "node:path";
import { addDays } from "date-fns";
import { sql } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { beforeAll, describe, expect, test } from "vitest";
import { ONBOARDING_STEPS, type OnboardingStep } from "#domain/onboarding";
import { subscriptions } from "../../server/db/schema";
import { type Client, json, refusal, useApi, withEnv } from "../helpers/api";

// Set before the runtime starts: its workers are built from the configured providers.
beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined });
});
const api = useApi({ jobs: "work" });

type Onboarding = Client<"onboarding">;
type StepInput = InferRequestType<Onboarding["progress"]["$put"]>["json"];

/** Every step, as a user would fill them in, in order (spellings the API normalises on purpose). */
const STEPS = [
  { step: "personal_info", data: { first_name: " Ada ", last_name: "Lovelace", company: "Acme Analytics" } },
  { step: "website_analysis", data: { website: "http://acme.example", brand_name: "Acme" } },
  { step: "keyword_selection", data: { keywords: ["web analytics", " Web Analytics ", "SEO dashboard"] } },
  { step: "market_location", data: { market_language: "FR", country: "fr", competitors: [{ name: "Rival", domain: "https://www.rival.example/" }] } },
  { step: "google_search_console", data: { connected: false } },
] as const satisfies readonly StepInput[];

async function newUser() {
  const session = await api.signIn();
  const token = session.access_token;
  return { token, userId: session.user.id, onboarding: api.client("onboarding", { token }) };
}

/** Saves the steps before `step` (all of them when absent), each answered 200. */
async function saveStepsBefore(onboarding: Onboarding, step?: OnboardingStep) {
  const until = step ? ONBOARDING_STEPS.indexOf(step) : STEPS.length;
  for (const input of STEPS.slice(0, until)) await json(await onboarding.progress.$put({ json: input }), 200, input.step);
}

/** Polls the setup the way the setup screen does (faster), until it leaves pending/running. */
async function settledSetup(onboarding: Onboarding) {
  for (let i = 0; i < 300; i++) {
    const setup = await json(await onboarding["setup-status"].$get(), 200);
    if (setup.status === "done" || setup.status === "failed") return setup;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the setup did not finish");
}

/** A PUT sent as it is (wrong on purpose), and its refusal: the codes by field. */
async function refusedStep(token: string, body: unknown, status = 400) {
  const refused = refusal(await api.raw("PUT", "/user/onboarding/progress", { token, body }), status);
  return { refused, codes: Object.fromEntries(Object.entries(refused.errors ?? {}).map(([field, errors]) => [field, errors.map((error) => error.code)])) };
}

describe("onboarding, from the first sign-in to a completed analysis", () => {
  test("five steps, complete, one job: the profile, its questions and a demo analysis that completes", async () => {
    const { token, onboarding } = await newUser();
    expect(await json(await onboarding.status.$get(), 200)).toEqual({ complete: false, current_step: "personal_info", setup_status: null });
    expect((await json(await onboarding["setup-status"].$get(), 404)).code).toBe("setup_not_started");

    for (const [index, input] of STEPS.entries()) {
      const saved = await json(await onboarding.progress.$put({ json: input }), 200);
      expect(saved.current_step).toBe(ONBOARDING_STEPS[Math.min(index + 1, ONBOARDING_STEPS.length - 1)]);
      expect(saved.complete).toBe(false);
    }
    const progress = await json(await onboarding.progress.$get(), 200);
    expect(progress.steps).toEqual({
      personal_info: { first_name: "Ada", last_name: "Lovelace", company: "Acme Analytics" },
      website_analysis: { website: "https://acme.example", brand_name: "Acme" },
      keyword_selection: { keywords: ["web analytics", "SEO dashboard"] },
      market_location: { market_language: "fr", country: "FR", competitors: [{ name: "Rival", domain: "rival.example" }] },
      google_search_console: { connected: false },
    });

    const accepted = await json(await onboarding.complete.$post(), 202);
    expect(accepted.status).toBe("pending");
    expect(accepted.steps.map((step) => [step.step, step.status])).toEqual([
      ["profile", "pending"],
      ["questions", "pending"],
      ["analysis", "pending"],
    ]);
    const setup = await settledSetup(onboarding);
    expect(setup).toMatchObject({ status: "done", steps: [{ step: "profile", status: "done", error: null }, { step: "questions", status: "done" }, { step: "analysis", status: "done" }] });
    expect(await json(await onboarding.status.$get(), 200)).toEqual({ complete: true, current_step: "google_search_console", setup_status: "done" });
    expect((await json(await onboarding.progress.$get(), 200)).completed_at).not.toBeNull();

    // What the setup wrote, read through the API the product's screens use.
    const user = await json(await api.client("user", { token }).profile.$get(), 200);
    expect(user.profile).toMatchObject({ first_name: "Ada", last_name: "Lovelace", company: "Acme Analytics" });
    expect(user.WebsiteURL).toBe("https://acme.example");
    const profile = await json(await api.client("seoProfile", { token }).index.$get(), 200);
    expect(profile).toMatchObject({
      BrandName: "Acme",
      MarketLanguage: "fr",
      Country: "FR",
      Keywords: ["web analytics", "SEO dashboard"],
      Competitors: [{ Name: "Rival", Domain: "rival.example", Aliases: [] }],
    });
    const questions = await json(await api.client("questions", { token }).index.$get({ query: { source: "system" } }), 200);
    expect(questions.total).toBeGreaterThan(0);
    expect(questions.questions.every((question) => question.language === "fr")).toBe(true);

    const analysis = await api.settledAnalysis(token, setup.analysis_id!);
    expect(analysis).toMatchObject({ status: "completed", simulated: true, brand_name: "Acme", market_language: "fr" });
    expect(analysis.progress.completed).toBe(analysis.progress.total);
  });

  test("progress survives: read back after each save, from another session; an earlier step saved again keeps the later ones", async () => {
    const { onboarding } = await newUser();
    await saveStepsBefore(onboarding, "market_location");
    expect((await json(await onboarding.progress.$get(), 200)).steps.personal_info?.first_name).toBe("Ada");

    const edited = await json(await onboarding.progress.$put({ json: { step: "personal_info", data: { first_name: "Grace", last_name: "Hopper", company: "Navy" } } }), 200);
    expect(edited.current_step).toBe("market_location");
    expect(edited.steps.personal_info).toEqual({ first_name: "Grace", last_name: "Hopper", company: "Navy" });
    expect(edited.steps.website_analysis).toEqual({ website: "https://acme.example", brand_name: "Acme" });
    expect(edited.steps.keyword_selection).toEqual({ keywords: ["web analytics", "SEO dashboard"] });
    expect(edited.steps.market_location).toBeNull();
    expect(await json(await onboarding.progress.$get(), 200)).toEqual(edited);
    expect(await json(await onboarding.status.$get(), 200)).toEqual({ complete: false, current_step: "market_location", setup_status: null });
  });

  test("the same progress on another device: a second sign-in reads what the first saved", async () => {
    const session = await api.signIn();
    const first = api.client("onboarding", { token: session.access_token });
    await saveStepsBefore(first, "keyword_selection");
    const again = await api.signIn(session.user.email);
    const second = api.client("onboarding", { token: again.access_token });
    expect(await json(await second.progress.$get(), 200)).toEqual(await json(await first.progress.$get(), 200));
    expect((await json(await second.status.$get(), 200)).current_step).toBe("keyword_selection");
  });
});

describe("each step's rules, by code", () => {
  test("personal_info: names 2–50, company 2–100, trimmed, no control characters", async () => {
    const { token } = await newUser();
    const step = (data: Record<string, unknown>) => ({ step: "personal_info", data: { first_name: "Ada", last_name: "Lovelace", company: "Acme", ...data } });
    expect((await refusedStep(token, step({ first_name: "A" }))).codes).toEqual({ "data.first_name": ["too_short"] });
    expect((await refusedStep(token, step({ last_name: "x".repeat(51) }))).codes).toEqual({ "data.last_name": ["too_long"] });
    expect((await refusedStep(token, step({ company: "   " }))).codes).toEqual({ "data.company": ["required"] });
    expect((await refusedStep(token, step({ company: "c".repeat(101) }))).codes).toEqual({ "data.company": ["too_long"] });
    expect((await refusedStep(token, step({ first_name: "Ad\u0007a" }))).codes).toEqual({ "data.first_name": ["invalid_format"] });
    expect((await refusedStep(token, step({ last_name: 42 }))).codes).toEqual({ "data.last_name": ["invalid_type"] });
    expect((await refusedStep(token, { step: "personal_info", data: { first_name: "Ada" } })).codes).toEqual({ "data.last_name": ["required"], "data.company": ["required"] });
    // At the bounds: taken.
    const onboarding = api.client("onboarding", { token });
    await json(await onboarding.progress.$put({ json: { step: "personal_info", data: { first_name: "Al", last_name: "l".repeat(50), company: "c".repeat(100) } } }), 200);
  });

  test("website_analysis: a website, at most 255 once normalised to https", async () => {
    const { token, onboarding } = await newUser();
    await saveStepsBefore(onboarding, "website_analysis");
    const step = (data: Record<string, unknown>) => ({ step: "website_analysis", data });
    expect((await refusedStep(token, step({ website: "not a website" }))).codes).toEqual({ "data.website": ["invalid_format"] });
    expect((await refusedStep(token, step({ website: "ftp://acme.example" }))).codes).toEqual({ "data.website": ["invalid_format"] });
    expect((await refusedStep(token, step({ website: `acme.example/${"p".repeat(240)}` }))).codes).toEqual({ "data.website": ["too_long"] });
    expect((await refusedStep(token, step({}))).codes).toEqual({ "data.website": ["required"] });
    expect((await refusedStep(token, step({ website: "acme.example", audit_id: "not-a-uuid" }))).codes).toEqual({ "data.audit_id": ["invalid_format"] });
    const saved = await json(await onboarding.progress.$put({ json: { step: "website_analysis", data: { website: "Acme.example/fr", brand_name: "" } } }), 200);
    expect(saved.steps.website_analysis).toEqual({ website: "https://acme.example/fr", brand_name: null });
  });

  test("keyword_selection: 1 to 10 keywords, each at most 80", async () => {
    const { token, onboarding } = await newUser();
    await saveStepsBefore(onboarding, "keyword_selection");
    const step = (keywords: unknown) => ({ step: "keyword_selection", data: { keywords } });
    expect((await refusedStep(token, step([]))).codes).toEqual({ "data.keywords": ["too_short"] });
    expect((await refusedStep(token, step(Array.from({ length: 11 }, (_, i) => `keyword ${i}`)))).codes).toEqual({ "data.keywords": ["too_long"] });
    expect((await refusedStep(token, step(["k".repeat(81)]))).codes).toEqual({ "data.keywords.0": ["too_long"] });
    expect((await refusedStep(token, step("seo"))).codes).toEqual({ "data.keywords": ["invalid_type"] });
  });

  test("market_location: en or fr, a country code, competitors named once and within the plan's limit", async () => {
    const { token, onboarding } = await newUser();
    await saveStepsBefore(onboarding, "market_location");
    const step = (data: Record<string, unknown>) => ({ step: "market_location", data: { market_language: "en", country: "GB", ...data } });
    expect((await refusedStep(token, step({ market_language: "de" }))).codes).toEqual({ "data.market_language": ["invalid_value"] });
    expect((await refusedStep(token, step({ country: "XX" }))).codes).toEqual({ "data.country": ["invalid_value"] });
    expect((await refusedStep(token, step({ country: undefined }))).codes).toEqual({ "data.country": ["required"] });
    expect((await refusedStep(token, step({ competitors: [{ name: "Rival" }, { name: "RIVAL" }] }))).codes).toEqual({ "data.competitors.1.name": ["duplicate"] });
    expect((await refusedStep(token, step({ competitors: [{ name: "Rival", domain: "not a domain" }] }))).codes).toEqual({ "data.competitors.0.domain": ["invalid_format"] });
    // The free plan tracks 2 competitors.
    const over = await refusedStep(token, step({ competitors: [{ name: "One" }, { name: "Two" }, { name: "Three" }] }), 403);
    expect(over.refused.code).toBe("competitor_limit");
    expect(over.codes).toEqual({ "data.competitors": ["competitor_limit"] });
    const saved = await json(await onboarding.progress.$put({ json: { step: "market_location", data: { market_language: " En ", country: "gb", competitors: [{ name: "One" }, { name: "Two", domain: "" }] } } }), 200);
    expect(saved.steps.market_location).toEqual({ market_language: "en", country: "GB", competitors: [{ name: "One", domain: null }, { name: "Two", domain: null }] });
  });

  test("the request itself: an unknown step, no data, malformed JSON, a step not open yet", async () => {
    const { token } = await newUser();
    expect((await refusedStep(token, { step: "payment", data: {} })).codes).toEqual({ step: ["invalid_value"] });
    expect((await refusedStep(token, { data: {} })).codes).toEqual({ step: ["required"] });
    expect((await refusedStep(token, { step: "google_search_console" })).codes).toEqual({ data: ["required"] });
    expect((await refusedStep(token, { step: "google_search_console", data: { connected: "yes" } })).codes).toEqual({ "data.connected": ["invalid_type"] });
    refusal(await api.raw("PUT", "/user/onboarding/progress", { token, body: '{"step": "personal_info",' }), 400);
    // Steps open in order: the third is not open before the first two are saved.
    const early = await refusedStep(token, STEPS[2], 409);
    expect(early.refused.code).toBe("step_not_open");
    expect(early.codes).toEqual({ step: ["step_not_open"] });
    expect((await json(await api.client("onboarding", { token }).progress.$get(), 200)).steps.keyword_selection).toBeNull();
  });
});

describe("completing", () => {
  test("with required steps missing: 400 naming each; Search Console may be skipped", async () => {
    const { onboarding } = await newUser();
    let refused = await json(await onboarding.complete.$post(), 400);
    expect(refused.code).toBe("onboarding_incomplete");
    expect(Object.keys(refused.errors ?? {})).toEqual(["personal_info", "website_analysis", "keyword_selection", "market_location"]);

    await saveStepsBefore(onboarding, "keyword_selection");
    refused = await json(await onboarding.complete.$post(), 400);
    expect(refused.errors).toEqual({
      keyword_selection: [{ code: "required", message: expect.any(String) }],
      market_location: [{ code: "required", message: expect.any(String) }],
    });
    expect((await json(await onboarding.status.$get(), 200)).complete).toBe(false);

    await saveStepsBefore(onboarding, "google_search_console");
    await json(await onboarding.complete.$post(), 202);
    expect((await settledSetup(onboarding)).status).toBe("done");
  });

  test("twice, or again once done: the same setup, one analysis", async () => {
    const { token, onboarding } = await newUser();
    await saveStepsBefore(onboarding);
    const [first, second] = await Promise.all([onboarding.complete.$post(), onboarding.complete.$post()]);
    await json(first, 202);
    await json(second, 202);
    const done = await settledSetup(onboarding);
    expect(done.status).toBe("done");
    const again = await json(await onboarding.complete.$post(), 202);
    expect(again).toEqual(done);
    const analyses = await json(await api.client("analyses", { token }).index.$get({ query: {} }), 200);
    expect(analyses.total).toBe(1);
    expect(analyses.analyses[0].id).toBe(done.analysis_id);
  });

  test("a setup that fails says where and why; completing again retries from there", async () => {
    const { token, userId, onboarding } = await newUser();
    // The free plan's one analysis of the day, spent before onboarding ends.
    await json(await api.client("seoProfile", { token }).index.$patch({ json: { BrandName: "Early", MarketLanguage: "en", Keywords: ["early"] } }), 200);
    const early = await json(await api.client("analyses", { token }).index.$post({ json: {} }), 201);
    await api.settledAnalysis(token, early.id);
    await saveStepsBefore(onboarding);

    await json(await onboarding.complete.$post(), 202);
    const failed = await settledSetup(onboarding);
    expect(failed).toMatchObject({
      status: "failed",
      analysis_id: null,
      steps: [
        { step: "profile", status: "done", error: null },
        { step: "questions", status: "done", error: null },
        { step: "analysis", status: "failed", error: { code: "daily_limit", message: expect.stringContaining("daily limit") } },
      ],
    });
    expect(await json(await onboarding.status.$get(), 200)).toMatchObject({ complete: true, setup_status: "failed" });

    // A plan with room for another analysis today, then complete again: only the failed step runs.
    const db = await api.db();
    await db.insert(subscriptions).values({ userId, planId: "pro", status: "active", currentPeriodEnd: addDays(new Date(), 30) });
    expect((await json(await onboarding.complete.$post(), 202)).status).toBe("pending");
    const retried = await settledSetup(onboarding);
    expect(retried.status).toBe("done");
    expect(retried.analysis_id).not.toBe(early.id);
    expect((await api.settledAnalysis(token, retried.analysis_id!)).brand_name).toBe("Acme");
  });
});

describe("whose progress", () => {
  test("each user reads and writes only their own", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await saveStepsBefore(alice.onboarding);
    await json(await alice.onboarding.complete.$post(), 202);

    const bobs = await json(await bob.onboarding.progress.$get(), 200);
    expect(bobs).toEqual({
      complete: false,
      completed_at: null,
      current_step: "personal_info",
      steps: { personal_info: null, website_analysis: null, keyword_selection: null, market_location: null, google_search_console: null },
    });
    expect(await json(await bob.onboarding.status.$get(), 200)).toEqual({ complete: false, current_step: "personal_info", setup_status: null });
    expect((await json(await bob.onboarding["setup-status"].$get(), 404)).code).toBe("setup_not_started");
    expect((await json(await bob.onboarding.complete.$post(), 400)).code).toBe("onboarding_incomplete");

    await json(await bob.onboarding.progress.$put({ json: { step: "personal_info", data: { first_name: "Bob", last_name: "Builder", company: "Bob Co" } } }), 200);
    expect((await json(await alice.onboarding.progress.$get(), 200)).steps.personal_info?.first_name).toBe("Ada");
    await settledSetup(alice.onboarding);
  });

  test("signed out: 401 on every operation", async () => {
    const anonymous = api.client("onboarding");
    await json(await anonymous.status.$get(), 401);
    await json(await anonymous.progress.$get(), 401);
    await json(await anonymous.progress.$put({ json: STEPS[0] }), 401);
    await json(await anonymous.complete.$post(), 401);
    await json(await anonymous["setup-status"].$get(), 401);
  });
});

describe("accounts from before onboarding", () => {
  /** Migration 0006's statement for accounts with a profile, run for one user (other test files share a PostgreSQL database). */
  async function backfillFor(userId: string) {
    const migration = await fs.readFile(path.resolve("server/db/migrations/0006_onboarding.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes('INSERT INTO "onboarding_progress"'));
    expect(backfill).toContain('FROM "seo_profiles"');
    const db = await api.db();
    await db.execute(sql.raw(backfill!.replace('FROM "seo_profiles"', `FROM "seo_profiles" WHERE "user_id" = '${userId}'`)));
  }

  test("an SEO profile counts as complete: the migration marks it, and a profile made since counts too", async () => {
    const { token, userId, onboarding } = await newUser();
    const profile = await json(await api.client("seoProfile", { token }).index.$patch({ json: { BrandName: "Old Hand", MarketLanguage: "en", Keywords: ["ledger"] } }), 200);
    expect(await json(await onboarding.status.$get(), 200)).toEqual({ complete: true, current_step: "personal_info", setup_status: null });
    expect((await json(await onboarding.progress.$get(), 200)).completed_at).toBeNull();

    await backfillFor(userId);

    expect(await json(await onboarding.progress.$get(), 200)).toMatchObject({ complete: true, completed_at: profile.CreatedAt });
    expect(await json(await onboarding.status.$get(), 200)).toEqual({ complete: true, current_step: "google_search_console", setup_status: null });
    expect(await json(await onboarding["setup-status"].$get(), 200)).toEqual({ status: "done", steps: [], analysis_id: null });
    // Nothing to set up: completing again queues nothing.
    expect(await json(await onboarding.complete.$post(), 202)).toEqual({ status: "done", steps: [], analysis_id: null });
  });

  test("an account without a profile is left to onboard", async () => {
    const { userId, onboarding } = await newUser();
    await backfillFor(userId);
    expect(await json(await onboarding.status.$get(), 200)).toEqual({ complete: false, current_step: "personal_info", setup_status: null });
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { analyses, subscriptions } from "../../server/db/schema";
import type { InferRequestType } from "hono/client";
import { type Client, json, useApi, withEnv } from "../helpers/api";

/**
 * Every plan limit, enforced by the API (seed 001 §3, §9; server/db/seed.ts):
 *
 *            questions  per category  categories  analyses/day  /month  competitors
 *   free          5          5            2             1          10        2
 *   essential    20          8            4             5         100        5
 *   pro          50         15            5            10         300       10
 *   business    100         30            5            30        1000       20
 *
 * (USER_ANALYSES_PER_DAY / _PER_MONTH, 10 and 100 by default, cap every plan.)
 * Already covered elsewhere, not repeated here: the free plan's category and total quota
 * (questions-quota.test.ts), the free plan's daily limit through a real run and the wait when both
 * windows block (analyses-demo.test.ts).
 */

// Set before the runtime starts: its workers are built from the configured providers.
beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined });
});
const api = useApi({ jobs: "work" });

type Plan = "free" | "essential" | "pro" | "business";
const CATEGORIES = ["selection", "understanding", "benefits", "comparison", "quality"] as const;
type Category = (typeof CATEGORIES)[number];
const DAY = 86_400_000;

const competitors = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ Name: `Rival ${String.fromCharCode(65 + from + i)}`, Domain: null }));
const names = (profile: { Competitors: { Name: string }[] }) => profile.Competitors.map((competitor) => competitor.Name);

type ProfilePatch = InferRequestType<Client<"seoProfile">["index"]["$patch"]>["json"];

/** The clients one user's checks go through. */
function clientsOf(token: string) {
  return {
    questions: api.client("questions", { token }),
    quota: api.client("quota", { token }),
    analyses: api.client("analyses", { token }),
    profile: api.client("seoProfile", { token }),
    subscription: api.client("subscription", { token }),
  };
}

/**
 * A signed-in user on `plan` (paid through the local checkout), with a profile and no question
 * (the generated ones are removed, so the counts below are the test's own).
 */
async function userOn(plan: Plan, profile: ProfilePatch = {}) {
  const session = await api.signIn();
  const token = session.access_token;
  const clients = clientsOf(token);
  if (plan !== "free") {
    const started = await json(await clients.subscription.checkout.$post({ json: { plan_id: plan, billing_period: "monthly" } }), 200);
    await json(await clients.subscription.checkout[":id"].complete.$post({ param: { id: started.checkout_id } }), 200);
  }
  await json(await clients.profile.index.$patch({ json: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["web analytics"], ...profile } }), 200);
  for (const question of (await json(await clients.questions.index.$get({ query: {} }), 200)).questions) {
    await clients.questions[":id"].$delete({ param: { id: question.id } });
  }
  return { token, userId: session.user.id, ...clients };
}

let serial = 0;
const ask = (token: string, category: Category) =>
  api.client("questions", { token }).index.$post({ json: { question_text: `Which analytics tool fits shop number ${++serial}?`, category } });

async function askMany(token: string, category: Category, n: number) {
  for (let i = 0; i < n; i++) await json(await ask(token, category), 201);
}

const patchCompetitors = (token: string, list: NonNullable<ProfilePatch["Competitors"]>) =>
  api.client("seoProfile", { token }).index.$patch({ json: { Competitors: list } });

/** Completed analyses created `msAgo` ago, as if they had run. */
async function pastAnalyses(userId: string, msAgo: number[]) {
  const db = await api.db();
  const snapshot = { brand_name: "Acme", aliases: [], website_url: null, competitors: [], market_language: "en" as const, country: null, keywords: ["crm"] };
  await db.insert(analyses).values(msAgo.map((ago) => ({ userId, status: "completed" as const, questionLimit: 1, providers: ["demo"], profile: snapshot, createdAt: new Date(Date.now() - ago) })));
}

const settled = (token: string, id: string) => api.settledAnalysis(token, id);

/** Schedules a downgrade and lets the period end, as the renewal would. */
async function downgrade(token: string, userId: string, plan: Plan) {
  const res = await json(await api.client("subscription", { token })["change-plan"].$put({ json: { plan_id: plan, billing_period: "monthly" } }), 200);
  expect(res, JSON.stringify(res)).toMatchObject({ scheduled_change: true, change_type: "downgrade" });
  const db = await api.db();
  await db
    .update(subscriptions)
    .set({ currentPeriodStart: new Date(Date.now() - 31 * DAY), currentPeriodEnd: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.userId, userId));
}

describe("questions", () => {
  test("/quota/status reports each plan's limits", async () => {
    const expected = {
      essential: { max_questions_total: 20, max_questions_per_category: 8, max_system_questions_total: 15, allowed_categories: CATEGORIES.slice(0, 4) },
      pro: { max_questions_total: 50, max_questions_per_category: 15, max_system_questions_total: 25, allowed_categories: [...CATEGORIES] },
      business: { max_questions_total: 100, max_questions_per_category: 30, max_system_questions_total: 50, allowed_categories: [...CATEGORIES] },
    };
    for (const [plan, limits] of Object.entries(expected)) {
      const { quota } = await userOn(plan as Plan);
      const status = await json(await quota.status.$get(), 200, plan);
      expect(status.plan_id, plan).toBe(plan);
      expect(status.limits, plan).toMatchObject({ ...limits, total_available_categories: 5 });
    }
  });

  test("categories available: essential has four, its fifth is refused with 403 category_not_in_plan", async () => {
    const { token, questions } = await userOn("essential");
    for (const category of CATEGORIES.slice(0, 4)) expect((await ask(token, category)).status, category).toBe(201);
    const quality = await json(await ask(token, "quality"), 403);
    expect(quality.code).toBe("category_not_in_plan");
    expect(quality.errors?.category).toEqual([{ code: "category_not_in_plan", message: quality.message }]);
    // Moving a question there is refused too.
    const [first] = (await json(await questions.index.$get({ query: {} }), 200)).questions;
    const moved = await json(await questions[":id"].$put({ param: { id: first.id }, json: { category: "quality" } }), 403);
    expect(moved.code).toBe("category_not_in_plan");
    // Pro has all five.
    const pro = await userOn("pro");
    expect((await ask(pro.token, "quality")).status).toBe(201);
  });

  test("per category: essential holds 8 a category, the 9th is 403 category_quota_exceeded, adding or moving", async () => {
    const { token, questions, quota } = await userOn("essential");
    await askMany(token, "selection", 8);
    const ninth = await json(await ask(token, "selection"), 403);
    expect(ninth.code).toBe("category_quota_exceeded");
    expect(ninth.errors?.category).toEqual([{ code: "category_quota_exceeded", message: ninth.message }]);
    const other = await json(await ask(token, "benefits"), 201);
    const moved = await json(await questions[":id"].$put({ param: { id: other.id }, json: { category: "selection" } }), 403);
    expect(moved.code).toBe("category_quota_exceeded");
    const status = await json(await quota.status.$get(), 200);
    expect(status.limits.category_quotas.selection).toEqual({ allowed: true, limit: 8, used: 8, remaining: 0 });
  });

  test("in total: essential holds 20, the 21st is 403 question_quota_exceeded whatever the category", async () => {
    const { token, quota } = await userOn("essential");
    for (const category of CATEGORIES.slice(0, 3)) await askMany(token, category, 6);
    await askMany(token, "comparison", 2);
    for (const category of ["comparison", "selection"] as const) {
      const full = await json(await ask(token, category), 403, category);
      expect(full.code).toBe("question_quota_exceeded");
      expect(full.errors?.question_text).toEqual([{ code: "question_quota_exceeded", message: full.message }]);
    }
    expect((await json(await quota.status.$get(), 200)).usage).toMatchObject({ questions_total: 20, remaining: 0 });
  });
});

describe("competitors in the SEO profile (competitor_metrics_limits.domain_authority)", () => {
  test("each plan tracks its number of competitors: one more is 403 competitor_limit, the list unchanged", async () => {
    for (const [plan, limit] of [["free", 2], ["essential", 5], ["pro", 10], ["business", 20]] as const) {
      const { token, profile } = await userOn(plan);
      const ok = await json(await patchCompetitors(token, competitors(limit)), 200, plan);
      expect(ok.Competitors).toHaveLength(limit);
      const over = await patchCompetitors(token, competitors(limit + 1));
      if (plan === "business") {
        // 20 is also what the profile holds at all: the schema refuses 21 first.
        expect(Object.keys((await json(over, 400)).errors ?? {})).toContain("Competitors");
      } else {
        const refused = await json(over, 403, plan);
        expect(refused.code).toBe("competitor_limit");
        expect(refused.errors?.Competitors).toEqual([{ code: "competitor_limit", message: refused.message }]);
        expect(refused.message).toContain(String(limit));
      }
      expect((await json(await profile.index.$get(), 200)).Competitors, plan).toHaveLength(limit);
    }
  });

  test("a new profile above the limit is refused, and is not created", async () => {
    const session = await api.signIn();
    const profile = api.client("seoProfile", { token: session.access_token });
    const res = await profile.index.$patch({ json: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"], Competitors: competitors(3) } });
    expect((await json(res, 403)).code).toBe("competitor_limit");
    expect((await profile.index.$get()).status).toBe(404);
  });
});

describe("analyses per day and per month (POST /seo-llm/analyses → 429)", () => {
  test("essential: 5 a day; an upgrade to pro (10 a day) lets the next one start at once", async () => {
    const { token, userId, analyses: client, quota, subscription } = await userOn("essential");
    await askMany(token, "selection", 1);
    await pastAnalyses(userId, [1, 2, 3, 4, 5].map((hours) => hours * 3600_000));
    const res = await client.index.$post({ json: {} });
    const refused = await json(res, 429);
    expect(refused.code).toBe("daily_limit");
    expect(refused.message).toContain("daily limit of 5");
    // The oldest of the five leaves the window in 19 hours.
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(18.9 * 3600);
    expect(Number(res.headers.get("retry-after"))).toBeLessThan(19.1 * 3600);
    expect(await json(await quota.check.$post(), 200)).toMatchObject({ can_analyze: false, reason: "daily_limit", upgrade_required: true, analyses_today: 5, limits: { per_day: 5 } });

    expect((await json(await subscription["change-plan"].$put({ json: { plan_id: "pro", billing_period: "monthly" } }), 200)).immediate_change).toBe(true);
    const started = await json(await client.index.$post({ json: {} }), 201);
    await settled(token, started.id);
  });

  test("free: 10 a month, spread over days; failed analyses do not count", async () => {
    const { token, userId, analyses: client, quota } = await userOn("free");
    await askMany(token, "selection", 1);
    const spread = Array.from({ length: 10 }, (_, i) => (2 + i * 2) * DAY);
    await pastAnalyses(userId, spread);
    const res = await client.index.$post({ json: {} });
    const refused = await json(res, 429);
    expect(refused.code).toBe("monthly_limit");
    expect(refused.message).toContain("monthly limit of 10");
    // The oldest (20 days ago) leaves the 30-day window in 10 days.
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(9.9 * 86_400);
    expect(await json(await quota.check.$post(), 200)).toMatchObject({ can_analyze: false, reason: "monthly_limit", analyses_today: 0, analyses_this_month: 10 });

    const other = await userOn("free");
    await askMany(other.token, "selection", 1);
    const db = await api.db();
    await pastAnalyses(other.userId, spread);
    await db.update(analyses).set({ status: "failed" }).where(eq(analyses.userId, other.userId));
    const allowed = await json(await other.analyses.index.$post({ json: {} }), 201);
    await settled(other.token, allowed.id);
  });

  test("essential: 100 a month", async () => {
    const { token, userId, analyses: client } = await userOn("essential");
    await askMany(token, "selection", 1);
    await pastAnalyses(userId, Array.from({ length: 100 }, (_, i) => DAY + i * 3600_000 * 6));
    const refused = await json(await client.index.$post({ json: {} }), 429);
    expect(refused.code).toBe("monthly_limit");
    expect(refused.message).toContain("monthly limit of 100");
  });
});

describe("a downgrade that takes effect", () => {
  test("deletes nothing, and refuses new use above the new plan's limits", async () => {
    // Pro: 22 questions over five categories (10 in one), 8 competitors, 6 analyses today.
    const { token, userId, questions, quota, profile, subscription } = await userOn("pro", { Competitors: competitors(8) });
    await askMany(token, "selection", 10);
    await askMany(token, "understanding", 6);
    await askMany(token, "benefits", 3);
    await askMany(token, "comparison", 2);
    await askMany(token, "quality", 1);
    const before = (await json(await questions.index.$get({ query: {} }), 200)).questions;
    expect(before).toHaveLength(22);

    await downgrade(token, userId, "essential");
    // The limits follow the new plan at once, even before anything else read the subscription.
    const status = await json(await quota.status.$get(), 200);
    expect(status.plan_id).toBe("essential");
    expect((await json(await subscription.current.$get(), 200)).subscription).toMatchObject({ plan_id: "essential", status: "active" });
    expect(status.usage).toMatchObject({ questions_total: 22, remaining: 0 });
    expect(status.limits.category_quotas.quality).toEqual({ allowed: false, limit: 0, used: 1, remaining: 0 });

    // Nothing was deleted.
    const after = (await json(await questions.index.$get({ query: {} }), 200)).questions;
    expect(after.map((q) => q.id).sort()).toEqual(before.map((q) => q.id).sort());
    expect(names(await json(await profile.index.$get(), 200))).toEqual(competitors(8).map((c) => c.Name));

    // New questions are refused: over the total (22 > 20), in a full category, outside the plan's categories.
    for (const category of ["understanding", "selection", "quality"] as const) {
      const res = await ask(token, category);
      expect(res.status, category).toBe(403);
    }
    expect((await json(await ask(token, "quality"), 403)).code).toBe("category_not_in_plan");
    expect((await json(await ask(token, "understanding"), 403)).code).toBe("question_quota_exceeded");
    // What exists can still be edited and switched off.
    const quality = after.find((q) => q.category === "quality")!;
    await json(await questions[":id"].$put({ param: { id: quality.id }, json: { question_text: "Is Acme good quality for shops?", is_active: false } }), 200);
    // Freeing room lets a question in again, once under the limits.
    for (const q of after.filter((q) => q.category === "understanding").slice(0, 3)) {
      expect((await questions[":id"].$delete({ param: { id: q.id } })).status).toBe(200);
    }
    expect((await ask(token, "understanding")).status).toBe(201);

    // Competitors: kept, reordered or shortened while above the limit, never grown or replaced.
    const kept = competitors(8).reverse();
    expect((await patchCompetitors(token, kept)).status).toBe(200);
    const replaced = await patchCompetitors(token, [...kept.slice(1), { Name: "Newcomer", Domain: null }]);
    expect((await json(replaced, 403)).code).toBe("competitor_limit");
    const shortened = await json(await patchCompetitors(token, kept.slice(0, 6)), 200);
    expect(shortened.Competitors).toHaveLength(6);
    const regrown = await patchCompetitors(token, kept.slice(0, 7));
    expect((await json(regrown, 403)).code).toBe("competitor_limit");
    expect((await patchCompetitors(token, kept.slice(0, 5))).status).toBe(200);
    expect((await patchCompetitors(token, kept.slice(0, 6))).status).toBe(403);
    expect(names(await json(await profile.index.$get(), 200))).toEqual(kept.slice(0, 5).map((c) => c.Name));
  });

  test("analyses run within the new plan: its categories, its question total, its competitors, its daily limit", async () => {
    const { token, userId, questions, analyses: client } = await userOn("pro", { Competitors: competitors(8) });
    await askMany(token, "selection", 12);
    await askMany(token, "understanding", 6);
    await askMany(token, "benefits", 2);
    await askMany(token, "quality", 2);
    await downgrade(token, userId, "essential");

    const started = await json(await client.index.$post({ json: {} }), 201);
    // 20 of the 20 questions in essential's four categories (the 2 quality ones are left out), one provider.
    expect(started.progress.total).toBe(20);
    expect(started.competitors.map((c) => c.name)).toEqual(competitors(5).map((c) => c.Name));
    const done = await settled(token, started.id);
    expect(done.answers!.some((a) => a.category === "quality")).toBe(false);
    expect((await json(await questions.index.$get({ query: { category: "quality" } }), 200)).total).toBe(2);

    // Pro allowed 10 a day; essential allows 5: with 5 today (this one included) the next is refused.
    await pastAnalyses(userId, [1, 2, 3, 4].map((hours) => hours * 3600_000));
    const refused = await json(await client.index.$post({ json: {} }), 429);
    expect(refused.code).toBe("daily_limit");
    expect((await json(await client.index.$get({ query: {} }), 200)).total).toBe(5);
  });
});

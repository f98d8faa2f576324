import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { analyses, subscriptions } from "../../server/db/schema";
import { type ApiResponse, useApi, withEnv } from "../helpers/api";

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
const names = (res: ApiResponse) => res.body.Competitors.map((competitor: { Name: string }) => competitor.Name);

/**
 * A signed-in user on `plan` (paid through the local checkout), with a profile and no question
 * (the generated ones are removed, so the counts below are the test's own).
 */
async function userOn(plan: Plan, profile: Record<string, unknown> = {}) {
  const session = await api.signIn();
  const token = session.access_token;
  if (plan !== "free") {
    const started = await api.request("POST", "/subscription/checkout", { token, body: { plan_id: plan, billing_period: "monthly" } });
    const paid = await api.request("POST", `/subscription/checkout/${started.body.checkout_id}/complete`, { token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }
  const created = await api.request("PATCH", "/user/seo-profile", { token, body: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["web analytics"], ...profile } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  for (const question of (await api.request("GET", "/user-questions", { token })).body.questions) {
    await api.request("DELETE", `/user-questions/${question.id}`, { token });
  }
  return { token, userId: session.user.id };
}

let serial = 0;
const ask = (token: string, category: Category) =>
  api.request("POST", "/user-questions", { token, body: { question_text: `Which analytics tool fits shop number ${++serial}?`, category } });

async function askMany(token: string, category: Category, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await ask(token, category);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

const patchCompetitors = (token: string, list: unknown[]) => api.request("PATCH", "/user/seo-profile", { token, body: { Competitors: list } });

/** Completed analyses created `msAgo` ago, as if they had run. */
async function pastAnalyses(userId: string, msAgo: number[]) {
  const db = await api.db();
  const snapshot = { brand_name: "Acme", aliases: [], website_url: null, competitors: [], market_language: "en" as const, country: null, keywords: ["crm"] };
  await db.insert(analyses).values(msAgo.map((ago) => ({ userId, status: "completed" as const, questionLimit: 1, providers: ["demo"], profile: snapshot, createdAt: new Date(Date.now() - ago) })));
}

async function settled(token: string, id: string): Promise<ApiResponse> {
  for (let i = 0; i < 200; i++) {
    const res = await api.request("GET", `/seo-llm/analyses/${id}`, { token });
    if (!["pending", "processing"].includes(res.body.status)) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the analysis did not finish");
}

/** Schedules a downgrade and lets the period end, as the renewal would. */
async function downgrade(token: string, userId: string, plan: Plan) {
  const res = await api.request("PUT", "/subscription/change-plan", { token, body: { plan_id: plan, billing_period: "monthly" } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ scheduled_change: true, change_type: "downgrade" });
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
      const { token } = await userOn(plan as Plan);
      const res = await api.request("GET", "/quota/status", { token });
      expect(res.body.plan_id, plan).toBe(plan);
      expect(res.body.limits, plan).toMatchObject({ ...limits, total_available_categories: 5 });
    }
  });

  test("categories available: essential has four, its fifth is refused with 403 category_not_in_plan", async () => {
    const { token } = await userOn("essential");
    for (const category of CATEGORIES.slice(0, 4)) expect((await ask(token, category)).status, category).toBe(201);
    const quality = await ask(token, "quality");
    expect(quality.status).toBe(403);
    expect(quality.body.code).toBe("category_not_in_plan");
    expect(quality.body.errors.category).toEqual([{ code: "category_not_in_plan", message: quality.body.message }]);
    // Moving a question there is refused too.
    const [first] = (await api.request("GET", "/user-questions", { token })).body.questions;
    const moved = await api.request("PUT", `/user-questions/${first.id}`, { token, body: { category: "quality" } });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe("category_not_in_plan");
    // Pro has all five.
    const pro = await userOn("pro");
    expect((await ask(pro.token, "quality")).status).toBe(201);
  });

  test("per category: essential holds 8 a category, the 9th is 403 category_quota_exceeded, adding or moving", async () => {
    const { token } = await userOn("essential");
    await askMany(token, "selection", 8);
    const ninth = await ask(token, "selection");
    expect(ninth.status).toBe(403);
    expect(ninth.body.code).toBe("category_quota_exceeded");
    expect(ninth.body.errors.category).toEqual([{ code: "category_quota_exceeded", message: ninth.body.message }]);
    const other = await ask(token, "benefits");
    expect(other.status).toBe(201);
    const moved = await api.request("PUT", `/user-questions/${other.body.id}`, { token, body: { category: "selection" } });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe("category_quota_exceeded");
    const status = await api.request("GET", "/quota/status", { token });
    expect(status.body.limits.category_quotas.selection).toEqual({ allowed: true, limit: 8, used: 8, remaining: 0 });
  });

  test("in total: essential holds 20, the 21st is 403 question_quota_exceeded whatever the category", async () => {
    const { token } = await userOn("essential");
    for (const category of CATEGORIES.slice(0, 3)) await askMany(token, category, 6);
    await askMany(token, "comparison", 2);
    for (const category of ["comparison", "selection"] as const) {
      const full = await ask(token, category);
      expect(full.status, category).toBe(403);
      expect(full.body.code).toBe("question_quota_exceeded");
      expect(full.body.errors.question_text).toEqual([{ code: "question_quota_exceeded", message: full.body.message }]);
    }
    expect((await api.request("GET", "/quota/status", { token })).body.usage).toMatchObject({ questions_total: 20, remaining: 0 });
  });
});

describe("competitors in the SEO profile (competitor_metrics_limits.domain_authority)", () => {
  test("each plan tracks its number of competitors: one more is 403 competitor_limit, the list unchanged", async () => {
    for (const [plan, limit] of [["free", 2], ["essential", 5], ["pro", 10], ["business", 20]] as const) {
      const { token } = await userOn(plan);
      const ok = await patchCompetitors(token, competitors(limit));
      expect(ok.status, `${plan} ${JSON.stringify(ok.body)}`).toBe(200);
      expect(ok.body.Competitors).toHaveLength(limit);
      const over = await patchCompetitors(token, competitors(limit + 1));
      if (plan === "business") {
        // 20 is also what the profile holds at all: the schema refuses 21 first.
        expect(over.status).toBe(400);
        expect(Object.keys(over.body.errors)).toContain("Competitors");
      } else {
        expect(over.status, plan).toBe(403);
        expect(over.body.code).toBe("competitor_limit");
        expect(over.body.errors.Competitors).toEqual([{ code: "competitor_limit", message: over.body.message }]);
        expect(over.body.message).toContain(String(limit));
      }
      expect((await api.request("GET", "/user/seo-profile", { token })).body.Competitors, plan).toHaveLength(limit);
    }
  });

  test("a new profile above the limit is refused, and is not created", async () => {
    const session = await api.signIn();
    const res = await api.request("PATCH", "/user/seo-profile", {
      token: session.access_token,
      body: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"], Competitors: competitors(3) },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("competitor_limit");
    expect((await api.request("GET", "/user/seo-profile", { token: session.access_token })).status).toBe(404);
  });
});

describe("analyses per day and per month (POST /seo-llm/analyses → 429)", () => {
  test("essential: 5 a day; an upgrade to pro (10 a day) lets the next one start at once", async () => {
    const { token, userId } = await userOn("essential");
    await askMany(token, "selection", 1);
    await pastAnalyses(userId, [1, 2, 3, 4, 5].map((hours) => hours * 3600_000));
    const res = await api.request("POST", "/seo-llm/analyses", { token });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("daily_limit");
    expect(res.body.message).toContain("daily limit of 5");
    // The oldest of the five leaves the window in 19 hours.
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(18.9 * 3600);
    expect(Number(res.headers.get("retry-after"))).toBeLessThan(19.1 * 3600);
    expect((await api.request("POST", "/quota/check", { token })).body).toMatchObject({ can_analyze: false, reason: "daily_limit", upgrade_required: true, analyses_today: 5, limits: { per_day: 5 } });

    expect((await api.request("PUT", "/subscription/change-plan", { token, body: { plan_id: "pro", billing_period: "monthly" } })).body.immediate_change).toBe(true);
    const started = await api.request("POST", "/seo-llm/analyses", { token });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await settled(token, started.body.id);
  });

  test("free: 10 a month, spread over days; failed analyses do not count", async () => {
    const { token, userId } = await userOn("free");
    await askMany(token, "selection", 1);
    const spread = Array.from({ length: 10 }, (_, i) => (2 + i * 2) * DAY);
    await pastAnalyses(userId, spread);
    const res = await api.request("POST", "/seo-llm/analyses", { token });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("monthly_limit");
    expect(res.body.message).toContain("monthly limit of 10");
    // The oldest (20 days ago) leaves the 30-day window in 10 days.
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(9.9 * 86_400);
    expect((await api.request("POST", "/quota/check", { token })).body).toMatchObject({ can_analyze: false, reason: "monthly_limit", analyses_today: 0, analyses_this_month: 10 });

    const other = await userOn("free");
    await askMany(other.token, "selection", 1);
    const db = await api.db();
    await pastAnalyses(other.userId, spread);
    await db.update(analyses).set({ status: "failed" }).where(eq(analyses.userId, other.userId));
    const allowed = await api.request("POST", "/seo-llm/analyses", { token: other.token });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    await settled(other.token, allowed.body.id);
  });

  test("essential: 100 a month", async () => {
    const { token, userId } = await userOn("essential");
    await askMany(token, "selection", 1);
    await pastAnalyses(userId, Array.from({ length: 100 }, (_, i) => DAY + i * 3600_000 * 6));
    const res = await api.request("POST", "/seo-llm/analyses", { token });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("monthly_limit");
    expect(res.body.message).toContain("monthly limit of 100");
  });
});

describe("a downgrade that takes effect", () => {
  test("deletes nothing, and refuses new use above the new plan's limits", async () => {
    // Pro: 22 questions over five categories (10 in one), 8 competitors, 6 analyses today.
    const { token, userId } = await userOn("pro", { Competitors: competitors(8) });
    await askMany(token, "selection", 10);
    await askMany(token, "understanding", 6);
    await askMany(token, "benefits", 3);
    await askMany(token, "comparison", 2);
    await askMany(token, "quality", 1);
    const before = (await api.request("GET", "/user-questions", { token })).body.questions;
    expect(before).toHaveLength(22);

    await downgrade(token, userId, "essential");
    // The limits follow the new plan at once, even before anything else read the subscription.
    const status = await api.request("GET", "/quota/status", { token });
    expect(status.body.plan_id).toBe("essential");
    expect((await api.request("GET", "/subscription/current", { token })).body.subscription).toMatchObject({ plan_id: "essential", status: "active" });
    expect(status.body.usage).toMatchObject({ questions_total: 22, remaining: 0 });
    expect(status.body.limits.category_quotas.quality).toEqual({ allowed: false, limit: 0, used: 1, remaining: 0 });

    // Nothing was deleted.
    const after = (await api.request("GET", "/user-questions", { token })).body.questions;
    expect(after.map((q: { id: string }) => q.id).sort()).toEqual(before.map((q: { id: string }) => q.id).sort());
    const profile = await api.request("GET", "/user/seo-profile", { token });
    expect(names(profile)).toEqual(competitors(8).map((c) => c.Name));

    // New questions are refused: over the total (22 > 20), in a full category, outside the plan's categories.
    for (const category of ["understanding", "selection", "quality"] as const) {
      const res = await ask(token, category);
      expect(res.status, category).toBe(403);
    }
    expect((await ask(token, "quality")).body.code).toBe("category_not_in_plan");
    expect((await ask(token, "understanding")).body.code).toBe("question_quota_exceeded");
    // What exists can still be edited and switched off.
    const quality = after.find((q: { category: string }) => q.category === "quality");
    const edited = await api.request("PUT", `/user-questions/${quality.id}`, { token, body: { question_text: "Is Acme good quality for shops?", is_active: false } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // Freeing room lets a question in again, once under the limits.
    for (const q of after.filter((q: { category: string }) => q.category === "understanding").slice(0, 3)) {
      expect((await api.request("DELETE", `/user-questions/${q.id}`, { token })).status).toBe(200);
    }
    expect((await ask(token, "understanding")).status).toBe(201);

    // Competitors: kept, reordered or shortened while above the limit, never grown or replaced.
    const kept = competitors(8).reverse();
    expect((await patchCompetitors(token, kept)).status).toBe(200);
    const replaced = await patchCompetitors(token, [...kept.slice(1), { Name: "Newcomer", Domain: null }]);
    expect(replaced.status).toBe(403);
    expect(replaced.body.code).toBe("competitor_limit");
    const shortened = await patchCompetitors(token, kept.slice(0, 6));
    expect(shortened.status).toBe(200);
    expect(shortened.body.Competitors).toHaveLength(6);
    const regrown = await patchCompetitors(token, kept.slice(0, 7));
    expect(regrown.status).toBe(403);
    expect(regrown.body.code).toBe("competitor_limit");
    expect((await patchCompetitors(token, kept.slice(0, 5))).status).toBe(200);
    expect((await patchCompetitors(token, kept.slice(0, 6))).status).toBe(403);
    expect(names(await api.request("GET", "/user/seo-profile", { token }))).toEqual(kept.slice(0, 5).map((c) => c.Name));
  });

  test("analyses run within the new plan: its categories, its question total, its competitors, its daily limit", async () => {
    const { token, userId } = await userOn("pro", { Competitors: competitors(8) });
    await askMany(token, "selection", 12);
    await askMany(token, "understanding", 6);
    await askMany(token, "benefits", 2);
    await askMany(token, "quality", 2);
    await downgrade(token, userId, "essential");

    const started = await api.request("POST", "/seo-llm/analyses", { token });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // 20 of the 20 questions in essential's four categories (the 2 quality ones are left out), one provider.
    expect(started.body.progress.total).toBe(20);
    expect(started.body.competitors.map((c: { name: string }) => c.name)).toEqual(competitors(5).map((c) => c.Name));
    const done = await settled(token, started.body.id);
    expect(done.body.answers.some((a: { category: string }) => a.category === "quality")).toBe(false);
    expect((await api.request("GET", "/user-questions?category=quality", { token })).body.total).toBe(2);

    // Pro allowed 10 a day; essential allows 5: with 5 today (this one included) the next is refused.
    await pastAnalyses(userId, [1, 2, 3, 4].map((hours) => hours * 3600_000));
    const refused = await api.request("POST", "/seo-llm/analyses", { token });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("daily_limit");
    expect((await api.request("GET", "/seo-llm/analyses", { token })).body.total).toBe(5);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { subscriptions } from "../../server/db/schema";
import { json, refusal, useApi } from "../helpers/api";

const api = useApi();

/** A signed-in user on `plan`, with a profile whose system questions are removed (a clean slate). */
async function userOn(plan: "free" | "pro" | "business" = "pro") {
  const session = await api.signInOnPlan(plan);
  const token = session.access_token;
  const questions = api.client("questions", { token });
  await api.client("seoProfile", { token }).index.$patch({ json: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["web analytics"] } });
  for (const question of (await json(await questions.index.$get({ query: {} }), 200)).questions) {
    await questions[":id"].$delete({ param: { id: question.id } });
  }
  return { token, userId: session.user.id, questions, quota: api.client("quota", { token }) };
}

describe("/user-questions", () => {
  test("creates, lists with filters, updates and deletes, reporting usage in x-lifetime-* headers", async () => {
    const { questions } = await userOn("pro");
    const res = await questions.index.$post({ json: { question_text: "  Which   web analytics tool is best for a shop? ", category: "selection" } });
    const created = await json(res, 201);
    expect(created).toMatchObject({ question_text: "Which web analytics tool is best for a shop?", category: "selection", language: "en", source: "user", is_active: true });
    expect(res.headers.get("x-lifetime-limit")).toBe("50");
    expect(res.headers.get("x-lifetime-used")).toBe("1");
    expect(res.headers.get("x-lifetime-remaining")).toBe("49");

    await questions.index.$post({ json: { question_text: "Is Acme reliable for small teams?", category: "quality", language: "fr" } });
    const filtered = await json(await questions.index.$get({ query: { q: "ANALYTICS", category: "selection", language: "" } }), 200);
    expect(filtered.questions.map((q) => q.id)).toEqual([created.id]);
    // A literal % is a character to find, not a wildcard.
    expect((await json(await questions.index.$get({ query: { q: "%" } }), 200)).questions).toEqual([]);
    expect((await json(await questions.index.$get({ query: { language: "fr" } }), 200)).total).toBe(1);

    const updated = await questions[":id"].$put({ param: { id: created.id }, json: { is_active: false, category: "comparison" } });
    expect(await json(updated, 200)).toMatchObject({ is_active: false, category: "comparison" });
    expect((await json(await questions.index.$get({ query: { is_active: "false" } }), 200)).total).toBe(1);

    const deleted = await questions[":id"].$delete({ param: { id: created.id } });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("x-lifetime-used")).toBe("1");
    expect((await questions[":id"].$delete({ param: { id: created.id } })).status).toBe(404);
  });

  test("refuses duplicates (409), bad fields (400) and unknown ids", async () => {
    const { token, questions } = await userOn("pro");
    const body = { question_text: "What is the best analytics tool?", category: "selection" } as const;
    expect((await questions.index.$post({ json: body })).status).toBe(201);
    const again = await json(await questions.index.$post({ json: { ...body, question_text: "what is the BEST analytics tool?" } }), 409);
    expect(again.code).toBe("duplicate_question");
    expect(again.errors).toEqual({ question_text: [{ code: "duplicate", message: "You already have this question" }] });

    for (const bad of [
      { question_text: "hi", category: "selection" },
      { question_text: "x".repeat(501), category: "quality" },
    ] as const) {
      const res = await questions.index.$post({ json: bad });
      expect((await json(res, 400, JSON.stringify(bad))).errors).toBeDefined();
    }
    // A category outside the types' enum, and no field at all.
    for (const bad of [{ question_text: "A fine question?", category: "pricing" }, {}]) {
      const res = await api.raw("POST", "/user-questions", { token, body: bad });
      expect(refusal(res, 400, JSON.stringify(bad)).errors).toBeDefined();
    }
    expect((await questions[":id"].$put({ param: { id: "not-an-id" }, json: { is_active: true } })).status).toBe(400);
    // Pasted line breaks and tabs are spaces; other control characters are refused.
    const pasted = await questions.index.$post({ json: { question_text: "Which tool\n\tfits   a shop?", category: "selection" } });
    expect((await json(pasted, 201)).question_text).toBe("Which tool fits a shop?");
    expect((await questions.index.$post({ json: { question_text: "Which tool\u0007 fits?", category: "selection" } })).status).toBe(400);
    expect((await questions.index.$get({ query: { category: "pricing" } })).status).toBe(400);
  });

  test("no user can read, change or delete another user's question", async () => {
    const alice = await userOn("pro");
    const bob = await userOn("pro");
    const created = await json(await alice.questions.index.$post({ json: { question_text: "Alice's private question?", category: "selection" } }), 201);
    expect((await json(await bob.questions.index.$get({ query: {} }), 200)).questions).toEqual([]);
    const id = { param: { id: created.id } };
    expect((await bob.questions[":id"].$put({ ...id, json: { question_text: "Hijacked question" } })).status).toBe(404);
    expect((await bob.questions[":id"].$delete(id)).status).toBe(404);
    expect((await bob.questions[":id"].$get(id)).status).toBe(404);
    expect((await json(await alice.questions.index.$get({ query: {} }), 200)).questions[0].question_text).toBe("Alice's private question?");
  });

  test("the plan's categories and quotas are enforced (403 with the field)", async () => {
    const { questions } = await userOn("free");
    const outside = await json(await questions.index.$post({ json: { question_text: "How does Acme compare to Rival?", category: "comparison" } }), 403);
    expect(outside.code).toBe("category_not_in_plan");
    expect(outside.errors?.category).toEqual([{ code: "category_not_in_plan", message: outside.message }]);
    for (let i = 0; i < 5; i++) {
      const res = await questions.index.$post({ json: { question_text: `Which analytics tool number ${i}?`, category: i % 2 ? "selection" : "understanding" } });
      expect(res.status).toBe(201);
    }
    const full = await json(await questions.index.$post({ json: { question_text: "One question too many?", category: "selection" } }), 403);
    expect(full.code).toBe("question_quota_exceeded");
  });
});

describe("/quota", () => {
  test("status reports the plan's limits and what is used", async () => {
    const { questions, quota } = await userOn("pro");
    await questions.index.$post({ json: { question_text: "Which analytics tool is best?", category: "benefits" } });
    const status = await json(await quota.status.$get(), 200);
    expect(status).toMatchObject({
      plan_id: "pro",
      limits: {
        allowed_categories: ["selection", "understanding", "benefits", "comparison", "quality"],
        total_available_categories: 5,
        max_questions_per_category: 15,
        max_questions_total: 50,
        max_system_questions_total: 25,
      },
      usage: { questions_total: 1, user_questions: 1, system_questions: 0, remaining: 49 },
    });
    expect(status.limits.category_quotas.benefits).toEqual({ allowed: true, limit: 15, used: 1, remaining: 14 });
  });

  test("a user without a subscription gets the free plan; a lapsed one too", async () => {
    const { userId, quota } = await userOn("pro");
    const db = await api.db();
    await db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1000), cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, userId));
    const status = await json(await quota.status.$get(), 200);
    expect(status.plan_id).toBe("free");
    // Seed 001 §3: free is labelled as Starter, as the sidebar badge is.
    expect(status.plan_name).toBe("Starter");
    expect(status.limits.category_quotas.quality).toEqual({ allowed: false, limit: 0, used: 0, remaining: 0 });
  });

  test("check answers whether an analysis may start", async () => {
    const { quota } = await userOn("free");
    expect(await json(await quota.check.$post(), 200)).toEqual({
      can_analyze: true,
      next_allowed_at: null,
      upgrade_required: false,
      reason: null,
      analyses_today: 0,
      analyses_this_month: 0,
      limits: { per_day: 1, per_month: 10 },
    });
  });
});

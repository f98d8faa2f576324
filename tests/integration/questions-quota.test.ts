import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { subscriptions } from "../../server/db/schema";
import { useApi } from "../helpers/api";

const api = useApi();

/** A signed-in user on `plan`, with a profile whose system questions are removed (a clean slate). */
async function userOn(plan: "free" | "pro" | "business" = "pro") {
  const session = await api.signIn();
  const token = session.access_token;
  if (plan !== "free") {
    const db = await api.db();
    await db.insert(subscriptions).values({ userId: session.user.id, planId: plan, status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
  }
  await api.request("PATCH", "/user/seo-profile", { token, body: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["web analytics"] } });
  for (const question of (await api.request("GET", "/user-questions", { token })).body.questions) {
    await api.request("DELETE", `/user-questions/${question.id}`, { token });
  }
  return { token, userId: session.user.id };
}

describe("/user-questions", () => {
  test("creates, lists with filters, updates and deletes, reporting usage in x-lifetime-* headers", async () => {
    const { token } = await userOn("pro");
    const created = await api.request("POST", "/user-questions", {
      token,
      body: { question_text: "  Which   web analytics tool is best for a shop? ", category: "selection" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ question_text: "Which web analytics tool is best for a shop?", category: "selection", language: "en", source: "user", is_active: true });
    expect(created.headers.get("x-lifetime-limit")).toBe("50");
    expect(created.headers.get("x-lifetime-used")).toBe("1");
    expect(created.headers.get("x-lifetime-remaining")).toBe("49");

    await api.request("POST", "/user-questions", { token, body: { question_text: "Is Acme reliable for small teams?", category: "quality", language: "fr" } });
    const filtered = await api.request("GET", "/user-questions?q=ANALYTICS&category=selection&language=", { token });
    expect(filtered.status).toBe(200);
    expect(filtered.body.questions.map((q: { id: string }) => q.id)).toEqual([created.body.id]);
    // A literal % is a character to find, not a wildcard.
    expect((await api.request("GET", "/user-questions?q=%25", { token })).body.questions).toEqual([]);
    expect((await api.request("GET", "/user-questions?language=fr", { token })).body.total).toBe(1);

    const updated = await api.request("PUT", `/user-questions/${created.body.id}`, { token, body: { is_active: false, category: "comparison" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ is_active: false, category: "comparison" });
    expect((await api.request("GET", "/user-questions?is_active=false", { token })).body.total).toBe(1);

    const deleted = await api.request("DELETE", `/user-questions/${created.body.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("x-lifetime-used")).toBe("1");
    expect((await api.request("DELETE", `/user-questions/${created.body.id}`, { token })).status).toBe(404);
  });

  test("refuses duplicates (409), bad fields (400) and unknown ids", async () => {
    const { token } = await userOn("pro");
    const body = { question_text: "What is the best analytics tool?", category: "selection" };
    expect((await api.request("POST", "/user-questions", { token, body })).status).toBe(201);
    const again = await api.request("POST", "/user-questions", { token, body: { ...body, question_text: "what is the BEST analytics tool?" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("duplicate_question");
    expect(again.body.errors).toEqual({ question_text: [{ code: "duplicate", message: "You already have this question" }] });

    for (const bad of [{ question_text: "hi", category: "selection" }, { question_text: "A fine question?", category: "pricing" }, { question_text: "x".repeat(501), category: "quality" }, {}]) {
      const res = await api.request("POST", "/user-questions", { token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors).toBeDefined();
    }
    expect((await api.request("PUT", "/user-questions/not-an-id", { token, body: { is_active: true } })).status).toBe(400);
    // Pasted line breaks and tabs are spaces; other control characters are refused.
    const pasted = await api.request("POST", "/user-questions", { token, body: { question_text: "Which tool\n\tfits   a shop?", category: "selection" } });
    expect(pasted.status).toBe(201);
    expect(pasted.body.question_text).toBe("Which tool fits a shop?");
    expect((await api.request("POST", "/user-questions", { token, body: { question_text: "Which tool\u0007 fits?", category: "selection" } })).status).toBe(400);
    expect((await api.request("GET", "/user-questions?category=pricing", { token })).status).toBe(400);
  });

  test("no user can read, change or delete another user's question", async () => {
    const alice = await userOn("pro");
    const bob = await userOn("pro");
    const created = await api.request("POST", "/user-questions", { token: alice.token, body: { question_text: "Alice's private question?", category: "selection" } });
    expect((await api.request("GET", "/user-questions", { token: bob.token })).body.questions).toEqual([]);
    expect((await api.request("PUT", `/user-questions/${created.body.id}`, { token: bob.token, body: { question_text: "Hijacked question" } })).status).toBe(404);
    expect((await api.request("DELETE", `/user-questions/${created.body.id}`, { token: bob.token })).status).toBe(404);
    expect((await api.request("GET", `/user-questions/${created.body.id}`, { token: bob.token })).status).toBe(404);
    expect((await api.request("GET", "/user-questions", { token: alice.token })).body.questions[0].question_text).toBe("Alice's private question?");
  });

  test("the plan's categories and quotas are enforced (403 with the field)", async () => {
    const { token } = await userOn("free");
    const outside = await api.request("POST", "/user-questions", { token, body: { question_text: "How does Acme compare to Rival?", category: "comparison" } });
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe("category_not_in_plan");
    expect(outside.body.errors.category).toEqual([{ code: "category_not_in_plan", message: outside.body.message }]);
    for (let i = 0; i < 5; i++) {
      const res = await api.request("POST", "/user-questions", { token, body: { question_text: `Which analytics tool number ${i}?`, category: i % 2 ? "selection" : "understanding" } });
      expect(res.status).toBe(201);
    }
    const full = await api.request("POST", "/user-questions", { token, body: { question_text: "One question too many?", category: "selection" } });
    expect(full.status).toBe(403);
    expect(full.body.code).toBe("question_quota_exceeded");
  });
});

describe("/quota", () => {
  test("status reports the plan's limits and what is used", async () => {
    const { token } = await userOn("pro");
    await api.request("POST", "/user-questions", { token, body: { question_text: "Which analytics tool is best?", category: "benefits" } });
    const res = await api.request("GET", "/quota/status", { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
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
    expect(res.body.limits.category_quotas.benefits).toEqual({ allowed: true, limit: 15, used: 1, remaining: 14 });
  });

  test("a user without a subscription gets the free plan; a lapsed one too", async () => {
    const { token, userId } = await userOn("pro");
    const db = await api.db();
    await db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1000), cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, userId));
    const res = await api.request("GET", "/quota/status", { token });
    expect(res.body.plan_id).toBe("free");
    // Seed 001 §3: free is labelled as Starter, as the sidebar badge is.
    expect(res.body.plan_name).toBe("Starter");
    expect(res.body.limits.category_quotas.quality).toEqual({ allowed: false, limit: 0, used: 0, remaining: 0 });
  });

  test("check answers whether an analysis may start", async () => {
    const { token } = await userOn("free");
    const res = await api.request("POST", "/quota/check", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
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

import { describe, expect, test } from "vitest";
import { json, useApi } from "../helpers/api";

const api = useApi();

const subscriptionOf = (token?: string) => api.client("subscription", { token });

describe("GET /subscription/plans", () => {
  test("lists the five plans in order, priced in EUR cents with the yearly saving", async () => {
    const session = await api.signIn();
    const { plans } = await json(await subscriptionOf(session.access_token).plans.$get(), 200);
    expect(plans.map((plan) => plan.id)).toEqual(["free", "starter", "essential", "pro", "business"]);
    expect(plans.map((plan) => plan.position)).toEqual([0, 1, 2, 3, 4]);
    for (const plan of plans) {
      expect(plan.currency).toBe("EUR");
      expect(Number.isInteger(plan.price_monthly)).toBe(true);
      expect(Number.isInteger(plan.price_yearly)).toBe(true);
    }
    expect(plans.map((plan) => [plan.price_monthly, plan.price_yearly, plan.savings_percentage])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [2900, 29000, 17],
      [7900, 79000, 17],
      [19900, 199000, 17],
    ]);
    // Competitors the SEO profile may track, by plan.
    expect(plans.map((plan) => plan.competitor_metrics_limits?.domain_authority)).toEqual([2, 3, 5, 10, 20]);
    expect(plans[2]).toEqual({
      id: "essential",
      name: "Essential",
      position: 2,
      currency: "EUR",
      price_monthly: 2900,
      price_yearly: 29000,
      savings_percentage: 17,
      max_questions_total: 20,
      max_questions_per_category: 8,
      max_system_questions_total: 15,
      categories_available: 4,
      analyses_per_day: 5,
      analyses_per_month: 100,
      site_audits_lifetime: 10,
      competitor_metrics_limits: { domain_authority: 5 },
    });
  });

  test("needs a signed-in user", async () => {
    expect((await subscriptionOf().plans.$get()).status).toBe(401);
  });
});

describe("GET /subscription/current", () => {
  test("is null for a new user", async () => {
    const session = await api.signIn();
    expect(await json(await subscriptionOf(session.access_token).current.$get(), 200)).toEqual({ subscription: null });
  });

  test("after a local checkout: every field, canceled_at and provider included", async () => {
    const subscription = subscriptionOf((await api.signIn()).access_token);
    const started = await json(await subscription.checkout.$post({ json: { plan_id: "essential", billing_period: "monthly" } }), 200);
    expect((await subscription.checkout[":id"].complete.$post({ param: { id: started.checkout_id } })).status).toBe(200);
    const current = (await json(await subscription.current.$get(), 200)).subscription;
    expect(Object.keys(current ?? {}).sort()).toEqual(
      ["billing_period", "cancel_at_period_end", "canceled_at", "current_period_end", "current_period_start", "id", "plan_id", "provider", "status"].sort(),
    );
    expect(current).toMatchObject({ plan_id: "essential", status: "active", billing_period: "monthly", cancel_at_period_end: false, canceled_at: null, provider: "local" });

    expect((await subscription.cancel.$post()).status).toBe(200);
    const canceled = (await json(await subscription.current.$get(), 200)).subscription;
    expect(canceled?.cancel_at_period_end).toBe(true);
    expect(Math.abs(Date.parse(canceled?.canceled_at ?? "") - Date.now())).toBeLessThan(60_000);
  });

  test("needs a signed-in user", async () => {
    expect((await subscriptionOf().current.$get()).status).toBe(401);
  });
});

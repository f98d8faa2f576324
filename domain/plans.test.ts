import { describe, expect, test } from "vitest";
import {
  type ChangeLike,
  billingPeriodOf,
  changeTypeFor,
  FREE_PLAN_IDS,
  hasPaidSubscription,
  inferBillingPeriod,
  isTopPlan,
  maxSavingsPercent,
  monthlyEquivalent,
  type PlanLike,
  pendingChange,
  planCardState,
  priceFor,
  purchasablePlans,
  recommendedPlanId,
  type SubscriptionLike,
  savingsPercent,
} from "./plans";

const DAY = 86_400_000;
const NOW = new Date("2026-03-10T12:00:00.000Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

/** The seeded plans (server/db/seed.ts): EUR cents, a yearly price is ten months' worth. */
const PLANS: PlanLike[] = [
  { id: "free", position: 0, price_monthly: 0, price_yearly: 0 },
  { id: "starter", position: 1, price_monthly: 0, price_yearly: 0 },
  { id: "essential", position: 2, price_monthly: 2900, price_yearly: 29000 },
  { id: "pro", position: 3, price_monthly: 7900, price_yearly: 79000 },
  { id: "business", position: 4, price_monthly: 19900, price_yearly: 199000 },
];

const sub = (overrides: Partial<SubscriptionLike> = {}): SubscriptionLike => ({
  plan_id: "pro",
  status: "active",
  billing_period: "monthly",
  current_period_end: inDays(20),
  cancel_at_period_end: false,
  ...overrides,
});

const change = (overrides: Partial<ChangeLike> = {}): ChangeLike => ({
  change_type: "downgrade",
  status: "pending",
  to_plan_id: "essential",
  to_billing_period: "monthly",
  effective_date: inDays(20),
  ...overrides,
});

describe("inferBillingPeriod (seed 001 §4, §9: yearly when more than 35 days are left)", () => {
  test("35 days exactly is monthly; a millisecond more is yearly", () => {
    expect(inferBillingPeriod(inDays(35), NOW)).toBe("monthly");
    expect(inferBillingPeriod(new Date(NOW.getTime() + 35 * DAY + 1), NOW)).toBe("yearly");
    expect(inferBillingPeriod(new Date(NOW.getTime() + 35 * DAY - 1), NOW)).toBe("monthly");
  });

  test("a usual month, a usual year, a past end", () => {
    expect(inferBillingPeriod(inDays(30), NOW)).toBe("monthly");
    expect(inferBillingPeriod(inDays(31), NOW)).toBe("monthly");
    expect(inferBillingPeriod(inDays(365), NOW)).toBe("yearly");
    expect(inferBillingPeriod(inDays(36), NOW)).toBe("yearly");
    expect(inferBillingPeriod(inDays(-3), NOW)).toBe("monthly");
  });

  test("takes a Date or an ISO string", () => {
    expect(inferBillingPeriod(new Date(inDays(200)), NOW)).toBe("yearly");
    expect(inferBillingPeriod(inDays(200), NOW)).toBe("yearly");
  });
});

describe("billingPeriodOf", () => {
  test("the API's billing_period wins over the inference", () => {
    expect(billingPeriodOf(sub({ billing_period: "yearly", current_period_end: inDays(10) }), NOW)).toBe("yearly");
    expect(billingPeriodOf(sub({ billing_period: "monthly", current_period_end: inDays(300) }), NOW)).toBe("monthly");
  });

  test("without it, the period end decides", () => {
    expect(billingPeriodOf(sub({ billing_period: null, current_period_end: inDays(300) }), NOW)).toBe("yearly");
    expect(billingPeriodOf(sub({ billing_period: undefined, current_period_end: inDays(30) }), NOW)).toBe("monthly");
  });
});

describe("hasPaidSubscription", () => {
  test("none, free and starter are no paid subscription", () => {
    expect(hasPaidSubscription(null, NOW)).toBe(false);
    expect(hasPaidSubscription(undefined, NOW)).toBe(false);
    expect(hasPaidSubscription(sub({ plan_id: "free" }), NOW)).toBe(false);
    expect(hasPaidSubscription(sub({ plan_id: "starter" }), NOW)).toBe(false);
    expect([...FREE_PLAN_IDS].sort()).toEqual(["free", "starter"]);
  });

  test("active, trialing and past_due run; canceled and incomplete do not", () => {
    for (const status of ["active", "trialing", "past_due"]) expect(hasPaidSubscription(sub({ status }), NOW), status).toBe(true);
    for (const status of ["canceled", "incomplete", "unknown"]) expect(hasPaidSubscription(sub({ status }), NOW), status).toBe(false);
  });

  test("a canceled-at-period-end subscription runs until its period ends, not after", () => {
    expect(hasPaidSubscription(sub({ cancel_at_period_end: true, current_period_end: inDays(1) }), NOW)).toBe(true);
    expect(hasPaidSubscription(sub({ cancel_at_period_end: true, current_period_end: NOW.toISOString() }), NOW)).toBe(false);
    expect(hasPaidSubscription(sub({ cancel_at_period_end: true, current_period_end: inDays(-1) }), NOW)).toBe(false);
  });

  test("a renewing subscription whose period end has just passed still runs (the renewal is due)", () => {
    expect(hasPaidSubscription(sub({ current_period_end: inDays(-1) }), NOW)).toBe(true);
  });
});

describe("changeTypeFor (seed 001 §4)", () => {
  const to = (planId: string, period: "monthly" | "yearly" = "monthly") => ({ planId, period });

  test("a later plan is an upgrade, an earlier one a downgrade", () => {
    expect(changeTypeFor(sub(), PLANS, to("business"), NOW)).toBe("upgrade");
    expect(changeTypeFor(sub(), PLANS, to("essential"), NOW)).toBe("downgrade");
    // The position decides, whatever the period.
    expect(changeTypeFor(sub(), PLANS, to("business", "yearly"), NOW)).toBe("upgrade");
    expect(changeTypeFor(sub({ billing_period: "yearly" }), PLANS, to("essential", "yearly"), NOW)).toBe("downgrade");
  });

  test("the same plan with the other period is a billing change; the same plan and period is nothing", () => {
    expect(changeTypeFor(sub(), PLANS, to("pro", "yearly"), NOW)).toBe("billing_change");
    expect(changeTypeFor(sub({ billing_period: "yearly" }), PLANS, to("pro", "monthly"), NOW)).toBe("billing_change");
    expect(changeTypeFor(sub(), PLANS, to("pro", "monthly"), NOW)).toBeNull();
  });

  test("the current period is inferred when the subscription does not say it", () => {
    const yearly = sub({ billing_period: null, current_period_end: inDays(300) });
    expect(changeTypeFor(yearly, PLANS, to("pro", "yearly"), NOW)).toBeNull();
    expect(changeTypeFor(yearly, PLANS, to("pro", "monthly"), NOW)).toBe("billing_change");
  });

  test("no subscription, starter, free or a lapsed one: no change type (straight to checkout)", () => {
    expect(changeTypeFor(null, PLANS, to("pro"), NOW)).toBeNull();
    expect(changeTypeFor(sub({ plan_id: "starter" }), PLANS, to("pro"), NOW)).toBeNull();
    expect(changeTypeFor(sub({ plan_id: "free" }), PLANS, to("pro"), NOW)).toBeNull();
    expect(changeTypeFor(sub({ status: "canceled" }), PLANS, to("business"), NOW)).toBeNull();
    expect(changeTypeFor(sub({ cancel_at_period_end: true, current_period_end: inDays(-1) }), PLANS, to("business"), NOW)).toBeNull();
  });

  test("an unknown plan on either side: null", () => {
    expect(changeTypeFor(sub(), PLANS, to("platinum"), NOW)).toBeNull();
    expect(changeTypeFor(sub({ plan_id: "legacy" }), PLANS, to("pro"), NOW)).toBeNull();
  });
});

describe("pendingChange", () => {
  test("the first future-dated pending downgrade or billing change", () => {
    const billing = change({ change_type: "billing_change", to_plan_id: "pro" });
    expect(pendingChange([billing], NOW)).toBe(billing);
    const history = [change({ status: "applied" }), change({ status: "canceled" }), change({ change_type: "upgrade" }), change({ effective_date: inDays(-1) }), change({ to_plan_id: "essential" })];
    expect(pendingChange(history, NOW)).toBe(history[4]);
  });

  test("nothing pending: undefined", () => {
    expect(pendingChange([], NOW)).toBeUndefined();
    expect(pendingChange([change({ status: "applied" }), change({ effective_date: NOW.toISOString() })], NOW)).toBeUndefined();
  });
});

describe("planCardState (seed 001 §2, §4)", () => {
  const state = (subscription: SubscriptionLike | null, planId: string, period: "monthly" | "yearly", history: ChangeLike[] = []) =>
    planCardState({ subscription, plans: PLANS, history, planId, period, now: NOW });

  test("without a paid subscription every card buys", () => {
    expect(state(null, "pro", "yearly")).toEqual({ action: "buy", changeType: null, disabled: null });
    expect(state(sub({ plan_id: "starter" }), "essential", "monthly")).toEqual({ action: "buy", changeType: null, disabled: null });
    expect(state(sub({ status: "canceled" }), "pro", "monthly")).toEqual({ action: "buy", changeType: null, disabled: null });
  });

  test("the current plan and period is disabled as current; the other period is a billing change", () => {
    expect(state(sub(), "pro", "monthly")).toEqual({ action: "current", changeType: null, disabled: "current" });
    expect(state(sub(), "pro", "yearly")).toEqual({ action: "billing_change", changeType: "billing_change", disabled: null });
  });

  test("upgrade and downgrade cards are enabled", () => {
    expect(state(sub(), "business", "monthly")).toEqual({ action: "upgrade", changeType: "upgrade", disabled: null });
    expect(state(sub(), "essential", "monthly")).toEqual({ action: "downgrade", changeType: "downgrade", disabled: null });
  });

  test("the identical change already pending is disabled as pending; another plan or period is not", () => {
    const history = [change({ to_plan_id: "essential", to_billing_period: "monthly" })];
    expect(state(sub(), "essential", "monthly", history)).toEqual({ action: "downgrade", changeType: "downgrade", disabled: "pending" });
    expect(state(sub(), "essential", "yearly", history).disabled).toBeNull();
    expect(state(sub(), "business", "monthly", history).disabled).toBeNull();
    const toMonthly = [change({ change_type: "billing_change", to_plan_id: "pro", to_billing_period: "monthly" })];
    expect(state(sub({ billing_period: "yearly", current_period_end: inDays(200) }), "pro", "monthly", toMonthly)).toEqual({
      action: "billing_change",
      changeType: "billing_change",
      disabled: "pending",
    });
    // Already applied, voided or past: not pending any more.
    for (const old of [change({ status: "applied" }), change({ status: "canceled" }), change({ effective_date: inDays(-1) })]) {
      expect(state(sub(), "essential", "monthly", [old]).disabled).toBeNull();
    }
  });

  test("canceled at period end: downgrades and changes at renewal are disabled, upgrades and monthly → yearly are not", () => {
    const canceled = sub({ cancel_at_period_end: true });
    expect(state(canceled, "essential", "monthly")).toEqual({ action: "downgrade", changeType: "downgrade", disabled: "downgrade_while_canceled" });
    expect(state(canceled, "essential", "yearly").disabled).toBe("downgrade_while_canceled");
    expect(state(canceled, "business", "monthly")).toEqual({ action: "upgrade", changeType: "upgrade", disabled: null });
    expect(state(canceled, "pro", "yearly")).toEqual({ action: "billing_change", changeType: "billing_change", disabled: null });
    expect(state(canceled, "pro", "monthly").disabled).toBe("current");
    // Yearly → monthly waits for a renewal a canceled subscription will not have.
    const canceledYearly = sub({ cancel_at_period_end: true, billing_period: "yearly" });
    expect(state(canceledYearly, "pro", "monthly")).toEqual({ action: "billing_change", changeType: "billing_change", disabled: "renewal_change_while_canceled" });
  });
});

describe("savings (seed 001 §9)", () => {
  test("(12 × monthly − yearly) / (12 × monthly) × 100, rounded", () => {
    // 10 months for 12: 16.67 % → 17.
    expect(savingsPercent({ price_monthly: 2900, price_yearly: 29000 })).toBe(17);
    expect(savingsPercent({ price_monthly: 1000, price_yearly: 9000 })).toBe(25);
    expect(savingsPercent({ price_monthly: 1000, price_yearly: 12000 })).toBe(0);
    // 0.5 % rounds up, 0.49 % down.
    expect(savingsPercent({ price_monthly: 1000, price_yearly: 11940 })).toBe(1);
    expect(savingsPercent({ price_monthly: 10000, price_yearly: 119412 })).toBe(0);
  });

  test("free plans and dearer yearly prices save nothing (never negative)", () => {
    expect(savingsPercent({ price_monthly: 0, price_yearly: 0 })).toBe(0);
    expect(savingsPercent({ price_monthly: 1000, price_yearly: 15000 })).toBe(0);
  });

  test("the toggle's badge is the largest saving across plans", () => {
    expect(maxSavingsPercent(PLANS)).toBe(17);
    expect(maxSavingsPercent([...PLANS, { id: "x", position: 5, price_monthly: 1000, price_yearly: 6000 }])).toBe(50);
    expect(maxSavingsPercent([])).toBe(0);
    expect(maxSavingsPercent([PLANS[0], PLANS[1]])).toBe(0);
  });
});

describe("prices", () => {
  test("the monthly equivalent of a yearly price is yearly / 12, rounded to the cent", () => {
    expect(monthlyEquivalent(29000)).toBe(2417); // 2416.67
    expect(monthlyEquivalent(79000)).toBe(6583); // 6583.33
    expect(monthlyEquivalent(199000)).toBe(16583); // 16583.33
    expect(monthlyEquivalent(18)).toBe(2); // 1.5 rounds up
    expect(monthlyEquivalent(12000)).toBe(1000);
    expect(monthlyEquivalent(0)).toBe(0);
  });

  test("priceFor picks the period's price", () => {
    expect(priceFor(PLANS[3], "monthly")).toBe(7900);
    expect(priceFor(PLANS[3], "yearly")).toBe(79000);
  });
});

describe("the plan list", () => {
  test("purchasable plans: paid ones only, by monthly price, then position", () => {
    const shuffled = [PLANS[4], PLANS[0], PLANS[3], PLANS[1], PLANS[2]];
    expect(purchasablePlans(shuffled).map((plan) => plan.id)).toEqual(["essential", "pro", "business"]);
    const tie = [
      { id: "b", position: 6, price_monthly: 500, price_yearly: 5000 },
      { id: "a", position: 5, price_monthly: 500, price_yearly: 5000 },
    ];
    expect(purchasablePlans(tie).map((plan) => plan.id)).toEqual(["a", "b"]);
    // Does not reorder its input.
    expect(shuffled[0].id).toBe("business");
  });

  test("a free id is never sold, whatever its price", () => {
    expect(purchasablePlans([{ id: "starter", position: 1, price_monthly: 100, price_yearly: 1000 }])).toEqual([]);
  });

  test("the recommended plan is the middle paid one: pro for the seeded plans", () => {
    expect(recommendedPlanId(PLANS)).toBe("pro");
    expect(recommendedPlanId([PLANS[4], PLANS[2], PLANS[3]])).toBe("pro");
    // Two paid plans: the cheaper of the middle pair.
    expect(recommendedPlanId([PLANS[2], PLANS[4]])).toBe("essential");
    expect(recommendedPlanId([PLANS[4]])).toBe("business");
    expect(recommendedPlanId([PLANS[0], PLANS[1]])).toBeUndefined();
    expect(recommendedPlanId([])).toBeUndefined();
  });

  test("business is the top plan; the others are not", () => {
    expect(isTopPlan(PLANS, "business")).toBe(true);
    for (const id of ["free", "starter", "essential", "pro"]) expect(isTopPlan(PLANS, id), id).toBe(false);
    expect(isTopPlan(PLANS, "platinum")).toBe(false);
    expect(isTopPlan([], "business")).toBe(false);
  });
});

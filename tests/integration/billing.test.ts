import { addMonths, addYears } from "date-fns";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, test } from "vitest";
import { applyDueChanges } from "../../server/billing/renewals";
import { subscriptions } from "../../server/db/schema";
import { type Client, json, refusal, useApi } from "../helpers/api";

/**
 * Seed 001 §4 with the local provider (no STRIPE_SECRET_KEY): every transition of the
 * subscription state machine, through /api/v1/subscription/*.
 */
const api = useApi();

type PlanRequest = InferRequestType<Client<"subscription">["checkout"]["$post"]>["json"];
type PlanId = PlanRequest["plan_id"];
type Period = PlanRequest["billing_period"];

const DAY = 86_400_000;
const CHECKOUT_URL = /^http:\/\/localhost:3000\/settings\/billing\/checkout\/([0-9a-f-]{36})$/;

const subscriptionOf = (token?: string) => api.client("subscription", { token });
const quotaOf = (token: string) => api.client("quota", { token });

async function user() {
  const session = await api.signIn();
  return { token: session.access_token, userId: session.user.id, billing: subscriptionOf(session.access_token) };
}

async function checkout(token: string, plan_id: PlanId, billing_period: Period = "monthly", referral_id?: string) {
  return json(await subscriptionOf(token).checkout.$post({ json: { plan_id, billing_period, ...(referral_id !== undefined && { referral_id }) } }), 200);
}

/** The checkout id in a local checkout url, which must be one. */
function checkoutIdOf(url: string | null) {
  const [, id] = url?.match(CHECKOUT_URL) ?? [];
  expect(id, `a local checkout url: ${url}`).toBeDefined();
  return id!;
}

/** A user who paid for `plan` through the local checkout. */
async function subscribed(plan: PlanId = "pro", period: Period = "monthly") {
  const who = await user();
  const { checkout_id } = await checkout(who.token, plan, period);
  const paid = await json(await who.billing.checkout[":id"].complete.$post({ param: { id: checkout_id } }), 200);
  return { ...who, subscription: paid.subscription };
}

async function current(token: string) {
  return (await json(await subscriptionOf(token).current.$get(), 200)).subscription;
}

/** The current subscription, which must exist. */
async function existing(token: string) {
  const subscription = await current(token);
  expect(subscription, "a subscription").not.toBeNull();
  return subscription!;
}

async function history(token: string) {
  return json(await subscriptionOf(token)["change-history"].$get(), 200);
}

const changePlan = (token: string, plan_id: PlanId, billing_period: Period = "monthly") => subscriptionOf(token)["change-plan"].$put({ json: { plan_id, billing_period } });

async function planOf(token: string) {
  return (await json(await quotaOf(token).status.$get(), 200)).plan_id;
}

/** The local renewal clock, for this user only (the PostgreSQL run shares one database). */
async function clockAt(userId: string, now: Date) {
  const db = await api.db();
  return db.transaction((tx) => applyDueChanges(tx, now, userId));
}

/** Moves the current period so it ended a moment ago (a canceled one then lapses at the next read). */
async function endPeriod(userId: string) {
  const db = await api.db();
  await db
    .update(subscriptions)
    .set({ currentPeriodStart: new Date(Date.now() - 31 * DAY), currentPeriodEnd: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.userId, userId));
}

const near = (iso: string | null | undefined, expected: number, toleranceMs = 60_000) => iso != null && Math.abs(Date.parse(iso) - expected) < toleranceMs;

describe("checkout → subscription (local provider)", () => {
  test("monthly: the url, the checkout, then active for one month with a 'subscribe' entry", async () => {
    const { token, billing } = await user();
    const started = await checkout(token, "pro", "monthly", "ref_abc-1.2");
    const id = checkoutIdOf(started.url);
    expect(id).toBe(started.checkout_id);

    const open = await json(await billing.checkout[":id"].$get({ param: { id } }), 200);
    expect(open).toMatchObject({ id, status: "open", provider: "local", plan_id: "pro", plan_name: "Pro", billing_period: "monthly", amount: 7900, currency: "EUR", referral_id: "ref_abc-1.2", url: started.url });
    // Paying is what starts the subscription.
    expect(await current(token)).toBeNull();

    const before = Date.now();
    const { subscription } = await json(await billing.checkout[":id"].complete.$post({ param: { id } }), 200);
    expect(subscription).toMatchObject({ plan_id: "pro", status: "active", billing_period: "monthly", cancel_at_period_end: false, canceled_at: null, provider: "local" });
    const start = Date.parse(subscription.current_period_start);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now());
    expect(subscription.current_period_end).toBe(addMonths(new Date(start), 1).toISOString());
    expect(await current(token)).toEqual(subscription);

    expect((await json(await billing.checkout[":id"].$get({ param: { id } }), 200)).status).toBe("completed");
    const entries = await history(token);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      change_type: "subscribe",
      status: "applied",
      from_plan_id: null,
      to_plan_id: "pro",
      to_billing_period: "monthly",
      effective_date: subscription.current_period_start,
      amount: 7900,
      currency: "EUR",
    });
  });

  test("yearly: one year, charged the yearly price", async () => {
    const { subscription, token } = await subscribed("essential", "yearly");
    expect(subscription).toMatchObject({ plan_id: "essential", billing_period: "yearly", status: "active" });
    expect(subscription.current_period_end).toBe(addYears(new Date(subscription.current_period_start), 1).toISOString());
    expect((await history(token))[0]).toMatchObject({ change_type: "subscribe", to_billing_period: "yearly", amount: 29000 });
  });

  test("abandoning leaves no subscription; a closed checkout cannot be paid or abandoned again", async () => {
    const { token, billing } = await user();
    const { checkout_id: id } = await checkout(token, "business", "yearly");
    const abandoned = await json(await billing.checkout[":id"].abandon.$post({ param: { id } }), 200);
    expect(abandoned.message).toBeTruthy();
    expect(await current(token)).toBeNull();
    expect(await history(token)).toEqual([]);
    expect((await json(await billing.checkout[":id"].$get({ param: { id } }), 200)).status).toBe("abandoned");
    for (const action of ["complete", "abandon"] as const) {
      const again = await json(await billing.checkout[":id"][action].$post({ param: { id } }), 409, action);
      expect(again.code).toBe("checkout_closed");
    }
    expect(await current(token)).toBeNull();
  });

  test("completing twice is 409 and charges once", async () => {
    const { token, billing } = await user();
    const { checkout_id: id } = await checkout(token, "pro");
    expect((await billing.checkout[":id"].complete.$post({ param: { id } })).status).toBe(200);
    const again = await json(await billing.checkout[":id"].complete.$post({ param: { id } }), 409);
    expect(again.code).toBe("checkout_closed");
    expect((await history(token)).map((entry) => entry.change_type)).toEqual(["subscribe"]);
  });

  test("with a subscription, a new checkout is 409 subscription_exists, and so is paying one opened before", async () => {
    const { token, billing } = await user();
    const first = await checkout(token, "essential");
    const second = await checkout(token, "business");
    expect((await billing.checkout[":id"].complete.$post({ param: { id: first.checkout_id } })).status).toBe(200);
    const again = await json(await billing.checkout.$post({ json: { plan_id: "business", billing_period: "yearly" } }), 409);
    expect(again.code).toBe("subscription_exists");
    const late = await json(await billing.checkout[":id"].complete.$post({ param: { id: second.checkout_id } }), 409);
    expect(late.code).toBe("subscription_exists");
    expect((await current(token))?.plan_id).toBe("essential");
  });

  test("free and starter are not sold: 400 on checkout and change-plan", async () => {
    const { token, billing } = await user();
    const paying = await subscribed("pro");
    for (const plan_id of ["free", "starter"] as const) {
      for (const who of [token, paying.token]) {
        const refused = await json(await changePlan(who, plan_id), 400, plan_id);
        expect(refused.code).toBe("plan_not_purchasable");
        expect(refused.errors?.plan_id).toEqual([{ code: "plan_not_purchasable", message: refused.message }]);
      }
      const refused = await json(await billing.checkout.$post({ json: { plan_id, billing_period: "monthly" } }), 400, plan_id);
      expect(refused.code).toBe("plan_not_purchasable");
      expect(refused.errors?.plan_id).toEqual([{ code: "plan_not_purchasable", message: refused.message }]);
    }
    expect(await current(token)).toBeNull();
    expect((await current(paying.token))?.plan_id).toBe("pro");
  });

  test("an unknown checkout id, or another user's, is 404; what is no checkout id at all is 400", async () => {
    const alice = await user();
    const bob = await user();
    const { checkout_id } = await checkout(alice.token, "pro");
    for (const [id, status] of [
      [crypto.randomUUID(), 404],
      ["not-a-checkout", 400],
      [checkout_id, 404],
    ] as const) {
      const calls = [
        [`GET /subscription/checkout/${id}`, () => bob.billing.checkout[":id"].$get({ param: { id } })],
        [`POST /subscription/checkout/${id}/complete`, () => bob.billing.checkout[":id"].complete.$post({ param: { id } })],
        [`POST /subscription/checkout/${id}/abandon`, () => bob.billing.checkout[":id"].abandon.$post({ param: { id } })],
      ] as const;
      for (const [route, send] of calls) {
        expect((await send()).status, route).toBe(status);
      }
    }
    expect(await current(bob.token)).toBeNull();
    // Bob's attempts changed nothing: Alice can still pay.
    expect((await alice.billing.checkout[":id"].complete.$post({ param: { id: checkout_id } })).status).toBe(200);
  });
});

describe("PUT /subscription/change-plan", () => {
  test("without a subscription it is a checkout: requires_checkout and a checkout_url to pay", async () => {
    const { token, billing } = await user();
    const res = await json(await changePlan(token, "pro", "yearly"), 200);
    expect(res).toMatchObject({ requires_checkout: true, immediate_change: false, scheduled_change: false, change_type: null, effective_date: null });
    expect(res.message).toBeTruthy();
    const id = checkoutIdOf(res.checkout_url);
    expect(await current(token)).toBeNull();
    const paid = await json(await billing.checkout[":id"].complete.$post({ param: { id } }), 200);
    expect(paid.subscription).toMatchObject({ plan_id: "pro", billing_period: "yearly", status: "active" });
  });

  test("upgrade: immediate, the period continues, a prorated charge between 0 and the full price", async () => {
    const { token, subscription } = await subscribed("essential", "monthly");
    const res = await json(await changePlan(token, "pro", "monthly"), 200);
    expect(res).toMatchObject({ requires_checkout: false, checkout_url: null, immediate_change: true, scheduled_change: false, change_type: "upgrade" });
    expect(near(res.effective_date, Date.now())).toBe(true);
    expect(res.message).toContain("Pro");
    const now = await current(token);
    expect(now).toMatchObject({ plan_id: "pro", billing_period: "monthly", status: "active", current_period_start: subscription.current_period_start, current_period_end: subscription.current_period_end });
    const [upgrade] = await history(token);
    expect(upgrade).toMatchObject({ change_type: "upgrade", status: "applied", from_plan_id: "essential", to_plan_id: "pro", to_billing_period: "monthly", currency: "EUR" });
    // The new price for the time left less what is unused of the old one: at most 7900 − 2900.
    expect(upgrade.amount).toBeGreaterThan(0);
    expect(upgrade.amount).toBeLessThan(7900);
    expect(upgrade.amount).toBeLessThanOrEqual(5000);
  });

  test("the same plan and period is 409 current_plan", async () => {
    const { token } = await subscribed("pro", "yearly");
    const refused = await json(await changePlan(token, "pro", "yearly"), 409);
    expect(refused.code).toBe("current_plan");
    expect(await history(token)).toHaveLength(1);
  });

  test("downgrade: scheduled at the period end, the plan stays; the same one again is 409 change_pending", async () => {
    const { token, subscription } = await subscribed("business", "monthly");
    const res = await json(await changePlan(token, "pro", "monthly"), 200);
    expect(res).toMatchObject({
      requires_checkout: false,
      checkout_url: null,
      immediate_change: false,
      scheduled_change: true,
      change_type: "downgrade",
      effective_date: subscription.current_period_end,
    });
    expect(await current(token)).toMatchObject({ plan_id: "business", billing_period: "monthly", current_period_end: subscription.current_period_end });
    const [pending] = await history(token);
    expect(pending).toMatchObject({
      change_type: "downgrade",
      status: "pending",
      from_plan_id: "business",
      to_plan_id: "pro",
      to_billing_period: "monthly",
      effective_date: subscription.current_period_end,
    });

    const again = await json(await changePlan(token, "pro", "monthly"), 409);
    expect(again.code).toBe("change_pending");
    expect((await history(token)).filter((entry) => entry.status === "pending")).toHaveLength(1);
  });

  test("a different downgrade replaces the pending one, which becomes canceled", async () => {
    const { token } = await subscribed("business", "monthly");
    expect((await changePlan(token, "pro", "monthly")).status).toBe(200);
    const second = await json(await changePlan(token, "essential", "monthly"), 200);
    expect(second).toMatchObject({ scheduled_change: true, change_type: "downgrade" });
    const entries = await history(token);
    expect(entries.map((entry) => [entry.change_type, entry.to_plan_id, entry.status])).toEqual([
      ["downgrade", "essential", "pending"],
      ["downgrade", "pro", "canceled"],
      ["subscribe", "business", "applied"],
    ]);
    expect((await current(token))?.plan_id).toBe("business");
  });

  test("an upgrade while a downgrade is pending applies now and voids the downgrade", async () => {
    const { token } = await subscribed("pro", "monthly");
    expect((await changePlan(token, "essential", "monthly")).status).toBe(200);
    const up = await json(await changePlan(token, "business", "monthly"), 200);
    expect(up).toMatchObject({ immediate_change: true, change_type: "upgrade" });
    expect((await current(token))?.plan_id).toBe("business");
    const entries = await history(token);
    expect(entries.map((entry) => [entry.change_type, entry.to_plan_id, entry.status])).toEqual([
      ["upgrade", "business", "applied"],
      ["downgrade", "essential", "canceled"],
      ["subscribe", "pro", "applied"],
    ]);
  });

  test("monthly → yearly: immediate, a new one-year period starting now, the yearly price less the unused month", async () => {
    const { token } = await subscribed("pro", "monthly");
    const res = await json(await changePlan(token, "pro", "yearly"), 200);
    expect(res).toMatchObject({ immediate_change: true, scheduled_change: false, change_type: "billing_change" });
    const now = await existing(token);
    expect(now).toMatchObject({ plan_id: "pro", billing_period: "yearly", status: "active" });
    expect(near(now.current_period_start, Date.now())).toBe(true);
    expect(now.current_period_end).toBe(addYears(new Date(now.current_period_start), 1).toISOString());
    const [change] = await history(token);
    expect(change).toMatchObject({ change_type: "billing_change", status: "applied", from_billing_period: "monthly", to_billing_period: "yearly" });
    expect(change.amount).toBeGreaterThan(79000 - 7900 - 1);
    expect(change.amount).toBeLessThanOrEqual(79000);
  });

  test("yearly → monthly: scheduled for the renewal", async () => {
    const { token, subscription } = await subscribed("pro", "yearly");
    const res = await json(await changePlan(token, "pro", "monthly"), 200);
    expect(res).toMatchObject({ immediate_change: false, scheduled_change: true, change_type: "billing_change", effective_date: subscription.current_period_end });
    expect(await current(token)).toMatchObject({ plan_id: "pro", billing_period: "yearly", current_period_end: subscription.current_period_end });
    expect((await history(token))[0]).toMatchObject({ change_type: "billing_change", status: "pending", to_plan_id: "pro", to_billing_period: "monthly", effective_date: subscription.current_period_end });
  });
});

describe("the renewal clock (applyDueChanges)", () => {
  test("before the period end nothing happens", async () => {
    const { token, userId, subscription } = await subscribed("pro", "monthly");
    expect(await clockAt(userId, new Date(Date.parse(subscription.current_period_end) - 1000))).toBe(0);
    expect(await current(token)).toEqual(subscription);
  });

  test("a pending downgrade applies at the period end: the new plan's period starts at the old end", async () => {
    const { token, userId, subscription } = await subscribed("business", "monthly");
    await changePlan(token, "essential", "yearly");
    const oldEnd = new Date(subscription.current_period_end);
    expect(await clockAt(userId, new Date(oldEnd.getTime() + 1000))).toBe(1);
    const now = await existing(token);
    expect(now).toMatchObject({ plan_id: "essential", billing_period: "yearly", status: "active", current_period_start: oldEnd.toISOString() });
    expect(now.current_period_end).toBe(addYears(oldEnd, 1).toISOString());
    const entries = await history(token);
    expect(entries.map((entry) => [entry.change_type, entry.status])).toEqual([
      ["downgrade", "applied"],
      ["subscribe", "applied"],
    ]);
    expect(entries[0]).toMatchObject({ to_plan_id: "essential", effective_date: oldEnd.toISOString(), amount: 29000 });
    // The plan's limits follow.
    expect(await planOf(token)).toBe("essential");
  });

  test("a pending yearly → monthly applies at the renewal", async () => {
    const { token, userId, subscription } = await subscribed("pro", "yearly");
    await changePlan(token, "pro", "monthly");
    const oldEnd = new Date(subscription.current_period_end);
    await clockAt(userId, new Date(oldEnd.getTime() + 1000));
    expect(await current(token)).toMatchObject({ plan_id: "pro", billing_period: "monthly", current_period_start: oldEnd.toISOString(), current_period_end: addMonths(oldEnd, 1).toISOString() });
    expect((await history(token))[0]).toMatchObject({ change_type: "billing_change", status: "applied", amount: 7900 });
  });

  test("without a pending change it renews, once per period that passed", async () => {
    const { token, userId, subscription } = await subscribed("pro", "monthly");
    const oldEnd = new Date(subscription.current_period_end);
    expect(await clockAt(userId, new Date(oldEnd.getTime() + 1000))).toBe(1);
    expect(await current(token)).toMatchObject({ plan_id: "pro", status: "active", current_period_start: oldEnd.toISOString(), current_period_end: addMonths(oldEnd, 1).toISOString() });
    const [renewal] = await history(token);
    expect(renewal).toMatchObject({ change_type: "renew", status: "applied", to_plan_id: "pro", to_billing_period: "monthly", effective_date: oldEnd.toISOString(), amount: 7900, currency: "EUR" });

    // Two more periods gone by: two renewals, the period catches up with the clock.
    const later = addMonths(oldEnd, 2);
    later.setTime(later.getTime() + 1000);
    await clockAt(userId, later);
    const caughtUp = await existing(token);
    expect(caughtUp.current_period_start).toBe(addMonths(oldEnd, 2).toISOString());
    expect(Date.parse(caughtUp.current_period_end)).toBeGreaterThan(later.getTime());
    const entries = await history(token);
    expect(entries.map((entry) => entry.change_type)).toEqual(["renew", "renew", "renew", "subscribe"]);
    expect(entries.slice(0, 3).map((entry) => entry.effective_date)).toEqual([addMonths(oldEnd, 2).toISOString(), addMonths(oldEnd, 1).toISOString(), oldEnd.toISOString()]);
  });
});

describe("cancel and reactivate", () => {
  test("cancel: at period end, a 'cancel' entry, the pending change voided; twice is 409 already_canceled", async () => {
    const { token, billing, subscription } = await subscribed("business", "monthly");
    await changePlan(token, "pro", "monthly");
    const canceled = await json(await billing.cancel.$post(), 200);
    expect(canceled).toMatchObject({ effective_date: subscription.current_period_end });
    expect(canceled.message).toContain(subscription.current_period_end.slice(0, 10));
    const now = await existing(token);
    expect(now).toMatchObject({ plan_id: "business", status: "active", cancel_at_period_end: true, current_period_end: subscription.current_period_end });
    expect(near(now.canceled_at, Date.now())).toBe(true);
    const entries = await history(token);
    expect(entries.map((entry) => [entry.change_type, entry.status])).toEqual([
      ["cancel", "applied"],
      ["downgrade", "canceled"],
      ["subscribe", "applied"],
    ]);
    expect(entries[0]).toMatchObject({ from_plan_id: "business", to_plan_id: null, effective_date: subscription.current_period_end });

    const again = await json(await billing.cancel.$post(), 409);
    expect(again.code).toBe("already_canceled");
  });

  test("while canceled a downgrade is 409 downgrade_while_canceled", async () => {
    const { token, billing } = await subscribed("pro", "yearly");
    await billing.cancel.$post();
    for (const [plan, period] of [["essential", "yearly"], ["essential", "monthly"]] as const) {
      const refused = await json(await changePlan(token, plan, period), 409);
      expect(refused.code).toBe("downgrade_while_canceled");
    }
    expect(await current(token)).toMatchObject({ plan_id: "pro", cancel_at_period_end: true });
  });

  test("an upgrade while canceled applies and reactivates", async () => {
    const { token, billing } = await subscribed("essential", "monthly");
    await billing.cancel.$post();
    const res = await json(await changePlan(token, "pro", "monthly"), 200);
    expect(res).toMatchObject({ immediate_change: true, change_type: "upgrade" });
    expect(await current(token)).toMatchObject({ plan_id: "pro", status: "active", cancel_at_period_end: false, canceled_at: null });
    expect((await history(token)).map((entry) => entry.change_type)).toEqual(["reactivate", "upgrade", "cancel", "subscribe"]);
  });

  test("reactivate: renews again at the period end", async () => {
    const { token, billing, userId, subscription } = await subscribed("pro", "monthly");
    await billing.cancel.$post();
    const res = await json(await billing.reactivate.$post(), 200);
    expect(res.message).toContain(subscription.current_period_end.slice(0, 10));
    expect(await current(token)).toMatchObject({ plan_id: "pro", status: "active", cancel_at_period_end: false, canceled_at: null });
    expect((await history(token))[0]).toMatchObject({ change_type: "reactivate", status: "applied", to_plan_id: "pro" });

    const oldEnd = new Date(subscription.current_period_end);
    await clockAt(userId, new Date(oldEnd.getTime() + 1000));
    expect(await current(token)).toMatchObject({ status: "active", current_period_start: oldEnd.toISOString() });
    expect((await history(token))[0].change_type).toBe("renew");
  });

  test("reactivate when not canceled is 409 not_canceled; cancel without a subscription is 409 no_subscription", async () => {
    const { billing } = await subscribed("pro");
    const res = await json(await billing.reactivate.$post(), 409);
    expect(res.code).toBe("not_canceled");

    const nobody = await user();
    expect((await json(await nobody.billing.reactivate.$post(), 409)).code).toBe("not_canceled");
    const cancel = await json(await nobody.billing.cancel.$post(), 409);
    expect(cancel.code).toBe("no_subscription");
  });

  test("a canceled period that ended: status canceled, the free plan, a checkout to come back", async () => {
    const { token, billing, userId } = await subscribed("pro", "monthly");
    await billing.cancel.$post();
    await endPeriod(userId);

    const lapsed = await current(token);
    expect(lapsed).toMatchObject({ plan_id: "pro", status: "canceled", cancel_at_period_end: true });
    expect((await history(token))[0]).toMatchObject({ change_type: "expire", status: "applied", from_plan_id: "pro", to_plan_id: null });
    expect(await planOf(token)).toBe("free");

    const reactivate = await json(await billing.reactivate.$post(), 409);
    expect(reactivate.code).toBe("subscription_ended");
    expect((await json(await billing.cancel.$post(), 409)).code).toBe("no_subscription");

    const change = await json(await changePlan(token, "pro", "monthly"), 200);
    expect(change).toMatchObject({ requires_checkout: true, immediate_change: false, scheduled_change: false, change_type: null });
    const id = checkoutIdOf(change.checkout_url);
    // Still lapsed until paid; paying starts a fresh period.
    expect((await current(token))?.status).toBe("canceled");
    const paid = await json(await billing.checkout[":id"].complete.$post({ param: { id } }), 200);
    expect(paid.subscription).toMatchObject({ plan_id: "pro", status: "active", cancel_at_period_end: false, canceled_at: null });
    expect(near(paid.subscription.current_period_start, Date.now())).toBe(true);
    expect(await planOf(token)).toBe("pro");
  });

  test("while canceled yearly → monthly is 409 renewal_change_while_canceled: there will be no renewal", async () => {
    const { token, billing } = await subscribed("pro", "yearly");
    await billing.cancel.$post();
    const refused = await json(await changePlan(token, "pro", "monthly"), 409);
    expect(refused.code).toBe("renewal_change_while_canceled");
    expect((await history(token)).filter((entry) => entry.status === "pending")).toEqual([]);
  });

  test("a pending change can be dropped: the current plan continues; with none it is 409 no_pending_change", async () => {
    const { token, billing, userId } = await subscribed("business", "monthly");
    expect((await changePlan(token, "essential", "monthly")).status).toBe(200);
    await json(await billing["pending-change"].$delete(), 200);
    const entries = await history(token);
    expect(entries.find((entry) => entry.change_type === "downgrade")?.status).toBe("canceled");
    expect(entries.filter((entry) => entry.status === "pending")).toEqual([]);
    // At the renewal the plan stays business.
    await endPeriod(userId);
    await billing.current.$get();
    expect(await current(token)).toMatchObject({ plan_id: "business", status: "active" });
    const again = await json(await billing["pending-change"].$delete(), 409);
    expect(again.code).toBe("no_pending_change");
    const nobody = await user();
    expect((await nobody.billing["pending-change"].$delete()).status).toBe(409);
  });
});

describe("bad input and access", () => {
  test("bad bodies are 400 with the field, never 500", async () => {
    const { token } = await subscribed("pro");
    const nobody = await user();
    // Requests of the right shape whose values the routes refuse.
    const refused: Array<[PlanRequest, string]> = [
      [{ plan_id: "pro", billing_period: "monthly", referral_id: "has spaces" }, "referral_id"],
      [{ plan_id: "pro", billing_period: "monthly", referral_id: "r".repeat(500) }, "referral_id"],
    ];
    // Not what the routes take at all: a value outside the enums, a wrong type, a missing field.
    const malformed: Array<[unknown, string]> = [
      [{ plan_id: "platinum", billing_period: "monthly" }, "plan_id"],
      [{ plan_id: "pro", billing_period: "weekly" }, "billing_period"],
      [{ plan_id: "pro", billing_period: "monthly", referral_id: 42 }, "referral_id"],
      [{ plan_id: 3, billing_period: "monthly" }, "plan_id"],
      [{ billing_period: "monthly" }, "plan_id"],
      [{ plan_id: "pro" }, "billing_period"],
    ];
    const routes = [
      { method: "POST", path: "/subscription/checkout", send: (billing: Client<"subscription">, body: PlanRequest) => billing.checkout.$post({ json: body }) },
      { method: "PUT", path: "/subscription/change-plan", send: (billing: Client<"subscription">, body: PlanRequest) => billing["change-plan"].$put({ json: body }) },
    ];
    for (const who of [token, nobody.token]) {
      for (const { method, path, send } of routes) {
        for (const [body, field] of refused) {
          const res = await json(await send(subscriptionOf(who), body), 400, `${method} ${path} ${JSON.stringify(body)}`);
          expect(Object.keys(res.errors ?? {}), JSON.stringify(body)).toContain(field);
        }
        for (const [body, field] of malformed) {
          const res = refusal(await api.raw(method, path, { token: who, body }), 400, `${method} ${path} ${JSON.stringify(body)}`);
          expect(Object.keys(res.errors ?? {}), JSON.stringify(body)).toContain(field);
        }
        // Text that is not JSON, or not an object.
        for (const text of ["{", "[1", "plan_id=pro", ""]) {
          const res = refusal(await api.raw(method, path, { token: who, body: text }), 400, `${method} ${path} ${JSON.stringify(text)}`);
          expect(res.message).toBeTruthy();
        }
      }
    }
    // Nothing was bought or changed.
    expect(await current(nobody.token)).toBeNull();
    expect((await current(token))?.plan_id).toBe("pro");
    expect(await history(token)).toHaveLength(1);
  });

  test("a referral id is trimmed and an empty one is none", async () => {
    const { token, billing } = await user();
    const trimmed = await checkout(token, "pro", "monthly", "  ref_1  ");
    expect((await json(await billing.checkout[":id"].$get({ param: { id: trimmed.checkout_id } }), 200)).referral_id).toBe("ref_1");
    const empty = await checkout(token, "pro", "monthly", "");
    expect((await json(await billing.checkout[":id"].$get({ param: { id: empty.checkout_id } }), 200)).referral_id).toBeNull();
  });

  test("every route needs a signed-in user", async () => {
    const id = crypto.randomUUID();
    const plan = { plan_id: "pro", billing_period: "monthly" } as const;
    const routes: Array<[string, (billing: Client<"subscription">) => Promise<{ status: number }>]> = [
      ["GET /subscription/current", (billing) => billing.current.$get()],
      ["GET /subscription/plans", (billing) => billing.plans.$get()],
      ["GET /subscription/change-history", (billing) => billing["change-history"].$get()],
      ["POST /subscription/checkout", (billing) => billing.checkout.$post({ json: plan })],
      [`GET /subscription/checkout/${id}`, (billing) => billing.checkout[":id"].$get({ param: { id } })],
      [`POST /subscription/checkout/${id}/complete`, (billing) => billing.checkout[":id"].complete.$post({ param: { id } })],
      [`POST /subscription/checkout/${id}/abandon`, (billing) => billing.checkout[":id"].abandon.$post({ param: { id } })],
      ["PUT /subscription/change-plan", (billing) => billing["change-plan"].$put({ json: plan })],
      ["POST /subscription/cancel", (billing) => billing.cancel.$post()],
      ["POST /subscription/reactivate", (billing) => billing.reactivate.$post()],
      ["POST /subscription/portal", (billing) => billing.portal.$post()],
    ];
    for (const [route, send] of routes) {
      expect((await send(subscriptionOf())).status, route).toBe(401);
      expect((await send(subscriptionOf("not-a-token"))).status, `${route} (bad token)`).toBe(401);
    }
  });

  test("no user sees or changes another user's subscription", async () => {
    const alice = await subscribed("pro", "monthly");
    await changePlan(alice.token, "essential", "monthly");
    const bob = await user();
    expect(await current(bob.token)).toBeNull();
    expect(await history(bob.token)).toEqual([]);
    expect((await bob.billing.cancel.$post()).status).toBe(409);
    expect((await bob.billing.reactivate.$post()).status).toBe(409);
    // Bob's plan change is his own checkout, not Alice's upgrade.
    expect((await json(await changePlan(bob.token, "business", "monthly"), 200)).requires_checkout).toBe(true);
    expect(await current(alice.token)).toMatchObject({ plan_id: "pro", cancel_at_period_end: false });
    expect((await history(alice.token)).map((entry) => [entry.change_type, entry.status])).toEqual([
      ["downgrade", "pending"],
      ["subscribe", "applied"],
    ]);
    expect(await planOf(bob.token)).toBe("free");
  });

  test("the portal is Stripe's only: 409 portal_unavailable for a local subscription", async () => {
    const { billing } = await subscribed("pro");
    const res = await json(await billing.portal.$post(), 409);
    expect(res.code).toBe("portal_unavailable");
  });
});

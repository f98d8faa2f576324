import { addMonths, addYears } from "date-fns";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { applyDueChanges } from "../../server/billing/renewals";
import { subscriptions } from "../../server/db/schema";
import { useApi } from "../helpers/api";

/**
 * Seed 001 §4 with the local provider (no STRIPE_SECRET_KEY): every transition of the
 * subscription state machine, through /api/v1/subscription/*.
 */
const api = useApi();

type Period = "monthly" | "yearly";
type Change = {
  id: string;
  change_type: string;
  status: string;
  from_plan_id: string | null;
  from_billing_period: Period | null;
  to_plan_id: string | null;
  to_billing_period: Period | null;
  effective_date: string;
  amount: number | null;
  currency: string | null;
  created_at: string;
};

const DAY = 86_400_000;
const CHECKOUT_URL = /^http:\/\/localhost:3000\/settings\/billing\/checkout\/([0-9a-f-]{36})$/;

async function user() {
  const session = await api.signIn();
  return { token: session.access_token, userId: session.user.id };
}

async function checkout(token: string, plan_id: string, billing_period: Period = "monthly", referral_id?: string) {
  const res = await api.request("POST", "/subscription/checkout", { token, body: { plan_id, billing_period, ...(referral_id !== undefined && { referral_id }) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { url: string; checkout_id: string };
}

/** A user who paid for `plan` through the local checkout. */
async function subscribed(plan = "pro", period: Period = "monthly") {
  const who = await user();
  const { checkout_id } = await checkout(who.token, plan, period);
  const paid = await api.request("POST", `/subscription/checkout/${checkout_id}/complete`, { token: who.token });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { ...who, subscription: paid.body.subscription };
}

async function current(token: string) {
  const res = await api.request("GET", "/subscription/current", { token });
  expect(res.status).toBe(200);
  return res.body.subscription;
}

async function history(token: string): Promise<Change[]> {
  const res = await api.request("GET", "/subscription/change-history", { token });
  expect(res.status).toBe(200);
  return res.body;
}

const changePlan = (token: string, plan_id: string, billing_period: Period = "monthly") =>
  api.request("PUT", "/subscription/change-plan", { token, body: { plan_id, billing_period } });

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

const near = (iso: string, expected: number, toleranceMs = 60_000) => Math.abs(Date.parse(iso) - expected) < toleranceMs;

describe("checkout → subscription (local provider)", () => {
  test("monthly: the url, the checkout, then active for one month with a 'subscribe' entry", async () => {
    const { token } = await user();
    const started = await checkout(token, "pro", "monthly", "ref_abc-1.2");
    const [, id] = started.url.match(CHECKOUT_URL) ?? [];
    expect(id).toBe(started.checkout_id);

    const open = await api.request("GET", `/subscription/checkout/${id}`, { token });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ id, status: "open", provider: "local", plan_id: "pro", plan_name: "Pro", billing_period: "monthly", amount: 7900, currency: "EUR", referral_id: "ref_abc-1.2", url: started.url });
    // Paying is what starts the subscription.
    expect(await current(token)).toBeNull();

    const before = Date.now();
    const paid = await api.request("POST", `/subscription/checkout/${id}/complete`, { token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const subscription = paid.body.subscription;
    expect(subscription).toMatchObject({ plan_id: "pro", status: "active", billing_period: "monthly", cancel_at_period_end: false, canceled_at: null, provider: "local" });
    const start = Date.parse(subscription.current_period_start);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now());
    expect(subscription.current_period_end).toBe(addMonths(new Date(start), 1).toISOString());
    expect(await current(token)).toEqual(subscription);

    expect((await api.request("GET", `/subscription/checkout/${id}`, { token })).body.status).toBe("completed");
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
    const { token } = await user();
    const { checkout_id } = await checkout(token, "business", "yearly");
    const abandoned = await api.request("POST", `/subscription/checkout/${checkout_id}/abandon`, { token });
    expect(abandoned.status).toBe(200);
    expect(abandoned.body.message).toBeTruthy();
    expect(await current(token)).toBeNull();
    expect(await history(token)).toEqual([]);
    expect((await api.request("GET", `/subscription/checkout/${checkout_id}`, { token })).body.status).toBe("abandoned");
    for (const action of ["complete", "abandon"]) {
      const again = await api.request("POST", `/subscription/checkout/${checkout_id}/${action}`, { token });
      expect(again.status, action).toBe(409);
      expect(again.body.code).toBe("checkout_closed");
    }
    expect(await current(token)).toBeNull();
  });

  test("completing twice is 409 and charges once", async () => {
    const { token } = await user();
    const { checkout_id } = await checkout(token, "pro");
    expect((await api.request("POST", `/subscription/checkout/${checkout_id}/complete`, { token })).status).toBe(200);
    const again = await api.request("POST", `/subscription/checkout/${checkout_id}/complete`, { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("checkout_closed");
    expect((await history(token)).map((entry) => entry.change_type)).toEqual(["subscribe"]);
  });

  test("with a subscription, a new checkout is 409 subscription_exists, and so is paying one opened before", async () => {
    const { token } = await user();
    const first = await checkout(token, "essential");
    const second = await checkout(token, "business");
    expect((await api.request("POST", `/subscription/checkout/${first.checkout_id}/complete`, { token })).status).toBe(200);
    const again = await api.request("POST", "/subscription/checkout", { token, body: { plan_id: "business", billing_period: "yearly" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("subscription_exists");
    const late = await api.request("POST", `/subscription/checkout/${second.checkout_id}/complete`, { token });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("subscription_exists");
    expect((await current(token)).plan_id).toBe("essential");
  });

  test("free and starter are not sold: 400 on checkout and change-plan", async () => {
    const { token } = await user();
    const paying = await subscribed("pro");
    for (const plan_id of ["free", "starter"]) {
      for (const who of [token, paying.token]) {
        const res = await changePlan(who, plan_id);
        expect(res.status, plan_id).toBe(400);
        expect(res.body.code).toBe("plan_not_purchasable");
        expect(res.body.errors.plan_id).toEqual([{ code: "plan_not_purchasable", message: res.body.message }]);
      }
      const res = await api.request("POST", "/subscription/checkout", { token, body: { plan_id, billing_period: "monthly" } });
      expect(res.status, plan_id).toBe(400);
      expect(res.body.code).toBe("plan_not_purchasable");
      expect(res.body.errors.plan_id).toEqual([{ code: "plan_not_purchasable", message: res.body.message }]);
    }
    expect(await current(token)).toBeNull();
    expect((await current(paying.token)).plan_id).toBe("pro");
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
      for (const [method, path] of [
        ["GET", `/subscription/checkout/${id}`],
        ["POST", `/subscription/checkout/${id}/complete`],
        ["POST", `/subscription/checkout/${id}/abandon`],
      ]) {
        const res = await api.request(method, path, { token: bob.token });
        expect(res.status, `${method} ${path}`).toBe(status);
      }
    }
    expect(await current(bob.token)).toBeNull();
    // Bob's attempts changed nothing: Alice can still pay.
    expect((await api.request("POST", `/subscription/checkout/${checkout_id}/complete`, { token: alice.token })).status).toBe(200);
  });
});

describe("PUT /subscription/change-plan", () => {
  test("without a subscription it is a checkout: requires_checkout and a checkout_url to pay", async () => {
    const { token } = await user();
    const res = await changePlan(token, "pro", "yearly");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ requires_checkout: true, immediate_change: false, scheduled_change: false, change_type: null, effective_date: null });
    expect(res.body.message).toBeTruthy();
    const [, id] = res.body.checkout_url.match(CHECKOUT_URL) ?? [];
    expect(id).toBeDefined();
    expect(await current(token)).toBeNull();
    const paid = await api.request("POST", `/subscription/checkout/${id}/complete`, { token });
    expect(paid.body.subscription).toMatchObject({ plan_id: "pro", billing_period: "yearly", status: "active" });
  });

  test("upgrade: immediate, the period continues, a prorated charge between 0 and the full price", async () => {
    const { token, subscription } = await subscribed("essential", "monthly");
    const res = await changePlan(token, "pro", "monthly");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ requires_checkout: false, checkout_url: null, immediate_change: true, scheduled_change: false, change_type: "upgrade" });
    expect(near(res.body.effective_date, Date.now())).toBe(true);
    expect(res.body.message).toContain("Pro");
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
    const res = await changePlan(token, "pro", "yearly");
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("current_plan");
    expect(await history(token)).toHaveLength(1);
  });

  test("downgrade: scheduled at the period end, the plan stays; the same one again is 409 change_pending", async () => {
    const { token, subscription } = await subscribed("business", "monthly");
    const res = await changePlan(token, "pro", "monthly");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
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

    const again = await changePlan(token, "pro", "monthly");
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("change_pending");
    expect((await history(token)).filter((entry) => entry.status === "pending")).toHaveLength(1);
  });

  test("a different downgrade replaces the pending one, which becomes canceled", async () => {
    const { token } = await subscribed("business", "monthly");
    expect((await changePlan(token, "pro", "monthly")).status).toBe(200);
    const second = await changePlan(token, "essential", "monthly");
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ scheduled_change: true, change_type: "downgrade" });
    const entries = await history(token);
    expect(entries.map((entry) => [entry.change_type, entry.to_plan_id, entry.status])).toEqual([
      ["downgrade", "essential", "pending"],
      ["downgrade", "pro", "canceled"],
      ["subscribe", "business", "applied"],
    ]);
    expect((await current(token)).plan_id).toBe("business");
  });

  test("an upgrade while a downgrade is pending applies now and voids the downgrade", async () => {
    const { token } = await subscribed("pro", "monthly");
    expect((await changePlan(token, "essential", "monthly")).status).toBe(200);
    const up = await changePlan(token, "business", "monthly");
    expect(up.body).toMatchObject({ immediate_change: true, change_type: "upgrade" });
    expect((await current(token)).plan_id).toBe("business");
    const entries = await history(token);
    expect(entries.map((entry) => [entry.change_type, entry.to_plan_id, entry.status])).toEqual([
      ["upgrade", "business", "applied"],
      ["downgrade", "essential", "canceled"],
      ["subscribe", "pro", "applied"],
    ]);
  });

  test("monthly → yearly: immediate, a new one-year period starting now, the yearly price less the unused month", async () => {
    const { token } = await subscribed("pro", "monthly");
    const res = await changePlan(token, "pro", "yearly");
    expect(res.body).toMatchObject({ immediate_change: true, scheduled_change: false, change_type: "billing_change" });
    const now = await current(token);
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
    const res = await changePlan(token, "pro", "monthly");
    expect(res.body).toMatchObject({ immediate_change: false, scheduled_change: true, change_type: "billing_change", effective_date: subscription.current_period_end });
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
    const now = await current(token);
    expect(now).toMatchObject({ plan_id: "essential", billing_period: "yearly", status: "active", current_period_start: oldEnd.toISOString() });
    expect(now.current_period_end).toBe(addYears(oldEnd, 1).toISOString());
    const entries = await history(token);
    expect(entries.map((entry) => [entry.change_type, entry.status])).toEqual([
      ["downgrade", "applied"],
      ["subscribe", "applied"],
    ]);
    expect(entries[0]).toMatchObject({ to_plan_id: "essential", effective_date: oldEnd.toISOString(), amount: 29000 });
    // The plan's limits follow.
    expect((await api.request("GET", "/quota/status", { token })).body.plan_id).toBe("essential");
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
    const caughtUp = await current(token);
    expect(caughtUp.current_period_start).toBe(addMonths(oldEnd, 2).toISOString());
    expect(Date.parse(caughtUp.current_period_end)).toBeGreaterThan(later.getTime());
    const entries = await history(token);
    expect(entries.map((entry) => entry.change_type)).toEqual(["renew", "renew", "renew", "subscribe"]);
    expect(entries.slice(0, 3).map((entry) => entry.effective_date)).toEqual([addMonths(oldEnd, 2).toISOString(), addMonths(oldEnd, 1).toISOString(), oldEnd.toISOString()]);
  });
});

describe("cancel and reactivate", () => {
  test("cancel: at period end, a 'cancel' entry, the pending change voided; twice is 409 already_canceled", async () => {
    const { token, subscription } = await subscribed("business", "monthly");
    await changePlan(token, "pro", "monthly");
    const res = await api.request("POST", "/subscription/cancel", { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ effective_date: subscription.current_period_end });
    expect(res.body.message).toContain(subscription.current_period_end.slice(0, 10));
    const now = await current(token);
    expect(now).toMatchObject({ plan_id: "business", status: "active", cancel_at_period_end: true, current_period_end: subscription.current_period_end });
    expect(near(now.canceled_at, Date.now())).toBe(true);
    const entries = await history(token);
    expect(entries.map((entry) => [entry.change_type, entry.status])).toEqual([
      ["cancel", "applied"],
      ["downgrade", "canceled"],
      ["subscribe", "applied"],
    ]);
    expect(entries[0]).toMatchObject({ from_plan_id: "business", to_plan_id: null, effective_date: subscription.current_period_end });

    const again = await api.request("POST", "/subscription/cancel", { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_canceled");
  });

  test("while canceled a downgrade is 409 downgrade_while_canceled", async () => {
    const { token } = await subscribed("pro", "yearly");
    await api.request("POST", "/subscription/cancel", { token });
    for (const [plan, period] of [["essential", "yearly"], ["essential", "monthly"]] as const) {
      const res = await changePlan(token, plan, period);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("downgrade_while_canceled");
    }
    expect(await current(token)).toMatchObject({ plan_id: "pro", cancel_at_period_end: true });
  });

  test("an upgrade while canceled applies and reactivates", async () => {
    const { token } = await subscribed("essential", "monthly");
    await api.request("POST", "/subscription/cancel", { token });
    const res = await changePlan(token, "pro", "monthly");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ immediate_change: true, change_type: "upgrade" });
    expect(await current(token)).toMatchObject({ plan_id: "pro", status: "active", cancel_at_period_end: false, canceled_at: null });
    expect((await history(token)).map((entry) => entry.change_type)).toEqual(["reactivate", "upgrade", "cancel", "subscribe"]);
  });

  test("reactivate: renews again at the period end", async () => {
    const { token, userId, subscription } = await subscribed("pro", "monthly");
    await api.request("POST", "/subscription/cancel", { token });
    const res = await api.request("POST", "/subscription/reactivate", { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(subscription.current_period_end.slice(0, 10));
    expect(await current(token)).toMatchObject({ plan_id: "pro", status: "active", cancel_at_period_end: false, canceled_at: null });
    expect((await history(token))[0]).toMatchObject({ change_type: "reactivate", status: "applied", to_plan_id: "pro" });

    const oldEnd = new Date(subscription.current_period_end);
    await clockAt(userId, new Date(oldEnd.getTime() + 1000));
    expect(await current(token)).toMatchObject({ status: "active", current_period_start: oldEnd.toISOString() });
    expect((await history(token))[0].change_type).toBe("renew");
  });

  test("reactivate when not canceled is 409 not_canceled; cancel without a subscription is 409 no_subscription", async () => {
    const { token } = await subscribed("pro");
    const res = await api.request("POST", "/subscription/reactivate", { token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("not_canceled");

    const nobody = await user();
    expect((await api.request("POST", "/subscription/reactivate", { token: nobody.token })).body.code).toBe("not_canceled");
    const cancel = await api.request("POST", "/subscription/cancel", { token: nobody.token });
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe("no_subscription");
  });

  test("a canceled period that ended: status canceled, the free plan, a checkout to come back", async () => {
    const { token, userId } = await subscribed("pro", "monthly");
    await api.request("POST", "/subscription/cancel", { token });
    await endPeriod(userId);

    const lapsed = await current(token);
    expect(lapsed).toMatchObject({ plan_id: "pro", status: "canceled", cancel_at_period_end: true });
    expect((await history(token))[0]).toMatchObject({ change_type: "expire", status: "applied", from_plan_id: "pro", to_plan_id: null });
    expect((await api.request("GET", "/quota/status", { token })).body.plan_id).toBe("free");

    const reactivate = await api.request("POST", "/subscription/reactivate", { token });
    expect(reactivate.status).toBe(409);
    expect(reactivate.body.code).toBe("subscription_ended");
    expect((await api.request("POST", "/subscription/cancel", { token })).body.code).toBe("no_subscription");

    const change = await changePlan(token, "pro", "monthly");
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ requires_checkout: true, immediate_change: false, scheduled_change: false, change_type: null });
    const [, id] = change.body.checkout_url.match(CHECKOUT_URL) ?? [];
    // Still lapsed until paid; paying starts a fresh period.
    expect((await current(token)).status).toBe("canceled");
    const paid = await api.request("POST", `/subscription/checkout/${id}/complete`, { token });
    expect(paid.status).toBe(200);
    expect(paid.body.subscription).toMatchObject({ plan_id: "pro", status: "active", cancel_at_period_end: false, canceled_at: null });
    expect(near(paid.body.subscription.current_period_start, Date.now())).toBe(true);
    expect((await api.request("GET", "/quota/status", { token })).body.plan_id).toBe("pro");
  });

  test("while canceled yearly → monthly is 409 renewal_change_while_canceled: there will be no renewal", async () => {
    const { token } = await subscribed("pro", "yearly");
    await api.request("POST", "/subscription/cancel", { token });
    const res = await changePlan(token, "pro", "monthly");
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("renewal_change_while_canceled");
    expect((await history(token)).filter((entry) => entry.status === "pending")).toEqual([]);
  });

  test("a pending change can be dropped: the current plan continues; with none it is 409 no_pending_change", async () => {
    const { token, userId } = await subscribed("business", "monthly");
    expect((await changePlan(token, "essential", "monthly")).status).toBe(200);
    const dropped = await api.request("DELETE", "/subscription/pending-change", { token });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    const entries = await history(token);
    expect(entries.find((entry) => entry.change_type === "downgrade")?.status).toBe("canceled");
    expect(entries.filter((entry) => entry.status === "pending")).toEqual([]);
    // At the renewal the plan stays business.
    await endPeriod(userId);
    await api.request("GET", "/subscription/current", { token });
    expect(await current(token)).toMatchObject({ plan_id: "business", status: "active" });
    const again = await api.request("DELETE", "/subscription/pending-change", { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("no_pending_change");
    const nobody = await user();
    expect((await api.request("DELETE", "/subscription/pending-change", { token: nobody.token })).status).toBe(409);
  });
});

describe("bad input and access", () => {
  test("bad bodies are 400 with the field, never 500", async () => {
    const { token } = await subscribed("pro");
    const nobody = await user();
    const bodies: Array<[unknown, string]> = [
      [{ plan_id: "platinum", billing_period: "monthly" }, "plan_id"],
      [{ plan_id: "pro", billing_period: "weekly" }, "billing_period"],
      [{ plan_id: "pro", billing_period: "monthly", referral_id: "has spaces" }, "referral_id"],
      [{ plan_id: "pro", billing_period: "monthly", referral_id: "r".repeat(500) }, "referral_id"],
      [{ plan_id: "pro", billing_period: "monthly", referral_id: 42 }, "referral_id"],
      [{ plan_id: 3, billing_period: "monthly" }, "plan_id"],
      [{ billing_period: "monthly" }, "plan_id"],
      [{ plan_id: "pro" }, "billing_period"],
    ];
    for (const who of [token, nobody.token]) {
      for (const [method, path] of [
        ["POST", "/subscription/checkout"],
        ["PUT", "/subscription/change-plan"],
      ]) {
        for (const [body, field] of bodies) {
          const res = await api.request(method, path, { token: who, body });
          expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
          expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
        }
        for (const raw of ["{", "[1", "plan_id=pro", ""]) {
          const res = await api.request(method, path, { token: who, body: raw });
          expect(res.status, `${method} ${path} ${JSON.stringify(raw)}`).toBe(400);
          expect(res.body.message).toBeTruthy();
        }
      }
    }
    // Nothing was bought or changed.
    expect(await current(nobody.token)).toBeNull();
    expect((await current(token)).plan_id).toBe("pro");
    expect(await history(token)).toHaveLength(1);
  });

  test("a referral id is trimmed and an empty one is none", async () => {
    const { token } = await user();
    const trimmed = await checkout(token, "pro", "monthly", "  ref_1  ");
    expect((await api.request("GET", `/subscription/checkout/${trimmed.checkout_id}`, { token })).body.referral_id).toBe("ref_1");
    const empty = await checkout(token, "pro", "monthly", "");
    expect((await api.request("GET", `/subscription/checkout/${empty.checkout_id}`, { token })).body.referral_id).toBeNull();
  });

  test("every route needs a signed-in user", async () => {
    const id = crypto.randomUUID();
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/subscription/current"],
      ["GET", "/subscription/plans"],
      ["GET", "/subscription/change-history"],
      ["POST", "/subscription/checkout", { plan_id: "pro", billing_period: "monthly" }],
      ["GET", `/subscription/checkout/${id}`],
      ["POST", `/subscription/checkout/${id}/complete`],
      ["POST", `/subscription/checkout/${id}/abandon`],
      ["PUT", "/subscription/change-plan", { plan_id: "pro", billing_period: "monthly" }],
      ["POST", "/subscription/cancel"],
      ["POST", "/subscription/reactivate"],
      ["POST", "/subscription/portal"],
    ];
    for (const [method, path, body] of routes) {
      expect((await api.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api.request(method, path, { body, token: "not-a-token" })).status, `${method} ${path} (bad token)`).toBe(401);
    }
  });

  test("no user sees or changes another user's subscription", async () => {
    const alice = await subscribed("pro", "monthly");
    await changePlan(alice.token, "essential", "monthly");
    const bob = await user();
    expect(await current(bob.token)).toBeNull();
    expect(await history(bob.token)).toEqual([]);
    expect((await api.request("POST", "/subscription/cancel", { token: bob.token })).status).toBe(409);
    expect((await api.request("POST", "/subscription/reactivate", { token: bob.token })).status).toBe(409);
    // Bob's plan change is his own checkout, not Alice's upgrade.
    expect((await changePlan(bob.token, "business", "monthly")).body.requires_checkout).toBe(true);
    expect(await current(alice.token)).toMatchObject({ plan_id: "pro", cancel_at_period_end: false });
    expect((await history(alice.token)).map((entry) => [entry.change_type, entry.status])).toEqual([
      ["downgrade", "pending"],
      ["subscribe", "applied"],
    ]);
    expect((await api.request("GET", "/quota/status", { token: bob.token })).body.plan_id).toBe("free");
  });

  test("the portal is Stripe's only: 409 portal_unavailable for a local subscription", async () => {
    const { token } = await subscribed("pro");
    const res = await api.request("POST", "/subscription/portal", { token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("portal_unavailable");
  });
});

import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { billingEvents } from "../../server/db/schema";
import { createFakeStripe, FAKE_API_VERSION, type FakeStripe } from "../fakes/stripe";
import { type Client, json, refusal, useApi, withEnv } from "../helpers/api";

/**
 * Billing with Stripe: the real stripe-node SDK talks to a local fake of Stripe's HTTP API, and
 * Stripe's side of things (a payment, a renewal, a declined card) is driven by the fake and
 * reported through signed webhooks, in order, twice or out of order. The environment exists before
 * the runtime starts; the gateway is rebuilt whenever the Stripe settings change.
 */
let fake: FakeStripe;
let undoEnv: () => void;
beforeAll(async () => {
  fake = await createFakeStripe();
  undoEnv = withEnv(fake.env());
});
const api = useApi();
afterAll(async () => {
  undoEnv?.();
  await fake?.close();
});

type PlanRequest = InferRequestType<Client<"subscription">["checkout"]["$post"]>["json"];
type PlanId = PlanRequest["plan_id"];
type Period = PlanRequest["billing_period"];

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

const subscriptionOf = (token: string) => api.client("subscription", { token });

/** POST /webhooks/stripe as Stripe sends it: the exact signed bytes, so through the raw escape hatch. */
const webhook = (payload: string, signature?: string) =>
  api.raw("POST", "/webhooks/stripe", { body: payload, headers: signature === undefined ? {} : { "stripe-signature": signature } });

async function deliver(type: string, object: unknown, opts: Parameters<FakeStripe["signedEvent"]>[2] = {}) {
  const signed = fake.signedEvent(type, object, opts);
  const res = await webhook(signed.payload, signed.signature);
  return { res, ...signed };
}

async function applied(type: string, object: unknown, opts: Parameters<FakeStripe["signedEvent"]>[2] = {}) {
  const delivered = await deliver(type, object, opts);
  expect(delivered.res.status, JSON.stringify(delivered.res.body)).toBe(200);
  expect(delivered.res.body).toEqual({ received: true, result: "applied" });
  return delivered;
}

async function current(token: string) {
  return (await json(await subscriptionOf(token).current.$get(), 200)).subscription;
}

async function history(token: string) {
  return json(await subscriptionOf(token)["change-history"].$get(), 200);
}

const changePlan = (token: string, plan_id: PlanId, billing_period: Period) => subscriptionOf(token)["change-plan"].$put({ json: { plan_id, billing_period } });

async function checkoutOf(token: string, id: string) {
  return json(await subscriptionOf(token).checkout[":id"].$get({ param: { id } }), 200);
}

async function planOf(token: string) {
  return (await json(await api.client("quota", { token }).status.$get(), 200)).plan_id;
}

/** History oldest first, as `type:status:to_plan` strings. */
async function historyLine(token: string) {
  return (await history(token)).reverse().map((entry) => `${entry.change_type}:${entry.status}:${entry.to_plan_id ?? "-"}`);
}

async function startCheckout(plan: PlanId = "essential", period: Period = "monthly", extra: Pick<PlanRequest, "referral_id"> = {}) {
  const session = await api.signIn();
  const token = session.access_token;
  const { checkout_id, url } = await json(await subscriptionOf(token).checkout.$post({ json: { plan_id: plan, billing_period: period, ...extra } }), 200);
  return { token, user: session.user, checkoutId: checkout_id, url, sessionId: fake.sessionIdFromUrl(url) };
}

/** A user subscribed through Checkout and the checkout.session.completed webhook. */
async function subscribed(plan: PlanId = "essential", period: Period = "monthly") {
  const started = await startCheckout(plan, period);
  const paid = fake.completeCheckout(started.sessionId);
  await applied("checkout.session.completed", paid.session);
  return { ...started, subId: paid.subscription.id as string, customerId: paid.subscription.customer as string, paid };
}

describe("checkout on Stripe", () => {
  test("creates a Checkout Session for the plan's price, found by lookup key, with the user and the referral", async () => {
    const before = fake.requests.length;
    const started = await startCheckout("pro", "yearly", { referral_id: "ref_abc-1" });
    expect(started.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\w+$/);
    expect(fake.sessions.get(started.sessionId)?.url).toBe(started.url);

    const sent = fake.requests.slice(before);
    const lookup = sent.find((r) => r.method === "GET" && r.path === "/v1/prices");
    // Cached after the first look-up in this gateway: assert on the last look-up of this key instead.
    const lastLookup = lookup ?? fake.requestsTo("GET", "/v1/prices").findLast((r) => r.query.lookup_keys?.[0] === "sightline_pro_yearly");
    expect(lastLookup?.query).toEqual({ lookup_keys: ["sightline_pro_yearly"], active: "true", limit: "1" });

    const create = sent.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(create).toHaveLength(1);
    expect(create[0].headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(create[0].headers["stripe-version"]).toBe(FAKE_API_VERSION);
    expect(create[0].body).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_pro_yearly", quantity: "1" }],
      success_url: `http://localhost:3000/settings/billing?checkout=${started.checkoutId}`,
      cancel_url: `http://localhost:3000/settings/billing?checkout=${started.checkoutId}&canceled=1`,
      client_reference_id: started.user.id,
      customer_email: started.user.email,
      metadata: { userId: started.user.id, checkoutId: started.checkoutId, referral: "ref_abc-1" },
      subscription_data: { metadata: { userId: started.user.id, referral: "ref_abc-1" } },
      allow_promotion_codes: "true",
    });

    const checkout = await checkoutOf(started.token, started.checkoutId);
    expect(checkout).toMatchObject({ id: started.checkoutId, status: "open", provider: "stripe", plan_id: "pro", billing_period: "yearly", amount: 79000, referral_id: "ref_abc-1", url: started.url });
    expect(await current(started.token)).toBeNull();
  });

  test("checkout.session.completed activates the plan and period of the price, the period end from the item", async () => {
    const started = await startCheckout("pro", "yearly");
    const paid = fake.completeCheckout(started.sessionId);
    const item = paid.subscription.items.data[0];
    expect("current_period_end" in paid.subscription).toBe(false);
    await applied("checkout.session.completed", paid.session);

    const subscription = await current(started.token);
    expect(subscription).toEqual({
      id: expect.any(String),
      plan_id: "pro",
      status: "active",
      billing_period: "yearly",
      current_period_start: iso(item.current_period_start),
      current_period_end: iso(item.current_period_end),
      cancel_at_period_end: false,
      canceled_at: null,
      provider: "stripe",
    });
    expect(item.current_period_end - item.current_period_start).toBeGreaterThan(360 * 86_400);
    expect(await historyLine(started.token)).toEqual(["subscribe:applied:pro"]);
    expect((await checkoutOf(started.token, started.checkoutId)).status).toBe("completed");
    expect(await planOf(started.token)).toBe("pro");
  });

  test("the same event delivered twice is applied once", async () => {
    const started = await startCheckout("essential", "monthly");
    const paid = fake.completeCheckout(started.sessionId);
    const first = await applied("checkout.session.completed", paid.session);
    const again = await webhook(first.payload, first.signature);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, result: "duplicate" });
    // Stripe's other event for the same subscription: applied, but it is the same state.
    await applied("customer.subscription.created", paid.subscription);
    expect(await historyLine(started.token)).toEqual(["subscribe:applied:essential"]);
    const [row] = await (await api.db()).select().from(billingEvents).where(eq(billingEvents.id, first.event.id));
    expect(row).toMatchObject({ id: first.event.id, type: "checkout.session.completed" });
    expect(row.processedAt).toBeInstanceOf(Date);
  });

  test("the browser back from Checkout before the webhook: GET /checkout/{id} reads the session and subscribes", async () => {
    const started = await startCheckout("business", "monthly");
    const paid = fake.completeCheckout(started.sessionId);
    expect((await checkoutOf(started.token, started.checkoutId)).status).toBe("completed");
    expect(fake.requestsTo("GET", `/v1/checkout/sessions/${started.sessionId}`)).toHaveLength(1);
    expect(await current(started.token)).toMatchObject({ plan_id: "business", status: "active", billing_period: "monthly", provider: "stripe" });
    // The webhook arrives afterwards: nothing new.
    await applied("checkout.session.completed", paid.session);
    expect(await historyLine(started.token)).toEqual(["subscribe:applied:business"]);
    // A completed checkout is not read from Stripe again.
    await subscriptionOf(started.token).checkout[":id"].$get({ param: { id: started.checkoutId } });
    expect(fake.requestsTo("GET", `/v1/checkout/sessions/${started.sessionId}`)).toHaveLength(1);
  });

  test("a checkout that is still open at Stripe stays open", async () => {
    const started = await startCheckout("essential", "yearly");
    expect((await checkoutOf(started.token, started.checkoutId)).status).toBe("open");
    expect(await current(started.token)).toBeNull();
  });

  test("two checkouts paid in two tabs: the first subscription stays, the second is ended at Stripe", async () => {
    const first = await startCheckout("essential", "monthly");
    const second = await json(await subscriptionOf(first.token).checkout.$post({ json: { plan_id: "pro", billing_period: "monthly" } }), 200);
    const paidFirst = fake.completeCheckout(first.sessionId);
    const paidSecond = fake.completeCheckout(fake.sessionIdFromUrl(second.url));
    await applied("checkout.session.completed", paidFirst.session);
    await applied("checkout.session.completed", paidSecond.session);
    expect(await current(first.token)).toMatchObject({ plan_id: "essential", status: "active" });
    expect(fake.subscription(paidSecond.subscription.id).status).toBe("canceled");
    expect(fake.subscription(paidFirst.subscription.id).status).toBe("active");
    // The second one's later events change nothing here.
    await applied("customer.subscription.deleted", fake.subscription(paidSecond.subscription.id));
    expect(await current(first.token)).toMatchObject({ plan_id: "essential", status: "active" });
    expect(await historyLine(first.token)).toEqual(["subscribe:applied:essential"]);
  });

  test("a user with a running subscription cannot start another checkout", async () => {
    const user = await subscribed("essential", "monthly");
    const res = await json(await subscriptionOf(user.token).checkout.$post({ json: { plan_id: "pro", billing_period: "monthly" } }), 409);
    expect(res.code).toBe("subscription_exists");
  });
});

describe("events out of order", () => {
  test("an old customer.subscription.updated after a newer state does not roll it back", async () => {
    const user = await subscribed("essential", "monthly");
    const stale = fake.subscription(user.subId);
    await json(await changePlan(user.token, "pro", "monthly"), 200);
    await applied("customer.subscription.updated", fake.subscription(user.subId));
    // Delivered late: the state from before the upgrade.
    await applied("customer.subscription.updated", stale, { previousAttributes: { cancel_at_period_end: true } });
    await applied("customer.subscription.created", stale);
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential", "upgrade:applied:pro"]);
  });

  test("customer.subscription.created before checkout.session.completed: subscribed once, the checkout completed", async () => {
    const started = await startCheckout("pro", "monthly");
    const paid = fake.completeCheckout(started.sessionId);
    await applied("customer.subscription.created", paid.subscription);
    expect(await current(started.token)).toMatchObject({ plan_id: "pro", status: "active", provider: "stripe" });
    await applied("invoice.paid", paid.invoice);
    await applied("checkout.session.completed", paid.session);
    expect(await historyLine(started.token)).toEqual(["subscribe:applied:pro"]);
    expect((await checkoutOf(started.token, started.checkoutId)).status).toBe("completed");
  });

  test("an old 'active' event after the subscription ended does not bring it back", async () => {
    const user = await subscribed("pro", "monthly");
    const stale = fake.subscription(user.subId);
    const ended = fake.deleteSubscription(user.subId);
    await applied("customer.subscription.deleted", ended.subscription);
    await applied("customer.subscription.updated", stale);
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", status: "canceled" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:pro", "expire:applied:-"]);
  });
});

describe("plan changes on Stripe", () => {
  test("an upgrade updates the subscription item now, prorated and invoiced, only if paid", async () => {
    const user = await subscribed("essential", "monthly");
    const itemId = user.paid.subscription.items.data[0].id;
    const res = await json(await changePlan(user.token, "pro", "monthly"), 200);
    expect(res).toMatchObject({ requires_checkout: false, immediate_change: true, scheduled_change: false, change_type: "upgrade" });

    const updates = fake.requestsTo("POST", `/v1/subscriptions/${user.subId}`);
    expect(updates).toHaveLength(1);
    expect(updates[0].status).toBe(200);
    expect(updates[0].body).toEqual({
      items: [{ id: itemId, price: "price_pro_monthly" }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
      expand: ["items.data.price"],
    });
    expect(fake.subscription(user.subId).items.data[0].price.id).toBe("price_pro_monthly");
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", billing_period: "monthly", status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential", "upgrade:applied:pro"]);
    // Stripe's event for the same update changes nothing more.
    await applied("customer.subscription.updated", fake.subscription(user.subId));
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential", "upgrade:applied:pro"]);
  });

  test("monthly → yearly starts a yearly period now", async () => {
    const user = await subscribed("pro", "monthly");
    const res = await json(await changePlan(user.token, "pro", "yearly"), 200);
    expect(res).toMatchObject({ immediate_change: true, change_type: "billing_change" });
    const item = fake.subscription(user.subId).items.data[0];
    expect(item.price.id).toBe("price_pro_yearly");
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", billing_period: "yearly", current_period_end: iso(item.current_period_end) });
  });

  test("a declined upgrade payment changes nothing and says so", async () => {
    const user = await subscribed("essential", "monthly");
    fake.declineNextPayment();
    const res = await json(await changePlan(user.token, "business", "monthly"), 402);
    expect(res.code).toBe("payment_declined");
    expect(fake.subscription(user.subId).pending_update).not.toBeNull();
    expect(await current(user.token)).toMatchObject({ plan_id: "essential", status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential"]);
  });

  test("the open invoice of a declined upgrade does not make the subscription past due", async () => {
    const user = await subscribed("essential", "monthly");
    fake.declineNextPayment();
    expect((await changePlan(user.token, "business", "monthly")).status).toBe(402);
    const invoice = fake.invoice(fake.subscription(user.subId).latest_invoice);
    expect(invoice).toMatchObject({ status: "open", billing_reason: "subscription_update" });
    await applied("invoice.payment_failed", invoice);
    expect(await current(user.token)).toMatchObject({ plan_id: "essential", status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential"]);
  });

  test("a declined upgrade while a downgrade is pending: the released schedule's event voids the pending change", async () => {
    const user = await subscribed("pro", "monthly");
    await changePlan(user.token, "essential", "monthly");
    fake.declineNextPayment();
    const res = await changePlan(user.token, "business", "monthly");
    expect(res.status).toBe(402);
    // The schedule was released at Stripe before the payment was tried; Stripe's event says so.
    expect(fake.subscription(user.subId)).toMatchObject({ schedule: null });
    await applied("customer.subscription.updated", fake.subscription(user.subId));
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:pro", "downgrade:canceled:essential"]);
  });

  test("a downgrade is scheduled for the renewal with a subscription schedule, then applied by Stripe's event", async () => {
    const user = await subscribed("business", "monthly");
    const item = user.paid.subscription.items.data[0];
    const res = await json(await changePlan(user.token, "essential", "monthly"), 200);
    expect(res).toMatchObject({ immediate_change: false, scheduled_change: true, change_type: "downgrade", effective_date: iso(item.current_period_end) });

    const created = fake.requestsTo("POST", "/v1/subscription_schedules").filter((r) => r.body.from_subscription === user.subId);
    expect(created).toHaveLength(1);
    expect(created[0].body).toEqual({ from_subscription: user.subId });
    const scheduleId = fake.subscription(user.subId).schedule as string;
    expect(scheduleId).toMatch(/^sub_sched_/);
    const updates = fake.requestsTo("POST", `/v1/subscription_schedules/${scheduleId}`);
    expect(updates).toHaveLength(1);
    expect(updates[0].status).toBe(200);
    expect(updates[0].body).toEqual({
      end_behavior: "release",
      phases: [
        { items: [{ price: "price_business_monthly", quantity: "1" }], start_date: String(item.current_period_start), end_date: String(item.current_period_end) },
        { items: [{ price: "price_essential_monthly", quantity: "1" }], duration: { interval: "month", interval_count: "1" } },
      ],
    });
    // Nothing changes at Stripe or here before the renewal.
    expect(fake.subscription(user.subId).items.data[0].price.id).toBe("price_business_monthly");
    await applied("customer.subscription.updated", fake.subscription(user.subId));
    expect(await current(user.token)).toMatchObject({ plan_id: "business", billing_period: "monthly" });
    const pending = (await history(user.token))[0];
    expect(pending).toMatchObject({ change_type: "downgrade", status: "pending", from_plan_id: "business", to_plan_id: "essential", effective_date: iso(item.current_period_end) });

    // The renewal: Stripe moves to the schedule's next phase.
    const renewed = fake.applySchedulePhase(scheduleId);
    const newItem = renewed.subscription.items.data[0];
    expect(newItem.price.id).toBe("price_essential_monthly");
    await applied("customer.subscription.updated", renewed.subscription, { previousAttributes: { items: user.paid.subscription.items } });
    await applied("invoice.paid", renewed.invoice);
    expect(await current(user.token)).toMatchObject({
      plan_id: "essential",
      billing_period: "monthly",
      status: "active",
      current_period_start: iso(item.current_period_end),
      current_period_end: iso(newItem.current_period_end),
    });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:business", "downgrade:applied:essential"]);
    expect(await planOf(user.token)).toBe("essential");
  });

  test("a second scheduled change rewrites the same schedule and replaces the pending one", async () => {
    const user = await subscribed("business", "yearly");
    await json(await changePlan(user.token, "pro", "yearly"), 200);
    const scheduleId = fake.subscription(user.subId).schedule as string;
    await json(await changePlan(user.token, "essential", "monthly"), 200);
    expect(fake.requestsTo("POST", "/v1/subscription_schedules").filter((r) => r.body.from_subscription === user.subId)).toHaveLength(1);
    const rewrite = fake.requestsTo("POST", `/v1/subscription_schedules/${scheduleId}`).at(-1)!;
    expect(rewrite.body.phases[1]).toEqual({ items: [{ price: "price_essential_monthly", quantity: "1" }], duration: { interval: "month", interval_count: "1" } });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:business", "downgrade:canceled:pro", "downgrade:pending:essential"]);

    const toBusinessMonthly = await json(await changePlan(user.token, "business", "monthly"), 200);
    // Same plan, yearly → monthly: a billing change at renewal, replacing the downgrade.
    expect(toBusinessMonthly).toMatchObject({ scheduled_change: true, change_type: "billing_change" });
    const up = await json(await changePlan(user.token, "business", "yearly"), 409);
    // Back to what it is: nothing to change.
    expect(up.code).toBe("current_plan");
  });

  test("an upgrade while a downgrade is pending releases the schedule, then updates the subscription", async () => {
    const user = await subscribed("pro", "monthly");
    await changePlan(user.token, "essential", "monthly");
    const scheduleId = fake.subscription(user.subId).schedule as string;
    const before = fake.requests.length;
    await json(await changePlan(user.token, "business", "monthly"), 200);
    const calls = fake.requests.slice(before).filter((r) => r.method === "POST").map((r) => r.path);
    expect(calls).toEqual([`/v1/subscription_schedules/${scheduleId}/release`, `/v1/subscriptions/${user.subId}`]);
    expect(fake.schedule(scheduleId).status).toBe("released");
    expect(fake.subscription(user.subId)).toMatchObject({ schedule: null });
    expect(await current(user.token)).toMatchObject({ plan_id: "business" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:pro", "downgrade:canceled:essential", "upgrade:applied:business"]);
  });

  test("after a scheduled downgrade took effect, another downgrade waits for the next renewal and cancel still works", async () => {
    const user = await subscribed("business", "monthly");
    await changePlan(user.token, "pro", "monthly");
    const scheduleId = fake.subscription(user.subId).schedule as string;
    const renewed = fake.applySchedulePhase(scheduleId);
    await applied("customer.subscription.updated", renewed.subscription);
    expect(await current(user.token)).toMatchObject({ plan_id: "pro" });
    // Stripe keeps the schedule attached for its last phase (released when that phase ends).
    expect(fake.subscription(user.subId).schedule).toBe(scheduleId);

    const again = await json(await changePlan(user.token, "essential", "monthly"), 200);
    const phase = renewed.subscription.items.data[0];
    expect(again).toMatchObject({ scheduled_change: true, effective_date: iso(phase.current_period_end) });
    // The same schedule, with the phase running now resent as it is (the past one left out).
    expect(fake.requestsTo("POST", "/v1/subscription_schedules").filter((r) => r.body.from_subscription === user.subId)).toHaveLength(1);
    expect(fake.requestsTo("POST", `/v1/subscription_schedules/${scheduleId}`).at(-1)?.body).toEqual({
      end_behavior: "release",
      phases: [
        { items: [{ price: "price_pro_monthly", quantity: "1" }], start_date: String(phase.current_period_start), end_date: String(phase.current_period_end) },
        { items: [{ price: "price_essential_monthly", quantity: "1" }], duration: { interval: "month", interval_count: "1" } },
      ],
    });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:business", "downgrade:applied:pro", "downgrade:pending:essential"]);
    // Still pro at Stripe until the renewal.
    expect(fake.subscription(user.subId).items.data[0].price.id).toBe("price_pro_monthly");

    await json(await subscriptionOf(user.token).cancel.$post(), 200);
    expect(fake.subscription(user.subId)).toMatchObject({ cancel_at_period_end: true, schedule: null });
    expect(fake.schedule(scheduleId).status).toBe("released");
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", cancel_at_period_end: true });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:business", "downgrade:applied:pro", "downgrade:canceled:essential", "cancel:applied:-"]);
  });
});

describe("cancel and reactivate on Stripe", () => {
  test("cancel sets cancel_at_period_end, releasing a pending change's schedule first; reactivate clears it", async () => {
    const user = await subscribed("pro", "monthly");
    const item = user.paid.subscription.items.data[0];
    await changePlan(user.token, "essential", "monthly");
    const scheduleId = fake.subscription(user.subId).schedule as string;

    const before = fake.requests.length;
    const cancel = await json(await subscriptionOf(user.token).cancel.$post(), 200);
    expect(cancel.effective_date).toBe(iso(item.current_period_end));
    const posts = fake.requests.slice(before).filter((r) => r.method === "POST");
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      [`/v1/subscription_schedules/${scheduleId}/release`, {}],
      [`/v1/subscriptions/${user.subId}`, { cancel_at_period_end: "true" }],
    ]);
    expect(posts.every((r) => r.status === 200)).toBe(true);
    expect(fake.subscription(user.subId)).toMatchObject({ cancel_at_period_end: true, schedule: null });
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", status: "active", cancel_at_period_end: true });
    // Stripe's event for it: no second entry.
    await applied("customer.subscription.updated", fake.subscription(user.subId));
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:pro", "downgrade:canceled:essential", "cancel:applied:-"]);
    // A downgrade while canceled is refused before Stripe is called.
    const down = await json(await changePlan(user.token, "essential", "monthly"), 409);
    expect(down.code).toBe("downgrade_while_canceled");

    await json(await subscriptionOf(user.token).reactivate.$post(), 200);
    expect(fake.requestsTo("POST", `/v1/subscriptions/${user.subId}`).at(-1)?.body).toEqual({ cancel_at_period_end: "false" });
    expect(fake.subscription(user.subId).cancel_at_period_end).toBe(false);
    expect(await current(user.token)).toMatchObject({ cancel_at_period_end: false, canceled_at: null });
    await applied("customer.subscription.updated", fake.subscription(user.subId));
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:pro", "downgrade:canceled:essential", "cancel:applied:-", "reactivate:applied:pro"]);
  });

  test("an upgrade of a canceled subscription reactivates it (two updates: pending updates take no cancel_at_period_end)", async () => {
    const user = await subscribed("essential", "monthly");
    expect((await subscriptionOf(user.token).cancel.$post()).status).toBe(200);
    await json(await changePlan(user.token, "pro", "monthly"), 200);
    expect(fake.subscription(user.subId)).toMatchObject({ cancel_at_period_end: false });
    expect(fake.subscription(user.subId).items.data[0].price.id).toBe("price_pro_monthly");
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", cancel_at_period_end: false });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential", "cancel:applied:-", "upgrade:applied:pro", "reactivate:applied:pro"]);
  });

  test("a cancellation made in the Billing Portal arrives as an event", async () => {
    const user = await subscribed("essential", "monthly");
    const sub = fake.subscription(user.subId);
    fake.subscriptions.get(user.subId)!.cancel_at_period_end = true;
    fake.subscriptions.get(user.subId)!.cancel_at = sub.items.data[0].current_period_end;
    await applied("customer.subscription.updated", fake.subscription(user.subId), { previousAttributes: { cancel_at_period_end: false } });
    expect(await current(user.token)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential", "cancel:applied:-"]);
  });
});

describe("payments and the end of a subscription", () => {
  test("invoice.payment_failed → past_due with a payment_failed entry; invoice.paid → active again", async () => {
    const user = await subscribed("pro", "monthly");
    const failed = fake.failPayment(user.subId);
    expect(failed.invoice.parent.subscription_details.subscription).toBe(user.subId);
    await applied("invoice.payment_failed", failed.invoice);
    await applied("customer.subscription.updated", failed.subscription);
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", status: "past_due" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:pro", "payment_failed:applied:pro"]);
    // The plan stays while Stripe retries the card.
    expect(await planOf(user.token)).toBe("pro");

    const paid = fake.payInvoice(failed.invoice.id);
    await applied("invoice.paid", paid.invoice);
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:pro", "payment_failed:applied:pro"]);
  });

  test("a payment_failed delivered after the invoice was paid is not applied late", async () => {
    const user = await subscribed("essential", "monthly");
    const failed = fake.failPayment(user.subId);
    fake.payInvoice(failed.invoice.id);
    await applied("invoice.payment_failed", failed.invoice);
    expect(await current(user.token)).toMatchObject({ status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential"]);
  });

  test("a renewal moves the period on; invoice.paid brings it here", async () => {
    const user = await subscribed("essential", "monthly");
    const renewed = fake.renew(user.subId);
    await applied("invoice.paid", renewed.invoice);
    const item = renewed.subscription.items.data[0];
    expect(await current(user.token)).toMatchObject({ status: "active", current_period_start: iso(item.current_period_start), current_period_end: iso(item.current_period_end) });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:essential"]);
  });

  test("customer.subscription.deleted → lapsed: the plan limits fall back to free; a new checkout reuses the customer", async () => {
    const user = await subscribed("business", "monthly");
    expect(await planOf(user.token)).toBe("business");
    const ended = fake.deleteSubscription(user.subId);
    await applied("customer.subscription.deleted", ended.subscription);
    expect(await current(user.token)).toMatchObject({ plan_id: "business", status: "canceled" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:business", "expire:applied:-"]);
    expect(await planOf(user.token)).toBe("free");
    const cancel = await json(await subscriptionOf(user.token).cancel.$post(), 409);
    expect(cancel.code).toBe("no_subscription");

    const again = await json(await subscriptionOf(user.token).checkout.$post({ json: { plan_id: "pro", billing_period: "monthly" } }), 200);
    const body = fake.requestsTo("POST", "/v1/checkout/sessions").at(-1)!.body;
    expect(body.customer).toBe(user.customerId);
    expect(body.customer_email).toBeUndefined();
    const paid = fake.completeCheckout(fake.sessionIdFromUrl(again.url));
    await applied("checkout.session.completed", paid.session);
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", status: "active" });
    // The old subscription's late event does not end the new one.
    await applied("customer.subscription.deleted", ended.subscription);
    expect(await current(user.token)).toMatchObject({ plan_id: "pro", status: "active" });
    expect(await historyLine(user.token)).toEqual(["subscribe:applied:business", "expire:applied:-", "subscribe:applied:pro"]);
  });
});

describe("the webhook endpoint", () => {
  test("a bad signature is refused with 400 and nothing is applied", async () => {
    const started = await startCheckout("pro", "monthly");
    const paid = fake.completeCheckout(started.sessionId);
    const wrongSecret = await deliver("checkout.session.completed", paid.session, { secret: "whsec_someone_else" });
    expect(refusal(wrongSecret.res, 400).code).toBe("signature_invalid");

    const good = fake.signedEvent("checkout.session.completed", paid.session);
    const tampered = good.payload.replace(started.user.id, "00000000-0000-4000-8000-000000000000");
    expect(tampered).not.toBe(good.payload);
    const res = await webhook(tampered, good.signature);
    expect(refusal(res, 400).code).toBe("signature_invalid");

    const old = await deliver("checkout.session.completed", paid.session, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    refusal(old.res, 400);

    const db = await api.db();
    for (const id of [wrongSecret.event.id, good.event.id, old.event.id]) {
      expect(await db.select().from(billingEvents).where(eq(billingEvents.id, id))).toEqual([]);
    }
    expect(await current(started.token)).toBeNull();
  });

  test("a body over 256 KB is refused with 413 before any signature work", async () => {
    const huge = JSON.stringify({ id: "evt_huge", object: "event", type: "invoice.paid", data: { object: { padding: "x".repeat(300 * 1024) } } });
    const res = await webhook(huge, fake.sign(huge));
    expect(refusal(res, 413).code).toBe("body_too_large");
  });

  test("a missing Stripe-Signature header is 400", async () => {
    const res = await webhook(JSON.stringify({ id: "evt_x", object: "event", type: "invoice.paid", data: { object: {} } }));
    expect(refusal(res, 400).code).toBe("signature_missing");
  });

  test("a signed body that is not JSON is 400", async () => {
    const payload = "not json";
    const res = await webhook(payload, fake.sign(payload));
    expect(refusal(res, 400).code).toBe("event_invalid");
  });

  test("a validly signed body that is not an event (no type, no id, no data.object) is 400 event_invalid, and nothing is recorded", async () => {
    const bodies = [
      { id: "evt_no_type_0001", object: "event", data: { object: {} } },
      { id: "evt_empty_type_0001", object: "event", type: "", data: { object: {} } },
      { object: "event", type: "invoice.paid", data: { object: {} } },
      { id: "evt_no_data_0001", object: "event", type: "checkout.session.completed" },
      { id: "evt_no_object_0001", object: "event", type: "customer.subscription.updated", data: {} },
      null,
      [],
      42,
    ];
    for (const body of bodies) {
      const payload = JSON.stringify(body);
      const res = await webhook(payload, fake.sign(payload));
      expect(refusal(res, 400, payload).code, payload).toBe("event_invalid");
    }
    const db = await api.db();
    for (const id of ["evt_no_type_0001", "evt_empty_type_0001", "evt_no_data_0001", "evt_no_object_0001"]) {
      expect(await db.select().from(billingEvents).where(eq(billingEvents.id, id))).toEqual([]);
    }
  });

  test("an event type Sightline does not use is acknowledged", async () => {
    const { res } = await deliver("customer.created", { id: "cus_unused", object: "customer" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, result: "applied" });
  });

  test("404 when Stripe is not configured", async () => {
    const undo = withEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
    try {
      const signed = fake.signedEvent("invoice.paid", {});
      const res = await webhook(signed.payload, signed.signature);
      refusal(res, 404);
    } finally {
      undo();
    }
  });
});

describe("the Billing Portal and Stripe's errors", () => {
  test("the portal is Stripe's, for the subscription's customer", async () => {
    const user = await subscribed("essential", "monthly");
    const res = await json(await subscriptionOf(user.token).portal.$post(), 200);
    expect(res.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_\w+$/);
    expect(fake.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)?.body).toEqual({ customer: user.customerId, return_url: "http://localhost:3000/settings/billing" });

    const stranger = await api.signIn();
    const none = await json(await subscriptionOf(stranger.access_token).portal.$post(), 409);
    expect(none.code).toBe("portal_unavailable");
  });

  test("a wrong secret key: the API answers a clean error, not a crash", async () => {
    const session = await api.signIn();
    const undo = withEnv({ STRIPE_SECRET_KEY: "sk_test_wrong_key_0000" });
    try {
      const before = fake.requests.length;
      const res = await subscriptionOf(session.access_token).checkout.$post({ json: { plan_id: "pro", billing_period: "monthly" } });
      expect(fake.requests.slice(before).map((r) => r.status)).toEqual([401]);
      expect(await json(res, 502)).toEqual({ message: expect.stringContaining("Stripe"), code: "payment_provider_error" });
    } finally {
      undo();
    }
    // Nothing was kept of the failed checkout, and the right key works again.
    const retry = await subscriptionOf(session.access_token).checkout.$post({ json: { plan_id: "pro", billing_period: "monthly" } });
    expect(retry.status).toBe(200);
  });

  test("a plan whose Stripe price is missing is a clean error too", async () => {
    const session = await api.signIn();
    const price = fake.prices.get("price_business_yearly")!;
    price.active = false;
    try {
      const res = await json(await subscriptionOf(session.access_token).checkout.$post({ json: { plan_id: "business", billing_period: "yearly" } }), 502);
      expect(res.code).toBe("payment_provider_error");
    } finally {
      price.active = true;
    }
  });
});

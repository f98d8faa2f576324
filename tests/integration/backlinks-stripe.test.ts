import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createFakeStripe, type FakeStripe } from "../fakes/stripe";
import { json, refusal, useApi, withEnv } from "../helpers/api";

/**
 * Issue 15 with Stripe: a backlinks checkout is a Stripe Checkout in payment mode, one line per
 * link priced inline in the order's currency; the order is paid when Stripe's signed
 * checkout.session.completed arrives, once however often it is delivered.
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

const run = randomBytes(4).toString("hex");

test("an order is paid through Stripe Checkout and recorded once from the signed webhook", async () => {
  const admin = (await api.signInAdmin()).access_token;
  const site = await json(
    await api.client("backlinks", { token: admin }).admin.sites.$post({
      json: {
        url: `https://stripe-${run}.co.uk`,
        dr: 55,
        da: 50,
        traffic: 20_000,
        currency: "GBP",
        category: "finance",
        language: "en",
        country: "GB",
        dofollow: true,
        turnaround_days: 4,
        sample_url: null,
        offers: { sponsored_article_permanent: 34_900, link_insertion_permanent: 14_900 },
      },
    }),
    201,
  );
  const session = await api.signIn();
  const token = session.access_token;
  const cart = api.client("cart", { token });
  for (const type of ["sponsored_article_permanent", "link_insertion_permanent"] as const) {
    const item = await json(await cart.items.$post({ json: { page_id: site.id, permanent_link_type: type } }), 201);
    await json(await cart.items[":id"].$put({ param: { id: item.id }, json: { target_url: "https://acme-example.com/pricing", anchor_text: "Acme pricing" } }), 200);
  }

  // A first checkout left open, then a second: the first one's Stripe page is closed, so the same
  // links cannot be paid twice.
  const { orders: abandoned } = await json(await api.client("backlinks", { token }).checkout.$post(), 201);
  const { orders } = await json(await api.client("backlinks", { token }).checkout.$post(), 201);
  const abandonedSession = fake.sessionIdFromUrl(abandoned[0].checkout_url!);
  expect(fake.requests.some((request) => request.method === "POST" && request.path === `/v1/checkout/sessions/${abandonedSession}/expire` && request.status === 200)).toBe(true);
  expect(() => fake.completePayment(abandonedSession)).toThrow(/expired/);
  expect(orders).toHaveLength(1);
  const [order] = orders;
  expect(order).toMatchObject({ provider: "stripe", currency: "GBP", total: 49_800 });
  const sessionId = fake.sessionIdFromUrl(order.checkout_url!);
  const created = fake.requests.findLast((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");
  expect(created?.body).toMatchObject({ mode: "payment", metadata: { kind: "backlinks_order", orderId: order.id }, customer_email: session.user.email });
  expect(fake.lineItemsOf(sessionId).map((line) => line.price_data)).toEqual([
    { currency: "gbp", unit_amount: "34900", product_data: { name: `stripe-${run}.co.uk — sponsored article, permanent` } },
    { currency: "gbp", unit_amount: "14900", product_data: { name: `stripe-${run}.co.uk — link insertion, permanent` } },
  ]);
  // The local test-mode page cannot pay a Stripe order.
  expect(refusal(await api.raw("POST", `/backlinks/orders/${order.id}/pay`, { token }), 409).code).toBe("checkout_not_local");

  const paid = fake.completePayment(sessionId);
  const event = fake.signedEvent("checkout.session.completed", paid);
  for (const attempt of [1, 2]) {
    const res = await api.raw("POST", "/webhooks/stripe", { body: event.payload, headers: { "stripe-signature": event.signature } });
    expect(res.status, `delivery ${attempt}`).toBe(200);
  }
  const after = await json(await api.client("backlinks", { token }).orders[":id"].$get({ param: { id: order.id } }), 200);
  expect(after).toMatchObject({ status: "paid", checkout_url: null });
  expect(after.items.map((item) => item.status)).toEqual(["paid", "paid"]);
  expect((await json(await cart.items.$get({ query: {} }), 200)).total_items).toBe(0);
  const mails = (await api.mailsTo(session.user.email)).filter((mail) => mail.subject === "Your backlinks order is paid");
  expect(mails).toHaveLength(1);
});

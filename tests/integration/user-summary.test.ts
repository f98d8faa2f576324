import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { subscriptions, userIdentities } from "../../server/db/schema";
import { json, refusal, useApi } from "../helpers/api";
import { siteBody } from "../helpers/backlinks";

/**
 * GET /user/summary (issue 16): the profile, the subscription and the cart's size in one call, each
 * exactly as its own endpoint answers it, and only ever the caller's.
 */
const api = useApi();

const DAY = 86_400_000;

/** What the three endpoints the summary stands for answer for this token. */
async function separately(token: string) {
  const [profile, { subscription }, cart] = await Promise.all([
    json(await api.client("user", { token }).profile.$get(), 200),
    json(await api.client("subscription", { token }).current.$get(), 200),
    json(await api.client("cart", { token }).items.$get({ query: {} }), 200),
  ]);
  return { profile, subscription, cart: { total_items: cart.total_items } };
}

const summaryOf = async (token: string) => json(await api.client("user", { token }).summary.$get(), 200);

/** A catalogue site of this run's own, with both link types on sale. */
async function catalogueSite() {
  const admin = api.client("backlinks", { token: (await api.signInAdmin()).access_token });
  return json(await admin.admin.sites.$post({ json: siteBody(`summary-${randomBytes(4).toString("hex")}.com`) }), 201);
}

describe("GET /user/summary", () => {
  test("a new user: the profile, no subscription, an empty cart", async () => {
    const session = await api.signIn();
    const summary = await summaryOf(session.access_token);
    expect(summary).toEqual(await separately(session.access_token));
    expect(summary).toMatchObject({ profile: { id: session.user.id, identities: [] }, subscription: null, cart: { total_items: 0 } });
  });

  test("identities, a subscription and cart lines: each as its own endpoint says, never another user's", async () => {
    const db = await api.db();
    const [owner, other] = [await api.signIn(), await api.signIn()];
    const site = await catalogueSite();
    // The other user has rows of every kind too, which must not show in the owner's summary.
    for (const [session, count] of [[owner, 2], [other, 1]] as const) {
      await db.insert(userIdentities).values({ userId: session.user.id, provider: "google", subject: `sub-${session.user.id}`, email: session.user.email });
      const cart = api.client("cart", { token: session.access_token });
      const types = ["link_insertion_permanent", "sponsored_article_permanent"] as const;
      for (const type of types.slice(0, count)) await json(await cart.items.$post({ json: { page_id: site.id, permanent_link_type: type } }), 201);
    }
    await db.insert(userIdentities).values({ userId: owner.user.id, provider: "linkedin", subject: `li-${owner.user.id}`, email: owner.user.email });
    const billing = api.client("subscription", { token: owner.access_token });
    const started = await json(await billing.checkout.$post({ json: { plan_id: "essential", billing_period: "monthly" } }), 200);
    expect((await billing.checkout[":id"].complete.$post({ param: { id: started.checkout_id } })).status).toBe(200);

    const summary = await summaryOf(owner.access_token);
    expect(summary).toEqual(await separately(owner.access_token));
    expect(summary.profile.id).toBe(owner.user.id);
    expect(summary.profile.identities.map((identity) => identity.provider)).toEqual(["google", "linkedin"]);
    expect(summary.subscription).toMatchObject({ plan_id: "essential", status: "active", provider: "local" });
    expect(summary.cart).toEqual({ total_items: 2 });

    const theirs = await summaryOf(other.access_token);
    expect(theirs).toEqual(await separately(other.access_token));
    expect(theirs).toMatchObject({ profile: { id: other.user.id }, subscription: null, cart: { total_items: 1 } });
    expect(theirs.profile.identities).toHaveLength(1);
  });

  test("a local renewal that fell due is applied first, as GET /subscription/current does", async () => {
    const session = await api.signInOnPlan("essential");
    const db = await api.db();
    await db
      .update(subscriptions)
      .set({ provider: "local", currentPeriodStart: new Date(Date.now() - 31 * DAY), currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, session.user.id));
    const summary = await summaryOf(session.access_token);
    expect(new Date(summary.subscription?.current_period_end ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(summary).toEqual(await separately(session.access_token));
  });

  test("the profile is read afresh, not from the session check's copy", async () => {
    const session = await api.signIn();
    await summaryOf(session.access_token);
    const user = api.client("user", { token: session.access_token });
    await json(await user.profile.$patch({ json: { first_name: "Ada" } }), 200);
    expect((await summaryOf(session.access_token)).profile.profile.first_name).toBe("Ada");
  });

  test("without a session: 401", async () => {
    refusal(await api.raw("GET", "/user/summary"), 401);
  });
});

import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { planLimits } from "../../server/billing/limits";
import { topUpSystemQuestions } from "../../server/seo-llm/questions";
import { createFakeStripe, type FakeStripe } from "../fakes/stripe";
import { type Client, json, useApi, withEnv } from "../helpers/api";

/**
 * How many questions Sightline generates, and when (server/seo-llm/questions.ts reservedForUser):
 * the plan keeps a fifth of its questions, at least one, for the user's own; generated ones take
 * at most min(max_system_questions_total, total − max(that reserve, what the user wrote)). A plan
 * change that raises the limits fills the new room at once, keeping every question already there.
 *
 *              total  system cap  reserve  generated
 *   free           5           5        1          4
 *   essential     20          15        4         15
 *   pro           50          25       10         25
 *   business     100          50       20         50
 */

let fake: FakeStripe;
beforeAll(async () => {
  fake = await createFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});
const api = useApi();

const CATEGORIES = ["selection", "understanding", "benefits", "comparison", "quality"] as const;
const PROFILE = {
  BrandName: "Acme",
  MarketLanguage: "en",
  Keywords: ["telehealth platform", "running shoes"],
  Competitors: [{ Name: "Orbit", Domain: null }],
} satisfies InferRequestType<Client<"seoProfile">["index"]["$patch"]>["json"];

function clientsOf(token: string) {
  return {
    questions: api.client("questions", { token }),
    profile: api.client("seoProfile", { token }),
    subscription: api.client("subscription", { token }),
    quota: api.client("quota", { token }),
  };
}

async function userOn(plan: "free" | "essential" | "pro" | "business", withProfile = true) {
  const session = await api.signInOnPlan(plan);
  const clients = clientsOf(session.access_token);
  if (withProfile) await json(await clients.profile.index.$patch({ json: PROFILE }), 200);
  return { token: session.access_token, userId: session.user.id, ...clients };
}

type Clients = ReturnType<typeof clientsOf>;

async function list(questions: Clients["questions"]) {
  const res = await questions.index.$get({ query: {} });
  const body = await json(res, 200);
  return { questions: body.questions, used: Number(res.headers.get("x-lifetime-used")), remaining: Number(res.headers.get("x-lifetime-remaining")) };
}

const perCategory = (questions: Array<{ category: string }>) => Object.fromEntries(CATEGORIES.map((category) => [category, questions.filter((q) => q.category === category).length]));

/** Pays a plan through the local test-mode checkout, as the billing page does. */
async function buy(subscription: Clients["subscription"], plan: "essential" | "pro" | "business") {
  const started = await json(await subscription.checkout.$post({ json: { plan_id: plan, billing_period: "monthly" } }), 200);
  await json(await subscription.checkout[":id"].complete.$post({ param: { id: started.checkout_id } }), 200);
}

let serial = 0;
const ask = (questions: Clients["questions"], category: (typeof CATEGORIES)[number] = "selection") =>
  questions.index.$post({ json: { question_text: `Which telehealth platform suits clinic number ${++serial}?`, category } });

describe("how many questions are generated", () => {
  test("a free account gets 4 generated questions and room for 1 of its own, before it types anything", async () => {
    const { questions, quota, profile } = await userOn("free");
    const generated = await list(questions);
    expect(generated.questions).toHaveLength(4);
    expect(generated.questions.every((q) => q.source === "system")).toBe(true);
    expect(perCategory(generated.questions)).toMatchObject({ selection: 2, understanding: 2 });
    expect({ used: generated.used, remaining: generated.remaining }).toEqual({ used: 4, remaining: 1 });
    expect((await json(await quota.status.$get(), 200)).usage).toMatchObject({ questions_total: 4, system_questions: 4, user_questions: 0, remaining: 1 });

    const mine = await json(await ask(questions, "understanding"), 201);
    expect((await json(await ask(questions), 403)).code).toBe("question_quota_exceeded");

    // The user's question took the reserve: generating again for a new keyword keeps it and the counts.
    await json(await profile.index.$patch({ json: { Keywords: ["bookkeeping app"] } }), 200);
    const after = await list(questions);
    expect(after.questions.filter((q) => q.source === "system")).toHaveLength(4);
    expect(after.questions.filter((q) => q.source === "system" && /telehealth|running shoes/.test(q.question_text))).toEqual([]);
    expect(after.questions.find((q) => q.id === mine.id)).toMatchObject({ source: "user", question_text: mine.question_text });
    expect(after.remaining).toBe(0);
  });

  test.each([
    ["essential", 15, 5],
    ["pro", 25, 25],
    ["business", 50, 50],
  ] as const)("%s: %i generated, %i left for the user, spread over the plan's categories", async (plan, generated, left) => {
    const { questions, quota } = await userOn(plan);
    const listed = await list(questions);
    expect(listed.questions).toHaveLength(generated);
    expect(listed.remaining).toBe(left);
    const { limits } = await json(await quota.status.$get(), 200);
    const counts = Object.entries(perCategory(listed.questions)).filter(([category]) => (limits.allowed_categories as string[]).includes(category)).map(([, n]) => n);
    expect(counts).toHaveLength(limits.allowed_categories.length);
    // As even as the templates allow (with one competitor, quality has fewer distinct questions).
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(Math.floor(generated / counts.length) - 1);
    expect(new Set(listed.questions.map((q) => q.question_text.toLowerCase())).size).toBe(generated);
  });

  test("questions the user wrote fill the reserve first; generated ones take what is left", async () => {
    const { questions, profile } = await userOn("free");
    for (const q of (await list(questions)).questions) await questions[":id"].$delete({ param: { id: q.id } });
    await json(await ask(questions, "selection"), 201);
    await json(await ask(questions, "understanding"), 201);
    await json(await profile.index.$patch({ json: { Keywords: ["accounting software"] } }), 200);
    const listed = await list(questions);
    expect(listed.questions.filter((q) => q.source === "user")).toHaveLength(2);
    // 5 − max(1 reserved, 2 written) = 3.
    expect(listed.questions.filter((q) => q.source === "system")).toHaveLength(3);
    expect(listed.remaining).toBe(0);
  });

  test("an edited generated question stays through regeneration and counts in the generated share", async () => {
    const { questions, profile } = await userOn("free");
    const [first] = (await list(questions)).questions;
    await json(await questions[":id"].$put({ param: { id: first.id }, json: { question_text: "Which telehealth platform do clinics trust most?" } }), 200);
    await json(await profile.index.$patch({ json: { Keywords: ["bookkeeping app"] } }), 200);
    const listed = await list(questions);
    expect(listed.questions).toHaveLength(4);
    expect(listed.questions.find((q) => q.id === first.id)).toMatchObject({ question_text: "Which telehealth platform do clinics trust most?", is_edited: true });
    expect(listed.remaining).toBe(1);
  });
});

describe("a plan change that raises the limits", () => {
  test("fills the new room at once, keeping the user's questions and the generated ones already there", async () => {
    const { userId, questions, subscription } = await userOn("free");
    const before = (await list(questions)).questions;
    const [edited, ...kept] = before;
    await json(await questions[":id"].$put({ param: { id: edited.id }, json: { question_text: "Which telehealth platform do clinics trust most?" } }), 200);
    const off = kept[0];
    await json(await questions[":id"].$put({ param: { id: off.id }, json: { is_active: false } }), 200);
    const mine = await json(await ask(questions), 201);

    await buy(subscription, "pro");
    const pro = await list(questions);
    // 25 system questions (min(25, 50 − max(10, 1))) and the user's one.
    expect(pro.questions.filter((q) => q.source === "system")).toHaveLength(25);
    expect(pro.questions.filter((q) => q.source === "user").map((q) => q.id)).toEqual([mine.id]);
    expect(pro.remaining).toBe(24);
    const ids = new Set(pro.questions.map((q) => q.id));
    for (const q of before) expect(ids.has(q.id), q.question_text).toBe(true);
    expect(pro.questions.find((q) => q.id === edited.id)?.question_text).toBe("Which telehealth platform do clinics trust most?");
    expect(pro.questions.find((q) => q.id === off.id)?.is_active).toBe(false);
    expect(Object.values(perCategory(pro.questions)).every((n) => n >= 4)).toBe(true);
    expect(new Set(pro.questions.map((q) => q.question_text.toLowerCase())).size).toBe(pro.questions.length);

    // Once filled, filling again adds nothing.
    const db = await api.db();
    expect(await db.transaction(async (tx) => topUpSystemQuestions(tx, userId, await planLimits(tx, userId)))).toBe(0);
    expect((await list(questions)).questions).toHaveLength(26);

    // An upgrade through change-plan: the same, to business's share.
    const changed = await json(await subscription["change-plan"].$put({ json: { plan_id: "business", billing_period: "monthly" } }), 200);
    expect(changed).toMatchObject({ immediate_change: true, change_type: "upgrade" });
    const business = await list(questions);
    expect(business.questions.filter((q) => q.source === "system")).toHaveLength(50);
    for (const q of pro.questions) expect(business.questions.some((b) => b.id === q.id)).toBe(true);
  });

  test("a change that raises nothing does not fill back what the user deleted", async () => {
    const { questions, subscription } = await userOn("free");
    await buy(subscription, "pro");
    const pro = (await list(questions)).questions;
    expect(pro).toHaveLength(25);
    for (const q of pro.slice(0, 5)) await questions[":id"].$delete({ param: { id: q.id } });

    await json(await subscription.cancel.$post(), 200);
    await json(await subscription.reactivate.$post(), 200);
    const res = await json(await subscription["change-plan"].$put({ json: { plan_id: "essential", billing_period: "monthly" } }), 200);
    expect(res.scheduled_change).toBe(true);
    await json(await subscription["change-plan"].$put({ json: { plan_id: "pro", billing_period: "yearly" } }), 200);
    expect((await list(questions)).questions).toHaveLength(20);
  });

  test("without a profile there is nothing to generate; the profile's first save then generates the new plan's share", async () => {
    const { token, questions, subscription } = await userOn("free", false);
    await buy(subscription, "pro");
    expect((await list(questions)).questions).toHaveLength(0);
    await json(await clientsOf(token).profile.index.$patch({ json: PROFILE }), 200);
    expect((await list(questions)).questions).toHaveLength(25);
  });

  test("on Stripe: the paid checkout's webhook fills the new room once, however often it is delivered", async () => {
    const undo = withEnv(fake.env());
    try {
      const { token, questions, subscription } = await userOn("free");
      expect((await list(questions)).questions).toHaveLength(4);
      const { url } = await json(await subscription.checkout.$post({ json: { plan_id: "essential", billing_period: "monthly" } }), 200);
      const paid = fake.completeCheckout(fake.sessionIdFromUrl(url));
      const deliver = async (type: string, object: unknown) => {
        const signed = fake.signedEvent(type, object);
        const res = await api.raw("POST", "/webhooks/stripe", { body: signed.payload, headers: { "stripe-signature": signed.signature } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return signed;
      };
      const first = await deliver("checkout.session.completed", paid.session);
      const essential = (await list(questions)).questions;
      expect(essential).toHaveLength(15);

      await api.raw("POST", "/webhooks/stripe", { body: first.payload, headers: { "stripe-signature": first.signature } });
      await deliver("customer.subscription.created", paid.subscription);
      await questions[":id"].$delete({ param: { id: essential[0].id } });
      await deliver("customer.subscription.updated", paid.subscription);
      expect((await list(questions)).questions).toHaveLength(14);
      expect((await json(await clientsOf(token).quota.status.$get(), 200)).plan_id).toBe("essential");
    } finally {
      undo();
    }
  });
});


import { describe, expect, it } from "vitest";
import { createApi } from "../../server/api";
import { MAX_BODY_BYTES } from "../../server/http/middleware";
import { MAX_OPEN_CHECKOUTS } from "../../server/billing/checkout";
import { BILLING_PERIODS, FREE_PLAN_IDS, PLAN_IDS } from "#domain/plans";
import { json, refusal, uniqueIp, useApi } from "../helpers/api";

/**
 * What the outside test of issue 10 found: unbounded bodies, lone surrogates stored as U+FFFD in
 * one field and refused in another, and ten parallel requests opening ten checkouts.
 */
const api = useApi();

const LONE_HIGH = "\ud800";
const LONE_LOW = "\udc00";

/** A JSON body of `bytes` bytes: a login whose e-mail is padded to the size. */
function loginBody(bytes: number) {
  const shell = JSON.stringify({ email: "" });
  return JSON.stringify({ email: "a".repeat(bytes - shell.length) });
}

/** The same bytes, streamed in chunks with no Content-Length, as a client that sends chunked. */
function chunked(text: string, chunkBytes = 64 * 1024) {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunkBytes));
      offset += chunkBytes;
      pulled += 1;
    },
  });
  return { stream, pulled: () => pulled, chunks: Math.ceil(bytes.length / chunkBytes) };
}

describe("body size", () => {
  it("refuses a JSON body over 1 MB by its Content-Length, anonymous or not, with 413", async () => {
    // A body of an exact size: raw.
    const res = await api.raw("POST", "/auth/login", { body: loginBody(MAX_BODY_BYTES + 1) });
    expect(refusal(res, 413)).toEqual({ message: "The request body is larger than 1 MB", code: "body_too_large" });

    const { access_token: token } = await api.signIn();
    const signedIn = await api.client("seoProfile", { token }).index.$patch({ json: { BrandName: "x".repeat(2 * MAX_BODY_BYTES) } });
    expect(signedIn.status).toBe(413);
  });

  it("stops reading a chunked body as soon as it passes the limit", async () => {
    const body = chunked(loginBody(8 * MAX_BODY_BYTES));
    const init = { method: "POST", headers: { "content-type": "application/json" }, body: body.stream, duplex: "half" } as RequestInit;
    // An API of its own: the conformance check wrapped around the shared ones reads whole bodies.
    const res = await createApi().request("/api/v1/auth/login", init, { clientIp: uniqueIp() });
    expect(res.status).toBe(413);
    // 1 MB is 16 chunks of 64 KB: the 17th passes the limit, and nothing after it is read.
    expect(body.pulled()).toBeLessThan(body.chunks / 4);
  });

  it("takes a body just under the limit (and then judges the content, not the size)", async () => {
    const res = await api.raw("POST", "/auth/login", { body: loginBody(MAX_BODY_BYTES) });
    expect(refusal(res, 400).errors).toHaveProperty("email");
  });
});

describe("lone UTF-16 surrogates", () => {
  it("are refused with 400 and the field, in every text of every route, never stored", async () => {
    const { access_token: token } = await api.signIn();
    const user = api.client("user", { token });
    const seoProfile = api.client("seoProfile", { token });
    const cases = [
      ["PATCH /user/profile", () => user.profile.$patch({ json: { first_name: `Jo${LONE_HIGH}` } }), "first_name"],
      ["PATCH /user/seo-profile", () => seoProfile.index.$patch({ json: { BrandName: "Acme", MarketLanguage: "en", Keywords: [`crm${LONE_LOW}`] } }), "Keywords.0"],
      ["PATCH /user/seo-profile", () => seoProfile.index.$patch({ json: { BrandName: `Ac${LONE_HIGH}me`, MarketLanguage: "en", Keywords: ["crm"] } }), "BrandName"],
      [
        "POST /user-questions",
        () => api.client("questions", { token }).index.$post({ json: { question_text: `Which CRM ${LONE_HIGH} is best?`, category: "selection" } }),
        "question_text",
      ],
      ["POST /auth/login", () => api.client("auth").login.$post({ json: { email: `a${LONE_LOW}@example.test` } }), "email"],
    ] as const;
    for (const [label, send, field] of cases) {
      const refused = await json(await send(), 400, label);
      expect(refused.code, label).toBe("invalid_unicode");
      expect(refused.errors, label).toEqual({ [field]: [{ code: "invalid_unicode", message: "Text must be valid Unicode: it contains a lone UTF-16 surrogate" }] });
    }
    const profile = await json(await user.profile.$get(), 200);
    expect(profile.profile.first_name).toBeNull();
    expect((await seoProfile.index.$get()).status).toBe(404);
  });

  it("are refused in a key too, while a surrogate pair (an emoji) is text like any other", async () => {
    const { access_token: token } = await api.signIn();
    // A key no schema has.
    const key = await api.raw("PATCH", "/user/profile", { token, body: { [`first_name${LONE_HIGH}`]: "Jo" } });
    expect(refusal(key, 400).code).toBe("invalid_unicode");

    const emoji = await api.client("user", { token }).profile.$patch({ json: { first_name: "Jo 🚀" } });
    expect((await json(emoji, 200)).profile.first_name).toBe("Jo 🚀");
  });

  it("are refused before the route reads the body: an academy course, as an admin", async () => {
    const { access_token: token } = await api.signInAdmin();
    const res = await api.client("academy", { token }).admin.courses.$post({ json: { slug: "lone", title: `Course ${LONE_HIGH}` } });
    expect((await json(res, 400)).errors).toHaveProperty("title");
  });
});

describe("open checkouts", () => {
  it("ten parallel requests for the same plan open one checkout", async () => {
    const subscription = api.client("subscription", { token: (await api.signIn()).access_token });
    const body = { plan_id: "pro", billing_period: "yearly" } as const;
    const answers = await Promise.all(Array.from({ length: 10 }, async () => json(await subscription.checkout.$post({ json: body }), 200)));
    expect(new Set(answers.map((checkout) => checkout.checkout_id)).size).toBe(1);
    expect(new Set(answers.map((checkout) => checkout.url)).size).toBe(1);
  });

  it(`past ${MAX_OPEN_CHECKOUTS} different open checkouts, the next is 429 until one closes`, async () => {
    const subscription = api.client("subscription", { token: (await api.signIn()).access_token });
    // Every paid plan in both periods: six different checkouts.
    const requests = PLAN_IDS.filter((plan) => !FREE_PLAN_IDS.has(plan)).flatMap((plan_id) => BILLING_PERIODS.map((billing_period) => ({ plan_id, billing_period })));
    expect(requests.length).toBeGreaterThan(MAX_OPEN_CHECKOUTS);
    const opened: string[] = [];
    for (const body of requests.slice(0, MAX_OPEN_CHECKOUTS)) {
      opened.push((await json(await subscription.checkout.$post({ json: body }), 200)).checkout_id);
    }
    const refused = await subscription.checkout.$post({ json: requests[MAX_OPEN_CHECKOUTS] });
    expect((await json(refused, 429)).code).toBe("too_many_checkouts");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Through change-plan too: without a subscription it is a checkout.
    expect((await subscription["change-plan"].$put({ json: requests[MAX_OPEN_CHECKOUTS] })).status).toBe(429);
    // One already open is still given back.
    expect((await json(await subscription.checkout.$post({ json: requests[0] }), 200)).checkout_id).toBe(opened[0]);

    expect((await subscription.checkout[":id"].abandon.$post({ param: { id: opened[1] } })).status).toBe(200);
    expect((await subscription.checkout.$post({ json: requests[MAX_OPEN_CHECKOUTS] })).status).toBe(200);
  });
});

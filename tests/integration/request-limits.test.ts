import { describe, expect, it } from "vitest";
import { createApi } from "../../server/api";
import { MAX_BODY_BYTES } from "../../server/http/middleware";
import { MAX_OPEN_CHECKOUTS } from "../../server/billing/checkout";
import { uniqueEmail, uniqueIp, useApi, withEnv } from "../helpers/api";

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
    const res = await api.request("POST", "/auth/login", { body: loginBody(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "The request body is larger than 1 MB", code: "body_too_large" });

    const { access_token: token } = await api.signIn();
    const signedIn = await api.request("PATCH", "/user/seo-profile", { token, body: { BrandName: "x".repeat(2 * MAX_BODY_BYTES) } });
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
    const res = await api.request("POST", "/auth/login", { body: loginBody(MAX_BODY_BYTES) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty("email");
  });
});

describe("lone UTF-16 surrogates", () => {
  it("are refused with 400 and the field, in every text of every route, never stored", async () => {
    const { access_token: token } = await api.signIn();
    const cases: Array<[method: string, path: string, body: unknown, field: string]> = [
      ["PATCH", "/user/profile", { first_name: `Jo${LONE_HIGH}` }, "first_name"],
      ["PATCH", "/user/seo-profile", { BrandName: "Acme", MarketLanguage: "en", Keywords: [`crm${LONE_LOW}`] }, "Keywords.0"],
      ["PATCH", "/user/seo-profile", { BrandName: `Ac${LONE_HIGH}me`, MarketLanguage: "en", Keywords: ["crm"] }, "BrandName"],
      ["POST", "/user-questions", { question_text: `Which CRM ${LONE_HIGH} is best?`, category: "selection" }, "question_text"],
      ["POST", "/auth/login", { email: `a${LONE_LOW}@example.test` }, "email"],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await api.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.code, `${method} ${path}`).toBe("invalid_unicode");
      expect(res.body.errors, `${method} ${path}`).toEqual({ [field]: [{ code: "invalid_unicode", message: "Text must be valid Unicode: it contains a lone UTF-16 surrogate" }] });
    }
    const profile = await api.request("GET", "/user/profile", { token });
    expect(profile.body.profile.first_name).toBeNull();
    expect((await api.request("GET", "/user/seo-profile", { token })).status).toBe(404);
  });

  it("are refused in a key too, while a surrogate pair (an emoji) is text like any other", async () => {
    const { access_token: token } = await api.signIn();
    const key = await api.request("PATCH", "/user/profile", { token, body: { [`first_name${LONE_HIGH}`]: "Jo" } });
    expect(key.status).toBe(400);
    expect(key.body.code).toBe("invalid_unicode");

    const emoji = await api.request("PATCH", "/user/profile", { token, body: { first_name: "Jo 🚀" } });
    expect(emoji.status).toBe(200);
    expect(emoji.body.profile.first_name).toBe("Jo 🚀");
  });

  it("are refused before the route reads the body: an academy course, as an admin", async () => {
    const email = uniqueEmail("admin");
    const restore = withEnv({ ADMIN_EMAILS: email });
    try {
      const { access_token: token } = await api.signIn(email);
      const res = await api.request("POST", "/academy/admin/courses", { token, body: { slug: "lone", title: `Course ${LONE_HIGH}` } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty("title");
    } finally {
      restore();
    }
  });
});

describe("open checkouts", () => {
  it("ten parallel requests for the same plan open one checkout", async () => {
    const { access_token: token } = await api.signIn();
    const body = { plan_id: "pro", billing_period: "yearly" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.request("POST", "/subscription/checkout", { token, body })));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((res) => res.body.checkout_id)).size).toBe(1);
    expect(new Set(answers.map((res) => res.body.url)).size).toBe(1);
  });

  it(`past ${MAX_OPEN_CHECKOUTS} different open checkouts, the next is 429 until one closes`, async () => {
    const { access_token: token } = await api.signIn();
    const requests = [
      { plan_id: "essential", billing_period: "monthly" },
      { plan_id: "essential", billing_period: "yearly" },
      { plan_id: "pro", billing_period: "monthly" },
      { plan_id: "pro", billing_period: "yearly" },
      { plan_id: "business", billing_period: "monthly" },
      { plan_id: "business", billing_period: "yearly" },
    ];
    const opened: string[] = [];
    for (const body of requests.slice(0, MAX_OPEN_CHECKOUTS)) {
      const res = await api.request("POST", "/subscription/checkout", { token, body });
      expect(res.status).toBe(200);
      opened.push(res.body.checkout_id);
    }
    const refused = await api.request("POST", "/subscription/checkout", { token, body: requests[MAX_OPEN_CHECKOUTS] });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("too_many_checkouts");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Through change-plan too: without a subscription it is a checkout.
    expect((await api.request("PUT", "/subscription/change-plan", { token, body: requests[MAX_OPEN_CHECKOUTS] })).status).toBe(429);
    // One already open is still given back.
    expect((await api.request("POST", "/subscription/checkout", { token, body: requests[0] })).body.checkout_id).toBe(opened[0]);

    expect((await api.request("POST", `/subscription/checkout/${opened[1]}/abandon`, { token })).status).toBe(200);
    expect((await api.request("POST", "/subscription/checkout", { token, body: requests[MAX_OPEN_CHECKOUTS] })).status).toBe(200);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeAi, type FakeAi, fakeReplies, geminiResponse } from "../../../tests/fakes/ai";
import { createGeminiProvider } from "./gemini";

let fake: FakeAi;
beforeEach(async () => {
  fake = await createFakeAi();
});
afterEach(() => fake.close());

const gemini = (timeoutMs = 5000) => createGeminiProvider({ apiKey: "gemini-test", model: "gemini-2.5-flash", baseUrl: fake.url, timeoutMs });
const question = { question: "Qual CRM para uma pequena agência?", language: "pt", country: "BR" };

describe("gemini (generateContent grounded with Google Search)", () => {
  it("asks with the google_search tool and a language instruction, and reads text, sources and queries", async () => {
    const answer = await gemini().ask(question);

    expect(answer).toEqual({
      // The thought part is not the answer.
      text: "For a small agency, Acme CRM is the best fit. Globex is a cheaper alternative.",
      model: "gemini-2.5-flash-002",
      citations: [
        // Redirects resolved to the pages they lead to; the one that fails falls back to its domain.
        { url: "https://www.acme.example/pricing", title: "acme.example" },
        { url: "https://reviews.example.org/best-crm-2026", title: "reviews.example.org" },
        { url: "https://globex.example.com", title: "globex.example.com" },
      ],
      search_queries: ["best CRM small agency", "acme crm pricing"],
    });

    const generate = fake.requestsTo("gemini");
    expect(generate).toHaveLength(1);
    expect(generate[0].path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    expect(generate[0].headers["x-goog-api-key"]).toBe("gemini-test");
    expect(generate[0].body).toMatchObject({
      contents: [{ role: "user", parts: [{ text: "Qual CRM para uma pequena agência?" }] }],
      systemInstruction: { parts: [{ text: "Answer in Portuguese." }] },
      tools: [{ googleSearch: {} }],
    });
    // Each redirect asked once, without following it.
    const redirects = fake.requestsTo("gemini-redirect");
    expect(redirects.map((request) => `${request.method} ${request.path}`).sort()).toEqual([
      "GET /grounding-api-redirect/src-gone",
      "HEAD /grounding-api-redirect/src-acme",
      "HEAD /grounding-api-redirect/src-gone",
      "HEAD /grounding-api-redirect/src-review",
    ]);
  });

  it("keeps the redirect URL when neither the lookup nor the title gives an address", async () => {
    const body = geminiResponse(fake.url);
    const metadata = body.candidates![0].groundingMetadata!;
    metadata.groundingChunks = [{ web: { uri: `${fake.url}/grounding-api-redirect/src-unknown`, title: "Acme blog" } }];
    fake.respond("gemini", { json: body });
    const answer = await gemini().ask(question);
    expect(answer.citations).toEqual([{ url: `${fake.url}/grounding-api-redirect/src-unknown`, title: "Acme blog" }]);
  });

  it("does not look up URLs on other hosts", async () => {
    const body = geminiResponse(fake.url);
    body.candidates![0].groundingMetadata!.groundingChunks = [{ web: { uri: "http://10.0.0.1/grounding-api-redirect/x", title: "intranet" } }];
    fake.respond("gemini", { json: body });
    const answer = await gemini().ask(question);
    expect(answer.citations).toEqual([{ url: "http://10.0.0.1/grounding-api-redirect/x", title: "intranet" }]);
    expect(fake.requestsTo("gemini-redirect")).toEqual([]);
  });

  it("answers without sources when the model did not search", async () => {
    const body = geminiResponse(fake.url);
    body.candidates![0].groundingMetadata = undefined;
    fake.respond("gemini", { json: body });
    const answer = await gemini().ask(question);
    expect(answer.citations).toEqual([]);
    expect(answer.search_queries).toEqual([]);
  });

  it.each([
    ["a 429 with RetryInfo", fakeReplies.error("gemini", 429, { retryDelay: "37s" }), { kind: "rate_limited", status: 429, retryAfterMs: 37_000 }],
    ["a 429 without RetryInfo", fakeReplies.error("gemini", 429), { kind: "rate_limited", status: 429, retryAfterMs: null }],
    ["a 503", fakeReplies.error("gemini", 503), { kind: "unavailable", status: 503 }],
    ["a 403", fakeReplies.error("gemini", 403), { kind: "auth", status: 403, message: "gemini: Fake PERMISSION_DENIED" }],
    ["a body that is not JSON", fakeReplies.invalidJson(), { kind: "malformed" }],
    ["JSON that is not a response", fakeReplies.wrongShape(), { kind: "malformed" }],
  ])("maps %s to a ProviderError, in one request (the SDK's retries stay off)", async (_name, reply, expected) => {
    fake.respond("gemini", reply);
    await expect(gemini().ask(question)).rejects.toMatchObject(expected);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out on a server slower than the configured time-out", async () => {
    fake.respond("gemini", fakeReplies.slow(2000));
    await expect(gemini(100).ask(question)).rejects.toMatchObject({ kind: "timeout" });
  });
});

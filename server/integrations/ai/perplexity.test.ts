import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeAi, type FakeAi, fakeReplies, perplexityCompletion } from "../../../tests/fakes/ai";
import { createPerplexityProvider } from "./perplexity";

let fake: FakeAi;
beforeEach(async () => {
  fake = await createFakeAi();
});
afterEach(() => fake.close());

const perplexity = (timeoutMs = 5000) => createPerplexityProvider({ apiKey: "pplx-test", model: "sonar", baseUrl: fake.url, timeoutMs });
const question = { question: "Quale CRM per una piccola agenzia?", language: "it", country: "IT" };

describe("perplexity (Sonar chat completions, official SDK)", () => {
  it("asks sonar at /chat/completions in the market's language and reads sources and search keywords", async () => {
    const answer = await perplexity().ask(question);

    expect(answer).toEqual({
      text: "Acme CRM is the best choice for small agencies [1][2].",
      model: "sonar",
      citations: [
        { url: "https://www.acme.example/pricing", title: "Acme CRM pricing" },
        { url: "https://reviews.example.org/best-crm-2026", title: "Best CRMs of 2026" },
      ],
      search_queries: ["best CRM small agency", "Acme CRM pricing", "acme crm pricing"],
    });

    const [request] = fake.requests;
    expect(request.path).toBe("/chat/completions");
    expect(request.headers.authorization).toBe("Bearer pplx-test");
    expect(request.body).toEqual({
      model: "sonar",
      messages: [
        { role: "system", content: "Answer in Italian." },
        { role: "user", content: "Quale CRM per una piccola agenzia?" },
      ],
      web_search_options: { user_location: { country: "IT" } },
    });
  });

  it("falls back to the bare citations list, and to no queries, when that is all the model sends", async () => {
    const body = perplexityCompletion("sonar-pro");
    body.search_results = undefined;
    body.choices[0].message.reasoning_steps = undefined;
    body.citations = ["https://www.acme.example/pricing", "javascript:alert(1)", "https://www.acme.example/pricing", "https://globex.example.com/"];
    fake.respond("perplexity", { json: body });

    const answer = await perplexity().ask({ ...question, country: null });
    expect(answer.model).toBe("sonar-pro");
    expect(answer.citations).toEqual([
      { url: "https://www.acme.example/pricing", title: null },
      { url: "https://globex.example.com/", title: null },
    ]);
    expect(answer.search_queries).toEqual([]);
    expect(fake.requests[0].body).not.toHaveProperty("web_search_options");
  });

  it.each([
    ["a 429 with retry-after", fakeReplies.error("perplexity", 429, { retryAfter: "20" }), { kind: "rate_limited", status: 429, retryAfterMs: 20_000 }],
    ["a 503", fakeReplies.error("perplexity", 503), { kind: "unavailable", status: 503 }],
    ["a 401", fakeReplies.error("perplexity", 401), { kind: "auth", status: 401 }],
    ["a body that is not JSON", fakeReplies.invalidJson(), { kind: "malformed" }],
    ["JSON that is not a completion", fakeReplies.wrongShape(), { kind: "malformed" }],
  ])("maps %s to a ProviderError, in one request", async (_name, reply, expected) => {
    fake.respond("perplexity", reply);
    await expect(perplexity().ask(question)).rejects.toMatchObject(expected);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out on a server slower than the configured time-out", async () => {
    fake.respond("perplexity", fakeReplies.slow(2000));
    await expect(perplexity(100).ask(question)).rejects.toMatchObject({ kind: "timeout" });
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeAi, type FakeAi, fakeReplies, openAiResponse } from "../../../tests/fakes/ai";
import { createChatGptProvider } from "./openai";
import { ProviderError } from "./types";

let fake: FakeAi;
beforeEach(async () => {
  fake = await createFakeAi();
});
afterEach(() => fake.close());

const chatgpt = (timeoutMs = 5000) => createChatGptProvider({ apiKey: "sk-test-openai", model: "gpt-5-mini", baseUrl: `${fake.url}/v1`, timeoutMs });
const question = { question: "Quel CRM pour une petite agence ?", language: "fr", country: "fr" };

describe("chatgpt (OpenAI Responses API)", () => {
  it("asks with web search in the market's language and location, and reads text, citations and searches", async () => {
    const answer = await chatgpt().ask(question);

    expect(answer).toEqual({
      text: "For a small agency, **Acme CRM** is the best fit ([acme.example](https://www.acme.example/pricing)). Globex is a cheaper alternative.",
      model: "gpt-5-mini-2025-08-07",
      citations: [
        { url: "https://www.acme.example/pricing", title: "Acme CRM pricing" },
        { url: "https://reviews.example.org/best-crm-2026", title: "Best CRMs of 2026" },
      ],
      search_queries: ["best CRM for small agency 2026", "acme crm pricing", "acme crm reviews"],
    });

    const [request] = fake.requests;
    expect(request.path).toBe("/v1/responses");
    expect(request.headers.authorization).toBe("Bearer sk-test-openai");
    expect(request.body).toMatchObject({
      model: "gpt-5-mini",
      input: "Quel CRM pour une petite agence ?",
      instructions: "Answer in French.",
      tools: [{ type: "web_search", user_location: { type: "approximate", country: "FR" } }],
      include: ["web_search_call.action.sources"],
      store: false,
    });
    expect(request.body).not.toHaveProperty("temperature");
  });

  it("sends no location when the market's country is unknown, and falls back to the configured model", async () => {
    fake.respond("chatgpt", { json: { ...openAiResponse(), model: "" } });
    const answer = await chatgpt().ask({ ...question, country: null });
    expect(answer.model).toBe("gpt-5-mini");
    expect(fake.requests[0].body).toMatchObject({ tools: [{ type: "web_search" }] });
    expect((fake.requests[0].body as { tools: object[] }).tools[0]).not.toHaveProperty("user_location");
  });

  it("makes one request: a 429 is the pipeline's to retry, after the retry-after it was given", async () => {
    fake.respond("chatgpt", fakeReplies.error("chatgpt", 429, { retryAfter: "7" }));
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "rate_limited", status: 429, retryAfterMs: 7000 });
    expect(fake.requests).toHaveLength(1);
  });

  it("prefers retry-after-ms to retry-after", async () => {
    fake.respond("chatgpt", fakeReplies.error("chatgpt", 429, { retryAfter: "7", retryAfterMs: "1500" }));
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: 1500 });
  });

  it("tells an exhausted billing quota from a rate limit: waiting cannot help", async () => {
    fake.respond("chatgpt", fakeReplies.error("chatgpt", 429, { code: "insufficient_quota" }));
    const error = await chatgpt().ask(question).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "quota", status: 429, retryable: false });
  });

  it("reports 5xx as unavailable and 401 as auth", async () => {
    fake.respond("chatgpt", fakeReplies.error("chatgpt", 500), fakeReplies.error("chatgpt", 503, { retryAfter: "2" }), fakeReplies.error("chatgpt", 401));
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "unavailable", status: 500, retryAfterMs: null });
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "unavailable", status: 503, retryAfterMs: 2000 });
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "auth", status: 401 });
    expect(fake.requests).toHaveLength(3);
  });

  it("rejects an other 4xx without retrying", async () => {
    fake.respond("chatgpt", fakeReplies.error("chatgpt", 400));
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "rejected", status: 400 });
  });

  it("times out on a server slower than the configured time-out", async () => {
    fake.respond("chatgpt", fakeReplies.slow(2000));
    const started = Date.now();
    await expect(chatgpt(100).ask(question)).rejects.toMatchObject({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("stops when the caller aborts", async () => {
    fake.respond("chatgpt", fakeReplies.slow(2000));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(chatgpt().ask({ ...question, signal: controller.signal })).rejects.toMatchObject({ kind: "timeout" });
  });

  it("calls a body that is not JSON, or not a response, malformed", async () => {
    fake.respond("chatgpt", fakeReplies.invalidJson(), fakeReplies.wrongShape(), { json: { ...fakeResponseWithoutMessage() } });
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "malformed" });
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "malformed" });
    await expect(chatgpt().ask(question)).rejects.toMatchObject({ kind: "malformed", message: expect.stringContaining("no answer text") });
  });
});

function fakeResponseWithoutMessage() {
  return { id: "resp_1", object: "response", status: "incomplete", model: "gpt-5-mini", output: [{ type: "reasoning", id: "rs_1", summary: [] }] };
}

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatCompletion, createFakeAi, type FakeAi, fakeReplies } from "../../../tests/fakes/ai";
import { createOpenAiCompatibleProvider } from "./openai-compatible";

let fake: FakeAi;
beforeEach(async () => {
  fake = await createFakeAi();
});
afterEach(() => fake.close());

const compatible = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  createOpenAiCompatibleProvider({ apiKey: options.apiKey, model: "local-model", baseUrl: `${fake.url}/v1`, timeoutMs: options.timeoutMs ?? 5000 });
const question = { question: "¿Qué CRM para una agencia pequeña?", language: "es", country: "ES" };

describe("openai-compatible (chat completions)", () => {
  it("asks in the market's language and reads annotations and a citations list when the server sends them", async () => {
    const answer = await compatible({ apiKey: "gateway-key" }).ask(question);

    expect(answer).toEqual({
      text: "Acme CRM suits small agencies; Globex costs less.",
      model: "llama-3.3-70b-instruct",
      citations: [
        { url: "https://www.acme.example/pricing", title: "Acme CRM pricing" },
        { url: "https://globex.example.com/", title: null },
      ],
      search_queries: [],
    });
    const [request] = fake.requests;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer gateway-key");
    expect(request.body).toEqual({
      model: "local-model",
      messages: [
        { role: "system", content: "Answer in Spanish." },
        { role: "user", content: "¿Qué CRM para una agencia pequeña?" },
      ],
    });
  });

  it("works without a key, and without any citations", async () => {
    const body = chatCompletion();
    const { citations: _ignored, ...withoutList } = body;
    withoutList.choices[0].message.annotations = undefined;
    fake.respond("openai-compatible", { json: withoutList });
    const answer = await compatible().ask(question);
    expect(answer.citations).toEqual([]);
    expect(fake.requests[0].headers.authorization).toBe("Bearer not-needed");
  });

  it.each([
    ["a 429 with retry-after", fakeReplies.error("openai-compatible", 429, { retryAfter: "1" }), { kind: "rate_limited", status: 429, retryAfterMs: 1000 }],
    ["a 500", fakeReplies.error("openai-compatible", 500), { kind: "unavailable", status: 500 }],
    ["a 401", fakeReplies.error("openai-compatible", 401), { kind: "auth", status: 401 }],
    ["a body that is not JSON", fakeReplies.invalidJson(), { kind: "malformed" }],
    ["JSON that is not a completion", fakeReplies.wrongShape(), { kind: "malformed", message: expect.stringContaining("no message") }],
    ["a completion without content", { json: withoutContent() }, { kind: "malformed", message: expect.stringContaining("no answer text") }],
  ])("maps %s to a ProviderError, in one request", async (_name, reply, expected) => {
    fake.respond("openai-compatible", reply);
    await expect(compatible().ask(question)).rejects.toMatchObject(expected);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out on a server slower than the configured time-out", async () => {
    fake.respond("openai-compatible", fakeReplies.slow(2000));
    await expect(compatible({ timeoutMs: 100 }).ask(question)).rejects.toMatchObject({ kind: "timeout" });
  });
});

function withoutContent() {
  const completion = chatCompletion();
  completion.choices[0].message.content = null;
  return completion;
}

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createFakeAi, type FakeAi, fakeReplies } from "../fakes/ai";
import { json, useApi, withEnv } from "../helpers/api";

/**
 * The pipeline against real provider protocols: every adapter's SDK talks to the local fake, which
 * answers in each provider's wire format. The fake and the environment exist before the runtime
 * starts, because workers are built from the providers configured at start.
 */
let fake: FakeAi;
let undoEnv: () => void;
beforeAll(async () => {
  fake = await createFakeAi();
  undoEnv = withEnv({
    ...fake.env(),
    SEO_LLM_ENABLED_PROVIDERS: "chatgpt,claude,perplexity,gemini,grok",
    AI_MAX_ATTEMPTS: "3",
    AI_TIMEOUT_MS: "5000",
  });
});
const api = useApi({ jobs: "work" });
afterAll(async () => {
  undoEnv?.();
  await fake?.close();
});

const settled = (token: string, id: string) => api.settledAnalysis(token, id);

async function userWithOneQuestion() {
  const session = await api.signIn();
  const token = session.access_token;
  const profile = await api.client("seoProfile", { token }).index.$patch({
    json: { BrandName: "Acme CRM", BrandAliases: ["Acme"], WebsiteURL: "acme.example", MarketLanguage: "en", Keywords: ["CRM"], Competitors: [{ Name: "Globex" }] },
  });
  expect(profile.status).toBe(200);
  const questions = api.client("questions", { token });
  for (const question of (await json(await questions.index.$get({ query: {} }), 200)).questions.slice(1)) {
    await json(await questions[":id"].$delete({ param: { id: question.id } }), 200);
  }
  // One question, so one answer per provider: the scripted replies below are each provider's only calls.
  expect((await json(await questions.index.$get({ query: {} }), 200)).questions).toHaveLength(1);
  return { token, analyses: api.client("analyses", { token }) };
}

describe("analyses with the five real providers (local protocol fakes)", () => {
  test("every provider's answer is stored with its sources and searches, and analysed", async () => {
    const { token, analyses } = await userWithOneQuestion();
    const created = await json(await analyses.index.$post({ json: {} }), 201);
    expect(created.providers).toEqual(["chatgpt", "claude", "perplexity", "gemini", "grok"]);
    expect(created.simulated).toBe(false);

    const done = await settled(token, created.id);
    expect(done.status, JSON.stringify(done.answers!.map((a) => a.error))).toBe("completed");
    const byProvider = Object.fromEntries(done.answers!.map((answer) => [answer.provider, answer]));
    const chatgpt = byProvider.chatgpt;
    expect(chatgpt.model).toBe("gpt-5-mini-2025-08-07");
    expect(chatgpt.citations).toEqual([
      { url: "https://www.acme.example/pricing", title: "Acme CRM pricing" },
      { url: "https://reviews.example.org/best-crm-2026", title: "Best CRMs of 2026" },
    ]);
    expect(chatgpt.search_queries).toEqual(["best CRM for small agency 2026", "acme crm pricing", "acme crm reviews"]);
    expect(chatgpt.brand).toMatchObject({ mentioned: true, position: 1 });
    expect(chatgpt.mentions.map((m) => m.name)).toEqual(["Acme CRM", "Globex"]);
    for (const provider of ["claude", "perplexity", "gemini", "grok"]) {
      expect(byProvider[provider].status, provider).toBe("completed");
      expect(byProvider[provider].answer_text?.length, provider).toBeGreaterThan(10);
      expect(byProvider[provider].citations.length, provider).toBeGreaterThan(0);
    }
    expect(done.by_provider.map((row) => row.provider)).toEqual(["chatgpt", "gemini", "perplexity", "claude", "grok"]);
    // The question went to each provider's real endpoint, in the market language.
    expect(fake.requestsTo("chatgpt").at(-1)?.body).toMatchObject({ tools: [{ type: "web_search" }] });
  });

  test("429 with retry-after is waited for and retried; a provider that keeps failing leaves the others' answers (partial)", async () => {
    const { token, analyses } = await userWithOneQuestion();
    fake.respond("chatgpt", fakeReplies.error("chatgpt", 429, { retryAfter: "1" }));
    fake.respond("claude", ...Array.from({ length: 3 }, () => fakeReplies.error("claude", 529)));
    const started = Date.now();
    const created = await json(await analyses.index.$post({ json: {} }), 201);
    const done = await settled(token, created.id);
    expect(done.status).toBe("partial");
    const byProvider = Object.fromEntries(done.answers!.map((answer) => [answer.provider, answer]));
    expect(byProvider.chatgpt).toMatchObject({ status: "completed", attempts: 2 });
    // retry-after: 1 second was honoured before the second attempt.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(byProvider.claude).toMatchObject({ status: "failed", attempts: 3, error: { code: "unavailable" } });
    expect(byProvider.claude.answer_text).toBeNull();
    for (const provider of ["perplexity", "gemini", "grok"]) expect(byProvider[provider].status).toBe("completed");
    expect(done.progress).toEqual({ total: 5, completed: 4, failed: 1, pending: 0 });
  });

  test("a refused key is not retried", async () => {
    const { token, analyses } = await userWithOneQuestion();
    const before = fake.requestsTo("perplexity").length;
    fake.respond("perplexity", fakeReplies.error("perplexity", 401));
    const created = await json(await analyses.index.$post({ json: {} }), 201);
    const done = await settled(token, created.id);
    const perplexity = done.answers!.find((answer) => answer.provider === "perplexity");
    expect(perplexity).toMatchObject({ status: "failed", attempts: 1, error: { code: "auth" } });
    expect(fake.requestsTo("perplexity").length - before).toBe(1);
  });
});

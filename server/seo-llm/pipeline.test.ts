import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "../config";
import { type AiProvider, type AskInput, ProviderError, type ProviderAnswer } from "../integrations/ai/types";
import { askWithRetries } from "./pipeline";

const ANSWER: ProviderAnswer = { text: "Acme CRM.", model: "test-model", citations: [], search_queries: [] };
const INPUT = { question: "Which CRM?", language: "en", country: null, profile: { brand_name: "Acme", aliases: [], website_url: null, competitors: [], keywords: [] } };

/** A provider that plays `script` in order, one step per call; "hang" waits for the call's signal. */
function scripted(script: Array<ProviderError | "hang" | "answer">) {
  const calls: number[] = [];
  const provider: AiProvider = {
    id: "chatgpt",
    label: "ChatGPT",
    model: "test-model",
    simulated: false,
    ask(input: AskInput) {
      calls.push(Date.now());
      const step = script[Math.min(calls.length - 1, script.length - 1)];
      if (step === "answer") return Promise.resolve(ANSWER);
      if (step instanceof ProviderError) return Promise.reject(step);
      return new Promise((_, reject) => {
        input.signal?.addEventListener("abort", () => reject(new ProviderError("timeout", "test: no answer in time")), { once: true });
      });
    },
  };
  return { provider, calls };
}

const waits: number[] = [];
const noWait = async (ms: number) => {
  waits.push(ms);
};

beforeEach(() => {
  waits.length = 0;
  Object.assign(process.env, { AI_TIMEOUT_MS: "50", AI_MAX_ATTEMPTS: "4", AI_MAX_RETRY_AFTER_MS: "1000" });
  resetConfig();
});
afterEach(() => {
  for (const key of ["AI_TIMEOUT_MS", "AI_MAX_ATTEMPTS", "AI_MAX_RETRY_AFTER_MS"]) delete process.env[key];
  resetConfig();
});

describe("askWithRetries", () => {
  it("does not ask again after a call that ran out its time-out", async () => {
    const { provider, calls } = scripted(["hang", "answer"]);
    const outcome = await askWithRetries(provider, INPUT, { wait: noWait });
    expect(outcome).toMatchObject({ ok: false, attempts: 1, error: { kind: "timeout" } });
    expect(calls).toHaveLength(1);
  });

  it("keeps the rest of the retry budget for 5xx, 429 and a provider's own 408", async () => {
    const { provider, calls } = scripted([
      new ProviderError("unavailable", "503", { status: 503 }),
      new ProviderError("rate_limited", "429", { status: 429, retryAfterMs: 200 }),
      new ProviderError("timeout", "408", { status: 408 }),
      "answer",
    ]);
    const outcome = await askWithRetries(provider, INPUT, { wait: noWait });
    expect(outcome).toMatchObject({ ok: true, attempts: 4 });
    expect(calls).toHaveLength(4);
    expect(waits[1]).toBe(200);
  });

  it("stops at AI_MAX_ATTEMPTS", async () => {
    const { provider, calls } = scripted([new ProviderError("unavailable", "503", { status: 503 })]);
    expect(await askWithRetries(provider, INPUT, { wait: noWait })).toMatchObject({ ok: false, attempts: 4, error: { kind: "unavailable" } });
    expect(calls).toHaveLength(4);
  });

  it("gives up rather than wait past the end of its budget", async () => {
    const { provider, calls } = scripted([new ProviderError("rate_limited", "429", { status: 429, retryAfterMs: 800 }), "answer"]);
    const outcome = await askWithRetries(provider, INPUT, { wait: noWait, endsAt: Date.now() + 500 });
    expect(outcome).toMatchObject({ ok: false, attempts: 1, error: { kind: "rate_limited" } });
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("cuts the last call short at the end of its budget", async () => {
    Object.assign(process.env, { AI_TIMEOUT_MS: "60000" });
    resetConfig();
    const { provider } = scripted(["hang"]);
    const started = Date.now();
    const outcome = await askWithRetries(provider, INPUT, { wait: noWait, endsAt: started + 100 });
    expect(outcome).toMatchObject({ ok: false, attempts: 1, error: { kind: "timeout" } });
  });
});

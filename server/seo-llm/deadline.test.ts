import { describe, expect, it } from "vitest";
import { answerBudgetMs, deadlineMs } from "./deadline";

const config = {
  AI_TIMEOUT_MS: 90_000,
  AI_MAX_ATTEMPTS: 4,
  AI_MAX_RETRY_AFTER_MS: 60_000,
  AI_CONCURRENCY: 4,
  WORKER_HEARTBEAT_MS: 10_000,
  WORKER_STALE_MS: 30_000,
};

describe("answerBudgetMs", () => {
  it("is one time-out plus the longest wait before each further attempt", () => {
    expect(answerBudgetMs(config)).toBe(90_000 + 3 * 60_000);
    expect(answerBudgetMs({ ...config, AI_MAX_ATTEMPTS: 1 })).toBe(90_000);
    // Back-offs (1, 2, 4 s, +25 % jitter) longer than the longest retry-after waited for.
    expect(answerBudgetMs({ ...config, AI_MAX_RETRY_AFTER_MS: 1500 })).toBe(90_000 + 1500 + 2500 + 5000);
  });
});

describe("deadlineMs", () => {
  const budget = answerBudgetMs(config);
  const slack = budget + 30_000 + 10_000;

  it("is one round per AI_CONCURRENCY answers of the slowest provider, plus room for a dead worker", () => {
    // 5 answers per provider, 4 at a time: 2 rounds.
    expect(deadlineMs(config, { queued: [5, 5, 5], workers: 1 })).toBe(2 * budget + slack);
    expect(deadlineMs(config, { queued: [4], workers: 1 })).toBe(budget + slack);
    expect(deadlineMs(config, { queued: [1, 9], workers: 1 })).toBe(3 * budget + slack);
  });

  it("counts the answers queued before it, and every live worker's lanes", () => {
    expect(deadlineMs(config, { queued: [5 + 11], workers: 1 })).toBe(4 * budget + slack);
    expect(deadlineMs(config, { queued: [5 + 11], workers: 2 })).toBe(2 * budget + slack);
  });

  it("counts one worker when none is alive yet (one may be starting)", () => {
    expect(deadlineMs(config, { queued: [8], workers: 0 })).toBe(deadlineMs(config, { queued: [8], workers: 1 }));
  });
});

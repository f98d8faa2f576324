import { and, count, inArray, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Executor } from "../db/client";
import { analysisAnswers } from "../db/schema";
import { liveWorkerCount } from "../jobs/liveness";

/**
 * How long things may take (decision 015). An answer has a budget; an analysis gets a deadline,
 * computed at launch, stored, shown to the user, and enforced: past it, the answers still open
 * fail and the analysis closes, so nothing keeps a user waiting (or locked out) for long.
 */

type Timing = Pick<Config, "AI_TIMEOUT_MS" | "AI_MAX_ATTEMPTS" | "AI_MAX_RETRY_AFTER_MS" | "AI_CONCURRENCY" | "WORKER_HEARTBEAT_MS" | "WORKER_STALE_MS">;

const backoffBaseMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1));

/** 1 s, 2 s, 4 s… capped at 30 s (seed 001 §9), with ±25 % jitter so retries of a batch spread out. */
export function backoffMs(attempt: number) {
  return Math.round(backoffBaseMs(attempt) * (0.75 + Math.random() * 0.5));
}

/**
 * The longest one answer may take once a worker holds it: one call of AI_TIMEOUT_MS (a call that
 * times out is not tried again), plus the retry budget: before each further attempt (429, 5xx,
 * unreadable bodies), the longest wait it may get, a retry-after up to AI_MAX_RETRY_AFTER_MS or
 * the back-off. Attempts and waits stop at this bound, whatever the provider does.
 */
export function answerBudgetMs(config: Pick<Timing, "AI_TIMEOUT_MS" | "AI_MAX_ATTEMPTS" | "AI_MAX_RETRY_AFTER_MS">): number {
  let budget = config.AI_TIMEOUT_MS;
  for (let attempt = 1; attempt < config.AI_MAX_ATTEMPTS; attempt++) {
    budget += Math.max(config.AI_MAX_RETRY_AFTER_MS, Math.ceil(backoffBaseMs(attempt) * 1.25));
  }
  return budget;
}

/**
 * How long an analysis may take from its launch. For each provider, the answers queued before it
 * and its own go through `AI_CONCURRENCY` calls per live worker at a time, a round at a time, each
 * round within one answer budget; the slowest provider sets the time. One more round and one
 * liveness window leave room for a worker that dies on the way (its answers start over elsewhere).
 *
 * @param queued per provider: the answers open before this analysis plus its own
 * @param workers the live worker processes (at least one is counted: one may be starting)
 */
export function deadlineMs(config: Timing, load: { queued: number[]; workers: number }): number {
  const lanes = config.AI_CONCURRENCY * Math.max(1, load.workers);
  const rounds = Math.max(0, ...load.queued.map((answers) => Math.ceil(answers / lanes)));
  return (rounds + 1) * answerBudgetMs(config) + config.WORKER_STALE_MS + config.WORKER_HEARTBEAT_MS;
}

/** The deadline of an analysis launched now with `answersPerProvider` answers for each provider. */
export async function analysisDeadline(db: Executor, config: Timing, providers: string[], answersPerProvider: number, now = new Date()): Promise<Date> {
  const open = providers.length
    ? await db
        .select({ provider: analysisAnswers.provider, answers: count() })
        .from(analysisAnswers)
        // Spelled as the partial index's predicate, so the count reads only the open slots.
        .where(and(sql`${analysisAnswers.status} in ('pending', 'processing')`, inArray(analysisAnswers.provider, providers)))
        .groupBy(analysisAnswers.provider)
    : [];
  const ahead = new Map(open.map((row) => [row.provider, row.answers]));
  const workers = await liveWorkerCount(db);
  const queued = providers.map((provider) => (ahead.get(provider) ?? 0) + answersPerProvider);
  return new Date(now.getTime() + deadlineMs(config, { queued, workers }));
}

import type PgBoss from "pg-boss";
import { purgeExpiredAuthData } from "../auth/purge";
import { applyDueChanges } from "../billing/service";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { getProviders } from "../integrations/ai/registry";
import { PROVIDER_IDS } from "../integrations/ai/types";
import { logger } from "../logger";
import { type AnswerJob, answerQueue, failStaleAnswers, runAnswerJob } from "../seo-llm/pipeline";
import { type ClusterJob, computeClusters, QUERY_CLUSTERS_QUEUE } from "../seo-llm/search-query-insights";
import { JobPump } from "./pump";

export const QUEUES = {
  authPurge: "auth.purge",
  seoLlmSweep: "seo-llm.sweep",
  queryClusters: QUERY_CLUSTERS_QUEUE,
  billingRenewals: "billing.renewals",
} as const;

/**
 * Queues exist for every process (web processes send jobs); only workers consume them. Processes
 * starting together on a new database can deadlock inside pg-boss's createQueue (seen with two
 * test files): it is idempotent, so the loser tries again.
 */
export async function createQueues(boss: PgBoss) {
  for (const name of [...Object.values(QUEUES), ...PROVIDER_IDS.map(answerQueue)]) {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  }
}

/** This process's pumps, one per provider queue: stopped before pg-boss, woken after an enqueue. */
const pumps = new Map<string, JobPump<AnswerJob>>();

export async function registerWorkers(boss: PgBoss, db: Database) {
  // Every 15 minutes: magic links and tokens are short-lived, so their rows should be too.
  await boss.schedule(QUEUES.authPurge, "*/15 * * * *", {}, { tz: "UTC" });
  await boss.work(QUEUES.authPurge, async () => {
    const removed = await purgeExpiredAuthData(db);
    logger.info("auth.purge", removed);
    return removed;
  });

  const config = getConfig();
  // One delivery of an answer job: every attempt, and the waits between them.
  const deliveryMs = config.AI_TIMEOUT_MS * config.AI_MAX_ATTEMPTS + config.AI_MAX_RETRY_AFTER_MS * (config.AI_MAX_ATTEMPTS - 1);
  await boss.schedule(QUEUES.seoLlmSweep, "*/5 * * * *", {}, { tz: "UTC" });
  await boss.work(QUEUES.seoLlmSweep, async () => {
    const closed = await failStaleAnswers(db, { claimedBeforeMs: deliveryMs + 5 * 60_000, orphanAfterMs: 10 * 60_000 });
    if (closed) logger.warn("seo_llm.sweep", { closed });
  });

  // Local subscriptions follow the calendar here: renewals, pending changes, canceled periods ending.
  await boss.schedule(QUEUES.billingRenewals, "*/5 * * * *", {}, { tz: "UTC" });
  await boss.work(QUEUES.billingRenewals, async () => {
    const applied = await applyDueChanges(db);
    if (applied) logger.info("billing.renewals", { applied });
  });

  await boss.work<ClusterJob>(QUEUES.queryClusters, { pollingIntervalSeconds: 1 }, async ([job]) => {
    const { userId, ...options } = job.data;
    await computeClusters(db, userId, options);
  });

  for (const provider of getProviders().values()) {
    const pump = new JobPump<AnswerJob>(boss, answerQueue(provider.id), config.AI_CONCURRENCY, async (job, signal) => {
      await runAnswerJob(db, job.data.answerId, { signal });
    });
    pumps.set(pump.queue, pump);
    pump.start();
  }
}

export async function stopWorkers() {
  await Promise.all([...pumps.values()].map((pump) => pump.stop()));
  pumps.clear();
}

/** Jobs were just queued: a pump of this process takes them now instead of at its next poll. */
export function wakeQueue(queue: string) {
  pumps.get(queue)?.wake();
}

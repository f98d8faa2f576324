import type PgBoss from "pg-boss";
import { purgeExpiredAuthData } from "./auth/purge";
import { applyDueChanges } from "./billing/renewals";
import { getConfig } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import { getProviders } from "./integrations/ai/registry";
import { PROVIDER_IDS } from "#domain/providers";
import { logger } from "./logger";
import { ONBOARDING_SETUP_QUEUE, runSetup, type SetupJob } from "./onboarding/setup";
import { type AnswerJob, answerQueue, runAnswerJob } from "./seo-llm/pipeline";
import { type ClusterJob, computeClusters, QUERY_CLUSTERS_QUEUE } from "./seo-llm/search-query-insights";
import { needsRescore, RESCORE_QUEUE, rescoreAnswers } from "./seo-llm/rescore";
import { sweepAnswers } from "./seo-llm/sweep";
import { pickAdvisor } from "./integrations/ai/advisor";
import { createSafeFetch } from "./site-audit/safe-fetch";
import { SEARCH_CONSOLE_SYNC_QUEUE, type SyncJob } from "./search-console/sync-requests";
import { runSync, syncStaleConnections } from "./search-console/sync";
import { failAbandonedSiteAudits, runQueuedSiteAudit, SITE_AUDIT_QUEUE, type SiteAuditJob } from "./site-audit/service";
import { WorkerLiveness } from "./jobs/liveness";
import { JobPump, startPump, stopPumps } from "./jobs/pump";

export const QUEUES = {
  authPurge: "auth.purge",
  queryClusters: QUERY_CLUSTERS_QUEUE,
  billingRenewals: "billing.renewals",
  onboardingSetup: ONBOARDING_SETUP_QUEUE,
  siteAudits: SITE_AUDIT_QUEUE,
  searchConsoleSync: SEARCH_CONSOLE_SYNC_QUEUE,
  searchConsoleDaily: "search-console.daily",
  rescore: RESCORE_QUEUE,
} as const;

/**
 * Queues whose jobs are keyed: a Search Console sync is "stately" (pg-boss: at most one queued and
 * one running per singletonKey, the user), so refreshes never pile up.
 */
const QUEUE_OPTIONS: Partial<Record<string, Omit<PgBoss.Queue, "name">>> = {
  [SEARCH_CONSOLE_SYNC_QUEUE]: { policy: "stately" },
};

/** Website analyses run at once per process: each is a handful of fetches of at most 10 s. */
const SITE_AUDIT_CONCURRENCY = 4;

/** The 5-minute cron that swept stale answers until the heartbeat took over (decision 015). */
const RETIRED_SWEEP_QUEUE = "seo-llm.sweep";

/**
 * Queues exist for every process (web processes send jobs); only workers consume them. Processes
 * starting together on a new database can deadlock inside pg-boss's createQueue (seen with two
 * test files): it is idempotent, so the loser tries again.
 */
export async function createQueues(boss: PgBoss) {
  for (const name of [...Object.values(QUEUES), ...PROVIDER_IDS.map(answerQueue)]) {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name, { name, ...QUEUE_OPTIONS[name] });
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  }
}

let liveness: WorkerLiveness | null = null;

export async function registerWorkers(boss: PgBoss, handle: DatabaseHandle) {
  const { db } = handle;
  // Every 15 minutes: magic links and tokens are short-lived, so their rows should be too.
  await boss.schedule(QUEUES.authPurge, "*/15 * * * *", {}, { tz: "UTC" });
  await boss.work(QUEUES.authPurge, async () => {
    const removed = await purgeExpiredAuthData(db);
    logger.info("auth.purge", removed);
    return removed;
  });

  const config = getConfig();
  await boss.unschedule(RETIRED_SWEEP_QUEUE);

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

  // One job per completed onboarding: profile, questions, first analysis (docs/decisions/021-onboarding.md).
  await boss.work<SetupJob>(QUEUES.onboardingSetup, { pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
    await runSetup(db, boss, job.data.userId, { lastAttempt: job.retryCount >= job.retryLimit });
  });

  // A new analysis engine reads the stored answers again, once, in the background (issue 14).
  await boss.work(QUEUES.rescore, async () => {
    const rescored = await rescoreAnswers(db);
    if (rescored) logger.info("seo_llm.rescore_done", { answers: rescored });
  });
  if (await needsRescore(db)) await boss.send(QUEUES.rescore, {}, { singletonKey: "rescore", retryLimit: 3 });

  // Search Console (issue 13): a sync per user when asked, and each morning for data a day old.
  await boss.work<SyncJob>(QUEUES.searchConsoleSync, { pollingIntervalSeconds: 1, batchSize: 2 }, async (jobs) => {
    await Promise.all(jobs.map((job) => runSync(db, job.data.userId)));
  });
  await boss.schedule(QUEUES.searchConsoleDaily, "20 5 * * *", {}, { tz: "UTC" });
  await boss.work(QUEUES.searchConsoleDaily, async () => {
    const queued = await syncStaleConnections(db, boss);
    if (queued) logger.info("search-console.daily", { queued });
  });

  // Website analyses: mostly waiting on other sites, so a few at once; createSiteAudit wakes the pump.
  // The address rule is read per run, as the configuration says then.
  startPump(
    new JobPump<SiteAuditJob>(boss, QUEUES.siteAudits, SITE_AUDIT_CONCURRENCY, async (job) => {
      await runQueuedSiteAudit(db, job.data.auditId, {
        fetch: createSafeFetch({ allowPrivate: getConfig().ALLOW_PRIVATE_FETCH }),
        advisor: pickAdvisor(getProviders().values()),
      });
    }),
  );

  // Registered (and a dead predecessor's answers recovered) before any pump claims an answer.
  const worker = new WorkerLiveness(db, {
    heartbeatMs: config.WORKER_HEARTBEAT_MS,
    staleMs: config.WORKER_STALE_MS,
    singleProcessDatabase: handle.driver === "pglite",
    sweep: (deadWorkers, self) => sweep(db, deadWorkers, self),
  });
  await worker.start();
  liveness = worker;

  for (const provider of getProviders().values()) {
    const pump = new JobPump<AnswerJob>(boss, answerQueue(provider.id), config.AI_CONCURRENCY, async (job, signal) => {
      await runAnswerJob(db, job.data.answerId, { signal, jobId: job.id, workerId: worker.id });
    });
    startPump(pump);
  }
}

async function sweep(db: Database, deadWorkers: string[], self: string) {
  const config = getConfig();
  // A slot is committed a moment before its job is sent: a minute is ample for that moment.
  const result = await sweepAnswers(db, { deadWorkers, self, staleMs: config.WORKER_STALE_MS, lostAfterMs: 60_000 });
  if (result.handedBack || result.requeued) logger.warn("seo_llm.answers_recovered", { answers: result.handedBack, jobs: result.requeued, workers: deadWorkers });
  if (result.overdue || result.lost || result.closed) logger.warn("seo_llm.sweep", { overdue: result.overdue, lost: result.lost, closed: result.closed });
  await failAbandonedSiteAudits(db);
}

/** Pumps first (their calls end or are cut short), then what they left goes back to the queue. */
export async function stopWorkers() {
  await stopPumps();
  await liveness?.stop();
  liveness = null;
}

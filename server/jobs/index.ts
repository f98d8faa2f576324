import type PgBoss from "pg-boss";
import { purgeExpiredAuthData } from "../auth/purge";
import type { Database } from "../db/client";
import { logger } from "../logger";

export const QUEUES = {
  authPurge: "auth.purge",
} as const;

/** Queues exist for every process (web processes send jobs); only workers consume them. */
export async function createQueues(boss: PgBoss) {
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
}

export async function registerWorkers(boss: PgBoss, db: Database) {
  // Every 15 minutes: magic links and tokens are short-lived, so their rows should be too.
  await boss.schedule(QUEUES.authPurge, "*/15 * * * *", {}, { tz: "UTC" });
  await boss.work(QUEUES.authPurge, async () => {
    const removed = await purgeExpiredAuthData(db);
    logger.info("auth.purge", removed);
    return removed;
  });
}

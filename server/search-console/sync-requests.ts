import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database } from "../db/client";
import { searchConsoleConnections } from "../db/schema";

export const SEARCH_CONSOLE_SYNC_QUEUE = "search-console.sync";
export type SyncJob = { userId: string };

/** A sync asked for but not picked up by then is taken as lost (a worker gone): asking again re-queues it. */
const LOST_AFTER_MS = 10 * 60_000;

/**
 * Asks for one sync of the user's data, unless one is already queued or running (seed §4: only one
 * refresh at a time): the flag is claimed by one conditional update, so two clicks queue one job.
 * `force` (a new site was chosen) queues one even then; the queue's stately policy keeps at most
 * one waiting per user, and a waiting job reads the site when it runs. True when a job was queued.
 */
export async function requestSync(db: Database, boss: PgBoss, userId: string, options: { force?: boolean } = {}): Promise<boolean> {
  const idle = or(
    inArray(searchConsoleConnections.syncStatus, ["idle", "failed"]),
    lt(searchConsoleConnections.syncRequestedAt, new Date(Date.now() - LOST_AFTER_MS)),
    options.force ? sql`true` : sql`false`,
  );
  const claimed = await db
    .update(searchConsoleConnections)
    .set({ syncStatus: "queued", syncRequestedAt: new Date(), syncError: null })
    .where(and(eq(searchConsoleConnections.userId, userId), eq(searchConsoleConnections.needsReconnect, false), sql`${searchConsoleConnections.connectedSite} is not null`, idle))
    .returning({ userId: searchConsoleConnections.userId });
  if (!claimed.length) return false;
  await boss.send(SEARCH_CONSOLE_SYNC_QUEUE, { userId } satisfies SyncJob, { singletonKey: userId, retryLimit: 0 });
  return true;
}

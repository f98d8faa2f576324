import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { DASHBOARD_PERIODS, periodDays, TOP_ROWS } from "#domain/search-console";
import type { Database } from "../db/client";
import { searchConsoleConnections, searchConsoleDays, searchConsoleTopRows } from "../db/schema";
import { SearchConsoleError } from "../integrations/google/search-console";
import { logger } from "../logger";
import { apiFor, markRevoked } from "./connection";
import { requestSync } from "./sync-requests";

/**
 * The sync job (issue 13): the chosen site's daily totals for the sixteen months Search Console
 * keeps, and its top queries and pages for each dashboard period, replaced in one transaction.
 * Eleven calls per sync. The dashboard reads only these rows, so it never waits on Google.
 */

/** Google's final figures lag by two or three days: periods end three days ago. */
const LAG_DAYS = 3;
/** Sixteen months, what Search Console keeps: a year and the year before it, as far as it goes. */
const HISTORY_DAYS = 486;
/** Data older than this is synced again (seed §9: Search Console data is cached 24 h). */
export const STALE_AFTER_MS = 24 * 60 * 60_000;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

export function dataEnd(now = new Date()): string {
  return isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - LAG_DAYS * 86_400_000);
}

export function shiftDay(day: string, days: number): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
}

export async function runSync(db: Database, userId: string, now = new Date()): Promise<void> {
  const [connection] = await db
    .update(searchConsoleConnections)
    .set({ syncStatus: "running" })
    .where(and(eq(searchConsoleConnections.userId, userId), eq(searchConsoleConnections.needsReconnect, false), sql`${searchConsoleConnections.connectedSite} is not null`))
    .returning();
  const site = connection?.connectedSite;
  if (!connection || !site) return;
  const end = dataEnd(now);
  try {
    const api = await apiFor(db, connection);
    const days = await api.query(site, { startDate: shiftDay(end, 1 - HISTORY_DAYS), endDate: end, dimensions: ["date"], rowLimit: 25_000 });
    const tops: Array<typeof searchConsoleTopRows.$inferInsert> = [];
    for (const period of DASHBOARD_PERIODS) {
      const span = periodDays(period);
      for (const dimension of ["query", "page"] as const) {
        const rows = await api.query(site, { startDate: shiftDay(end, 1 - span), endDate: end, dimensions: [dimension], rowLimit: TOP_ROWS });
        for (const row of rows) {
          const key = row.keys[0];
          if (key) tops.push({ userId, dimension, periodDays: span, key: key.slice(0, 2000), clicks: Math.round(row.clicks), impressions: Math.round(row.impressions), position: row.position });
        }
      }
    }
    await db.transaction(async (tx) => {
      // The site may have been changed while this ran: then these rows are not its data.
      const [current] = await tx.select({ site: searchConsoleConnections.connectedSite }).from(searchConsoleConnections).where(eq(searchConsoleConnections.userId, userId)).for("update");
      if (current?.site !== site) return;
      await tx.delete(searchConsoleDays).where(eq(searchConsoleDays.userId, userId));
      await tx.delete(searchConsoleTopRows).where(eq(searchConsoleTopRows.userId, userId));
      const dayRows = days.flatMap((row) => {
        const date = row.keys[0];
        return date ? [{ userId, date, clicks: Math.round(row.clicks), impressions: Math.round(row.impressions), position: row.position }] : [];
      });
      for (const chunk of chunks(dayRows, 1000)) await tx.insert(searchConsoleDays).values(chunk).onConflictDoNothing();
      for (const chunk of chunks(tops, 1000)) await tx.insert(searchConsoleTopRows).values(chunk).onConflictDoNothing();
      await tx
        .update(searchConsoleConnections)
        // A refresh asked for while this ran stays queued: its job runs next.
        .set({ lastSyncedAt: new Date(), dataEndDate: end, syncError: null, syncStatus: sql`case when ${searchConsoleConnections.syncStatus} = 'running' then 'idle' else ${searchConsoleConnections.syncStatus} end` })
        .where(eq(searchConsoleConnections.userId, userId));
    });
  } catch (error) {
    const code = error instanceof SearchConsoleError ? error.code : "unavailable";
    logger.warn("search-console.sync_failed", { userId, code, error: String(error).slice(0, 300) });
    if (code === "revoked") return markRevoked(db, userId);
    await db
      .update(searchConsoleConnections)
      .set({ syncStatus: "failed", syncError: code === "forbidden" ? "site_forbidden" : "unavailable" })
      .where(eq(searchConsoleConnections.userId, userId));
  }
}

/** The daily pass: every connection whose data is older than a day (or was never synced) is synced again. */
export async function syncStaleConnections(db: Database, boss: PgBoss, now = new Date()): Promise<number> {
  const stale = await db
    .select({ userId: searchConsoleConnections.userId })
    .from(searchConsoleConnections)
    .where(
      and(
        eq(searchConsoleConnections.needsReconnect, false),
        sql`${searchConsoleConnections.connectedSite} is not null`,
        or(isNull(searchConsoleConnections.lastSyncedAt), lt(searchConsoleConnections.lastSyncedAt, new Date(now.getTime() - STALE_AFTER_MS + 60 * 60_000))),
      ),
    );
  let queued = 0;
  for (const { userId } of stale) if (await requestSync(db, boss, userId)) queued++;
  return queued;
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The worker processes running now, one row each: a worker beats every WORKER_HEARTBEAT_MS, so a
 * row whose beat is older than its `stale_after_ms` belongs to a process that died (pg-boss 10 has
 * no heartbeat of its own). The answers a worker claimed name it, so they can be handed back.
 */
export const jobWorkers = pgTable("job_workers", {
  id: uuid("id").primaryKey(),
  /** Host name and process id: a process restarting on the same host knows its predecessor is gone. */
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * Its own WORKER_STALE_MS: each process is judged by the window it declared, so one configured
   * with a shorter window (a test, a deploy changing it) cannot take the others for dead.
   */
  staleAfterMs: integer("stale_after_ms").notNull(),
});

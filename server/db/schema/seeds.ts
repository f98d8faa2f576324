import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One-time seeds that ran on this database (e.g. `academy_demo`), so deleting what a seed made is
 * not undone by the next start.
 */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
});

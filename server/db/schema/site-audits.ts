import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SITE_AUDIT_STATUSES, type SiteAuditErrorCode } from "#domain/site-audit";
import { users } from "./users";

/**
 * One website analysis a user asked for (issue 12): queued, run by the `site-audit.run` job, then
 * its report or why it failed. `result` is the engine's SiteAudit (server/site-audit/audit.ts) as
 * it was when the analysis ran; the API reads it through its schema. Failed ones do not count
 * against the plan's lifetime limit.
 */
export const siteAudits = pgTable(
  "site_audits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** As normalised when asked (https). */
    url: text("url").notNull(),
    status: text("status", { enum: SITE_AUDIT_STATUSES }).notNull().default("pending"),
    error: jsonb("error").$type<{ code: SiteAuditErrorCode }>(),
    result: jsonb("result").$type<Record<string, unknown>>(),
    score: integer("score"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("site_audits_user_created_idx").on(table.userId, table.createdAt)],
);

export type SiteAuditRow = typeof siteAudits.$inferSelect;

import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { UPCOMING_FEATURES } from "#domain/upcoming-features";
import { users } from "./users";

/**
 * Who asked to be told when a "Soon" section opens (issue 17). One row per user and feature, so
 * asking twice changes nothing; opening a feature mails each row once and deletes it.
 */
export const featureWaitlist = pgTable(
  "feature_waitlist",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feature: text("feature", { enum: UPCOMING_FEATURES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.feature] }), index("feature_waitlist_feature_idx").on(table.feature)],
);

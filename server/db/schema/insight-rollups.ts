import { boolean, date, integer, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";
import { users } from "./users";

/**
 * Daily roll-ups of the insight rows (decision 012): per user and UTC day of `answered_at`, the
 * counts the citing sources and the leaderboard sum. Triggers written in migration 0019 keep them
 * right on every insert, update and delete of the rows they count (cascades included), in the same
 * transaction; `insight_rollups_rebuild(user, from, to)` recomputes them from the rows.
 */

/** Completed answers (with an `answered_at`): the denominators (`total_answers`). */
export const insightAnswerDays = pgTable(
  "insight_answer_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    provider: text("provider").notNull(),
    category: text("category", { enum: QUESTION_CATEGORIES }).notNull(),
    answers: integer("answers").notNull(),
  },
  (table) => [primaryKey({ name: "insight_answer_days_pk", columns: [table.userId, table.day, table.provider, table.category] })],
);

/**
 * Citations per registrable domain (null: a URL without one) and provider: what citing sources
 * reads without a category (the default screen). No category: it would triple the rows.
 */
export const insightDomainDays = pgTable(
  "insight_domain_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    provider: text("provider").notNull(),
    domain: text("domain"),
    citations: integer("citations").notNull(),
  },
  (table) => [unique("insight_domain_days_key").on(table.userId, table.day, table.provider, table.domain).nullsNotDistinct()],
);

/** The same per question category, keyed category first: a category (and provider) reads its own range. */
export const insightDomainCategoryDays = pgTable(
  "insight_domain_category_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category", { enum: QUESTION_CATEGORIES }).notNull(),
    provider: text("provider").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    domain: text("domain"),
    citations: integer("citations").notNull(),
  },
  (table) => [unique("insight_domain_category_days_key").on(table.userId, table.category, table.provider, table.day, table.domain).nullsNotDistinct()],
);

/**
 * Brand presences per analysis (the leaderboard counts analyses) and per exact name and flags (it
 * keeps the smallest spelling and whether any row was the brand or tracked, which a sum cannot
 * give back after a delete). No provider or category: the leaderboard filters by period only;
 * `demo` serves the rule that leaves the demo provider out once a real one answers.
 */
export const insightBrandDays = pgTable(
  "insight_brand_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    analysisId: uuid("analysis_id").notNull(),
    demo: boolean("demo").notNull(),
    name: text("name").notNull(),
    isBrand: boolean("is_brand").notNull(),
    tracked: boolean("tracked").notNull(),
    /** Mention rows, one per answer naming this name. */
    answers: integer("answers").notNull(),
    mentions: integer("mentions").notNull(),
    positions: integer("positions").notNull(),
    positive: integer("positive").notNull(),
    neutral: integer("neutral").notNull(),
    negative: integer("negative").notNull(),
  },
  (table) => [primaryKey({ name: "insight_brand_days_pk", columns: [table.userId, table.day, table.analysisId, table.demo, table.name, table.isBrand, table.tracked] })],
);

import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const PLAN_IDS = ["free", "starter", "essential", "pro", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "canceled", "past_due", "trialing", "incomplete"] as const;

export const plans = pgTable("plans", {
  id: text("id", { enum: PLAN_IDS }).primaryKey(),
  name: text("name").notNull(),
  /** Order in the plan list: a later plan is an upgrade. */
  position: integer("position").notNull(),
  currency: text("currency").notNull().default("EUR"),
  /** Minor units (cents). */
  priceMonthly: integer("price_monthly").notNull(),
  priceYearly: integer("price_yearly").notNull(),
  maxQuestionsTotal: integer("max_questions_total").notNull(),
  maxQuestionsPerCategory: integer("max_questions_per_category").notNull(),
  maxSystemQuestionsTotal: integer("max_system_questions_total").notNull(),
  categoriesAvailable: integer("categories_available").notNull(),
  analysesPerDay: integer("analyses_per_day").notNull(),
  analysesPerMonth: integer("analyses_per_month").notNull(),
  competitorMetricsLimits: jsonb("competitor_metrics_limits").$type<{ domain_authority: number }>(),
});

export const subscriptions = pgTable("subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  planId: text("plan_id", { enum: PLAN_IDS })
    .notNull()
    .references(() => plans.id),
  status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
  billingPeriod: text("billing_period", { enum: ["monthly", "yearly"] }).notNull().default("monthly"),
  currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull().defaultNow(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

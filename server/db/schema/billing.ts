import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BILLING_PERIODS, PLAN_IDS, SUBSCRIPTION_STATUSES } from "#domain/plans";
import { users } from "./users";

/** `local`: the test-mode checkout inside Sightline; `stripe`: Stripe Billing. */
export const BILLING_PROVIDERS = ["local", "stripe"] as const;
export type BillingProviderId = (typeof BILLING_PROVIDERS)[number];

/**
 * What a history entry records. `downgrade` and `billing_change` may be pending (future-dated);
 * the others are applied when written.
 */
export const CHANGE_TYPES = ["subscribe", "upgrade", "downgrade", "billing_change", "cancel", "reactivate", "renew", "expire", "payment_failed"] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const CHANGE_STATUSES = ["pending", "applied", "canceled"] as const;

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
  /** `domain_authority`: how many competitors the SEO profile may track (seed 001: "competitor analyses"). */
  competitorMetricsLimits: jsonb("competitor_metrics_limits").$type<{ domain_authority: number }>(),
  /** Website analyses a user may run over the account's life (failed ones do not count). */
  siteAuditsLifetime: integer("site_audits_lifetime").notNull().default(0),
});

/** One row per user: the subscription they have or last had. Its changes are in subscription_changes. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id", { enum: PLAN_IDS })
      .notNull()
      .references(() => plans.id),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    billingPeriod: text("billing_period", { enum: BILLING_PERIODS }).notNull().default("monthly"),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    provider: text("provider", { enum: BILLING_PROVIDERS }).notNull().default("local"),
    /** Stripe's ids (cus_…, sub_…, sub_sched_…) when provider is stripe. */
    externalCustomerId: text("external_customer_id"),
    externalSubscriptionId: text("external_subscription_id").unique(),
    externalScheduleId: text("external_schedule_id"),
    referralId: text("referral_id"),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("subscriptions_period_end_idx").on(table.currentPeriodEnd)],
);

/** The subscription's history, and its one pending change (a downgrade or billing change at renewal). */
export const subscriptionChanges = pgTable(
  "subscription_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changeType: text("change_type", { enum: CHANGE_TYPES }).notNull(),
    status: text("status", { enum: CHANGE_STATUSES }).notNull(),
    fromPlanId: text("from_plan_id", { enum: PLAN_IDS }),
    fromBillingPeriod: text("from_billing_period", { enum: BILLING_PERIODS }),
    toPlanId: text("to_plan_id", { enum: PLAN_IDS }),
    toBillingPeriod: text("to_billing_period", { enum: BILLING_PERIODS }),
    /** When the change takes (or took) effect. */
    effectiveDate: timestamp("effective_date", { withTimezone: true }).notNull(),
    /** What the change charged, in minor units, when Sightline knows it (the local provider). */
    amount: integer("amount"),
    currency: text("currency"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (table) => [
    index("subscription_changes_user_idx").on(table.userId, table.createdAt),
    // At most one pending change per user: a new one replaces it.
    uniqueIndex("subscription_changes_one_pending_idx").on(table.userId).where(sql`${table.status} = 'pending'`),
    index("subscription_changes_due_idx").on(table.effectiveDate).where(sql`${table.status} = 'pending'`),
  ],
);

export const CHECKOUT_STATUSES = ["open", "completed", "abandoned"] as const;

/** A checkout started by the user: paid on the local test-mode page or on Stripe Checkout. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: BILLING_PROVIDERS }).notNull(),
    planId: text("plan_id", { enum: PLAN_IDS })
      .notNull()
      .references(() => plans.id),
    billingPeriod: text("billing_period", { enum: BILLING_PERIODS }).notNull(),
    referralId: text("referral_id"),
    status: text("status", { enum: CHECKOUT_STATUSES }).notNull().default("open"),
    /** Stripe's cs_… id. */
    externalId: text("external_id").unique(),
    url: text("url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("checkout_sessions_user_idx").on(table.userId, table.createdAt)],
);

/** Stripe webhook events already applied: each is applied once however often Stripe delivers it. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

export type PlanRow = typeof plans.$inferSelect;
export type ChangeRow = typeof subscriptionChanges.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;

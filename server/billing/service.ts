import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { plans, subscriptions } from "../db/schema";

type PlanRow = typeof plans.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Saving of paying yearly, in whole percent (seed 001 §9). */
export function savingsPercentage(plan: Pick<PlanRow, "priceMonthly" | "priceYearly">) {
  if (plan.priceMonthly <= 0) return 0;
  const full = plan.priceMonthly * 12;
  return Math.max(0, Math.round(((full - plan.priceYearly) / full) * 100));
}

export function toPlan(plan: PlanRow) {
  return {
    id: plan.id,
    name: plan.name,
    position: plan.position,
    currency: plan.currency,
    price_monthly: plan.priceMonthly,
    price_yearly: plan.priceYearly,
    savings_percentage: savingsPercentage(plan),
    max_questions_total: plan.maxQuestionsTotal,
    max_questions_per_category: plan.maxQuestionsPerCategory,
    max_system_questions_total: plan.maxSystemQuestionsTotal,
    categories_available: plan.categoriesAvailable,
    analyses_per_day: plan.analysesPerDay,
    analyses_per_month: plan.analysesPerMonth,
    competitor_metrics_limits: plan.competitorMetricsLimits ?? null,
  };
}

export async function listPlans(db: Database) {
  const rows = await db.select().from(plans).orderBy(asc(plans.position));
  return rows.map(toPlan);
}

export function toSubscription(row: SubscriptionRow) {
  return {
    id: row.id,
    plan_id: row.planId,
    status: row.status,
    billing_period: row.billingPeriod,
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    cancel_at_period_end: row.cancelAtPeriodEnd,
  };
}

/** A user who never subscribed has no row: the answer is null, shown as the starter badge. */
export async function currentSubscription(db: Database, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ? toSubscription(row) : null;
}

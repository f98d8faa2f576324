import type { ChangeRow, CheckoutRow, PlanRow } from "../db/schema";
import type { SubscriptionRow } from "../integrations/payments/types";
import { priceFor, savingsPercent } from "#domain/plans";

/* What the billing API answers: its rows as the API names them. */


export function toPlan(plan: PlanRow) {
  return {
    id: plan.id,
    name: plan.name,
    position: plan.position,
    currency: plan.currency,
    price_monthly: plan.priceMonthly,
    price_yearly: plan.priceYearly,
    savings_percentage: savingsPercent({ price_monthly: plan.priceMonthly, price_yearly: plan.priceYearly }),
    max_questions_total: plan.maxQuestionsTotal,
    max_questions_per_category: plan.maxQuestionsPerCategory,
    max_system_questions_total: plan.maxSystemQuestionsTotal,
    categories_available: plan.categoriesAvailable,
    analyses_per_day: plan.analysesPerDay,
    analyses_per_month: plan.analysesPerMonth,
    site_audits_lifetime: plan.siteAuditsLifetime,
    competitor_metrics_limits: plan.competitorMetricsLimits ?? null,
  };
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
    canceled_at: row.canceledAt?.toISOString() ?? null,
    provider: row.provider,
  };
}

/**
 * When an answer showing this subscription turns with the clock (the period's end, when it renews or
 * lapses), while that is ahead; one already over changes only by a write (server/http/kept-answers.ts).
 */
export function turnsAt(subscription: ReturnType<typeof toSubscription> | null): number | undefined {
  const end = subscription ? Date.parse(subscription.current_period_end) : Number.NaN;
  return end > Date.now() ? end : undefined;
}

export function toChange(row: ChangeRow) {
  return {
    id: row.id,
    change_type: row.changeType,
    status: row.status,
    from_plan_id: row.fromPlanId,
    from_billing_period: row.fromBillingPeriod,
    to_plan_id: row.toPlanId,
    to_billing_period: row.toBillingPeriod,
    effective_date: row.effectiveDate.toISOString(),
    amount: row.amount,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
  };
}

export function toCheckout(row: CheckoutRow, plan: PlanRow) {
  return {
    id: row.id,
    status: row.status,
    provider: row.provider,
    plan_id: row.planId,
    plan_name: plan.name,
    billing_period: row.billingPeriod,
    amount: priceFor({ price_monthly: plan.priceMonthly, price_yearly: plan.priceYearly }, row.billingPeriod),
    currency: plan.currency,
    referral_id: row.referralId,
    url: row.url,
    created_at: row.createdAt.toISOString(),
  };
}

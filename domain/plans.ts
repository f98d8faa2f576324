import { dateTimeFormat, numberFormat } from "./intl";
/**
 * The plan rules of seed 001 §4 and §9, shared by the API (which enforces them) and the plan
 * dialog (which shows them before the user confirms). Pure: no I/O, no dates read implicitly.
 */

/** Seed 001 §3: the plans, cheapest first; free is shown as starter. */
export const PLAN_IDS = ["free", "starter", "essential", "pro", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "canceled", "past_due", "trialing", "incomplete"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_PERIODS = ["monthly", "yearly"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export type PlanChangeType = "upgrade" | "downgrade" | "billing_change";

export type PlanLike = { id: string; position: number; price_monthly: number; price_yearly: number };
export type SubscriptionLike = {
  plan_id: string;
  status: string;
  billing_period?: BillingPeriod | null;
  current_period_end: string;
  cancel_at_period_end: boolean;
};
export type ChangeLike = {
  change_type: string;
  status: string;
  to_plan_id: string | null;
  to_billing_period: BillingPeriod | null;
  effective_date: string;
};

/** Seed 001 §9: a period ending more than 35 days from now is a yearly one. */
const YEARLY_AFTER_DAYS = 35;
const DAY_MS = 86_400_000;

/** Plans nobody pays for: the free tier and its public name. A subscription to them is "none" here. */
export const FREE_PLAN_IDS: ReadonlySet<string> = new Set(["free", "starter"]);

/** Statuses under which the subscribed plan applies (past_due keeps it while the card is retried). */
const LIVE_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);

export function inferBillingPeriod(periodEnd: string | Date, now: Date): BillingPeriod {
  return new Date(periodEnd).getTime() - now.getTime() > YEARLY_AFTER_DAYS * DAY_MS ? "yearly" : "monthly";
}

/** The period the subscription bills: what the API says, else inferred from the period end (seed 001 §4). */
export function billingPeriodOf(subscription: SubscriptionLike, now: Date): BillingPeriod {
  return subscription.billing_period ?? inferBillingPeriod(subscription.current_period_end, now);
}

/**
 * A paid subscription that still runs: live status, and not past the end of a canceled period.
 * Anything else (none, starter, lapsed, incomplete) buys through checkout.
 */
export function hasPaidSubscription(subscription: SubscriptionLike | null | undefined, now: Date): subscription is SubscriptionLike {
  if (!subscription || FREE_PLAN_IDS.has(subscription.plan_id) || !LIVE_STATUSES.has(subscription.status)) return false;
  return !(subscription.cancel_at_period_end && new Date(subscription.current_period_end) <= now);
}

/**
 * Seed 001 §4: a later plan in the list is an upgrade, an earlier one a downgrade, the same plan
 * with the other period a billing change. null when there is nothing to change or no paid
 * subscription to change (then it is a checkout).
 */
export function changeTypeFor(
  subscription: SubscriptionLike | null | undefined,
  plans: readonly PlanLike[],
  target: { planId: string; period: BillingPeriod },
  now: Date,
): PlanChangeType | null {
  if (!hasPaidSubscription(subscription, now)) return null;
  const current = plans.find((plan) => plan.id === subscription.plan_id);
  const next = plans.find((plan) => plan.id === target.planId);
  if (!current || !next) return null;
  if (next.position > current.position) return "upgrade";
  if (next.position < current.position) return "downgrade";
  return billingPeriodOf(subscription, now) === target.period ? null : "billing_change";
}

/** The change waiting for the next renewal, if any (seed 001 §4: a future-dated downgrade or billing change). */
export function pendingChange<T extends ChangeLike>(history: readonly T[], now: Date): T | undefined {
  return history.find(
    (entry) =>
      entry.status === "pending" &&
      (entry.change_type === "downgrade" || entry.change_type === "billing_change") &&
      new Date(entry.effective_date) > now,
  );
}

export type CardAction = "current" | "upgrade" | "downgrade" | "billing_change" | "buy";
export type DisabledReason = "current" | "pending" | "downgrade_while_canceled" | "renewal_change_while_canceled";

/** What one plan card offers, and why it cannot be chosen when it cannot (seed 001 §2, §4). */
export function planCardState(input: {
  subscription: SubscriptionLike | null | undefined;
  plans: readonly PlanLike[];
  history: readonly ChangeLike[];
  planId: string;
  period: BillingPeriod;
  now: Date;
}): { action: CardAction; changeType: PlanChangeType | null; disabled: DisabledReason | null } {
  const { subscription, plans, history, planId, period, now } = input;
  if (!hasPaidSubscription(subscription, now)) return { action: "buy", changeType: null, disabled: null };
  const changeType = changeTypeFor(subscription, plans, { planId, period }, now);
  if (!changeType) return { action: "current", changeType: null, disabled: "current" };
  const pending = pendingChange(history, now);
  if (pending && pending.to_plan_id === planId && pending.to_billing_period === period) {
    return { action: changeType, changeType, disabled: "pending" };
  }
  if (changeType === "downgrade" && subscription.cancel_at_period_end) {
    return { action: changeType, changeType, disabled: "downgrade_while_canceled" };
  }
  // Yearly → monthly waits for a renewal that a canceled subscription will not have.
  if (changeType === "billing_change" && period === "monthly" && subscription.cancel_at_period_end) {
    return { action: changeType, changeType, disabled: "renewal_change_while_canceled" };
  }
  return { action: changeType, changeType, disabled: null };
}

/** Seed 001 §9: (12 × monthly − yearly) / (12 × monthly) × 100, rounded. */
export function savingsPercent(plan: Pick<PlanLike, "price_monthly" | "price_yearly">): number {
  if (plan.price_monthly <= 0) return 0;
  const full = plan.price_monthly * 12;
  return Math.max(0, Math.round(((full - plan.price_yearly) / full) * 100));
}

/** The badge on the yearly toggle: the largest saving across plans. */
export function maxSavingsPercent(plans: readonly Pick<PlanLike, "price_monthly" | "price_yearly">[]): number {
  return plans.reduce((best, plan) => Math.max(best, savingsPercent(plan)), 0);
}

/** Seed 001 §9: a yearly price per month, rounded to the minor unit. */
export function monthlyEquivalent(priceYearly: number): number {
  return Math.round(priceYearly / 12);
}

export function priceFor(plan: Pick<PlanLike, "price_monthly" | "price_yearly">, period: BillingPeriod): number {
  return period === "yearly" ? plan.price_yearly : plan.price_monthly;
}

/** The plans the dialog sells, cheapest first (seed 001 §9: sorted by monthly price). */
export function purchasablePlans<T extends PlanLike>(plans: readonly T[]): T[] {
  return plans.filter((plan) => !FREE_PLAN_IDS.has(plan.id) && plan.price_monthly > 0).sort((a, b) => a.price_monthly - b.price_monthly || a.position - b.position);
}

/** Seed 001 §9: the middle plan is the recommended one; starter or lapsed users start with it (pro) selected. */
export function recommendedPlanId(plans: readonly PlanLike[]): string | undefined {
  const paid = purchasablePlans(plans);
  return paid[Math.floor((paid.length - 1) / 2)]?.id;
}

/** The top plan shows the max-plan label instead of an upgrade button (seed 001 §6). */
export function isTopPlan(plans: readonly PlanLike[], planId: string): boolean {
  const top = plans.reduce((best, plan) => Math.max(best, plan.position), Number.NEGATIVE_INFINITY);
  return plans.find((plan) => plan.id === planId)?.position === top;
}

/** Seed 001 §9: minor units shown divided by 100 with no decimals, en-US for English, fr-FR otherwise. */
export function formatPrice(minor: number, currency: string, locale: string): string {
  return numberFormat(locale.startsWith("en") ? "en-US" : "fr-FR", {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(minor / 100);
}

/** A billing date as the plan screens show it: the day only, in UTC like the API's dates. */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return "—";
  return dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(value));
}

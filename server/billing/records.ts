import { addMonths, addYears, differenceInMilliseconds } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import { badRequest, notFound } from "../http/errors";
import { fieldError } from "../http/field-errors";
import type { Executor } from "../db/client";
import { type ChangeType, checkoutSessions, plans, subscriptionChanges, subscriptions, type PlanRow } from "../db/schema";
import type { PlanTarget, ProviderSubscription, SubscriptionRow } from "../integrations/payments/types";
import { FREE_PLAN_IDS, type BillingPeriod, type PlanId, type SubscriptionStatus } from "#domain/plans";

/* The billing rows: found, locked, saved and recorded in the history, and the arithmetic of prices and periods. */


export async function lockBilling(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${userId}`}))`);
}

export async function findSubscription(db: Executor, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function ownerOfExternal(db: Executor, subscriptionId: string) {
  const [row] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.externalSubscriptionId, subscriptionId));
  return row?.userId ?? null;
}

/** `checkoutId` is a uuid: the routes' schema refuses anything else (400) before it gets here. */
export async function findCheckout(db: Executor, userId: string, checkoutId: string) {
  const [row] = await db.select().from(checkoutSessions).where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)));
  if (!row) throw notFound("Checkout not found");
  return row;
}

export async function findPendingChange(db: Executor, userId: string) {
  const [row] = await db.select().from(subscriptionChanges).where(and(eq(subscriptionChanges.userId, userId), eq(subscriptionChanges.status, "pending")));
  return row;
}

export async function voidPendingChange(db: Executor, userId: string) {
  await db
    .update(subscriptionChanges)
    .set({ status: "canceled" })
    .where(and(eq(subscriptionChanges.userId, userId), eq(subscriptionChanges.status, "pending")));
}

export async function planById(db: Executor, planId: PlanId) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw new Error(`Plan ${planId} is not seeded`);
  return plan;
}

/** Only paid plans are bought; the free tier is what a subscription falls back to. */
export async function purchasablePlan(db: Executor, planId: PlanId) {
  const plan = await planById(db, planId);
  if (FREE_PLAN_IDS.has(plan.id) || plan.priceMonthly <= 0) {
    throw badRequest("This plan is free: there is nothing to buy", { code: "plan_not_purchasable", errors: fieldError("plan_id", "plan_not_purchasable", "This plan is free: there is nothing to buy") });
  }
  return plan;
}

type SubscriptionValues = Partial<Omit<typeof subscriptions.$inferInsert, "id" | "userId" | "createdAt">>;

export async function saveSubscription(db: Executor, userId: string, values: SubscriptionValues): Promise<SubscriptionRow> {
  const now = new Date();
  const [updated] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: now })
    .where(eq(subscriptions.userId, userId))
    .returning();
  if (updated) return updated;
  if (!values.planId || !values.status || !values.currentPeriodEnd) throw new Error("A new subscription needs a plan, a status and a period");
  const [created] = await db
    .insert(subscriptions)
    .values({ ...values, planId: values.planId, status: values.status, currentPeriodEnd: values.currentPeriodEnd, userId })
    .returning();
  return created;
}

export function fromProviderState(state: ProviderSubscription) {
  return {
    values: {
      planId: state.planId,
      billingPeriod: state.period,
      status: state.status,
      currentPeriodStart: state.periodStart,
      currentPeriodEnd: state.periodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      externalCustomerId: state.customerId,
      externalSubscriptionId: state.subscriptionId,
      externalScheduleId: state.scheduleId,
    } satisfies SubscriptionValues,
  };
}

/** Local upgrades: the same period continues; a new billing period starts now. */
export function localChangeNow(row: SubscriptionRow, target: PlanTarget, now: Date) {
  const samePeriod = row.billingPeriod === target.period;
  return {
    values: {
      planId: target.planId,
      billingPeriod: target.period,
      status: "active" as SubscriptionStatus,
      ...(samePeriod ? {} : { currentPeriodStart: now, currentPeriodEnd: addPeriod(now, target.period) }),
    } satisfies SubscriptionValues,
  };
}

/**
 * What an immediate change costs: the new price for the time left (or a whole new period when
 * the billing period changes) less the unused part of what was paid. Never negative.
 */
export function proratedCharge(row: SubscriptionRow, from: PlanRow, to: PlanRow, period: BillingPeriod, now: Date): number {
  const total = Math.max(1, differenceInMilliseconds(row.currentPeriodEnd, row.currentPeriodStart));
  const left = Math.min(1, Math.max(0, differenceInMilliseconds(row.currentPeriodEnd, now) / total));
  const credit = priceOf(from, row.billingPeriod) * left;
  const due = row.billingPeriod === period ? priceOf(to, period) * left : priceOf(to, period);
  return Math.max(0, Math.round(due - credit));
}

export function priceOf(plan: PlanRow, period: BillingPeriod) {
  return period === "yearly" ? plan.priceYearly : plan.priceMonthly;
}

export function addPeriod(start: Date, period: BillingPeriod) {
  return period === "yearly" ? addYears(start, 1) : addMonths(start, 1);
}

export async function record(
  db: Executor,
  userId: string,
  changeType: ChangeType,
  change: { from: SubscriptionRow | undefined | null; to: PlanTarget | null; effective: Date; status?: "pending" | "applied"; amount?: number | null; currency?: string },
) {
  const status = change.status ?? "applied";
  await db.insert(subscriptionChanges).values({
    userId,
    changeType,
    status,
    fromPlanId: change.from?.planId ?? null,
    fromBillingPeriod: change.from?.billingPeriod ?? null,
    toPlanId: change.to?.planId ?? null,
    toBillingPeriod: change.to?.period ?? null,
    effectiveDate: change.effective,
    amount: change.amount ?? null,
    currency: change.amount != null ? (change.currency ?? "EUR") : null,
    appliedAt: status === "applied" ? new Date() : null,
    // now() is the transaction's start: entries written by one transaction (upgrade + reactivate,
    // several renewals) would tie, and the newest-first history would list them in random order.
    // clock_timestamp() still ties on PGlite (millisecond clock): a strictly increasing clock instead.
    createdAt: historyClock(),
  });
}

let lastHistoryTime = 0;
function historyClock() {
  lastHistoryTime = Math.max(Date.now(), lastHistoryTime + 1);
  return new Date(lastHistoryTime);
}

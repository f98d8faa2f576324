import { and, asc, eq, gt } from "drizzle-orm";
import { ApiError, tooManyRequests } from "../http/errors";
import type { Database, Executor, Transaction } from "../db/client";
import { checkoutSessions, type PlanRow } from "../db/schema";
import { logger } from "../logger";
import type { SubscriptionRow } from "../integrations/payments/types";
import { hasPaidSubscription, type BillingPeriod, type PlanId } from "#domain/plans";
import { getBillingGateway } from "./gateway";
import { addPeriod, findCheckout, findSubscription, lockBilling, planById, priceOf, purchasablePlan, record, saveSubscription, voidPendingChange } from "./records";
import { afterPlanChange, planLimits } from "./limits";
import { applyDueChanges } from "./renewals";
import { toSubscription } from "./shapes";

/* Buying a plan: a checkout at the provider (Stripe Checkout, or the local test-mode page), and the local page's pay and abandon. */

export type BillingUser = { id: string; email: string };

export type PlanRequest = { plan_id: PlanId; billing_period: BillingPeriod; referral_id?: string | null };

/** A new paid subscription starts with a checkout; a user who already pays changes plan instead. */
export async function startCheckout(db: Database, user: BillingUser, input: PlanRequest, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockBilling(tx, user.id);
    await applyDueChanges(tx, now, user.id);
    const row = await findSubscription(tx, user.id);
    if (row && hasPaidSubscription(toSubscription(row), now)) {
      throw new ApiError(409, "You already have a subscription: change its plan instead", { code: "subscription_exists" });
    }
    return createCheckout(tx, user, row, await purchasablePlan(tx, input.plan_id), input, now);
  });
}

/** A checkout stays payable this long: Stripe expires a Checkout Session after 24 hours. */
const CHECKOUT_REUSE_MS = 23 * 60 * 60 * 1000;
/** Checkouts one user may have open at once (a plan and period each, or another referral). */
export const MAX_OPEN_CHECKOUTS = 5;

/**
 * Asking again for the same plan, period and referral (a double click, a second tab, a retried
 * request) gives back the checkout already open; the caller holds the billing lock, so requests
 * racing each other find the first one's. Past MAX_OPEN_CHECKOUTS different ones, 429.
 */
export async function createCheckout(tx: Transaction, user: BillingUser, row: SubscriptionRow | undefined, plan: PlanRow, input: PlanRequest, now: Date) {
  const gateway = getBillingGateway();
  const referralId = input.referral_id || null;
  const open = await tx
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, user.id),
        eq(checkoutSessions.status, "open"),
        eq(checkoutSessions.provider, gateway.id),
        gt(checkoutSessions.createdAt, new Date(now.getTime() - CHECKOUT_REUSE_MS)),
      ),
    )
    .orderBy(asc(checkoutSessions.createdAt));
  const same = open.find((checkout) => checkout.planId === plan.id && checkout.billingPeriod === input.billing_period && checkout.referralId === referralId && checkout.url);
  if (same) return { url: same.url, checkout_id: same.id };
  if (open.length >= MAX_OPEN_CHECKOUTS) {
    const freedAt = open[0]!.createdAt.getTime() + CHECKOUT_REUSE_MS;
    throw tooManyRequests("Too many checkouts are open: complete or abandon one first", (freedAt - now.getTime()) / 1000, "too_many_checkouts");
  }
  const [checkout] = await tx
    .insert(checkoutSessions)
    .values({ userId: user.id, provider: gateway.id, planId: plan.id, billingPeriod: input.billing_period, referralId, url: "", createdAt: now })
    .returning();
  const { url, externalId } = await gateway.createCheckout({
    checkoutId: checkout.id,
    userId: user.id,
    email: user.email,
    target: { planId: plan.id, period: input.billing_period },
    referralId: checkout.referralId,
    customerId: row?.externalCustomerId ?? null,
  });
  await tx.update(checkoutSessions).set({ url, externalId }).where(eq(checkoutSessions.id, checkout.id));
  logger.info("billing.checkout_started", { user_id: user.id, provider: gateway.id, plan: plan.id, period: input.billing_period });
  return { url, checkout_id: checkout.id };
}

/** The local test-mode page's "Pay": the same activation a completed Stripe Checkout leads to. */
export async function completeLocalCheckout(db: Database, userId: string, checkoutId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockBilling(tx, userId);
    const checkout = await openLocalCheckout(tx, userId, checkoutId);
    const before = await planLimits(tx, userId, now);
    const existing = await findSubscription(tx, userId);
    if (existing && hasPaidSubscription(toSubscription(existing), now)) {
      throw new ApiError(409, "You already have a subscription: change its plan instead", { code: "subscription_exists" });
    }
    const plan = await planById(tx, checkout.planId);
    const target = { planId: checkout.planId, period: checkout.billingPeriod };
    const start = now;
    const row = await saveSubscription(tx, userId, {
      planId: target.planId,
      billingPeriod: target.period,
      status: "active",
      currentPeriodStart: start,
      currentPeriodEnd: addPeriod(start, target.period),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      provider: "local",
      externalCustomerId: null,
      externalSubscriptionId: null,
      externalScheduleId: null,
      referralId: checkout.referralId,
    });
    await voidPendingChange(tx, userId);
    await record(tx, userId, "subscribe", { from: existing, to: target, effective: start, amount: priceOf(plan, target.period), currency: plan.currency });
    await tx.update(checkoutSessions).set({ status: "completed", completedAt: now }).where(eq(checkoutSessions.id, checkout.id));
    await afterPlanChange(tx, userId, before, now);
    return toSubscription(row);
  });
}

export async function abandonLocalCheckout(db: Database, userId: string, checkoutId: string) {
  return db.transaction(async (tx) => {
    await lockBilling(tx, userId);
    const checkout = await openLocalCheckout(tx, userId, checkoutId);
    await tx.update(checkoutSessions).set({ status: "abandoned" }).where(eq(checkoutSessions.id, checkout.id));
  });
}

async function openLocalCheckout(tx: Executor, userId: string, checkoutId: string) {
  const checkout = await findCheckout(tx, userId, checkoutId);
  if (checkout.provider !== "local") throw new ApiError(409, "This checkout is paid on Stripe", { code: "checkout_not_local" });
  if (checkout.status !== "open") throw new ApiError(409, "This checkout is already closed", { code: "checkout_closed" });
  return checkout;
}

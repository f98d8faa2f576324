import { addMonths, addYears, differenceInMilliseconds } from "date-fns";
import { and, asc, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { ApiError, badRequest, notFound, tooManyRequests } from "../http/errors";
import { getConfig } from "../config";
import type { Database, Executor, Transaction } from "../db/client";
import { type ChangeType, checkoutSessions, plans, subscriptionChanges, subscriptions } from "../db/schema";
import { logger } from "../logger";
import type { BillingGateway, PlanTarget, ProviderSubscription, SubscriptionRow } from "../integrations/payments/types";
import { LocalGateway } from "./gateway";
import { changeTypeFor, FREE_PLAN_IDS, hasPaidSubscription, priceFor, savingsPercent, type BillingPeriod, type PlanId, type SubscriptionStatus } from "#domain/plans";
import { createStripeClient, StripeGateway } from "../integrations/stripe/gateway";

type PlanRow = typeof plans.$inferSelect;
type ChangeRow = typeof subscriptionChanges.$inferSelect;
type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type BillingUser = { id: string; email: string };

// ---- the gateway ------------------------------------------------------------------------------

let gateway: { key: string; value: BillingGateway } | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, else the local test-mode provider; one per configuration. */
export function getBillingGateway(): BillingGateway {
  const config = getConfig();
  const key = `${config.STRIPE_SECRET_KEY ?? ""}|${config.STRIPE_API_URL ?? ""}|${config.APP_URL}|${config.STRIPE_PRICE_LOOKUP_PREFIX}`;
  if (gateway?.key !== key) {
    const value = config.STRIPE_SECRET_KEY
      ? new StripeGateway(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL }), {
          secretKey: config.STRIPE_SECRET_KEY,
          apiUrl: config.STRIPE_API_URL,
          appUrl: config.APP_URL,
          lookupPrefix: config.STRIPE_PRICE_LOOKUP_PREFIX,
        })
      : new LocalGateway(config.APP_URL);
    gateway = { key, value };
  }
  return gateway.value;
}

// ---- shapes -----------------------------------------------------------------------------------

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
    competitor_metrics_limits: plan.competitorMetricsLimits ?? null,
  };
}

export async function listPlans(db: Executor) {
  const rows = await db.select().from(plans).orderBy(asc(plans.priceMonthly), asc(plans.position));
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
    canceled_at: row.canceledAt?.toISOString() ?? null,
    provider: row.provider,
  };
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

function toCheckout(row: CheckoutRow, plan: PlanRow) {
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

// ---- reads ------------------------------------------------------------------------------------

/** A user who never subscribed has no row: null, shown as the starter badge. Due changes are applied first. */
export async function currentSubscription(db: Database, userId: string, now = new Date()) {
  await db.transaction((tx) => applyDueChanges(tx, now, userId));
  const row = await findSubscription(db, userId);
  return row ? toSubscription(row) : null;
}

export async function changeHistory(db: Database, userId: string, now = new Date()) {
  await db.transaction((tx) => applyDueChanges(tx, now, userId));
  const rows = await db
    .select()
    .from(subscriptionChanges)
    .where(eq(subscriptionChanges.userId, userId))
    .orderBy(desc(subscriptionChanges.createdAt), desc(subscriptionChanges.id))
    .limit(200);
  return rows.map(toChange);
}

export async function getCheckout(db: Database, userId: string, checkoutId: string) {
  const row = await findCheckout(db, userId, checkoutId);
  const plan = await planById(db, row.planId);
  return toCheckout(row, plan);
}

// ---- checkout ---------------------------------------------------------------------------------

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
async function createCheckout(tx: Transaction, user: BillingUser, row: SubscriptionRow | undefined, plan: PlanRow, input: PlanRequest, now: Date) {
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

// ---- plan changes -----------------------------------------------------------------------------

export type ChangeResult = {
  requires_checkout: boolean;
  checkout_url: string | null;
  immediate_change: boolean;
  scheduled_change: boolean;
  change_type: "upgrade" | "downgrade" | "billing_change" | null;
  effective_date: string | null;
  message: string;
};

/**
 * Seed 001 §4: an upgrade and monthly → yearly apply now (prorated); a downgrade and yearly →
 * monthly wait for the renewal, the current plan staying until then, recorded as the pending
 * change. Without a paid subscription there is nothing to change: it is a checkout.
 */
export async function changePlan(db: Database, user: BillingUser, input: PlanRequest, now = new Date()): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    await lockBilling(tx, user.id);
    await applyDueChanges(tx, now, user.id);
    const plan = await purchasablePlan(tx, input.plan_id);
    const row = await findSubscription(tx, user.id);
    if (!row || !hasPaidSubscription(toSubscription(row), now)) {
      const { url } = await createCheckout(tx, user, row, plan, input, now);
      return { requires_checkout: true, checkout_url: url, immediate_change: false, scheduled_change: false, change_type: null, effective_date: null, message: "Complete the payment to start your subscription" };
    }
    const target: PlanTarget = { planId: plan.id, period: input.billing_period };
    const allPlans = (await tx.select().from(plans)).map(toPlan);
    const changeType = changeTypeFor(toSubscription(row), allPlans, target, now);
    if (!changeType) throw new ApiError(409, "You are already on this plan and billing period", { code: "current_plan" });
    const pending = await findPendingChange(tx, user.id);
    if (pending && pending.toPlanId === target.planId && pending.toBillingPeriod === target.period) {
      throw new ApiError(409, "This change is already scheduled", { code: "change_pending" });
    }
    const immediate = changeType === "upgrade" || (changeType === "billing_change" && target.period === "yearly");
    // A change for the renewal means nothing while the subscription ends at the renewal.
    if (!immediate && row.cancelAtPeriodEnd) {
      throw changeType === "downgrade"
        ? new ApiError(409, "A downgrade is not possible while the subscription is canceled: reactivate it first", { code: "downgrade_while_canceled" })
        : new ApiError(409, "A change at renewal is not possible while the subscription is canceled: reactivate it first", { code: "renewal_change_while_canceled" });
    }
    const gateway = gatewayFor(row);
    if (immediate) {
      if (pending) {
        await gateway.clearSchedule(row);
        await voidPendingChange(tx, user.id);
      }
      const fromProvider = await gateway.changeNow(row, target);
      const next = fromProvider ? fromProviderState(fromProvider) : localChangeNow(row, target, now);
      const updated = await saveSubscription(tx, user.id, { ...next.values, externalScheduleId: null, cancelAtPeriodEnd: false, canceledAt: null });
      const charged = fromProvider ? null : proratedCharge(row, await planById(tx, row.planId), plan, target.period, now);
      await record(tx, user.id, changeType, { from: row, to: target, effective: now, amount: charged, currency: plan.currency });
      if (row.cancelAtPeriodEnd) await record(tx, user.id, "reactivate", { from: row, to: target, effective: now });
      logger.info("billing.changed", { user_id: user.id, change: changeType, plan: target.planId, period: target.period });
      return { requires_checkout: false, checkout_url: null, immediate_change: true, scheduled_change: false, change_type: changeType, effective_date: updated.currentPeriodStart > now ? updated.currentPeriodStart.toISOString() : now.toISOString(), message: `Your plan is now ${plan.name} (${target.period})` };
    }
    // A new scheduled change replaces the pending one; at Stripe the same schedule is rewritten.
    if (pending) await voidPendingChange(tx, user.id);
    const { scheduleId } = await gateway.scheduleAtRenewal(row, target);
    if (scheduleId !== row.externalScheduleId) await saveSubscription(tx, user.id, { externalScheduleId: scheduleId });
    await record(tx, user.id, changeType, { from: row, to: target, effective: row.currentPeriodEnd, status: "pending" });
    logger.info("billing.scheduled", { user_id: user.id, change: changeType, plan: target.planId, period: target.period, at: row.currentPeriodEnd.toISOString() });
    return {
      requires_checkout: false,
      checkout_url: null,
      immediate_change: false,
      scheduled_change: true,
      change_type: changeType,
      effective_date: row.currentPeriodEnd.toISOString(),
      message: `Your plan changes to ${plan.name} (${target.period}) on ${row.currentPeriodEnd.toISOString().slice(0, 10)}`,
    };
  });
}

/** Keeps the current plan: the change waiting for the renewal is dropped (at Stripe, its schedule released). */
export async function cancelPendingChange(db: Database, userId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockBilling(tx, userId);
    await applyDueChanges(tx, now, userId);
    const row = await findSubscription(tx, userId);
    const pending = await findPendingChange(tx, userId);
    if (!row || !pending) throw new ApiError(409, "No plan change is scheduled", { code: "no_pending_change" });
    await gatewayFor(row).clearSchedule(row);
    await voidPendingChange(tx, userId);
    if (row.externalScheduleId) await saveSubscription(tx, userId, { externalScheduleId: null });
    logger.info("billing.pending_change_canceled", { user_id: userId, change: pending.changeType });
    return { message: "Your current plan continues" };
  });
}

/** Cancels at the end of the period; a pending change is void (there will be no renewal to apply it to). */
export async function cancelSubscription(db: Database, userId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockBilling(tx, userId);
    await applyDueChanges(tx, now, userId);
    const row = await findSubscription(tx, userId);
    if (!row || !hasPaidSubscription(toSubscription(row), now)) throw new ApiError(409, "You have no subscription to cancel", { code: "no_subscription" });
    if (row.cancelAtPeriodEnd) throw new ApiError(409, "Your subscription is already canceled", { code: "already_canceled" });
    const gateway = gatewayFor(row);
    if (await findPendingChange(tx, userId)) {
      await gateway.clearSchedule(row);
      await voidPendingChange(tx, userId);
    }
    await gateway.setCancelAtPeriodEnd(row, true);
    await saveSubscription(tx, userId, { cancelAtPeriodEnd: true, canceledAt: now, externalScheduleId: null });
    await record(tx, userId, "cancel", { from: row, to: null, effective: row.currentPeriodEnd });
    logger.info("billing.canceled", { user_id: userId, ends_at: row.currentPeriodEnd.toISOString() });
    return { message: `Your subscription ends on ${row.currentPeriodEnd.toISOString().slice(0, 10)}`, effective_date: row.currentPeriodEnd.toISOString() };
  });
}

/** Undoes a cancellation before the period ends; after it, only a new checkout brings the plan back. */
export async function reactivateSubscription(db: Database, userId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockBilling(tx, userId);
    await applyDueChanges(tx, now, userId);
    const row = await findSubscription(tx, userId);
    if (!row?.cancelAtPeriodEnd) throw new ApiError(409, "Your subscription is not canceled", { code: "not_canceled" });
    if (!hasPaidSubscription(toSubscription(row), now)) {
      throw new ApiError(409, "Your subscription has ended: choose a plan to subscribe again", { code: "subscription_ended" });
    }
    await gatewayFor(row).setCancelAtPeriodEnd(row, false);
    await saveSubscription(tx, userId, { cancelAtPeriodEnd: false, canceledAt: null });
    await record(tx, userId, "reactivate", { from: row, to: { planId: row.planId, period: row.billingPeriod }, effective: now });
    logger.info("billing.reactivated", { user_id: userId });
    return { message: `Your subscription renews on ${row.currentPeriodEnd.toISOString().slice(0, 10)}` };
  });
}

export async function billingPortal(db: Database, userId: string, returnUrl: string) {
  const row = await findSubscription(db, userId);
  const url = row ? await gatewayFor(row).portalUrl(row, returnUrl) : null;
  if (!url) throw new ApiError(409, "Payment methods and invoices are managed by Stripe, which is not used for this subscription", { code: "portal_unavailable" });
  return { url };
}

// ---- the renewal clock ------------------------------------------------------------------------

/**
 * What the calendar decides for local subscriptions: due pending changes apply at the renewal, a
 * canceled period ends, an active one renews. Stripe subscriptions follow Stripe's webhooks instead.
 * Run every few minutes by a job, and for one user before any read or change of theirs.
 */
export async function applyDueChanges(db: Executor, now = new Date(), userId?: string) {
  const byUser = userId ? eq(subscriptions.userId, userId) : undefined;
  const due = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, "local"), ne(subscriptions.status, "canceled"), lte(subscriptions.currentPeriodEnd, now), byUser));
  let applied = 0;
  for (const { userId: owner } of due) {
    const run = async (tx: Executor) => {
      await lockBilling(tx, owner);
      const row = await findSubscription(tx, owner);
      if (row?.provider !== "local" || row.status === "canceled" || row.currentPeriodEnd > now) return;
      await rollLocalPeriods(tx, row, now);
      applied++;
    };
    // Each user in a transaction of their own (a savepoint inside a caller's): the advisory lock
    // then holds until the end, and a renewal is written whole or not at all.
    await (db as Database).transaction(run);
  }
  return applied;
}

async function rollLocalPeriods(tx: Executor, start: SubscriptionRow, now: Date) {
  let row = start;
  while (row.currentPeriodEnd <= now) {
    const renewal = row.currentPeriodEnd;
    if (row.cancelAtPeriodEnd) {
      row = await saveSubscription(tx, row.userId, { status: "canceled" });
      // No renewal to apply a pending change at (one scheduled after canceling, e.g. yearly → monthly).
      await voidPendingChange(tx, row.userId);
      await record(tx, row.userId, "expire", { from: row, to: null, effective: renewal });
      return;
    }
    const pending = await findPendingChange(tx, row.userId);
    const target = pending?.toPlanId && pending.toBillingPeriod ? { planId: pending.toPlanId, period: pending.toBillingPeriod } : { planId: row.planId, period: row.billingPeriod };
    const plan = await planById(tx, target.planId);
    row = await saveSubscription(tx, row.userId, {
      planId: target.planId,
      billingPeriod: target.period,
      currentPeriodStart: renewal,
      currentPeriodEnd: addPeriod(renewal, target.period),
      status: row.status === "past_due" ? "past_due" : "active",
    });
    if (pending) {
      await tx
        .update(subscriptionChanges)
        .set({ status: "applied", appliedAt: now, amount: priceOf(plan, target.period), currency: plan.currency })
        .where(eq(subscriptionChanges.id, pending.id));
    } else {
      await record(tx, row.userId, "renew", { from: row, to: target, effective: renewal, amount: priceOf(plan, target.period), currency: plan.currency });
    }
  }
}

// ---- provider sync (Stripe webhooks and checkout returns) -------------------------------------

/**
 * Stores Stripe's view of a subscription: the state machine's result when the change started at
 * Stripe (checkout, renewal, dunning, the Billing Portal). Idempotent: the same state twice writes
 * the same row and no second history entry.
 */
export async function syncProviderSubscription(db: Database, state: ProviderSubscription, hint: { userId?: string | null } = {}, now = new Date()) {
  const owner = state.userId ?? hint.userId ?? (await ownerOfExternal(db, state.subscriptionId));
  if (!owner) {
    logger.warn("billing.sync_unknown_subscription", { subscription: state.subscriptionId });
    return null;
  }
  return db.transaction(async (tx) => {
    await lockBilling(tx, owner);
    const before = await findSubscription(tx, owner);
    if (before?.externalSubscriptionId && before.externalSubscriptionId !== state.subscriptionId) {
      // Another subscription of this user: an older one ending changes nothing, and a second live
      // one (two checkouts paid in two tabs) must not replace the first; the caller cancels it.
      if (state.status === "canceled") return toSubscription(before);
      if (hasPaidSubscription(toSubscription(before), now)) return { ...toSubscription(before), duplicate_of: before.externalSubscriptionId };
    }
    const row = await saveSubscription(tx, owner, { ...fromProviderState(state).values, provider: "stripe" });
    const wasLive = before ? hasPaidSubscription(toSubscription(before), now) && before.externalSubscriptionId === state.subscriptionId : false;
    const isLive = hasPaidSubscription(toSubscription(row), now);
    const target = { planId: state.planId, period: state.period };
    if (!wasLive && isLive) {
      await voidPendingChange(tx, owner);
      await record(tx, owner, "subscribe", { from: before, to: target, effective: state.periodStart });
    } else if (wasLive && before && !isLive) {
      await voidPendingChange(tx, owner);
      await record(tx, owner, "expire", { from: before, to: null, effective: now });
    } else if (before && wasLive) {
      if (before.status !== "past_due" && state.status === "past_due") await record(tx, owner, "payment_failed", { from: before, to: target, effective: now });
      if (!before.cancelAtPeriodEnd && state.cancelAtPeriodEnd) await record(tx, owner, "cancel", { from: before, to: null, effective: state.periodEnd });
      if (before.cancelAtPeriodEnd && !state.cancelAtPeriodEnd) await record(tx, owner, "reactivate", { from: before, to: target, effective: now });
      const pending = await findPendingChange(tx, owner);
      if (pending && pending.toPlanId === state.planId && pending.toBillingPeriod === state.period) {
        await tx.update(subscriptionChanges).set({ status: "applied", appliedAt: now }).where(eq(subscriptionChanges.id, pending.id));
      } else if (pending && !state.scheduleId) {
        // Released at Stripe (e.g. in the Billing Portal): nothing will apply it any more.
        await voidPendingChange(tx, owner);
      } else if (!pending && (before.planId !== state.planId || before.billingPeriod !== state.period)) {
        // A change made at Stripe (the Billing Portal): named by the same rule as the dialog's.
        const kind = changeTypeFor(toSubscription(before), (await tx.select().from(plans)).map(toPlan), target, now);
        if (kind) await record(tx, owner, kind, { from: before, to: target, effective: now });
      }
    }
    return toSubscription(row);
  });
}

/** Marks a checkout paid once its subscription is stored (Stripe's checkout.session.completed). */
export async function markCheckoutCompleted(db: Executor, externalId: string, now = new Date()) {
  const [row] = await db
    .update(checkoutSessions)
    .set({ status: "completed", completedAt: now })
    .where(and(eq(checkoutSessions.externalId, externalId), eq(checkoutSessions.status, "open")))
    .returning();
  return row ?? null;
}

export async function checkoutByExternalId(db: Executor, externalId: string) {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.externalId, externalId));
  return row ?? null;
}

/** invoice.payment_failed: the card was refused; the plan stays while Stripe retries it. */
export async function markPastDue(db: Database, subscriptionId: string, now = new Date()) {
  const owner = await ownerOfExternal(db, subscriptionId);
  if (!owner) return;
  await db.transaction(async (tx) => {
    await lockBilling(tx, owner);
    const row = await findSubscription(tx, owner);
    if (row?.status !== "active" || row.externalSubscriptionId !== subscriptionId) return;
    await saveSubscription(tx, owner, { status: "past_due" });
    await record(tx, owner, "payment_failed", { from: row, to: { planId: row.planId, period: row.billingPeriod }, effective: now });
  });
}

// ---- helpers ----------------------------------------------------------------------------------

function gatewayFor(row: SubscriptionRow): BillingGateway {
  const current = getBillingGateway();
  if (row.provider === current.id) return current;
  // A subscription from a provider no longer configured (e.g. local rows after Stripe was set up): local bookkeeping only.
  if (row.provider === "local") return new LocalGateway(getConfig().APP_URL);
  throw new ApiError(503, "Stripe is not configured on this server, so this subscription cannot be changed here", { code: "provider_unavailable" });
}

async function lockBilling(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${userId}`}))`);
}

async function findSubscription(db: Executor, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

async function ownerOfExternal(db: Executor, subscriptionId: string) {
  const [row] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.externalSubscriptionId, subscriptionId));
  return row?.userId ?? null;
}

/** `checkoutId` is a uuid: the routes' schema refuses anything else (400) before it gets here. */
export async function findCheckout(db: Executor, userId: string, checkoutId: string) {
  const [row] = await db.select().from(checkoutSessions).where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, userId)));
  if (!row) throw notFound("Checkout not found");
  return row;
}

async function findPendingChange(db: Executor, userId: string) {
  const [row] = await db.select().from(subscriptionChanges).where(and(eq(subscriptionChanges.userId, userId), eq(subscriptionChanges.status, "pending")));
  return row;
}

async function voidPendingChange(db: Executor, userId: string) {
  await db
    .update(subscriptionChanges)
    .set({ status: "canceled" })
    .where(and(eq(subscriptionChanges.userId, userId), eq(subscriptionChanges.status, "pending")));
}

async function planById(db: Executor, planId: PlanId) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw new Error(`Plan ${planId} is not seeded`);
  return plan;
}

/** Only paid plans are bought; the free tier is what a subscription falls back to. */
async function purchasablePlan(db: Executor, planId: PlanId) {
  const plan = await planById(db, planId);
  if (FREE_PLAN_IDS.has(plan.id) || plan.priceMonthly <= 0) {
    throw badRequest("This plan is free: there is nothing to buy", { code: "plan_not_purchasable", errors: { plan_id: ["This plan is free: there is nothing to buy"] } });
  }
  return plan;
}

type SubscriptionValues = Partial<Omit<typeof subscriptions.$inferInsert, "id" | "userId" | "createdAt">>;

async function saveSubscription(db: Executor, userId: string, values: SubscriptionValues): Promise<SubscriptionRow> {
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

function fromProviderState(state: ProviderSubscription) {
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
function localChangeNow(row: SubscriptionRow, target: PlanTarget, now: Date) {
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

function priceOf(plan: PlanRow, period: BillingPeriod) {
  return period === "yearly" ? plan.priceYearly : plan.priceMonthly;
}

export function addPeriod(start: Date, period: BillingPeriod) {
  return period === "yearly" ? addYears(start, 1) : addMonths(start, 1);
}

async function record(
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

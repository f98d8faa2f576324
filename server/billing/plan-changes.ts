import { ApiError } from "../http/errors";
import type { Database } from "../db/client";
import { plans } from "../db/schema";
import { logger } from "../logger";
import type { PlanTarget } from "../integrations/payments/types";
import { changeTypeFor, hasPaidSubscription } from "#domain/plans";
import { type BillingUser, createCheckout, type PlanRequest } from "./checkout";
import { gatewayFor } from "./gateway";
import { afterPlanChange, planLimits } from "./limits";
import { findPendingChange, findSubscription, fromProviderState, localChangeNow, lockBilling, planById, proratedCharge, purchasablePlan, record, saveSubscription, voidPendingChange } from "./records";
import { applyDueChanges } from "./renewals";
import { toPlan, toSubscription } from "./shapes";

/* The subscription state machine's transitions a user asks for: change plan, cancel, reactivate, drop a pending change. */

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
      const before = await planLimits(tx, user.id, now);
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
      await afterPlanChange(tx, user.id, before, now);
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

import { and, eq } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { checkoutSessions, plans, subscriptionChanges } from "../db/schema";
import { logger } from "../logger";
import type { ProviderSubscription } from "../integrations/payments/types";
import { changeTypeFor, hasPaidSubscription } from "#domain/plans";
import { afterPlanChange, planLimits } from "./limits";
import { findPendingChange, findSubscription, fromProviderState, lockBilling, ownerOfExternal, record, saveSubscription, voidPendingChange } from "./records";
import { toPlan, toSubscription } from "./shapes";

/* Stripe's side of the state machine: its webhooks and checkout returns, stored as the same rows and history. */

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
    const limitsBefore = await planLimits(tx, owner, now);
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
    await afterPlanChange(tx, owner, limitsBefore, now);
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

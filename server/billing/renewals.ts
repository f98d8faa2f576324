import { and, eq, lte, ne } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { subscriptionChanges, subscriptions } from "../db/schema";
import type { SubscriptionRow } from "../integrations/payments/types";
import { addPeriod, findPendingChange, findSubscription, lockBilling, planById, priceOf, record, saveSubscription, voidPendingChange } from "./records";

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

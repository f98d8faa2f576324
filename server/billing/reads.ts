import { asc, desc, eq } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { plans, subscriptionChanges } from "../db/schema";
import type { SubscriptionRow } from "../integrations/payments/types";
import { applyDueChanges } from "./renewals";
import { findCheckout, findSubscription, planById } from "./records";
import { toChange, toCheckout, toPlan, toSubscription } from "./shapes";

/*
 * What the subscription routes read: plans, the subscription and its history, a checkout. A read
 * writes nothing unless a local renewal fell due and the job (every few minutes) has not applied it
 * yet: then it is applied first, so no page shows a period that has ended (issue 16).
 */

/** A local subscription whose period has ended and whose renewal the job has not applied yet. */
export function renewalOverdue(row: SubscriptionRow | undefined, now: Date): boolean {
  return row?.provider === "local" && row.status !== "canceled" && row.currentPeriodEnd <= now;
}

async function subscriptionNow(db: Database, userId: string, now: Date) {
  const row = await findSubscription(db, userId);
  if (!renewalOverdue(row, now)) return row;
  await db.transaction((tx) => applyDueChanges(tx, now, userId));
  return findSubscription(db, userId);
}

export async function listPlans(db: Executor) {
  const rows = await db.select().from(plans).orderBy(asc(plans.priceMonthly), asc(plans.position));
  return rows.map(toPlan);
}

/** A user who never subscribed has no row: null, shown as the starter badge. Due changes are applied first. */
export async function currentSubscription(db: Database, userId: string, now = new Date()) {
  const row = await subscriptionNow(db, userId, now);
  return row ? toSubscription(row) : null;
}

export async function changeHistory(db: Database, userId: string, now = new Date()) {
  await subscriptionNow(db, userId, now);
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

import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { plans, subscriptions } from "../db/schema";
import { hasPaidSubscription, type PlanId } from "#domain/plans";
import { applyDueChanges } from "./renewals";
import { QUESTION_CATEGORIES, type QuestionCategory } from "#domain/seo-profile";

export type PlanLimits = {
  planId: PlanId;
  planName: string;
  /** The plan is the top one: no upgrade can raise these limits. */
  isTopPlan: boolean;
  maxQuestionsTotal: number;
  maxQuestionsPerCategory: number;
  maxSystemQuestionsTotal: number;
  /** The first `categories_available` categories, in the product's order. */
  allowedCategories: QuestionCategory[];
  analysesPerDay: number;
  analysesPerMonth: number;
  /** Competitors the SEO profile may track (the plans' "competitor analyses"). */
  maxCompetitors: number;
  /** Website analyses over the account's life, failed ones not counted (seed §7's x-lifetime-* headers). */
  siteAuditsLifetime: number;
  /** When these limits may turn with the clock alone (epoch ms): the running period's end, if ahead. */
  turnsAt: number | undefined;
};

/**
 * The limits that apply to a user now: those of the paid plan while it runs (a canceled
 * subscription keeps its plan until the period ends), else the free plan's. A downgrade lowers
 * them without touching what the user created: only new use above them is refused.
 */
export async function planLimits(db: Executor, userId: string, now = new Date()): Promise<PlanLimits> {
  let { subscription, all } = await plansAndSubscription(db, userId);
  if (subscription?.provider === "local" && subscription.status !== "canceled" && subscription.current_period_end <= now) {
    // A local period ended and the renewal job has not run yet: a downgrade due is in force now,
    // as /subscription/current already shows it.
    await applyDueChanges(db, now, userId);
    ({ subscription, all } = await plansAndSubscription(db, userId));
  }
  const running =
    subscription && hasPaidSubscription({ ...subscription, current_period_end: subscription.current_period_end.toISOString() }, now);
  const planId: PlanId = running && subscription ? subscription.plan_id : "free";
  const plan = all.find((row) => row.id === planId);
  if (!plan) throw new Error(`Plan ${planId} is not seeded`);
  const top = Math.max(...all.map((row) => row.position));
  return {
    planId,
    // Seed 001 §3: the free plan is shown as Starter, as the sidebar badge does.
    planName: plan.id === "free" ? (all.find((row) => row.id === "starter")?.name ?? plan.name) : plan.name,
    isTopPlan: plan.position === top,
    maxQuestionsTotal: plan.maxQuestionsTotal,
    maxQuestionsPerCategory: plan.maxQuestionsPerCategory,
    maxSystemQuestionsTotal: plan.maxSystemQuestionsTotal,
    allowedCategories: QUESTION_CATEGORIES.slice(0, Math.min(plan.categoriesAvailable, QUESTION_CATEGORIES.length)),
    analysesPerDay: plan.analysesPerDay,
    analysesPerMonth: plan.analysesPerMonth,
    maxCompetitors: plan.competitorMetricsLimits?.domain_authority ?? 0,
    siteAuditsLifetime: plan.siteAuditsLifetime,
    turnsAt: subscription && subscription.current_period_end > now ? subscription.current_period_end.getTime() : undefined,
  };
}

/** Told, inside a plan change's transaction, that it raised the limits now in force. */
export type LimitsRaisedListener = (tx: Executor, userId: string, limits: PlanLimits) => Promise<unknown>;

const limitsRaisedListeners = new Set<LimitsRaisedListener>();

/**
 * For the domains whose data follows the limits (the generated questions fill the new room):
 * billing cannot import them, as they import billing.
 */
export function onLimitsRaised(listener: LimitsRaisedListener) {
  limitsRaisedListeners.add(listener);
}

/**
 * Runs the listeners when a plan change, in `tx`, left any limit above `before`: a first
 * subscription, an upgrade. A change that raises nothing (a renewal, a downgrade, the same state
 * synced twice) tells no one, so room the user made by deleting questions is not filled behind
 * their back, and a redelivered event adds nothing.
 */
export async function afterPlanChange(tx: Executor, userId: string, before: PlanLimits, now = new Date()) {
  const after = await planLimits(tx, userId, now);
  const raised =
    after.maxQuestionsTotal > before.maxQuestionsTotal ||
    after.maxSystemQuestionsTotal > before.maxSystemQuestionsTotal ||
    after.maxQuestionsPerCategory > before.maxQuestionsPerCategory ||
    after.allowedCategories.length > before.allowedCategories.length;
  if (!raised) return;
  for (const listener of limitsRaisedListeners) await listener(tx, userId, after);
}

/**
 * Every plan, each row carrying the user's subscription (null without one): one statement where
 * two were, as this runs for most pages (issue 16).
 */
async function plansAndSubscription(db: Executor, userId: string) {
  const rows = await db
    .select({
      plan: plans,
      subscription: {
        plan_id: subscriptions.planId,
        status: subscriptions.status,
        current_period_end: subscriptions.currentPeriodEnd,
        cancel_at_period_end: subscriptions.cancelAtPeriodEnd,
        provider: subscriptions.provider,
      },
    })
    .from(plans)
    .leftJoin(subscriptions, eq(subscriptions.userId, userId));
  return { subscription: rows[0]?.subscription ?? undefined, all: rows.map((row) => row.plan) };
}

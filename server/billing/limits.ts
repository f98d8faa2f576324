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
};

/**
 * The limits that apply to a user now: those of the paid plan while it runs (a canceled
 * subscription keeps its plan until the period ends), else the free plan's. A downgrade lowers
 * them without touching what the user created: only new use above them is refused.
 */
export async function planLimits(db: Executor, userId: string, now = new Date()): Promise<PlanLimits> {
  let subscription = await readSubscription(db, userId);
  if (subscription?.provider === "local" && subscription.status !== "canceled" && subscription.current_period_end <= now) {
    // A local period ended and the renewal job has not run yet: a downgrade due is in force now,
    // as /subscription/current already shows it.
    await applyDueChanges(db, now, userId);
    subscription = await readSubscription(db, userId);
  }
  const running =
    subscription && hasPaidSubscription({ ...subscription, current_period_end: subscription.current_period_end.toISOString() }, now);
  const planId: PlanId = running ? subscription.plan_id : "free";
  const all = await db.select().from(plans);
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
  };
}

async function readSubscription(db: Executor, userId: string) {
  const [row] = await db
    .select({
      plan_id: subscriptions.planId,
      status: subscriptions.status,
      current_period_end: subscriptions.currentPeriodEnd,
      cancel_at_period_end: subscriptions.cancelAtPeriodEnd,
      provider: subscriptions.provider,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row;
}

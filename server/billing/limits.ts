import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { type PlanId, plans, subscriptions } from "../db/schema";
import { QUESTION_CATEGORIES, type QuestionCategory } from "../db/schema/seo-llm";

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
};

/** Statuses under which the subscribed plan applies (past_due keeps it while Stripe retries the card). */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

/**
 * The limits that apply to a user now: those of the subscribed plan while it runs (a canceled
 * subscription keeps its plan until the period ends), else the free plan's.
 */
export async function planLimits(db: Executor, userId: string, now = new Date()): Promise<PlanLimits> {
  const [subscription] = await db
    .select({ planId: subscriptions.planId, status: subscriptions.status, end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const running =
    subscription && subscription.end > now && (LIVE_STATUSES.has(subscription.status) || subscription.status === "canceled");
  const planId: PlanId = running ? subscription.planId : "free";
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
  };
}

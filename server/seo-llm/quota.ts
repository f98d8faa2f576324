import { and, eq, gte, ne, sql } from "drizzle-orm";
import { type PlanLimits, planLimits } from "../billing/limits";
import { getConfig } from "../config";
import type { Executor } from "../db/client";
import { QUESTION_CATEGORIES, type QuestionCategory } from "#domain/seo-profile";
import { analyses, userQuestions } from "../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Windows are rolling, not calendar: the countdown is the same for a user in Paris and in Montréal. */
export const DAY_WINDOW_MS = DAY_MS;
export const MONTH_WINDOW_MS = 30 * DAY_MS;

export async function quotaStatus(db: Executor, userId: string) {
  const limits = await planLimits(db, userId);
  const rows = await db
    .select({ category: userQuestions.category, source: userQuestions.source, count: sql<number>`count(*)::int` })
    .from(userQuestions)
    .where(eq(userQuestions.userId, userId))
    .groupBy(userQuestions.category, userQuestions.source);
  const used = (category?: string, source?: string) =>
    rows
      .filter((row) => (!category || row.category === category) && (!source || row.source === source))
      .reduce((sum, row) => sum + row.count, 0);
  const total = used();
  return {
    plan_id: limits.planId,
    plan_name: limits.planName,
    is_top_plan: limits.isTopPlan,
    limits: {
      allowed_categories: limits.allowedCategories,
      total_available_categories: QUESTION_CATEGORIES.length,
      category_quotas: Object.fromEntries(
        QUESTION_CATEGORIES.map((category) => {
          const allowed = limits.allowedCategories.includes(category);
          const limit = allowed ? limits.maxQuestionsPerCategory : 0;
          const inCategory = used(category);
          return [category, { allowed, limit, used: inCategory, remaining: Math.max(0, Math.min(limit - inCategory, limits.maxQuestionsTotal - total)) }];
        }),
      ) as Record<QuestionCategory, { allowed: boolean; limit: number; used: number; remaining: number }>,
      max_questions_per_category: limits.maxQuestionsPerCategory,
      max_questions_total: limits.maxQuestionsTotal,
      max_system_questions_total: limits.maxSystemQuestionsTotal,
      max_competitors: limits.maxCompetitors,
    },
    usage: {
      questions_total: total,
      user_questions: used(undefined, "user"),
      system_questions: used(undefined, "system"),
      remaining: Math.max(0, limits.maxQuestionsTotal - total),
    },
  };
}

export type Availability = {
  can_analyze: boolean;
  next_allowed_at: string | null;
  upgrade_required: boolean;
  reason: "analysis_in_progress" | "daily_limit" | "monthly_limit" | null;
  analyses_today: number;
  analyses_this_month: number;
  limits: { per_day: number; per_month: number };
};

/**
 * Whether the user may launch an analysis now, and if not, when. Failed analyses are not counted:
 * an outage at a provider must not use up the user's day. The operator's USER_ANALYSES_PER_* cap
 * every plan.
 */
export async function availability(db: Executor, userId: string, now = new Date(), limits?: PlanLimits): Promise<Availability> {
  return (await availabilityAndTurn(db, userId, now, limits)).answer;
}

/**
 * `availability`, and when its answer turns with the clock alone (epoch ms): the first of the
 * counted analyses to leave its window, or the plan's period's end, whichever comes first.
 */
export async function availabilityAndTurn(db: Executor, userId: string, now = new Date(), limits?: PlanLimits) {
  const plan = limits ?? (await planLimits(db, userId, now));
  const config = getConfig();
  const perDay = Math.min(plan.analysesPerDay, config.USER_ANALYSES_PER_DAY);
  const perMonth = Math.min(plan.analysesPerMonth, config.USER_ANALYSES_PER_MONTH);
  const monthStart = new Date(now.getTime() - MONTH_WINDOW_MS);
  const recent = await db
    .select({ createdAt: analyses.createdAt, status: analyses.status })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), gte(analyses.createdAt, monthStart), ne(analyses.status, "failed")))
    .orderBy(analyses.createdAt);
  const inMonth = recent.map((row) => row.createdAt.getTime());
  const dayStart = now.getTime() - DAY_WINDOW_MS;
  const inDay = inMonth.filter((time) => time >= dayStart);
  const base = { analyses_today: inDay.length, analyses_this_month: inMonth.length, limits: { per_day: perDay, per_month: perMonth } };
  const turns = [plan.turnsAt, inDay.length ? inDay[0] + DAY_WINDOW_MS : undefined, inMonth.length ? inMonth[0] + MONTH_WINDOW_MS : undefined];
  const turnsAt = Math.min(...turns.filter((time) => time !== undefined));
  const answer = (value: Availability) => ({ answer: value, turnsAt: Number.isFinite(turnsAt) ? turnsAt : undefined });

  if (recent.some((row) => row.status === "pending" || row.status === "processing")) {
    return answer({ ...base, can_analyze: false, next_allowed_at: null, upgrade_required: false, reason: "analysis_in_progress" });
  }
  // Both limits may block at once: the wait is until the later of the two frees up.
  const blocks = [
    inMonth.length >= perMonth && { reason: "monthly_limit" as const, freed: inMonth[inMonth.length - perMonth] + MONTH_WINDOW_MS },
    inDay.length >= perDay && { reason: "daily_limit" as const, freed: inDay[inDay.length - perDay] + DAY_WINDOW_MS },
  ].filter((block) => block !== false);
  if (blocks.length > 0) {
    const last = blocks.reduce((a, b) => (b.freed > a.freed ? b : a));
    return answer({ ...base, can_analyze: false, next_allowed_at: new Date(last.freed).toISOString(), upgrade_required: !plan.isTopPlan, reason: last.reason });
  }
  return answer({ ...base, can_analyze: true, next_allowed_at: null, upgrade_required: false, reason: null });
}


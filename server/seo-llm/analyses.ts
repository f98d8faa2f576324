import crypto from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { ApiError, badRequest, notFound, tooManyRequests } from "../http/errors";
import { fieldError } from "../http/field-errors";
import { planLimits } from "../billing/limits";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";
import { type AnalysisProfile, type AnalysisRow, analyses, analysisAnswers, answerMentions, userQuestions } from "../db/schema";
import { getProviders } from "../integrations/ai/registry";
import { ASSISTANT_IDS } from "#domain/providers";
import { wakeQueue } from "../jobs/pump";
import { ENGINE_VERSION } from "./answer-analysis";
import { analysisDeadline, answerBudgetMs } from "./deadline";
import { breakdown, dailyTrend, trackedBrands } from "./metrics";
import { type AnswerJob, answerQueue } from "./pipeline";
import { findSeoProfile } from "./profile";
import { availability } from "./quota";

const PROVIDER_ORDER = [...ASSISTANT_IDS, "openai-compatible", "demo"];

/**
 * Launches an analysis: every active question of the plan's categories (round-robin over the
 * categories, so a question_limit keeps them all represented) × every enabled provider, one answer
 * row and one job each. The limits are checked under a per-user lock so two clicks make one run.
 */
export async function createAnalysis(db: Database, boss: PgBoss, userId: string, options: { question_limit?: number }) {
  const config = getConfig();
  const providers = [...getProviders().values()];
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`analyses:${userId}`}))`);
    const found = await findSeoProfile(tx, userId);
    if (!found?.profile) throw badRequest("Set up your SEO profile before running an analysis", { code: "no_profile" });
    const limits = await planLimits(tx, userId);
    const allowed = await availability(tx, userId, new Date(), limits);
    if (!allowed.can_analyze) {
      if (allowed.reason === "analysis_in_progress") {
        throw new ApiError(409, "An analysis is already running", { code: "analysis_in_progress" });
      }
      const wait = Math.max(1, (Date.parse(allowed.next_allowed_at ?? "") - Date.now()) / 1000) || 60;
      throw allowed.reason === "daily_limit"
        ? tooManyRequests(`You have reached your daily limit of ${allowed.limits.per_day} analyses`, wait, "daily_limit")
        : tooManyRequests(`You have reached your monthly limit of ${allowed.limits.per_month} analyses`, wait, "monthly_limit");
    }
    const questions = await tx
      .select()
      .from(userQuestions)
      .where(and(eq(userQuestions.userId, userId), eq(userQuestions.isActive, true), inArray(userQuestions.category, limits.allowedCategories)))
      .orderBy(asc(userQuestions.createdAt), asc(userQuestions.id));
    const cap = Math.min(options.question_limit ?? limits.maxQuestionsTotal, limits.maxQuestionsTotal);
    const chosen = roundRobin(questions, (question) => question.category, QUESTION_CATEGORIES).slice(0, cap);
    if (chosen.length === 0) throw badRequest("Add at least one question before running an analysis", { code: "no_questions" });

    const { profile, websiteUrl } = found;
    const snapshot: AnalysisProfile = {
      brand_name: profile.brandName,
      aliases: profile.aliases,
      website_url: websiteUrl,
      // After a downgrade the profile may list more competitors than the plan tracks: the first ones are.
      competitors: profile.competitors.slice(0, limits.maxCompetitors),
      market_language: profile.marketLanguage,
      country: profile.country,
      keywords: profile.keywords,
      ambiguous_names: profile.ambiguousNames,
    };
    const providerIds = providers.map((provider) => provider.id);
    const [analysis] = await tx
      .insert(analyses)
      .values({
        userId,
        questionLimit: cap,
        providers: providerIds,
        simulated: providers.every((provider) => provider.simulated),
        profile: snapshot,
        deadlineAt: await analysisDeadline(tx, config, providerIds, chosen.length),
      })
      .returning();
    const slots = await tx
      .insert(analysisAnswers)
      .values(
        chosen.flatMap((question, index) =>
          providers.map((provider) => ({
            analysisId: analysis.id,
            userId,
            questionIndex: index,
            questionId: question.id,
            questionText: question.questionText,
            category: question.category,
            language: question.language,
            provider: provider.id,
            // Chosen now, so the slot always knows its job, even before the job is sent.
            jobId: crypto.randomUUID(),
          })),
        ),
      )
      .returning({ id: analysisAnswers.id, provider: analysisAnswers.provider, jobId: analysisAnswers.jobId });
    return { analysis, slots };
  });

  // A delivery ends within one answer budget. pg-boss's expiry is only the last resort (a worker
  // that died before claiming its slot, with no live worker to notice): the liveness sweep hands
  // a dead worker's jobs back much sooner, and a re-sent job starts its expiry anew.
  const expireInSeconds = Math.ceil(answerBudgetMs(config) / 1000) + 60;
  try {
    for (const provider of providers) {
      const jobs = created.slots
        .filter((slot) => slot.provider === provider.id)
        .map((slot) => ({
          id: slot.jobId ?? undefined,
          name: answerQueue(provider.id),
          data: { answerId: slot.id } satisfies AnswerJob,
          singletonKey: slot.id,
          retryLimit: 2,
          retryDelay: 30,
          expireInSeconds,
        }));
      if (jobs.length) await boss.insert(jobs);
      wakeQueue(answerQueue(provider.id));
    }
  } catch (error) {
    await db.update(analyses).set({ status: "failed", completedAt: new Date() }).where(eq(analyses.id, created.analysis.id));
    await db.update(analysisAnswers).set({ status: "failed", errorCode: "enqueue_failed", errorMessage: "The analysis could not be queued" }).where(eq(analysisAnswers.analysisId, created.analysis.id));
    throw error;
  }
  return getAnalysis(db, userId, created.analysis.id, { answers: false });
}

function roundRobin<T, K>(items: T[], key: (item: T) => K, order: readonly K[]): T[] {
  const buckets = order.map((k) => items.filter((item) => key(item) === k));
  const out: T[] = [];
  for (let i = 0; buckets.some((bucket) => i < bucket.length); i++) {
    for (const bucket of buckets) if (i < bucket.length) out.push(bucket[i]);
  }
  return out;
}

function toAnalysis(row: AnalysisRow, progress: { total: number; completed: number; failed: number }) {
  return {
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    deadline_at: row.deadlineAt?.toISOString() ?? null,
    question_limit: row.questionLimit,
    providers: row.providers,
    simulated: row.simulated,
    brand_name: row.profile.brand_name,
    brand_aliases: row.profile.aliases,
    competitors: row.profile.competitors,
    market_language: row.profile.market_language,
    progress: { ...progress, pending: progress.total - progress.completed - progress.failed },
  };
}

async function progressOf(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, { total: number; completed: number; failed: number }>();
  const rows = await db
    .select({
      id: analysisAnswers.analysisId,
      total: count(),
      completed: sql<number>`count(*) filter (where ${analysisAnswers.status} = 'completed')::int`,
      failed: sql<number>`count(*) filter (where ${analysisAnswers.status} = 'failed')::int`,
    })
    .from(analysisAnswers)
    .where(inArray(analysisAnswers.analysisId, ids))
    .groupBy(analysisAnswers.analysisId);
  return new Map(rows.map((row) => [row.id, { total: row.total, completed: row.completed, failed: row.failed }]));
}

export async function listAnalyses(db: Database, userId: string, page: { limit: number; offset: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(analyses)
      .where(eq(analyses.userId, userId))
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(analyses).where(eq(analyses.userId, userId)),
  ]);
  const progress = await progressOf(
    db,
    rows.map((row) => row.id),
  );
  const empty = { total: 0, completed: 0, failed: 0 };
  return { analyses: rows.map((row) => toAnalysis(row, progress.get(row.id) ?? empty)), total, limit: page.limit, offset: page.offset };
}

export async function latestAnalysis(db: Database, userId: string) {
  const [row] = await db.select({ id: analyses.id }).from(analyses).where(eq(analyses.userId, userId)).orderBy(desc(analyses.createdAt), desc(analyses.id)).limit(1);
  if (!row) throw notFound("No analysis yet");
  return getAnalysis(db, userId, row.id, { answers: false });
}

/** One analysis of the user's (404 for anyone else's: its existence is not revealed). */
export async function getAnalysis(db: Database, userId: string, id: string, options: { answers: boolean }) {
  const [row] = await db.select().from(analyses).where(and(eq(analyses.id, id), eq(analyses.userId, userId)));
  if (!row) throw notFound("Analysis not found");
  const scope = eq(analysisAnswers.analysisId, id);
  const [progress, figures, brands] = await Promise.all([progressOf(db, [id]), breakdown(db, userId, scope, PROVIDER_ORDER), trackedBrands(db, userId, scope)]);
  const base = {
    ...toAnalysis(row, progress.get(id) ?? { total: 0, completed: 0, failed: 0 }),
    ...figures,
    brands,
  };
  if (!options.answers) return { ...base, answers: undefined };
  const answerRows = await db
    .select()
    .from(analysisAnswers)
    .where(scope)
    .orderBy(asc(analysisAnswers.questionIndex), sql`array_position(array[${sql.join(PROVIDER_ORDER.map((p) => sql`${p}`), sql`, `)}]::text[], ${analysisAnswers.provider})`);
  const mentions = await db
    .select()
    .from(answerMentions)
    .innerJoin(analysisAnswers, eq(analysisAnswers.id, answerMentions.answerId))
    .where(scope)
    .orderBy(asc(answerMentions.position));
  const byAnswer = new Map<string, Array<{ name: string; is_brand: boolean; tracked: boolean; position: number; count: number; sentiment: string }>>();
  for (const { answer_mentions: mention } of mentions) {
    const list = byAnswer.get(mention.answerId) ?? [];
    list.push({ name: mention.name, is_brand: mention.isBrand, tracked: mention.tracked, position: mention.position, count: mention.count, sentiment: mention.sentiment });
    byAnswer.set(mention.answerId, list);
  }
  return {
    ...base,
    answers: answerRows.map((answer) => ({
      id: answer.id,
      question_id: answer.questionId,
      question_text: answer.questionText,
      category: answer.category,
      language: answer.language,
      provider: answer.provider,
      model: answer.model,
      status: answer.status,
      attempts: answer.attempts,
      answer_text: answer.answerText,
      citations: answer.citations ?? [],
      search_queries: answer.searchQueries ?? [],
      latency_ms: answer.latencyMs,
      answered_at: answer.answeredAt?.toISOString() ?? null,
      brand: { mentioned: answer.brandMentioned, position: answer.brandPosition, sentiment: answer.brandSentiment },
      mentions: byAnswer.get(answer.id) ?? [],
      error: answer.errorCode ? { code: answer.errorCode, message: answer.errorMessage ?? "" } : null,
    })),
  };
}

/** The overview over a period (default: the last 30 days), from the answers answered in it. */
export async function analysisStats(db: Database, userId: string, period: { startDate?: string; endDate?: string }) {
  const end = period.endDate ? endOfDay(period.endDate) : new Date();
  const start = period.startDate ? new Date(`${period.startDate}T00:00:00.000Z`) : new Date(end.getTime() - 30 * 24 * 60 * 60 * 1000);
  if (start > end) throw badRequest("startDate must not be after endDate", { errors: fieldError("startDate", "after_end", "startDate must not be after endDate") });
  // Once real assistants answer, simulated answers from the demo days would only blur the figures.
  const demoMode = [...getProviders().values()].every((provider) => provider.simulated);
  const scope = and(
    eq(analysisAnswers.userId, userId),
    gte(analysisAnswers.answeredAt, start),
    lte(analysisAnswers.answeredAt, end),
    demoMode ? undefined : ne(analysisAnswers.provider, "demo"),
  )!;
  const analysesInPeriod = db
    .select({ analysesCount: sql<number>`count(*)::int` })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), gte(analyses.createdAt, start), lte(analyses.createdAt, end)));
  const [figures, brands, trend, [engine]] = await Promise.all([
    breakdown(db, userId, scope, PROVIDER_ORDER),
    trackedBrands(db, userId, scope),
    dailyTrend(db, userId, scope),
    // The period's analyses ride on the engine's row: one statement fewer (issue 16).
    db
      .select({ rescoredAt: sql<string | null>`max(${analysisAnswers.rescoredAt})`, analysesCount: sql<number>`(${analysesInPeriod})`.mapWith(Number) })
      .from(analysisAnswers)
      .where(scope),
  ]);
  const analysesCount = engine?.analysesCount ?? 0;
  const rescoredAt = engine?.rescoredAt ? new Date(engine.rescoredAt).toISOString() : null;
  return {
    period: { start: start.toISOString(), end: end.toISOString() },
    analyses: analysesCount,
    ...figures,
    brands,
    trend,
    engine: { version: ENGINE_VERSION, rescored_at: rescoredAt },
  };
}

function endOfDay(date: string) {
  return new Date(`${date}T23:59:59.999Z`);
}

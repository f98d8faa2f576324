import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { wilsonInterval } from "#domain/metrics";
import { QUESTION_CATEGORIES, type QuestionCategory } from "#domain/seo-profile";
import { analysisAnswers, answerMentions } from "../db/schema";

type Row = {
  provider: string;
  category: string;
  answers: number;
  mentioned: number;
  position_sum: number;
  position_count: number;
  positive: number;
  neutral: number;
  negative: number;
  tracked_presences: number;
};

const round1 = (value: number) => Math.round(value * 10) / 10;
/** A percent to one decimal; null when there is nothing to take it of. */
const percentOf = (part: number, whole: number) => (whole ? round1((part / whole) * 100) : null);

/**
 * The figures every screen shows, from stored answers only:
 * - visibility: share of the answers that mention the brand (percent);
 * - share of voice: the brand's share of the answers' tracked-brand presences (the brand and the
 *   known competitors, each counted once per answer, so a verbose answer does not weigh more);
 * - average position: the brand's rank among the brands an answer names, over answers naming it;
 * - sentiment: how the answers that mention the brand speak of it.
 */
function combine(rows: Row[]) {
  const sum = (key: keyof Row) => rows.reduce((total, row) => total + Number(row[key]), 0);
  const answers = sum("answers");
  const mentioned = sum("mentioned");
  const presences = sum("tracked_presences");
  const positions = sum("position_count");
  return {
    answers,
    mentioned,
    tracked_presences: presences,
    visibility: percentOf(mentioned, answers),
    visibility_interval: wilsonInterval(mentioned, answers),
    share_of_voice: percentOf(mentioned, presences),
    share_of_voice_interval: wilsonInterval(mentioned, presences),
    average_position: positions ? round1(sum("position_sum") / positions) : null,
    sentiment: { positive: sum("positive"), neutral: sum("neutral"), negative: sum("negative") },
  };
}

/**
 * Tracked-brand presences per answer, of one user's answers only: the planner cannot push the
 * outer filter into a grouped subquery, so without the user it would group everyone's mentions.
 */
function presencesOf(db: Executor, userId: string) {
  return db
    .select({ answerId: answerMentions.answerId, count: sql<number>`count(*)::int`.as("presences") })
    .from(answerMentions)
    .where(and(eq(answerMentions.userId, userId), eq(answerMentions.tracked, true)))
    .groupBy(answerMentions.answerId)
    .as("presences");
}

/** Completed answers matching `where`, grouped by provider and category, with their tracked presences. */
async function groupedRows(db: Executor, userId: string, where: SQL): Promise<Row[]> {
  const presences = presencesOf(db, userId);
  return db
    .select({
      provider: analysisAnswers.provider,
      category: analysisAnswers.category,
      answers: sql<number>`count(*)::int`,
      mentioned: sql<number>`count(*) filter (where ${analysisAnswers.brandMentioned})::int`,
      position_sum: sql<number>`coalesce(sum(${analysisAnswers.brandPosition}), 0)::int`,
      position_count: sql<number>`count(${analysisAnswers.brandPosition})::int`,
      positive: sql<number>`count(*) filter (where ${analysisAnswers.brandSentiment} = 'positive')::int`,
      neutral: sql<number>`count(*) filter (where ${analysisAnswers.brandSentiment} = 'neutral')::int`,
      negative: sql<number>`count(*) filter (where ${analysisAnswers.brandSentiment} = 'negative')::int`,
      tracked_presences: sql<number>`coalesce(sum(${presences.count}), 0)::int`,
    })
    .from(analysisAnswers)
    .leftJoin(presences, eq(presences.answerId, analysisAnswers.id))
    .where(and(eq(analysisAnswers.status, "completed"), where))
    .groupBy(analysisAnswers.provider, analysisAnswers.category);
}

export type Metrics = ReturnType<typeof combine>;

export type Breakdown = {
  summary: Metrics;
  by_provider: Array<Metrics & { provider: string }>;
  by_category: Array<Metrics & { category: QuestionCategory }>;
};

export async function breakdown(db: Executor, userId: string, where: SQL, providerOrder: readonly string[] = []): Promise<Breakdown> {
  const rows = await groupedRows(db, userId, and(eq(analysisAnswers.userId, userId), where)!);
  const providers = [...new Set([...providerOrder.filter((p) => rows.some((row) => row.provider === p)), ...rows.map((row) => row.provider)])];
  return {
    summary: combine(rows),
    by_provider: providers.map((provider) => ({ provider, ...combine(rows.filter((row) => row.provider === provider)) })),
    by_category: QUESTION_CATEGORIES.filter((category) => rows.some((row) => row.category === category)).map((category) => ({
      category,
      ...combine(rows.filter((row) => row.category === category)),
    })),
  };
}

/** The tracked competitors (and the brand) in the answers matching `where`: presence, position. */
export async function trackedBrands(db: Executor, userId: string, where: SQL) {
  const rows = await db
    .select({
      name: answerMentions.name,
      is_brand: answerMentions.isBrand,
      answers: sql<number>`count(*)::int`,
      mentions: sql<number>`sum(${answerMentions.count})::int`,
      average_position: sql<number>`round(avg(${answerMentions.position}), 1)::float`,
    })
    .from(answerMentions)
    .innerJoin(analysisAnswers, eq(analysisAnswers.id, answerMentions.answerId))
    .where(and(eq(answerMentions.userId, userId), eq(answerMentions.tracked, true), eq(analysisAnswers.status, "completed"), where))
    .groupBy(answerMentions.name, answerMentions.isBrand)
    .orderBy(sql`count(*) desc`, answerMentions.name);
  return rows;
}

/** Per day (UTC) of the period: the same figures, for the trend chart. */
export async function dailyTrend(db: Executor, userId: string, where: SQL) {
  const day = sql<string>`to_char(date_trunc('day', ${analysisAnswers.answeredAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const presences = presencesOf(db, userId);
  const rows = await db
    .select({
      date: day,
      answers: sql<number>`count(*)::int`,
      mentioned: sql<number>`count(*) filter (where ${analysisAnswers.brandMentioned})::int`,
      position: sql<number | null>`round(avg(${analysisAnswers.brandPosition}), 1)::float`,
      presences: sql<number>`coalesce(sum(${presences.count}), 0)::int`,
    })
    .from(analysisAnswers)
    .leftJoin(presences, eq(presences.answerId, analysisAnswers.id))
    .where(and(eq(analysisAnswers.userId, userId), eq(analysisAnswers.status, "completed"), where))
    .groupBy(day)
    .orderBy(day);
  return rows.map((row) => ({
    date: row.date,
    answers: row.answers,
    mentioned: row.mentioned,
    visibility: percentOf(row.mentioned, row.answers),
    visibility_interval: wilsonInterval(row.mentioned, row.answers),
    tracked_presences: row.presences,
    share_of_voice: percentOf(row.mentioned, row.presences),
    average_position: row.position,
  }));
}

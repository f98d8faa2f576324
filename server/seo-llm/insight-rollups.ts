import { and, eq, gte, lte, ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client";
import { analysisAnswers, answerCitations, answerMentions, insightAnswerDays, insightBrandDays, insightDomainCategoryDays, insightDomainDays } from "../db/schema";
import { excludesDemo, type InsightFilters, rangeWhere, type TimeRange } from "./insight-scope";

/**
 * Reading the daily roll-ups (decision 012; the tables in server/db/schema/insight-rollups.ts).
 * A period's whole UTC days come from the roll-ups; its partial days at either end from the rows,
 * so every figure is the one the rows alone would give.
 */

const DAY_MS = 86_400_000;

export type PeriodSplit = {
  /** The whole UTC days (YYYY-MM-DD, both included) the roll-ups give; null when there is none. */
  days: { from: string; to: string } | null;
  /** Ranges read from the rows and added: the partial days at the ends. */
  rows: TimeRange[];
  /**
   * A range read from the rows and taken back: an end date's period stops at 23:59:59.999, the
   * day's roll-up at midnight, and a time can have microseconds.
   */
  less: TimeRange | null;
};

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Splits [start, end] into the whole UTC days inside it and the rest. */
export function splitPeriod(start: Date, end: Date): PeriodSplit {
  const first = Math.ceil(start.getTime() / DAY_MS) * DAY_MS;
  const after = Math.floor((end.getTime() + 1) / DAY_MS) * DAY_MS;
  if (first >= after) return { days: null, rows: [{ gte: start, lte: end }], less: null };
  const rows: TimeRange[] = [];
  if (start.getTime() < first) rows.push({ gte: start, lt: new Date(first) });
  if (after <= end.getTime()) rows.push({ gte: new Date(after), lte: end });
  return { days: { from: isoDay(first), to: isoDay(after - DAY_MS) }, rows, less: end.getTime() < after ? { gt: end, lt: new Date(after) } : null };
}

type DayTable = { userId: PgColumn; day: PgColumn };

function daysWhere(table: DayTable, userId: string, days: { from: string; to: string }, ...more: Array<SQL | undefined>): SQL {
  return and(eq(table.userId, userId), gte(table.day, days.from), lte(table.day, days.to), ...more) as SQL;
}

/** The parts of a union: roll-up rows for the days, rows (+1) for the ends, rows (−1) for the sliver. */
function union(split: PeriodSplit, fromDays: (days: { from: string; to: string }) => SQL, fromRows: (range: TimeRange, sign: 1 | -1) => SQL): SQL {
  const parts = [
    ...(split.days ? [fromDays(split.days)] : []),
    ...split.rows.map((range) => fromRows(range, 1)),
    ...(split.less ? [fromRows(split.less, -1)] : []),
  ];
  return sql.join(parts, sql` union all `);
}

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Completed answers in the period under the filters (citing or naming anything or not). */
export async function completedAnswers(db: Executor, userId: string, filters: InsightFilters, split: PeriodSplit): Promise<number> {
  const t = insightAnswerDays;
  const a = analysisAnswers;
  const parts = union(
    split,
    (days) =>
      sql`select ${t.answers} as n from ${t} where ${daysWhere(
        t,
        userId,
        days,
        filters.provider ? eq(t.provider, filters.provider) : undefined,
        filters.category ? eq(t.category, filters.category) : undefined,
        excludesDemo() ? ne(t.provider, "demo") : undefined,
      )}`,
    (range, sign) => sql`select ${sign}::int as n from ${a} where ${rangeWhere(a, userId, filters, range)} and ${a.status} = 'completed'`,
  );
  const [row] = await rowsOf<{ total: number | null }>(db, sql`select sum(n)::int as total from (${parts}) x`);
  return row?.total ?? 0;
}

/**
 * Citations per domain (null: URLs without one) and provider in the period under the filters: a
 * category is read from the roll-up kept per category, the rest from the smaller one without.
 */
export async function citationsByDomain(db: Executor, userId: string, filters: InsightFilters, split: PeriodSplit) {
  const c = answerCitations;
  const provider = (column: PgColumn) => and(filters.provider ? eq(column, filters.provider) : undefined, excludesDemo() ? ne(column, "demo") : undefined);
  const fromDays = (days: { from: string; to: string }) => {
    if (filters.category) {
      const t = insightDomainCategoryDays;
      return sql`select ${t.domain} as domain, ${t.provider} as provider, ${t.citations} as n from ${t}
        where ${daysWhere(t, userId, days, eq(t.category, filters.category), provider(t.provider))}`;
    }
    const t = insightDomainDays;
    return sql`select ${t.domain} as domain, ${t.provider} as provider, ${t.citations} as n from ${t} where ${daysWhere(t, userId, days, provider(t.provider))}`;
  };
  const parts = union(split, fromDays, (range, sign) => sql`select ${c.domain} as domain, ${c.provider} as provider, ${sign}::int as n from ${c} where ${rangeWhere(c, userId, filters, range)}`);
  return rowsOf<{ domain: string | null; provider: string; citations: number }>(
    db,
    sql`select domain, provider, sum(n)::int as citations from (${parts}) x group by domain, provider having sum(n) <> 0`,
  );
}

export type BrandTotals = {
  name: string;
  isBrand: boolean;
  tracked: boolean;
  answers: number;
  analyses: number;
  mentions: number;
  position: number;
  positive: number;
  neutral: number;
  negative: number;
};

/**
 * Per brand (the user's as one row, other names without case) in the period: the answers and
 * analyses naming it, mentions, average position and sentiment counts. Levels of plain hash
 * aggregates: per exact name and analysis (what the roll-up keeps), per brand and analysis, per brand.
 */
export async function brandTotals(db: Executor, userId: string, split: PeriodSplit): Promise<BrandTotals[]> {
  const t = insightBrandDays;
  const m = answerMentions;
  const parts = union(
    split,
    (days) =>
      sql`select ${t.analysisId} as analysis_id, ${t.name} as name, ${t.isBrand} as is_brand, ${t.tracked} as tracked, ${t.answers} as answers,
        ${t.mentions} as mentions, ${t.positions} as positions, ${t.positive} as positive, ${t.neutral} as neutral, ${t.negative} as negative
        from ${t} where ${daysWhere(t, userId, days, excludesDemo() ? eq(t.demo, false) : undefined)}`,
    (range, sign) =>
      sql`select ${m.analysisId} as analysis_id, ${m.name} as name, ${m.isBrand} as is_brand, ${m.tracked} as tracked, ${sign}::int as answers,
        ${sign} * ${m.count} as mentions, ${sign} * ${m.position} as positions, ${sign} * (${m.sentiment} = 'positive')::int as positive,
        ${sign} * (${m.sentiment} = 'neutral')::int as neutral, ${sign} * (${m.sentiment} = 'negative')::int as negative
        from ${m} where ${rangeWhere(m, userId, {}, range)}`,
  );
  return rowsOf<BrandTotals>(
    db,
    sql`with per_name as (
        select analysis_id, name, is_brand, tracked, sum(answers) as answers, sum(mentions) as mentions, sum(positions) as positions,
          sum(positive) as positive, sum(neutral) as neutral, sum(negative) as negative
        from (${parts}) x group by analysis_id, name, is_brand, tracked having sum(answers) <> 0
      ), per_analysis as (
        select case when is_brand then '' else lower(name) end as key, min(name) as name, bool_or(is_brand) as is_brand, bool_or(tracked) as tracked,
          sum(answers) as answers, sum(mentions) as mentions, sum(positions) as positions, sum(positive) as positive, sum(neutral) as neutral, sum(negative) as negative
        from per_name group by 1, analysis_id
      )
      select min(name) as "name", bool_or(is_brand) as "isBrand", bool_or(tracked) as "tracked", sum(answers)::int as "answers", count(*)::int as "analyses",
        sum(mentions)::int as "mentions", (sum(positions)::float / sum(answers)) as "position", sum(positive)::int as "positive",
        sum(neutral)::int as "neutral", sum(negative)::int as "negative"
      from per_analysis group by key`,
  );
}

/**
 * Recomputes one user's roll-ups (or everyone's: null) from the rows, for UTC days from..to (both
 * included; null: all). Idempotent; the migration's backfill runs the same SQL function.
 */
export async function rebuildInsightRollups(db: Executor, userId: string | null, days: { from?: string; to?: string } = {}): Promise<void> {
  await db.execute(sql`select insight_rollups_rebuild(${userId}::uuid, ${days.from ?? null}::date, ${days.to ?? null}::date)`);
}

import { and, eq, gt, gte, lt, lte, ne, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badRequest } from "../http/errors";
import { fieldError } from "../http/field-errors";
import type { QuestionCategory } from "#domain/seo-profile";
import { getProviders } from "../integrations/ai/registry";

export type InsightFilters = { start_date?: string; end_date?: string; provider?: string; category?: QuestionCategory };

const DAY_MS = 86_400_000;

/** The period of an insight: the given dates (whole UTC days), by default the last 30 days, as the overview. */
export function periodOf(filters: { start_date?: string; end_date?: string }, now = new Date()) {
  const end = filters.end_date ? new Date(`${filters.end_date}T23:59:59.999Z`) : now;
  const start = filters.start_date ? new Date(`${filters.start_date}T00:00:00.000Z`) : new Date(end.getTime() - 30 * DAY_MS);
  if (start > end) throw badRequest("start_date must not be after end_date", { errors: fieldError("start_date", "after_end", "start_date must not be after end_date") });
  return { start, end };
}

/**
 * Once a real provider answers, the demo provider's answers are left out of every figure (the
 * overview does the same), so the screens agree with each other.
 */
export function excludesDemo(): boolean {
  return ![...getProviders().values()].every((provider) => provider.simulated);
}

type InsightTable = { userId: PgColumn; answeredAt: PgColumn; provider: PgColumn; category: PgColumn };

/** A time range of answers: from `gte`, up to `lt` or `lte`, or strictly between `gt` and `lt`. */
export type TimeRange = { gt?: Date; gte?: Date; lt?: Date; lte?: Date };

/** The rows of one user's answers in the period, for the provider and category asked. */
export function insightWhere(table: InsightTable, userId: string, filters: InsightFilters): { where: SQL; start: Date; end: Date } {
  const { start, end } = periodOf(filters);
  return { where: rangeWhere(table, userId, filters, { gte: start, lte: end }), start, end };
}

/** The rows of one user's answers in a time range, for the provider and category asked. */
export function rangeWhere(table: InsightTable, userId: string, filters: Pick<InsightFilters, "provider" | "category">, range: TimeRange): SQL {
  return and(
    eq(table.userId, userId),
    range.gt ? gt(table.answeredAt, range.gt) : undefined,
    range.gte ? gte(table.answeredAt, range.gte) : undefined,
    range.lt ? lt(table.answeredAt, range.lt) : undefined,
    range.lte ? lte(table.answeredAt, range.lte) : undefined,
    filters.provider ? eq(table.provider, filters.provider) : undefined,
    filters.category ? eq(table.category, filters.category) : undefined,
    excludesDemo() ? ne(table.provider, "demo") : undefined,
  ) as SQL;
}

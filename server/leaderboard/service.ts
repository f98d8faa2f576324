import { type Interval, wilsonInterval } from "#domain/metrics";
import type { Executor } from "../db/client";
import { brandTotals, completedAnswers, splitPeriod } from "../seo-llm/insight-rollups";
import { type InsightFilters, periodOf } from "../seo-llm/insight-scope";
import { findSeoProfile } from "../seo-llm/profile";

export type LeaderboardOptions = Pick<InsightFilters, "start_date" | "end_date"> & { limit?: number; min_analyses?: number };

export type LeaderboardRow = {
  rank: number;
  name: string;
  is_brand: boolean;
  tracked: boolean;
  /** Percent of the period's answers that name the brand. */
  visibility: number;
  visibility_interval: Interval | null;
  /** Percent of all brand presences in those answers (each brand once per answer). */
  share_of_mentions: number;
  share_of_mentions_interval: Interval | null;
  average_position: number;
  sentiment: { positive: number; neutral: number; negative: number };
  mentions: number;
  answers: number;
  analyses: number;
};

/**
 * Every brand the answers to the user's questions name (the user's, the known competitors, and
 * the others the analysis found), ranked by visibility, then mentions, then position. The user's
 * brand is one row whatever it was called in earlier analyses; other names are compared without
 * case.
 */
export async function ranking(db: Executor, userId: string, options: LeaderboardOptions) {
  const { start, end } = periodOf(options);
  // The daily roll-ups for the whole days of the period, the rows for the rest (decision 012);
  // levels of plain hash aggregates instead of distinct counts, which sort every mention.
  const split = splitPeriod(start, end);
  const [rows, answered, found] = await Promise.all([brandTotals(db, userId, split), completedAnswers(db, userId, {}, split), findSeoProfile(db, userId)]);
  const totalAnswers = answered;
  const presences = rows.reduce((sum, row) => sum + row.answers, 0);
  const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
  const ranked = rows
    .map((row) => ({
      name: row.isBrand ? (found?.profile?.brandName ?? row.name) : row.name,
      is_brand: row.isBrand,
      tracked: row.tracked,
      visibility: percent(row.answers, totalAnswers),
      visibility_interval: wilsonInterval(row.answers, totalAnswers),
      // Among every brand the answers name (docs/metrics.md): not share of voice, which counts only tracked brands.
      share_of_mentions: percent(row.answers, presences),
      share_of_mentions_interval: wilsonInterval(row.answers, presences),
      average_position: Math.round(row.position * 10) / 10,
      sentiment: { positive: row.positive, neutral: row.neutral, negative: row.negative },
      mentions: row.mentions,
      answers: row.answers,
      analyses: row.analyses,
    }))
    .sort((a, b) => b.answers - a.answers || b.mentions - a.mentions || a.average_position - b.average_position || a.name.localeCompare(b.name))
    .map((row, index) => ({ rank: index + 1, ...row }));
  return { ranked, totalAnswers, presences, start, end };
}

export async function leaderboard(db: Executor, userId: string, options: LeaderboardOptions) {
  const { ranked, totalAnswers, presences, start, end } = await ranking(db, userId, options);
  const kept = ranked.filter((row) => row.analyses >= (options.min_analyses ?? 1));
  return {
    competitors: kept.slice(0, options.limit ?? 100),
    total_brands: kept.length,
    total_answers: totalAnswers,
    total_presences: presences,
    period: { start: start.toISOString(), end: end.toISOString() },
  };
}

/** Where the user's brand stands among all the brands of the last 30 days (null when never named). */
export async function position(db: Executor, userId: string) {
  const { ranked } = await ranking(db, userId, {});
  return { position: ranked.find((row) => row.is_brand)?.rank ?? null, total: ranked.length };
}

import { and, asc, between, eq, gte, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { type DashboardPeriod, periodDays } from "#domain/search-console";
import { foldForMatch } from "#domain/text";
import type { Database } from "../db/client";
import { analysisAnswers, searchConsoleDays, searchConsoleTopRows, seoProfiles } from "../db/schema";
import { ApiError } from "../http/errors";
import { type ConnectionStatus, findConnection, toStatus } from "./connection";
import { STALE_AFTER_MS, shiftDay } from "./sync";
import { requestSync } from "./sync-requests";

/**
 * What the dashboard shows for a period (issue 13): the site's clicks, impressions, CTR and position
 * against the period before, day by day, its top queries and pages, and each tracked keyword's
 * organic figures beside its visibility in AI answers. Read from the synced rows only; data older
 * than a day asks for a sync on the way (the answer says a sync is under way).
 */

type Totals = { clicks: number; impressions: number; ctr: number | null; position: number | null };
type TopRow = { key: string; clicks: number; impressions: number; ctr: number | null; position: number };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const ctrOf = (clicks: number, impressions: number) => (impressions ? round((clicks / impressions) * 100, 2) : null);

export async function getPerformance(db: Database, boss: PgBoss, userId: string, period: DashboardPeriod) {
  let connection = await findConnection(db, userId);
  if (!connection) throw new ApiError(409, "No Search Console account is connected", { code: "not_connected" });
  if (!connection.connectedSite) throw new ApiError(409, "Choose the site to show first", { code: "needs_selection" });
  const stale = !connection.lastSyncedAt || Date.now() - connection.lastSyncedAt.getTime() > STALE_AFTER_MS;
  if (stale && (await requestSync(db, boss, userId))) connection = await findConnection(db, userId);
  const status: ConnectionStatus = toStatus(connection);
  const days = periodDays(period);
  const end = connection?.dataEndDate;
  if (!end) return { period, status, range: null, totals: null, previous: null, daily: [], queries: [], pages: [], keywords: [] };

  const range = { start_date: shiftDay(end, 1 - days), end_date: end };
  const previousRange = { start_date: shiftDay(end, 1 - 2 * days), end_date: shiftDay(end, -days) };
  const [daily, previousDays, queries, pages, keywords] = await Promise.all([
    dayRows(db, userId, range),
    dayRows(db, userId, previousRange),
    topRows(db, userId, "query", days),
    topRows(db, userId, "page", days),
    keywordsOf(db, userId),
  ]);
  return {
    period,
    status,
    range,
    totals: totalsOf(daily),
    // Search Console keeps sixteen months: before that there is no period to compare with.
    previous: previousDays.length ? { ...previousRange, ...totalsOf(previousDays) } : null,
    daily: daily.map((row) => ({ date: row.date, clicks: row.clicks, impressions: row.impressions, ctr: ctrOf(row.clicks, row.impressions), position: round(row.position, 1) })),
    queries,
    pages,
    keywords: await keywordFigures(db, userId, keywords, queries, days),
  };
}

type DayRow = { date: string; clicks: number; impressions: number; position: number };

function dayRows(db: Database, userId: string, range: { start_date: string; end_date: string }): Promise<DayRow[]> {
  return db
    .select({ date: searchConsoleDays.date, clicks: searchConsoleDays.clicks, impressions: searchConsoleDays.impressions, position: searchConsoleDays.position })
    .from(searchConsoleDays)
    .where(and(eq(searchConsoleDays.userId, userId), between(searchConsoleDays.date, range.start_date, range.end_date)))
    .orderBy(asc(searchConsoleDays.date));
}

/** Sums of the days; the position is weighted by impressions, as Search Console averages it. */
function totalsOf(rows: DayRow[]): Totals {
  const clicks = rows.reduce((sum, row) => sum + row.clicks, 0);
  const impressions = rows.reduce((sum, row) => sum + row.impressions, 0);
  const weighted = rows.reduce((sum, row) => sum + row.position * row.impressions, 0);
  return { clicks, impressions, ctr: ctrOf(clicks, impressions), position: impressions ? round(weighted / impressions, 1) : null };
}

async function topRows(db: Database, userId: string, dimension: "query" | "page", days: number): Promise<TopRow[]> {
  const rows = await db
    .select({ key: searchConsoleTopRows.key, clicks: searchConsoleTopRows.clicks, impressions: searchConsoleTopRows.impressions, position: searchConsoleTopRows.position })
    .from(searchConsoleTopRows)
    .where(and(eq(searchConsoleTopRows.userId, userId), eq(searchConsoleTopRows.dimension, dimension), eq(searchConsoleTopRows.periodDays, days)))
    .orderBy(sql`${searchConsoleTopRows.clicks} desc, ${searchConsoleTopRows.impressions} desc, ${searchConsoleTopRows.key}`);
  return rows.map((row) => ({ ...row, ctr: ctrOf(row.clicks, row.impressions), position: round(row.position, 1) }));
}

async function keywordsOf(db: Database, userId: string): Promise<string[]> {
  const [profile] = await db.select({ keywords: seoProfiles.keywords }).from(seoProfiles).where(eq(seoProfiles.userId, userId));
  return profile?.keywords ?? [];
}

/**
 * Each tracked keyword: the organic clicks and impressions of the queries that contain it (accents
 * and case aside), beside how often AI answers to questions about it name the brand. The AI side
 * covers the same number of days up to now, as the AI-visibility screens count them.
 */
async function keywordFigures(db: Database, userId: string, keywords: string[], queries: TopRow[], days: number) {
  if (!keywords.length) return [];
  const since = new Date(Date.now() - days * 86_400_000);
  const answers = await db
    .select({ question: analysisAnswers.questionText, mentioned: analysisAnswers.brandMentioned, position: analysisAnswers.brandPosition })
    .from(analysisAnswers)
    .where(and(eq(analysisAnswers.userId, userId), eq(analysisAnswers.status, "completed"), gte(analysisAnswers.answeredAt, since)));
  const foldedAnswers = answers.map((answer) => ({ ...answer, question: foldForMatch(answer.question) }));
  const foldedQueries = queries.map((query) => ({ ...query, folded: foldForMatch(query.key) }));
  return keywords.map((keyword) => {
    const needle = foldForMatch(keyword);
    const matching = foldedQueries.filter((query) => query.folded.includes(needle));
    const clicks = matching.reduce((sum, query) => sum + query.clicks, 0);
    const impressions = matching.reduce((sum, query) => sum + query.impressions, 0);
    const weighted = matching.reduce((sum, query) => sum + query.position * query.impressions, 0);
    const about = foldedAnswers.filter((answer) => answer.question.includes(needle));
    const mentioned = about.filter((answer) => answer.mentioned);
    const positions = mentioned.flatMap((answer) => (answer.position ? [answer.position] : []));
    return {
      keyword,
      organic: { clicks, impressions, ctr: ctrOf(clicks, impressions), position: impressions ? round(weighted / impressions, 1) : null, queries: matching.length },
      ai: {
        answers: about.length,
        visibility: about.length ? round((mentioned.length / about.length) * 100, 1) : null,
        average_position: positions.length ? round(positions.reduce((a, b) => a + b, 0) / positions.length, 1) : null,
      },
    };
  });
}

import { and, asc, eq, gte, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database, Executor } from "../db/client";
import { analysisAnswers, answerCitations, answerSearchQueries, queryClusterRows, queryClusterSnapshots } from "../db/schema";
import type { ProviderId } from "#domain/providers";
import { type InsightFilters, insightWhere, periodOf } from "./insight-scope";
import { clusterQueries, type QueryCluster } from "./query-clusters";

export const QUERY_CLUSTERS_QUEUE = "seo-llm.query-clusters";

/** Up to this many searches are clustered during the request; more go to a job (the call answers 202). */
export const INLINE_LIMIT = 20_000;

export type ClusterOptions = { model?: "all" | ProviderId; start_date?: string; end_date?: string };
export type ClusterJob = { userId: string } & ClusterOptions;

function scopeKey(options: ClusterOptions) {
  const { start, end } = periodOf(options);
  // Whole days, so "the last 30 days" asked twice in a day is the same snapshot.
  return `${options.model ?? "all"}|${start.toISOString().slice(0, 10)}|${end.toISOString().slice(0, 10)}`;
}

function filtersOf(options: ClusterOptions): InsightFilters {
  return { start_date: options.start_date, end_date: options.end_date, provider: options.model && options.model !== "all" ? options.model : undefined };
}

/** Changes whenever a search is added to or removed from the scope. */
async function fingerprintOf(db: Executor, userId: string, options: ClusterOptions) {
  const { where } = insightWhere(answerSearchQueries, userId, filtersOf(options));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<string | null>`max(${answerSearchQueries.answeredAt})::text` })
    .from(answerSearchQueries)
    .where(where);
  return { count: row?.count ?? 0, fingerprint: `${row?.count ?? 0}|${row?.last ?? ""}` };
}

/** Clusters the scope's searches and keeps the result. */
export async function computeClusters(db: Database, userId: string, options: ClusterOptions) {
  const filters = filtersOf(options);
  const { where } = insightWhere(answerSearchQueries, userId, filters);
  const { fingerprint } = await fingerprintOf(db, userId, options);
  const citations = db
    .select({ answerId: answerCitations.answerId, count: sql<number>`count(*)::int`.as("n") })
    .from(answerCitations)
    .where(insightWhere(answerCitations, userId, filters).where)
    .groupBy(answerCitations.answerId)
    .as("citation_counts");
  const rows = await db
    .select({
      query: answerSearchQueries.query,
      provider: answerSearchQueries.provider,
      answerId: answerSearchQueries.answerId,
      questionId: analysisAnswers.questionId,
      questionText: analysisAnswers.questionText,
      citations: sql<number>`coalesce(${citations.count}, 0)`,
    })
    .from(answerSearchQueries)
    .innerJoin(analysisAnswers, eq(analysisAnswers.id, answerSearchQueries.answerId))
    .leftJoin(citations, eq(citations.answerId, answerSearchQueries.answerId))
    .where(where);
  const clusters = clusterQueries(rows);
  const scope = scopeKey(options);
  const computedAt = new Date();
  await db.transaction(async (tx) => {
    const mine = and(eq(queryClusterRows.userId, userId), eq(queryClusterRows.scope, scope));
    await tx.delete(queryClusterRows).where(mine);
    for (let from = 0; from < clusters.length; from += 1000) {
      await tx.insert(queryClusterRows).values(
        clusters.slice(from, from + 1000).map((cluster, index) => ({
          userId,
          scope,
          rank: from + index + 1,
          totalOccurrences: cluster.total_occurrences,
          cluster: toPublic(cluster),
        })),
      );
    }
    await tx
      .insert(queryClusterSnapshots)
      .values({ userId, scope, fingerprint, totalQueries: rows.length, computedAt })
      .onConflictDoUpdate({
        target: [queryClusterSnapshots.userId, queryClusterSnapshots.scope],
        set: { fingerprint, totalQueries: rows.length, computedAt },
      });
  });
  return { totalQueries: rows.length, totalClusters: clusters.length, computedAt };
}

/** What a client sees of a cluster: its most frequent spellings and questions. */
function toPublic(cluster: QueryCluster) {
  return {
    id: cluster.key,
    representative_query: cluster.representative_query,
    queries: cluster.queries.slice(0, 20),
    total_occurrences: cluster.total_occurrences,
    total_citations: cluster.total_citations,
    model_breakdown: cluster.model_breakdown,
    questions: cluster.questions.slice(0, 10),
  };
}

export type ClusterPage = { limit: number; page: number; min_occurrences: number };

/**
 * The clusters of the scope: from the kept snapshot when the answers have not changed, computed now
 * when the scope is small, else queued (`computing: true`, which the route answers with 202).
 */
export async function searchQueryClusters(
  db: Database,
  boss: PgBoss | null,
  userId: string,
  options: ClusterOptions & ClusterPage,
  inlineLimit = INLINE_LIMIT,
) {
  const scope = scopeKey(options);
  const [{ count, fingerprint }, [snapshot]] = await Promise.all([
    fingerprintOf(db, userId, options),
    db
      .select()
      .from(queryClusterSnapshots)
      .where(and(eq(queryClusterSnapshots.userId, userId), eq(queryClusterSnapshots.scope, scope))),
  ]);
  let result: { totalQueries: number; computedAt: Date } | null = null;
  if (snapshot && snapshot.fingerprint === fingerprint) {
    result = { totalQueries: snapshot.totalQueries, computedAt: snapshot.computedAt };
  } else if (count <= inlineLimit || !boss) {
    result = await computeClusters(db, userId, options);
  } else {
    const job: ClusterJob = { userId, model: options.model, start_date: options.start_date, end_date: options.end_date };
    // One computation per user and scope at a time, however often the screen asks.
    await boss.send(QUERY_CLUSTERS_QUEUE, job, { singletonKey: `${userId}|${scope}`, retryLimit: 1 });
  }
  // Ranked by occurrences, so the clusters at or above min_occurrences are the first ranks.
  const kept = and(eq(queryClusterRows.userId, userId), eq(queryClusterRows.scope, scope), gte(queryClusterRows.totalOccurrences, options.min_occurrences));
  const [page, [counted]] = result
    ? await Promise.all([
        db
          .select({ cluster: queryClusterRows.cluster })
          .from(queryClusterRows)
          .where(kept)
          .orderBy(asc(queryClusterRows.rank))
          .limit(options.limit)
          .offset((options.page - 1) * options.limit),
        db.select({ total: sql<number>`count(*)::int` }).from(queryClusterRows).where(kept),
      ])
    : [[], [{ total: 0 }]];
  return {
    computing: result === null,
    query_clusters: page.map((row) => row.cluster as ReturnType<typeof toPublic>),
    metadata: {
      total_clusters: counted?.total ?? 0,
      total_queries: result?.totalQueries ?? count,
      page: options.page,
      page_size: options.limit,
      model: options.model ?? "all",
      min_occurrences: options.min_occurrences,
      computed_at: result?.computedAt.toISOString() ?? null,
    },
  };
}

import { and, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { answerCitations } from "../db/schema";
import { registrableDomain } from "./answer-analysis";
import { citationsByDomain, completedAnswers, splitPeriod } from "./insight-rollups";
import { type InsightFilters, insightWhere } from "./insight-scope";
import { findSeoProfile } from "./profile";

const TOP_URLS = 5;
/** Pages are listed for the most cited domains only: the rest of the table shows counts. */
const DOMAINS_WITH_PAGES = 20;

/**
 * Which sites the assistants cite when they answer the user's questions: per registrable domain the
 * citations, their share of all citations, the answers and providers behind them, the most cited
 * pages, and whether the site is the user's own or a known competitor's.
 */
export async function citingSources(db: Executor, userId: string, filters: InsightFilters & { limit?: number }) {
  const { where, start, end } = insightWhere(answerCitations, userId, filters);
  const limit = filters.limit ?? 50;
  // Plain counts only, from the daily roll-ups for the whole days of the period and the rows for
  // the rest. A distinct count of answers per domain would sort every citation of the period (0.5 s
  // on PostgreSQL at 300,000 citations), and could not come from daily counts.
  const split = splitPeriod(start, end);
  const [byProvider, answered, found] = await Promise.all([
    citationsByDomain(db, userId, filters, split),
    completedAnswers(db, userId, filters, split),
    findSeoProfile(db, userId),
  ]);
  const total = byProvider.reduce((sum, row) => sum + row.citations, 0);

  const domains = new Map<string, { citations: number; providers: Record<string, number> }>();
  for (const row of byProvider) {
    if (row.domain === null) continue;
    const entry = domains.get(row.domain) ?? { citations: 0, providers: {} };
    entry.citations += row.citations;
    entry.providers[row.provider] = row.citations;
    domains.set(row.domain, entry);
  }
  const top = [...domains].sort(([a, x], [b, y]) => y.citations - x.citations || a.localeCompare(b)).slice(0, limit);

  const pages = top.length
    ? await db
        .select({
          domain: sql<string>`${answerCitations.domain}`,
          url: answerCitations.url,
          title: sql<string | null>`max(${answerCitations.title})`,
          citations: sql<number>`count(*)::int`,
        })
        .from(answerCitations)
        .where(
          and(
            where,
            inArray(
              answerCitations.domain,
              top.slice(0, DOMAINS_WITH_PAGES).map(([domain]) => domain),
            ),
          ),
        )
        .groupBy(answerCitations.domain, answerCitations.url)
    : [];
  const urls = new Map<string, Array<{ url: string; title: string | null; citations: number }>>();
  for (const page of pages.sort((a, b) => b.citations - a.citations || a.url.localeCompare(b.url))) {
    const list = urls.get(page.domain) ?? [];
    if (list.length < TOP_URLS) list.push({ url: page.url, title: page.title, citations: page.citations });
    urls.set(page.domain, list);
  }

  const own = registrableDomain(found?.websiteUrl);
  const competitors = new Map(
    (found?.profile?.competitors ?? []).flatMap((competitor) => {
      const domain = registrableDomain(competitor.domain);
      return domain ? [[domain, competitor.name] as const] : [];
    }),
  );
  return {
    data: top.map(([domain, entry]) => ({
      domain,
      total_citations: entry.citations,
      percentage: total ? Math.round((entry.citations / total) * 1000) / 10 : 0,
      providers: entry.providers,
      top_urls: urls.get(domain) ?? [],
      is_own: domain === own,
      competitor: competitors.get(domain) ?? null,
    })),
    total_citations: total,
    total_answers: answered,
    total_domains: domains.size,
    period: { start: start.toISOString(), end: end.toISOString() },
  };
}

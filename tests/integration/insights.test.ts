import { getDomain } from "tldts";
import { beforeAll, describe, expect, test } from "vitest";
import { subscriptions } from "../../server/db/schema";
import { searchQueryClusters } from "../../server/seo-llm/search-query-insights";
import { type ApiResponse, useApi, withEnv } from "../helpers/api";

beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined });
});
const api = useApi({ jobs: "work" });

type Answer = {
  id: string;
  search_queries: string[];
  category: string;
  citations: Array<{ url: string }>;
  brand: { mentioned: boolean };
  mentions: Array<{ name: string; is_brand: boolean }>;
};

async function analysedUser() {
  const session = await api.signIn();
  const token = session.access_token;
  const db = await api.db();
  await db.insert(subscriptions).values({ userId: session.user.id, planId: "pro", status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
  await api.request("PATCH", "/user/seo-profile", {
    token,
    body: {
      BrandName: "Acme Analytics",
      WebsiteURL: "acme.example",
      MarketLanguage: "en",
      Keywords: ["web analytics", "SEO dashboard"],
      Competitors: [
        { Name: "Rival", Domain: "rival.example" },
        { Name: "Contoso", Domain: "contoso.example" },
      ],
    },
  });
  const created = await api.request("POST", "/seo-llm/analyses", { token, body: { question_limit: 12 } });
  expect(created.status).toBe(201);
  let done: ApiResponse | undefined;
  for (let i = 0; i < 300; i++) {
    done = await api.request("GET", `/seo-llm/analyses/${created.body.id}`, { token });
    if (done.body.status === "completed") break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(done?.body.status).toBe("completed");
  return { token, userId: session.user.id, answers: done?.body.answers as Answer[] };
}

describe("insights over the stored answers", () => {
  test("citing sources, the leaderboard, its position and the overview agree: one answer counted once everywhere", async () => {
    const { token, answers } = await analysedUser();

    const sources = await api.request("GET", "/seo-llm/analyses/citing-sources", { token });
    expect(sources.status).toBe(200);
    const expected = new Map<string, number>();
    for (const answer of answers) for (const citation of answer.citations) {
      const domain = getDomain(citation.url) as string;
      expected.set(domain, (expected.get(domain) ?? 0) + 1);
    }
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(sources.body.total_citations).toBe(total);
    expect(sources.body.total_domains).toBe(expected.size);
    for (const row of sources.body.data) {
      expect(row.total_citations, row.domain).toBe(expected.get(row.domain));
      expect(row.providers).toEqual({ demo: row.total_citations });
      expect(row.percentage).toBe(Math.round((row.total_citations / total) * 1000) / 10);
      expect(row.top_urls.length).toBeGreaterThan(0);
    }
    const counts = sources.body.data.map((row: { total_citations: number }) => row.total_citations);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const own = sources.body.data.find((row: { domain: string }) => row.domain === "acme.example");
    if (own) expect(own.is_own).toBe(true);
    const rival = sources.body.data.find((row: { domain: string }) => row.domain === "rival.example");
    if (rival) expect(rival.competitor).toBe("Rival");

    const stats = await api.request("GET", "/seo-llm/analyses/stats", { token });
    const board = await api.request("GET", "/leaderboard/competitors", { token });
    expect(board.status).toBe(200);
    expect(board.body.total_answers).toBe(answers.length);
    const brand = board.body.competitors.find((row: { is_brand: boolean }) => row.is_brand);
    const mentioned = answers.filter((answer) => answer.brand.mentioned).length;
    if (mentioned > 0) {
      expect(brand).toMatchObject({ name: "Acme Analytics", answers: mentioned, analyses: 1, visibility: stats.body.summary.visibility });
      const position = await api.request("GET", "/leaderboard/position", { token });
      expect(position.body).toEqual({ position: brand.rank, total: board.body.total_brands });
    }
    for (const row of board.body.competitors) {
      const naming = answers.filter((answer) => answer.mentions.some((m) => (row.is_brand ? m.is_brand : m.name.toLowerCase() === row.name.toLowerCase()))).length;
      expect(row.answers, row.name).toBe(naming);
    }
    const visibilities = board.body.competitors.map((row: { visibility: number }) => row.visibility);
    expect(visibilities).toEqual([...visibilities].sort((a, b) => b - a));
    expect(board.body.competitors.map((row: { rank: number }) => row.rank)).toEqual(board.body.competitors.map((_: unknown, i: number) => i + 1));

    // Filters: another provider has nothing; a category keeps only its answers' citations.
    expect((await api.request("GET", "/seo-llm/analyses/citing-sources?provider=chatgpt", { token })).body.total_citations).toBe(0);
    const category = answers[0].category;
    const inCategory = answers.filter((answer) => answer.category === category).reduce((sum, answer) => sum + answer.citations.length, 0);
    expect((await api.request("GET", `/seo-llm/analyses/citing-sources?category=${category}`, { token })).body.total_citations).toBe(inCategory);
    expect((await api.request("GET", "/leaderboard/competitors?limit=1", { token })).body.competitors).toHaveLength(Math.min(1, board.body.competitors.length));
    expect((await api.request("GET", "/leaderboard/competitors?min_analyses=2", { token })).body.competitors).toEqual([]);
    // A period before the analysis is empty.
    const past = await api.request("GET", "/leaderboard/competitors?start_date=2020-01-01&end_date=2020-01-31", { token });
    expect(past.body).toMatchObject({ competitors: [], total_answers: 0 });
  });

  test("query clusters: every search counted once, per model; a large account gets 202 then the result", async () => {
    const { token, userId, answers } = await analysedUser();
    const searches = answers.reduce((sum, answer) => sum + answer.search_queries.length, 0);
    const res = await api.request("GET", "/analytics/ai-search-queries?limit=500", { token });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({ total_queries: searches, model: "all", page: 1, page_size: 500, min_occurrences: 1 });
    const clusters = res.body.query_clusters as Array<{ total_occurrences: number; model_breakdown: Record<string, number>; queries: Array<{ count: number }> }>;
    expect(res.body.metadata.total_clusters).toBe(clusters.length);
    expect(clusters.reduce((sum, cluster) => sum + cluster.total_occurrences, 0)).toBe(searches);
    for (const cluster of clusters) {
      expect(cluster.model_breakdown).toEqual({ demo: cluster.total_occurrences });
      expect(cluster.queries.reduce((sum, query) => sum + query.count, 0)).toBeLessThanOrEqual(cluster.total_occurrences);
    }
    const sizes = clusters.map((cluster) => cluster.total_occurrences);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const paged = await api.request("GET", "/analytics/ai-search-queries?limit=1&page=2", { token });
    expect(paged.body.query_clusters).toEqual(clusters.slice(1, 2));
    expect((await api.request("GET", "/analytics/ai-search-queries?model=chatgpt", { token })).body.metadata.total_clusters).toBe(0);
    const often = await api.request("GET", "/analytics/ai-search-queries?min_occurrences=2&limit=500", { token });
    expect(often.body.query_clusters.every((cluster: { total_occurrences: number }) => cluster.total_occurrences >= 2)).toBe(true);

    // Past the inline limit the computation is queued: 202 and nothing yet, then the same clusters.
    const db = await api.db();
    const boss = await api.boss();
    const options = { model: "all" as const, limit: 500, page: 1, min_occurrences: 1, start_date: "2020-01-01" };
    const first = await searchQueryClusters(db, boss, userId, options, 0);
    expect(first).toMatchObject({ computing: true, query_clusters: [] });
    let later = first;
    for (let i = 0; i < 100 && later.computing; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await searchQueryClusters(db, boss, userId, options, 0);
    }
    expect(later.computing).toBe(false);
    expect(later.query_clusters).toEqual(clusters);
  });

  test("no user sees another user's sources or ranking; bad options are 400", async () => {
    await analysedUser();
    const { access_token: token } = await api.signIn();
    expect((await api.request("GET", "/seo-llm/analyses/citing-sources", { token })).body).toMatchObject({ data: [], total_citations: 0 });
    expect((await api.request("GET", "/leaderboard/competitors", { token })).body).toMatchObject({ competitors: [], total_answers: 0 });
    expect((await api.request("GET", "/leaderboard/position", { token })).body).toEqual({ position: null, total: 0 });
    expect((await api.request("GET", "/analytics/ai-search-queries", { token })).body.metadata.total_clusters).toBe(0);
    for (const path of [
      "/seo-llm/analyses/citing-sources?provider=bing",
      "/seo-llm/analyses/citing-sources?category=price",
      "/seo-llm/analyses/citing-sources?start_date=tomorrow",
      "/seo-llm/analyses/citing-sources?start_date=2026-02-01&end_date=2026-01-01",
      "/leaderboard/competitors?limit=0",
      "/leaderboard/competitors?min_analyses=-1",
      "/analytics/ai-search-queries?model=bing",
      "/analytics/ai-search-queries?limit=0",
      "/analytics/ai-search-queries?page=0",
      "/analytics/ai-search-queries?min_occurrences=abc",
    ]) {
      const res = await api.request("GET", path, { token });
      expect(res.status, path).toBe(400);
    }
    expect((await api.request("GET", "/leaderboard/competitors")).status).toBe(401);
  });
});

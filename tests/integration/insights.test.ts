import { wilsonInterval } from "#domain/metrics";
import { getDomain } from "tldts";
import { beforeAll, describe, expect, test } from "vitest";
import { searchQueryClusters } from "../../server/seo-llm/search-query-insights";
import { RIVALS } from "../helpers/profiles";
import { json, useApi, withEnv } from "../helpers/api";

beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined });
});
const api = useApi({ jobs: "work" });

/** The clients of the insights over one user's answers. */
function insightsOf(token?: string) {
  return {
    sources: api.client("citingSources", { token })["citing-sources"],
    leaderboard: api.client("leaderboard", { token }),
    searches: api.client("searchQueries", { token })["ai-search-queries"],
  };
}

async function analysedUser() {
  const session = await api.signInOnPlan("pro");
  const token = session.access_token;
  await api.client("seoProfile", { token }).index.$patch({
    json: {
      BrandName: "Acme Analytics",
      WebsiteURL: "acme.example",
      MarketLanguage: "en",
      Keywords: ["web analytics", "SEO dashboard"],
      Competitors: RIVALS,
    },
  });
  const analyses = api.client("analyses", { token });
  const created = await json(await analyses.index.$post({ json: { question_limit: 12 } }), 201);
  const done = await api.settledAnalysis(token, created.id);
  expect(done.status).toBe("completed");
  return { token, userId: session.user.id, answers: done.answers!, analyses, ...insightsOf(token) };
}

describe("insights over the stored answers", () => {
  test("citing sources, the leaderboard, its position and the overview agree: one answer counted once everywhere", async () => {
    const { answers, analyses, sources: sourcesOf, leaderboard } = await analysedUser();

    const sources = await json(await sourcesOf.$get({ query: {} }), 200);
    const expected = new Map<string, number>();
    for (const answer of answers) for (const citation of answer.citations) {
      const domain = getDomain(citation.url) as string;
      expected.set(domain, (expected.get(domain) ?? 0) + 1);
    }
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(sources.total_citations).toBe(total);
    expect(sources.total_domains).toBe(expected.size);
    for (const row of sources.data) {
      expect(row.total_citations, row.domain).toBe(expected.get(row.domain));
      expect(row.providers).toEqual({ demo: row.total_citations });
      expect(row.percentage).toBe(Math.round((row.total_citations / total) * 1000) / 10);
      expect(row.top_urls.length).toBeGreaterThan(0);
    }
    const counts = sources.data.map((row) => row.total_citations);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const own = sources.data.find((row) => row.domain === "acme.example");
    if (own) expect(own.is_own).toBe(true);
    const rival = sources.data.find((row) => row.domain === "rival.example");
    if (rival) expect(rival.competitor).toBe("Rival");

    const stats = await json(await analyses.stats.$get({ query: {} }), 200);
    const board = await json(await leaderboard.competitors.$get({ query: {} }), 200);
    expect(board.total_answers).toBe(answers.length);
    const brand = board.competitors.find((row) => row.is_brand);
    const mentioned = answers.filter((answer) => answer.brand.mentioned).length;
    if (mentioned > 0) {
      expect(brand).toMatchObject({ name: "Acme Analytics", answers: mentioned, analyses: 1, visibility: stats.summary.visibility });
      const position = await leaderboard.position.$get();
      expect(await position.json()).toEqual({ position: brand!.rank, total: board.total_brands });
    }
    for (const row of board.competitors) {
      const naming = answers.filter((answer) => answer.mentions.some((m) => (row.is_brand ? m.is_brand : m.name.toLowerCase() === row.name.toLowerCase()))).length;
      expect(row.answers, row.name).toBe(naming);
    }
    // One definition per metric (docs/metrics.md): share of mentions counts every brand, share of
    // voice only the tracked ones; each percentage carries its sample and 95 % Wilson interval.
    const presences = answers.reduce((sum, answer) => sum + answer.mentions.length, 0);
    expect(board.total_presences).toBe(presences);
    for (const row of board.competitors) {
      expect(row.share_of_mentions, row.name).toBe(Math.round((row.answers / presences) * 1000) / 10);
      expect(row.visibility_interval, row.name).toEqual(wilsonInterval(row.answers, board.total_answers));
      expect(row.share_of_mentions_interval, row.name).toEqual(wilsonInterval(row.answers, presences));
    }
    const tracked = answers.reduce((sum, answer) => sum + answer.mentions.filter((m) => m.tracked).length, 0);
    expect(stats.summary).toMatchObject({ answers: answers.length, mentioned, tracked_presences: tracked });
    expect(stats.summary.visibility_interval).toEqual(wilsonInterval(mentioned, answers.length));
    expect(stats.summary.share_of_voice_interval).toEqual(wilsonInterval(mentioned, tracked));
    for (const day of stats.trend) expect(day.visibility_interval).toEqual(wilsonInterval(day.mentioned, day.answers));
    const visibilities = board.competitors.map((row) => row.visibility);
    expect(visibilities).toEqual([...visibilities].sort((a, b) => b - a));
    expect(board.competitors.map((row) => row.rank)).toEqual(board.competitors.map((_, i) => i + 1));

    // Filters: another provider has nothing; a category keeps only its answers' citations.
    expect((await json(await sourcesOf.$get({ query: { provider: "chatgpt" } }), 200)).total_citations).toBe(0);
    const category = answers[0].category;
    const inCategory = answers.filter((answer) => answer.category === category).reduce((sum, answer) => sum + answer.citations.length, 0);
    expect((await json(await sourcesOf.$get({ query: { category } }), 200)).total_citations).toBe(inCategory);
    expect((await json(await leaderboard.competitors.$get({ query: { limit: "1" } }), 200)).competitors).toHaveLength(Math.min(1, board.competitors.length));
    expect((await json(await leaderboard.competitors.$get({ query: { min_analyses: "2" } }), 200)).competitors).toEqual([]);
    // A period before the analysis is empty.
    const past = await leaderboard.competitors.$get({ query: { start_date: "2020-01-01", end_date: "2020-01-31" } });
    expect(await past.json()).toMatchObject({ competitors: [], total_answers: 0 });
  });

  test("query clusters: every search counted once, per model; a large account gets 202 then the result", async () => {
    const { userId, answers, searches: searchesOf } = await analysedUser();
    const searches = answers.reduce((sum, answer) => sum + answer.search_queries.length, 0);
    const res = await json(await searchesOf.$get({ query: { limit: "500" } }), 200);
    expect(res.metadata).toMatchObject({ total_queries: searches, model: "all", page: 1, page_size: 500, min_occurrences: 1 });
    const clusters = res.query_clusters;
    expect(res.metadata.total_clusters).toBe(clusters.length);
    expect(clusters.reduce((sum, cluster) => sum + cluster.total_occurrences, 0)).toBe(searches);
    for (const cluster of clusters) {
      expect(cluster.model_breakdown).toEqual({ demo: cluster.total_occurrences });
      expect(cluster.queries.reduce((sum, query) => sum + query.count, 0)).toBeLessThanOrEqual(cluster.total_occurrences);
    }
    const sizes = clusters.map((cluster) => cluster.total_occurrences);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const paged = await json(await searchesOf.$get({ query: { limit: "1", page: "2" } }), 200);
    expect(paged.query_clusters).toEqual(clusters.slice(1, 2));
    expect((await json(await searchesOf.$get({ query: { model: "chatgpt" } }), 200)).metadata.total_clusters).toBe(0);
    const often = await json(await searchesOf.$get({ query: { min_occurrences: "2", limit: "500" } }), 200);
    expect(often.query_clusters.every((cluster) => cluster.total_occurrences >= 2)).toBe(true);

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
    const { sources, leaderboard, searches } = insightsOf((await api.signIn()).access_token);
    expect(await (await sources.$get({ query: {} })).json()).toMatchObject({ data: [], total_citations: 0 });
    expect(await (await leaderboard.competitors.$get({ query: {} })).json()).toMatchObject({ competitors: [], total_answers: 0 });
    expect(await (await leaderboard.position.$get()).json()).toEqual({ position: null, total: 0 });
    expect((await json(await searches.$get({ query: {} }), 200)).metadata.total_clusters).toBe(0);
    for (const [label, get] of [
      ["citing-sources provider=bing", () => sources.$get({ query: { provider: "bing" } })],
      ["citing-sources category=price", () => sources.$get({ query: { category: "price" } })],
      ["citing-sources start_date=tomorrow", () => sources.$get({ query: { start_date: "tomorrow" } })],
      ["citing-sources end before start", () => sources.$get({ query: { start_date: "2026-02-01", end_date: "2026-01-01" } })],
      ["competitors limit=0", () => leaderboard.competitors.$get({ query: { limit: "0" } })],
      ["competitors min_analyses=-1", () => leaderboard.competitors.$get({ query: { min_analyses: "-1" } })],
      ["ai-search-queries model=bing", () => searches.$get({ query: { model: "bing" } })],
      ["ai-search-queries limit=0", () => searches.$get({ query: { limit: "0" } })],
      ["ai-search-queries page=0", () => searches.$get({ query: { page: "0" } })],
      ["ai-search-queries min_occurrences=abc", () => searches.$get({ query: { min_occurrences: "abc" } })],
    ] as const) {
      const res = await get();
      expect(res.status, label).toBe(400);
    }
    expect((await insightsOf().leaderboard.competitors.$get({ query: {} })).status).toBe(401);
  });
});

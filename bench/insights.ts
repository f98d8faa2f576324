/**
 * The insight calls on a large account: one user with 100,000 answers over the last 30 days
 * (≈ 300,000 citations over 2,000 domains, 200,000 search queries, 400,000 brand mentions), on an
 * in-memory PGlite, or on a scratch database of the PostgreSQL server named by DATABASE_URL.
 * Prints p50 / p99 of each call (service level, in process: the API adds auth and JSON on top).
 *
 *   BENCH_ANSWERS=100000   BENCH_RUNS=20
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { resetConfig } from "../server/config";
import { analyses, subscriptions, users } from "../server/db/schema";
import { leaderboard, position } from "../server/leaderboard/service";
import { citingSources } from "../server/seo-llm/citing-sources";
import { computeClusters, searchQueryClusters } from "../server/seo-llm/search-query-insights";
import { patchSeoProfile } from "../server/seo-llm/profile";
import { start, stop } from "../server/boot";
import { getDb } from "../server/runtime";
import { createScratchDatabase, type ScratchDatabase } from "../tests/helpers/postgres";

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const RESULTS = path.join(process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, "results"), "insights.json");

type Call = { name: string; run: () => Promise<unknown> };

async function main() {
  const dataDir = path.join(os.tmpdir(), `sightline-bench-insights-${process.pid}`);
  // A real provider is "configured" so the figures are those of real answers (demo ones are left out).
  Object.assign(process.env, { NODE_ENV: "production", DATA_DIR: dataDir, OPENAI_API_KEY: "sk-bench", SEO_LLM_ENABLED_PROVIDERS: "chatgpt" });
  resetConfig();
  const driver = process.env.DATABASE_URL ? "pg" : "pglite";
  let scratch: ScratchDatabase | undefined;
  try {
    if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL, "sightline_bench");
    await start({ databaseUrl: scratch?.url ?? "memory://", jobs: "none" });
    const db = await getDb();
    const [user] = await db.insert(users).values({ email: `bench-${crypto.randomUUID()}@bench.test`, websiteUrl: "https://acme.example" }).returning();
    // Five competitors: a plan that tracks that many.
    await db.insert(subscriptions).values({ userId: user.id, planId: "business", status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
    await patchSeoProfile(db, user.id, {
      BrandName: "Acme",
      MarketLanguage: "en",
      Keywords: ["crm"],
      Competitors: Array.from({ length: 5 }, (_, i) => ({ name: `Rival ${i}`, domain: `rival${i}.example`, aliases: [] })),
    });
    console.log(`Seeding ${ANSWERS.toLocaleString("en")} answers (${driver})…`);
    const seeded = performance.now();
    await seed(db, user.id);
    console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    // Clustering is the one computation too slow for a request at this size: it runs in a job (the
    // call answers 202 meanwhile), once per change of the answers; measured here on its own.
    const clustering = performance.now();
    const computed = await computeClusters(db, user.id, {});
    const clusterMs = Math.round(performance.now() - clustering);
    console.log(`Clustered ${computed.totalQueries.toLocaleString("en")} searches into ${computed.totalClusters.toLocaleString("en")} clusters in ${clusterMs} ms (the job)`);

    const calls: Call[] = [
      {
        name: "GET /analytics/ai-search-queries (kept clusters)",
        run: () => searchQueryClusters(db, null, user.id, { model: "all", limit: 50, page: 1, min_occurrences: 1 }),
      },
      { name: "GET /seo-llm/analyses/citing-sources", run: () => citingSources(db, user.id, {}) },
      { name: "GET /seo-llm/analyses/citing-sources?provider&category", run: () => citingSources(db, user.id, { provider: "claude", category: "comparison" }) },
      { name: "GET /leaderboard/competitors", run: () => leaderboard(db, user.id, {}) },
      { name: "GET /leaderboard/position", run: () => position(db, user.id) },
    ];
    const rows = [];
    for (const call of calls) {
      await call.run(); // warm-up: plans, caches
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await call.run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
      rows.push({ call: call.name, p50_ms: Math.round(at(0.5)), p99_ms: Math.round(at(0.99)) });
    }
    console.log(`\n| call (${driver}, ${ANSWERS.toLocaleString("en")} answers) | p50 ms | p99 ms |`);
    console.log("|---|---:|---:|");
    for (const row of rows) console.log(`| ${row.call} | ${row.p50_ms} | ${row.p99_ms} |`);
    await fs.mkdir(path.dirname(RESULTS), { recursive: true });
    await fs.writeFile(RESULTS, `${JSON.stringify({ date: new Date().toISOString(), driver, answers: ANSWERS, runs: RUNS, clustering_job_ms: clusterMs, calls: rows }, null, 2)}\n`);
  } finally {
    await stop();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * 100 analyses of 1,000 answers over the last 30 days, five providers, five categories; per answer
 * three citations (domains skewed towards a few, as real citations are), two searches out of
 * 20,000 distinct ones, the brand in 60 % of answers and two other brands out of fifty.
 */
async function seed(db: Awaited<ReturnType<typeof getDb>>, userId: string) {
  const perAnalysis = 1000;
  const analysisCount = Math.ceil(ANSWERS / perAnalysis);
  const profile = { brand_name: "Acme", aliases: [], website_url: "https://acme.example", competitors: [], market_language: "en" as const, country: null, keywords: ["crm"] };
  await db.insert(analyses).values(
    Array.from({ length: analysisCount }, (_, i) => ({
      userId,
      status: "completed" as const,
      questionLimit: 200,
      providers: ["chatgpt", "claude", "perplexity", "gemini", "grok"],
      profile,
      // From an hour ago back over 28 days; answers follow within the next 17 minutes, never in the future.
      createdAt: new Date(Date.now() - 3600_000 - (i / analysisCount) * 28 * 86_400_000),
    })),
  );
  await db.execute(sql`
    insert into analysis_answers (analysis_id, user_id, question_index, question_text, category, language, provider, model, status, attempts, answer_text, citations, search_queries, brand_mentioned, brand_position, brand_sentiment, answered_at)
    select a.id, ${userId}::uuid, g % ${perAnalysis}, 'Which CRM is best, case ' || (g % 200), (array['selection','understanding','benefits','comparison','quality'])[1 + g % 5], 'en',
           (array['chatgpt','claude','perplexity','gemini','grok'])[1 + (g / 5) % 5], 'model', 'completed', 1, 'answer text', '[]'::jsonb, '[]'::jsonb,
           (g % 5) < 3, case when (g % 5) < 3 then 1 + g % 4 else null end, case when (g % 5) < 3 then (array['positive','neutral','negative'])[1 + g % 3] else null end,
           a.created_at + (g % ${perAnalysis}) * interval '1 second'
    from generate_series(0, ${ANSWERS - 1}) g
    join (select id, created_at, row_number() over (order by created_at) - 1 as n from analyses where user_id = ${userId}::uuid) a on a.n = g / ${perAnalysis}`);
  const answers = sql`(select id, analysis_id, provider, category, answered_at, row_number() over (order by id) as n from analysis_answers where user_id = ${userId}::uuid) x`;
  await db.execute(sql`
    insert into answer_citations (answer_id, user_id, analysis_id, provider, category, answered_at, position, url, title, domain)
    select x.id, ${userId}::uuid, x.analysis_id, x.provider, x.category, x.answered_at, p,
           'https://www.site' || d || '.example/page-' || ((x.n + p) % 50), 'Page ' || ((x.n + p) % 50), 'site' || d || '.example'
    from ${answers}, generate_series(0, 2) p, lateral (select floor(2000 * power(((x.n * 7 + p * 13) % 1000) / 1000.0, 3))::int as d) dd`);
  await db.execute(sql`
    insert into answer_search_queries (answer_id, user_id, analysis_id, provider, category, answered_at, position, query)
    select x.id, ${userId}::uuid, x.analysis_id, x.provider, x.category, x.answered_at, p, 'best crm for agencies ' || ((x.n * 3 + p * 7919) % 20000)
    from ${answers}, generate_series(0, 1) p`);
  await db.execute(sql`
    insert into answer_mentions (answer_id, user_id, analysis_id, provider, category, answered_at, name, is_brand, tracked, position, count, sentiment)
    select x.id, ${userId}::uuid, x.analysis_id, x.provider, x.category, x.answered_at, m.name, m.is_brand, m.tracked, m.position, 1 + x.n % 3,
           (array['positive','neutral','negative'])[1 + (x.n + m.position) % 3]
    from ${answers}, lateral (
      select 'Acme' as name, true as is_brand, true as tracked, 1 as position where x.n % 5 < 3
      union all select 'Rival ' || (x.n % 5), false, true, 2
      union all select 'Brand ' || (x.n % 50), false, false, 3
    ) m`);
  // What autovacuum does to a table that has just been filled: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

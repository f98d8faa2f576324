/**
 * The marketplace listing (issue 15): GET /backlinks/sites on a catalogue of 10,000 sites (four
 * offers each) with every filter and sort, for a user whose analyses cited 2,000 domains, on an
 * in-memory PGlite or a scratch database of the PostgreSQL server named by DATABASE_URL. Prints
 * p50 / p99 per query (service level, in process) and the worst p99 as a ratio of the 100 ms target.
 *
 *   BENCH_SITES=10000   BENCH_RUNS=30
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type SiteQuery, listSites } from "../server/backlinks/catalogue";
import { start, stop } from "../server/boot";
import { resetConfig } from "../server/config";
import { analyses, users } from "../server/db/schema";
import { getDb } from "../server/runtime";
import { createScratchDatabase, type ScratchDatabase } from "../tests/helpers/postgres";

const SITES = Number(process.env.BENCH_SITES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_P99_MS = 100;
const RESULTS = path.join(process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, "results"), "backlinks.json");

const base: SiteQuery = { sort: "dr_desc", page: 1, per_page: 24 };
const QUERIES: Array<[string, Partial<SiteQuery>]> = [
  ["no filter (DR)", {}],
  ["price ascending", { sort: "price_asc" }],
  ["traffic, page 50", { sort: "traffic_desc", page: 50 }],
  ["category + language", { category: "finance", language: "en" }],
  ["DR 40–70, DA ≥ 30", { dr_min: 40, dr_max: 70, da_min: 30 }],
  ["price 100–300 EUR", { price_min: 10_000, price_max: 30_000, currency: "EUR" }],
  ["link type, by its price", { link_type: "link_insertion_12_months", sort: "price_asc" }],
  ["traffic ≥ 100k", { traffic_min: 100_000 }],
  ["text search", { q: "news" }],
  ["cited by AI", { cited: true }],
  ["everything at once", { category: "technology", dr_min: 20, traffic_min: 1000, price_max: 50_000, link_type: "sponsored_article_permanent", q: "a", sort: "price_desc" }],
];

async function main() {
  const dataDir = path.join(os.tmpdir(), `sightline-bench-backlinks-${process.pid}`);
  Object.assign(process.env, { NODE_ENV: "production", DATA_DIR: dataDir, BACKLINKS_DEMO_SEED: "false" });
  resetConfig();
  const driver = process.env.DATABASE_URL ? "pg" : "pglite";
  let scratch: ScratchDatabase | undefined;
  try {
    if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL, "sightline_bench");
    await start({ databaseUrl: scratch?.url ?? "memory://", jobs: "none" });
    const db = await getDb();
    const [user] = await db.insert(users).values({ email: `bench-${crypto.randomUUID()}@bench.test` }).returning();
    const seeded = performance.now();
    await seed(db, user.id);
    console.log(`Seeded ${SITES.toLocaleString("en")} sites (${driver}) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const rows = [];
    for (const [name, query] of QUERIES) {
      const run = () => listSites(db, user.id, { ...base, ...query });
      const first = await run(); // warm-up: plans, caches
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
      rows.push({ query: name, matches: first.total, p50_ms: Math.round(at(0.5) * 10) / 10, p99_ms: Math.round(at(0.99) * 10) / 10 });
    }
    const worst = Math.max(...rows.map((row) => row.p99_ms));
    console.log(`\n| GET /backlinks/sites (${driver}, ${SITES.toLocaleString("en")} sites) | matches | p50 ms | p99 ms |`);
    console.log("|---|---:|---:|---:|");
    for (const row of rows) console.log(`| ${row.query} | ${row.matches} | ${row.p50_ms} | ${row.p99_ms} |`);
    console.log(`\nworst p99 / target (${TARGET_P99_MS} ms): ${(worst / TARGET_P99_MS).toFixed(2)}`);
    await fs.mkdir(path.dirname(RESULTS), { recursive: true });
    await fs.writeFile(RESULTS, `${JSON.stringify({ date: new Date().toISOString(), driver, sites: SITES, runs: RUNS, target_p99_ms: TARGET_P99_MS, ratio: worst / TARGET_P99_MS, queries: rows }, null, 2)}\n`);
  } finally {
    await stop();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * SITES sites over the twelve categories, six languages and three currencies, DR/DA/traffic spread
 * as a real catalogue's; four offers each. One analysis whose answers cite 2,000 of their domains.
 */
async function seed(db: Awaited<ReturnType<typeof getDb>>, userId: string) {
  await db.execute(sql`
    insert into backlink_sites (domain, registrable_domain, url, dr, da, traffic, price, currency, category, language, country, dofollow, turnaround_days, demo)
    select d, d, 'https://' || d, dr, greatest(0, least(100, dr + (g % 21) - 10)), (power(10, 2 + (g % 97) / 20.0))::int,
           (40 + (g * 37) % 360) * 100,
           (array['USD','EUR','GBP'])[1 + g % 3],
           (array['business','marketing','technology','finance','health','travel','lifestyle','home','food','sports','education','news'])[1 + g % 12],
           (array['en','fr','de','es','it','nl'])[1 + (g / 5) % 6], (array['US','FR','DE','ES','IT','NL'])[1 + (g / 5) % 6],
           g % 7 <> 0, 2 + g % 20, false
    from generate_series(0, ${SITES - 1}) g, lateral (select 'site' || g || (array['-news','-blog','-mag','-hub'])[1 + g % 4] || '.example' as d, (g * 7919) % 93 + 5 as dr) x`);
  await db.execute(sql`
    insert into backlink_offers (site_id, link_type, price)
    select id, t.link_type, (price * t.factor)::int
    from backlink_sites, (values ('link_insertion_permanent', 1.0), ('link_insertion_12_months', 0.65), ('sponsored_article_permanent', 1.6), ('sponsored_article_12_months', 1.05)) t(link_type, factor)`);
  const [analysis] = await db
    .insert(analyses)
    .values({ userId, status: "completed", questionLimit: 10, providers: ["chatgpt"], profile: { brand_name: "Acme", aliases: [], website_url: null, competitors: [], market_language: "en", country: null, keywords: [] } })
    .returning();
  await db.execute(sql`
    insert into analysis_answers (analysis_id, user_id, question_index, question_text, category, language, provider, model, status, attempts, answer_text, citations, search_queries, answered_at)
    select ${analysis.id}::uuid, ${userId}::uuid, g, 'question ' || g, 'selection', 'en', 'chatgpt', 'model', 'completed', 1, 'text', '[]'::jsonb, '[]'::jsonb, now()
    from generate_series(0, 999) g`);
  await db.execute(sql`
    insert into answer_citations (answer_id, user_id, analysis_id, provider, category, answered_at, position, url, domain)
    select a.id, ${userId}::uuid, a.analysis_id, 'chatgpt', 'selection', now(), p, 'https://' || s.domain || '/page', s.domain
    from (select id, analysis_id, row_number() over (order by id) as n from analysis_answers where user_id = ${userId}::uuid) a,
         generate_series(0, 2) p,
         lateral (select domain from backlink_sites where domain = 'site' || ((a.n * 3 + p) * 5 % ${SITES}) || (array['-news','-blog','-mag','-hub'])[1 + ((a.n * 3 + p) * 5 % ${SITES}) % 4] || '.example') s`);
  await db.execute(sql`vacuum analyze`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

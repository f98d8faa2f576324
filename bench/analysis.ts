/**
 * The analysis pipeline's throughput: 50 questions × the 5 assistants against local protocol fakes
 * that answer after 500 ms, through the real adapters, pg-boss jobs and the per-provider bound.
 * With AI_CONCURRENCY calls in flight per provider, no schedule can beat
 * ceil(50 / AI_CONCURRENCY) × 500 ms; the figure that matters is the wall time over that bound
 * (target ≤ 1.3). In process, on an in-memory PGlite, or on a scratch database of the PostgreSQL
 * server named by DATABASE_URL (created and dropped here).
 *
 *   BENCH_QUESTIONS=50   BENCH_PROVIDER_MS=500   AI_CONCURRENCY=4
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { resetConfig } from "../server/config";
import { analyses, subscriptions, userQuestions, users } from "../server/db/schema";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";
import { createAnalysis } from "../server/seo-llm/analyses";
import { patchSeoProfile } from "../server/seo-llm/profile";
import { start, stop } from "../server/boot";
import { getBoss, getDb } from "../server/runtime";
import { createFakeAi, DEFAULT_RESPONDERS, type FakeAiRoute } from "../tests/fakes/ai";
import { createScratchDatabase, type ScratchDatabase } from "../tests/helpers/postgres";

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 50);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 500);
const PROVIDERS = ["chatgpt", "claude", "perplexity", "gemini", "grok"] as const;
const RESULTS = path.join(process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, "results"), "analysis.json");

async function main() {
  // Every assistant's route answers after PROVIDER_MS; Gemini's source redirects answer at once.
  const slow = (route: FakeAiRoute) => (request: Parameters<(typeof DEFAULT_RESPONDERS)[FakeAiRoute]>[0], baseUrl: string) => ({
    ...DEFAULT_RESPONDERS[route](request, baseUrl),
    delayMs: PROVIDER_MS,
  });
  const fake = await createFakeAi({ answers: Object.fromEntries(PROVIDERS.map((p) => [p, slow(p)])) });
  const dataDir = path.join(os.tmpdir(), `sightline-bench-analysis-${process.pid}`);
  Object.assign(process.env, fake.env(), {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SEO_LLM_ENABLED_PROVIDERS: PROVIDERS.join(","),
    SEO_LLM_MAX_QUESTIONS_PER_ANALYSIS: String(Math.max(QUESTIONS, 100)),
    USER_ANALYSES_PER_DAY: "1000",
  });
  resetConfig();
  const concurrency = Number(process.env.AI_CONCURRENCY ?? 4);
  const driver = process.env.DATABASE_URL ? "pg" : "pglite";
  let scratch: ScratchDatabase | undefined;
  try {
    if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL, "sightline_bench");
    await start({ databaseUrl: scratch?.url ?? "memory://", jobs: "work" });
    const db = await getDb();
    const [user] = await db.insert(users).values({ email: `bench-${crypto.randomUUID()}@bench.test` }).returning();
    await db.insert(subscriptions).values({ userId: user.id, planId: "business", status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
    await patchSeoProfile(db, user.id, { BrandName: "Acme CRM", MarketLanguage: "en", Keywords: ["CRM"], Competitors: [{ name: "Globex", domain: null, aliases: [] }] });
    await db.delete(userQuestions).where(eq(userQuestions.userId, user.id));
    await db.insert(userQuestions).values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        userId: user.id,
        questionText: `Which CRM is best for agencies, case ${i + 1}?`,
        category: QUESTION_CATEGORIES[i % QUESTION_CATEGORIES.length],
        language: "en" as const,
      })),
    );

    console.log(`${QUESTIONS} questions × ${PROVIDERS.length} providers, ${PROVIDER_MS} ms per answer, ${concurrency} in flight per provider (${driver})…`);
    const started = performance.now();
    const created = await createAnalysis(db, await getBoss(), user.id, { question_limit: QUESTIONS });
    let status: string = created.status;
    while (status === "pending" || status === "processing") {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [{ status }] = await db.select({ status: analyses.status }).from(analyses).where(eq(analyses.id, created.id));
    }
    const wallMs = performance.now() - started;
    const idealMs = Math.ceil(QUESTIONS / concurrency) * PROVIDER_MS;
    const ratio = wallMs / idealMs;
    const answered = fake.requests.filter((request) => request.route && request.route !== "gemini-redirect").length;

    console.log("\n| analysis run | answers | wall s | ideal s | wall ÷ ideal | target |");
    console.log("|---|---:|---:|---:|---:|---:|");
    console.log(`| ${status} | ${answered} | ${(wallMs / 1000).toFixed(2)} | ${(idealMs / 1000).toFixed(2)} | ${ratio.toFixed(3)} | ≤ 1.3 |`);
    await fs.mkdir(path.dirname(RESULTS), { recursive: true });
    await fs.writeFile(
      RESULTS,
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, driver, questions: QUESTIONS, providers: PROVIDERS.length, provider_ms: PROVIDER_MS, concurrency, status, answers: answered, wall_ms: Math.round(wallMs), ideal_ms: idealMs, ratio: Number(ratio.toFixed(3)) }, null, 2)}\n`,
    );
    if (status !== "completed" || answered !== QUESTIONS * PROVIDERS.length) {
      console.error(`\nFAILED: the run ended ${status} with ${answered} provider calls`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
    await scratch?.drop();
    await fake.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { and, eq, inArray, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterEach, describe, expect, inject, test } from "vitest";
import { QUESTION_CATEGORIES, type QuestionCategory } from "#domain/seo-profile";
import type { Executor } from "../../server/db/client";
import {
  analyses,
  analysisAnswers,
  answerCitations,
  answerMentions,
  insightAnswerDays,
  insightBrandDays,
  insightDomainCategoryDays,
  insightDomainDays,
  users,
} from "../../server/db/schema";
import { brandTotals, citationsByDomain, completedAnswers, rebuildInsightRollups, splitPeriod } from "../../server/seo-llm/insight-rollups";
import { type InsightFilters, insightWhere, periodOf } from "../../server/seo-llm/insight-scope";
import { useApi, withEnv } from "../helpers/api";
import { createScratchDatabase } from "../helpers/postgres";

/**
 * The daily roll-ups (decision 012) against the rows they sum: random answers (deterministic seed)
 * around UTC midnights, with sub-millisecond times, statuses that move, and deletes of every kind;
 * after each change the roll-ups equal a recount, and the insight figures equal the queries over
 * the rows alone (those the insights ran before the roll-ups), across filters and periods.
 */
const api = useApi();

let undoEnv: (() => void) | undefined;
afterEach(() => {
  undoEnv?.();
  undoEnv = undefined;
});

const DAY_MS = 86_400_000;
const PROVIDERS = ["chatgpt", "claude", "demo"] as const;
const NAMES = ["Acme", "ACME", "Rival", "rival", "RIVAL", "Other", "Zeta", "zeta"];
const DOMAINS = ["rival.example", "acme.example", "news.example", "wiki.example", null];

/** mulberry32: the same data on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = ReturnType<typeof random>;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

/** A user with answers over the last 35 days (and a few in the next hours), many close to midnight. */
async function seededUser(db: Executor, seed: number) {
  const rand = random(seed);
  const [user] = await db.insert(users).values({ email: `rollup-${crypto.randomUUID()}@example.test` }).returning();
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const analysisIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const [analysis] = await db
      .insert(analyses)
      .values({ userId: user.id, status: "completed", questionLimit: 10, providers: [...PROVIDERS], profile: { brand_name: "Acme", aliases: [], website_url: null, competitors: [], market_language: "en", country: null, keywords: [] } as never })
      .returning();
    analysisIds.push(analysis.id);
  }
  const times = () => {
    const day = today - Math.floor(rand() * 36) * DAY_MS;
    const within = [0, 1, DAY_MS - 1, DAY_MS / 2, Math.floor(rand() * DAY_MS), Date.now() - day + 3_600_000][Math.floor(rand() * 6)];
    return new Date(day + within);
  };
  const answers = Array.from({ length: 120 }, (_, index) => {
    const status = pick(rand, ["completed", "completed", "completed", "failed", "pending"] as const);
    return {
      analysisId: pick(rand, analysisIds),
      userId: user.id,
      questionIndex: index,
      questionText: `Question ${index}`,
      category: pick(rand, QUESTION_CATEGORIES),
      language: "en" as const,
      provider: pick(rand, PROVIDERS),
      status,
      answeredAt: status === "pending" ? null : times(),
    };
  });
  const saved = await db.insert(analysisAnswers).values(answers).returning();
  const citations = saved
    .filter((answer) => answer.status === "completed")
    .flatMap((answer) =>
      Array.from({ length: Math.floor(rand() * 4) }, (_, position) => {
        const domain = pick(rand, DOMAINS);
        return { ...base(answer), position, url: `https://${domain ?? "192.0.2.1"}/page-${Math.floor(rand() * 3)}`, title: rand() < 0.3 ? null : `Title ${Math.floor(rand() * 3)}`, domain };
      }),
    );
  if (citations.length) await db.insert(answerCitations).values(citations);
  const mentions = saved
    .filter((answer) => answer.status === "completed")
    .flatMap((answer) => {
      const names = [...new Set(Array.from({ length: Math.floor(rand() * 4) }, () => pick(rand, NAMES)))];
      return names.map((name) => ({
        ...base(answer),
        name,
        isBrand: name.toLowerCase() === "acme" && rand() < 0.9,
        tracked: rand() < 0.5,
        position: 1 + Math.floor(rand() * 5),
        count: 1 + Math.floor(rand() * 3),
        sentiment: pick(rand, ["positive", "neutral", "negative"] as const),
      }));
    });
  if (mentions.length) await db.insert(answerMentions).values(mentions);
  // Times with microseconds just before midnight: in the day's roll-up, after an end date's 23:59:59.999.
  await db.execute(sql`update ${answerCitations} set answered_at = date_trunc('day', answered_at) + interval '1 day' - interval '500 microseconds'
    where ${answerCitations.userId} = ${user.id} and ${answerCitations.position} = 1`);
  await db.execute(sql`update ${analysisAnswers} set answered_at = date_trunc('day', answered_at) + interval '1 day' - interval '500 microseconds'
    where ${analysisAnswers.userId} = ${user.id} and ${analysisAnswers.questionIndex} % 7 = 0 and answered_at is not null`);
  await db.execute(sql`update ${answerMentions} set answered_at = date_trunc('day', answered_at) + interval '1 day' - interval '500 microseconds'
    where ${answerMentions.userId} = ${user.id} and ${answerMentions.name} = 'zeta'`);
  return { userId: user.id, analysisIds, rand, today };
}

function base(answer: typeof analysisAnswers.$inferSelect) {
  return { answerId: answer.id, userId: answer.userId, analysisId: answer.analysisId, provider: answer.provider, category: answer.category, answeredAt: answer.answeredAt as Date };
}

/** The roll-up rows of one user, in a stable order. */
async function rollups(db: Executor, userId: string) {
  const [answers, domains, categories, brands] = await Promise.all([
    db.select().from(insightAnswerDays).where(eq(insightAnswerDays.userId, userId)),
    db.select().from(insightDomainDays).where(eq(insightDomainDays.userId, userId)),
    db.select().from(insightDomainCategoryDays).where(eq(insightDomainCategoryDays.userId, userId)),
    db.select().from(insightBrandDays).where(eq(insightBrandDays.userId, userId)),
  ]);
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  return { answers: sorted(answers), domains: sorted(domains), categories: sorted(categories), brands: sorted(brands) };
}

/** What the triggers kept equals a recount from the rows, and a recount of a few days changes nothing. */
async function expectRollupsExact(db: Executor, userId: string, today: number) {
  const kept = await rollups(db, userId);
  await rebuildInsightRollups(db, userId, { from: new Date(today - 10 * DAY_MS).toISOString().slice(0, 10), to: new Date(today - 3 * DAY_MS).toISOString().slice(0, 10) });
  expect(await rollups(db, userId)).toEqual(kept);
  await rebuildInsightRollups(db, userId);
  expect(await rollups(db, userId)).toEqual(kept);
}

// ---- the queries over the rows alone (the insights' before the roll-ups) -----------------------

async function rawSources(db: Executor, userId: string, filters: InsightFilters) {
  const { where } = insightWhere(answerCitations, userId, filters);
  const rows = await db
    .select({ domain: sql<string | null>`${answerCitations.domain}`, provider: answerCitations.provider, citations: sql<number>`count(*)::int` })
    .from(answerCitations)
    .where(where)
    .groupBy(answerCitations.domain, answerCitations.provider);
  const [answered] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(analysisAnswers)
    .where(and(insightWhere(analysisAnswers, userId, filters).where, eq(analysisAnswers.status, "completed")));
  return { rows, answers: answered.total };
}

async function rawBrands(db: Executor, userId: string, filters: InsightFilters) {
  const { where } = insightWhere(answerMentions, userId, { start_date: filters.start_date, end_date: filters.end_date });
  const m = answerMentions;
  const { rows } = (await db.execute(sql`
    select min(name) as "name", bool_or(is_brand) as "isBrand", bool_or(tracked) as "tracked", sum(answers)::int as "answers", count(*)::int as "analyses",
      sum(mentions)::int as "mentions", (sum(positions)::float / sum(answers)) as "position", sum(positive)::int as "positive",
      sum(neutral)::int as "neutral", sum(negative)::int as "negative"
    from (
      select case when ${m.isBrand} then '' else lower(${m.name}) end as key, min(${m.name}) as name, bool_or(${m.isBrand}) as is_brand, bool_or(${m.tracked}) as tracked,
        count(*) as answers, sum(${m.count}) as mentions, sum(${m.position}) as positions,
        count(*) filter (where ${m.sentiment} = 'positive') as positive, count(*) filter (where ${m.sentiment} = 'neutral') as neutral,
        count(*) filter (where ${m.sentiment} = 'negative') as negative
      from ${m} where ${where} group by 1, ${m.analysisId}
    ) per_analysis group by key`)) as unknown as { rows: Array<Record<string, unknown>> };
  return rows;
}

const byKey = <T extends Record<string, unknown>>(rows: T[]) => rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();

/** Periods: the default, open ends, single days, ranges over midnights, ranges outside the data. */
function periods(rand: Rand, today: number): Array<Pick<InsightFilters, "start_date" | "end_date">> {
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString().slice(0, 10);
  const list: Array<Pick<InsightFilters, "start_date" | "end_date">> = [{}, { start_date: day(-3) }, { end_date: day(-2) }, { start_date: day(0), end_date: day(0) }, { start_date: day(-60), end_date: day(-50) }];
  for (let i = 0; i < 6; i++) {
    const a = -Math.floor(rand() * 38);
    const b = a + Math.floor(rand() * 12);
    list.push({ start_date: day(a), end_date: day(Math.min(b, 1)) });
  }
  return list;
}

async function expectFiguresExact(db: Executor, userId: string, rand: Rand, today: number) {
  for (const period of periods(rand, today)) {
    const { start, end } = periodOf(period);
    const split = splitPeriod(start, end);
    const provider = pick(rand, PROVIDERS);
    const category = pick(rand, QUESTION_CATEGORIES) as QuestionCategory;
    for (const filters of [period, { ...period, provider }, { ...period, category }, { ...period, provider, category }]) {
      const label = JSON.stringify(filters);
      const raw = await rawSources(db, userId, filters);
      expect(byKey(await citationsByDomain(db, userId, filters, split)), label).toEqual(byKey(raw.rows));
      expect(await completedAnswers(db, userId, filters, split), label).toBe(raw.answers);
    }
    expect(byKey(await brandTotals(db, userId, split)), JSON.stringify(period)).toEqual(byKey(await rawBrands(db, userId, period)));
  }
}

describe("insight roll-ups", () => {
  test("a period splits into whole UTC days and the rows at its ends", () => {
    const at = (iso: string) => new Date(iso);
    expect(splitPeriod(at("2026-11-01T00:00:00.000Z"), at("2026-11-03T23:59:59.999Z"))).toEqual({
      days: { from: "2026-11-01", to: "2026-11-03" },
      rows: [],
      less: { gt: at("2026-11-03T23:59:59.999Z"), lt: at("2026-11-04T00:00:00.000Z") },
    });
    expect(splitPeriod(at("2026-10-25T12:30:00.000Z"), at("2026-11-24T12:30:00.000Z"))).toEqual({
      days: { from: "2026-10-26", to: "2026-11-23" },
      rows: [
        { gte: at("2026-10-25T12:30:00.000Z"), lt: at("2026-10-26T00:00:00.000Z") },
        { gte: at("2026-11-24T00:00:00.000Z"), lte: at("2026-11-24T12:30:00.000Z") },
      ],
      less: null,
    });
    expect(splitPeriod(at("2026-11-24T01:00:00.000Z"), at("2026-11-24T12:30:00.000Z"))).toEqual({
      days: null,
      rows: [{ gte: at("2026-11-24T01:00:00.000Z"), lte: at("2026-11-24T12:30:00.000Z") }],
      less: null,
    });
  });

  test("roll-ups equal a recount and give the figures of the rows, for random data across filters and periods", { timeout: 120_000 }, async () => {
    const db = await api.db();
    for (const seed of [1, 2]) {
      const { userId, rand, today } = await seededUser(db, seed);
      await expectRollupsExact(db, userId, today);
      await expectFiguresExact(db, userId, rand, today);
      // Once a real provider answers, the demo's answers are left out: from the roll-ups too.
      undoEnv = withEnv({ OPENAI_API_KEY: "sk-test" });
      await expectFiguresExact(db, userId, rand, today);
      undoEnv();
      undoEnv = undefined;
    }
  });

  test("status changes, re-scores and deletes (direct and cascaded) keep the roll-ups exact", { timeout: 120_000 }, async () => {
    const db = await api.db();
    const { userId, analysisIds, rand, today } = await seededUser(db, 3);
    const other = await seededUser(db, 4);
    const otherBefore = await rollups(db, other.userId);

    // An answer fails after all, another completes later, one moves to another day.
    const completed = await db.select().from(analysisAnswers).where(and(eq(analysisAnswers.userId, userId), eq(analysisAnswers.status, "completed")));
    await db.update(analysisAnswers).set({ status: "failed" }).where(eq(analysisAnswers.id, completed[0].id));
    await db.update(analysisAnswers).set({ answeredAt: new Date(today - 20 * DAY_MS + 5) }).where(eq(analysisAnswers.id, completed[1].id));
    await db.execute(sql`update ${analysisAnswers} set status = 'completed', answered_at = now() where ${analysisAnswers.userId} = ${userId} and status = 'pending'`);
    await db.update(analysisAnswers).set({ attempts: 3 }).where(eq(analysisAnswers.userId, userId));
    await expectRollupsExact(db, userId, today);

    // A re-score: one answer's mentions replaced in a transaction.
    const [mention] = await db.select().from(answerMentions).where(eq(answerMentions.userId, userId)).limit(1);
    await db.transaction(async (tx) => {
      await tx.delete(answerMentions).where(eq(answerMentions.answerId, mention.answerId));
      await tx.insert(answerMentions).values({ ...mention, name: "Newcomer", sentiment: "negative" });
    });
    // Rows changed in place, and deleted directly.
    await db.update(answerCitations).set({ domain: "moved.example" }).where(and(eq(answerCitations.userId, userId), eq(answerCitations.position, 0)));
    await db.update(answerMentions).set({ tracked: true }).where(and(eq(answerMentions.userId, userId), eq(answerMentions.name, "Zeta")));
    await db.delete(answerCitations).where(and(eq(answerCitations.userId, userId), eq(answerCitations.position, 2)));
    await expectRollupsExact(db, userId, today);
    await expectFiguresExact(db, userId, rand, today);

    // An answer deleted, then whole analyses: their citations and mentions go by cascade.
    await db.delete(analysisAnswers).where(eq(analysisAnswers.id, completed[2].id));
    await db.delete(analyses).where(inArray(analyses.id, analysisIds.slice(0, 3)));
    await expectRollupsExact(db, userId, today);
    await expectFiguresExact(db, userId, rand, today);

    // Everything of the analyses gone: nothing of theirs left in the roll-ups.
    await db.delete(analyses).where(inArray(analyses.id, analysisIds));
    expect(await rollups(db, userId)).toEqual({ answers: [], domains: [], categories: [], brands: [] });

    // The account deleted: its roll-ups go; another user's never moved.
    const again = await seededUser(db, 5);
    await db.delete(users).where(eq(users.id, again.userId));
    expect(await rollups(db, again.userId)).toEqual({ answers: [], domains: [], categories: [], brands: [] });
    expect(await rollups(db, other.userId)).toEqual(otherBefore);
  });

  // On PostgreSQL these transactions run side by side and add to the same roll-up rows.
  test("answers saved concurrently, as the pipeline saves them, add up exactly", { timeout: 120_000 }, async () => {
    const db = await api.db();
    const { userId, analysisIds, today } = await seededUser(db, 7);
    const slots = await db
      .insert(analysisAnswers)
      .values(Array.from({ length: 24 }, (_, index) => ({ analysisId: analysisIds[0], userId, questionIndex: 1000 + index, questionText: "Q", category: "comparison" as const, language: "en" as const, provider: "claude" })))
      .returning();
    await Promise.all(
      slots.map((slot, index) =>
        db.transaction(async (tx) => {
          const answeredAt = new Date();
          await tx.update(analysisAnswers).set({ status: "completed", answeredAt }).where(eq(analysisAnswers.id, slot.id));
          const row = { ...base({ ...slot, answeredAt }) };
          const names = index % 2 ? ["Acme", "Rival", "Zeta"] : ["Zeta", "Rival", "Acme"];
          await tx.insert(answerMentions).values(names.map((name, position) => ({ ...row, name, isBrand: name === "Acme", tracked: true, position: position + 1, count: 1, sentiment: "neutral" as const })));
          const domains = index % 2 ? DOMAINS : [...DOMAINS].reverse();
          await tx.insert(answerCitations).values(domains.map((domain, position) => ({ ...row, position, url: `https://${domain ?? "192.0.2.1"}/`, title: null, domain })));
        }),
      ),
    );
    await expectRollupsExact(db, userId, today);
  });

  // A database at 0018 with answers, then migrated: migration 0019 fills the roll-ups from the rows.
  test("the migration backfills the roll-ups of existing answers (PGlite)", { timeout: 120_000 }, () => backfill("pglite"));
  test.runIf(inject("databaseUrl"))("the migration backfills the roll-ups of existing answers (PostgreSQL)", { timeout: 120_000 }, () => backfill("postgres"));
});

async function backfill(driver: "pglite" | "postgres") {
  const folder = path.resolve("server/db/migrations");
  const before = await fs.mkdtemp(path.join(os.tmpdir(), "sightline-migrations-"));
  await fs.cp(folder, before, { recursive: true });
  const journal = JSON.parse(await fs.readFile(path.join(before, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < "0019");
  await fs.writeFile(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
  const scratch = driver === "postgres" ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, "sightline_rollup") : undefined;
  const pool = scratch ? new pg.Pool({ connectionString: scratch.url, max: 1 }) : undefined;
  const pglite = scratch ? undefined : await PGlite.create();
  try {
    const db = (pool ? drizzlePg(pool) : drizzlePglite(pglite!)) as unknown as Executor;
    const migrate = (migrationsFolder: string) => (pool ? migratePg(db as never, { migrationsFolder }) : migratePglite(db as never, { migrationsFolder }));
    await migrate(before);
    const { userId, rand, today } = await seededUser(db, 6);
    await migrate(folder);
    const filled = await rollups(db, userId);
    expect(filled.answers.length).toBeGreaterThan(0);
    expect(filled.domains.length).toBeGreaterThan(0);
    expect(filled.categories.length).toBeGreaterThan(0);
    expect(filled.brands.length).toBeGreaterThan(0);
    await expectRollupsExact(db, userId, today);
    await expectFiguresExact(db, userId, rand, today);
  } finally {
    await pool?.end();
    await pglite?.close();
    await scratch?.drop();
    await fs.rm(before, { recursive: true, force: true });
  }
}

import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../../server/db/client";
import { analyses, analysisAnswers, answerCitations, answerMentions, answerSearchQueries, jobWorkers } from "../../server/db/schema";
import { runAnswerJob } from "../../server/seo-llm/pipeline";
import { sweepAnswers } from "../../server/seo-llm/sweep";
import { RIVALS } from "../helpers/profiles";
import { json, refusal, useApi, withEnv } from "../helpers/api";

// Set before the runtime starts: its workers are built from the configured providers.
beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined });
});
const api = useApi({ jobs: "work" });

const PROFILE = {
  BrandName: "Acme Analytics",
  MarketLanguage: "fr",
  Country: "FR",
  Keywords: ["analyse d'audience", "tableau de bord SEO"],
  Competitors: RIVALS,
};

/** The clients of the analyses and what decides them, for one user. */
function clientsOf(token: string) {
  return { analyses: api.client("analyses", { token }), quota: api.client("quota", { token }), questions: api.client("questions", { token }) };
}

async function userWithProfile(plan?: "pro") {
  const session = await api.signInOnPlan(plan ?? "free");
  const token = session.access_token;
  await json(await api.client("seoProfile", { token }).index.$patch({ json: PROFILE }), 200);
  return { token, userId: session.user.id, ...clientsOf(token) };
}

/** Launches an analysis of every question and asserts it is queued. */
async function launch(analyses: ReturnType<typeof clientsOf>["analyses"]) {
  return json(await analyses.index.$post({ json: {} }), 201);
}

const settled = (token: string, id: string) => api.settledAnalysis(token, id);

describe("analyses with the demo provider", () => {
  test("launch → pending → completed, every answer stored and analysed", async () => {
    const { token, analyses } = await userWithProfile();
    const created = await launch(analyses);
    expect(created).toMatchObject({ status: "pending", providers: ["demo"], simulated: true, brand_name: "Acme Analytics", market_language: "fr" });
    // Free plan: its 4 system questions (of 5, one left for the user's own) × 1 provider.
    expect(created.progress).toEqual({ total: 4, completed: 0, failed: 0, pending: 4 });

    const done = await settled(token, created.id);
    expect(done.status).toBe("completed");
    expect(done.progress).toEqual({ total: 4, completed: 4, failed: 0, pending: 0 });
    expect(done.answers).toHaveLength(4);
    for (const answer of done.answers!) {
      expect(answer).toMatchObject({ provider: "demo", status: "completed", language: "fr", error: null });
      expect(answer.answer_text?.length).toBeGreaterThan(50);
      expect(answer.citations.length).toBeGreaterThan(0);
      expect(answer.search_queries.length).toBeGreaterThan(0);
      expect(typeof answer.brand.mentioned).toBe("boolean");
      if (answer.brand.mentioned) {
        expect(answer.brand.position).toBeGreaterThanOrEqual(1);
        expect(answer.mentions.find((m) => m.is_brand)?.position).toBe(answer.brand.position);
      }
    }
    const mentioned = done.answers!.filter((a) => a.brand.mentioned).length;
    expect(done.summary.answers).toBe(4);
    expect(done.summary.mentioned).toBe(mentioned);
    expect(done.summary.visibility).toBe(Math.round((mentioned / 4) * 1000) / 10);
    expect(done.by_provider.map((row) => row.provider)).toEqual(["demo"]);

    const latest = await json(await analyses.latest.$get(), 200);
    expect(latest.id).toBe(created.id);
    expect(latest.answers).toBeUndefined();

    const list = await json(await analyses.index.$get({ query: { limit: "5" } }), 200);
    expect(list).toMatchObject({ total: 1, limit: 5, offset: 0 });
    expect(list.analyses[0]).toMatchObject({ id: created.id, status: "completed" });

    const stats = await json(await analyses.stats.$get({ query: {} }), 200);
    expect(stats.summary).toEqual(done.summary);
    expect(stats.analyses).toBe(1);
    expect(stats.trend).toHaveLength(1);
    expect(stats.trend[0]).toMatchObject({ answers: 4, visibility: done.summary.visibility });
  });

  test("the plan's daily limit: 429 with 'daily limit' and retry-after, and /quota/check says when", async () => {
    const { token, analyses, quota } = await userWithProfile();
    const first = await launch(analyses);
    await settled(token, first.id);
    const second = await analyses.index.$post({ json: {} });
    const refused = await json(second, 429);
    expect(refused.code).toBe("daily_limit");
    expect(refused.message).toContain("daily limit");
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    const check = await json(await quota.check.$post(), 200);
    expect(check).toMatchObject({ can_analyze: false, reason: "daily_limit", upgrade_required: true, analyses_today: 1 });
    expect(Date.parse(check.next_allowed_at ?? "")).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  test("one run at a time: a second launch while one runs is 409", async () => {
    const { token, userId, analyses, quota } = await userWithProfile("pro");
    const db = await api.db();
    const first = await analyses.index.$post({ json: {} });
    // Hold it open: mark its answers as taken by a worker that has not finished.
    await db.update(analysisAnswers).set({ status: "processing" }).where(eq(analysisAnswers.userId, userId));
    const check = await json(await quota.check.$post(), 200);
    if (check.reason === "analysis_in_progress") {
      const second = await analyses.index.$post({ json: {} });
      expect((await json(second, 409)).code).toBe("analysis_in_progress");
    } else {
      // The demo answered before the update: the run is over, so the next launch is allowed.
      expect((await settled(token, (await json(first, 201)).id)).status).toBe("completed");
    }
  });

  test("a job delivered twice fills its answer once", async () => {
    const { token, userId, analyses } = await userWithProfile();
    const created = await launch(analyses);
    await settled(token, created.id);
    const db = await api.db();
    const [answer] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    const before = await db.select().from(answerMentions).where(eq(answerMentions.answerId, answer.id));
    expect(await runAnswerJob(db, answer.id)).toEqual({ skipped: true });
    const [after] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.id, answer.id));
    expect(after).toEqual(answer);
    expect(await db.select().from(answerMentions).where(eq(answerMentions.answerId, answer.id))).toEqual(before);
  });

  test("a worker that died mid-answer: its job's next delivery answers once; no other takes a slot a live worker holds", async () => {
    const { token, userId, analyses } = await userWithProfile();
    const created = await launch(analyses);
    await settled(token, created.id);
    const db = await api.db();
    // Put one answer back to where a crash would leave it: claimed, never filled.
    const [answer] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    // The crash rolled back the answer's transaction: none of its rows exist.
    await db.delete(answerMentions).where(eq(answerMentions.answerId, answer.id));
    await db.delete(answerCitations).where(eq(answerCitations.answerId, answer.id));
    await db.delete(answerSearchQueries).where(eq(answerSearchQueries.answerId, answer.id));
    // Held by a worker that is alive (it beat just now).
    const holder = crypto.randomUUID();
    await db.insert(jobWorkers).values({ id: holder, host: "elsewhere.example", pid: 1, staleAfterMs: 60_000 });
    await db
      .update(analysisAnswers)
      .set({ status: "processing", claimedBy: holder, answerText: null, brandMentioned: null, brandPosition: null, brandSentiment: null })
      .where(eq(analysisAnswers.id, answer.id));
    // A delivery of any other job leaves it alone; the next delivery of its own job takes it over.
    expect(await runAnswerJob(db, answer.id, { jobId: crypto.randomUUID() })).toEqual({ skipped: true });
    const result = await runAnswerJob(db, answer.id, { jobId: answer.jobId! });
    await db.delete(jobWorkers).where(eq(jobWorkers.id, holder));
    expect(result).toEqual({ skipped: false, ok: true });
    const [filled] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.id, answer.id));
    expect(filled.status).toBe("completed");
    expect(filled.answerText).toBe(answer.answerText);
    expect(filled.attempts).toBe(answer.attempts + 1);
  });

  test("no profile or no question: 400 with a code; bad bodies: 400", async () => {
    const bare = await api.signIn();
    // No body at all: the route's body is optional, which the client's types cannot say.
    const noProfile = await api.raw("POST", "/seo-llm/analyses", { token: bare.access_token });
    expect(refusal(noProfile, 400).code).toBe("no_profile");

    const { token, analyses, questions } = await userWithProfile();
    for (const q of (await json(await questions.index.$get({ query: {} }), 200)).questions) {
      await questions[":id"].$delete({ param: { id: q.id } });
    }
    const noQuestions = await analyses.index.$post({ json: {} });
    expect((await json(noQuestions, 400)).code).toBe("no_questions");

    for (const question_limit of [0, 10_000]) {
      expect((await analyses.index.$post({ json: { question_limit } })).status, String(question_limit)).toBe(400);
    }
    // A limit of the wrong type, and text that is not JSON.
    for (const body of [{ question_limit: "ten" }, "[1"]) {
      const res = await api.raw("POST", "/seo-llm/analyses", { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await analyses.index.$get({ query: { limit: "0" } })).status).toBe(400);
    expect((await analyses.stats.$get({ query: { startDate: "2026-13-01" } })).status).toBe(400);
    expect((await analyses.stats.$get({ query: { startDate: "2026-02-01", endDate: "2026-01-01" } })).status).toBe(400);
    expect((await analyses[":id"].$get({ param: { id: "nope" } })).status).toBe(400);
  });

  test("no user sees another user's analyses", async () => {
    const alice = await userWithProfile();
    const created = await launch(alice.analyses);
    await settled(alice.token, created.id);
    const bob = (await userWithProfile()).analyses;
    expect((await bob[":id"].$get({ param: { id: created.id } })).status).toBe(404);
    expect((await bob.latest.$get()).status).toBe(404);
    expect((await json(await bob.index.$get({ query: {} }), 200)).total).toBe(0);
    expect((await json(await bob.stats.$get({ query: {} }), 200)).summary.answers).toBe(0);
  });

  test("question_limit keeps every category represented", async () => {
    const { token, analyses } = await userWithProfile("pro");
    const created = await json(await analyses.index.$post({ json: { question_limit: 5 } }), 201);
    const done = await settled(token, created.id);
    expect(new Set(done.answers!.map((a) => a.category))).toEqual(
      new Set(["selection", "understanding", "benefits", "comparison", "quality"]),
    );
  });

  test("a redelivered job closes an analysis whose last worker died before closing it", async () => {
    const { token, userId, analyses: client, quota } = await userWithProfile();
    const created = await launch(client);
    await settled(token, created.id);
    const db = await api.db();
    await db.update(analyses).set({ status: "processing", completedAt: null }).where(eq(analyses.id, created.id));
    const [answer] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    expect(await runAnswerJob(db, answer.id)).toEqual({ skipped: true });
    expect((await json(await client[":id"].$get({ param: { id: created.id } }), 200)).status).toBe("completed");
    expect((await json(await quota.check.$post(), 200)).reason).not.toBe("analysis_in_progress");
  });

  test("the sweep hands a dead worker's answer and job back to the queue, and a live worker answers it", async () => {
    const { token, userId, analyses: client } = await userWithProfile();
    const created = await launch(client);
    await settled(token, created.id);
    const db = await api.db();
    const [answer] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    // A worker on another host took the job and the slot, then stopped beating an hour ago.
    const dead = crypto.randomUUID();
    await db.insert(jobWorkers).values({ id: dead, host: "gone.example", pid: 1, beatAt: new Date(Date.now() - 3600_000), staleAfterMs: 30_000 });
    await db.execute(sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute', completed_on = null where id = ${answer.jobId}`);
    await unanswer(db, answer.id);
    await db.update(analysisAnswers).set({ status: "processing", claimedBy: dead, claimedAt: new Date() }).where(eq(analysisAnswers.id, answer.id));
    // Reopened last: a sweep running in between (any worker's, at its heartbeat) finds it consistent.
    await db.update(analyses).set({ status: "processing", completedAt: null }).where(eq(analyses.id, created.id));

    // A worker's own sweep may get there first: either way, the end is the same.
    await sweepAnswers(db, { deadWorkers: [dead], staleMs: 30_000, lostAfterMs: 60_000 });
    const done = await settled(token, created.id);
    expect(done.status).toBe("completed");
    const [again] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.id, answer.id));
    expect(again).toMatchObject({ status: "completed", attempts: answer.attempts + 1 });
    expect(again.claimedBy).not.toBe(dead);
    expect(again.claimedBy).not.toBeNull();
  });

  test("the sweep fails the open answers of an analysis past its deadline, and closes it", async () => {
    const { token, userId, analyses: client, quota } = await userWithProfile();
    const created = await launch(client);
    expect(Date.parse(created.deadline_at ?? "")).toBeGreaterThan(Date.now());
    await settled(token, created.id);
    const db = await api.db();
    const [taken, waiting] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(2);
    await unanswer(db, taken.id);
    await db.update(analysisAnswers).set({ status: "processing" }).where(eq(analysisAnswers.id, taken.id));
    await unanswer(db, waiting.id);
    await db.update(analysisAnswers).set({ status: "pending" }).where(eq(analysisAnswers.id, waiting.id));
    // Reopened last, past its deadline: any sweep from here on fails both.
    await db.update(analyses).set({ status: "processing", completedAt: null, deadlineAt: new Date(Date.now() - 1000) }).where(eq(analyses.id, created.id));

    await sweepAnswers(db, { deadWorkers: [], staleMs: 30_000, lostAfterMs: 60_000 });
    const done = await json(await client[":id"].$get({ param: { id: created.id } }), 200);
    expect(done.status).toBe("partial");
    const byId = new Map(done.answers!.map((a) => [a.id, a]));
    expect(byId.get(taken.id)).toMatchObject({ status: "failed", error: { code: "deadline" } });
    expect(byId.get(waiting.id)).toMatchObject({ status: "failed", error: { code: "deadline" } });
    expect((await json(await quota.check.$post(), 200)).reason).not.toBe("analysis_in_progress");
  });

  test("the sweep fails an answer whose job is gone for good, and closes its analysis", async () => {
    const { token, userId, analyses: client } = await userWithProfile();
    const created = await launch(client);
    await settled(token, created.id);
    const db = await api.db();
    const [orphan] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    // Its job completed long ago (as if the process died between the commit and the enqueue, and
    // pg-boss never had a live job for it).
    await unanswer(db, orphan.id);
    await db.update(analysisAnswers).set({ status: "pending", createdAt: new Date(Date.now() - 3600_000) }).where(eq(analysisAnswers.id, orphan.id));
    await db.update(analyses).set({ status: "processing", completedAt: null }).where(eq(analyses.id, created.id));

    await sweepAnswers(db, { deadWorkers: [], staleMs: 30_000, lostAfterMs: 60_000 });
    const done = await json(await client[":id"].$get({ param: { id: created.id } }), 200);
    expect(done.status).toBe("partial");
    expect(done.answers!.find((a) => a.id === orphan.id)).toMatchObject({ status: "failed", error: { code: "lost" } });
  });

  test("when the daily and the monthly limits both block, the wait is the later one", async () => {
    const { userId, quota } = await userWithProfile();
    const db = await api.db();
    const snapshot = { brand_name: "Acme", aliases: [], website_url: null, competitors: [], market_language: "en" as const, country: null, keywords: ["crm"] };
    const at = (msAgo: number) => ({ userId, status: "completed" as const, questionLimit: 1, providers: ["demo"], profile: snapshot, createdAt: new Date(Date.now() - msAgo) });
    // Free plan: 1 a day, 10 a month. The month frees up in about 2.4 h, the day in about 23 h.
    await db.insert(analyses).values([...Array.from({ length: 9 }, () => at(29.9 * 86_400_000)), at(3600_000)]);
    const check = await json(await quota.check.$post(), 200);
    expect(check.reason).toBe("daily_limit");
    const wait = Date.parse(check.next_allowed_at ?? "") - Date.now();
    expect(wait).toBeGreaterThan(22.9 * 3600_000);
    expect(wait).toBeLessThan(23.1 * 3600_000);
  });
});

/** Undoes an answer as a crash before its commit would have: no text, no rows of its own. */
async function unanswer(db: Database, answerId: string) {
  await db.delete(answerMentions).where(eq(answerMentions.answerId, answerId));
  await db.delete(answerCitations).where(eq(answerCitations.answerId, answerId));
  await db.delete(answerSearchQueries).where(eq(answerSearchQueries.answerId, answerId));
  await db.update(analysisAnswers).set({ answerText: null, brandMentioned: null, brandPosition: null, brandSentiment: null }).where(eq(analysisAnswers.id, answerId));
}

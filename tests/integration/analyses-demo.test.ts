import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../../server/db/client";
import { analyses, analysisAnswers, answerCitations, answerMentions, answerSearchQueries, jobWorkers, subscriptions } from "../../server/db/schema";
import { runAnswerJob } from "../../server/seo-llm/pipeline";
import { sweepAnswers } from "../../server/seo-llm/sweep";
import { type ApiResponse, useApi, withEnv } from "../helpers/api";

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
  Competitors: [
    { Name: "Rival", Domain: "rival.example" },
    { Name: "Contoso", Domain: "contoso.example" },
  ],
};

async function userWithProfile(plan?: "pro") {
  const session = await api.signIn();
  if (plan) {
    const db = await api.db();
    await db.insert(subscriptions).values({ userId: session.user.id, planId: plan, status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
  }
  const res = await api.request("PATCH", "/user/seo-profile", { token: session.access_token, body: PROFILE });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: session.access_token, userId: session.user.id };
}

/** Polls the analysis the way the screen does, until it leaves pending/processing. */
async function settled(token: string, id: string): Promise<ApiResponse> {
  for (let i = 0; i < 200; i++) {
    const res = await api.request("GET", `/seo-llm/analyses/${id}`, { token });
    if (!["pending", "processing"].includes(res.body.status)) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the analysis did not finish");
}

describe("analyses with the demo provider", () => {
  test("launch → pending → completed, every answer stored and analysed", async () => {
    const { token } = await userWithProfile();
    const created = await api.request("POST", "/seo-llm/analyses", { token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: "pending", providers: ["demo"], simulated: true, brand_name: "Acme Analytics", market_language: "fr" });
    // Free plan: its 5 system questions × 1 provider.
    expect(created.body.progress).toEqual({ total: 5, completed: 0, failed: 0, pending: 5 });

    const done = await settled(token, created.body.id);
    expect(done.body.status).toBe("completed");
    expect(done.body.progress).toEqual({ total: 5, completed: 5, failed: 0, pending: 0 });
    expect(done.body.answers).toHaveLength(5);
    for (const answer of done.body.answers) {
      expect(answer).toMatchObject({ provider: "demo", status: "completed", language: "fr", error: null });
      expect(answer.answer_text.length).toBeGreaterThan(50);
      expect(answer.citations.length).toBeGreaterThan(0);
      expect(answer.search_queries.length).toBeGreaterThan(0);
      expect(typeof answer.brand.mentioned).toBe("boolean");
      if (answer.brand.mentioned) {
        expect(answer.brand.position).toBeGreaterThanOrEqual(1);
        expect(answer.mentions.find((m: { is_brand: boolean }) => m.is_brand)?.position).toBe(answer.brand.position);
      }
    }
    const mentioned = done.body.answers.filter((a: { brand: { mentioned: boolean } }) => a.brand.mentioned).length;
    expect(done.body.summary.answers).toBe(5);
    expect(done.body.summary.mentioned).toBe(mentioned);
    expect(done.body.summary.visibility).toBe(Math.round((mentioned / 5) * 1000) / 10);
    expect(done.body.by_provider.map((row: { provider: string }) => row.provider)).toEqual(["demo"]);

    const latest = await api.request("GET", "/seo-llm/analyses/latest", { token });
    expect(latest.status).toBe(200);
    expect(latest.body.id).toBe(created.body.id);
    expect(latest.body.answers).toBeUndefined();

    const list = await api.request("GET", "/seo-llm/analyses?limit=5", { token });
    expect(list.body).toMatchObject({ total: 1, limit: 5, offset: 0 });
    expect(list.body.analyses[0]).toMatchObject({ id: created.body.id, status: "completed" });

    const stats = await api.request("GET", "/seo-llm/analyses/stats", { token });
    expect(stats.status).toBe(200);
    expect(stats.body.summary).toEqual(done.body.summary);
    expect(stats.body.analyses).toBe(1);
    expect(stats.body.trend).toHaveLength(1);
    expect(stats.body.trend[0]).toMatchObject({ answers: 5, visibility: done.body.summary.visibility });
  });

  test("the plan's daily limit: 429 with 'daily limit' and retry-after, and /quota/check says when", async () => {
    const { token } = await userWithProfile();
    const first = await api.request("POST", "/seo-llm/analyses", { token });
    await settled(token, first.body.id);
    const second = await api.request("POST", "/seo-llm/analyses", { token });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe("daily_limit");
    expect(second.body.message).toContain("daily limit");
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    const check = await api.request("POST", "/quota/check", { token });
    expect(check.body).toMatchObject({ can_analyze: false, reason: "daily_limit", upgrade_required: true, analyses_today: 1 });
    expect(Date.parse(check.body.next_allowed_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  test("one run at a time: a second launch while one runs is 409", async () => {
    const { token, userId } = await userWithProfile("pro");
    const db = await api.db();
    const first = await api.request("POST", "/seo-llm/analyses", { token });
    // Hold it open: mark its answers as taken by a worker that has not finished.
    await db.update(analysisAnswers).set({ status: "processing" }).where(eq(analysisAnswers.userId, userId));
    const check = await api.request("POST", "/quota/check", { token });
    if (check.body.reason === "analysis_in_progress") {
      const second = await api.request("POST", "/seo-llm/analyses", { token });
      expect(second.status).toBe(409);
      expect(second.body.code).toBe("analysis_in_progress");
    } else {
      // The demo answered before the update: the run is over, so the next launch is allowed.
      expect((await settled(token, first.body.id)).body.status).toBe("completed");
    }
  });

  test("a job delivered twice fills its answer once", async () => {
    const { token, userId } = await userWithProfile();
    const created = await api.request("POST", "/seo-llm/analyses", { token });
    await settled(token, created.body.id);
    const db = await api.db();
    const [answer] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    const before = await db.select().from(answerMentions).where(eq(answerMentions.answerId, answer.id));
    expect(await runAnswerJob(db, answer.id)).toEqual({ skipped: true });
    const [after] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.id, answer.id));
    expect(after).toEqual(answer);
    expect(await db.select().from(answerMentions).where(eq(answerMentions.answerId, answer.id))).toEqual(before);
  });

  test("a worker that died mid-answer: its job's next delivery answers once; no other takes a slot a live worker holds", async () => {
    const { token, userId } = await userWithProfile();
    const created = await api.request("POST", "/seo-llm/analyses", { token });
    await settled(token, created.body.id);
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
    const noProfile = await api.request("POST", "/seo-llm/analyses", { token: bare.access_token });
    expect(noProfile.status).toBe(400);
    expect(noProfile.body.code).toBe("no_profile");

    const { token } = await userWithProfile();
    for (const q of (await api.request("GET", "/user-questions", { token })).body.questions) {
      await api.request("DELETE", `/user-questions/${q.id}`, { token });
    }
    const noQuestions = await api.request("POST", "/seo-llm/analyses", { token });
    expect(noQuestions.status).toBe(400);
    expect(noQuestions.body.code).toBe("no_questions");

    for (const body of [{ question_limit: 0 }, { question_limit: "ten" }, { question_limit: 10_000 }, "[1"]) {
      const res = await api.request("POST", "/seo-llm/analyses", { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.request("GET", "/seo-llm/analyses?limit=0", { token })).status).toBe(400);
    expect((await api.request("GET", "/seo-llm/analyses/stats?startDate=2026-13-01", { token })).status).toBe(400);
    expect((await api.request("GET", "/seo-llm/analyses/stats?startDate=2026-02-01&endDate=2026-01-01", { token })).status).toBe(400);
    expect((await api.request("GET", "/seo-llm/analyses/nope", { token })).status).toBe(400);
  });

  test("no user sees another user's analyses", async () => {
    const alice = await userWithProfile();
    const created = await api.request("POST", "/seo-llm/analyses", { token: alice.token });
    await settled(alice.token, created.body.id);
    const bob = await userWithProfile();
    expect((await api.request("GET", `/seo-llm/analyses/${created.body.id}`, { token: bob.token })).status).toBe(404);
    expect((await api.request("GET", "/seo-llm/analyses/latest", { token: bob.token })).status).toBe(404);
    expect((await api.request("GET", "/seo-llm/analyses", { token: bob.token })).body.total).toBe(0);
    expect((await api.request("GET", "/seo-llm/analyses/stats", { token: bob.token })).body.summary.answers).toBe(0);
  });

  test("question_limit keeps every category represented", async () => {
    const { token } = await userWithProfile("pro");
    const created = await api.request("POST", "/seo-llm/analyses", { token, body: { question_limit: 5 } });
    expect(created.status).toBe(201);
    const done = await settled(token, created.body.id);
    expect(new Set(done.body.answers.map((a: { category: string }) => a.category))).toEqual(
      new Set(["selection", "understanding", "benefits", "comparison", "quality"]),
    );
  });

  test("a redelivered job closes an analysis whose last worker died before closing it", async () => {
    const { token, userId } = await userWithProfile();
    const created = await api.request("POST", "/seo-llm/analyses", { token });
    await settled(token, created.body.id);
    const db = await api.db();
    await db.update(analyses).set({ status: "processing", completedAt: null }).where(eq(analyses.id, created.body.id));
    const [answer] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    expect(await runAnswerJob(db, answer.id)).toEqual({ skipped: true });
    expect((await api.request("GET", `/seo-llm/analyses/${created.body.id}`, { token })).body.status).toBe("completed");
    expect((await api.request("POST", "/quota/check", { token })).body.reason).not.toBe("analysis_in_progress");
  });

  test("the sweep hands a dead worker's answer and job back to the queue, and a live worker answers it", async () => {
    const { token, userId } = await userWithProfile();
    const created = await api.request("POST", "/seo-llm/analyses", { token });
    await settled(token, created.body.id);
    const db = await api.db();
    const [answer] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    // A worker on another host took the job and the slot, then stopped beating an hour ago.
    const dead = crypto.randomUUID();
    await db.insert(jobWorkers).values({ id: dead, host: "gone.example", pid: 1, beatAt: new Date(Date.now() - 3600_000), staleAfterMs: 30_000 });
    await db.execute(sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute', completed_on = null where id = ${answer.jobId}`);
    await unanswer(db, answer.id);
    await db.update(analysisAnswers).set({ status: "processing", claimedBy: dead, claimedAt: new Date() }).where(eq(analysisAnswers.id, answer.id));
    // Reopened last: a sweep running in between (any worker's, at its heartbeat) finds it consistent.
    await db.update(analyses).set({ status: "processing", completedAt: null }).where(eq(analyses.id, created.body.id));

    // A worker's own sweep may get there first: either way, the end is the same.
    await sweepAnswers(db, { deadWorkers: [dead], staleMs: 30_000, lostAfterMs: 60_000 });
    const done = await settled(token, created.body.id);
    expect(done.body.status).toBe("completed");
    const [again] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.id, answer.id));
    expect(again).toMatchObject({ status: "completed", attempts: answer.attempts + 1 });
    expect(again.claimedBy).not.toBe(dead);
    expect(again.claimedBy).not.toBeNull();
  });

  test("the sweep fails the open answers of an analysis past its deadline, and closes it", async () => {
    const { token, userId } = await userWithProfile();
    const created = await api.request("POST", "/seo-llm/analyses", { token });
    expect(Date.parse(created.body.deadline_at)).toBeGreaterThan(Date.now());
    await settled(token, created.body.id);
    const db = await api.db();
    const [taken, waiting] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(2);
    await unanswer(db, taken.id);
    await db.update(analysisAnswers).set({ status: "processing" }).where(eq(analysisAnswers.id, taken.id));
    await unanswer(db, waiting.id);
    await db.update(analysisAnswers).set({ status: "pending" }).where(eq(analysisAnswers.id, waiting.id));
    // Reopened last, past its deadline: any sweep from here on fails both.
    await db.update(analyses).set({ status: "processing", completedAt: null, deadlineAt: new Date(Date.now() - 1000) }).where(eq(analyses.id, created.body.id));

    await sweepAnswers(db, { deadWorkers: [], staleMs: 30_000, lostAfterMs: 60_000 });
    const done = await api.request("GET", `/seo-llm/analyses/${created.body.id}`, { token });
    expect(done.body.status).toBe("partial");
    const byId = new Map(done.body.answers.map((a: { id: string }) => [a.id, a]));
    expect(byId.get(taken.id)).toMatchObject({ status: "failed", error: { code: "deadline" } });
    expect(byId.get(waiting.id)).toMatchObject({ status: "failed", error: { code: "deadline" } });
    expect((await api.request("POST", "/quota/check", { token })).body.reason).not.toBe("analysis_in_progress");
  });

  test("the sweep fails an answer whose job is gone for good, and closes its analysis", async () => {
    const { token, userId } = await userWithProfile();
    const created = await api.request("POST", "/seo-llm/analyses", { token });
    await settled(token, created.body.id);
    const db = await api.db();
    const [orphan] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.userId, userId)).limit(1);
    // Its job completed long ago (as if the process died between the commit and the enqueue, and
    // pg-boss never had a live job for it).
    await unanswer(db, orphan.id);
    await db.update(analysisAnswers).set({ status: "pending", createdAt: new Date(Date.now() - 3600_000) }).where(eq(analysisAnswers.id, orphan.id));
    await db.update(analyses).set({ status: "processing", completedAt: null }).where(eq(analyses.id, created.body.id));

    await sweepAnswers(db, { deadWorkers: [], staleMs: 30_000, lostAfterMs: 60_000 });
    const done = await api.request("GET", `/seo-llm/analyses/${created.body.id}`, { token });
    expect(done.body.status).toBe("partial");
    expect(done.body.answers.find((a: { id: string }) => a.id === orphan.id)).toMatchObject({ status: "failed", error: { code: "lost" } });
  });

  test("when the daily and the monthly limits both block, the wait is the later one", async () => {
    const { token, userId } = await userWithProfile();
    const db = await api.db();
    const snapshot = { brand_name: "Acme", aliases: [], website_url: null, competitors: [], market_language: "en" as const, country: null, keywords: ["crm"] };
    const at = (msAgo: number) => ({ userId, status: "completed" as const, questionLimit: 1, providers: ["demo"], profile: snapshot, createdAt: new Date(Date.now() - msAgo) });
    // Free plan: 1 a day, 10 a month. The month frees up in about 2.4 h, the day in about 23 h.
    await db.insert(analyses).values([...Array.from({ length: 9 }, () => at(29.9 * 86_400_000)), at(3600_000)]);
    const check = await api.request("POST", "/quota/check", { token });
    expect(check.body.reason).toBe("daily_limit");
    const wait = Date.parse(check.body.next_allowed_at) - Date.now();
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

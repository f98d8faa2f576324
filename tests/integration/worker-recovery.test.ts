import os from "node:os";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { analysisAnswers, answerCitations, jobWorkers } from "../../server/db/schema";
import { chatCompletion, createFakeAi, type FakeAi, type FakeAiReply } from "../fakes/ai";
import { json, useApi, withEnv } from "../helpers/api";
import { startWorkerProcess, type WorkerProcess } from "../helpers/worker-process";

/**
 * Issue 10, slow recovery: real worker processes on PostgreSQL, one killed with SIGKILL mid-answer.
 * The workers are child processes on this run's database; this process only serves the API
 * (jobs: "send"). They ask `openai-compatible`, a provider no other test file configures, so the
 * other files' workers (on the same database) never take these jobs. PGlite is one process by
 * nature: nothing to kill there.
 */
const databaseUrl = inject("databaseUrl");

/** What this process (launching, computing deadlines) and its workers share; AI_TIMEOUT_MS is per test. */
const TIMING = {
  SEO_LLM_ENABLED_PROVIDERS: "openai-compatible",
  OPENAI_COMPATIBLE_API_KEY: "sk-test-compatible",
  AI_CONCURRENCY: "2",
  AI_MAX_ATTEMPTS: "4",
  AI_MAX_RETRY_AFTER_MS: "5000",
  WORKER_HEARTBEAT_MS: "500",
  // Four beats' slack: on a loaded CI machine a process can stall for seconds without being dead.
  WORKER_STALE_MS: "4000",
};
/** Long enough that calls hanging until the kill do not time out first. */
const PATIENT = { AI_TIMEOUT_MS: "30000" };

/** Set per test: how the provider answers a request (its body as JSON). */
let reply: (body: string) => FakeAiReply = () => ({ json: chatCompletion() });

describe.runIf(databaseUrl)("worker processes on PostgreSQL", () => {
  let fake: FakeAi;
  let undoEnv: () => void;
  const workers: WorkerProcess[] = [];
  let timing: Record<string, string> = {};

  beforeAll(async () => {
    fake = await createFakeAi({ answers: { "openai-compatible": (request) => reply(JSON.stringify(request.body)) } });
    undoEnv = withEnv({ ...TIMING, ...PATIENT, OPENAI_COMPATIBLE_BASE_URL: `${fake.url}/v1` });
  });
  const api = useApi({ jobs: "send" });
  // A test that failed half-way leaves its workers running: none may take the next test's jobs.
  afterEach(async () => {
    for (const worker of workers) worker.child.kill("SIGKILL");
    await Promise.all(workers.splice(0).map((worker) => worker.exited));
  });
  afterAll(async () => {
    undoEnv?.();
    await fake?.close();
  });

  /** This process launches with `values` too: its deadline follows the workers' timing. */
  function setTiming(values: Record<string, string>) {
    timing = { ...TIMING, ...values, OPENAI_COMPATIBLE_BASE_URL: `${fake.url}/v1` };
    withEnv(timing);
  }

  const startWorker = async () => {
    const worker = await startWorkerProcess({ ...timing, DATABASE_URL: databaseUrl! });
    workers.push(worker);
    return worker;
  };

  /** A slow worker another took for dead is back at its next beat, hence the short wait. */
  async function workerId(worker: WorkerProcess) {
    return vi.waitFor(
      async () => {
        const [row] = await (await api.db())
          .select({ id: jobWorkers.id })
          .from(jobWorkers)
          .where(and(eq(jobWorkers.host, os.hostname()), eq(jobWorkers.pid, worker.pid)));
        if (!row) throw new Error(`worker ${worker.pid} is not registered:\n${worker.output()}`);
        return row.id;
      },
      { timeout: 5_000, interval: 100 },
    );
  }

  /** A pro user (several analyses a day) with a profile, hence its system questions. */
  async function user() {
    const session = await api.signInOnPlan("pro");
    const profile = await api.client("seoProfile", { token: session.access_token }).index.$patch({
      json: { BrandName: "Acme CRM", WebsiteURL: "acme.example", MarketLanguage: "en", Keywords: ["CRM"], Competitors: [{ Name: "Globex" }] },
    });
    await json(profile, 200);
    return session.access_token;
  }

  async function launch(token: string, questions: number) {
    const created = await json(await api.client("analyses", { token }).index.$post({ json: { question_limit: questions } }), 201);
    expect(created.progress.total).toBe(questions);
    expect(Date.parse(created.deadline_at ?? "")).toBeGreaterThan(Date.now());
    return created.id;
  }

  /** Polls until `check` returns something, as a screen would; fails naming `what` after `timeoutMs`. */
  async function waitFor<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${workers.map((worker) => worker.output()).join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const settled = (token: string, id: string) =>
    waitFor("the analysis to end", async () => {
      const analysis = await json(await api.client("analyses", { token })[":id"].$get({ param: { id } }), 200);
      return ["pending", "processing"].includes(analysis.status) ? undefined : analysis;
    });

  /** The answers `worker` is asking, once it asks AI_CONCURRENCY of them. */
  async function heldBy(analysisId: string, worker: string) {
    const db = await api.db();
    return waitFor("the worker to hold its answers", async () => {
      const rows = await db
        .select({ id: analysisAnswers.id })
        .from(analysisAnswers)
        .where(and(eq(analysisAnswers.analysisId, analysisId), eq(analysisAnswers.status, "processing"), eq(analysisAnswers.claimedBy, worker)));
      return rows.length === Number(TIMING.AI_CONCURRENCY) && rows.map((row) => row.id);
    });
  }

  /** Every answer in, each written once, and the ones the dead worker held asked again in time. */
  async function expectRecovered(token: string, analysisId: string, recovery: { held: string[]; by: string; killedAt: number }) {
    const done = await settled(token, analysisId);
    expect(done.status, JSON.stringify(done.answers!.map((answer) => answer.error))).toBe("completed");
    expect(done.progress).toMatchObject({ completed: done.progress.total, failed: 0, pending: 0 });
    expect(Date.parse(done.completed_at ?? "")).toBeLessThanOrEqual(Date.parse(done.deadline_at ?? ""));
    const db = await api.db();
    const rows = await db.select().from(analysisAnswers).where(inArray(analysisAnswers.id, recovery.held));
    for (const row of rows) {
      // The attempt the crash cut short counts; the live worker took the slot over.
      expect(row).toMatchObject({ status: "completed", claimedBy: recovery.by, attempts: 2 });
      // Recorded timestamps: asked again within 60 s of the kill.
      expect(row.claimedAt!.getTime() - recovery.killedAt).toBeLessThan(60_000);
    }
    // Written once: every answer has the same citations, none twice as many.
    const citations = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(answerCitations)
      .where(eq(answerCitations.analysisId, analysisId))
      .groupBy(answerCitations.answerId);
    expect(citations).toHaveLength(done.progress.total);
    expect(new Set(citations.map((row) => row.n)).size).toBe(1);
  }

  async function kill(worker: WorkerProcess) {
    worker.child.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await worker.exited).toBe("SIGKILL");
    return killedAt;
  }

  async function stopGracefully(worker: WorkerProcess, id: string) {
    worker.child.kill("SIGTERM");
    expect(await worker.exited, worker.output()).toBe(0);
    expect(await (await api.db()).select().from(jobWorkers).where(eq(jobWorkers.id, id))).toEqual([]);
  }

  /**
   * A worker holding `answers` answers of a fresh analysis: every provider call hangs until
   * `crash()` kills it, so it dies holding them; calls made after answer at once.
   */
  async function workerHolding(answers: number) {
    setTiming(PATIENT);
    let killed = false;
    reply = () => ({ json: chatCompletion(), delayMs: killed ? 100 : 600_000 });
    const worker = await startWorker();
    const id = await workerId(worker);
    const token = await user();
    const analysisId = await launch(token, answers);
    const held = await heldBy(analysisId, id);
    const crash = async () => {
      const killedAt = await kill(worker);
      killed = true;
      return killedAt;
    };
    return { id, token, analysisId, held, crash };
  }

  test("a worker killed mid-answer: a live worker takes its answers over once its heartbeat stops", { timeout: 180_000 }, async () => {
    // As many answers as the first worker takes at once: the second, started after, finds none.
    const { id: firstId, token, analysisId, held, crash } = await workerHolding(Number(TIMING.AI_CONCURRENCY));
    const second = await startWorker();
    const secondId = await workerId(second);

    const killedAt = await crash();
    await expectRecovered(token, analysisId, { held, by: secondId, killedAt });
    // The dead worker is forgotten; the live one stops gracefully and leaves nothing behind.
    expect(await (await api.db()).select().from(jobWorkers).where(eq(jobWorkers.id, firstId))).toEqual([]);
    await stopGracefully(second, secondId);
  });

  test("a worker restarting after a crash recovers what its predecessor held at once", { timeout: 180_000 }, async () => {
    const { token, analysisId, held, crash } = await workerHolding(5);

    const killedAt = await crash();
    const second = await startWorker();
    const secondId = await workerId(second);
    await expectRecovered(token, analysisId, { held, by: secondId, killedAt });
    await stopGracefully(second, secondId);
  });

  test("a provider that hangs costs one time-out per answer: the analysis ends partial within its deadline, and the next can start", { timeout: 120_000 }, async () => {
    setTiming({ AI_TIMEOUT_MS: "2000" });
    const token = await user();
    const analysisId = await launch(token, 2);
    const db = await api.db();
    const [answered, hanging] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.analysisId, analysisId)).orderBy(analysisAnswers.questionIndex);
    const hangingText = JSON.stringify(hanging.questionText).slice(1, -1);
    reply = (body) => ({ json: chatCompletion(), delayMs: body.includes(hangingText) ? 600_000 : 0 });
    const before = fake.requestsTo("openai-compatible").length;
    const worker = await startWorker();

    const done = await settled(token, analysisId);
    expect(done.status).toBe("partial");
    const byId = new Map(done.answers!.map((answer) => [answer.id, answer]));
    expect(byId.get(answered.id)).toMatchObject({ status: "completed" });
    // Asked once: a time-out is not retried, although AI_MAX_ATTEMPTS is 4.
    expect(byId.get(hanging.id)).toMatchObject({ status: "failed", attempts: 1, error: { code: "timeout" } });
    expect(fake.requestsTo("openai-compatible").length - before, worker.output()).toBe(2);
    expect(Date.parse(done.completed_at ?? "")).toBeLessThanOrEqual(Date.parse(done.deadline_at ?? ""));

    // No longer in progress: the user can launch again.
    const next = await launch(token, 2);
    expect((await settled(token, next)).status).toBe("partial");
    await stopGracefully(worker, await workerId(worker));
  });
});

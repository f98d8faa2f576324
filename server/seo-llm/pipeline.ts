import { and, eq, inArray, or, sql } from "drizzle-orm";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { analyses, analysisAnswers, answerCitations, answerMentions, answerSearchQueries } from "../db/schema";
import { pickAdvisor } from "../integrations/ai/advisor";
import { getProviders } from "../integrations/ai/registry";
import { type AiProvider, type AskProfile, ProviderError, type ProviderAnswer } from "../integrations/ai/types";
import { isLiveWorker } from "../jobs/liveness";
import { logger } from "../logger";
import { type Answer, type AnswerAnalysis, type AnswerProfile, analyzeAnswerDetailed, type DetailedAnalysis, ENGINE_VERSION, type MentionMethod, registrableDomain } from "./answer-analysis";
import { answerBudgetMs, backoffMs } from "./deadline";
import { askSecondOpinion } from "./second-opinion";

/**
 * One job answers one question with one provider. The answer row exists before the job (created
 * with the analysis), so the job's only write is to fill it: a job run twice (a worker died after
 * answering, pg-boss handed the job out again) finds the row done and stops.
 */

export const ANSWER_QUEUE_PREFIX = "seo-llm.answer.";
export const answerQueue = (provider: string) => `${ANSWER_QUEUE_PREFIX}${provider}`;

export type AnswerJob = { answerId: string };

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
const sleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export type AnswerOptions = {
  providers?: Map<string, AiProvider>;
  sleep?: Sleep;
  /** Aborted when the worker shuts down: the slot is left for the job's next delivery. */
  signal?: AbortSignal;
  /** The pg-boss job delivering the slot: a new delivery of the same job may take the slot over. */
  jobId?: string;
  /** The worker process (`job_workers.id`) claiming the slot, so the slot goes back if it dies. */
  workerId?: string;
  /** Who gives the second opinion on names that are also words; by default the first real assistant. */
  advisor?: AiProvider | null;
};

/** The worker is stopping: the job must be delivered again, so this is thrown, not recorded. */
export class WorkerStopping extends Error {
  constructor() {
    super("The worker stopped before the answer came back");
  }
}

export async function runAnswerJob(db: Database, answerId: string, options: AnswerOptions = {}) {
  const workerId = options.workerId ?? null;
  // A waiting slot, or one still marked taken by an earlier delivery of this very job (pg-boss
  // hands a job out again only once that delivery failed or expired) or by a worker that is dead.
  // Never one a live worker is answering for another job: that would pay the provider twice.
  const [claimed] = await db
    .update(analysisAnswers)
    .set({
      status: "processing",
      attempts: sql`${analysisAnswers.attempts} + 1`,
      claimedAt: sql`now()`,
      claimedBy: workerId,
      ...(options.jobId ? { jobId: options.jobId } : {}),
    })
    .where(
      and(
        eq(analysisAnswers.id, answerId),
        or(
          eq(analysisAnswers.status, "pending"),
          and(
            eq(analysisAnswers.status, "processing"),
            or(options.jobId ? eq(analysisAnswers.jobId, options.jobId) : undefined, sql`not ${isLiveWorker(analysisAnswers.claimedBy)}`),
          ),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    // Filled by an earlier delivery, which may have died before closing the analysis: close it now.
    const [slot] = await db.select({ analysisId: analysisAnswers.analysisId }).from(analysisAnswers).where(eq(analysisAnswers.id, answerId));
    if (slot) await finishIfDone(db, slot.analysisId);
    return { skipped: true as const };
  }

  const [analysis] = await db
    .update(analyses)
    .set({ status: sql`case when ${analyses.status} = 'pending' then 'processing' else ${analyses.status} end`, startedAt: sql`coalesce(${analyses.startedAt}, now())` })
    .where(eq(analyses.id, claimed.analysisId))
    .returning();
  if (!analysis) return { skipped: true as const };

  const providers = options.providers ?? getProviders();
  const provider = providers.get(claimed.provider);
  const started = Date.now();
  // The answer's own budget, cut short by its analysis's deadline: no call outlives the analysis.
  const deadline = analysis.deadlineAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const endsAt = Math.min(started + answerBudgetMs(getConfig()), deadline);
  const outcome: Outcome = !provider
    ? { ok: false, error: new ProviderError("rejected", `The provider ${claimed.provider} is no longer configured`), attempts: 0 }
    : endsAt <= started
      ? { ok: false, error: new ProviderError("timeout", "The analysis reached its deadline before this answer was asked"), attempts: 0 }
      : await askWithRetries(
          provider,
          { question: claimed.questionText, language: claimed.language, country: analysis.profile.country, profile: analysis.profile },
          { wait: options.sleep ?? sleep, stopping: options.signal, endsAt },
        );
  if (options.signal?.aborted) throw new WorkerStopping();
  const latencyMs = Date.now() - started;

  let failure = outcome.ok ? null : { code: outcome.error.kind === "timeout" && Date.now() >= deadline ? "deadline" : outcome.error.kind, message: outcome.error.message };
  if (outcome.ok) {
    try {
      const advisor = options.advisor === undefined ? pickAdvisor(providers.values()) : options.advisor;
      // The second opinion stops with the worker, and at the analysis's deadline.
      const stops = [options.signal, Number.isFinite(deadline) ? AbortSignal.timeout(Math.max(0, Math.floor(deadline - Date.now()))) : undefined];
      const stop = AbortSignal.any(stops.filter((signal): signal is AbortSignal => signal !== undefined));
      await saveAnswer(db, claimed, analysis.profile, outcome.answer, latencyMs, outcome.attempts, advisor, stop);
    } catch (error) {
      // A value the database refuses (a data or constraint error) will be refused again: asking the
      // provider once more would cost money for nothing. Anything else (the connection) is retried.
      if (!isPermanentDatabaseError(error)) throw error;
      failure = { code: "unstorable", message: error instanceof Error ? error.message : String(error) };
    }
  }
  if (failure) {
    await db
      .update(analysisAnswers)
      .set({
        status: "failed",
        attempts: sql`${analysisAnswers.attempts} - 1 + ${Math.max(1, outcome.attempts)}`,
        errorCode: failure.code,
        errorMessage: failure.message.slice(0, 1000),
        latencyMs,
        answeredAt: new Date(),
      })
      // Only while this process still holds the slot: once handed back (this worker was taken for
      // dead), another may be getting the answer, and a failure here must not overwrite it.
      .where(and(eq(analysisAnswers.id, claimed.id), eq(analysisAnswers.status, "processing"), sql`${analysisAnswers.claimedBy} is not distinct from ${workerId}`));
    logger.warn("seo_llm.answer_failed", { answerId: claimed.id, provider: claimed.provider, kind: failure.code, error: failure.message });
  }
  await finishIfDone(db, claimed.analysisId);
  return { skipped: false as const, ok: failure === null };
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation). */
function isPermanentDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === "string" && /^2[23]/.test(code);
}

type Outcome = { ok: true; answer: ProviderAnswer; attempts: number } | { ok: false; error: ProviderError; attempts: number };

export type AskOptions = {
  wait?: Sleep;
  /** The worker is stopping: give up at once. */
  stopping?: AbortSignal;
  /** Epoch ms no attempt or wait may run past (default: one answer budget from now). */
  endsAt?: number;
};

/**
 * Retries what can succeed soon (429, 5xx, unreadable bodies, a provider's own 408): after the
 * provider's retry-after when it sent one, else after an exponential back-off with jitter. A call
 * that ran out its AI_TIMEOUT_MS is not tried again: a provider that hangs would most likely hang
 * again, and each retry would cost the user another full wait.
 */
export async function askWithRetries(
  provider: AiProvider,
  input: { question: string; language: string; country: string | null; profile: AskProfile },
  options: AskOptions = {},
): Promise<Outcome> {
  const config = getConfig();
  const { wait = sleep, stopping } = options;
  const endsAt = options.endsAt ?? Date.now() + answerBudgetMs(config);
  let attempt = 0;
  for (;;) {
    attempt++;
    const timeout = AbortSignal.timeout(Math.max(1, Math.min(config.AI_TIMEOUT_MS, endsAt - Date.now())));
    try {
      const answer = await provider.ask({
        question: input.question,
        language: input.language,
        country: input.country,
        profile: input.profile,
        signal: stopping ? AbortSignal.any([timeout, stopping]) : timeout,
      });
      return { ok: true, answer, attempts: attempt };
    } catch (caught) {
      const error =
        caught instanceof ProviderError
          ? caught
          : new ProviderError("unavailable", caught instanceof Error ? caught.message : String(caught), { cause: caught });
      // Ours (the timer above, or the SDK's own at the same AI_TIMEOUT_MS) carries no HTTP status.
      const timedOut = timeout.aborted || (error.kind === "timeout" && error.status === null);
      if (timedOut || !error.retryable || attempt >= config.AI_MAX_ATTEMPTS || stopping?.aborted) return { ok: false, error, attempts: attempt };
      if (error.retryAfterMs !== null && error.retryAfterMs > config.AI_MAX_RETRY_AFTER_MS) {
        const seconds = Math.ceil(error.retryAfterMs / 1000);
        return { ok: false, error: new ProviderError(error.kind, `${error.message} (asked to wait ${seconds} s)`, { status: error.status, retryAfterMs: error.retryAfterMs }), attempts: attempt };
      }
      const pause = error.retryAfterMs ?? backoffMs(attempt);
      // The wait would use up the budget: no attempt could follow it.
      if (Date.now() + pause >= endsAt) return { ok: false, error, attempts: attempt };
      await wait(pause, stopping);
    }
  }
}

/** PostgreSQL refuses NUL in text and jsonb; an assistant's output may contain one. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");

async function saveAnswer(
  db: Database,
  slot: typeof analysisAnswers.$inferSelect,
  profile: (typeof analyses.$inferSelect)["profile"],
  raw: ProviderAnswer,
  latencyMs: number,
  attempts: number,
  advisor: AiProvider | null,
  stop: AbortSignal,
) {
  const answer: ProviderAnswer = {
    text: withoutNul(raw.text),
    model: withoutNul(raw.model),
    citations: raw.citations.map((citation) => ({ url: withoutNul(citation.url), title: citation.title === null ? null : withoutNul(citation.title) })),
    search_queries: raw.search_queries.map(withoutNul),
  };
  const { analysis, methods, decisions } = await readAnswer(
    profile,
    { provider: slot.provider, text: answer.text, citations: answer.citations, search_queries: answer.search_queries },
    advisor,
    stop,
  );
  const answeredAt = new Date();
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(analysisAnswers)
      .set({
        status: "completed",
        model: answer.model,
        attempts: sql`${analysisAnswers.attempts} - 1 + ${attempts}`,
        answerText: answer.text,
        citations: answer.citations,
        searchQueries: answer.search_queries,
        latencyMs,
        errorCode: null,
        errorMessage: null,
        brandMentioned: analysis.brand.mentioned,
        brandPosition: analysis.brand.position,
        brandSentiment: analysis.brand.sentiment,
        engineVersion: ENGINE_VERSION,
        aiDecisions: decisions.size ? Object.fromEntries(decisions) : null,
        answeredAt,
      })
      // Still open, whoever holds it now: the first answer to come back is kept (a worker taken for
      // dead whose answer arrives anyway saves the next one the call). Filled or failed: keep that.
      .where(and(eq(analysisAnswers.id, slot.id), inArray(analysisAnswers.status, ["pending", "processing"])))
      .returning({ id: analysisAnswers.id });
    // Someone else filled the row meanwhile (a duplicate delivery of the job): keep theirs.
    if (!saved) return;
    // The children are written only here, with the status: a slot that was still processing has none.
    const base = { answerId: slot.id, userId: slot.userId, analysisId: slot.analysisId, provider: slot.provider, category: slot.category, answeredAt };
    if (analysis.mentions.length) {
      await tx.insert(answerMentions).values(mentionRows(base, analysis.mentions, methods));
    }
    if (answer.citations.length) {
      await tx.insert(answerCitations).values(
        answer.citations.map((citation, index) => ({ ...base, position: index, url: citation.url, title: citation.title, domain: registrableDomain(citation.url) })),
      );
    }
    if (answer.search_queries.length) {
      await tx.insert(answerSearchQueries).values(answer.search_queries.map((query, index) => ({ ...base, position: index, query })));
    }
  });
}

type InsightBase = Pick<typeof answerMentions.$inferInsert, "answerId" | "userId" | "analysisId" | "provider" | "category" | "answeredAt">;

/**
 * The engine's reading of an answer. With an assistant to ask, the names that are also words and
 * that the rules are unsure of get its second opinion (second-opinion.ts); without one, or when it
 * fails, the rules decide.
 */
export async function readAnswer(
  profile: AnswerProfile,
  answer: Answer,
  advisor: AiProvider | null,
  stop?: AbortSignal,
): Promise<DetailedAnalysis & { decisions: Map<string, boolean> }> {
  const first = analyzeAnswerDetailed(profile, answer);
  if (!advisor) return { ...first, decisions: new Map() };
  const decisions = await askSecondOpinion(advisor, first.ambiguous, profile.market_language ?? "en", undefined, stop);
  return decisions.size ? { ...analyzeAnswerDetailed(profile, answer, { decisions }), decisions } : { ...first, decisions };
}

/** An answer's mentions as rows, marked with the engine and the method that found them (the pipeline's and the re-score's). */
export function mentionRows(base: InsightBase, mentions: AnswerAnalysis["mentions"], methods: ReadonlyMap<string, MentionMethod>): Array<typeof answerMentions.$inferInsert> {
  return mentions.map((mention) => ({
    ...base,
    name: mention.name,
    isBrand: mention.is_brand,
    tracked: mention.tracked,
    position: mention.position,
    count: mention.count,
    sentiment: mention.sentiment,
    engineVersion: ENGINE_VERSION,
    method: methods.get(mention.name) ?? "name",
  }));
}

/**
 * Closes the analysis once no answer is left to fill: completed when every answer came back, failed
 * when none did, partial otherwise. The condition is in the UPDATE so two last jobs finishing at
 * the same moment cannot both (or neither) close it. Returns 1 when this call closed it.
 */
export async function finishIfDone(db: Database, analysisId: string): Promise<number> {
  const closed = (await db.execute(sql`
    update ${analyses} set
      status = case
        when counts.completed = counts.total then 'completed'
        when counts.completed = 0 then 'failed'
        else 'partial' end,
      completed_at = now()
    from (
      select count(*)::int as total, count(*) filter (where status = 'completed')::int as completed,
             count(*) filter (where status in ('pending', 'processing'))::int as open
      from ${analysisAnswers} where analysis_id = ${analysisId}
    ) as counts
    where ${analyses.id} = ${analysisId} and ${analyses.status} in ('pending', 'processing') and counts.open = 0
    returning ${analyses.id}`)) as unknown as { rows: unknown[] };
  return closed.rows.length;
}

import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { analyses, analysisAnswers, answerCitations, answerMentions, answerSearchQueries } from "../db/schema";
import { getProviders } from "../integrations/ai/registry";
import { type AiProvider, type AskProfile, ProviderError, type ProviderAnswer } from "../integrations/ai/types";
import { logger } from "../logger";
import { analyzeAnswer, registrableDomain } from "./answer-analysis";

/**
 * One job answers one question with one provider. The answer row exists before the job (created
 * with the analysis), so the job's only write is to fill it: a job run twice (a worker died after
 * answering, pg-boss handed the job out again) finds the row done and stops.
 */

export const answerQueue = (provider: string) => `seo-llm.answer.${provider}`;

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
};

/** The worker is stopping: the job must be delivered again, so this is thrown, not recorded. */
export class WorkerStopping extends Error {
  constructor() {
    super("The worker stopped before the answer came back");
  }
}

export async function runAnswerJob(db: Database, answerId: string, options: AnswerOptions = {}) {
  const [claimed] = await db
    .update(analysisAnswers)
    .set({ status: "processing", attempts: sql`${analysisAnswers.attempts} + 1`, claimedAt: new Date() })
    .where(and(eq(analysisAnswers.id, answerId), inArray(analysisAnswers.status, ["pending", "processing"])))
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
  const outcome = provider
    ? await askWithRetries(
        provider,
        { question: claimed.questionText, language: claimed.language, country: analysis.profile.country, profile: analysis.profile },
        options.sleep ?? sleep,
        options.signal,
      )
    : { ok: false as const, error: new ProviderError("rejected", `The provider ${claimed.provider} is no longer configured`), attempts: 0 };
  if (options.signal?.aborted) throw new WorkerStopping();
  const latencyMs = Date.now() - started;

  let failure = outcome.ok ? null : { code: outcome.error.kind as string, message: outcome.error.message };
  if (outcome.ok) {
    try {
      await saveAnswer(db, claimed, analysis.profile, outcome.answer, latencyMs, outcome.attempts);
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
      .where(and(eq(analysisAnswers.id, claimed.id), eq(analysisAnswers.status, "processing")));
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

/**
 * Retries what can succeed later (429, 5xx, time-outs, unreadable bodies): after the provider's
 * retry-after when it sent one, else after an exponential back-off with jitter.
 */
export async function askWithRetries(
  provider: AiProvider,
  input: { question: string; language: string; country: string | null; profile: AskProfile },
  wait: Sleep = sleep,
  stopping?: AbortSignal,
): Promise<Outcome> {
  const config = getConfig();
  let attempt = 0;
  for (;;) {
    attempt++;
    try {
      const timeout = AbortSignal.timeout(config.AI_TIMEOUT_MS);
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
      if (!error.retryable || attempt >= config.AI_MAX_ATTEMPTS || stopping?.aborted) return { ok: false, error, attempts: attempt };
      if (error.retryAfterMs !== null && error.retryAfterMs > config.AI_MAX_RETRY_AFTER_MS) {
        const seconds = Math.ceil(error.retryAfterMs / 1000);
        return { ok: false, error: new ProviderError(error.kind, `${error.message} (asked to wait ${seconds} s)`, { status: error.status, retryAfterMs: error.retryAfterMs }), attempts: attempt };
      }
      await wait(error.retryAfterMs ?? backoffMs(attempt), stopping);
    }
  }
}

/** 1 s, 2 s, 4 s… capped at 30 s (seed 001 §9), with ±25 % jitter so retries of a batch spread out. */
export function backoffMs(attempt: number) {
  const base = Math.min(30_000, 1000 * 2 ** (attempt - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
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
) {
  const answer: ProviderAnswer = {
    text: withoutNul(raw.text),
    model: withoutNul(raw.model),
    citations: raw.citations.map((citation) => ({ url: withoutNul(citation.url), title: citation.title === null ? null : withoutNul(citation.title) })),
    search_queries: raw.search_queries.map(withoutNul),
  };
  const analysis = analyzeAnswer(profile, { provider: slot.provider, text: answer.text, citations: answer.citations, search_queries: answer.search_queries });
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
        answeredAt,
      })
      .where(and(eq(analysisAnswers.id, slot.id), eq(analysisAnswers.status, "processing")))
      .returning({ id: analysisAnswers.id });
    // Someone else filled the row meanwhile (a duplicate delivery of the job): keep theirs.
    if (!saved) return;
    // The children are written only here, with the status: a slot that was still processing has none.
    const base = { answerId: slot.id, userId: slot.userId, analysisId: slot.analysisId, provider: slot.provider, category: slot.category, answeredAt };
    if (analysis.mentions.length) {
      await tx.insert(answerMentions).values(
        analysis.mentions.map((mention) => ({
          ...base,
          name: mention.name,
          isBrand: mention.is_brand,
          tracked: mention.tracked,
          position: mention.position,
          count: mention.count,
          sentiment: mention.sentiment,
        })),
      );
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

/**
 * Closes the analysis once no answer is left to fill: completed when every answer came back, failed
 * when none did, partial otherwise. The condition is in the UPDATE so two last jobs finishing at
 * the same moment cannot both (or neither) close it.
 */
export async function finishIfDone(db: Database, analysisId: string) {
  await db.execute(sql`
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
    where ${analyses.id} = ${analysisId} and ${analyses.status} in ('pending', 'processing') and counts.open = 0`);
}

/**
 * Answers whose job is lost for good are failed, so their analysis closes instead of spinning:
 * - taken by a worker (`claimed_at`) longer ago than every attempt of every delivery could take;
 * - still waiting, with no live job behind them (the process died between the analysis's commit
 *   and the enqueue, or pg-boss gave up), after `orphanAfterMs`.
 * Analyses left open with no open answer (a worker died between the last answer and the close) are
 * closed too.
 */
export async function failStaleAnswers(db: Database, options: { claimedBeforeMs: number; orphanAfterMs: number }, now = new Date()) {
  const claimedCutoff = new Date(now.getTime() - options.claimedBeforeMs);
  const orphanCutoff = new Date(now.getTime() - options.orphanAfterMs);
  const abandoned = await db
    .update(analysisAnswers)
    .set({ status: "failed", errorCode: "timeout", errorMessage: "No answer in time", answeredAt: now })
    .where(and(eq(analysisAnswers.status, "processing"), lt(analysisAnswers.claimedAt, claimedCutoff)))
    .returning({ analysisId: analysisAnswers.analysisId });
  const orphaned = await db
    .update(analysisAnswers)
    .set({ status: "failed", errorCode: "lost", errorMessage: "The job for this answer was lost", answeredAt: now })
    .where(
      and(
        eq(analysisAnswers.status, "pending"),
        lt(analysisAnswers.createdAt, orphanCutoff),
        sql`not exists (select 1 from pgboss.job j where j.singleton_key = ${analysisAnswers.id}::text and j.state in ('created', 'retry', 'active'))`,
      ),
    )
    .returning({ analysisId: analysisAnswers.analysisId });
  const open = await db
    .select({ id: analyses.id })
    .from(analyses)
    .where(
      and(
        inArray(analyses.status, ["pending", "processing"]),
        lt(analyses.createdAt, orphanCutoff),
        sql`not exists (select 1 from ${analysisAnswers} a where a.analysis_id = ${analyses.id} and a.status in ('pending', 'processing'))`,
      ),
    );
  const ids = [...new Set([...abandoned, ...orphaned].map((row) => row.analysisId).concat(open.map((row) => row.id)))];
  for (const id of ids) await finishIfDone(db, id);
  return ids.length;
}

import { and, asc, eq, isNotNull, lt, or, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { analyses, analysisAnswers, answerMentions } from "../db/schema";
import { logger } from "../logger";
import { analyzeAnswerDetailed, ENGINE_VERSION } from "./answer-analysis";
import { mentionRows } from "./pipeline";

/**
 * Re-scoring (issue 14): when the engine changes (ENGINE_VERSION), every completed answer read by
 * an older version is read again from its stored text, with the profile its analysis was launched
 * with, so a chart before and after the change compares like with like. Its brand fields and its
 * mentions are replaced in one transaction guarded by the old version (two workers cannot both do
 * it); citations and searches do not depend on the engine and stay.
 */

export const RESCORE_QUEUE = "seo-llm.rescore";
const BATCH = 200;

const stale = and(eq(analysisAnswers.status, "completed"), isNotNull(analysisAnswers.answerText), or(isNull(analysisAnswers.engineVersion), lt(analysisAnswers.engineVersion, ENGINE_VERSION)));

/** Whether any stored answer was read by an older engine. */
export async function needsRescore(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: analysisAnswers.id }).from(analysisAnswers).where(stale).limit(1);
  return Boolean(row);
}

/** Re-scores every stale answer, a batch at a time; returns how many were. */
export async function rescoreAnswers(db: Database, now = new Date()): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await db
      .select({ answer: analysisAnswers, profile: analyses.profile })
      .from(analysisAnswers)
      .innerJoin(analyses, eq(analyses.id, analysisAnswers.analysisId))
      .where(stale)
      .orderBy(asc(analysisAnswers.answeredAt))
      .limit(BATCH);
    if (!batch.length) break;
    for (const { answer, profile } of batch) done += await rescoreOne(db, answer, profile, now);
    logger.info("seo_llm.rescored", { answers: done, engine: ENGINE_VERSION });
  }
  return done;
}

async function rescoreOne(db: Database, answer: typeof analysisAnswers.$inferSelect, profile: (typeof analyses.$inferSelect)["profile"], now: Date): Promise<number> {
  // No new calls (a second opinion on every stored answer would cost one each): the verdicts the
  // model gave when the answer came in are applied again, the rules decide the rest.
  const { analysis, methods } = analyzeAnswerDetailed(
    profile,
    { provider: answer.provider, text: answer.answerText ?? "", citations: answer.citations ?? [], search_queries: answer.searchQueries ?? [] },
    { decisions: new Map(Object.entries(answer.aiDecisions ?? {})) },
  );
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(analysisAnswers)
      .set({
        brandMentioned: analysis.brand.mentioned,
        brandPosition: analysis.brand.position,
        brandSentiment: analysis.brand.sentiment,
        engineVersion: ENGINE_VERSION,
        rescoredAt: now,
      })
      .where(and(eq(analysisAnswers.id, answer.id), sql`coalesce(${analysisAnswers.engineVersion}, 0) = ${answer.engineVersion ?? 0}`))
      .returning({ id: analysisAnswers.id });
    if (!claimed) return 0;
    await tx.delete(answerMentions).where(eq(answerMentions.answerId, answer.id));
    if (analysis.mentions.length) {
      const base = { answerId: answer.id, userId: answer.userId, analysisId: answer.analysisId, provider: answer.provider, category: answer.category, answeredAt: answer.answeredAt ?? now };
      await tx.insert(answerMentions).values(mentionRows(base, analysis.mentions, methods));
    }
    return 1;
  });
}

import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/client";
import { analyses, analysisAnswers, answerCitations } from "../db/schema";
import { getQuestion } from "./questions";

/**
 * How one of the user's questions was answered over time: the analyses that asked it, newest first,
 * and per assistant whether the brand was named, where, how, and which domains were cited. Another
 * user's question is a 404 (getQuestion), like one that does not exist.
 */
export async function questionHistory(db: Executor, userId: string, questionId: string, page: { limit: number; offset: number }) {
  const question = await getQuestion(db, userId, questionId);
  const asked = and(eq(analysisAnswers.userId, userId), eq(analysisAnswers.questionId, questionId));
  const [[{ total }], runs] = await Promise.all([
    db.select({ total: count() }).from(db.selectDistinct({ id: analysisAnswers.analysisId }).from(analysisAnswers).where(asked).as("asked")),
    db
      .selectDistinct({ id: analyses.id, status: analyses.status, createdAt: analyses.createdAt, simulated: analyses.simulated })
      .from(analyses)
      .innerJoin(analysisAnswers, eq(analysisAnswers.analysisId, analyses.id))
      .where(and(eq(analyses.userId, userId), asked))
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  const ids = runs.map((run) => run.id);
  const [answers, citations] = ids.length
    ? await Promise.all([
        db
          .select({
            id: analysisAnswers.id,
            analysisId: analysisAnswers.analysisId,
            provider: analysisAnswers.provider,
            status: analysisAnswers.status,
            mentioned: analysisAnswers.brandMentioned,
            position: analysisAnswers.brandPosition,
            sentiment: analysisAnswers.brandSentiment,
          })
          .from(analysisAnswers)
          .where(and(asked, inArray(analysisAnswers.analysisId, ids)))
          .orderBy(analysisAnswers.provider),
        db
          .select({ answerId: answerCitations.answerId, domain: answerCitations.domain, position: answerCitations.position })
          .from(answerCitations)
          .innerJoin(analysisAnswers, eq(analysisAnswers.id, answerCitations.answerId))
          .where(and(eq(answerCitations.userId, userId), asked, inArray(answerCitations.analysisId, ids)))
          .orderBy(answerCitations.position),
      ])
    : [[], []];

  const domainsOf = new Map<string, string[]>();
  for (const citation of citations) {
    if (!citation.domain) continue;
    const list = domainsOf.get(citation.answerId) ?? [];
    if (!list.includes(citation.domain)) list.push(citation.domain);
    domainsOf.set(citation.answerId, list);
  }
  return {
    question: { id: question.id, question_text: question.question_text },
    analyses: runs.map((run) => ({
      analysis_id: run.id,
      created_at: run.createdAt.toISOString(),
      status: run.status,
      simulated: run.simulated,
      answers: answers
        .filter((answer) => answer.analysisId === run.id)
        .map((answer) => ({
          provider: answer.provider,
          status: answer.status,
          mentioned: answer.status === "completed" ? answer.mentioned : null,
          position: answer.status === "completed" ? answer.position : null,
          sentiment: answer.status === "completed" ? answer.sentiment : null,
          cited_domains: domainsOf.get(answer.id) ?? [],
        })),
    })),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}

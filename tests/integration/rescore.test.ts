import { eq, inArray } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { analyses as analysesTable, analysisAnswers, answerMentions } from "../../server/db/schema";
import { analyzeAnswerDetailed, ENGINE_VERSION } from "../../server/seo-llm/answer-analysis";
import { rescoreAnswers } from "../../server/seo-llm/rescore";
import { RIVALS } from "../helpers/profiles";
import { json, useApi, withEnv } from "../helpers/api";

/**
 * A new analysis engine (issue 14): stored answers read by an older version are read again from
 * their text, with the profile of their analysis, and the overview's stats say when.
 */
beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined });
});
// Its own database on PostgreSQL: rescoreAnswers reads every user's stale answers, and other files' must stay theirs.
const api = useApi({ jobs: "work", ownDatabase: true });

test("answers of an older engine are read again: the same figures back, the version and the time recorded", async () => {
  const session = await api.signIn();
  const token = session.access_token;
  await json(await api.client("seoProfile", { token }).index.$patch({ json: { BrandName: "Acme Analytics", MarketLanguage: "en", Keywords: ["web analytics"], Competitors: RIVALS } }), 200);
  const analyses = api.client("analyses", { token });
  const created = await json(await analyses.index.$post({ json: {} }), 201);
  await api.settledAnalysis(token, created.id);
  const before = await json(await analyses.stats.$get({ query: {} }), 200);
  expect(before.engine).toEqual({ version: ENGINE_VERSION, rescored_at: null });

  const db = await api.db();
  const rows = await db.select().from(analysisAnswers).where(eq(analysisAnswers.analysisId, created.id));
  expect(rows.every((row) => row.engineVersion === ENGINE_VERSION)).toBe(true);
  const mentionsBefore = await db.select().from(answerMentions).where(eq(answerMentions.analysisId, created.id));
  expect(mentionsBefore.every((mention) => mention.engineVersion === ENGINE_VERSION)).toBe(true);

  // As an older engine left them: another version, other figures, mentions missing.
  const ids = rows.map((row) => row.id);
  await db.update(analysisAnswers).set({ engineVersion: ENGINE_VERSION - 1, brandMentioned: false, brandPosition: null, brandSentiment: null }).where(inArray(analysisAnswers.id, ids));
  await db.delete(answerMentions).where(eq(answerMentions.analysisId, created.id));
  expect((await json(await analyses.stats.$get({ query: {} }), 200)).summary.mentioned).toBe(0);

  expect(await rescoreAnswers(db)).toBe(rows.length);
  const after = await json(await analyses.stats.$get({ query: {} }), 200);
  expect(after.summary).toEqual(before.summary);
  expect(after.engine.rescored_at).not.toBeNull();
  const reread = await db.select().from(analysisAnswers).where(eq(analysisAnswers.analysisId, created.id));
  for (const row of reread) {
    const original = rows.find((candidate) => candidate.id === row.id);
    expect({ mentioned: row.brandMentioned, position: row.brandPosition, sentiment: row.brandSentiment, version: row.engineVersion }).toEqual({
      mentioned: original?.brandMentioned,
      position: original?.brandPosition,
      sentiment: original?.brandSentiment,
      version: ENGINE_VERSION,
    });
  }
  const mentionsAfter = await db.select().from(answerMentions).where(eq(answerMentions.analysisId, created.id));
  // Per answer: a brand named in several answers has a position in each.
  const comparable = (rows: typeof mentionsBefore) =>
    rows.map(({ answerId, name, position, count }) => ({ answerId, name, position, count })).sort((a, b) => a.answerId.localeCompare(b.answerId) || a.name.localeCompare(b.name));
  expect(comparable(mentionsAfter)).toEqual(comparable(mentionsBefore));
  // Nothing left to do: a second pass reads nothing.
  expect(await rescoreAnswers(db)).toBe(0);
});

test("a re-score applies the AI's stored verdicts again instead of asking again", async () => {
  const session = await api.signIn();
  const token = session.access_token;
  await json(await api.client("seoProfile", { token }).index.$patch({ json: { BrandName: "Sunday", MarketLanguage: "en", Keywords: ["restaurant payments"] } }), 200);
  const analyses = api.client("analyses", { token });
  const created = await json(await analyses.index.$post({ json: {} }), 201);
  await api.settledAnalysis(token, created.id);
  const db = await api.db();
  const [row] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.analysisId, created.id)).limit(1);
  const [launched] = await db.select({ profile: analysesTable.profile }).from(analysesTable).where(eq(analysesTable.id, created.id));

  // An answer the rules alone do not count ("Sunday" opening a sentence, no other clue), which the
  // model said was the brand when it came in.
  const text = "Sunday. Nothing else to add.";
  const rules = analyzeAnswerDetailed(launched.profile, { text });
  expect(rules.analysis.brand.mentioned).toBe(false);
  const [unsure] = rules.ambiguous;
  await db
    .update(analysisAnswers)
    .set({ answerText: text, citations: [], searchQueries: [], engineVersion: ENGINE_VERSION - 1, aiDecisions: { [unsure.key]: true } })
    .where(eq(analysisAnswers.id, row.id));

  expect(await rescoreAnswers(db)).toBe(1);
  const [reread] = await db.select().from(analysisAnswers).where(eq(analysisAnswers.id, row.id));
  expect(reread.brandMentioned).toBe(true);
  const mentions = await db.select().from(answerMentions).where(eq(answerMentions.answerId, row.id));
  expect(mentions.map(({ name, method }) => ({ name, method }))).toEqual([{ name: "Sunday", method: "ai" }]);
});

import { beforeAll, describe, expect, test } from "vitest";
import { RIVALS } from "../helpers/profiles";
import { json, useApi, withEnv } from "../helpers/api";

// Set before the runtime starts: its workers are built from the configured providers.
beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined });
});
const api = useApi({ jobs: "work" });

const PROFILE = { BrandName: "Acme Analytics", MarketLanguage: "en", Keywords: ["audience analytics"], Competitors: RIVALS };

async function userWithProfile() {
  const session = await api.signInOnPlan("free");
  const token = session.access_token;
  await json(await api.client("seoProfile", { token }).index.$patch({ json: PROFILE }), 200);
  return { token, questions: api.client("questions", { token }), analyses: api.client("analyses", { token }) };
}

describe("GET /user-questions/{id}/history", () => {
  test("a question never asked has an empty history", async () => {
    const { questions } = await userWithProfile();
    const [question] = (await json(await questions.index.$get({ query: {} }), 200)).questions;
    const history = await json(await questions[":id"].history.$get({ param: { id: question.id }, query: {} }), 200);
    expect(history).toEqual({ question: { id: question.id, question_text: question.question_text }, analyses: [], total: 0, limit: 10, offset: 0 });
  });

  test("each analysis that asked it, with every assistant's verdict and cited domains; pages; nobody else's", async () => {
    const { token, questions, analyses } = await userWithProfile();
    const created = await json(await analyses.index.$post({ json: {} }), 201);
    const done = await api.settledAnalysis(token, created.id);
    const answer = done.answers![0];
    const questionId = answer.question_id!;

    const history = await json(await questions[":id"].history.$get({ param: { id: questionId }, query: {} }), 200);
    expect(history.total).toBe(1);
    expect(history.analyses).toHaveLength(1);
    const [run] = history.analyses;
    expect(run).toMatchObject({ analysis_id: created.id, status: "completed", simulated: true, created_at: done.created_at });
    expect(run.answers).toEqual([
      {
        provider: "demo",
        status: "completed",
        mentioned: answer.brand.mentioned,
        position: answer.brand.position,
        sentiment: answer.brand.sentiment,
        cited_domains: [...new Set(answer.citations.map((citation) => new URL(citation.url).hostname.replace(/^www\./, "")))],
      },
    ]);

    const beyond = await json(await questions[":id"].history.$get({ param: { id: questionId }, query: { offset: "1", limit: "1" } }), 200);
    expect(beyond).toMatchObject({ analyses: [], total: 1, limit: 1, offset: 1 });

    // Another user's question is no question of theirs: 404, like one that does not exist.
    const other = await userWithProfile();
    expect((await json(await other.questions[":id"].history.$get({ param: { id: questionId }, query: {} }), 404)).message).toBeTruthy();
    await json(await questions[":id"].history.$get({ param: { id: crypto.randomUUID() }, query: {} }), 404);
  });

  test("bad input is a 400 with a message", async () => {
    const { questions } = await userWithProfile();
    const [question] = (await json(await questions.index.$get({ query: {} }), 200)).questions;
    await json(await questions[":id"].history.$get({ param: { id: "not-a-uuid" }, query: {} }), 400);
    await json(await questions[":id"].history.$get({ param: { id: question.id }, query: { limit: "0" } }), 400);
    await json(await questions[":id"].history.$get({ param: { id: question.id }, query: { limit: "abc" } }), 400);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anthropicMessage, chatCompletionSaying, createFakeAi, type FakeAi, fakeReplies } from "../../tests/fakes/ai";
import { createClaudeProvider } from "../integrations/ai/anthropic";
import { createOpenAiCompatibleProvider } from "../integrations/ai/openai-compatible";
import { analyzeAnswerDetailed, type AnswerProfile } from "./answer-analysis";
import { readAnswer } from "./pipeline";
import { askSecondOpinion, REPLY, readSecondOpinion, secondOpinionQuestion, unsureMatches } from "./second-opinion";

const profile: AnswerProfile = { brand_name: "Slack", website_url: "https://slack.com", competitors: [{ name: "Microsoft Teams", domain: "microsoft.com", aliases: ["Teams"] }] };
// "Slack." alone at a sentence's start: no clue either way, so the rules are unsure; "slack" in
// lower case mid-sentence and "**Slack**" are sure.
const text = "Slack. That is the one I would pick. Give them some slack. **Slack** has huddles.";
const ambiguous = () => analyzeAnswerDetailed(profile, { text }).ambiguous;

describe("which matches are asked about", () => {
  it("only those the rules are unsure of", () => {
    const unsure = unsureMatches(ambiguous());
    expect(unsure.map((match) => match.excerpt)).toEqual(["Slack."]);
    expect(secondOpinionQuestion(unsure)).toContain('{"id":"m1","brand":"Slack","word":"Slack","passage":"Slack."}');
  });
});

describe("readSecondOpinion", () => {
  const asked = () => unsureMatches(ambiguous());
  it("takes exactly one verdict per id asked, from fences or a sentence", () => {
    const decisions = readSecondOpinion('Here:\n```json\n{"verdicts": [{"id": "m1", "brand": false}]}\n```', asked());
    expect([...(decisions?.values() ?? [])]).toEqual([false]);
  });
  it.each([
    ["prose", "It is the brand."],
    ["a missing verdict", '{"verdicts": []}'],
    ["an unknown id", '{"verdicts": [{"id": "m9", "brand": true}]}'],
    ["a repeated id", '{"verdicts": [{"id": "m1", "brand": true}, {"id": "m1", "brand": false}]}'],
    ["a field outside the schema", '{"verdicts": [{"id": "m1", "brand": true, "confidence": 0.9}]}'],
    ["a verdict that is not a boolean", '{"verdicts": [{"id": "m1", "brand": "yes"}]}'],
  ])("refuses %s", (_name, reply) => {
    expect(readSecondOpinion(reply, asked())).toBeNull();
  });
});

describe("asking through the adapters", () => {
  let fake: FakeAi;
  beforeEach(async () => {
    fake = await createFakeAi();
  });
  afterEach(() => fake.close());

  const compatible = () => createOpenAiCompatibleProvider({ model: "local-model", baseUrl: `${fake.url}/v1`, timeoutMs: 5000 });

  it("overrules the rules with the model's verdict, and the mention says the AI decided", async () => {
    const rules = analyzeAnswerDetailed(profile, { text: "Slack. Nothing else." });
    expect(rules.analysis.brand.mentioned).toBe(false);
    fake.respond("openai-compatible", chatCompletionSaying('{"verdicts": [{"id": "m1", "brand": true}]}'));
    const read = await readAnswer(profile, { text: "Slack. Nothing else." }, compatible());
    expect(read.analysis.brand.mentioned).toBe(true);
    expect(read.methods.get("Slack")).toBe("ai");
    // Kept with the answer, so a later re-score applies the verdict again (rescore.test.ts).
    expect([...read.decisions]).toEqual([[rules.ambiguous[0].key, true]]);
    expect(fake.requestsTo("openai-compatible")).toHaveLength(1);
    // Asked in the server's structured-output mode, with the schema the reply is checked against.
    expect(fake.requestsTo("openai-compatible")[0].body).toMatchObject({
      response_format: { type: "json_schema", json_schema: { name: "brand_verdicts", schema: REPLY.schema, strict: true } },
    });
  });

  it("works the same through Claude's Messages API", async () => {
    const claude = createClaudeProvider({ apiKey: "sk-ant-test", model: "claude-test", baseUrl: fake.url, timeoutMs: 5000 });
    fake.respond("claude", { json: anthropicMessage({ content: [{ type: "text", text: '{"verdicts": [{"id": "m1", "brand": false}]}', citations: null }] }) });
    const decisions = await askSecondOpinion(claude, ambiguous(), "en");
    expect([...decisions.values()]).toEqual([false]);
    expect(fake.requestsTo("claude")[0].body).toMatchObject({ output_config: { format: { type: "json_schema", schema: REPLY.schema } } });
  });

  it("asks nothing when the rules are sure, and keeps them after a failure, prose or a time-out", async () => {
    await readAnswer(profile, { text: "**Slack** leads; cut them some slack." }, compatible());
    expect(fake.requestsTo("openai-compatible")).toHaveLength(0);

    for (const reply of [fakeReplies.error("openai-compatible", 500), chatCompletionSaying("Yes, that is the brand."), fakeReplies.slow(5_000, chatCompletionSaying('{"verdicts": []}'))]) {
      fake.respond("openai-compatible", reply);
      expect(await askSecondOpinion(compatible(), ambiguous(), "en", 300)).toEqual(new Map());
    }
    const read = await readAnswer(profile, { text }, null);
    expect(read.methods.get("Slack")).toBe("evidence");
  });
});

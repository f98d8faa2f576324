import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createFakeAi, type FakeAi } from "../../../tests/fakes/ai";
import { structuredReply } from "./advisor";
import { createClaudeProvider } from "./anthropic";
import { createGeminiProvider } from "./gemini";
import { createChatGptProvider } from "./openai";
import { createOpenAiCompatibleProvider } from "./openai-compatible";
import { createPerplexityProvider } from "./perplexity";
import type { AiProvider } from "./types";
import { createGrokProvider } from "./xai";

/**
 * A fact-finding call asks each provider for JSON in its own structured-output wire format, and
 * searches nothing where searching is optional: checked on the body each fake server received.
 */

let fake: FakeAi;
beforeEach(async () => {
  fake = await createFakeAi();
});
afterEach(() => fake.close());

const reply = structuredReply("verdicts", z.object({ verdicts: z.array(z.object({ id: z.string(), brand: z.boolean() }).strict()) }).strict());
const schema = {
  type: "object",
  properties: {
    verdicts: {
      type: "array",
      items: { type: "object", properties: { id: { type: "string" }, brand: { type: "boolean" } }, required: ["id", "brand"], additionalProperties: false },
    },
  },
  required: ["verdicts"],
  additionalProperties: false,
};
const ask = (provider: AiProvider) => provider.ask({ question: "Is it the brand?", language: "en", country: "gb", reply });
const settings = { timeoutMs: 5000 };

describe("structured replies", () => {
  it("turn a zod schema into a closed JSON Schema without a $schema keyword", () => {
    expect(reply).toEqual({ name: "verdicts", schema });
  });

  it("ChatGPT and Grok: text.format json_schema, strict, no web_search", async () => {
    await ask(createChatGptProvider({ ...settings, apiKey: "sk", model: "gpt-5-mini", baseUrl: `${fake.url}/v1` }));
    await ask(createGrokProvider({ ...settings, apiKey: "xai", model: "grok-4-1-fast", baseUrl: `${fake.url}/xai/v1` }));
    for (const route of ["chatgpt", "grok"] as const) {
      const [request] = fake.requestsTo(route);
      expect(request.body).toMatchObject({ text: { format: { type: "json_schema", name: "verdicts", schema, strict: true } } });
      expect(request.body).not.toHaveProperty("tools");
      expect(request.body).not.toHaveProperty("include");
    }
  });

  it("OpenAI-compatible servers and Perplexity: response_format json_schema, strict", async () => {
    await ask(createOpenAiCompatibleProvider({ ...settings, model: "local-model", baseUrl: `${fake.url}/v1` }));
    await ask(createPerplexityProvider({ ...settings, apiKey: "pplx", model: "sonar", baseUrl: fake.url }));
    for (const route of ["openai-compatible", "perplexity"] as const) {
      const [request] = fake.requestsTo(route);
      expect(request.body).toMatchObject({ response_format: { type: "json_schema", json_schema: { name: "verdicts", schema, strict: true } } });
    }
  });

  it("Claude: output_config.format json_schema, no web_search tool", async () => {
    await ask(createClaudeProvider({ ...settings, apiKey: "sk-ant", model: "claude-sonnet-4-6", baseUrl: fake.url }));
    const [request] = fake.requestsTo("claude");
    expect(request.body).toMatchObject({ output_config: { format: { type: "json_schema", schema } } });
    expect(request.body).not.toHaveProperty("tools");
  });

  it("Gemini: responseMimeType application/json with responseJsonSchema, no google_search", async () => {
    await ask(createGeminiProvider({ ...settings, apiKey: "g", model: "gemini-2.5-flash", baseUrl: fake.url }));
    const [request] = fake.requestsTo("gemini");
    expect(request.body).toMatchObject({ generationConfig: { responseMimeType: "application/json", responseJsonSchema: schema } });
    expect(request.body).not.toHaveProperty("tools");
  });
});

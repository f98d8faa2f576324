import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anthropicMessage, chatCompletionSaying, createFakeAi, type FakeAi, fakeReplies } from "../../tests/fakes/ai";
import { createClaudeProvider } from "../integrations/ai/anthropic";
import { createDemoProvider } from "../integrations/ai/demo";
import { createOpenAiCompatibleProvider } from "../integrations/ai/openai-compatible";
import { pickAdvisor } from "../integrations/ai/advisor";
import { adviseSuggestions, readSuggestionAnswer, suggestionQuestion, withAdvice } from "./ai-suggestions";
import type { Suggestions } from "./suggestions";

const own = { brand: "Acme Books", host: "www.acmebooks.example" };
const page = {
  url: "https://www.acmebooks.example/",
  brand: "Acme Books",
  title: "Acme Books — Bookkeeping software for small businesses",
  description: "Invoices, receipts and VAT returns in one place.",
  keywords: ["bookkeeping software", "vat returns"],
};
const fromPage: Suggestions = {
  source: "page",
  brand_name: "Acme Books",
  description: "Invoices, receipts and VAT returns in one place.",
  language: "en",
  keywords: ["bookkeeping software", "vat returns", "receipts"],
  competitors: [],
};

describe("readSuggestionAnswer", () => {
  it("reads the object out of fences or a sentence, trimming, lower-casing and dropping repeats", () => {
    const text = [
      "Sure! Here is what I found:",
      "```json",
      '{"competitors": [{"name": " Xero ", "domain": "https://www.xero.com/uk/"}, {"name": "QuickBooks", "domain": "quickbooks.intuit.com"}, "FreeAgent", {"name": "xero"}],',
      ' "keywords": ["Online  Bookkeeping", "online bookkeeping", "accounting app for freelancers"]}',
      "```",
    ].join("\n");
    expect(readSuggestionAnswer(text, own)).toEqual({
      competitors: [
        { name: "Xero", domain: "xero.com" },
        { name: "QuickBooks", domain: "quickbooks.intuit.com" },
        { name: "FreeAgent", domain: null },
      ],
      keywords: ["online bookkeeping", "accounting app for freelancers"],
    });
  });

  it("leaves out the brand itself, its own domain, and items that are not names or short phrases", () => {
    const text = JSON.stringify({
      competitors: [{ name: "Acme Books", domain: "acmebooks.example" }, { name: "Acme Books UK", domain: "uk.acmebooks.example" }, { name: "X" }, 42, { domain: "a.example" }, { name: "Sage", domain: "not a domain" }],
      keywords: ["acme books pricing", "a", "one two three four five six", 7, "payroll"],
    });
    expect(readSuggestionAnswer(text, own)).toEqual({ competitors: [{ name: "Sage", domain: null }], keywords: ["payroll"] });
  });

  it("says null for prose, broken JSON or another shape, and keeps what fits of a half-right one", () => {
    expect(readSuggestionAnswer("I cannot browse the web.", own)).toBeNull();
    expect(readSuggestionAnswer('{"competitors": [', own)).toBeNull();
    expect(readSuggestionAnswer('{"competitors": "Xero", "keywords": ["payroll"]}', own)).toEqual({ competitors: [], keywords: ["payroll"] });
    expect(readSuggestionAnswer('{"note": "a } inside a string", "keywords": ["vat"]}', own)).toEqual({ competitors: [], keywords: ["vat"] });
    expect(readSuggestionAnswer('Use the {brand} placeholder. {"keywords": ["payroll"]}', own)).toEqual({ competitors: [], keywords: ["payroll"] });
  });

  it("keeps at most ten of each", () => {
    const many = Array.from({ length: 15 }, (_, index) => `Rival ${index}`);
    const advice = readSuggestionAnswer(JSON.stringify({ competitors: many, keywords: many.map((name) => `${name} app`) }), own);
    expect(advice?.competitors).toHaveLength(10);
    expect(advice?.keywords).toHaveLength(10);
  });
});

describe("withAdvice", () => {
  it("takes keywords in turn from the page and the assistant, labelled, with the assistant's competitors", () => {
    const advised = withAdvice(fromPage, { keywords: ["online bookkeeping", "VAT returns", "invoicing app"], competitors: [{ name: "Xero", domain: "xero.com" }] });
    expect(advised).toMatchObject({ source: "page_and_ai", brand_name: "Acme Books", competitors: [{ name: "Xero", domain: "xero.com" }] });
    expect(advised.keywords).toEqual(["bookkeeping software", "online bookkeeping", "vat returns", "receipts", "invoicing app"]);
  });
});

describe("the question", () => {
  it("gives the page's facts, the shape of the answer, and the language of the keywords", () => {
    const question = suggestionQuestion(page, "fr");
    expect(question).toContain("Website: https://www.acmebooks.example/");
    expect(question).toContain("Brand: Acme Books");
    expect(question).toContain("in French");
    expect(question).toContain('{"competitors": [{"name": "…", "domain": "example.com"}], "keywords": ["…"]}');
  });
});

describe("asking an assistant, through the adapters", () => {
  let fake: FakeAi;
  beforeEach(async () => {
    fake = await createFakeAi();
  });
  afterEach(() => fake.close());

  const compatible = () => createOpenAiCompatibleProvider({ model: "local-model", baseUrl: `${fake.url}/v1`, timeoutMs: 5000 });

  it("adds what the assistant answers, asked once in the keywords' language", async () => {
    fake.respond("openai-compatible", chatCompletionSaying('{"competitors": [{"name": "Xero", "domain": "xero.com"}], "keywords": ["online bookkeeping"]}'));
    const advised = await adviseSuggestions(compatible(), page, fromPage);
    expect(advised).toMatchObject({ source: "page_and_ai", competitors: [{ name: "Xero", domain: "xero.com" }] });
    expect(advised.keywords).toContain("online bookkeeping");
    expect(fake.requestsTo("openai-compatible")).toHaveLength(1);
    const body = fake.requestsTo("openai-compatible")[0]!.body as { messages: Array<{ content: string }> };
    expect(body.messages.at(-1)?.content).toContain("Acme Books");
  });

  it("works the same through another adapter (Claude's Messages API)", async () => {
    const claude = createClaudeProvider({ apiKey: "sk-ant-test", model: "claude-test", baseUrl: fake.url, timeoutMs: 5000 });
    fake.respond("claude", { json: anthropicMessage({ content: [{ type: "text", text: '{"competitors": ["FreeAgent"], "keywords": []}', citations: null }] }) });
    expect((await adviseSuggestions(claude, page, fromPage)).competitors).toEqual([{ name: "FreeAgent", domain: null }]);
  });

  it.each([
    ["a failure", fakeReplies.error("openai-compatible", 500)],
    ["an answer that is no JSON", chatCompletionSaying("Acme's competitors include Xero and Sage.")],
    ["an object with nothing usable", chatCompletionSaying('{"competitors": [], "keywords": []}')],
  ])("keeps the page's suggestions, unlabelled, after %s", async (_name, reply) => {
    fake.respond("openai-compatible", reply);
    expect(await adviseSuggestions(compatible(), page, fromPage)).toEqual(fromPage);
  });

  it("waits for the assistant only so long, then keeps the page's suggestions", async () => {
    fake.respond("openai-compatible", fakeReplies.slow(5_000, chatCompletionSaying('{"competitors": ["Xero"], "keywords": []}')));
    const started = Date.now();
    expect(await adviseSuggestions(compatible(), page, fromPage, 300)).toEqual(fromPage);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("never asks the demo provider, which would make competitors up", () => {
    const demo = createDemoProvider({ delayMs: 0 });
    expect(pickAdvisor([demo])).toBeNull();
    const real = compatible();
    expect(pickAdvisor([demo, real])).toBe(real);
  });
});

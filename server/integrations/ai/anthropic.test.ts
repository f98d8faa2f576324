import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anthropicMessage, createFakeAi, type FakeAi, type FakeAiReply, fakeReplies } from "../../../tests/fakes/ai";
import { createClaudeProvider } from "./anthropic";

let fake: FakeAi;
beforeEach(async () => {
  fake = await createFakeAi();
});
afterEach(() => fake.close());

const claude = (timeoutMs = 5000) => createClaudeProvider({ apiKey: "sk-ant-test", model: "claude-sonnet-4-6", baseUrl: fake.url, timeoutMs });
const question = { question: "Quel CRM pour une petite agence ?", language: "fr", country: "be" };

const paused = (query: string): FakeAiReply => ({
  json: anthropicMessage({
    stop_reason: "pause_turn",
    content: [
      { type: "text", text: "Let me look.", citations: null },
      { type: "server_tool_use", id: `srvtoolu_${query}`, name: "web_search", input: { query }, caller: { type: "direct" } },
    ],
  }),
});

describe("claude (Anthropic Messages API with web search)", () => {
  it("asks with the web search tool, the market's language and location, and no temperature", async () => {
    const answer = await claude().ask(question);

    expect(answer).toEqual({
      text: "I'll search for that.\n\nAcme CRM is the best fit for a small agency, and Globex is cheaper. Reviewers agree.",
      model: "claude-sonnet-4-5-20250929",
      citations: [
        { url: "https://www.acme.example/pricing", title: "Acme CRM pricing" },
        // The first citation had no title; a later one of the same page gives it.
        { url: "https://reviews.example.org/best-crm-2026", title: "Best CRMs of 2026" },
      ],
      search_queries: ["best CRM small agency"],
    });

    const [request] = fake.requests;
    expect(request.path).toBe("/v1/messages");
    // SDK 1.x sends the key as a bearer token; the documented REST form is x-api-key.
    expect(request.headers.authorization).toBe("Bearer sk-ant-test");
    expect(request.headers["anthropic-version"]).toBe("2026-10-21");
    expect(request.body).toEqual({
      model: "claude-sonnet-4-6",
      max_tokens: 4096,
      system: "Answer in French.",
      messages: [{ role: "user", content: "Quel CRM pour une petite agence ?" }],
      tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 5, user_location: { type: "approximate", country: "BE" } }],
    });
  });

  it("continues a paused turn by sending Claude's partial content back", async () => {
    fake.respond("claude", paused("crm agence"));
    const answer = await claude().ask(question);

    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].body).toMatchObject({
      messages: [
        { role: "user", content: "Quel CRM pour une petite agence ?" },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Let me look." },
            { type: "server_tool_use", name: "web_search", input: { query: "crm agence" } },
          ],
        },
      ],
    });
    expect(answer.text).toBe("Let me look.\n\nI'll search for that.\n\nAcme CRM is the best fit for a small agency, and Globex is cheaper. Reviewers agree.");
    expect(answer.search_queries).toEqual(["crm agence", "best CRM small agency"]);
  });

  it("gives up continuing after three re-sends and keeps what it has", async () => {
    fake.respond("claude", paused("one"), paused("two"), paused("three"), paused("four"), paused("five"));
    const answer = await claude().ask(question);
    expect(fake.requests).toHaveLength(4);
    expect(answer.search_queries).toEqual(["one", "two", "three", "four"]);
    expect(answer.text).toBe("Let me look.\n\nLet me look.\n\nLet me look.\n\nLet me look.");
  });

  it.each([
    ["a 429 with retry-after", fakeReplies.error("claude", 429, { retryAfter: "12" }), { kind: "rate_limited", status: 429, retryAfterMs: 12_000 }],
    ["a reached spend limit", fakeReplies.error("claude", 429, { code: "enforced_spend_limit_reached" }), { kind: "quota", status: 429 }],
    ["529 overloaded", fakeReplies.error("claude", 529), { kind: "unavailable", status: 529 }],
    ["a 500", fakeReplies.error("claude", 500), { kind: "unavailable", status: 500 }],
    ["a 401", fakeReplies.error("claude", 401), { kind: "auth", status: 401 }],
    ["a 400", fakeReplies.error("claude", 400), { kind: "rejected", status: 400 }],
    ["a body that is not JSON", fakeReplies.invalidJson(), { kind: "malformed" }],
    ["JSON that is not a message", fakeReplies.wrongShape(), { kind: "malformed" }],
    ["a message without text", { json: anthropicMessage({ content: [] }) }, { kind: "malformed" }],
  ])("maps %s to a ProviderError, in one request", async (_name, reply, expected) => {
    fake.respond("claude", reply);
    await expect(claude().ask(question)).rejects.toMatchObject(expected);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out on a server slower than the configured time-out", async () => {
    fake.respond("claude", fakeReplies.slow(2000));
    await expect(claude(100).ask(question)).rejects.toMatchObject({ kind: "timeout" });
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeAi, type FakeAi, fakeReplies, xaiResponse } from "../../../tests/fakes/ai";
import { createGrokProvider } from "./xai";

let fake: FakeAi;
beforeEach(async () => {
  fake = await createFakeAi();
});
afterEach(() => fake.close());

const grok = (timeoutMs = 5000) => createGrokProvider({ apiKey: "xai-test", model: "grok-4-1-fast", baseUrl: `${fake.url}/xai/v1`, timeoutMs });
const question = { question: "Welches CRM für eine kleine Agentur?", language: "de", country: "DE" };

describe("grok (xAI Responses API through the OpenAI SDK)", () => {
  it("asks with the web_search tool and reads xAI's search calls, annotations and citations list", async () => {
    const answer = await grok().ask(question);

    expect(answer).toEqual({
      text: "Acme CRM is the usual pick for small agencies [[1]](https://www.acme.example/pricing).",
      model: "grok-4-1-fast-reasoning",
      citations: [
        // xAI's annotations carry no title; the top-level list adds what was read but not cited.
        { url: "https://www.acme.example/pricing", title: null },
        { url: "https://news.example.net/acme-funding", title: "Acme raises Series B" },
        { url: "https://blog.example.com/crm-guide", title: null },
      ],
      // browse_page opens a URL, and an unparseable argument string names nothing.
      search_queries: ["best CRM small agency", "Acme CRM review"],
    });

    const [request] = fake.requests;
    expect(request.path).toBe("/xai/v1/responses");
    expect(request.headers.authorization).toBe("Bearer xai-test");
    expect(request.body).toEqual({
      model: "grok-4-1-fast",
      input: [
        { role: "system", content: "Answer in German." },
        { role: "user", content: "Welches CRM für eine kleine Agentur?" },
      ],
      tools: [{ type: "web_search" }],
    });
  });

  it("also reads OpenAI-style search actions", async () => {
    const body = xaiResponse();
    const action = { type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "acme crm vs globex" } };
    fake.respond("grok", { json: { ...body, output: [action, ...body.output] } });
    const answer = await grok().ask(question);
    expect(answer.search_queries).toEqual(["acme crm vs globex", "best CRM small agency", "Acme CRM review"]);
  });

  it.each([
    ["a 429 with retry-after", fakeReplies.error("grok", 429, { retryAfter: "3" }), { kind: "rate_limited", status: 429, retryAfterMs: 3000 }],
    ["a 502", fakeReplies.error("grok", 502), { kind: "unavailable", status: 502 }],
    ["a 401", fakeReplies.error("grok", 401), { kind: "auth", status: 401 }],
    ["a body that is not JSON", fakeReplies.invalidJson(), { kind: "malformed" }],
    ["JSON that is not a response", fakeReplies.wrongShape(), { kind: "malformed" }],
  ])("maps %s to a ProviderError, in one request", async (_name, reply, expected) => {
    fake.respond("grok", reply);
    await expect(grok().ask(question)).rejects.toMatchObject(expected);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out on a server slower than the configured time-out", async () => {
    fake.respond("grok", fakeReplies.slow(2000));
    await expect(grok(100).ask(question)).rejects.toMatchObject({ kind: "timeout" });
  });
});

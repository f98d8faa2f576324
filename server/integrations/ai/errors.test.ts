import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createClaudeProvider } from "./anthropic";
import { googleRetryDelay, retryAfterFromHeaders, toProviderError } from "./errors";
import { createGeminiProvider } from "./gemini";
import { createChatGptProvider } from "./openai";
import { createOpenAiCompatibleProvider } from "./openai-compatible";
import { createPerplexityProvider } from "./perplexity";
import { ProviderError } from "./types";
import { createGrokProvider } from "./xai";

describe("retryAfterFromHeaders", () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it("reads retry-after-ms first, then retry-after in seconds or as an HTTP date", () => {
    expect(retryAfterFromHeaders(new Headers({ "retry-after-ms": "250.4", "retry-after": "9" }), now)).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ "retry-after": "9" }), now)).toBe(9000);
    expect(retryAfterFromHeaders(new Headers({ "retry-after": "0.5" }), now)).toBe(500);
    expect(retryAfterFromHeaders(new Headers({ "retry-after": new Date(now + 30_000).toUTCString() }), now)).toBe(30_000);
  });

  it("never waits a negative time, and ignores what it cannot read", () => {
    expect(retryAfterFromHeaders(new Headers({ "retry-after": new Date(now - 30_000).toUTCString() }), now)).toBe(0);
    expect(retryAfterFromHeaders(new Headers({ "retry-after": "soon" }), now)).toBeNull();
    expect(retryAfterFromHeaders(new Headers({ "retry-after-ms": "-5" }), now)).toBeNull();
    expect(retryAfterFromHeaders(new Headers(), now)).toBeNull();
    expect(retryAfterFromHeaders(undefined, now)).toBeNull();
  });
});

describe("googleRetryDelay", () => {
  it("reads google.rpc.RetryInfo among the error details", () => {
    const body = (retryDelay: string) => ({
      error: {
        code: 429,
        details: [{ "@type": "type.googleapis.com/google.rpc.QuotaFailure" }, { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay }],
      },
    });
    expect(googleRetryDelay(body("37s"))).toBe(37_000);
    expect(googleRetryDelay(body("1.5s"))).toBe(1500);
    expect(googleRetryDelay(body("soon"))).toBeNull();
    expect(googleRetryDelay({ error: { code: 429 } })).toBeNull();
    expect(googleRetryDelay("not json")).toBeNull();
  });
});

describe("toProviderError", () => {
  it("keeps a ProviderError as it is", () => {
    const error = new ProviderError("quota", "spent");
    expect(toProviderError(error, "x")).toBe(error);
  });

  it("calls aborts and time-outs timeout, network failures unavailable, anything else malformed", () => {
    expect(toProviderError(new DOMException("aborted", "AbortError"), "gemini").kind).toBe("timeout");
    expect(toProviderError(new DOMException("timed out", "TimeoutError"), "gemini").kind).toBe("timeout");
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    expect(toProviderError(new TypeError("fetch failed", { cause: refused }), "gemini")).toMatchObject({
      kind: "unavailable",
      message: "gemini: connection failed (connect ECONNREFUSED 127.0.0.1:1)",
    });
    expect(toProviderError(new SyntaxError("Unexpected token < in JSON"), "gemini").kind).toBe("malformed");
  });

  it("reports a server that cannot be reached as unavailable, whichever SDK asked", async () => {
    const url = await closedServerUrl();
    const settings = { apiKey: "k", model: "m", timeoutMs: 2000 };
    const providers = [
      createChatGptProvider({ ...settings, baseUrl: `${url}/v1` }),
      createGrokProvider({ ...settings, baseUrl: `${url}/v1` }),
      createOpenAiCompatibleProvider({ ...settings, baseUrl: `${url}/v1` }),
      createClaudeProvider({ ...settings, baseUrl: url }),
      createPerplexityProvider({ ...settings, baseUrl: url }),
      createGeminiProvider({ ...settings, baseUrl: url }),
    ];
    for (const provider of providers) {
      await expect(provider.ask({ question: "q", language: "en", country: null }), provider.id).rejects.toMatchObject({ kind: "unavailable", status: null });
    }
  });
});

/** A port that was just free: nothing listens there any more. */
async function closedServerUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

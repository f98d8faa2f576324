import Anthropic from "@anthropic-ai/sdk";
import { ApiError as GoogleApiError } from "@google/genai";
import Perplexity from "@perplexity-ai/perplexity_ai";
import OpenAI from "openai";
import { isRecord } from "./shared";
import { ProviderError, type ProviderErrorKind } from "./types";

/** The three Stainless-generated SDKs share one error design, each with its own classes. */
const SDKS = [OpenAI, Anthropic, Perplexity] as const;

type StatusError = { status: number; headers: Headers | undefined; body: unknown; message: string };

/**
 * Turns whatever an SDK call threw into a ProviderError, so that the pipeline can decide on retries
 * without knowing which SDK ran.
 */
export function toProviderError(error: unknown, provider: string): ProviderError {
  if (error instanceof ProviderError) return error;

  // Our deadline or the caller's signal: the SDKs report both as a user abort.
  if (SDKS.some((sdk) => error instanceof sdk.APIUserAbortError) || isAbortError(error)) {
    return new ProviderError("timeout", `${provider}: no answer in time`, { cause: error });
  }
  if (SDKS.some((sdk) => error instanceof sdk.APIConnectionTimeoutError)) {
    return new ProviderError("timeout", `${provider}: request timed out`, { cause: error });
  }
  if (SDKS.some((sdk) => error instanceof sdk.APIConnectionError)) {
    return new ProviderError("unavailable", `${provider}: connection failed (${messageOf(error)})`, { cause: error });
  }

  const status = statusError(error);
  if (status) return fromStatus(status, provider, error);

  // @google/genai lets fetch's own network failures through.
  if (error instanceof TypeError && /fetch failed|network/i.test(error.message)) {
    return new ProviderError("unavailable", `${provider}: connection failed (${messageOf(error.cause ?? error)})`, { cause: error });
  }
  // Anything else was thrown while the SDK read a 2xx body (not JSON, or not the shape it expects).
  return new ProviderError("malformed", `${provider}: unreadable response (${messageOf(error)})`, { cause: error });
}

function statusError(error: unknown): StatusError | null {
  for (const sdk of SDKS) {
    if (error instanceof sdk.APIError && typeof error.status === "number") {
      return { status: error.status, headers: error.headers, body: error.error, message: error.message };
    }
  }
  if (error instanceof GoogleApiError) {
    // The genai SDK puts the JSON error body, serialised, in the message, and drops the headers.
    let body: unknown = null;
    try {
      body = JSON.parse(error.message);
    } catch {
      // A plain-text body: keep the message as it is.
    }
    const inner = isRecord(body) && isRecord(body.error) ? body.error : null;
    const message = inner && typeof inner.message === "string" ? inner.message : error.message;
    return { status: error.status, headers: undefined, body, message };
  }
  return null;
}

function fromStatus({ status, headers, body, message }: StatusError, provider: string, cause: unknown): ProviderError {
  const kind = kindOf(status, body);
  const retryAfterMs = kind === "rate_limited" || kind === "unavailable" ? (retryAfterFromHeaders(headers) ?? googleRetryDelay(body)) : null;
  return new ProviderError(kind, `${provider}: ${message}`, { status, retryAfterMs, cause });
}

/** Error codes that say money, not load, stopped the call: waiting will not help. */
const QUOTA_CODES = new Set(["insufficient_quota", "enforced_spend_limit_reached", "billing_hard_limit_reached"]);

function kindOf(status: number, body: unknown): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 402) return "quota";
  if (status === 408) return "timeout";
  if (status === 429) return errorCodes(body).some((code) => QUOTA_CODES.has(code)) ? "quota" : "rate_limited";
  if (status >= 500) return "unavailable";
  return "rejected";
}

/**
 * OpenAI nests `{message, type, code}` under `error` (the SDK keeps only that part), Anthropic sends
 * `{type:"error", error:{type, details:{error_code}}}`; look in both places.
 */
function errorCodes(body: unknown): string[] {
  const codes: string[] = [];
  const visit = (value: unknown) => {
    if (!isRecord(value)) return;
    if (typeof value.code === "string") codes.push(value.code);
    if (isRecord(value.details) && typeof value.details.error_code === "string") codes.push(value.details.error_code);
  };
  visit(body);
  if (isRecord(body)) visit(body.error);
  return codes;
}

/** `retry-after-ms` (milliseconds), then `retry-after` (seconds, or an HTTP date). */
export function retryAfterFromHeaders(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "") {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const after = headers.get("retry-after")?.trim();
  if (!after) return null;
  if (/^\d+(\.\d+)?$/.test(after)) return Math.round(Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Google's `google.rpc.RetryInfo` detail: `{"@type": "…RetryInfo", "retryDelay": "37s"}`. */
export function googleRetryDelay(body: unknown): number | null {
  if (!isRecord(body) || !isRecord(body.error) || !Array.isArray(body.error.details)) return null;
  for (const detail of body.error.details) {
    if (!isRecord(detail) || typeof detail["@type"] !== "string" || !detail["@type"].endsWith("google.rpc.RetryInfo")) continue;
    const delay = typeof detail.retryDelay === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay.trim()) : null;
    if (delay) return Math.round(Number(delay[1]) * 1000);
  }
  return null;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

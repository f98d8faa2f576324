/**
 * The contract every AI assistant adapter meets. The pipeline knows nothing else about a provider:
 * it asks one question, gets back the answer text with the sources and the searches behind it, or a
 * ProviderError that says whether (and when) trying again can help.
 */

import type { ProviderId } from "#domain/providers";

export type Citation = { url: string; title: string | null };

export type ProviderAnswer = {
  /** The answer as the assistant wrote it (markdown, inline markers kept). */
  text: string;
  /** The model that answered, as the provider reports it (falls back to the configured one). */
  model: string;
  /** Sources the answer cites, in order of first citation, each URL once. */
  citations: Citation[];
  /** The web searches the assistant ran while answering ("fan-out"), in order, each once. */
  search_queries: string[];
};

/** What the demo provider needs to answer plausibly; real providers ignore it. */
export type AskProfile = {
  brand_name: string;
  aliases: string[];
  website_url: string | null;
  competitors: Array<{ name: string; domain: string | null; aliases: string[] }>;
  keywords: string[];
};

export type AskInput = {
  question: string;
  /** Market language (ISO 639-1, e.g. "fr"): the assistant is asked to answer in it. */
  language: string;
  /** Market country (ISO 3166-1 alpha-2), when known: sent as the user's approximate location. */
  country: string | null;
  signal?: AbortSignal;
  profile?: AskProfile;
  /**
   * A fact-finding call (the second opinion, the audit's suggestions), not an answer to show: the
   * reply is one JSON object fitting this schema, through the provider's own structured-output mode,
   * and nothing is searched (Perplexity always searches).
   */
  reply?: StructuredReply;
};

/** A JSON Schema (draft 2020-12, objects closed with additionalProperties: false) and its name. */
export type StructuredReply = { name: string; schema: Record<string, unknown> };

export type ProviderErrorKind =
  | "rate_limited" // 429: retry after `retryAfterMs` when given
  | "unavailable" // 5xx, 529 overloaded, connection reset
  | "timeout"
  | "malformed" // 2xx with a body we cannot read
  | "auth" // 401/403: the key is wrong; retrying cannot help
  | "quota" // billing or spend limit reached; retrying cannot help
  | "rejected"; // other 4xx: the request itself was refused

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | null;
  /** From retry-after-ms / retry-after (seconds or HTTP date) / Google RetryInfo, when sent. */
  readonly retryAfterMs: number | null;

  constructor(kind: ProviderErrorKind, message: string, options: { status?: number | null; retryAfterMs?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ProviderError";
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }

  get retryable(): boolean {
    return this.kind === "rate_limited" || this.kind === "unavailable" || this.kind === "timeout" || this.kind === "malformed";
  }
}

export interface AiProvider {
  readonly id: ProviderId;
  /** Shown in the UI ("ChatGPT", "Claude", …, "Demo"). */
  readonly label: string;
  readonly model: string;
  /** True only for the demo provider: its results are labelled "Demo" everywhere. */
  readonly simulated: boolean;
  /**
   * One call, no retries of its own (the pipeline retries, honouring retryAfterMs), bounded by
   * `signal` and the configured time-out. Resolves with the answer or rejects with a ProviderError.
   */
  ask(input: AskInput): Promise<ProviderAnswer>;
}

import { PROVIDER_LABELS as LABELS } from "#domain/providers";
import type { ProviderId } from "#domain/providers";
import type { Citation } from "./types";

/** What every real adapter is built from: the config maps onto it in index.ts, tests build it directly. */
export type ProviderSettings = {
  apiKey: string;
  model: string;
  /** The SDK's default when unset; a proxy or a local fake otherwise. */
  baseUrl?: string;
  /** Bounds the whole `ask`, continuations and redirect lookups included. */
  timeoutMs: number;
};

/** One list of names for the API and the screens. */
export const PROVIDER_LABELS: Record<ProviderId, string> = LABELS as Record<ProviderId, string>;

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

/** "Answer in French." Written in English: every model follows it, and the question itself sets the tone. */
export function languageInstruction(language: string): string {
  let name = language;
  try {
    name = languageNames.of(language) ?? language;
  } catch {
    // Not a language tag: passing it through still tells the model something.
  }
  return `Answer in ${name}.`;
}

/**
 * One deadline for the whole call. The SDK time-outs alone are not enough: the Stainless clients
 * stop their timer once headers arrive, and a continued Claude turn makes several requests.
 */
export function callSignal(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const deadline = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** http(s) only, each URL once in order of first appearance; a later title fills a missing one. */
export function cleanCitations(candidates: Iterable<{ url: unknown; title?: unknown }>): Citation[] {
  const byUrl = new Map<string, Citation>();
  for (const candidate of candidates) {
    if (!isHttpUrl(candidate.url)) continue;
    const url = candidate.url.trim();
    const title = typeof candidate.title === "string" && candidate.title.trim() ? candidate.title.trim() : null;
    const seen = byUrl.get(url);
    if (!seen) byUrl.set(url, { url, title });
    else if (seen.title === null && title !== null) seen.title = title;
  }
  return [...byUrl.values()];
}

/** Trimmed, empties dropped, each query once in order. */
export function cleanQueries(candidates: Iterable<unknown>): string[] {
  const queries = new Set<string>();
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const query = candidate.trim();
    if (query) queries.add(query);
  }
  return [...queries];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

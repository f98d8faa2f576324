import { GoogleGenAI, type GroundingChunk } from "@google/genai";
import { toProviderError } from "./errors";
import { callSignal, cleanCitations, cleanQueries, isHttpUrl, languageInstruction, PROVIDER_LABELS, type ProviderSettings } from "./shared";
import { type AiProvider, type Citation, type ProviderAnswer, ProviderError } from "./types";

/** Grounding chunks point at Google redirect URLs on this origin, not at the sources themselves. */
const REDIRECT_ORIGIN = "https://vertexaisearch.cloud.google.com";
/** Looking up where the redirects lead is a nicety: never let it hold an answer back for long. */
const REDIRECT_LOOKUP_MS = 5000;

/**
 * Gemini: generateContent grounded with the google_search tool. The SDK's retries stay off (its
 * default): the pipeline retries, honouring Google's RetryInfo.
 */
export function createGeminiProvider(settings: ProviderSettings): AiProvider {
  const client = new GoogleGenAI({
    apiKey: settings.apiKey,
    vertexai: false,
    httpOptions: { ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}), timeout: settings.timeoutMs },
  });
  // A proxy or a fake serving the API at another base URL serves the redirects there too.
  const redirectOrigins = new Set([REDIRECT_ORIGIN, ...(settings.baseUrl ? [new URL(settings.baseUrl).origin] : [])]);
  return {
    id: "gemini",
    label: PROVIDER_LABELS.gemini,
    model: settings.model,
    simulated: false,
    async ask(input) {
      const signal = callSignal(settings.timeoutMs, input.signal);
      try {
        const response = await client.models.generateContent({
          model: settings.model,
          contents: input.question,
          config: {
            ...(input.reply ? { responseMimeType: "application/json", responseJsonSchema: input.reply.schema } : { tools: [{ googleSearch: {} }] }),
            systemInstruction: languageInstruction(input.language),
            abortSignal: signal,
          },
        });
        const candidate = Array.isArray(response.candidates) ? response.candidates[0] : undefined;
        if (!candidate) {
          const blocked = response.promptFeedback?.blockReason;
          throw new ProviderError("malformed", `gemini: no candidate${blocked ? ` (prompt blocked: ${blocked})` : ""}`);
        }
        // Thinking models return their thoughts as parts too: they are not the answer.
        const text = (candidate.content?.parts ?? [])
          .filter((part) => !part.thought && typeof part.text === "string")
          .map((part) => part.text)
          .join("");
        if (!text.trim()) throw new ProviderError("malformed", `gemini: no answer text (finish reason ${String(candidate.finishReason)})`);
        const grounding = candidate.groundingMetadata;
        return {
          text,
          model: typeof response.modelVersion === "string" && response.modelVersion ? response.modelVersion : settings.model,
          citations: cleanCitations(await resolveSources(grounding?.groundingChunks ?? [], redirectOrigins, signal)),
          search_queries: cleanQueries(grounding?.webSearchQueries ?? []),
        } satisfies ProviderAnswer;
      } catch (error) {
        throw toProviderError(error, "gemini");
      }
    },
  };
}

/**
 * A grounding chunk's `uri` is a Google redirect and its `title` usually the bare domain. Ask each
 * redirect, all at once, where it leads; when that fails, the domain is still a usable address.
 */
async function resolveSources(chunks: GroundingChunk[], redirectOrigins: Set<string>, signal: AbortSignal): Promise<Citation[]> {
  const lookup = AbortSignal.any([signal, AbortSignal.timeout(REDIRECT_LOOKUP_MS)]);
  const webChunks = chunks.flatMap((chunk) => (chunk.web && isHttpUrl(chunk.web.uri) ? [{ uri: chunk.web.uri, title: chunk.web.title?.trim() || null }] : []));
  const targets = new Map<string, Promise<string | null>>();
  for (const { uri } of webChunks) {
    if (!targets.has(uri)) targets.set(uri, redirectOrigins.has(new URL(uri).origin) ? redirectTarget(uri, lookup) : Promise.resolve(uri));
  }
  return Promise.all(
    webChunks.map(async ({ uri, title }) => {
      const target = await targets.get(uri);
      if (target) return { url: target, title };
      if (title && looksLikeDomain(title)) return { url: `https://${title}`, title };
      return { url: uri, title };
    }),
  );
}

/** The Location a redirect URL answers with, or null. HEAD first; GET when HEAD is not served. */
async function redirectTarget(uri: string, signal: AbortSignal): Promise<string | null> {
  for (const method of ["HEAD", "GET"]) {
    try {
      const response = await fetch(uri, { method, redirect: "manual", signal });
      await response.body?.cancel();
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        const target = new URL(location, uri).href;
        return isHttpUrl(target) ? target : null;
      }
    } catch {
      // Unreachable, timed out or aborted: fall back to the domain.
      return null;
    }
  }
  return null;
}

function looksLikeDomain(value: string): boolean {
  return /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value);
}

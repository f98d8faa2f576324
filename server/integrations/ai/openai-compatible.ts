import OpenAI from "openai";
import type { ChatCompletion } from "openai/resources/chat/completions";
import { toProviderError } from "./errors";
import { callSignal, cleanCitations, isRecord, languageInstruction, PROVIDER_LABELS, type ProviderSettings } from "./shared";
import { type AiProvider, type Citation, type ProviderAnswer, ProviderError } from "./types";

/** Gateways and search-enabled servers add a top-level `citations` list (Perplexity's and xAI's habit). */
type CompatibleCompletion = ChatCompletion & { citations?: unknown };

/**
 * Any server speaking OpenAI chat completions: a local model, a gateway. Whether it searches is up
 * to the server, so citations are read when present and no search queries are claimed.
 */
export function createOpenAiCompatibleProvider(settings: Omit<ProviderSettings, "apiKey"> & { apiKey?: string }): AiProvider {
  const client = new OpenAI({
    // Local servers often need no key, but the SDK refuses to start without one.
    apiKey: settings.apiKey || "not-needed",
    baseURL: settings.baseUrl,
    maxRetries: 0,
    timeout: settings.timeoutMs,
  });
  return {
    id: "openai-compatible",
    label: PROVIDER_LABELS["openai-compatible"],
    model: settings.model,
    simulated: false,
    async ask(input) {
      try {
        const completion: CompatibleCompletion = await client.chat.completions.create(
          {
            model: settings.model,
            messages: [
              { role: "system", content: languageInstruction(input.language) },
              { role: "user", content: input.question },
            ],
            ...(input.reply
              ? { response_format: { type: "json_schema" as const, json_schema: { name: input.reply.name, schema: input.reply.schema, strict: true } } }
              : {}),
          },
          { signal: callSignal(settings.timeoutMs, input.signal) },
        );
        const message = isRecord(completion) && Array.isArray(completion.choices) ? completion.choices[0]?.message : undefined;
        if (!isRecord(message)) throw new ProviderError("malformed", "openai-compatible: the response has no message");
        const text = typeof message.content === "string" ? message.content : "";
        if (!text.trim()) throw new ProviderError("malformed", "openai-compatible: no answer text");
        const cited: Citation[] = (message.annotations ?? []).flatMap((annotation) =>
          annotation.type === "url_citation" && annotation.url_citation ? [{ url: annotation.url_citation.url, title: annotation.url_citation.title ?? null }] : [],
        );
        const listed = Array.isArray(completion.citations) ? completion.citations.map((url: unknown) => ({ url, title: null })) : [];
        return {
          text,
          model: typeof completion.model === "string" && completion.model ? completion.model : settings.model,
          citations: cleanCitations([...cited, ...listed]),
          search_queries: [],
        } satisfies ProviderAnswer;
      } catch (error) {
        throw toProviderError(error, "openai-compatible");
      }
    },
  };
}

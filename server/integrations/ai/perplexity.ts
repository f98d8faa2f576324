import Perplexity from "@perplexity-ai/perplexity_ai";
import { toProviderError } from "./errors";
import { callSignal, cleanCitations, cleanQueries, isRecord, languageInstruction, PROVIDER_LABELS, type ProviderSettings } from "./shared";
import { type AiProvider, type ProviderAnswer, ProviderError } from "./types";

/** Perplexity: Sonar chat completions, which always search; the official SDK (no /v1 in its paths). */
export function createPerplexityProvider(settings: ProviderSettings): AiProvider {
  const client = new Perplexity({ apiKey: settings.apiKey, baseURL: settings.baseUrl, maxRetries: 0, timeout: settings.timeoutMs });
  return {
    id: "perplexity",
    label: PROVIDER_LABELS.perplexity,
    model: settings.model,
    simulated: false,
    async ask(input) {
      try {
        const response = await client.chat.completions.create(
          {
            model: settings.model,
            messages: [
              { role: "system", content: languageInstruction(input.language) },
              { role: "user", content: input.question },
            ],
            ...(input.country ? { web_search_options: { user_location: { country: input.country.toUpperCase() } } } : {}),
            ...(input.reply
              ? { response_format: { type: "json_schema" as const, json_schema: { name: input.reply.name, schema: input.reply.schema, strict: true } } }
              : {}),
          },
          { signal: callSignal(settings.timeoutMs, input.signal) },
        );
        const message = isRecord(response) && Array.isArray(response.choices) ? response.choices[0]?.message : undefined;
        if (!isRecord(message)) throw new ProviderError("malformed", "perplexity: the response has no message");
        const text =
          typeof message.content === "string"
            ? message.content
            : (message.content ?? []).map((chunk) => (chunk.type === "text" ? chunk.text : "")).join("");
        if (!text.trim()) throw new ProviderError("malformed", "perplexity: no answer text");
        // search_results carry titles; citations are the bare URLs of the same sources, for older models.
        const sources = response.search_results?.length
          ? response.search_results.map((result) => ({ url: result.url, title: result.title }))
          : (response.citations ?? []).map((url) => ({ url, title: null }));
        return {
          text,
          model: typeof response.model === "string" && response.model ? response.model : settings.model,
          citations: cleanCitations(sources),
          search_queries: cleanQueries((message.reasoning_steps ?? []).flatMap((step) => step.web_search?.search_keywords ?? [])),
        } satisfies ProviderAnswer;
      } catch (error) {
        throw toProviderError(error, "perplexity");
      }
    },
  };
}

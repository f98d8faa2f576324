import OpenAI from "openai";
import type { Response, ResponseOutputItem } from "openai/resources/responses/responses";
import { toProviderError } from "./errors";
import { callSignal, cleanCitations, cleanQueries, isRecord, languageInstruction, PROVIDER_LABELS, type ProviderSettings } from "./shared";
import { type AiProvider, type Citation, type ProviderAnswer, ProviderError } from "./types";

/** ChatGPT: the Responses API with the web_search tool, the way the ChatGPT app searches. */
export function createChatGptProvider(settings: ProviderSettings): AiProvider {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, maxRetries: 0, timeout: settings.timeoutMs });
  return {
    id: "chatgpt",
    label: PROVIDER_LABELS.chatgpt,
    model: settings.model,
    simulated: false,
    async ask(input) {
      try {
        const response = await client.responses.create(
          {
            model: settings.model,
            instructions: languageInstruction(input.language),
            input: input.question,
            ...(input.reply
              ? { text: { format: { type: "json_schema" as const, name: input.reply.name, schema: input.reply.schema, strict: true } } }
              : {
                  tools: [
                    {
                      type: "web_search" as const,
                      ...(input.country ? { user_location: { type: "approximate" as const, country: input.country.toUpperCase() } } : {}),
                    },
                  ],
                  // Every consulted source, not only the cited ones, is sent only when asked for.
                  include: ["web_search_call.action.sources" as const],
                }),
            // Nothing refers back to this response later: do not keep it on OpenAI's side.
            store: false,
          },
          { signal: callSignal(settings.timeoutMs, input.signal) },
        );
        const output = responseOutput(response, "chatgpt");
        const { text, citations } = outputText(output);
        if (!text.trim()) throw new ProviderError("malformed", `chatgpt: no answer text (status ${String(response.status)})`);
        return {
          text,
          model: typeof response.model === "string" && response.model ? response.model : settings.model,
          citations: cleanCitations(citations),
          search_queries: cleanQueries(output.flatMap(searchActionQueries)),
        } satisfies ProviderAnswer;
      } catch (error) {
        throw toProviderError(error, "chatgpt");
      }
    },
  };
}

/** The `output` array of a Responses API body, or a malformed error when the body is not one. */
export function responseOutput(response: Response, provider: string): ResponseOutputItem[] {
  if (!isRecord(response) || !Array.isArray(response.output)) {
    throw new ProviderError("malformed", `${provider}: the response has no output`);
  }
  return response.output;
}

/**
 * The assistant's words and the URLs they cite. The raw API sends no `output_text` convenience
 * field (the SDK derives it), so read the message parts.
 */
export function outputText(output: ResponseOutputItem[]): { text: string; citations: Citation[] } {
  const messages: string[] = [];
  const citations: Citation[] = [];
  for (const item of output) {
    if (item.type !== "message" || !Array.isArray(item.content)) continue;
    let text = "";
    for (const part of item.content) {
      if (part.type !== "output_text" || typeof part.text !== "string") continue;
      text += part.text;
      for (const annotation of part.annotations ?? []) {
        if (annotation.type === "url_citation") citations.push({ url: annotation.url, title: annotation.title ?? null });
      }
    }
    if (text) messages.push(text);
  }
  return { text: messages.join("\n\n"), citations };
}

/** OpenAI's search action: `queries[]`, or the deprecated single `query` older responses carry. */
export function searchActionQueries(item: ResponseOutputItem): string[] {
  if (item.type !== "web_search_call" || !isRecord(item.action) || item.action.type !== "search") return [];
  const { queries, query } = item.action;
  if (Array.isArray(queries) && queries.length > 0) return queries;
  return typeof query === "string" ? [query] : [];
}

import OpenAI from "openai";
import type { Response, ResponseOutputItem } from "openai/resources/responses/responses";
import { toProviderError } from "./errors";
import { outputText, responseOutput, searchActionQueries } from "./openai";
import { callSignal, cleanCitations, cleanQueries, isRecord, languageInstruction, PROVIDER_LABELS, type ProviderSettings } from "./shared";
import { type AiProvider, type ProviderAnswer, ProviderError } from "./types";

/** Where xAI's Responses API differs from OpenAI's. */
type XaiResponse = Response & { citations?: unknown };

/** xAI's own search tool calls; `browse_page` opens a URL and is not a search. */
const SEARCH_TOOLS = new Set(["web_search", "web_search_with_snippets"]);

/**
 * Grok: xAI has no TypeScript SDK, and documents the OpenAI one. Web search is the Responses API's
 * server-side `web_search` tool (Live Search, `search_parameters`, is deprecated and now refused).
 */
export function createGrokProvider(settings: ProviderSettings): AiProvider {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl ?? "https://api.x.ai/v1", maxRetries: 0, timeout: settings.timeoutMs });
  return {
    id: "grok",
    label: PROVIDER_LABELS.grok,
    model: settings.model,
    simulated: false,
    async ask(input) {
      try {
        const response: XaiResponse = await client.responses.create(
          {
            model: settings.model,
            // xAI documents the instruction as a system message in `input`, not as `instructions`.
            input: [
              { role: "system", content: languageInstruction(input.language) },
              { role: "user", content: input.question },
            ],
            ...(input.reply
              ? { text: { format: { type: "json_schema" as const, name: input.reply.name, schema: input.reply.schema, strict: true } } }
              : { tools: [{ type: "web_search" as const }] }),
          },
          { signal: callSignal(settings.timeoutMs, input.signal) },
        );
        const output = responseOutput(response, "grok");
        const { text, citations } = outputText(output);
        if (!text.trim()) throw new ProviderError("malformed", `grok: no answer text (status ${String(response.status)})`);
        const listed = Array.isArray(response.citations) ? response.citations.map((url: unknown) => ({ url, title: null })) : [];
        return {
          text,
          model: typeof response.model === "string" && response.model ? response.model : settings.model,
          // Cited annotations first: they carry titles when xAI sends any; then "all sources encountered".
          citations: cleanCitations([...citations, ...listed]),
          search_queries: cleanQueries(output.flatMap((item) => [...xaiSearchQueries(item), ...searchActionQueries(item)])),
        } satisfies ProviderAnswer;
      } catch (error) {
        throw toProviderError(error, "grok");
      }
    },
  };
}

/** `{type:"web_search_call", name:"web_search", arguments:"{\"query\":…}"}`: the arguments are a JSON string. */
function xaiSearchQueries(item: ResponseOutputItem): string[] {
  const call: Record<string, unknown> = isRecord(item) ? item : {};
  if (call.type !== "web_search_call" || typeof call.name !== "string" || !SEARCH_TOOLS.has(call.name)) return [];
  if (typeof call.arguments !== "string") return [];
  try {
    const args: unknown = JSON.parse(call.arguments);
    return isRecord(args) && typeof args.query === "string" ? [args.query] : [];
  } catch {
    // A half-written argument string names no query; the answer is still good.
    return [];
  }
}

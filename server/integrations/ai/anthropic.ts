import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock, Message, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { toProviderError } from "./errors";
import { callSignal, cleanCitations, cleanQueries, isRecord, languageInstruction, PROVIDER_LABELS, type ProviderSettings } from "./shared";
import { type AiProvider, type Citation, type ProviderAnswer, ProviderError } from "./types";

/** A long search turn comes back as `pause_turn`; this many re-sends let Claude finish it. */
const MAX_CONTINUATIONS = 3;
const MAX_TOKENS = 4096;

/**
 * Claude: the Messages API with the web_search server tool. No temperature: API version 2026-10-21
 * (the one this SDK sends) refuses it.
 */
export function createClaudeProvider(settings: ProviderSettings): AiProvider {
  const client = new Anthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl, maxRetries: 0, timeout: settings.timeoutMs });
  return {
    id: "claude",
    label: PROVIDER_LABELS.claude,
    model: settings.model,
    simulated: false,
    async ask(input) {
      const signal = callSignal(settings.timeoutMs, input.signal);
      const messages: MessageParam[] = [{ role: "user", content: input.question }];
      const content: ContentBlock[] = [];
      let model = settings.model;
      try {
        for (let turn = 0; turn <= MAX_CONTINUATIONS; turn++) {
          const message: Message = await client.messages.create(
            {
              model: settings.model,
              max_tokens: MAX_TOKENS,
              system: languageInstruction(input.language),
              messages,
              ...(input.reply
                ? { output_config: { format: { type: "json_schema" as const, schema: input.reply.schema } } }
                : {
                    tools: [
                      {
                        type: "web_search_20250305" as const,
                        name: "web_search" as const,
                        max_uses: 5,
                        ...(input.country ? { user_location: { type: "approximate" as const, country: input.country.toUpperCase() } } : {}),
                      },
                    ],
                  }),
            },
            { signal },
          );
          if (!isRecord(message) || !Array.isArray(message.content)) throw new ProviderError("malformed", "claude: the response has no content");
          if (typeof message.model === "string" && message.model) model = message.model;
          content.push(...message.content);
          if (message.stop_reason !== "pause_turn") break;
          // Claude resumes a paused turn from its own partial content, sent back as the last assistant message.
          messages.push({ role: "assistant", content: message.content });
        }
        const answer = readContent(content);
        if (!answer.text.trim()) throw new ProviderError("malformed", "claude: no answer text");
        return { ...answer, model } satisfies ProviderAnswer;
      } catch (error) {
        throw toProviderError(error, "claude");
      }
    },
  };
}

/**
 * Claude splits its answer into text blocks at citation boundaries; each block's citations point at
 * the search results it rests on. Searches are the `server_tool_use` blocks before them.
 */
function readContent(content: ContentBlock[]): Omit<ProviderAnswer, "model"> {
  let text = "";
  let afterTool = false;
  const citations: Citation[] = [];
  const queries: unknown[] = [];
  for (const block of content) {
    if (block.type !== "text") {
      afterTool = text !== "";
    } else {
      // Blocks split at citations run on; a preamble before a search ("I'll look that up.") is its own paragraph.
      text += (afterTool ? "\n\n" : "") + block.text;
      afterTool = false;
      for (const citation of block.citations ?? []) {
        if (citation.type === "web_search_result_location") citations.push({ url: citation.url, title: citation.title });
      }
    }
    if (block.type === "server_tool_use" && block.name === "web_search" && isRecord(block.input)) queries.push(block.input.query);
  }
  return { text, citations: cleanCitations(citations), search_queries: cleanQueries(queries) };
}

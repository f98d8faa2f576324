import { type Config, getConfig } from "../../config";
import { createClaudeProvider } from "./anthropic";
import { createDemoProvider } from "./demo";
import { createGeminiProvider } from "./gemini";
import { createChatGptProvider } from "./openai";
import { createOpenAiCompatibleProvider } from "./openai-compatible";
import { createPerplexityProvider } from "./perplexity";
import { ASSISTANT_IDS, PROVIDER_IDS, type ProviderId } from "#domain/providers";
import type { AiProvider } from "./types";
import { createGrokProvider } from "./xai";

/** Without SEO_LLM_ENABLED_PROVIDERS: the five assistants in screen order, then a compatible server. */
const DEFAULT_ORDER: ProviderId[] = [...ASSISTANT_IDS, "openai-compatible"];

/**
 * The providers analyses ask: each real one whose key (or, for openai-compatible, base URL) is set,
 * in SEO_LLM_ENABLED_PROVIDERS order when that lists any. A listed provider without its key is left
 * out, not faked; the demo provider answers only when nothing real is left (or when listed).
 */
export function createProviders(config: Config = getConfig()): AiProvider[] {
  const timeoutMs = config.AI_TIMEOUT_MS;
  const factories: Partial<Record<ProviderId, () => AiProvider>> = {
    demo: () => createDemoProvider({ delayMs: config.AI_DEMO_DELAY_MS }),
  };
  if (config.OPENAI_API_KEY) {
    const apiKey = config.OPENAI_API_KEY;
    factories.chatgpt = () => createChatGptProvider({ apiKey, model: config.OPENAI_MODEL, baseUrl: config.OPENAI_BASE_URL, timeoutMs });
  }
  if (config.ANTHROPIC_API_KEY) {
    const apiKey = config.ANTHROPIC_API_KEY;
    factories.claude = () => createClaudeProvider({ apiKey, model: config.ANTHROPIC_MODEL, baseUrl: config.ANTHROPIC_BASE_URL, timeoutMs });
  }
  if (config.PERPLEXITY_API_KEY) {
    const apiKey = config.PERPLEXITY_API_KEY;
    factories.perplexity = () => createPerplexityProvider({ apiKey, model: config.PERPLEXITY_MODEL, baseUrl: config.PERPLEXITY_BASE_URL, timeoutMs });
  }
  if (config.GEMINI_API_KEY) {
    const apiKey = config.GEMINI_API_KEY;
    factories.gemini = () => createGeminiProvider({ apiKey, model: config.GEMINI_MODEL, baseUrl: config.GEMINI_BASE_URL, timeoutMs });
  }
  if (config.XAI_API_KEY) {
    const apiKey = config.XAI_API_KEY;
    factories.grok = () => createGrokProvider({ apiKey, model: config.XAI_MODEL, baseUrl: config.XAI_BASE_URL, timeoutMs });
  }
  if (config.OPENAI_COMPATIBLE_BASE_URL) {
    const baseUrl = config.OPENAI_COMPATIBLE_BASE_URL;
    factories["openai-compatible"] = () =>
      createOpenAiCompatibleProvider({ apiKey: config.OPENAI_COMPATIBLE_API_KEY, model: config.OPENAI_COMPATIBLE_MODEL, baseUrl, timeoutMs });
  }

  const listed = config.SEO_LLM_ENABLED_PROVIDERS.filter(isProviderId);
  const order = listed.length > 0 ? [...new Set(listed)] : DEFAULT_ORDER;
  const providers = order.flatMap((id) => factories[id]?.() ?? []);
  return providers.length > 0 ? providers : [createDemoProvider({ delayMs: config.AI_DEMO_DELAY_MS })];
}

function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

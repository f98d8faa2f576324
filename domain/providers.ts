/** Every provider an analysis can ask: the five assistants, any OpenAI-compatible server, and the demo. */
export const PROVIDER_IDS = ["chatgpt", "claude", "perplexity", "gemini", "grok", "openai-compatible", "demo"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The five assistants the product is about, in the order screens list them. */
export const ASSISTANT_IDS = ["chatgpt", "gemini", "perplexity", "claude", "grok"] as const;

/** How each AI provider is named on screen; an id this version does not know is shown as it is. */
export const PROVIDER_LABELS: Record<ProviderId | (string & {}), string> = {
  chatgpt: "ChatGPT",
  claude: "Claude",
  perplexity: "Perplexity",
  gemini: "Gemini",
  grok: "Grok",
  "openai-compatible": "OpenAI-compatible",
  demo: "Demo",
};

/** The names that are words, not brands, in the other interface language. */
const FRENCH_LABELS: Record<string, string> = { demo: "Démo", "openai-compatible": "Compatible OpenAI" };

export function providerLabel(id: string, locale?: string): string {
  return (locale?.startsWith("fr") ? FRENCH_LABELS[id] : undefined) ?? PROVIDER_LABELS[id] ?? id;
}

/**
 * The assistants an insight screen offers as a filter: the enabled ones, plus any found in the
 * data (a provider since switched off) or asked for in the URL; sorted.
 */
export function knownProviders(enabled: readonly string[], seen: Iterable<string>, asked?: string): string[] {
  const providers = new Set([...enabled, ...seen]);
  if (asked) providers.add(asked);
  return [...providers].sort();
}

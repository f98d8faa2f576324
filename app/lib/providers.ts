/** How each AI provider is named on screen; an id this version does not know is shown as it is. */
export const PROVIDER_LABELS: Record<string, string> = {
  chatgpt: "ChatGPT",
  claude: "Claude",
  perplexity: "Perplexity",
  gemini: "Gemini",
  grok: "Grok",
  "openai-compatible": "OpenAI-compatible",
  demo: "Demo",
};

export function providerLabel(id: string): string {
  return PROVIDER_LABELS[id] ?? id;
}

import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { providerLabel } from "#domain/providers";
import { createProviders } from "./index";

const config = (env: Record<string, string> = {}) => loadConfig({ SECRET_KEY: "a-test-secret-that-is-at-least-32-characters", ...env });

const keys = {
  OPENAI_API_KEY: "sk-openai",
  ANTHROPIC_API_KEY: "sk-ant",
  PERPLEXITY_API_KEY: "pplx",
  GEMINI_API_KEY: "gemini",
  XAI_API_KEY: "xai",
  OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1",
};

describe("createProviders", () => {
  it("falls back to the demo provider alone when no provider is configured", () => {
    const providers = createProviders(config());
    expect(providers.map((provider) => [provider.id, provider.simulated])).toEqual([["demo", true]]);
  });

  it("enables each provider whose key is set, in the order screens list them", () => {
    const providers = createProviders(config({ ANTHROPIC_API_KEY: "sk-ant", OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_API_KEY: "sk" }));
    expect(providers.map((provider) => provider.id)).toEqual(["chatgpt", "claude", "openai-compatible"]);
    expect(providers.every((provider) => !provider.simulated)).toBe(true);

    const all = createProviders(config(keys));
    expect(all.map((provider) => provider.id)).toEqual(["chatgpt", "gemini", "perplexity", "claude", "grok", "openai-compatible"]);
    expect(all.map((provider) => provider.label)).toEqual(["ChatGPT", "Gemini", "Perplexity", "Claude", "Grok", "OpenAI-compatible"]);
  });

  it("uses the configured models", () => {
    const providers = createProviders(config({ ...keys, OPENAI_MODEL: "gpt-6", GEMINI_MODEL: "gemini-3-pro", OPENAI_COMPATIBLE_MODEL: "qwen3" }));
    expect(Object.fromEntries(providers.map((provider) => [provider.id, provider.model]))).toMatchObject({
      chatgpt: "gpt-6",
      gemini: "gemini-3-pro",
      perplexity: "sonar",
      "openai-compatible": "qwen3",
    });
  });

  it("follows SEO_LLM_ENABLED_PROVIDERS: its order, only listed providers, and a listed one without a key left out", () => {
    const providers = createProviders(
      config({ OPENAI_API_KEY: "sk", ANTHROPIC_API_KEY: "sk-ant", GEMINI_API_KEY: "g", SEO_LLM_ENABLED_PROVIDERS: "claude, perplexity,chatgpt,claude,unknown" }),
    );
    expect(providers.map((provider) => provider.id)).toEqual(["claude", "chatgpt"]);
  });

  it("answers with the demo provider when none of the listed providers has a key, or when it is listed", () => {
    expect(createProviders(config({ SEO_LLM_ENABLED_PROVIDERS: "chatgpt,gemini" })).map((provider) => provider.id)).toEqual(["demo"]);
    expect(createProviders(config({ OPENAI_API_KEY: "sk", SEO_LLM_ENABLED_PROVIDERS: "demo,chatgpt" })).map((provider) => provider.id)).toEqual(["demo", "chatgpt"]);
  });
});

describe("providerLabel", () => {
  it("names each provider as screens show it, and an unknown id as it is", () => {
    expect(providerLabel("chatgpt")).toBe("ChatGPT");
    expect(providerLabel("openai-compatible")).toBe("OpenAI-compatible");
    expect(providerLabel("demo")).toBe("Demo");
    expect(providerLabel("mistral")).toBe("mistral");
  });
});

import { describe, expect, test } from "vitest";
import { knownProviders, providerLabel } from "./providers";

describe("knownProviders", () => {
  test("the enabled ones, those in the data and the one asked for, once each and sorted", () => {
    expect(knownProviders(["demo"], ["claude", "demo", "claude"], "grok")).toEqual(["claude", "demo", "grok"]);
    expect(knownProviders(["perplexity", "chatgpt"], [])).toEqual(["chatgpt", "perplexity"]);
  });
});

describe("providerLabel", () => {
  test("a known id by its name, an unknown one as it is", () => {
    expect(providerLabel("chatgpt")).toBe("ChatGPT");
    expect(providerLabel("mistral")).toBe("mistral");
  });

  test("says Démo in French, and keeps the assistants' names", () => {
    expect(providerLabel("demo", "fr")).toBe("Démo");
    expect(providerLabel("chatgpt", "fr")).toBe("ChatGPT");
    expect(providerLabel("demo", "en")).toBe("Demo");
  });
});

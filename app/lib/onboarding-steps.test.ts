import { describe, expect, it } from "vitest";
import { ONBOARDING_STEPS } from "#domain/onboarding";
import { countryFromHost, guessMarket, isOpen, nextStep, onboardingEntry, previousStep, SETUP_PATH, stepAt, stepPath } from "./onboarding-steps";

describe("the steps' screens", () => {
  it("gives each step its path, and finds the step of a path", () => {
    expect(ONBOARDING_STEPS.map(stepPath)).toEqual([
      "/onboarding/personal-info",
      "/onboarding/website",
      "/onboarding/keywords",
      "/onboarding/market",
      "/onboarding/search-console",
    ]);
    for (const step of ONBOARDING_STEPS) expect(stepAt(`${stepPath(step)}/`)).toBe(step);
    expect(stepAt(SETUP_PATH)).toBeUndefined();
    expect(stepAt("/onboarding")).toBeUndefined();
  });

  it("links each step to the ones beside it, and opens those up to the one to resume at", () => {
    expect(previousStep("personal_info")).toBeUndefined();
    expect(previousStep("keyword_selection")).toBe("website_analysis");
    expect(nextStep("market_location")).toBe("google_search_console");
    expect(nextStep("google_search_console")).toBeUndefined();
    expect(isOpen("keyword_selection", "keyword_selection")).toBe(true);
    expect(isOpen("website_analysis", "keyword_selection")).toBe(true);
    expect(isOpen("market_location", "keyword_selection")).toBe(false);
  });

  it("sends a user to their step, to the setup while it runs or failed, else to the analyses", () => {
    expect(onboardingEntry({ complete: false, current_step: "keyword_selection", setup_status: null })).toBe("/onboarding/keywords");
    for (const status of ["pending", "running", "failed"] as const) expect(onboardingEntry({ complete: true, current_step: "google_search_console", setup_status: status })).toBe(SETUP_PATH);
    expect(onboardingEntry({ complete: true, current_step: "google_search_console", setup_status: "done" })).toBe("/seo-llms");
    // Complete without onboarding (an SEO profile made otherwise): nothing was set up.
    expect(onboardingEntry({ complete: true, current_step: "personal_info", setup_status: null })).toBe("/seo-llms");
  });
});

describe("the market step's guesses", () => {
  it("reads a country from a country's domain, not from one sold worldwide", () => {
    expect(countryFromHost("fromage.fr")).toBe("FR");
    expect(countryFromHost("shop.acme.co.uk")).toBe("GB");
    expect(countryFromHost("acme.de.")).toBe("DE");
    for (const host of ["acme.com", "acme.io", "acme.co", "acme.ai", "acme.eu", "localhost", ""]) expect(countryFromHost(host), host).toBeNull();
  });

  it("takes the site's language, then the language of its words, then the interface's", () => {
    expect(guessMarket({ url: "https://fromage.fr", lang: "fr-FR" }, "en")).toEqual({ market_language: "fr", country: "FR" });
    expect(guessMarket({ url: "https://acme.example", lang: "en-GB" }, "fr")).toEqual({ market_language: "en", country: "GB" });
    expect(guessMarket({ url: "https://acme.com", lang: "de", language: "en" }, "fr")).toEqual({ market_language: "en", country: "" });
    expect(guessMarket({ url: "https://acme.com" }, "fr")).toEqual({ market_language: "fr", country: "" });
  });

  it("prefers the domain's country to the language's, and France for a French site without either", () => {
    expect(guessMarket({ url: "https://acme.ca", lang: "fr" }, "en")).toEqual({ market_language: "fr", country: "CA" });
    expect(guessMarket({ url: "https://acme.com", lang: "fr" }, "en")).toEqual({ market_language: "fr", country: "FR" });
    expect(guessMarket({ url: "not a url", lang: "fr-BE" }, "en")).toEqual({ market_language: "fr", country: "BE" });
  });
});

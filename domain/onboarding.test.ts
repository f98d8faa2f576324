import { describe, expect, test } from "vitest";
import { canSaveStep, currentStepAfterSave, isOnboardingStep, missingSteps, ONBOARDING_STEPS, REQUIRED_STEPS } from "./onboarding";

describe("onboarding's steps", () => {
  test("five, in the seed's order; all but Search Console required", () => {
    expect(ONBOARDING_STEPS).toEqual(["personal_info", "website_analysis", "keyword_selection", "market_location", "google_search_console"]);
    expect(REQUIRED_STEPS).toEqual(["personal_info", "website_analysis", "keyword_selection", "market_location"]);
    expect(isOnboardingStep("market_location")).toBe(true);
    expect(isOnboardingStep("payment")).toBe(false);
  });

  test("a step opens once the ones before it are saved", () => {
    expect(canSaveStep("personal_info", "personal_info")).toBe(true);
    expect(canSaveStep("website_analysis", "personal_info")).toBe(false);
    expect(canSaveStep("personal_info", "market_location")).toBe(true);
    expect(canSaveStep("market_location", "market_location")).toBe(true);
  });

  test("saving moves on to the next step, never back, and stays on the last", () => {
    expect(currentStepAfterSave("personal_info", "personal_info")).toBe("website_analysis");
    expect(currentStepAfterSave("market_location", "personal_info")).toBe("market_location");
    expect(currentStepAfterSave("market_location", "market_location")).toBe("google_search_console");
    expect(currentStepAfterSave("google_search_console", "google_search_console")).toBe("google_search_console");
  });

  test("what completing still waits for, in order", () => {
    expect(missingSteps([])).toEqual(REQUIRED_STEPS);
    expect(missingSteps(["keyword_selection", "personal_info", "google_search_console"])).toEqual(["website_analysis", "market_location"]);
    expect(missingSteps(REQUIRED_STEPS)).toEqual([]);
  });
});
